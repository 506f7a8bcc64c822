// The clock at and after the end (contract, match-script.md "Status and turn",
// "Clock", "Deadlines found by a void", "Header lines"), caption's keyword, and
// the rule's reason in a refusal:
//  - after the end the match clock stands at the moment the game ended;
//  - `clock E "reason"` after a timeout reinstates the match, paused, E elapsed;
//    after any other end it is refused;
//  - a timeout that a void shows to have fallen due ends the game at its deadline;
//  - a bad preset or option line is refused on its own line and changes nothing;
//  - `caption "clear"` (quoted) is refused, `caption clear` clears.
#include <catch2/catch.hpp>

#include "codec/json.h"
#include "tests/number_janggi/nj_support.h"

using namespace facedown::engine;
using nlohmann::json;

namespace {

std::string base(const std::vector<std::string>& options = {}) {
  return nj::header("genius-2015", options) + nj::setup(1, {{"1", "a3"}, {"2", "b3"}}) +
         nj::setup(2, {{"1", "a7"}}) + "first 1\nstart\n";
}

}  // namespace

TEST_CASE("after the end the match clock stands at the moment the game ended") {
  SECTION("a resignation, then a note, a caption and close at later times") {
    Match m = nj::run_ok(base() + "@10 move a3-a4\n@25 resign 2\n@40 note \"checked\"\n@55 caption \"Final\"\n"
                         "@70 close\n");
    const auto s = nj::state(m);
    CHECK(s["status"] == "finished");
    CHECK(s["clock"] == json({{"time", 25.0}, {"turn_elapsed", 15.0}}));
    // The later commands keep their own times in the log.
    CHECK(nj::events_of(m, "noted").back()["t"] == 40.0);
    CHECK(nj::events_of(m, "captioned").back()["t"] == 55.0);
    CHECK(nj::events_of(m, "closed").back()["t"] == 70.0);
    // Every view agrees.
    for (Viewer v : {kPublic, kPlayer1, kPlayer2}) CHECK(nj::state(m, v)["clock"]["time"] == 25.0);
    // Rebuilt from its stored log, the same.
    auto again = Match::from_log(m.info(), m.log());
    REQUIRE(std::holds_alternative<Match>(again));
    CHECK(nj::state(std::get<Match>(again))["clock"] == s["clock"]);
  }
  SECTION("time still never goes backwards against the log after the end") {
    Match m = nj::run_ok(base() + "@25 resign 1\n@40 note \"late\"\n");
    CHECK(nj::submit(m, "@30 note \"earlier\"").value_or("") == "time goes backwards: 30 s is before 40 s");
    CHECK_FALSE(nj::submit(m, "@40 note \"same time\"").has_value());
  }
  SECTION("a timeout: the clock stops at the deadline, not at the command that found it") {
    auto r = nj::run(base() + "@75 tick\n@90 note \"after\"\n");
    CHECK(nj::state(*r.match)["clock"] == json({{"time", 60.0}, {"turn_elapsed", 60.0}}));
  }
  SECTION("a void after the end that takes it back runs the clock from the void") {
    Match m = nj::run_ok(base() + "@25 resign 1\n@40 void 1 \"misclick\"\n");
    CHECK(nj::state(m)["status"] == "playing");
    CHECK(nj::state(m)["clock"]["time"] == 40.0);
  }
}

