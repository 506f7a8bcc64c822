#include "console/desk.h"

#include <algorithm>
#include <utility>
#include <variant>

#include "console/correction_hold.h"
#include "console/match_library.h"

namespace facedown::console {

void Desk::open(std::unique_ptr<MatchSession> session, engine::Millis mono) {
  session_ = std::move(session);
  anchor_ = std::make_pair(session_->match().state().time, mono);
  held_at_.reset();
  stopped_.reset();
}

engine::Millis Desk::time(engine::Millis mono) const {
  if (!session_ || !session_->match().state().started || !anchor_) return 0;
  const engine::Millis last = session_->match().state().time;
  if (held_at_) return std::max(*held_at_, last);
  return std::max(anchor_->first + (mono - anchor_->second), last);
}

void Desk::hold_clock(engine::Millis mono) {
  if (held_at_ || !session_ || !anchor_) return;
  held_at_ = time(mono);
}

void Desk::release_clock(engine::Millis mono) {
  if (!held_at_) return;
  // Time goes on from where it was held: the dialog's minutes are nobody's.
  anchor_ = std::make_pair(*held_at_, mono);
  held_at_.reset();
}

bool Desk::running() const {
  if (!session_) return false;
  const auto& st = session_->match().state();
  return st.started && !st.result && !st.paused;
}

DeskOutcome Desk::refused_when_stopped() const {
  DeskOutcome out;
  if (!session_) {
    out.no_match = true;
    out.refusal = "there is no match on the desk";
  } else if (stopped_) {
    out.store_error = "the desk is stopped by a store error: " + *stopped_;
  }
  return out;
}

void Desk::absorb(DeskOutcome& out, SessionOutcome&& step) {
  out.events.insert(out.events.end(), std::make_move_iterator(step.events.begin()),
                    std::make_move_iterator(step.events.end()));
  if (step.store_error) {
    out.store_error = step.store_error;
    stopped_ = step.store_error;
  }
  if (step.rejection) out.refusal = step.rejection;
}

DeskOutcome Desk::submit(const engine::Command& command, engine::Millis mono) {
  DeskOutcome out = refused_when_stopped();
  if (!out.done()) return out;
  const engine::Millis t = time(mono);
  // The corrected play releases a correction hold at its own instant, so the
  // correction costs the player nothing. It is tried on a copy first: a refused
  // move leaves the clock held.
  if (releases_hold(command) && correction_held(session_->match())) {
    engine::Match probe = session_->match();
    probe.submit(engine::ResumeCmd{}, t);
    if (auto tried = probe.submit(command, t); tried.rejection) {
      out.refusal = tried.rejection->reason;
      return out;
    }
    absorb(out, session_->submit(engine::ResumeCmd{}, t));
    if (!out.done()) return out;
    out.released = true;
  }
  out = apply(command, t, std::move(out));
  // The match clock starts with the match.
  if (out.done() && std::holds_alternative<engine::StartCmd>(command)) anchor_ = std::make_pair(0, mono);
  return out;
}

DeskOutcome Desk::apply(const engine::Command& command, engine::Millis t, DeskOutcome out) {
  absorb(out, session_->submit(command, t));
  if (!out.done()) return out;
  // A restoring void holds the clock until the corrected play (recorded).
  if (holds_after(command, session_->match())) {
    absorb(out, session_->submit(engine::PauseCmd{kCorrectionReason}, t));
    out.held = out.done();
  }
  return out;
}

DeskOutcome Desk::advance(engine::Millis mono) {
  DeskOutcome out;
  if (!session_ || stopped_) return out;
  const auto& st = session_->match().state();
  if (!st.started || st.result) return out;
  absorb(out, session_->advance(time(mono)));
  return out;
}

DeskOutcome Desk::quit(engine::Millis mono) {
  DeskOutcome out;
  if (!running()) return out;
  // Not refused while stopped: the pause is tried again, so the match is not left
  // running in the store when the desk goes away.
  absorb(out, session_->submit(engine::PauseCmd{kQuitReason}, time(mono)));
  return out;
}

}  // namespace facedown::console
