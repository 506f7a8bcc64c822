// Board, setup validation, the status words before play, the coin toss, and
// movement (one step sideways or diagonally forward, one or two straight forward,
// never backward, mines never, no jumping, empty destinations only).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "codec/toss.h"
#include "tests/number_janggi/nj_support.h"

using namespace facedown::engine;

namespace {

const std::string kP1 = "setup 1 K:a1 M:b1 M:c1 M:d1 1:e1 2:f1 3:a2 4:b2 5:c2 6:d2 7:e2 8:f2 9:a3 10:b3\n";
const std::string kP2 = "setup 2 K:f9 M:e9 M:d9 M:c9 1:b9 2:a9 3:f8 4:e8 5:d8 6:c8 7:b8 8:a8 9:f7 10:e7\n";

// The reason a one-line script addition was refused (fails when it was accepted).
std::string refusal(const std::string& script) {
  auto r = nj::run(script);
  REQUIRE(r.errors.size() == 1);
  return r.errors[0];
}

std::set<std::string> moves_from(const Match& m, const std::string& from) {
  const auto& g = m.game().geometry();
  std::set<std::string> out;
  for (const auto& mv : m.legal_moves())
    if (g.name(mv.from) == from) out.insert(g.name(mv.to));
  return out;
}

}  // namespace

TEST_CASE("board: 6 files a-f, 9 ranks, minus lines on b|c and d|e") {
  const auto& info = nj::game_info();
  auto game = info.make(resolve_options(info, "genius-2015", {}).options);
  const auto& g = game->geometry();
  CHECK(g.files() == 6);
  CHECK(g.ranks() == 9);
  CHECK(g.size() == 54);
  CHECK(g.parse("a1"));
  CHECK(g.parse("f9"));
  CHECK_FALSE(g.parse("g1"));
  CHECK_FALSE(g.parse("a10"));
  CHECK_FALSE(g.parse("a0"));
  int marked = 0;
  for (int f = 0; f < 6; ++f)
    if (g.file_border_marked(f)) ++marked;
  CHECK(marked == 2);
  CHECK(g.file_border_marked(1));  // b|c
  CHECK(g.file_border_marked(3));  // d|e
  // 2 lines x 9 ranks = 18 minus signs, between side-by-side squares only.
  int signs = 0;
  for (int r = 0; r < 9; ++r)
    for (int f = 0; f + 1 < 6; ++f)
      if (g.border_marked(g.at(f, r), g.at(f + 1, r))) ++signs;
  CHECK(signs == 18);
  CHECK_FALSE(g.border_marked(*g.parse("c4"), *g.parse("c5")));
  // Territories: ranks 1-3 for player 1, 7-9 for player 2, 4-6 nobody's.
  CHECK(game->setup_owner(*g.parse("f3")) == 1);
  CHECK(game->setup_owner(*g.parse("a4")) == 0);
  CHECK(game->setup_owner(*g.parse("f6")) == 0);
  CHECK(game->setup_owner(*g.parse("a7")) == 2);
}

TEST_CASE("setup validation refuses with a reason and changes nothing") {
  const std::string h = nj::header();
  SECTION("a piece outside the territory") {
    auto e = refusal(h + "setup 1 K:a4 M:b1 M:c1 M:d1 1:e1 2:f1 3:a2 4:b2 5:c2 6:d2 7:e2 8:f2 9:a3 10:b3\n");
    CHECK(e.find("a4 is not in player 1's territory (ranks 1-3)") != std::string::npos);
    auto e2 = refusal(h + "setup 2 K:f1 M:e9 M:d9 M:c9 1:b9 2:a9 3:f8 4:e8 5:d8 6:c8 7:b8 8:a8 9:f7 10:e7\n");
    CHECK(e2.find("f1 is not in player 2's territory (ranks 7-9)") != std::string::npos);
  }
  SECTION("two pieces on one square") {
    auto e = refusal(h + "setup 1 K:a1 M:a1 M:c1 M:d1 1:e1 2:f1 3:a2 4:b2 5:c2 6:d2 7:e2 8:f2 9:a3 10:b3\n");
    CHECK(e.find("two pieces on a1") != std::string::npos);
  }
  SECTION("too many of a piece") {
    auto e = refusal(h + "setup 1 K:a1 M:b1 M:c1 M:d1 M:e1 2:f1 3:a2 4:b2 5:c2 6:d2 7:e2 8:f2 9:a3 10:b3\n");
    CHECK(e.find("too many M (Mine): 4 placed, the roster has 3") != std::string::npos);
  }
  SECTION("missing pieces") {
    auto e = refusal(h + "setup 1 K:a1 M:b1 M:c1 M:d1 1:e1 2:f1 3:a2 4:b2 5:c2 6:d2 7:e2 8:f2 9:a3\n");
    CHECK(e.find("must place all 14 pieces; missing: 10") != std::string::npos);
    auto e2 = refusal(h + "setup 1\n");
    CHECK(e2.find("missing: 1 2 3 4 5 6 7 8 9 10 M M M K") != std::string::npos);
  }
  SECTION("unknown piece and unknown square") {
    CHECK(refusal(h + "setup 1 Q:a1\n").find("unknown piece 'Q'") != std::string::npos);
    CHECK(refusal(h + "setup 1 K:z1\n").find("unknown square 'z1'") != std::string::npos);
    CHECK(refusal(h + "setup 3 K:a1\n").find("player must be 1 or 2") != std::string::npos);
  }
  SECTION("a refused setup leaves the match without it") {
    auto r = nj::run(h + "setup 1 K:a4\n");
    REQUIRE(r.match);
    CHECK(r.match->log().size() == 1);
    CHECK(nj::state(*r.match)["status"] == "setup");
  }
  SECTION("a locked setup cannot be entered again, nor after the start") {
    auto e = refusal(h + kP1 + kP1);
    CHECK(e.find("already locked") != std::string::npos);
    auto e2 = refusal(h + kP1 + kP2 + "first 1\nstart\n" + kP1);
    CHECK(e2.find("setups are locked once the match has started") != std::string::npos);
  }
}

