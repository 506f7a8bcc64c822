/* x11_send: real X11 input for the console's real-window test (no xdotool on the
 * CI image). Finds the console's top-level window and, for each argument, sends
 * "close" (the window manager's WM_DELETE_WINDOW, as the title bar's X does),
 * "key:KEYSYM" (a press, held 400 ms, then the release), "down:KEYSYM" and
 * "up:KEYSYM" (a modifier held around other keys) or "sleep:MS". With no
 * argument it only says whether the window is there (exit 0) or not (exit 3). */
#include <X11/Xlib.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static Window console_window(Display* d) {
  Window root, parent, *kids = NULL, found = 0;
  unsigned n = 0;
  if (!XQueryTree(d, DefaultRootWindow(d), &root, &parent, &kids, &n)) return 0;
  for (unsigned i = 0; i < n; ++i) {
    XWindowAttributes a;
    if (XGetWindowAttributes(d, kids[i], &a) && a.width > 100 && a.map_state == IsViewable) found = kids[i];
  }
  if (kids) XFree(kids);
  return found;
}

static void send_key(Display* d, Window w, const char* name, int type, long mask) {
  XEvent e;
  memset(&e, 0, sizeof e);
  e.xkey.type = type;
  e.xkey.display = d;
  e.xkey.window = w;
  e.xkey.root = DefaultRootWindow(d);
  e.xkey.time = CurrentTime;
  e.xkey.same_screen = True;
  e.xkey.keycode = XKeysymToKeycode(d, XStringToKeysym(name));
  XSendEvent(d, w, True, mask, &e);
  XFlush(d);
}

static int ignore_errors(Display* d, XErrorEvent* e) {
  (void)d;
  (void)e;
  return 0;  /* the window may be gone after "close": that is the point */
}

int main(int argc, char** argv) {
  Display* d = XOpenDisplay(NULL);
  if (!d) return 2;
  XSetErrorHandler(ignore_errors);
  Window w = console_window(d);
  if (!w) return 3;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "close")) {
      XEvent e;
      memset(&e, 0, sizeof e);
      e.xclient.type = ClientMessage;
      e.xclient.window = w;
      e.xclient.message_type = XInternAtom(d, "WM_PROTOCOLS", False);
      e.xclient.format = 32;
      e.xclient.data.l[0] = (long)XInternAtom(d, "WM_DELETE_WINDOW", False);
      e.xclient.data.l[1] = CurrentTime;
      XSendEvent(d, w, False, NoEventMask, &e);
      XFlush(d);
    } else if (!strncmp(argv[i], "key:", 4)) {
      send_key(d, w, argv[i] + 4, KeyPress, KeyPressMask);
      usleep(400000);
      send_key(d, w, argv[i] + 4, KeyRelease, KeyReleaseMask);
    } else if (!strncmp(argv[i], "down:", 5)) {
      send_key(d, w, argv[i] + 5, KeyPress, KeyPressMask);
    } else if (!strncmp(argv[i], "up:", 3)) {
      send_key(d, w, argv[i] + 3, KeyRelease, KeyReleaseMask);
    } else if (!strncmp(argv[i], "sleep:", 6)) {
      usleep((useconds_t)atoi(argv[i] + 6) * 1000u);
    }
    usleep(300000);
  }
  XCloseDisplay(d);
  return 0;
}
