// Events are facts: what a command (or the passing of time) caused. They are
// never edited; a correction is a Voided event. Applying an event is plain
// bookkeeping (MatchState::apply); every rule decision was made before the event
// was written, so folding a log re-creates the match exactly.
//
// Secrecy lives here: every piece an event mentions is a PieceRef whose
// hidden_from mask says which viewers may not learn its identity. project()
// (view.h) blanks those fields; nothing outside the engine decides secrecy.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/command.h"
#include "engine/decision.h"
#include "engine/geometry.h"
#include "engine/options.h"
#include "engine/piece.h"
#include "engine/time.h"
#include "engine/words.h"

namespace facedown::engine {

enum Viewer : std::uint8_t { kReferee = 0, kPlayer1 = 1, kPlayer2 = 2, kPublic = 3 };
inline constexpr std::uint8_t viewer_bit(Viewer v) { return static_cast<std::uint8_t>(1u << v); }
// Identity hidden from everyone but the owner (and the referee).
inline constexpr std::uint8_t hidden_but_owner(int owner) {
  return static_cast<std::uint8_t>(viewer_bit(kPublic) |
                                   viewer_bit(owner == 1 ? kPlayer2 : kPlayer1));
}

struct PieceRef {
  int id = -1;  // internal; blanked in every view but the referee's
  int owner = 0;
  PieceType type = kHiddenType;
  Square square = kNoSquare;
  std::optional<int> value;  // effective value in a battle, when it has one
  std::uint8_t hidden_from = 0;
  bool operator==(const PieceRef&) const = default;
};

struct Opened {
  std::string game;
  std::string preset;
  Options options;
  std::array<std::string, 2> players;
  bool operator==(const Opened&) const = default;
};
struct SetupLocked {
  int player = 0;
  std::vector<PieceRef> pieces;  // in square order, so the list's order leaks nothing
  bool operator==(const SetupLocked&) const = default;
};
struct FirstChosen {
  int player = 0;
  std::optional<std::string> toss_seed;
  bool operator==(const FirstChosen&) const = default;
};
struct Started {
  bool operator==(const Started&) const = default;
};
struct TurnStarted {
  int player = 0;
  bool operator==(const TurnStarted&) const = default;
};
struct Moved {
  int player = 0;
  PieceRef piece;  // at its origin
  Square from = kNoSquare;
  Square to = kNoSquare;
  bool operator==(const Moved&) const = default;
};
// A decision is awaited (engine/decision.h): its kind, a word of the game
// ("items", "revival"); who decides (0: both players); the choices as the game
// lists them: squares, pieces, and any others in the game's text.
struct DecisionAwaited {
  std::string kind;
  int player = 0;
  int piece_id = -1;  // the piece the decision is about (Number Janggi: the arriving piece)
  std::vector<Square> squares;
  std::vector<PieceRef> candidates;
  std::vector<std::string> choices;  // written only when the game lists any
  bool operator==(const DecisionAwaited&) const = default;
};
struct BattlePair {
  PieceRef mover;  // the moved (or revived) piece's side of this pair
  PieceRef enemy;
  std::string kind;     // a battle word of the game ("sum", "mine"); empty in views that may not know it
  std::string outcome;  // "mover" | "enemy" | "both" | "none": who wins / what is removed
  bool operator==(const BattlePair&) const = default;
};
struct Battle {
  std::vector<BattlePair> pairs;
  std::vector<PieceRef> removed;   // in removal order (owner 1's then owner 2's, square order)
  std::vector<PieceRef> revealed;  // turned face up by this battle
  bool operator==(const Battle&) const = default;
};
// An attack into an occupied square (Capture Flag, Salpakan, Luzhanqi, Gunjin,
// Gwangsanghui): the attacker leaves `from`; the loser(s) leave the board; a
// winning attacker stands on `to`. Games without battles use outcome kAttacker.
enum class AttackOutcome { kAttacker, kDefender, kBoth };
// "attacker" | "defender" | "both": the outcome's word (and its JSON, at the codec).
const char* outcome_name(AttackOutcome o);
std::optional<AttackOutcome> parse_outcome(const std::string& name);

struct Attack {
  int player = 0;
  PieceRef attacker;  // at `from`
  PieceRef defender;  // at `to`
  Square from = kNoSquare;
  Square to = kNoSquare;
  AttackOutcome outcome = AttackOutcome::kAttacker;
  std::vector<PieceRef> revealed;  // identities made public by this attack
  bool operator==(const Attack&) const = default;
};
// A piece whose ref has hidden_from 0 becomes revealed; the others stay as they were.
struct Removed {
  std::vector<PieceRef> pieces;
  std::string cause;  // a cause word of the game: "arrival" (revive=remove-always), "custodian" (Hasami)
  bool operator==(const Removed&) const = default;
};
// One fact of a decision (engine/decision.h): null, a number, text, a square or
// a piece, with the bookkeeping its role asks of the fold.
using FactValue = std::variant<std::monostate, int, std::string, SquareFact, PieceRef>;
struct Fact {
  FactValue value;
  FactRole role = FactRole::kPlain;
  int player = 0;  // kSpent: whose counter
  bool operator==(const Fact&) const = default;
};
// A decision was made: the game's event word and its facts by dotted key.
struct Decided {
  std::string type;
  std::map<std::string, Fact> facts;
  bool operator==(const Decided&) const = default;
};
struct Warned {
  int player = 0;
  std::string kind;  // "time" | "manual" | "timeout"
  std::string reason;  // manual: the referee's typed words; else english_detail(what)
  int total = 0;  // the player's warnings after this one
  Detail what = {};  // engine-made warnings: what happened, as a code ("warn-time")
  bool operator==(const Warned&) const = default;
};
struct Paused {
  std::string reason;
  bool operator==(const Paused&) const = default;
};
struct Resumed {
  bool operator==(const Resumed&) const = default;
};
struct Ticked {
  bool operator==(const Ticked&) const = default;
};
struct Ended {
  int winner = 0;  // 0: draw
  std::string reason;  // a reason word (shared or the game's)
  // English with seat names, for old readers: english_detail(what); an award's
  // typed reason. Screens render `what` instead.
  std::string detail;
  // Default-initialised, so Ended{winner, reason, detail} still reads as complete.
  Detail what = {};  // empty in logs written before details had codes
  bool operator==(const Ended&) const = default;
};
struct Voided {
  int count = 0;
  std::string reason;
  std::vector<int> commands;  // command numbers undone
  int rewind_to = 0;          // first event seq undone
  bool restore = false;       // the span since rewind_to's time is not charged
  bool operator==(const Voided&) const = default;
};
// The referee set the running turn's elapsed time.
struct ClockSet {
  int player = 0;  // whose turn
  Millis elapsed = 0;
  std::string reason;
  // Set after an end by timeout: the timeout is taken back (its Ended event stays
  // in the log) and the timed-out player is to move again, paused.
  bool reinstate = false;
  bool operator==(const ClockSet&) const = default;
};
struct Noted {
  std::string text;
  bool operator==(const Noted&) const = default;
};
struct Captioned {
  std::optional<std::string> text;  // nullopt: taken down
  bool operator==(const Captioned&) const = default;
};
// The result is confirmed: the match is closed for good.
struct Closed {
  bool operator==(const Closed&) const = default;
};

using EventBody = std::variant<Opened, SetupLocked, FirstChosen, Started, TurnStarted, Moved,
                               DecisionAwaited, Battle, Attack, Removed, Decided,
                               Warned, Paused, Resumed, Ticked, Ended, Voided,
                               ClockSet, Noted, Captioned, Closed>;

struct Event {
  int seq = 0;    // 1-based position in the log
  Millis t = 0;   // match time
  int cmd = 0;    // number of the accepted command that caused it; 0: time passing
  std::optional<Command> command;  // on the first event of each accepted command
  EventBody body;
  // The match time the event happened, when that was before `t`: a deadline that a
  // void showed to have fallen due (a timeout, a time warning, a timeout warning, an
  // expired decision, and what each caused) happened at the deadline, but the log's
  // times never go back, so the event is written at the void's time and carries this.
  // Last and default-initialised, so Event{seq, t, cmd, command, body} still reads.
  std::optional<Millis> at = {};
  // When the event took effect: `at`, or else `t`.
  Millis when() const { return at.value_or(t); }
};

// "moved", "battle", ... as written in JSON.
const char* event_type(const EventBody& body);

}  // namespace facedown::engine