TEST_CASE("status before play: setup, ready, playing") {
  const std::string h = nj::header();
  CHECK(nj::state(nj::run_ok(h + kP1))["status"] == "setup");
  CHECK(nj::state(nj::run_ok(h + kP1 + kP2))["status"] == "setup");
  CHECK(nj::state(nj::run_ok(h + kP1 + "first 2\n"))["status"] == "setup");
  auto ready = nj::run_ok(h + kP1 + "first 2\n" + kP2);
  CHECK(nj::state(ready)["status"] == "ready");
  CHECK(nj::state(ready)["to_move"].is_null());
  auto playing = nj::run_ok(h + kP1 + kP2 + "first 2\nstart\n");
  CHECK(nj::state(playing)["status"] == "playing");
  CHECK(nj::state(playing)["to_move"] == 2);
  CHECK(nj::state(playing)["ply"] == 0);
  CHECK(refusal(h + kP1 + "first 1\nstart\n").find("player 2's setup is missing") != std::string::npos);
  CHECK(refusal(h + kP1 + kP2 + "start\n").find("who moves first is not decided") != std::string::npos);
  CHECK(refusal(h + kP1 + kP2 + "first 1\nfirst 2\n").find("already decided") != std::string::npos);
  CHECK(refusal(h + kP1 + kP2 + "first 1\nstart\nstart\n").find("already started") != std::string::npos);
  CHECK(refusal(h + kP1 + kP2 + "first 1\n@3 start\n").find("time must be 0 before start") !=
        std::string::npos);
  CHECK(refusal(h + kP1 + kP2 + "first 1\nmove b3-b5\n").find("has not started") != std::string::npos);
  // The public never sees a setup (not even after the end).
  auto over = nj::run_ok(h + kP1 + kP2 + "first 1\nstart\nresign 2\n");
  for (const auto& e : nj::events_of(over, "setup-locked", kPublic))
    for (const auto& p : e["pieces"]) CHECK(p["piece"].is_null());
}

TEST_CASE("coin toss: player 1 when the first byte of SHA-256(seed) is even") {
  // Published SHA-256 test vectors: "abc" -> ba78... (0xba even), "" -> e3b0... (0xe3 odd).
  CHECK(facedown::codec::sha256_hex("abc").substr(0, 8) == "ba7816bf");
  CHECK(facedown::codec::toss("abc") == 1);
  CHECK(facedown::codec::toss("") == 2);
  auto m = nj::run_ok(nj::header() + kP1 + kP2 + "first toss abc\nstart\n");
  CHECK(nj::state(m)["to_move"] == 1);
  auto fc = nj::events_of(m, "first-chosen", kPublic).at(0);
  CHECK(fc["toss_seed"] == "abc");
  CHECK(fc["player"] == 1);
  auto m2 = nj::run_ok(nj::header() + kP1 + kP2 + "first toss \"\"\nstart\n");
  CHECK(nj::state(m2)["to_move"] == 2);
  // Any seed: the outcome follows the digest's first byte.
  for (const std::string seed : {"season-4-final", "final 2015", "x"}) {
    int byte = std::stoi(facedown::codec::sha256_hex(seed).substr(0, 2), nullptr, 16);
    auto mm = nj::run_ok(nj::header() + kP1 + kP2 + "first toss " + facedown::codec::quote(seed) + "\nstart\n");
    CHECK(nj::state(mm)["to_move"] == (byte % 2 == 0 ? 1 : 2));
  }
}

