#include "feed/message_log.h"

#include <algorithm>
#include <charconv>

namespace facedown::feed {

std::string EventId::text() const {
  return std::to_string(match) + "." + std::to_string(seq) + "." + std::to_string(sub);
}

std::optional<EventId> EventId::parse(const std::string& text) {
  if (text.size() > 64) return std::nullopt;
  std::int64_t parts[3] = {0, 0, 0};
  const char* p = text.data();
  const char* end = p + text.size();
  for (int i = 0; i < 3; ++i) {
    if (p == end || *p < '0' || *p > '9') return std::nullopt;
    auto [next, ec] = std::from_chars(p, end, parts[i]);
    if (ec != std::errc()) return std::nullopt;
    p = next;
    if (i < 2) {
      if (p == end || *p != '.') return std::nullopt;
      ++p;
    }
  }
  if (p != end) return std::nullopt;
  return EventId{parts[0], parts[1], parts[2]};
}

void MessageLog::push(Message m) {
  {
    std::lock_guard lock(mu_);
    if (!log_.empty() && log_.back().id.match != m.id.match) log_.clear();
    log_.push_back(std::move(m));
    while (log_.size() > keep_) log_.pop_front();
  }
  cv_.notify_all();
}

std::optional<Message> MessageLog::latest() const {
  std::lock_guard lock(mu_);
  if (log_.empty()) return std::nullopt;
  return log_.back();
}

std::vector<Message> MessageLog::since_locked(const std::optional<EventId>& last, bool from_start) const {
  if (log_.empty()) return {};
  if (!last && from_start) return std::vector<Message>(log_.begin(), log_.end());
  if (last && last->match == log_.back().id.match) {
    if (*last == log_.back().id) return {};  // up to date
    auto it = std::find_if(log_.begin(), log_.end(), [&](const Message& m) { return m.id == *last; });
    if (it != log_.end()) return std::vector<Message>(std::next(it), log_.end());
  }
  return {log_.back()};
}

std::vector<Message> MessageLog::since(const std::optional<EventId>& last, bool from_start) const {
  std::lock_guard lock(mu_);
  return since_locked(last, from_start);
}

bool MessageLog::empty() const {
  std::lock_guard lock(mu_);
  return log_.empty();
}

std::vector<Message> MessageLog::wait_since(const std::optional<EventId>& last,
                                            std::chrono::milliseconds timeout, bool from_start) const {
  std::unique_lock lock(mu_);
  std::vector<Message> out;
  cv_.wait_for(lock, timeout, [&] {
    if (stopped_) return true;
    out = since_locked(last, from_start);
    return !out.empty();
  });
  if (stopped_) return {};
  return out;
}

void MessageLog::stop() {
  {
    std::lock_guard lock(mu_);
    stopped_ = true;
  }
  cv_.notify_all();
}

bool MessageLog::stopped() const {
  std::lock_guard lock(mu_);
  return stopped_;
}

std::string sse_message(const Message& m) { return "id: " + m.id.text() + "\ndata: " + m.data + "\n\n"; }

}  // namespace facedown::feed
