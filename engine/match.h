// Match: one refereed game as an event-sourced state machine.
//
// submit(command, time) first lets time pass (deadlines that fell due fire, as
// events of their own), then validates the command: a Rejection changes nothing,
// an accepted command appends the events it caused. The state is the fold of the
// log; from_log() rebuilds it from stored events and gives the same state.
//
// Void: `void N` undoes the last N accepted commands (voids, notes, captions and
// close do not count and are never undone) and everything the undone commands
// caused; the log keeps all of it plus a Voided marker, and the state is the fold
// of the events still in effect, folded from the nearest snapshot.
//
// Bounded work: one command fires at most kMaxDeadlineFirings deadlines; a
// command whose time would need more is refused and changes nothing.
//
// Files: match.cpp (the log, time, turns, submit), match_setup.cpp (setup,
// first, start), match_play.cpp (move, a decision), match_referee.cpp (the
// referee's commands: tick, pause, resume, warn, resign, draw, award, void,
// clock, note, caption, close).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/command.h"
#include "engine/event.h"
#include "engine/game.h"
#include "engine/match_state.h"
#include "engine/rejection.h"

namespace facedown::engine {

class Match final : private Resolver {
 public:
  // Deadlines one command (or one advance()) may fire: far more than any real
  // match reaches between two commands, few enough to stay quick.
  static constexpr int kMaxDeadlineFirings = 10000;
  // A snapshot of the state is kept every this many events; a void folds from
  // the nearest one before the first undone event.
  static constexpr std::size_t kSnapshotEvery = 256;

  struct Submitted {
    std::vector<Event> events;           // everything appended, deadline events included
    std::optional<Rejection> rejection;  // set when the command itself was refused
  };

  // A new match: checks preset and options, writes the Opened event.
  static std::variant<Match, Rejection> open(const GameInfo& info, const std::string& preset,
                                             const Options& overrides,
                                             const std::array<std::string, 2>& players);
  // Rebuilds a match from its log (the first event must be Opened for this game).
  static std::variant<Match, Rejection> from_log(const GameInfo& info,
                                                 const std::vector<Event>& log);
  // Folds one more stored event into a match rebuilt from a log (what from_log does
  // for each event), so a reader can step through a log one event at a time.
  // Rejects an event whose seq does not come next, or that does not fit the
  // state (an edited file: see fits()); decides no rule.
  std::optional<Rejection> record(const Event& event);

  Match(Match&&) noexcept;
  Match& operator=(Match&&) noexcept;
  // A copy shares the game's description and rules object with the original:
  // both are immutable once made (a Game's methods are const and games hold no
  // match state), so copies are cheap and may live on other threads; replays
  // keep snapshots to seek from, and the analysis copies an opened match per
  // replay instead of opening one (docs/performance.md, Analysis).
  Match(const Match& other);
  // A copy with room for `events` in its log: one allocation of the log, where
  // a copy then reserve() copied it and moved it again (the analysis copies a
  // kept replay per trial and per fresh draw).
  Match(const Match& other, std::size_t events);
  Match& operator=(const Match& other);
  ~Match() override;

