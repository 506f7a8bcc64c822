#include "console/match_session.h"

#include <algorithm>

namespace facedown::console {

MatchSession::MatchSession(engine::Match match, Journal journal, Commitment commitment,
                           std::string label, std::int64_t id, Heartbeat heartbeat)
    : match_(std::move(match)),
      journal_(std::move(journal)),
      commitment_(std::move(commitment)),
      heartbeat_(std::move(heartbeat)),
      label_(std::move(label)),
      id_(id) {}

SessionOutcome MatchSession::submit(const engine::Command& command, engine::Millis t) {
  const std::size_t before = match_.log().size();
  auto submitted = match_.submit(command, t);
  SessionOutcome out = store(std::move(submitted.events), before);
  if (out.store_error) return out;
  if (submitted.rejection) out.rejection = submitted.rejection->reason;
  return out;
}

SessionOutcome MatchSession::advance(engine::Millis t) {
  if (heartbeat_) heartbeat_(std::max(t, match_.state().time));
  const auto due = match_.next_deadline();
  if (!due || *due > t) return {};
  const std::size_t before = match_.log().size();
  return store(match_.advance(t), before);
}

SessionOutcome MatchSession::store(std::vector<engine::Event> events, std::size_t log_before) {
  SessionOutcome out;
  if (events.empty()) return out;
  if (auto error = journal_ ? journal_(match_, events) : std::nullopt) {
    // Back to exactly what is stored: the log before this command, folded again.
    std::vector<engine::Event> kept(match_.log().begin(),
                                    match_.log().begin() + static_cast<long>(log_before));
    auto rebuilt = engine::Match::from_log(match_.info(), kept);
    if (auto* m = std::get_if<engine::Match>(&rebuilt)) match_ = std::move(*m);
    out.store_error = *error;
    return out;
  }
  out.events = std::move(events);
  return out;
}

std::optional<std::string> MatchSession::commitment(int player) const {
  return commitment_ ? commitment_(player) : std::nullopt;
}

}  // namespace facedown::console
