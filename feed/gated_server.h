// GatedServer: cpp-httplib's request handling (parsing, routing, responses)
// behind a connection gate of our own, so that no client can hold a thread
// while it is still sending its request.
//
// One gate thread owns the listening socket and every connection that is not
// being answered: it reads request heads without blocking (epoll), each under a
// total deadline from its first byte (slowloris: a head that trickles in is
// cut at the deadline with a 408, however slowly it drips), and idle keep-alive
// connections under an idle timeout. Only a complete head (and no body: the
// feed serves GET only) is handed to a thread, in one of two pools:
//   - streams (the routes `is_stream` names): one thread each, at most
//     `max_streams`; past that the gate answers 503 with Retry-After itself;
//   - everything else: `request_workers` threads that answer and hand the
//     connection back to the gate for its next request, so a stream cap that is
//     full, or a thousand half-sent heads, never delays /on-air or a page file.
// Invariants: a pool thread only ever holds a connection whose request head is
// complete; a request never has more than one byte range applied (multipart
// range responses are never built: more than one range is ignored).
#pragma once
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace facedown::feed {

struct GateOptions {
  std::chrono::milliseconds header_deadline{5'000};  // whole request head, from its first byte
  std::chrono::milliseconds keep_alive_idle{5'000};  // between requests on one connection
  std::chrono::milliseconds io_timeout{5'000};       // one write (or read) stalled this long ends the connection
  int request_workers = 8;
  int request_queue = 512;    // complete requests waiting for a worker; past it: 503
  int max_streams = 200;      // concurrent streams; past it: 503 + Retry-After
  int max_waiting = 8'192;    // connections in the gate; past it the oldest is closed
  int keep_alive_max = 100;   // requests on one connection
  std::size_t max_head_bytes = 16 * 1024;
  int retry_after_s = 5;
  // Whether a (percent-decoded) request path is a stream route.
  std::function<bool(std::string_view path)> is_stream;
};

class GatedServer : public httplib::Server {
 public:
  explicit GatedServer(GateOptions options);
  ~GatedServer() override;

  // Binds `host:port` (0: any free port). The port, or -1.
  int bind_listener(const std::string& host, int port);
  // Starts the gate thread (after bind_listener and the routes).
  void start_gate();
  // Stops accepting, closes waiting connections and joins every thread; streams
  // must already be ending (their logs stopped).
  void stop_gate();

  int streams() const;
  // True on a stream thread (a stream route reached from a request thread is a
  // path the gate did not recognise, and is refused rather than let hold a worker).
  static bool on_stream_thread();

  struct Impl;

 private:
  void serve(int fd, std::string pending, int served, bool stream);
  std::unique_ptr<Impl> impl_;
};

// The path of a request target ("/a%2Fb?x" -> "/a/b"), percent-decoded; the
// gate's and httplib's notion of the route agree on it.
std::string decoded_path(std::string_view target);

}  // namespace facedown::feed