  Submitted submit(const Command& command, Millis t);
  // Room for this many events in the log, so a replay that knows how long it
  // will run does not grow it step by step (moving every event each time).
  void reserve(std::size_t events);
  // Gives piece `id` another identity as if it had been set up with it: in the
  // state, in the log (its references and its setup command) and in the
  // snapshots. For the analysis, which tries identities for a face-down piece
  // (engine/identity_reads.h): right only when no rule has asked about that
  // piece's identity so far, which only a game that reports its identity
  // questions can tell, so false (nothing changed) for any other game or a bad
  // id or type. The position keys with identities already recorded
  // (PositionKind::kOwnersAndTypes) keep the old one: no game that reports reads
  // them. tests/engine/identity_reads_test.cpp.
  bool retype(int id, PieceType type);
  // The same for several pieces at once, in one pass over the log; false (nothing
  // changed) when any change is refused.
  bool retype(const std::vector<std::pair<int, PieceType>>& changes);
  // Forgets the history older than about `keep` events, for copies that follow
  // long matches (the analysis's replays and playouts, thousands of them): the
  // log, the commands a void could undo and the snapshots before the latest
  // snapshot at least `keep` events back; the state, the seq numbers, the time
  // of the last event and whether the match ever started stay. So memory stays
  // bounded by `keep` however long the match. Afterwards log() begins at seq
  // forgotten() + 1, a void may undo only commands whose events are all kept
  // (voidable() counts those; more is refused), and retype() changes the events
  // kept. A snapshot is taken when the last is keep / 2 events old or more, so
  // calling it after every command forgets in steps of about keep / 2.
  // Everything else behaves as before (tests/analysis/bounded_test.cpp).
  void forget_history(std::size_t keep);
  // Events forgotten so far (0: the whole log is kept).
  std::size_t forgotten() const { return base_; }
  // The time of the last event (0 before any), forgotten or not.
  Millis last_event_time() const { return log_.empty() ? last_t_ : log_.back().t; }
  // Lets time pass to t (the console calls this every frame). Never rejects;
  // a t in the past does nothing.
  std::vector<Event> advance(Millis t);

  const MatchState& state() const override { return state_; }
  const Game& game() const { return *game_; }
  const GameInfo& info() const { return *info_; }
  const std::vector<Event>& log() const { return log_; }
  // Whether each log entry is still in effect (false once voided).
  const std::vector<bool>& in_effect() const { return effective_; }
  // Legal moves of the player to move (empty when no turn runs). Memoised per
  // turn, so a Match, even const, is not for two threads at once.
  std::vector<Move> legal_moves() const;
  // The same, paused or not: the moves the player to move may make once the clock
  // runs again (the desk enters a corrected move while a correction holds it).
  std::vector<Move> turn_moves() const;
  // Why a move of the player to move is not legal, in the rule's words ("a Mine
  // never moves"); names the piece, so it is the referee's text, not the public's.
  std::string why_illegal(const Move& move) const;
  // Accepted commands a `void` could still undo (0 once the match is closed).
  int voidable() const;
  // The next deadline (turn limit, warning, decision limit), if any.
  std::optional<Millis> next_deadline() const;

 private:
  Match(GameInfo info, std::unique_ptr<Game> game, const Options& options);

  void emit(EventBody body) override;
  // Whether a stored event names pieces, squares and players that exist here
  // (engine/event_check.cpp), so folding it cannot break the state.
  std::optional<Rejection> fits(const Event& e) const;
  void apply_event(const Event& e);
  // Re-derives the state after a Voided event (the last of the log).
  void rebuild();
  // What an effective Voided event does to the clock once the state before its
  // first undone event is back.
  void apply_void_clock(const Event& e, const Voided& v);
  void take_snapshot();
  MatchState initial_state() const;

  struct Entry {
    int cmd = 0;
    int first_seq = 0;
    bool counted = true;  // false: void, note, caption, close (never undone)
    bool voided = false;
  };
  // Everything submit() may have to take back when a command is refused late.
  struct Checkpoint {
    std::size_t log_size = 0;
    std::size_t entries_size = 0;
    int commands = 0;
    Millis now = 0;
    std::optional<std::vector<bool>> effective;  // saved only for a void
    std::optional<std::vector<Entry>> entries;
  };
  Checkpoint checkpoint(const Command& command) const;
  void roll_back(Checkpoint cp);

  std::optional<Rejection> decide(const Command& command);
  std::optional<Rejection> check_time(const Command& command, Millis t) const;
  // Fires the deadlines due by t; false when it stopped at kMaxDeadlineFirings.
  // `found_by_void`: the state was just re-derived by a void, so a deadline before
  // the current time fell due in that history and fires at its own time (its events
  // carry `at`). Otherwise one the state stands past (a `clock` set past a
  // threshold) fires now: the turn was not past it before.
  bool fire_deadlines(Millis t, bool found_by_void = false);
  // What the deadline at d does: a timeout (a loss or a warning), a time warning,
  // or a decision taken by default.
  void fire_one(Millis d);
  void finish_resolution();
  void begin_turn(int player);
  void warn(int player, const std::string& kind, const std::string& reason, Detail what = {});

