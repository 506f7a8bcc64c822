// Test support for the feed: a store with a live match the test drives command by
// command (the RandomOperator of the store's tests), a feed on a free loopback
// port, and an SSE client that collects messages on a thread of its own.
#pragma once
#include <catch2/catch.hpp>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "db/store.h"
#include "feed/feed_server.h"
#include "tests/db/random_operator.h"

namespace facedown::feed::testing {

template <class T>
T must(db::Result<T> r) {
  if (auto* e = std::get_if<db::StoreError>(&r)) FAIL(e->message);
  return std::move(std::get<T>(r));
}

class TempDir {
 public:
  TempDir() {
    namespace fs = std::filesystem;
    fs::path base = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
    std::random_device rd;
    path_ = base / ("facedown-feed-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// A store with one match that the test moves on one accepted command at a time.
struct LiveMatch {
  std::string path;
  db::Store store;
  engine::Match match;
  db::MatchId id = 0;
  db::testing::RandomOperator op;

  LiveMatch(const std::string& p, std::uint64_t seed, db::StoreOptions o = {})
      : path(p), store(must(db::Store::open(p, std::move(o)))), match(db::testing::open_random_match(seed)),
        op(seed * 13 + 5) {
    id = must(store.create_match(match));
  }
  // One accepted command through the store; false once the match has ended.
  bool step() {
    auto evs = op.step(match);
    if (evs.empty()) return false;
    if (auto f = store.append(id, match, evs)) FAIL(f->message);
    return true;
  }
  int seq() const { return static_cast<int>(match.log().size()); }
};

inline std::unique_ptr<FeedServer> start_feed(FeedOptions o) {
  o.host = "127.0.0.1";
  o.port = 0;
  if (o.heartbeat == std::chrono::milliseconds(2'000)) o.heartbeat = std::chrono::milliseconds(200);
  if (o.max_streams == 200) o.max_streams = 24;  // a test holds a few streams at most
  return must(FeedServer::start(std::move(o)));
}

struct SseEvent {
  std::string id;
  std::string event;  // the "event:" line's name; empty: none (a plain message)
  std::string data;
  std::chrono::steady_clock::time_point at;
  std::int64_t wall_ms = 0;  // system clock at receipt
};

// Reads one SSE stream into events and comment lines until closed.
class SseClient {
 public:
  SseClient(int port, std::string path, httplib::Headers headers = {}) {
    thread_ = std::thread([this, port, path = std::move(path), headers = std::move(headers)] {
      httplib::Client cli("127.0.0.1", port);
      cli.set_read_timeout(std::chrono::seconds(30));
      auto res = cli.Get(path, headers, [&](const httplib::Response& r) {
        std::lock_guard lock(mu_);
        status_ = r.status;
        content_type_ = r.get_header_value("Content-Type");
        cache_control_ = r.get_header_value("Cache-Control");
        cv_.notify_all();
        return true;
      }, [&](const char* data, std::size_t n) {
        std::lock_guard lock(mu_);
        buffer_.append(data, n);
        parse();
        cv_.notify_all();
        return !closing_;
      });
      std::lock_guard lock(mu_);
      if (res && status_ == 0) status_ = res->status;
      if (res && status_ >= 400) body_ = res->body;
      done_ = true;
      cv_.notify_all();
    });
  }
  ~SseClient() { close(); }
  void close() {
    {
      std::lock_guard lock(mu_);
      closing_ = true;
    }
    if (thread_.joinable()) thread_.join();
  }
  // Waits until `pred(events, comments)` holds; false on timeout.
  template <class Pred>
  bool wait(Pred pred, std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, timeout, [&] { return pred(events_, comments_) || done_; }) && pred(events_, comments_);
  }
  bool wait_events(std::size_t n, std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    return wait([n](const auto& e, int) { return e.size() >= n; }, timeout);
  }
  bool wait_done(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, timeout, [&] { return done_; });
  }
  std::vector<SseEvent> events() const {
    std::lock_guard lock(mu_);
    return events_;
  }
  int pings() const {
    std::lock_guard lock(mu_);
    return pings_;
  }
  int comments() const {
    std::lock_guard lock(mu_);
    return comments_;
  }
  int status() const {
    std::lock_guard lock(mu_);
    return status_;
  }
  std::string content_type() const {
    std::lock_guard lock(mu_);
    return content_type_;
  }
  std::string cache_control() const {
    std::lock_guard lock(mu_);
    return cache_control_;
  }
  std::string body() const {
    std::lock_guard lock(mu_);
    return body_;
  }
  std::string raw() const {
    std::lock_guard lock(mu_);
    return raw_;
  }

 private:
  // Splits complete messages (blank-line separated) off the buffer.
  void parse() {
    std::size_t end;
    while ((end = buffer_.find("\n\n")) != std::string::npos) {
      std::string block = buffer_.substr(0, end);
      buffer_.erase(0, end + 2);
      raw_ += block + "\n\n";
      SseEvent e;
      bool has_data = false;
      bool ping = false;  // the idle heartbeat's event: a sign of life, not a message
      std::size_t start = 0;
      while (start <= block.size()) {
        auto nl = block.find('\n', start);
        std::string line = block.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        if (line.rfind(":", 0) == 0) ++comments_;
        else if (line == "event: ping") ping = true;
        else if (line.rfind("event: ", 0) == 0) e.event = line.substr(7);
        else if (line.rfind("id: ", 0) == 0) e.id = line.substr(4);
        else if (line.rfind("data: ", 0) == 0) {
          e.data += line.substr(6);
          has_data = true;
        }
        if (nl == std::string::npos) break;
        start = nl + 1;
      }
      if (has_data && ping) ++pings_;
      if (has_data && !ping) {
        e.at = std::chrono::steady_clock::now();
        e.wall_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::system_clock::now().time_since_epoch())
                        .count();
        events_.push_back(std::move(e));
      }
    }
  }

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::thread thread_;
  std::string buffer_, raw_, content_type_, cache_control_, body_;
  std::vector<SseEvent> events_;
  int comments_ = 0;
  int pings_ = 0;
  int status_ = 0;
  bool closing_ = false;
  bool done_ = false;
};

}  // namespace facedown::feed::testing