TEST_CASE("movement: sideways, diagonally forward, one or two straight forward") {
  auto m = nj::position({{"K", "a1"}, {"5", "c4"}}, {{"K", "f9"}, {"6", "c6"}, {"M", "e9"}}, 1);
  CHECK(moves_from(m, "c4") == std::set<std::string>{"b4", "d4", "b5", "d5", "c5"});  // c6 is occupied
  auto m2 = nj::position({{"K", "a1"}, {"5", "c4"}}, {{"K", "f9"}, {"6", "c7"}, {"M", "e9"}}, 1);
  CHECK(moves_from(m2, "c4") == std::set<std::string>{"b4", "d4", "b5", "d5", "c5", "c6"});
  // Player 2's forward is down the board.
  auto m3 = nj::position({{"K", "a1"}, {"M", "b1"}}, {{"K", "f9"}, {"6", "c6"}}, 2);
  CHECK(moves_from(m3, "c6") == std::set<std::string>{"b6", "d6", "b5", "d5", "c5", "c4"});
  // At the edge and on the far rank: only what stays on the board.
  auto m4 = nj::position({{"K", "a1"}, {"5", "a8"}, {"7", "f9"}}, {{"K", "c7"}, {"M", "e7"}}, 1);
  CHECK(moves_from(m4, "a8") == std::set<std::string>{"b8", "a9", "b9"});
  CHECK(moves_from(m4, "f9") == std::set<std::string>{"e9"});
}

TEST_CASE("movement refusals: backward, blocked, occupied, jumping, out of turn") {
  auto m = nj::position({{"K", "a1"}, {"5", "c4"}, {"4", "c5"}, {"3", "e4"}},
                        {{"K", "f9"}, {"M", "e9"}, {"6", "e6"}}, 1);
  const auto before = nj::state(m);
  for (const std::string mv : {"c4-c3", "c4-b3", "c4-d3"}) {
    auto r = nj::submit(m, "move " + mv);
    REQUIRE(r);
    CHECK(*r == mv + " is not a legal move: a Number 5 cannot go from c4 to " + mv.substr(3));
  }
  // Each refusal gives the rule's reason.
  CHECK(nj::submit(m, "move c4-c6").value_or("") ==
        "c4-c6 is not a legal move: the way from c4 to c6 is blocked");  // c5 in the way: no jumping
  CHECK(nj::submit(m, "move c4-c5").value_or("") ==
        "c4-c5 is not a legal move: c5 holds player 1's own piece");
  CHECK(nj::submit(m, "move e4-e6").value_or("") ==
        "e4-e6 is not a legal move: e6 is occupied by player 2's piece");  // no capture by moving in
  CHECK(nj::submit(m, "move c4-e4").value_or("") ==
        "c4-e4 is not a legal move: e4 holds player 1's own piece");  // two sideways, onto its own
  CHECK(nj::submit(m, "move c4-e6").value_or("") ==
        "c4-e6 is not a legal move: a Number 5 cannot go from c4 to e6");  // two diagonally
  CHECK(nj::submit(m, "move e6-e5").value_or("") == "e6 is player 2's piece; player 1 is to move");
  CHECK(nj::submit(m, "move d4-d5").value_or("") == "no piece on d4");
  CHECK(nj::state(m) == before);  // refusals change nothing
  // A two-square move with an empty middle: nothing happens on the middle square.
  auto m2 = nj::position({{"K", "a1"}, {"5", "c3"}}, {{"K", "f9"}, {"M", "e9"}, {"6", "b4"}, {"7", "d4"}}, 1,
                         {"items=none"});
  nj::play(m2, "move c3-c5");
  CHECK(nj::events_of(m2, "battle").empty());
  CHECK(nj::at(m2, "c5") == "5");
  CHECK(nj::state(m2)["ply"] == 1);
}

TEST_CASE("players alternate: no passing") {
  auto m = nj::position({{"K", "a1"}, {"5", "c4"}}, {{"K", "f9"}, {"M", "e9"}, {"6", "a7"}}, 1, {"items=none"});
  nj::play(m, "move c4-c5");
  CHECK(nj::state(m)["to_move"] == 2);
  CHECK(nj::submit(m, "move c5-c6").value_or("") == "c5 is player 1's piece; player 2 is to move");
  nj::play(m, "move a7-a6");
  CHECK(nj::state(m)["to_move"] == 1);
  CHECK(nj::state(m)["ply"] == 2);
}
