#include "feed/message_log.h"

#include <algorithm>
#include <charconv>

#include "feed/frame_patch.h"

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
  // The patch is computed here, once, on the pushing thread and outside the
  // lock: serving threads only copy strings.
  std::optional<EventId> prev;
  {
    std::lock_guard lock(mu_);
    if (!log_.empty()) prev = log_.back().id;
  }
  m.patch.clear();
  m.full = true;
  if (options_.patches) {
    nlohmann::json doc = nlohmann::json::parse(m.data, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) doc = nullptr;
    // A new match starts with a full frame; so does every full_every-th message.
    const bool periodic = ++since_full_ >= options_.full_every;
    if (prev && prev->match == m.id.match && !periodic && last_doc_.is_object() && doc.is_object()) {
      if (auto body = patch_body(last_doc_, doc, *prev, m.id, m.data.size())) {
        m.patch = std::move(*body);
        m.base = *prev;
        m.full = false;
      }
    }
    if (m.full) since_full_ = 0;
    last_doc_ = std::move(doc);
  }
  {
    std::lock_guard lock(mu_);
    log_.push_back(std::move(m));
    while (log_.size() > options_.keep) log_.pop_front();
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
  if (last) {
    if (*last == log_.back().id) return {};  // up to date
    // Any match's id the log still holds (the log spans switches): what came
    // after it, the rest of that match and then the next one's from its start.
    // From the back: the latest occurrence, should a match ever be followed twice.
    auto it = std::find_if(log_.rbegin(), log_.rend(), [&](const Message& m) { return m.id == *last; });
    if (it != log_.rend()) return std::vector<Message>(it.base(), log_.end());
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

std::string wire_body(const Message& m, bool as_patch) {
  if (as_patch && !m.patch.empty()) return m.patch;
  return R"({"match":)" + std::to_string(m.id.match) + R"(,"seq":)" + std::to_string(m.id.seq) + R"(,"id":")" +
         m.id.text() + R"(","frame":)" + m.data + "}";
}

std::string sse_message_v2(const Message& m, bool as_patch) {
  const bool patch = as_patch && !m.patch.empty();
  return "id: " + m.id.text() + (patch ? "\nevent: patch\ndata: " : "\nevent: frame\ndata: ") + wire_body(m, patch) +
         "\n\n";
}

}  // namespace facedown::feed
