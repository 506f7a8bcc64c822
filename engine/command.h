// Commands are operator intents, written one per line in a match script. The
// engine validates each into events or a Rejection. A command carries no time of
// its own: the match is told the time beside it (Match::submit).
#pragma once
#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/geometry.h"
#include "engine/piece.h"
#include "engine/time.h"

namespace facedown::engine {

struct Move {
  Square from = kNoSquare;
  Square to = kNoSquare;
  bool operator==(const Move&) const = default;
};

struct SetupCmd {
  int player = 0;
  std::vector<Placement> placements;
};
struct FirstCmd {
  int player = 0;  // the outcome; for a toss computed outside the engine from the seed
  std::optional<std::string> toss_seed;
};
struct StartCmd {};
struct MoveCmd {
  Move move;
};
// A player's decision (engine/decision.h), as the game words it: one script
// statement ("revive 7:b1"); the game reads, checks and applies it.
struct DecideCmd {
  std::string text;
  bool operator==(const DecideCmd&) const = default;
};
struct TickCmd {};
struct PauseCmd {
  std::string reason;
};
struct ResumeCmd {};
struct WarnCmd {
  int player = 0;
  std::string reason;
};
struct ResignCmd {
  int player = 0;
};
struct DrawCmd {};
struct AwardCmd {
  int player = 0;
  std::string reason;
};
struct VoidCmd {
  int count = 1;
  std::string reason;
  // The time from the first undone command to the void is not charged to the
  // turn clock (as if the match had been paused for it).
  bool restore = false;
};
// The referee sets the running turn's elapsed time (ms).
struct ClockCmd {
  Millis elapsed = 0;
  std::string reason;
};
// A referee's note in the log; changes nothing else.
struct NoteCmd {
  std::string text;
};
// The director's text on air; nullopt takes it down.
struct CaptionCmd {
  std::optional<std::string> text;
};
// After the end: the referee confirms the result; nothing can be voided after it.
struct CloseCmd {};

using Command = std::variant<SetupCmd, FirstCmd, StartCmd, MoveCmd, DecideCmd, TickCmd,
                             PauseCmd, ResumeCmd, WarnCmd, ResignCmd, DrawCmd, AwardCmd, VoidCmd,
                             ClockCmd, NoteCmd, CaptionCmd, CloseCmd>;

// Commands a `void` never counts and never undoes (docs/match-script.md).
bool is_uncounted(const Command& command);

}  // namespace facedown::engine
