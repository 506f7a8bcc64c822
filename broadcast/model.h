// The overlay's model: what is on screen, derived from the first N public rows
// of a match (live: all of them; replay: up to the seek position). The board,
// removed pieces, clocks, warnings and the game's counters come from the public
// state JSON of the last row; the event JSONs give what the state does not
// (names, last move, the battle to animate, counters used, pause reason, result
// detail). The model names no game's counter: their names, order and which hide
// a fighter are the game's (engine/decision.h CounterSpec). Rows undone by
// a `voided` event are skipped. derive_model never throws: a malformed row is
// named in `problems` and skipped, and the model keeps what it had.
#pragma once
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/geometry.h"
#include "engine/words.h"
#include "broadcast/public_row.h"

namespace facedown::broadcast {

struct ShownPiece {
  int owner = 0;
  std::optional<std::string> token;  // nullopt: face down (a back)
  bool revealed = false;
};

// One piece taking part in the battle being animated.
struct Fighter {
  engine::Square square = engine::kNoSquare;
  int owner = 0;
  std::optional<std::string> token;  // nullopt: stays hidden
  std::optional<int> value;          // effective value, when public
  bool blind = false;                // kept hidden by a counter (CounterSpec::hiding), tagged with its word
  std::string hidden_by;             // that counter's name
  bool removed = false;              // fades out
  bool mover = false;
  bool was_face_up = false;          // already public before the battle: it does not flip
};

struct BattleShow {
  int seq = 0;  // the battle/attack event; a new seq starts a new animation
  double wall_time = 0;  // when its row was committed: the animation's start
  std::string kind;  // "battle" | "attack" | "capture" (pieces removed without a battle)
  std::vector<Fighter> fighters;
  // What the public may know of each pair, for the explainer: the battle kind
  // ("sum", "minus", "mine", "king", "kings"; empty where hidden), the mover's
  // and the enemy's effective values and printed tokens where public, and the
  // outcome ("mover" | "enemy" | "both" | "none"; attacks: "attacker" ...).
  // A capture has one pair: its kind is the removal's cause ("custodian").
  struct Pair {
    std::string kind, outcome;
    std::optional<int> mover_value, enemy_value;
    std::optional<std::string> mover_token, enemy_token;
  };
  std::vector<Pair> pairs;
};

// A counter used by a decision (a fact of role kSpent): Number Janggi's items.
struct CounterUse {
  int player = 0;
  std::string counter;  // its name (a word of kind kItem)
  std::string square;   // on which own piece ("" when the decision names none)
};

struct WarningShown {
  int seq = 0;
  int player = 0;
  std::string kind;    // "time" | "manual" | "timeout"
  std::string reason;
  int total = 0;
  double wall_time = 0;
  engine::Detail what = {};  // the engine's detail ("warn-time"), empty for a manual warning
};

struct ResultShown {
  int winner = 0;  // 0: draw
  std::string reason;
  std::string detail;  // English with seat names, for old readers
  engine::Detail what = {};  // the code and parameters screens render (empty in old logs)
};

struct OnAirAnalysis;  // on_air_analysis.h

struct OnAirModel {
  std::int64_t match = 0;  // the store's id of the match (set by the follower; 0: unknown)
  bool opened = false;  // an `opened` row was read (else: nothing to show yet)
  std::string game_id, preset, game_name_en, game_name_ko;
  std::array<std::string, 2> players;
  engine::Options options;
  std::shared_ptr<const engine::Game> game;  // geometry, terrain, roster
  engine::Words words;  // the game's words over the shared ones (shared only before `opened`)

  std::string status = "setup";
  int to_move = 0;
  int ply = 0;
  double match_time = 0;    // seconds, as of the last row
  double turn_elapsed = 0;  // seconds, as of the last row
  double row_wall_time = 0; // when the last row was committed
  double turn_limit = 0;    // seconds; 0: none
  double warning_after = 0; // seconds; 0: none
  int warnings_to_dq = 0;

  std::vector<std::optional<ShownPiece>> board;  // by square
  std::array<std::vector<std::optional<std::string>>, 2> removed;  // removal order
  std::array<int, 2> warnings{0, 0};
  bool has_counters = false;  // the game's counters (Game::counters), any held at the start
  engine::CounterSpec counters;                       // the game's, as opened
  std::array<std::vector<int>, 2> counters_left{};    // by counters.names
  std::vector<CounterUse> counters_used;              // in the order used

