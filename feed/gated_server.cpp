#include "feed/gated_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

// Index of this file:
// [SECTION] helpers: heads, paths, plain responses
// [SECTION] the stream a pool thread reads and writes
// [SECTION] pools
// [SECTION] the gate loop
// [SECTION] serving one connection

namespace facedown::feed {

using Clock = std::chrono::steady_clock;

// [SECTION] helpers: heads, paths, plain responses

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// The value of header `name` (lower case) in a complete head, or nullopt.
std::optional<std::string_view> head_value(std::string_view head, std::string_view name) {
  std::size_t pos = head.find('\n');
  while (pos != std::string_view::npos && pos + 1 < head.size()) {
    const std::size_t start = pos + 1;
    const std::size_t end = head.find('\n', start);
    std::string_view line = head.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (line.size() > name.size() && line[name.size()] == ':') {
      bool same = true;
      for (std::size_t i = 0; i < name.size() && same; ++i) same = lower(line[i]) == name[i];
      if (same) {
        std::string_view v = line.substr(name.size() + 1);
        while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
        while (!v.empty() && (v.back() == '\r' || v.back() == ' ' || v.back() == '\t')) v.remove_suffix(1);
        return v;
      }
    }
    pos = end;
  }
  return std::nullopt;
}

// Whether the head declares a body (the feed answers GET and HEAD only; a body
// would be read by a pool thread, which must never wait on a client).
bool has_body(std::string_view head) {
  if (head_value(head, "transfer-encoding")) return true;
  auto cl = head_value(head, "content-length");
  return cl && *cl != "0";
}

std::string plain_response(int status, const char* reason, const std::string& message, int retry_after_s) {
  std::string body = "{\"error\":\"" + message + "\",\"status\":" + std::to_string(status) + "}";
  std::string out = "HTTP/1.1 " + std::to_string(status) + " " + reason + "\r\n";
  out += "Content-Type: application/json\r\nCache-Control: no-store\r\nConnection: close\r\n";
  if (retry_after_s > 0) out += "Retry-After: " + std::to_string(retry_after_s) + "\r\n";
  out += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  return out;
}

// Best effort, never blocking: the connection is closed right after.
void send_and_close(int fd, const std::string& bytes) {
  [[maybe_unused]] auto n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  ::shutdown(fd, SHUT_WR);
  ::close(fd);
}

void close_fd(int fd) {
  ::shutdown(fd, SHUT_RDWR);
  ::close(fd);
}

thread_local bool tl_stream_thread = false;

}  // namespace

std::string decoded_path(std::string_view target) {
  const std::size_t q = target.find('?');
  std::string_view path = target.substr(0, q);
  std::string out;
  out.reserve(path.size());
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (path[i] == '%' && i + 2 < path.size()) {
      const int h = hex_value(path[i + 1]), l = hex_value(path[i + 2]);
      if (h >= 0 && l >= 0) {
        out += static_cast<char>(h * 16 + l);
        i += 2;
        continue;
      }
    }
    out += path[i];
  }
  return out;
}

// [SECTION] the stream a pool thread reads and writes

namespace {

// httplib's Stream over a non-blocking socket: first the bytes the gate has
// already read, then the socket; every wait bounded by the I/O timeout.
class GateStream : public httplib::Stream {
 public:
  GateStream(int fd, std::string pending, std::chrono::milliseconds timeout)
      : fd_(fd), pending_(std::move(pending)), timeout_ms_(static_cast<int>(timeout.count())) {}

  bool is_readable() const override { return off_ < pending_.size() || wait(POLLIN); }
  bool is_writable() const override { return wait(POLLOUT); }

  ssize_t read(char* ptr, size_t size) override {
    if (off_ < pending_.size()) {
      const std::size_t n = std::min(size, pending_.size() - off_);
      std::memcpy(ptr, pending_.data() + off_, n);
      off_ += n;
      return static_cast<ssize_t>(n);
    }
    for (;;) {
      const ssize_t n = ::recv(fd_, ptr, size, 0);
      if (n >= 0) return n;
      if (errno == EINTR) continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK) return -1;
      if (!wait(POLLIN)) return -1;
    }
  }