  // One decide_one per command, in the family files named above.
  std::optional<Rejection> decide_one(const SetupCmd& c);
  std::optional<Rejection> decide_one(const FirstCmd& c);
  std::optional<Rejection> decide_one(const StartCmd& c);
  std::optional<Rejection> decide_one(const MoveCmd& c);
  std::optional<Rejection> decide_one(const DecideCmd& c);
  std::optional<Rejection> decide_one(const TickCmd& c);
  std::optional<Rejection> decide_one(const PauseCmd& c);
  std::optional<Rejection> decide_one(const ResumeCmd& c);
  std::optional<Rejection> decide_one(const WarnCmd& c);
  std::optional<Rejection> decide_one(const ResignCmd& c);
  std::optional<Rejection> decide_one(const DrawCmd& c);
  std::optional<Rejection> decide_one(const AwardCmd& c);
  std::optional<Rejection> decide_one(const VoidCmd& c);
  std::optional<Rejection> decide_one(const ClockCmd& c);
  std::optional<Rejection> decide_one(const NoteCmd& c);
  std::optional<Rejection> decide_one(const CaptionCmd& c);
  std::optional<Rejection> decide_one(const CloseCmd& c);
  // `clock` after an end by timeout: takes the timeout back (match_referee.cpp).
  std::optional<Rejection> reinstate(const ClockCmd& c);
  // Shared preconditions of the play commands.
  std::optional<Rejection> need_running() const;
  std::optional<Rejection> need_unpaused() const;

  // The shared clock and turn options, read once: they never change in a match,
  // and parsing them on every command was a measurable share of a ply.
  struct Rules {
    long turn_limit = 0;
    long warning_after = 0;
    long warnings_to_dq = 0;
    long decision_limit = 0;
    long ply_limit = 0;
    bool timeout_loses = true;
    bool no_moves_draw = false;
  };

  std::shared_ptr<const GameInfo> info_;  // shared by copies (immutable)
  std::shared_ptr<const Game> game_;      // shared by copies (immutable)
  Rules rules_;
  // The legal moves of the player to move, computed once per turn (legal_moves
  // is a pure function of the state, so they stay right until an event applies):
  // begin_turn, the move's validation and legal() share them. version_ counts
  // applied events; the cache holds for (moves_player_, moves_version_). Games'
  // legal_moves read only the position (pieces, board), which TurnStarted keeps.
  const std::vector<Move>& moves_of(int player) const;
  mutable std::vector<Move> moves_;
  mutable int moves_player_ = 0;
  mutable std::uint64_t moves_version_ = ~std::uint64_t{0};
  std::uint64_t version_ = 0;
  MatchState state_;
  std::vector<Event> log_;
  // forget_history(): events before log_[0] (log_[i] is seq base_ + i + 1;
  // effective_ and the snapshots' sizes count the same way), the last one's
  // time, and whether a Started was among them.
  std::size_t base_ = 0;
  Millis last_t_ = 0;
  bool started_forgotten_ = false;
  std::vector<bool> effective_;

  std::vector<Entry> entries_;
  int commands_ = 0;  // accepted commands so far
  // (number of log entries folded, the state after them), ascending; every one
  // is the fold of the events in effect among those entries.
  std::vector<std::pair<std::size_t, MatchState>> snapshots_;
  int firings_left_ = kMaxDeadlineFirings;  // while a command or advance runs
  bool overflowed_ = false;                 // fire_deadlines stopped at the bound

  // While a command is being carried out: its number, whether its first event is
  // still to come, and the time events get.
  int current_cmd_ = 0;
  std::optional<Command> current_command_;
  Millis now_ = 0;
  // While a deadline a void found fires: its time, which the events it causes carry
  // as `at` (they are written at now_, the void's time).
  std::optional<Millis> due_at_;
  std::vector<Event>* sink_ = nullptr;
};

}  // namespace facedown::engine
