// Match: the referee's commands — time (tick, pause, resume, clock), warnings,
// ends (resign, draw, award, close), corrections (void) and words (note,
// caption). Typed reasons are recorded as given; the views keep them from air.
#include "engine/match.h"
#include "engine/vocabulary.h"

namespace facedown::engine {

std::optional<Rejection> Match::decide_one(const TickCmd&) {
  if (auto r = need_running()) return r;
  emit(Ticked{});
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const PauseCmd& c) {
  if (auto r = need_running()) return r;
  if (state_.paused) return Rejection{"the match is already paused"};
  emit(Paused{c.reason});
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const ResumeCmd&) {
  if (!state_.paused) return Rejection{"the match is not paused"};
  emit(Resumed{});
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const WarnCmd& c) {
  if (auto r = need_running()) return r;
  if (!valid_player(c.player)) return Rejection{"player must be 1 or 2"};
  warn(c.player, "manual", c.reason);
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const ResignCmd& c) {
  if (auto r = need_running()) return r;
  if (!valid_player(c.player)) return Rejection{"player must be 1 or 2"};
  emit(Ended{other(c.player), "resigned", {}, {"resigned", {{"player", seat_param(c.player)}}}});
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const DrawCmd&) {
  if (auto r = need_running()) return r;
  emit(Ended{0, "draw-agreed", {}, {"draw-agreed", {}}});
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const AwardCmd& c) {
  if (!valid_player(c.player)) return Rejection{"player must be 1 or 2"};
  if (c.reason.empty()) return Rejection{"an award needs a reason"};
  // The typed reason stays the English `detail` (never public); `what` says what happened.
  emit(Ended{c.player, "awarded", c.reason, {"awarded", {{"winner", seat_param(c.player)}}}});
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const VoidCmd& c) {
  if (c.count < 1) return Rejection{"void needs a count of at least 1"};
  if (c.reason.empty()) return Rejection{"void needs a reason"};
  // A script could not tell this reason from the keyword (`void 1 restore`).
  if (c.reason == "restore") return Rejection{"void's reason cannot be just `restore`"};
  int available = voidable();
  if (c.count > available)
    return Rejection{"cannot void " + std::to_string(c.count) + " commands: only " + std::to_string(available) +
                     " can be voided"};
  Voided v{c.count, c.reason, {}, 0, c.restore};
  int left = c.count;
  for (auto it = entries_.rbegin(); it != entries_.rend() && left > 0; ++it) {
    if (!it->counted || it->voided) continue;
    v.commands.insert(v.commands.begin(), it->cmd);
    v.rewind_to = it->first_seq;
    --left;
  }
  emit(std::move(v));
  // Deadlines the re-derived state passed before now fire at their own times, in
  // order, as if the clock had run without the undone commands.
  fire_deadlines(now_, !c.restore);
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const ClockCmd& c) {
  const MatchState& s = state_;
  if (s.phase == Phase::kFinished) return reinstate(c);
  if (auto r = need_running()) return r;
  if (s.phase != Phase::kPlaying || s.to_move == 0)
    return Rejection{"no turn is running (the clock can be set while a player is to move)"};
  if (c.reason.empty()) return Rejection{"clock needs a reason"};
  if (c.elapsed < 0) return Rejection{"the elapsed time cannot be negative"};
  if (rules_.turn_limit > 0 && c.elapsed >= rules_.turn_limit * 1000)
    return Rejection{"the elapsed time " + format_seconds(c.elapsed) + " s must be below the turn limit of " +
                     std::to_string(rules_.turn_limit) + " s"};
  emit(ClockSet{s.to_move, c.elapsed, c.reason});
  fire_deadlines(now_);  // a threshold the turn now stands past fires at once
  return std::nullopt;
}

std::optional<Rejection> Match::reinstate(const ClockCmd& c) {
  const MatchState& s = state_;
  if (!s.result || s.result->reason != "timeout" || s.result->winner == 0)
    return Rejection{"the game is over (" + (s.result ? s.result->reason : std::string("?")) +
                     "); clock can take back only a timeout"};
  if (c.reason.empty()) return Rejection{"clock needs a reason"};
  if (c.elapsed < 0) return Rejection{"the elapsed time cannot be negative"};
  if (rules_.turn_limit > 0 && c.elapsed >= rules_.turn_limit * 1000)
    return Rejection{"the elapsed time " + format_seconds(c.elapsed) + " s must be below the turn limit of " +
                     std::to_string(rules_.turn_limit) + " s"};
  emit(ClockSet{other(s.result->winner), c.elapsed, c.reason, true});
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const NoteCmd& c) {
  if (c.text.empty()) return Rejection{"a note needs a text"};
  emit(Noted{c.text});
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const CaptionCmd& c) {
  if (c.text && c.text->empty()) return Rejection{"a caption needs a text (or `caption clear`)"};
  // A script could not tell this text from the keyword (`caption clear`).
  if (c.text && *c.text == "clear") return Rejection{"a caption cannot read just `clear`"};
  emit(Captioned{c.text});
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const CloseCmd&) {
  if (state_.phase != Phase::kFinished) return Rejection{"the game is not over; close confirms a result"};
  emit(Closed{});
  return std::nullopt;
}

}  // namespace facedown::engine