  ssize_t write(const char* ptr, size_t size) override {
    std::size_t done = 0;
    while (done < size) {
      const ssize_t n = ::send(fd_, ptr + done, size - done, MSG_NOSIGNAL);
      if (n > 0) {
        done += static_cast<std::size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && wait(POLLOUT)) continue;
      return -1;  // closed, or stalled past the timeout: the connection ends
    }
    return static_cast<ssize_t>(size);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override { address(true, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address(false, ip, port); }
  // httplib uses the socket number only to refuse one past select()'s FD_SETSIZE
  // (this build of it selects); this stream never selects, so it names none.
  socket_t socket() const override { return -1; }

  std::string leftover() const { return pending_.substr(off_); }

 private:
  bool wait(short events) const {
    pollfd p{fd_, events, 0};
    for (;;) {
      const int r = ::poll(&p, 1, timeout_ms_);
      if (r < 0 && errno == EINTR) continue;
      return r > 0 && (p.revents & events);
    }
  }
  void address(bool remote, std::string& ip, int& port) const {
    sockaddr_storage ss{};
    socklen_t len = sizeof(ss);
    const int r = remote ? ::getpeername(fd_, reinterpret_cast<sockaddr*>(&ss), &len)
                         : ::getsockname(fd_, reinterpret_cast<sockaddr*>(&ss), &len);
    if (r != 0) return;
    char host[NI_MAXHOST], serv[NI_MAXSERV];
    if (::getnameinfo(reinterpret_cast<sockaddr*>(&ss), len, host, sizeof(host), serv, sizeof(serv),
                      NI_NUMERICHOST | NI_NUMERICSERV) == 0) {
      ip = host;
      port = std::atoi(serv);
    }
  }

  int fd_;
  std::string pending_;
  std::size_t off_ = 0;
  int timeout_ms_;
};

// [SECTION] pools

struct Job {
  int fd = -1;
  std::string pending;
  int served = 0;
};

// Threads up to `max_threads`, started as work comes; a job is refused when
// busy threads plus waiting jobs reach max_threads + max_queued.
class Pool {
 public:
  Pool(int max_threads, int max_queued, bool streams, std::function<void(Job)> run)
      : max_threads_(max_threads), max_queued_(max_queued), streams_(streams), run_(std::move(run)) {}
  ~Pool() { stop(); }

  bool submit(Job j) {
    std::lock_guard lock(mu_);
    if (stopping_ || busy_ + static_cast<int>(queue_.size()) >= max_threads_ + max_queued_) return false;
    queue_.push_back(std::move(j));
    if (idle_ < static_cast<int>(queue_.size()) && static_cast<int>(threads_.size()) < max_threads_)
      threads_.emplace_back([this] { loop(); });
    cv_.notify_one();
    return true;
  }
  int busy() const {
    std::lock_guard lock(mu_);
    return busy_ + static_cast<int>(queue_.size());
  }
  void stop() {
    std::vector<std::thread> threads;
    std::deque<Job> left;
    {
      std::lock_guard lock(mu_);
      stopping_ = true;
      threads.swap(threads_);
      left.swap(queue_);
    }
    cv_.notify_all();
    for (auto& t : threads) t.join();
    for (auto& j : left) close_fd(j.fd);
  }

 private:
  void loop() {
    tl_stream_thread = streams_;
    std::unique_lock lock(mu_);
    for (;;) {
      ++idle_;
      cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      --idle_;
      if (stopping_) return;
      Job j = std::move(queue_.front());
      queue_.pop_front();
      ++busy_;
      lock.unlock();
      run_(std::move(j));
      lock.lock();
      --busy_;
    }
  }

  const int max_threads_, max_queued_;
  const bool streams_;
  std::function<void(Job)> run_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Job> queue_;
  std::vector<std::thread> threads_;
  int idle_ = 0, busy_ = 0;
  bool stopping_ = false;
};

}  // namespace

// [SECTION] the gate loop

struct GatedServer::Impl {
  GateOptions options;
  int listen_fd = -1;
  int epoll_fd = -1;
  int wake_fd = -1;
  std::thread gate;
  std::atomic<bool> stopping{false};
  std::unique_ptr<Pool> requests, streams;

