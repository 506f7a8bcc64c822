// Desk: the referee's desk as a service, with no GUI. It holds the live match's
// session and its match clock, takes a command and a monotonic time, and returns
// what came of it: the events stored, the engine's refusal with its reason, a
// store error, whether the clock is now held for a correction. The desk's
// policies live here and nowhere else:
//   - the match clock (match time from monotonic time; held while the operator
//     answers a dialog that could decide the match, so those minutes are nobody's);
//   - the correction hold (correction_hold.h): a restoring void is followed by a
//     recorded pause; the corrected play is tried on a copy, then resumes and plays
//     at one instant;
//   - a store error stops play until the operator acknowledges it;
//   - the pause on quit (committed before the program may exit);
//   - the outage pause and its note (outage_pause): a resume reports the gap it
//     found, the desk pauses at the last sign of life and says so in its words;
//   - the grace of an ending the clock decides (a timeout): the picture on air
//     is held at the moment before the ending, which is stored at once (the
//     engine's record is unchanged), and the result airs when the grace runs
//     out, when the referee says Air now, or shows what a reinstatement made of
//     it; the referee's eye comes before the audience's.
// The screens, the control API and the script driver all call it and learn the
// outcome from its return value, never from what the UI shows.
//
// Invariant: every change goes through the MatchSession (store first); a refusal
// or a store error changes nothing.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "console/match_library.h"
#include "console/match_session.h"
#include "engine/command.h"
#include "engine/event.h"
#include "ui/i18n.h"

namespace facedown::console {

struct DeskOutcome {
  std::vector<engine::Event> events;       // stored and applied, in order (a hold's too)
  std::optional<std::string> refusal;      // the engine's reason, or the desk's (no match)
  std::optional<std::string> store_error;  // the store failed, or play is stopped by an earlier failure
  bool no_match = false;                   // there is no match on the desk
  bool held = false;                       // the clock is now held for a correction
  bool released = false;                   // a correction hold was released by this command
  bool grace = false;                      // the clock ended the match: its result waits (Desk::grace_left)
  std::optional<std::string> on_air_error; // the picture's hold or release could not be stored
  bool done() const { return !refusal && !store_error; }
};

// The desk's answer to an outage a resume found: a Paused event (kResumeReason,
// the store's marker) at the match time of the last sign of life (at the
// match's own time when the engine refuses that), then a note of the outage in
// the desk's language (`tr`'s words: "outage.note"), so export and replay keep
// it. Nothing else; refused, nothing.
OutagePolicy outage_pause(const ui::Tr& tr);

// The default grace before a result the clock decided goes on air.
inline constexpr engine::Millis kDefaultResultGraceMs = 5000;

class Desk {
 public:
  // The match the desk now plays; its clock starts at the match's time.
  void open(std::unique_ptr<MatchSession> session, engine::Millis mono);
  MatchSession* session() { return session_.get(); }
  const MatchSession* session() const { return session_.get(); }

  // Match time at this monotonic time (0 until the match clock starts). While
  // held it stands still; it never goes back behind the match's last event.
  engine::Millis time(engine::Millis mono) const;
  // Holds the clock at the match time it showed at `mono` (no-op when held).
  void hold_clock(engine::Millis mono);
  // Lets it run on at `mono` from where it was held.
  void release_clock(engine::Millis mono);
  bool clock_held() const { return held_at_.has_value(); }
  // Whether the match's clock runs (started, not over, not paused).
  bool running() const;

  // Carries out one command at the desk's match time for `mono`.
  DeskOutcome submit(const engine::Command& command, engine::Millis mono);
  // Lets match time pass to `mono`: deadlines that fell due are stored.
  DeskOutcome advance(engine::Millis mono);
  // The window closes: a running match is paused (committed) first.
  DeskOutcome quit(engine::Millis mono);

  // The picture's hold on air (the library's presentation table, where the
  // overlay and the feed read it): the director's button and the result's grace
  // both go through it. Unset: nothing is held (a desk without outputs).
  using OnAirHold = std::function<std::optional<std::string>(bool held)>;
  void set_on_air(OnAirHold hold) { on_air_ = std::move(hold); }
  void set_result_grace(engine::Millis ms) { grace_ms_ = ms; }
  // The director holds or releases the picture (while a grace runs, a release
  // ends it: the result airs).
  std::optional<std::string> hold_on_air(bool held);
  bool on_air_held() const { return director_held_ || grace_until_.has_value(); }
  bool director_holds() const { return director_held_; }
  // What is left of a result's grace at `mono` (nullopt: none runs).
  std::optional<engine::Millis> grace_left(engine::Millis mono) const;
  // The referee says the result may air now.
  DeskOutcome air_now();

  // A store error stops play until the operator has seen it.
  const std::optional<std::string>& stopped() const { return stopped_; }
  void acknowledge_store_error() { stopped_.reset(); }

 private:
  DeskOutcome refused_when_stopped() const;
  DeskOutcome apply(const engine::Command& command, engine::Millis t, DeskOutcome out);
  void absorb(DeskOutcome& out, SessionOutcome&& step);
  // Whether letting time pass to match time `t` would end the match.
  bool ends_by_clock(engine::Millis t) const;
  void end_grace(DeskOutcome& out);

  std::unique_ptr<MatchSession> session_;
  // The match clock: match time `first` was at monotonic `second`.
  std::optional<std::pair<engine::Millis, engine::Millis>> anchor_;
  std::optional<engine::Millis> held_at_;
  std::optional<std::string> stopped_;
  OnAirHold on_air_;
  engine::Millis grace_ms_ = kDefaultResultGraceMs;
  bool director_held_ = false;
  std::optional<engine::Millis> grace_until_;  // monotonic
};

}  // namespace facedown::console
