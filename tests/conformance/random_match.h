// A seeded random referee session for any registered game: random setups, random
// legal moves, item declarations and revival choices, and now and then a tick,
// pause, resume, warning, void, bad command or resignation, with match time
// moving forward by random steps (sometimes past a deadline). Everything it
// submits is recorded, so the session can be replayed with other setups.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/match.h"

namespace conformance {

struct Submission {
  facedown::engine::Command command;
  facedown::engine::Millis t = 0;
  bool accepted = false;
};

// Called after every submission with the match, what was submitted, and the
// events it appended (deadline events included).
using Observer = std::function<void(const facedown::engine::Match&, const Submission&,
                                    const std::vector<facedown::engine::Event>&)>;

struct SessionConfig {
  std::uint64_t seed = 1;
  int max_commands = 300;
  bool extras = true;  // ticks, pauses, warnings, voids, bad commands, resignations
  // Player names and the reasons of pauses, warnings, awards and voids; called
  // with what the text is for ("player", "pause", ...). Empty: fixed words.
  std::function<std::string(const char* what)> text;
};

// Plays one session; returns the match and every submission in order.
struct Session {
  facedown::engine::Match match;
  std::vector<Submission> submissions;
};
Session play_session(const facedown::engine::GameInfo& info, const std::string& preset,
                     const SessionConfig& config, const Observer& observe = {});

// Submits `subs` to a fresh match of the same game/preset/options; the setups are
// replaced by `setups` where given (index 0: player 1). Returns the match and
// whether each submission was accepted.
struct Replay {
  facedown::engine::Match match;
  std::vector<bool> accepted;
};
Replay replay(const facedown::engine::GameInfo& info, const facedown::engine::Opened& opened,
              const std::vector<Submission>& subs,
              const std::array<std::vector<facedown::engine::Placement>, 2>* setups = nullptr);

}  // namespace conformance