  // Connections handed back by the request threads (keep-alive).
  std::mutex back_mu;
  std::vector<Job> back;

  struct Waiting {
    std::string buf;
    Clock::time_point deadline;
    Clock::time_point since;  // for choosing the oldest when the gate is full
    int served = 0;
    bool mid_head = false;  // some bytes of a request have come
  };
  std::unordered_map<int, Waiting> waiting;  // gate thread only

  void loop();
  void accept_all();
  void add(Job j, Clock::time_point now);
  void read_from(int fd, Clock::time_point now);
  // A complete head in w.buf: hand the connection on (or answer it here).
  bool try_dispatch(int fd);
  void drop(int fd) {
    ::epoll_ctl(epoll_fd, EPOLL_CTL_DEL, fd, nullptr);
    waiting.erase(fd);
  }
  void expire(Clock::time_point now);
};

void GatedServer::Impl::add(Job j, Clock::time_point now) {
  if (static_cast<int>(waiting.size()) >= options.max_waiting) {
    // Full: the connection that has waited longest gives way (a flood of idle
    // sockets cannot keep a new client out).
    auto oldest = waiting.begin();
    for (auto it = waiting.begin(); it != waiting.end(); ++it)
      if (it->second.since < oldest->second.since) oldest = it;
    const int fd = oldest->first;
    drop(fd);
    close_fd(fd);
  }
  Waiting w;
  w.buf = std::move(j.pending);
  w.served = j.served;
  w.since = now;
  w.mid_head = !w.buf.empty();
  w.deadline = now + (w.mid_head || j.served == 0 ? options.header_deadline : options.keep_alive_idle);
  epoll_event ev{};
  ev.events = EPOLLIN | EPOLLRDHUP;
  ev.data.fd = j.fd;
  if (::epoll_ctl(epoll_fd, EPOLL_CTL_ADD, j.fd, &ev) != 0) {
    close_fd(j.fd);
    return;
  }
  const int fd = j.fd;
  waiting.emplace(fd, std::move(w));
  if (waiting[fd].buf.find("\r\n\r\n") != std::string::npos || waiting[fd].buf.find("\n\n") != std::string::npos)
    try_dispatch(fd);
}

void GatedServer::Impl::accept_all() {
  for (;;) {
    const int fd = ::accept4(listen_fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if ((errno == EMFILE || errno == ENFILE) && !waiting.empty()) {
        // Out of descriptors: the connection that has waited longest gives way.
        auto oldest = waiting.begin();
        for (auto it = waiting.begin(); it != waiting.end(); ++it)
          if (it->second.since < oldest->second.since) oldest = it;
        const int victim = oldest->first;
        drop(victim);
        close_fd(victim);
        continue;
      }
      // EAGAIN; or out of descriptors with none of ours to free: pause, so the
      // level-triggered listening socket does not spin the gate.
      if (errno == EMFILE || errno == ENFILE) std::this_thread::sleep_for(std::chrono::milliseconds(10));
      return;
    }
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    add(Job{fd, {}, 0}, Clock::now());
  }
}

void GatedServer::Impl::read_from(int fd, Clock::time_point now) {
  auto it = waiting.find(fd);
  if (it == waiting.end()) return;
  Waiting& w = it->second;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::recv(fd, buf, sizeof(buf), 0);
    if (n > 0) {
      if (!w.mid_head) {
        w.mid_head = true;
        w.deadline = now + options.header_deadline;  // the head's deadline runs from its first byte
      }
      w.buf.append(buf, static_cast<std::size_t>(n));
      if (w.buf.size() > options.max_head_bytes) break;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    drop(fd);  // closed by the client, or an error
    close_fd(fd);
    return;
  }
  if (w.buf.find("\r\n\r\n") != std::string::npos || w.buf.find("\n\n") != std::string::npos) {
    try_dispatch(fd);
  } else if (w.buf.size() > options.max_head_bytes) {
    drop(fd);
    send_and_close(fd, plain_response(431, "Request Header Fields Too Large", "the request head is too large", 0));
  }
}

bool GatedServer::Impl::try_dispatch(int fd) {
  Waiting w = std::move(waiting[fd]);
  drop(fd);
  std::size_t end = w.buf.find("\r\n\r\n");
  end = end == std::string::npos ? w.buf.find("\n\n") + 2 : end + 4;
  std::string_view head(w.buf.data(), end);
  if (head.size() > options.max_head_bytes) {
    send_and_close(fd, plain_response(431, "Request Header Fields Too Large", "the request head is too large", 0));
    return false;
  }
  if (has_body(head)) {
    send_and_close(fd, plain_response(413, "Payload Too Large", "the feed takes no request bodies", 0));
    return false;
  }
  // "METHOD target VERSION": the route is the decoded path of the target.
  const std::size_t sp1 = head.find(' ');
  const std::size_t sp2 = sp1 == std::string_view::npos ? sp1 : head.find(' ', sp1 + 1);
  const std::string path =
      sp2 == std::string_view::npos ? std::string() : decoded_path(head.substr(sp1 + 1, sp2 - sp1 - 1));
  const bool stream = options.is_stream && !path.empty() && options.is_stream(path);
  Job j{fd, std::move(w.buf), w.served};
  if (stream) {
    if (!streams->submit(std::move(j))) {
      send_and_close(fd, plain_response(503, "Service Unavailable",
                                        "every stream slot is taken (" + std::to_string(options.max_streams) +
                                            "); poll /on-air, or retry later",
                                        options.retry_after_s));
      return false;
    }
  } else if (!requests->submit(std::move(j))) {
    send_and_close(fd, plain_response(503, "Service Unavailable", "the feed is busy; retry later", 1));
    return false;
  }
  return true;
}

void GatedServer::Impl::expire(Clock::time_point now) {
  std::vector<std::pair<int, bool>> late;
  for (const auto& [fd, w] : waiting)
    if (w.deadline <= now) late.emplace_back(fd, w.mid_head);
  for (auto [fd, mid_head] : late) {
    drop(fd);
    if (mid_head) send_and_close(fd, plain_response(408, "Request Timeout", "the request head came too slowly", 0));
    else close_fd(fd);
  }
}

void GatedServer::Impl::loop() {
  std::vector<epoll_event> events(512);
  auto next_sweep = Clock::now();
  while (!stopping) {
    const int n = ::epoll_wait(epoll_fd, events.data(), static_cast<int>(events.size()), 20);
    const auto now = Clock::now();
    for (int i = 0; i < n; ++i) {
      const int fd = events[static_cast<std::size_t>(i)].data.fd;
      if (fd == listen_fd) {
        accept_all();
      } else if (fd == wake_fd) {
        std::uint64_t v;
        [[maybe_unused]] auto r = ::read(wake_fd, &v, sizeof(v));
        std::vector<Job> jobs;
        {
          std::lock_guard lock(back_mu);
          jobs.swap(back);
        }
        for (auto& j : jobs) add(std::move(j), now);
      } else {
        read_from(fd, now);
      }
    }
    if (now >= next_sweep) {
      expire(now);
      next_sweep = now + std::chrono::milliseconds(20);
    }
  }
}

// [SECTION] serving one connection

GatedServer::GatedServer(GateOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
  keep_alive_timeout_sec_ = std::max<time_t>(1, impl_->options.keep_alive_idle.count() / 1000);
  keep_alive_max_count_ = static_cast<std::size_t>(impl_->options.keep_alive_max);
  const auto& o = impl_->options;
  impl_->requests = std::make_unique<Pool>(o.request_workers, o.request_queue, false,
                                           [this](Job j) { serve(j.fd, std::move(j.pending), j.served, false); });
  impl_->streams = std::make_unique<Pool>(o.max_streams, 0, true,
                                          [this](Job j) { serve(j.fd, std::move(j.pending), j.served, true); });
}

GatedServer::~GatedServer() { stop_gate(); }

int GatedServer::bind_listener(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* res = nullptr;
  if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &res) != 0) return -1;
  int fd = -1;
  for (addrinfo* a = res; a && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (::bind(fd, a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd, SOMAXCONN) != 0) {
      ::close(fd);
      fd = -1;
    }
  }
  ::freeaddrinfo(res);
  if (fd < 0) return -1;
  sockaddr_storage ss{};
  socklen_t len = sizeof(ss);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len);
  impl_->listen_fd = fd;
  return ss.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&ss)->sin6_port)
                                  : ntohs(reinterpret_cast<sockaddr_in*>(&ss)->sin_port);
}

