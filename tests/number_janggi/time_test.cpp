// Time: both presets' regimes and every time option. Deadlines fire when the
// elapsed time reaches them (>=); the turn clock runs from the start of a turn,
// stops while paused and is not charged for item and revival decisions.
#include <catch2/catch.hpp>

#include "tests/number_janggi/nj_support.h"

using namespace facedown::engine;
using nlohmann::json;

namespace {

std::string base(const std::string& preset, const std::vector<std::string>& options = {}) {
  return nj::header(preset, options) + nj::setup(1, {{"1", "a3"}, {"2", "b3"}}) + nj::setup(2, {{"1", "a7"}}) +
         "first 1\nstart\n";
}

json result(const Match& m) { return nj::state(m)["result"]; }

// A tick at a deadline that ends the game: the deadline fires, then the tick
// itself arrives after the end and is refused.
void tick_to_end(Match& m, const std::string& at) {
  CHECK(nj::submit(m, at + " tick").value_or("").find("the game is over") == 0);
  CHECK(nj::state(m)["status"] == "finished");
}

}  // namespace

TEST_CASE("genius-2015: a move at exactly 60.0 s is late and loses") {
  Match ok = nj::run_ok(base("genius-2015") + "@59.999 move a3-a4\n");
  CHECK(nj::state(ok)["to_move"] == 2);
  auto late = nj::run(base("genius-2015") + "@60 move a3-a4\n");
  REQUIRE(late.errors.size() == 1);
  CHECK(late.errors[0] == "line 7: @60 move a3-a4: the game is over (timeout); only void, note, caption and close are accepted");
  auto s = nj::state(*late.match);
  CHECK(s["result"] == json({{"winner", 2}, {"reason", "timeout"}}));
  auto ended = nj::events_of(*late.match, "ended").back();
  CHECK(ended["t"] == 60.0);
  CHECK_FALSE(ended.contains("cmd"));  // caused by time passing, not by a command
  CHECK(s["clock"]["time"] == 60.0);
}

TEST_CASE("the turn clock starts when the turn begins") {
  // Player 1 moves at 30 s; player 2's turn began then, so 89.999 is in time and 90 is late.
  Match m = nj::run_ok(base("genius-2015") + "@30 move a3-a4\n@89.999 move a7-a6\n");
  CHECK(nj::state(m)["to_move"] == 1);
  auto late = nj::run(base("genius-2015") + "@30 move a3-a4\n@90 move a7-a6\n");
  CHECK(nj::state(*late.match)["result"] == json({{"winner", 1}, {"reason", "timeout"}}));
  Match clock = nj::run_ok(base("genius-2015") + "@30 move a3-a4\n@42.5 tick\n");
  CHECK(nj::state(clock)["clock"] == json({{"time", 42.5}, {"turn_elapsed", 12.5}}));
}

TEST_CASE("a rejected command changes nothing, but deadlines due before it still fire") {
  auto r = nj::run(base("genius-2015") + "@75 move a3-a9\n");
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].find("the game is over (timeout)") != std::string::npos);
  CHECK(nj::events_of(*r.match, "ended").back()["t"] == 60.0);
  // Before the deadline, a refusal leaves no trace at all.
  auto r2 = nj::run(base("genius-2015") + "@20 move a3-a9\n");
  CHECK(nj::state(*r2.match)["clock"]["time"] == 0.0);
  CHECK(nj::state(*r2.match)["status"] == "playing");
}

TEST_CASE("time never goes backwards") {
  auto r = nj::run(base("genius-2015") + "@10 move a3-a4\n@5 move a7-a6\n");
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0] == "line 8: @5 move a7-a6: time goes backwards: 5 s is before 10 s");
  CHECK(nj::state(*r.match)["to_move"] == 2);
  CHECK(nj::state(*r.match)["ply"] == 1);
}

TEST_CASE("pause stops the turn clock: match time runs on") {
  const std::string b = base("genius-2015") + "@30 pause \"camera\"\n";
  Match paused = nj::run_ok(b + "@200 tick\n");
  auto s = nj::state(paused);
  CHECK(s["status"] == "paused");
  CHECK(s["to_move"] == 1);
  CHECK(s["clock"] == json({{"time", 200.0}, {"turn_elapsed", 30.0}}));
  CHECK(nj::submit(paused, "move a3-a4").value_or("") == "the match is paused; resume first");
  CHECK(nj::submit(paused, "pause \"again\"").value_or("") == "the match is already paused");
  // 30 s before the pause + 29.999 after resuming at 100: in time; 30 after: late.
  Match ok = nj::run_ok(b + "@100 resume\n@129.999 move a3-a4\n");
  CHECK(nj::state(ok)["to_move"] == 2);
  auto late = nj::run(b + "@100 resume\n@130 move a3-a4\n");
  CHECK(nj::state(*late.match)["result"]["reason"] == "timeout");
  CHECK(nj::events_of(*late.match, "ended").back()["t"] == 130.0);
  auto not_paused = nj::run(base("genius-2015") + "resume\n");
  REQUIRE(not_paused.errors.size() == 1);
  CHECK(not_paused.errors[0].find("the match is not paused") != std::string::npos);
}

