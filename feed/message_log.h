// MessageLog: the recent messages of one stream (the live on-air feed or the
// delayed TV feed), each a complete model with a monotonic EventId, shared by the
// thread that follows the store and the threads that serve clients. A client
// names the last message it has (Last-Event-ID); since() answers with what came
// after it, or with the latest message alone when that id is not in the log
// (older than the log keeps, a feed restarted, or no id at all): every message
// is the whole model, so the latest one alone leaves no gap on a live picture.
//
// Invariants:
// - The log spans match switches: the messages of the match left stay in it
//   (bounded by `keep`), so a client whose last id is the previous match's
//   gets that match's last messages and then the next match's from its first
//   (the TV cut airs every event: its `ended`, then `opened`; once the log was
//   cleared at a switch and those never aired).
// - Each message also carries, when it is smaller, its RFC 6902 JSON Patch from
//   the message before it in the log (`patch`, computed once at push, never per
//   client; feed/frame_patch.h): applied to the data of `base`, it gives `data`.
//   A message with `full` set (the first of a match, every `full_every`-th, or
//   one whose data is not a JSON object) goes whole on every stream, so a
//   viewer that joins anywhere (nchan's subscribers) meets a full frame soon.
// - push() is called from one thread (the log's follower).
#pragma once
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <nlohmann/json.hpp>
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
  Message() = default;
  Message(EventId i, std::string d) : id(i), data(std::move(d)) {}
  EventId id;
  std::string data;  // one line of JSON
  // The JSON Patch body (frame_patch.h) from `base`'s data to this one; empty:
  // none (send `data` whole).
  std::string patch;
  EventId base;
  bool full = false;  // a periodic (or first) full frame: sent whole on every stream
};

struct LogOptions {
  std::size_t keep = 1024;
  // Compute patches (both feeds do; tests of the log's order alone need not).
  bool patches = true;
  // Every this many messages one goes whole (nchan's subscribers start from
  // recent messages: scripts/nchan/nginx.conf.in's first message reaches back
  // this far, so a new viewer always meets a full frame).
  std::size_t full_every = 32;
};

class MessageLog {
 public:
  explicit MessageLog(std::size_t keep = 1024) : options_{keep, true, 32} {}
  explicit MessageLog(LogOptions o) : options_(o) {}

  // Appends (ids must grow within a match), computing the patch from the
  // previous message. One pushing thread.
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

  LogOptions options_;
  // The pushing thread's: the last message's data, parsed (null: not an object).
  nlohmann::json last_doc_;
  std::size_t since_full_ = 0;
  mutable std::mutex mu_;
  mutable std::condition_variable cv_;
  std::deque<Message> log_;
  bool stopped_ = false;
};

// One Server-Sent Events message: "id: …\ndata: …\n\n" (the old stream: the
// data whole, no event name).
std::string sse_message(const Message& m);

// The versioned stream (?v=2, and everything published to nchan): a message as
// its wire body. `as_patch`: the patch body (the caller checked that the
// client holds `m.base`); otherwise the full envelope
// {"match":M,"seq":S,"id":"M.S.U","frame":<data>}. Both name match, seq and id
// (nchan replaces the SSE ids with its own, so the body carries the feed's).
std::string wire_body(const Message& m, bool as_patch);
// "id: …\nevent: frame|patch\ndata: <wire_body>\n\n".
std::string sse_message_v2(const Message& m, bool as_patch);

}  // namespace facedown::feed
