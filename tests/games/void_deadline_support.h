// Helpers for the tests of deadlines found by a void in every game
// (void_deadlines_test.cpp, void_deadlines_property_test.cpp): a match opened
// with clock options and started, commands submitted straight to the engine, and
// the state JSON with the stored log folded back.
#pragma once
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "codec/json.h"
#include "engine/match.h"
#include "tests/games/scenario.h"

namespace facedown::test {

// `game` (its `preset`, or the default) with these option overrides, both seeded
// setups in (none for a fixed placement), player 1 first, started at 0. Nullopt
// when the options do not open the match.
inline std::optional<engine::Match> started(const std::string& game, const engine::Options& options,
                                            std::uint64_t seed = 1, const std::string& preset = "") {
  const engine::GameInfo& info = game_info(game);
  auto opened = engine::Match::open(info, preset.empty() ? info.default_preset : preset, options, {"A", "B"});
  if (!std::holds_alternative<engine::Match>(opened)) return std::nullopt;
  engine::Match m = std::move(std::get<engine::Match>(opened));
  if (!m.game().has_fixed_placement())
    for (int p = 1; p <= 2; ++p) {
      engine::SetupCmd setup{p, m.game().random_setup(p, seed * 2 + static_cast<std::uint64_t>(p))};
      REQUIRE_FALSE(m.submit(setup, 0).rejection);
    }
  REQUIRE_FALSE(m.submit(engine::FirstCmd{1, std::nullopt}, 0).rejection);
  REQUIRE_FALSE(m.submit(engine::StartCmd{}, 0).rejection);
  return m;
}

// The state JSON; and the same from the stored log, through the codec and a fresh
// fold, which must agree (the fold reads `at` as the live match did).
inline nlohmann::json folded_state(const engine::Match& m) {
  std::vector<engine::Event> log;
  for (const auto& e : m.log()) {
    auto back = codec::event_from_json(codec::event_to_json(e, m.game()), m.game());
    REQUIRE(std::holds_alternative<engine::Event>(back));
    log.push_back(std::get<engine::Event>(back));
  }
  auto again = engine::Match::from_log(m.info(), log);
  REQUIRE(std::holds_alternative<engine::Match>(again));
  const auto s = state(m);
  CHECK(state(std::get<engine::Match>(again)) == s);
  return s;
}

// Every event's `at` lies before its `t`, and the deadlines one void found fire in
// order (their `at`s never go back); `t` never goes back.
inline void check_log_times(const engine::Match& m) {
  engine::Millis last_t = 0;
  std::optional<engine::Millis> last_at;
  for (const auto& e : m.log()) {
    CHECK(e.t >= last_t);
    if (e.at) {
      CHECK(*e.at <= e.t);
      if (last_at) CHECK(*e.at >= *last_at);
    }
    last_t = e.t;
    last_at = e.at;
  }
}

}  // namespace facedown::test