namespace {
// Player 1's 5 meets player 2's 6 at 10 s: the match waits for items.
std::string battle_at_10() {
  return nj::setup(1, {{"5", "c3"}}) + nj::setup(2, {{"6", "c7"}}) + "first 2\nstart\n@5 move c7-c5\n@10 move c3-c4\n";
}
}  // namespace

TEST_CASE("item and revival decisions are not charged to the turn clock") {
  // Declarations arrive 200 s after the move; player 2's turn starts only then.
  Match m = nj::run_ok(nj::header("genius-2015") + battle_at_10() + "@210 items 1=none 2=none\n@269.999 tick\n");
  CHECK(nj::state(m)["status"] == "playing");
  CHECK(nj::state(m)["to_move"] == 2);
  CHECK(nj::state(m)["clock"]["turn_elapsed"] == 59.999);
  Match waiting = nj::run_ok(nj::header("genius-2015") + battle_at_10() + "@500 tick\n");
  CHECK(nj::state(waiting)["status"] == "awaiting-items");
  CHECK(nj::state(waiting)["clock"]["turn_elapsed"] == 0.0);
}

TEST_CASE("decision_limit: an expired declaration counts as none: an expired revival as decline") {
  Match m = nj::run_ok(nj::header("genius-2015", {"decision_limit=30"}) + battle_at_10() + "@39.999 tick\n");
  CHECK(nj::state(m)["status"] == "awaiting-items");
  nj::play(m, "@40 tick");
  auto decl = nj::events_of(m, "items-declared").back();
  CHECK(decl["t"] == 40.0);
  CHECK(decl["items"] == json({{"1", nullptr}, {"2", nullptr}}));
  CHECK(nj::last_battle(m)["pairs"][0]["outcome"] == "enemy");  // 5 vs 6: sum 11, the 6 wins
  CHECK(nj::state(m)["to_move"] == 2);
  // The next turn starts at the deadline.
  CHECK(nj::state(m)["clock"]["turn_elapsed"] == 0.0);
  // Revival: player 1's 5 falls to a mine, then the 8 reaches a9; nobody answers.
  auto r = nj::position({{"K", "a1"}, {"8", "a8"}, {"5", "d5"}}, {{"K", "f9"}, {"M", "d7"}, {"M", "e9"}, {"4", "f7"}},
                        1, {"items=none", "decision_limit=15"});
  nj::play(r, "@1 move d5-d6");
  nj::play(r, "@2 move f7-f6");
  nj::play(r, "@3 move a8-a9");
  nj::play(r, "@17.999 tick");
  CHECK(nj::state(r)["status"] == "awaiting-revival");
  nj::play(r, "@18 tick");
  auto declined = nj::events_of(r, "revival-declined");
  REQUIRE(declined.size() == 1);
  CHECK(declined[0]["t"] == 18.0);
  CHECK(nj::state(r)["to_move"] == 2);
  CHECK(nj::at(r, "a9") == "8");
}

TEST_CASE("rsf-s52: a warning when one turn reaches 300 s, at exactly 300 s: the second disqualifies") {
  Match m = nj::run_ok(base("rsf-s52") + "@299.999 tick\n");
  CHECK(nj::state(m)["warnings"] == json({{"1", 0}, {"2", 0}}));
  nj::play(m, "@300 tick");
  CHECK(nj::state(m)["warnings"] == json({{"1", 1}, {"2", 0}}));
  auto w = nj::events_of(m, "warned").back();
  CHECK(w["kind"] == "time");
  CHECK(w["t"] == 300.0);
  CHECK(w["total"] == 1);
  CHECK(nj::state(m)["status"] == "playing");  // no hard limit
  nj::play(m, "@599.999 tick");
  CHECK(nj::state(m)["status"] == "playing");
  tick_to_end(m, "@600");
  CHECK(nj::state(m)["result"] == json({{"winner", 2}, {"reason", "disqualified"}}));
  CHECK(nj::state(m)["warnings"]["1"] == 2);
}

TEST_CASE("rsf-s52: warnings add up over turns: each turn's clock starts afresh") {
  Match m = nj::run_ok(base("rsf-s52") + "@310 move a3-a4\n@320 move a7-a6\n@619.999 move b3-b4\n");
  CHECK(nj::state(m)["warnings"]["1"] == 1);
  CHECK(nj::state(m)["status"] == "playing");
  auto dq = nj::run(base("rsf-s52") + "@310 move a3-a4\n@320 move a7-a6\n@620 move b3-b4\n");
  CHECK(nj::state(*dq.match)["result"] == json({{"winner", 2}, {"reason", "disqualified"}}));
  CHECK(nj::events_of(*dq.match, "ended").back()["t"] == 620.0);
}

