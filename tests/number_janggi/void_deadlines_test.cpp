// Deadlines found by a void, in both presets and with every clock option of
// Number Janggi (contract, match-script.md "Deadlines found by a void" and
// "Timeouts turned into warnings"): every deadline the re-derived state passed
// fires at its own time, in order, as if the clock had run without the undone
// commands; its events are written at the void's time and carry `at`.
// Every other game: tests/games/void_deadlines_test.cpp.
#include <catch2/catch.hpp>

#include "tests/number_janggi/nj_support.h"

using namespace facedown::engine;
using nlohmann::json;

namespace {

// Player 1 to move from 0; player 1 moves at 10 (player 2's turn begins), player 2
// at 50. A void of player 2's move gives back player 2's turn begun at 10.
std::string played(const std::string& preset, const std::vector<std::string>& options = {}) {
  return nj::header(preset, options) + nj::setup(1, {{"1", "a3"}, {"2", "b3"}}) + nj::setup(2, {{"1", "a7"}}) +
         "first 1\nstart\n@10 move a3-a4\n@50 move a7-a6\n";
}
// The same script without player 2's move, the clock run to `t` by a tick.
std::string straight(const std::string& preset, const std::vector<std::string>& options, const std::string& t) {
  return nj::header(preset, options) + nj::setup(1, {{"1", "a3"}, {"2", "b3"}}) + nj::setup(2, {{"1", "a7"}}) +
         "first 1\nstart\n@10 move a3-a4\n@" + t + " tick\n";
}

// (kind, at) of every warning in effect.
std::vector<std::pair<std::string, double>> warnings(const Match& m) {
  std::vector<std::pair<std::string, double>> out;
  for (const auto& w : nj::events_of(m, "warned")) out.emplace_back(w["kind"], w.value("at", w["t"].get<double>()));
  return out;
}

// The state a void re-derives equals the one the script without the undone move
// reaches when its clock runs to the void's time; and the stored log folds to it.
void same_as_straight(const Match& m, const std::string& preset, const std::vector<std::string>& options,
                      const std::string& t) {
  auto s = nj::run(straight(preset, options, t));
  REQUIRE(s.match);
  CHECK(nj::state(m) == nj::state(*s.match));
  auto folded = Match::from_log(m.info(), m.log());
  REQUIRE(std::holds_alternative<Match>(folded));
  CHECK(nj::state(std::get<Match>(folded)) == nj::state(m));
}

}  // namespace

TEST_CASE("rsf-s52: a time warning found by a void fires at 300 s of the turn, not at the void") {
  Match m = nj::run_ok(played("rsf-s52"));
  nj::play(m, "@400 void 1 \"wrong move\"");
  auto s = nj::state(m);
  CHECK(s["status"] == "playing");
  CHECK(s["warnings"] == json({{"1", 0}, {"2", 1}}));
  CHECK(s["clock"] == json({{"time", 400.0}, {"turn_elapsed", 390.0}}));
  auto w = nj::events_of(m, "warned").back();
  CHECK(w["t"] == 400.0);  // the log's times never go back
  CHECK(w["at"] == 310.0);
  same_as_straight(m, "rsf-s52", {}, "400");
  // The next threshold counts from the turn's start, as before: 600 s of the turn.
  nj::play(m, "@609.999 tick");
  CHECK(nj::state(m)["warnings"]["2"] == 1);
  CHECK(nj::submit(m, "@610 tick").value_or("").find("the game is over") == 0);
  CHECK(nj::state(m)["result"] == json({{"winner", 1}, {"reason", "disqualified"}}));
}

TEST_CASE("rsf-s52: a warning a void finds that disqualifies ends the match at its own time") {
  // Player 2 was warned by the referee at 5 s: the timed warning at 310 is the second.
  Match m = nj::run_ok(nj::header("rsf-s52") + nj::setup(1, {{"1", "a3"}, {"2", "b3"}}) +
                       nj::setup(2, {{"1", "a7"}}) + "first 1\nstart\n@5 warn 2 \"phone\"\n@10 move a3-a4\n"
                       "@50 move a7-a6\n@400 void 1 \"wrong move\"\n");
  auto s = nj::state(m);
  CHECK(s["result"] == json({{"winner", 1}, {"reason", "disqualified"}}));
  CHECK(s["clock"] == json({{"time", 310.0}, {"turn_elapsed", 300.0}}));
  CHECK(nj::events_of(m, "ended").back()["at"] == 310.0);
  // Two thresholds passed (warnings_to_dq=3): both fire, each at its own time.
  Match two = nj::run_ok(played("rsf-s52", {"warnings_to_dq=3"}) + "@700 void 1 \"wrong move\"\n");
  CHECK(warnings(two) == std::vector<std::pair<std::string, double>>{{"time", 310.0}, {"time", 610.0}});
  CHECK(nj::state(two)["clock"] == json({{"time", 700.0}, {"turn_elapsed", 690.0}}));
  same_as_straight(two, "rsf-s52", {"warnings_to_dq=3"}, "700");
}