  std::optional<engine::Square> last_from, last_to;
  std::optional<BattleShow> battle;  // the latest battle or attack still in effect
  std::optional<WarningShown> last_warning;
  bool paused = false;
  std::string pause_reason;
  std::optional<ResultShown> result;
  bool closed = false;  // the result is confirmed (`close`): the final reveal may air
  std::optional<std::string> caption;  // the director's text on air
  double caption_wall = 0;  // when the row that set this caption was committed
  double result_wall = 0;   // when the row that gave the result was committed
  std::array<bool, 2> setup_locked{false, false};
  std::array<std::optional<SetupCommitment>, 2> commitments;  // see attach_commitments
  std::optional<DeskHeartbeat> heartbeat;  // live only: the desk's last sign of life
  // The director's hold (derive_on_air): the picture (board, battle, trays,
  // last move, result) stands as it was at the held row and the battle at
  // held_wall; the clock, warnings, pause, caption and standby stay live.
  bool held = false;
  double held_wall = 0;
  // The public analysis of exactly the row on air (`last_seq`: what the
  // audience can deduce, who is winning: on_air_analysis.h), attached by the
  // output from the analysis file (analysis_runner.h); null while that row has
  // none, never another row's.
  std::shared_ptr<const OnAirAnalysis> analysis;

  int last_seq = 0;      // seq of the last row read
  std::size_t rows = 0;  // rows read
  std::vector<std::string> problems;
};

// The model after the first `count` rows (clamped to rows.size()).
OnAirModel derive_model(const std::vector<PublicRow>& rows, std::size_t count,
                          const std::vector<engine::GameInfo>& games);

// Puts the store's sealed-setup commitments into the model as they were on air:
// a hash once that player's setup is locked, the revealed setup and its check
// only once the result is confirmed (`close`).
void attach_commitments(OnAirModel& m, const std::array<std::optional<SetupCommitment>, 2>& seals);

// How many of the first `count` rows are on air under the director's
// presentation: while held, rows after held_seq wait for the release.
std::size_t rows_on_air(const std::vector<PublicRow>& rows, std::size_t count,
                        const std::optional<Presentation>& p);
// The model on air after the first `count` rows under the director's
// presentation. Not held: derive_model. Held: the picture from the rows up to
// the held one (rows_on_air), the live parts (apply_presentation) from all.
OnAirModel derive_on_air(const std::vector<PublicRow>& rows, std::size_t count, const std::optional<Presentation>& p,
                         const std::vector<engine::GameInfo>& games);
// Marks `picture` (a model over the rows on air) held and gives it the live
// parts of `live` (the model over every row): status, whose turn, the turn
// clock, warnings, pause, caption. A hold never freezes a clock.
void apply_presentation(OnAirModel& picture, const OnAirModel& live, const std::optional<Presentation>& p);
// The wall time the picture (the battle's animation) shows at `now`: frozen at
// the hold while held. Clocks, toasts and standby always run on `now`.
double shown_now(const OnAirModel& m, double now_wall);

// The turn clock as shown at wall time `now` (seconds since the epoch).
enum class ClockLevel { kCalm, kCaution, kDanger };
struct ClockShown {
  bool visible = false;
  bool counts_down = false;  // a turn limit: seconds left; else: seconds used
  bool running = false;      // false while paused, waiting for a decision, or in standby
  double seconds = 0;        // left (counting down) or used (counting up)
  double next_warning = 0;   // seconds until the next time warning (0: none)
  ClockLevel level = ClockLevel::kCalm;
  // While running: seconds until the level changes, and to what (0: no change).
  double next_level_in = 0;
  ClockLevel next_level = ClockLevel::kCalm;
};
ClockShown turn_clock(const OnAirModel& m, double now_wall);
// Whether the desk has gone quiet (its heartbeat older than kStaleDeskSeconds)
// while the match is not over: the overlay shows standby and freezes the clock
// where it stood when the desk went quiet (turn_clock: it ran on from the last
// heartbeat for at most kStaleDeskSeconds; it never jumps back).
bool desk_standby(const OnAirModel& m, double now_wall);

// How long a fresh warning stays on air as a toast.
inline constexpr double kWarningToastSeconds = 6.0;

// "0:07", "1:05"; negative values show as 0:00. Counting down rounds up (a clock
// never shows 0:00 while time is left); counting up rounds down.
std::string format_clock(double seconds, bool counts_down);

}  // namespace facedown::broadcast
