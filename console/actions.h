// What the console's screens ask for. Draw functions never change the match: they
// append Actions, and Console::dispatch carries them out after the frame is drawn
// (through the MatchSession, so the store comes first).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "engine/command.h"
#include "engine/options.h"

namespace facedown::console {

struct SubmitCommand {
  engine::Command command;
};
struct CreateMatch {
  std::string game;
  std::string preset;
  engine::Options overrides;
  std::array<std::string, 2> players;
  int first = 1;  // 1 or 2; with a toss seed, the toss decides; -1: not now
  std::optional<std::string> toss_seed;  // a recorded coin toss
};
struct ResumeMatch {
  std::int64_t id = 0;
};
struct OpenReplay {
  std::int64_t id = 0;
};
struct ReplayCurrent {};  // the match on the desk, in replay
struct BackToStart {};
struct RefreshList {};
// The operator confirmed closing the window: pause a running match (committed),
// then the program may exit.
struct QuitDesk {};

// The result the clock decided may air now, before its grace runs out.
struct AirNow {};

using Action = std::variant<SubmitCommand, CreateMatch, ResumeMatch, OpenReplay, ReplayCurrent,
                            BackToStart, RefreshList, QuitDesk, AirNow>;

}  // namespace facedown::console
