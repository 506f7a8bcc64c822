// MatchState: everything a match is at one moment, as the fold of its events.
// apply() is bookkeeping only: no rule is decided here, so any log, folded,
// gives back the state the live match had (tested by the conformance suite).
// Invariants (check_invariants): board and pieces agree; a removed piece is in
// exactly one removed list; to_move is set only while a turn is running.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/options.h"
#include "engine/piece.h"
#include "engine/time.h"

namespace facedown::engine {

// kDeciding: a decision is awaited (pending; engine/decision.h).
enum class Phase { kSetup, kReady, kPlaying, kDeciding, kFinished };

// How a game was decided. Games fill winner, reason and what; Match writes the
// English `detail` (english_detail(what)) when it emits the Ended event.
struct Result {
  int winner = 0;  // 0: draw
  std::string reason;  // a reason word the game or the shared table declares
  Detail what = {};         // a detail code and its parameters (players as seats)
  std::string detail = {};  // English with seat names (as Ended::detail); Match fills it
};

// The decision awaited (DecisionAwaited, folded); kind empty: none.
struct Pending {
  std::string kind;
  int player = 0;  // who decides; 0: both players
  int piece_id = -1;
  std::vector<Square> squares;
  std::vector<int> candidates;  // piece ids
  std::vector<std::string> choices;
  bool awaited() const { return !kind.empty(); }
};

struct MatchState {
  std::string game;
  std::string preset;
  Options options;
  std::array<std::string, 2> players;

  std::vector<Piece> pieces;  // by id
  std::vector<int> board;     // square -> piece id, -1 empty
  std::array<std::vector<int>, 2> removed;  // piece ids, removal order

  std::array<bool, 2> setup_locked{false, false};
  int first = 0;
  std::optional<std::string> toss_seed;
  bool started = false;
  bool paused = false;
  Phase phase = Phase::kSetup;
  int to_move = 0;
  int ply = 0;
  int mover = 0;  // who made the last move (whose resolution may be pending)
  Pending pending;

  Millis time = 0;
  Millis period_start = 0;   // start of the running turn or decision
  Millis paused_total = 0;   // paused time inside that period
  Millis pause_start = 0;
  int timed_warnings = 0;    // time warnings issued in the running turn

  std::array<int, 2> warnings{0, 0};
  Counters counters;  // the game's (Game::counters): what each player has left and used

  Square last_from = kNoSquare, last_to = kNoSquare;
  // Sizes of the removed lists when the running (or last) turn began: what follows
  // was removed by that turn's move (Gunjin tells a captured Flag from one that
  // fell attacking earlier).
  std::array<std::size_t, 2> removed_at_turn_start{0, 0};
  // Repetition records (engine/positions.h), one entry per TurnStarted, the first
  // the position at `start`: keys of both kinds, since the fold cannot ask the
  // game which one it reads. Games with hidden identities read turn_positions only.
  std::vector<std::uint64_t> turn_positions;   // PositionKind::kOwners (Hidden Hasami)
  std::vector<std::uint64_t> piece_positions;  // kOwnersAndTypes (Gwangsanghui)
  std::optional<Result> result;
  Millis ended_turn_elapsed = 0;   // the turn clock where the end stopped it
  // Set by a timeout warning (on_timeout=warning) for the one event after it: the
  // elapsed time the turn had reached (its limit) before its clock started again,
  // so the disqualification that warning may cause stops the clock at the limit.
  std::optional<Millis> timeout_warning_elapsed;
  bool closed = false;             // the result is confirmed (`close`)
  std::optional<std::string> caption;  // the director's text on air

  // The status word of the state JSON: "setup", "ready", "playing", ...
  std::string status() const;
  // Time the running turn (or decision) has used, pauses excluded.
  Millis period_elapsed() const;
  // Elapsed time of the player to move's turn; 0 while no turn runs; after the
  // end, the value it had when the game ended.
  Millis turn_elapsed() const;
  // Sets the running period's elapsed time (ClockSet), pauses kept as they are.
  void set_period_elapsed(Millis elapsed);
  // Adds `span` to the paused time of the running period (a restoring void).
  void exempt_span(Millis span);

  int piece_at(Square s) const { return s < 0 ? -1 : board[static_cast<std::size_t>(s)]; }
  // A piece as it stands, for an event: its identity hidden from everyone but its
  // owner unless it is revealed.
  PieceRef ref(int id) const;

  // Bookkeeping for one event (Voided is handled by Match, which owns the log).
  void apply(const Event& e);

  // The key turn_positions records (kOwners), for this board with `side_to_move`
  // to move.
  std::uint64_t position_key(int side_to_move) const;

  // Describes the first broken invariant, if any.
  std::optional<std::string> check_invariants() const;
};

}  // namespace facedown::engine
