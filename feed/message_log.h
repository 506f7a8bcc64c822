// MessageLog: the recent messages of one stream (the live on-air feed or the
// delayed TV feed), each a complete model with a monotonic EventId, shared by the
// thread that follows the store and the threads that serve clients. A client
// names the last message it has (Last-Event-ID); since() answers with what came
// after it, or with the latest message alone when that id is not in the log (a
// different match, older than the log keeps, a feed restarted, or no id at all):
// every message is the whole model, so the latest one alone leaves no gap.
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace facedown::feed {

// "match.seq.sub": the public row (or released event) the message follows, and a
// counter of the time-driven changes after that row (standby and the like).
// Ordered by (match, seq, sub) within one match.
struct EventId {
  std::int64_t match = 0;
  std::int64_t seq = 0;
  std::int64_t sub = 0;
  auto operator<=>(const EventId&) const = default;
  std::string text() const;
  // nullopt unless exactly three non-negative decimal numbers joined by dots.
  static std::optional<EventId> parse(const std::string& text);
};

struct Message {
  EventId id;
  std::string data;  // one line of JSON
};

class MessageLog {
 public:
  explicit MessageLog(std::size_t keep = 1024) : keep_(keep) {}

  // Appends (ids must grow within a match; a new match starts a new log).
  void push(Message m);
  std::optional<Message> latest() const;
  // What a client holding `last` misses (see the header comment). `from_start`:
  // the client came while the log was empty, so it has missed nothing and gets
  // every message pushed since (the TV feed before its first release).
  std::vector<Message> since(const std::optional<EventId>& last, bool from_start = false) const;
  // since(), waiting up to `timeout` for something new; empty on timeout or stop.
  std::vector<Message> wait_since(const std::optional<EventId>& last, std::chrono::milliseconds timeout,
                                  bool from_start = false) const;
  bool empty() const;
  // Wakes every waiter for good (the server is stopping).
  void stop();
  bool stopped() const;

 private:
  std::vector<Message> since_locked(const std::optional<EventId>& last, bool from_start) const;

  std::size_t keep_;
  mutable std::mutex mu_;
  mutable std::condition_variable cv_;
  std::deque<Message> log_;
  bool stopped_ = false;
};

// One Server-Sent Events message: "id: …\ndata: …\n\n".
std::string sse_message(const Message& m);

}  // namespace facedown::feed