TEST_CASE("clock after a timeout reinstates the match, paused, with the elapsed time given") {
  Match m = nj::run_ok(base() + "@10 move a3-a4\n");
  CHECK(nj::submit(m, "@75 tick").has_value());  // player 2 timed out at 70
  REQUIRE(nj::state(m)["result"] == json({{"winner", 1}, {"reason", "timeout"}}));
  nj::play(m, "@80 clock 42.5 \"the desk's clock failed\"");
  auto s = nj::state(m);
  CHECK(s["status"] == "paused");
  CHECK(s["result"].is_null());
  CHECK(s["to_move"] == 2);
  CHECK(s["clock"] == json({{"time", 80.0}, {"turn_elapsed", 42.5}}));
  // The timeout stays in the log; the clock-set marks it taken back.
  CHECK(nj::events_of(m, "ended").size() == 1);
  auto set = nj::events_of(m, "clock-set").back();
  CHECK(set["reinstate"] == true);
  CHECK(set["player"] == 2);
  CHECK(nj::events_of(m, "clock-set", kPublic).back()["reason"] == "");  // the referee's words stay off air
  // Paused: time does not run until resume; then the turn goes on from 42.5.
  nj::play(m, "@200 tick");
  CHECK(nj::state(m)["clock"]["turn_elapsed"] == 42.5);
  nj::play(m, "@210 resume");
  nj::play(m, "@220 tick");
  CHECK(nj::state(m)["clock"]["turn_elapsed"] == 52.5);
  nj::play(m, "@225 move a7-a6");
  CHECK(nj::state(m)["to_move"] == 1);
  // And it times out again at 60 s of that turn (17.5 s after resume).
  Match again = nj::run_ok(base() + "@10 move a3-a4\n");
  CHECK(nj::submit(again, "@75 tick").has_value());
  nj::play(again, "@80 clock 42.5 \"desk\"");
  nj::play(again, "@100 resume");
  CHECK(nj::submit(again, "@117.5 tick").has_value());
  CHECK(nj::state(again)["result"] == json({{"winner", 1}, {"reason", "timeout"}}));
  CHECK(nj::state(again)["clock"] == json({{"time", 117.5}, {"turn_elapsed", 60.0}}));
  // A void of the reinstatement (and what followed it) puts the timeout back.
  nj::play(m, "@230 void 5 \"wrong reinstatement\"");
  CHECK(nj::state(m)["result"] == json({{"winner", 1}, {"reason", "timeout"}}));
  CHECK(nj::state(m)["clock"]["time"] == 70.0);
  // The whole log folds back to the same state.
  auto folded = Match::from_log(m.info(), m.log());
  REQUIRE(std::holds_alternative<Match>(folded));
  CHECK(nj::state(std::get<Match>(folded)) == nj::state(m));
}

TEST_CASE("clock after a timeout is checked: after any other end it is refused") {
  Match m = nj::run_ok(base());
  CHECK(nj::submit(m, "@65 tick").has_value());
  CHECK(nj::submit(m, "clock 10 \"\"").value_or("") == "clock needs a reason");
  CHECK(nj::submit(m, "clock 60 \"too much\"").value_or("") ==
        "the elapsed time 60 s must be below the turn limit of 60 s");
  CHECK(nj::state(m)["status"] == "finished");
  for (const std::string end : {"resign 1", "draw", "award 2 \"conduct\""}) {
    Match other = nj::run_ok(base() + "@10 " + end + "\n");
    const auto refused = nj::submit(other, "@20 clock 5 \"take it back\"");
    REQUIRE(refused);
    CHECK(refused->find("clock can take back only a timeout") != std::string::npos);
    CHECK(nj::state(other)["status"] == "finished");
  }
  // After close, nothing reinstates.
  Match closed = nj::run_ok(base());
  CHECK(nj::submit(closed, "@65 tick").has_value());
  nj::play(closed, "@70 close");
  CHECK(nj::submit(closed, "@80 clock 5 \"late\"").value_or("").find("the match is closed") == 0);
}

TEST_CASE("a reinstating clock-set in a stored log is checked when folded") {
  Match m = nj::run_ok(base() + "@10 resign 1\n");
  Event forged;
  forged.seq = static_cast<int>(m.log().size()) + 1;
  forged.t = 20000;
  forged.body = ClockSet{1, 5000, "forged", true};
  CHECK(m.record(forged).has_value());  // not a timeout: refused, nothing folded
  CHECK(nj::state(m)["status"] == "finished");
}

TEST_CASE("a timeout found by a void fires at its deadline, with turn_elapsed the limit") {
  // Player 2 moved at 50 s (in time); player 1's turn began then. Voiding that
  // move at 105 s without restore gives player 2's turn back as it was: its
  // deadline (60 s of a turn begun at 10 s, i.e. 70 s) fell due long before.
  Match m = nj::run_ok(base() + "@10 move a3-a4\n@50 move a7-a6\n");
  nj::play(m, "@105 void 1 \"wrong move\"");
  auto s = nj::state(m);
  CHECK(s["result"] == json({{"winner", 1}, {"reason", "timeout"}}));
  CHECK(s["clock"] == json({{"time", 70.0}, {"turn_elapsed", 60.0}}));
  auto ended = nj::events_of(m, "ended").back();
  CHECK(ended["t"] == 105.0);  // the log's times never go back
  CHECK(ended["at"] == 70.0);
  // With restore the turn clock stands where it stood, and nothing falls due.
  Match restored = nj::run_ok(base() + "@10 move a3-a4\n@50 move a7-a6\n@105 void 1 \"wrong\" restore\n");
  CHECK(nj::state(restored)["status"] == "playing");
  CHECK(nj::state(restored)["clock"] == json({{"time", 105.0}, {"turn_elapsed", 40.0}}));
  // The stored log folds to the same state.
  auto folded = Match::from_log(m.info(), m.log());
  REQUIRE(std::holds_alternative<Match>(folded));
  CHECK(nj::state(std::get<Match>(folded)) == s);
}