TEST_CASE("manual warnings count towards disqualification") {
  SECTION("genius-2015: two manual warnings disqualify") {
    Match m = nj::run_ok(base("genius-2015") + "@5 warn 2 \"talking\"\n");
    CHECK(nj::state(m)["warnings"] == json({{"1", 0}, {"2", 1}}));
    CHECK(nj::events_of(m, "warned").back()["kind"] == "manual");
    nj::play(m, "@6 warn 2 \"talking again\"");
    CHECK(result(m) == json({{"winner", 1}, {"reason", "disqualified"}}));
  }
  SECTION("rsf-s52: a manual warning and a timed one") {
    Match m = nj::run_ok(base("rsf-s52") + "@5 warn 1 \"phone\"\n");
    tick_to_end(m, "@300");
    CHECK(result(m) == json({{"winner", 2}, {"reason", "disqualified"}}));
  }
  SECTION("warnings_to_dq=0: never") {
    Match m = nj::run_ok(base("genius-2015", {"warnings_to_dq=0"}) + "warn 1 \"a\"\nwarn 1 \"b\"\nwarn 1 \"c\"\n");
    CHECK(nj::state(m)["status"] == "playing");
    CHECK(nj::state(m)["warnings"]["1"] == 3);
  }
  SECTION("warnings_to_dq=3") {
    Match m = nj::run_ok(base("genius-2015", {"warnings_to_dq=3"}) + "warn 1 \"a\"\nwarn 1 \"b\"\n");
    CHECK(nj::state(m)["status"] == "playing");
    nj::play(m, "warn 1 \"c\"");
    CHECK(result(m)["reason"] == "disqualified");
  }
}

TEST_CASE("a timeout and a warning at the same instant: the timeout wins") {
  SECTION("on_timeout=loss") {
    Match m = nj::run_ok(base("rsf-s52", {"turn_limit=300"}));
    tick_to_end(m, "@300");
    CHECK(result(m) == json({{"winner", 2}, {"reason", "timeout"}}));
    CHECK(nj::events_of(m, "warned").empty());
  }
  SECTION("on_timeout=warning: one timeout warning, not a time warning too") {
    Match m = nj::run_ok(base("rsf-s52", {"turn_limit=300", "on_timeout=warning"}) + "@300 tick\n");
    auto w = nj::events_of(m, "warned");
    REQUIRE(w.size() == 1);
    CHECK(w[0]["kind"] == "timeout");
    CHECK(nj::state(m)["warnings"]["1"] == 1);
    CHECK(nj::state(m)["status"] == "playing");
  }
}

TEST_CASE("on_timeout=warning: a warning and a fresh turn clock: the second disqualifies") {
  Match m = nj::run_ok(base("genius-2015", {"on_timeout=warning"}) + "@60 tick\n");
  CHECK(nj::state(m)["status"] == "playing");
  CHECK(nj::state(m)["to_move"] == 1);
  CHECK(nj::state(m)["warnings"]["1"] == 1);
  CHECK(nj::state(m)["clock"]["turn_elapsed"] == 0.0);
  nj::play(m, "@119.999 tick");
  CHECK(nj::state(m)["status"] == "playing");
  tick_to_end(m, "@120");
  CHECK(result(m) == json({{"winner", 2}, {"reason", "disqualified"}}));
}

TEST_CASE("turn_limit=0 and warning_after=0: no deadline at all") {
  Match m = nj::run_ok(base("genius-2015", {"turn_limit=0"}) + "@100000 tick\n");
  CHECK(nj::state(m)["status"] == "playing");
  CHECK_FALSE(m.next_deadline());
  Match g = nj::run_ok(base("genius-2015"));
  REQUIRE(g.next_deadline());
  CHECK(*g.next_deadline() == 60000);
}

TEST_CASE("time options are validated when the match opens") {
  for (const std::string bad : {"turn_limit=-1", "turn_limit=abc", "on_timeout=shrug", "warnings_to_dq=101",
                                "decision_limit=1.5", "ply_limit=x", "no_legal_moves=win"}) {
    INFO(bad);
    auto r = nj::run(nj::header("genius-2015", {bad}) + "setup 1\n");
    REQUIRE_FALSE(r.errors.empty());
    CHECK(r.errors[0].find("option " + bad.substr(0, bad.find('='))) != std::string::npos);
  }
  auto r = nj::run(nj::header("genius-2015", {"colour=red"}) + "setup 1\n");
  CHECK(r.errors.at(0).find("unknown option 'colour' for number-janggi") != std::string::npos);
  auto p = nj::run(nj::header("blitz") + "setup 1\n");
  CHECK(p.errors.at(0).find("unknown preset 'blitz' for number-janggi (presets: genius-2015, rsf-s52)") !=
        std::string::npos);
}
