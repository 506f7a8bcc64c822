// Helpers for Number Janggi scenario tests: scripts built from a header and
// partial setups, positions built directly from events, and readers of a match's
// log and state JSON. Everything goes through the public engine and codec API.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "codec/json.h"
#include "codec/script_runner.h"
#include "engine/match.h"
#include "engine/registry.h"
#include "engine/view.h"

namespace nj {

using Pins = std::vector<std::pair<std::string, std::string>>;  // token, square

// "game number-janggi\npreset P\noption ...\n" for each "name=value" override.
std::string header(const std::string& preset = "genius-2015", const std::vector<std::string>& options = {});

// A full `setup N ...` line: the pinned pieces where given, the rest of the 14
// filling the player's territory from the back rank forward (unpinned squares only).
std::string setup(int player, const Pins& pins);

// Runs a script and returns the match; the second form requires every line accepted.
facedown::codec::ScriptRun run(const std::string& script);
facedown::engine::Match run_ok(const std::string& script);

// A match in the middle of play with the given pieces anywhere on the board (built
// from a hand-written log: the rules are position-based, so this reaches positions
// a script would need dozens of moves for). `to_move` moves next at time 0.
facedown::engine::Match position(const Pins& p1, const Pins& p2, int to_move,
                                 const std::vector<std::string>& options = {},
                                 const std::string& preset = "genius-2015");

// Submits one script command line ("@T move c3-c4"; time defaults to the match's
// current time); returns the rejection reason, if any.
std::optional<std::string> submit(facedown::engine::Match& m, const std::string& line);
// Like submit, but the line must be accepted.
void play(facedown::engine::Match& m, const std::string& line);

nlohmann::json state(const facedown::engine::Match& m,
                     facedown::engine::Viewer v = facedown::engine::kReferee);
// Events in effect (not voided), as JSON in the given view.
std::vector<nlohmann::json> events(const facedown::engine::Match& m,
                                   facedown::engine::Viewer v = facedown::engine::kReferee);
// Events in effect of one type ("battle", "ended", ...).
std::vector<nlohmann::json> events_of(const facedown::engine::Match& m, const std::string& type,
                                      facedown::engine::Viewer v = facedown::engine::kReferee);
// The last battle in effect (fails the test when there is none).
nlohmann::json last_battle(const facedown::engine::Match& m,
                           facedown::engine::Viewer v = facedown::engine::kReferee);

// The piece token on a square in the referee state ("" when empty).
std::string at(const facedown::engine::Match& m, const std::string& square);

const facedown::engine::GameInfo& game_info();

}  // namespace nj
