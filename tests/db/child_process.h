// Runs a function in a forked child and returns what it wrote to the pipe, so a
// test can play "another process" (a second writer, a console that died).
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <functional>
#include <string>

namespace facedown::db::testing {

// The child runs `body(write_fd)` then _exits (body's own locals are destroyed
// when it returns; call std::_Exit inside it to leave things as a kill would). Returns everything written to the fd.
inline std::string in_child(const std::function<void(int)>& body) {
  int fds[2];
  if (::pipe(fds) != 0) return "pipe failed";
  pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    body(fds[1]);
    std::_Exit(0);
  }
  ::close(fds[1]);
  std::string got;
  char buf[512];
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) got.append(buf, static_cast<std::size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return got;
}

inline void send(int fd, const std::string& text) {
  if (::write(fd, text.data(), text.size()) < 0) std::_Exit(7);
}

}  // namespace facedown::db::testing
