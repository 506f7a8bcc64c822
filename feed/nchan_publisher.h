// NchanPublisher: hands every message of the live on-air log to an nchan
// publisher location (HTTP POST, normally on loopback), in order, from a
// thread of its own, so that nginx with the nchan module fans the stream out
// to any number of viewers and the referee machine serves one connection.
// What goes out is the versioned stream's body (message_log.h wire_body): a
// JSON Patch on top of the message published before it, or the full frame in
// its envelope; both name match, seq and the feed's id, since nchan gives its
// messages ids of its own (viewers resume by those, from nchan's buffer).
// Invariants: messages go out in the log's order, each once; a patch only
// follows the message it was made from (its base), so after a skip or a failure
// the next message goes whole; when nchan is
// unreachable the publisher retries with the latest message only (sent whole,
// so the latest alone leaves no gap on screen), and
// so does it when more than `max_backlog` messages wait (nchan slower than the
// commits): the lag stays bounded instead of growing;
// nothing here can block the feed's followers or its clients.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <variant>

#include "feed/message_log.h"

namespace facedown::feed {

struct PublishOptions {
  // "http://127.0.0.1:8090/pub/on-air": scheme, host and port, then the path.
  std::string url;
  std::chrono::milliseconds retry{500};  // after a failed POST
  // More messages than this waiting (nchan slower than the commits): only the
  // latest is sent.
  std::size_t max_backlog = 8;
  // Told of each failure and of the recovery after it (the feed writes it to stderr).
  std::function<void(const std::string&)> log;
};

class NchanPublisher {
 public:
  // An error names what is wrong with the URL; nchan need not be up yet.
  static std::variant<std::unique_ptr<NchanPublisher>, std::string> start(const MessageLog& log, PublishOptions o);
  ~NchanPublisher();  // stop()
  // Ends the thread (the log must be stopped too, or the wait ends within a second).
  void stop();
  std::int64_t published() const { return published_.load(); }
  std::int64_t failures() const { return failures_.load(); }
  std::int64_t skipped() const { return skipped_.load(); }

 private:
  NchanPublisher(const MessageLog& log, PublishOptions o, std::string origin, std::string path);
  void run();

  const MessageLog& log_;
  PublishOptions options_;
  std::string origin_, path_;
  std::atomic<bool> stopping_{false};
  std::atomic<std::int64_t> published_{0}, failures_{0}, skipped_{0};
  std::thread thread_;
};

}  // namespace facedown::feed