TEST_CASE("an ended event whose end lies after its own time is refused when folded") {
  Match m = nj::run_ok(base());
  Event forged;
  forged.seq = static_cast<int>(m.log().size()) + 1;
  forged.t = 1000;
  forged.body = Ended{1, "timeout", "", {}};
  forged.at = Millis{5000};
  CHECK(m.record(forged).has_value());
  CHECK(nj::state(m)["status"] == "playing");
}

TEST_CASE("header lines: a bad preset or option is refused on its own line and changes nothing") {
  SECTION("an unknown preset") {
    auto r = nj::run("game number-janggi\npreset no-such\nplayer 1 \"A\"\n" + nj::setup(1, {}) + nj::setup(2, {}) +
                     "first 1\nstart\n");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].find("line 2: preset no-such: unknown preset 'no-such'") == 0);
    REQUIRE(r.match);
    CHECK(nj::state(*r.match)["preset"] == "genius-2015");  // the default, kept
    CHECK(nj::state(*r.match)["status"] == "playing");
    CHECK(r.match->state().players[0] == "A");
  }
  SECTION("an unknown option and a value out of range") {
    auto r = nj::run("game number-janggi\npreset rsf-s52\noption no_such=1\noption turn_limit=-5\n"
                     "option turn_limit=30\n" + nj::setup(1, {}) + nj::setup(2, {}) + "first 1\nstart\n");
    REQUIRE(r.errors.size() == 2);
    CHECK(r.errors[0].find("line 3: option no_such=1:") == 0);
    CHECK(r.errors[1].find("line 4: option turn_limit=-5:") == 0);
    REQUIRE(r.match);
    CHECK(nj::state(*r.match)["preset"] == "rsf-s52");
    CHECK(r.match->state().options.at("turn_limit") == "30");
    CHECK(nj::state(*r.match)["status"] == "playing");
  }
  SECTION("a preset of another game is refused; the good one before it stays") {
    auto r = nj::run("game number-janggi\npreset rsf-s52\npreset standard\n" + nj::setup(1, {}) +
                     nj::setup(2, {}) + "first 1\nstart\n");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].find("line 3:") == 0);
    CHECK(nj::state(*r.match)["preset"] == "rsf-s52");
  }
}

TEST_CASE("caption: the bare keyword clears, a quoted \"clear\" is refused") {
  Match m = nj::run_ok(base() + "caption \"Final round\"\n");
  CHECK(nj::state(m)["caption"] == "Final round");
  CHECK(nj::submit(m, "caption \"clear\"").value_or("") == "a caption cannot read just `clear`");
  CHECK(nj::state(m)["caption"] == "Final round");
  nj::play(m, "caption clear");
  CHECK(nj::state(m)["caption"].is_null());
}

TEST_CASE("a refused move gives the rule's reason") {
  auto m = nj::position({{"K", "a1"}, {"M", "c7"}, {"5", "d4"}, {"6", "d5"}}, {{"K", "f9"}, {"3", "a8"}}, 1,
                        {"items=none"});
  CHECK(nj::submit(m, "move c7-c6").value_or("") == "c7-c6 is not a legal move: a Mine never moves");
  CHECK(nj::submit(m, "move d4-d5").value_or("") == "d4-d5 is not a legal move: d5 holds player 1's own piece");
  CHECK(nj::submit(m, "move d5-f5").value_or("") == "d5-f5 is not a legal move: a Number 6 cannot go from d5 to f5");
  CHECK(nj::submit(m, "move d4-d6").value_or("") ==
        "d4-d6 is not a legal move: the way from d4 to d6 is blocked");
}
