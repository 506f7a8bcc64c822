// Test support for the overlay: public rows made the way the store makes them
// (engine::project + codec JSON, the public state after each event), and random
// matches of any preset (random setups, random legal moves, random item and
// revival decisions, random think times) for the leak and draw tests.
#pragma once
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string_view>
#include <string>
#include <vector>

#include "engine/match.h"
#include "broadcast/model.h"
#include "broadcast/public_row.h"

namespace facedown::overlay::testing {

// The overlay's tests test the on-air model too: its names are at hand here.
using namespace facedown::broadcast;

// The public rows of a whole match, with wall times wall0, wall0 + step, ...
std::vector<PublicRow> public_rows(const engine::Match& match, double wall0 = 1.7e9, double step = 1.0);
// Runs a match script (fails the test on a script error) and returns its match.
engine::Match script_match(const std::string& script);

// Plays a random match of this game and preset to its end (or max_plies).
engine::Match random_match(const engine::GameInfo& info, const std::string& preset, std::uint64_t seed,
                           int max_plies = 400);
// Same, handing every accepted command's events to `sink` as they happen.
using EventSink = std::function<void(const engine::Match&, const std::vector<engine::Event>&)>;
engine::Match random_match(const engine::GameInfo& info, const std::string& preset, std::uint64_t seed,
                           int max_plies, const EventSink& sink);

// How many of `rows` there are up to and including the last row of one of
// `types` ("attack", "moved"); 1 when none after the first.
std::size_t rows_through_last(const std::vector<PublicRow>& rows, std::initializer_list<std::string_view> types);

// Every game and preset on air mid-match, as both painters' goldens show it
// (tests/browser/fixtures/NAME.json, tests/overlay/golden/game-NAME-LANG.png):
// a random match (seed 3, 60 plies) cut just after its last battle, move or
// removal and the next turn's start (the scorebug's clock running), as the
// audience saw it then. NAME is the game's id, with the
// preset's after it when that is not the default ("number-janggi-rsf-s52").
struct GameFrame {
  std::string name;
  OnAirModel model;
};
std::vector<GameFrame> every_game_frame();

}  // namespace facedown::overlay::testing
