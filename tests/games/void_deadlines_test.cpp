// Deadlines found by a void, in every game and with each value of the shared
// clock options (contract, match-script.md "Deadlines found by a void" and
// "Timeouts turned into warnings"): a void at 200 s gives back player 2's turn
// begun at 10 s, and every deadline that turn passed fires at its own time, in
// order, as if the clock had run without the undone move: the state is the one
// the script without that move reaches with its clock run to 200 s.
// Number Janggi's presets: tests/number_janggi/void_deadlines_test.cpp.
#include <catch2/catch.hpp>

#include "engine/registry.h"
#include "tests/games/void_deadline_support.h"

using namespace facedown;
using namespace facedown::engine;
using nlohmann::json;

namespace {

// A legal move of the player to move, at t, after which the other player is to
// move (no battle awaiting items, no end).
void move_on(Match& m, Millis t) {
  const int mover = m.state().to_move;
  for (const Move& mv : m.legal_moves()) {
    Match trial = m;
    if (trial.submit(MoveCmd{mv}, t).rejection) continue;
    if (trial.state().phase == Phase::kPlaying && trial.state().to_move == 3 - mover) {
      m = std::move(trial);
      return;
    }
  }
  FAIL("no quiet move for player " << mover);
}

struct Case {
  const char* name;
  Options options;
  std::vector<std::pair<std::string, double>> warnings;  // (kind, at) of player 2's warnings
  json result;                                           // null: still playing
  json clock;
};

std::vector<Case> cases() {
  return {
      {"on_timeout=loss: the timeout at 70",
       {{"turn_limit", "60"}, {"on_timeout", "loss"}},
       {},
       {{"winner", 1}, {"reason", "timeout"}},
       {{"time", 70.0}, {"turn_elapsed", 60.0}}},
      {"on_timeout=warning, warnings_to_dq=0: a warning at 70, 130 and 190, the clock restarted at each",
       {{"turn_limit", "60"}, {"on_timeout", "warning"}, {"warnings_to_dq", "0"}},
       {{"timeout", 70.0}, {"timeout", 130.0}, {"timeout", 190.0}},
       nullptr,
       {{"time", 200.0}, {"turn_elapsed", 10.0}}},
      {"on_timeout=warning, warnings_to_dq=2: disqualified at 130 with turn_elapsed the limit",
       {{"turn_limit", "60"}, {"on_timeout", "warning"}, {"warnings_to_dq", "2"}},
       {{"timeout", 70.0}, {"timeout", 130.0}},
       {{"winner", 1}, {"reason", "disqualified"}},
       {{"time", 130.0}, {"turn_elapsed", 60.0}}},
      {"warning_after=30, warnings_to_dq=0: a warning every 30 s of the turn",
       {{"turn_limit", "0"}, {"warning_after", "30"}, {"warnings_to_dq", "0"}},
       {{"time", 40.0}, {"time", 70.0}, {"time", 100.0}, {"time", 130.0}, {"time", 160.0}, {"time", 190.0}},
       nullptr,
       {{"time", 200.0}, {"turn_elapsed", 190.0}}},
      {"warning_after=30, warnings_to_dq=2: disqualified at 70",
       {{"turn_limit", "0"}, {"warning_after", "30"}, {"warnings_to_dq", "2"}},
       {{"time", 40.0}, {"time", 70.0}},
       {{"winner", 1}, {"reason", "disqualified"}},
       {{"time", 70.0}, {"turn_elapsed", 60.0}}},
      {"on_timeout=warning with warning_after=40: the thresholds count on each restarted clock",
       {{"turn_limit", "60"}, {"on_timeout", "warning"}, {"warning_after", "40"}, {"warnings_to_dq", "0"}},
       {{"time", 50.0}, {"timeout", 70.0}, {"time", 110.0}, {"timeout", 130.0}, {"time", 170.0}, {"timeout", 190.0}},
       nullptr,
       {{"time", 200.0}, {"turn_elapsed", 10.0}}},
      {"on_timeout=warning with warning_after=40, warnings_to_dq=3: disqualified 40 s into a restarted clock",
       {{"turn_limit", "60"}, {"on_timeout", "warning"}, {"warning_after", "40"}, {"warnings_to_dq", "3"}},
       {{"time", 50.0}, {"timeout", 70.0}, {"time", 110.0}},
       {{"winner", 1}, {"reason", "disqualified"}},
       {{"time", 110.0}, {"turn_elapsed", 40.0}}},
  };
}

std::vector<std::pair<std::string, double>> warnings_of(const Match& m) {
  std::vector<std::pair<std::string, double>> out;
  for (std::size_t i = 0; i < m.log().size(); ++i)
    if (const auto* w = std::get_if<Warned>(&m.log()[i].body); w && m.in_effect()[i])
      out.emplace_back(w->kind, static_cast<double>(m.log()[i].when()) / 1000.0);
  return out;
}

}  // namespace

TEST_CASE("every game: each deadline a void finds fires at its own time, for each clock option value",
          "[games][void]") {
  for (const GameInfo& info : all_games()) {
    for (const Case& c : cases()) {
      INFO(info.id << ": " << c.name);
      auto m = test::started(info.id, c.options);
      REQUIRE(m);
      move_on(*m, 10000);  // player 2's turn begins at 10
      Match straight = *m;
      move_on(*m, 50000);
      REQUIRE_FALSE(m->submit(VoidCmd{1, "wrong move", false}, 200000).rejection);
      const json s = test::folded_state(*m);
      CHECK(warnings_of(*m) == c.warnings);
      CHECK(s["result"] == c.result);
      CHECK(s["clock"] == c.clock);
      CHECK(s["status"] == (c.result.is_null() ? "playing" : "finished"));
      test::check_log_times(*m);
      // As if the clock had run without the undone move.
      straight.submit(TickCmd{}, 200000);
      CHECK(test::state(straight) == s);
      CHECK(warnings_of(straight) == c.warnings);
    }
  }
}

TEST_CASE("every game: a timeout warning that disqualifies ends the turn at the limit, void or not",
          "[games][void]") {
  for (const GameInfo& info : all_games()) {
    INFO(info.id);
    auto m = test::started(info.id, {{"turn_limit", "30"}, {"on_timeout", "warning"}, {"warning_after", "0"},
                                     {"warnings_to_dq", "2"}});
    REQUIRE(m);
    m->submit(TickCmd{}, 100000);
    const json s = test::folded_state(*m);
    CHECK(s["result"] == json({{"winner", 2}, {"reason", "disqualified"}}));
    CHECK(s["clock"] == json({{"time", 60.0}, {"turn_elapsed", 30.0}}));
  }
}
