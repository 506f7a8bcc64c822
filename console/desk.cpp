#include "console/desk.h"

#include <algorithm>
#include <utility>
#include <variant>

#include <fmt/format.h>

#include "console/correction_hold.h"
#include "console/match_library.h"
#include "db/utc_text.h"
#include "engine/time.h"

namespace facedown::console {

using db::utc_text;

OutagePolicy outage_pause(const ui::Tr& tr) {
  return [tr](engine::Match& live, const Outage& outage) {
    std::vector<engine::Event> out;
    const engine::Millis was = live.state().time;
    auto sub = live.submit(engine::PauseCmd{kResumeReason}, outage.stopped_at);
    if (sub.rejection && outage.stopped_at != was) sub = live.submit(engine::PauseCmd{kResumeReason}, was);
    if (sub.rejection) return out;
    out = std::move(sub.events);
    const std::string at = engine::format_seconds(live.state().time);
    std::string text;
    if (outage.last_sign_wall_ms > 0 && outage.resumed_wall_ms > 0) {
      const double later =
          static_cast<double>(std::max<std::int64_t>(0, outage.resumed_wall_ms - outage.last_sign_wall_ms)) / 1000.0;
      text = fmt::format(fmt::runtime(tr("outage.note")), at, utc_text(outage.last_sign_wall_ms),
                         utc_text(outage.resumed_wall_ms), fmt::format("{:.1f}", later));
    } else {
      text = fmt::format(fmt::runtime(tr("outage.note_unknown")), at);
    }
    auto noted = live.submit(engine::NoteCmd{text}, live.state().time);
    out.insert(out.end(), noted.events.begin(), noted.events.end());
    return out;
  };
}

void Desk::open(std::unique_ptr<MatchSession> session, engine::Millis mono) {
  DeskOutcome ignored;
  end_grace(ignored);  // the match that leaves the desk airs its result
  session_ = std::move(session);
  anchor_ = std::make_pair(session_->match().state().time, mono);
  held_at_.reset();
  stopped_.reset();
  director_held_ = false;
  grace_until_.reset();
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
  // The referee acted on the ending (reinstated, voided, confirmed it): what is
  // true now airs. Words (a note, a caption) leave the grace running.
  if (out.done() && grace_until_ && !std::holds_alternative<engine::NoteCmd>(command) &&
      !std::holds_alternative<engine::CaptionCmd>(command))
    end_grace(out);
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
  if (grace_until_ && mono >= *grace_until_) end_grace(out);
  if (!session_ || stopped_) return out;
  const auto& st = session_->match().state();
  if (!st.started || st.result) return out;
  const engine::Millis t = time(mono);
  // The clock is about to decide the match: the picture is held at the moment
  // before, so the result waits for the referee's eye (the ending is stored now).
  const bool grace = grace_ms_ > 0 && !director_held_ && !grace_until_ && ends_by_clock(t);
  if (grace && on_air_) out.on_air_error = on_air_(true);
  absorb(out, session_->advance(t));
  if (grace && session_->match().state().result) {
    grace_until_ = mono + grace_ms_;
    out.grace = true;
  } else if (grace && on_air_ && !out.on_air_error) {
    on_air_(false);  // not stored after all: nothing to wait for
  }
  return out;
}

bool Desk::ends_by_clock(engine::Millis t) const {
  const auto due = session_->match().next_deadline();
  if (!due || *due > t) return false;
  engine::Match probe = session_->match();
  probe.advance(t);
  return probe.state().result.has_value();
}

std::optional<engine::Millis> Desk::grace_left(engine::Millis mono) const {
  if (!grace_until_) return std::nullopt;
  return std::max<engine::Millis>(0, *grace_until_ - mono);
}

void Desk::end_grace(DeskOutcome& out) {
  if (!grace_until_) return;
  grace_until_.reset();
  if (!director_held_ && on_air_) out.on_air_error = on_air_(false);
}

DeskOutcome Desk::air_now() {
  DeskOutcome out;
  end_grace(out);
  return out;
}

std::optional<std::string> Desk::hold_on_air(bool held) {
  if (on_air_ && !(grace_until_ && held)) {
    if (auto e = on_air_(held)) return e;
  }
  director_held_ = held;
  // The director's release airs what is true now: the grace is over.
  if (!held) grace_until_.reset();
  return std::nullopt;
}

DeskOutcome Desk::quit(engine::Millis mono) {
  DeskOutcome out;
  end_grace(out);  // a result waiting for the referee's eye is not left held off the air
  if (!running()) return out;
  // Not refused while stopped: the pause is tried again, so the match is not left
  // running in the store when the desk goes away.
  absorb(out, session_->submit(engine::PauseCmd{kQuitReason}, time(mono)));
  return out;
}

}  // namespace facedown::console