TEST_CASE("genius-2015, on_timeout=warning: a void finds a warning at each limit, the clock restarted at each") {
  SECTION("warnings_to_dq=0: three limits passed, three warnings, turn_elapsed from the last") {
    const std::vector<std::string> o{"on_timeout=warning", "warnings_to_dq=0"};
    Match m = nj::run_ok(played("genius-2015", o) + "@200 void 1 \"wrong move\"\n");
    CHECK(warnings(m) == std::vector<std::pair<std::string, double>>{
                             {"timeout", 70.0}, {"timeout", 130.0}, {"timeout", 190.0}});
    CHECK(nj::state(m)["warnings"]["2"] == 3);
    CHECK(nj::state(m)["clock"] == json({{"time", 200.0}, {"turn_elapsed", 10.0}}));
    same_as_straight(m, "genius-2015", o, "200");
    nj::play(m, "@249.999 tick");
    CHECK(nj::state(m)["warnings"]["2"] == 3);
    nj::play(m, "@250 tick");  // the next limit: 60 s after the last restart
    CHECK(nj::state(m)["warnings"]["2"] == 4);
  }
  SECTION("warnings_to_dq=2: the second warning disqualifies at its limit, turn_elapsed the limit") {
    const std::vector<std::string> o{"on_timeout=warning"};
    Match m = nj::run_ok(played("genius-2015", o) + "@200 void 1 \"wrong move\"\n");
    CHECK(nj::state(m)["result"] == json({{"winner", 1}, {"reason", "disqualified"}}));
    CHECK(nj::state(m)["clock"] == json({{"time", 130.0}, {"turn_elapsed", 60.0}}));
    CHECK(nj::events_of(m, "ended").back()["at"] == 130.0);
    same_as_straight(m, "genius-2015", o, "200");
  }
  SECTION("warning_after counts on the clock each timeout warning restarts") {
    const std::vector<std::string> o{"on_timeout=warning", "warning_after=40", "warnings_to_dq=0"};
    Match m = nj::run_ok(played("genius-2015", o) + "@200 void 1 \"wrong move\"\n");
    CHECK(warnings(m) == std::vector<std::pair<std::string, double>>{{"time", 50.0},
                                                                    {"timeout", 70.0},
                                                                    {"time", 110.0},
                                                                    {"timeout", 130.0},
                                                                    {"time", 170.0},
                                                                    {"timeout", 190.0}});
    same_as_straight(m, "genius-2015", o, "200");
    // warnings_to_dq=3: the third, a time warning 40 s into the restarted clock.
    const std::vector<std::string> dq{"on_timeout=warning", "warning_after=40", "warnings_to_dq=3"};
    Match d = nj::run_ok(played("genius-2015", dq) + "@200 void 1 \"wrong move\"\n");
    CHECK(nj::state(d)["result"] == json({{"winner", 1}, {"reason", "disqualified"}}));
    CHECK(nj::state(d)["clock"] == json({{"time", 110.0}, {"turn_elapsed", 40.0}}));
    same_as_straight(d, "genius-2015", dq, "200");
  }
}

TEST_CASE("a disqualification by a timeout warning stops the turn clock at the limit, void or not") {
  // Regression: the warning restarted the clock, so the end said turn_elapsed 0.
  Match m = nj::run_ok(nj::header("genius-2015", {"on_timeout=warning"}) + nj::setup(1, {}) + nj::setup(2, {}) +
                       "first 1\nstart\n");
  CHECK(nj::submit(m, "@200 tick").value_or("").find("the game is over") == 0);
  CHECK(nj::state(m)["result"] == json({{"winner", 2}, {"reason", "disqualified"}}));
  CHECK(nj::state(m)["clock"] == json({{"time", 120.0}, {"turn_elapsed", 60.0}}));
  // A manual warning right after a timeout warning disqualifies on the restarted clock.
  Match manual = nj::run_ok(nj::header("genius-2015", {"on_timeout=warning"}) + nj::setup(1, {}) +
                            nj::setup(2, {}) + "first 1\nstart\n@60 warn 1 \"again\"\n");
  CHECK(nj::state(manual)["result"] == json({{"winner", 2}, {"reason", "disqualified"}}));
  CHECK(nj::state(manual)["clock"] == json({{"time", 60.0}, {"turn_elapsed", 0.0}}));
}

TEST_CASE("decision_limit: an expired decision a void finds starts the next turn at its deadline") {
  // Player 1's 5 meets player 2's 6 at 10 s; items were declared at 20 and voided
  // at 90: the declarations expired at 40 (none), so player 2's turn began at 40.
  const std::string script = nj::header("genius-2015", {"decision_limit=30"}) + nj::setup(1, {{"5", "c3"}}) +
                             nj::setup(2, {{"6", "c7"}}) + "first 2\nstart\n@5 move c7-c5\n@10 move c3-c4\n";
  Match m = nj::run_ok(script + "@20 items 1=none 2=none\n@90 void 1 \"wrong declaration\"\n");
  auto s = nj::state(m);
  CHECK(s["status"] == "playing");
  CHECK(s["to_move"] == 2);
  CHECK(s["clock"] == json({{"time", 90.0}, {"turn_elapsed", 50.0}}));
  CHECK(nj::events_of(m, "items-declared").back()["at"] == 40.0);
  CHECK(nj::state(m) == nj::state(nj::run_ok(script + "@90 tick\n")));
  // Past that turn's own limit too (40 + 60): it times out at 100.
  Match late = nj::run_ok(script + "@20 items 1=none 2=none\n@150 void 1 \"wrong declaration\"\n");
  CHECK(nj::state(late)["result"] == json({{"winner", 1}, {"reason", "timeout"}}));
  CHECK(nj::state(late)["clock"] == json({{"time", 100.0}, {"turn_elapsed", 60.0}}));
}

TEST_CASE("an event that takes effect after its own time is refused when folded") {
  Match m = nj::run_ok(played("rsf-s52"));
  Event forged;
  forged.seq = static_cast<int>(m.log().size()) + 1;
  forged.t = 60000;
  forged.at = Millis{70000};
  forged.body = Warned{1, "time", "", 1, {}};
  CHECK(m.record(forged).has_value());
  CHECK(nj::state(m)["warnings"]["1"] == 0);
}