void GatedServer::start_gate() {
  Impl& m = *impl_;
  m.epoll_fd = ::epoll_create1(EPOLL_CLOEXEC);
  m.wake_fd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  epoll_event ev{};
  ev.events = EPOLLIN;
  ev.data.fd = m.listen_fd;
  ::epoll_ctl(m.epoll_fd, EPOLL_CTL_ADD, m.listen_fd, &ev);
  ev.data.fd = m.wake_fd;
  ::epoll_ctl(m.epoll_fd, EPOLL_CTL_ADD, m.wake_fd, &ev);
  // httplib ends a chunked response (a stream) once this is invalid: it means
  // "the server is shutting down" there, and stays valid while the gate runs.
  svr_sock_ = m.listen_fd;
  m.gate = std::thread([&m] { m.loop(); });
}

void GatedServer::stop_gate() {
  Impl& m = *impl_;
  if (m.stopping.exchange(true)) return;
  if (m.gate.joinable()) m.gate.join();
  svr_sock_ = INVALID_SOCKET;  // streams still writing end at their next chunk
  m.requests->stop();
  m.streams->stop();
  for (auto& [fd, w] : m.waiting) close_fd(fd);
  m.waiting.clear();
  for (auto& j : m.back) close_fd(j.fd);
  m.back.clear();
  if (m.listen_fd >= 0) ::close(m.listen_fd);
  if (m.epoll_fd >= 0) ::close(m.epoll_fd);
  if (m.wake_fd >= 0) ::close(m.wake_fd);
  m.listen_fd = m.epoll_fd = m.wake_fd = -1;
}

int GatedServer::streams() const { return impl_->streams->busy(); }

bool GatedServer::on_stream_thread() { return tl_stream_thread; }

void GatedServer::serve(int fd, std::string pending, int served, bool stream) {
  GateStream strm(fd, std::move(pending), impl_->options.io_timeout);
  bool closed = false, parsed = false;
  const bool last = stream || served + 1 >= impl_->options.keep_alive_max;
  const bool ok = process_request(strm, last, closed, [&](httplib::Request& req) {
    parsed = true;
    // One range at most: a multi-range request is answered whole (RFC 9110
    // lets a server ignore Range), never as a multipart body built in memory.
    if (req.ranges.size() > 1 || stream) req.ranges.clear();
  });
  if (ok && parsed && !closed && !last && !impl_->stopping) {
    {
      std::lock_guard lock(impl_->back_mu);
      impl_->back.push_back(Job{fd, strm.leftover(), served + 1});
    }
    const std::uint64_t one = 1;
    [[maybe_unused]] auto r = ::write(impl_->wake_fd, &one, sizeof(one));
    return;
  }
  close_fd(fd);
}

}  // namespace facedown::feed
