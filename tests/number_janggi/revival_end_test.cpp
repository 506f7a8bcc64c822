// Revival (every `revive` value, its conditions and validation, battles of the
// revived piece) and the end of the game: king captured, annihilation (both
// values of simultaneous_annihilation), king reaching the end, no legal moves
// (both values), resignation, agreed draw, award, ply limit, commands after the end.
#include <catch2/catch.hpp>

#include "tests/number_janggi/nj_support.h"

using namespace facedown::engine;
using nlohmann::json;

namespace {

// Player 2's 1 walks b7-c6-c4-c3-c2, beating player 1's 2 (d3), then 9 (b2,
// across b|c) and 3 (d2), and stands on c2 in front of player 1's empty c1.
// Player 1's 7 runs a3-a5-a7-a9 to the far rank: a revival is offered with the
// removed 2, 9 and 3 as candidates and c1 as the only empty back-rank square.
const std::string kRevivalSetups =
    "setup 1 K:a1 M:b1 M:d1 M:e1 1:f1 4:a2 9:b2 3:d2 5:e2 6:f2 7:a3 2:d3 8:e3 10:f3\n"
    "setup 2 M:c9 M:d9 M:e9 K:f9 2:b8 3:c8 4:d8 5:e8 6:f8 1:b7 7:c7 8:d7 9:e7 10:f7\n"
    "first 2\nstart\n"
    "move b7-c6\nmove a3-a5\nmove c6-c4\nmove a5-a7\nmove c4-c3\nmove f3-f4\nmove c3-c2\nmove a7-a9\n";

std::string revival_script(const std::string& revive, const std::vector<std::string>& extra = {}) {
  std::vector<std::string> options = {"items=none", "revive=" + revive};
  options.insert(options.end(), extra.begin(), extra.end());
  return nj::header("genius-2015", options) + kRevivalSetups;
}

}  // namespace

TEST_CASE("revival is offered when a number survives on the far rank") {
  Match m = nj::run_ok(revival_script("optional-swap"));
  auto s = nj::state(m, kPublic);
  CHECK(s["status"] == "awaiting-revival");
  CHECK(s["to_move"].is_null());
  CHECK(s["clock"]["turn_elapsed"] == 0.0);
  CHECK(s["removed"]["1"] == json::array({"2", "9", "3"}));  // removal order; b2 before d2
  auto d = nj::events_of(m, "decision-awaited").back();
  CHECK(d["decision"] == "revival");
  CHECK(d["player"] == 1);
  CHECK(d["squares"] == json::array({"c1"}));
  REQUIRE(d["candidates"].size() == 3);
  // Moves are refused while the choice is pending.
  Match copy = nj::run_ok(revival_script("optional-swap"));
  CHECK(nj::submit(copy, "move c2-c1").value_or("") == "waiting for player 1's revival choice");
}

TEST_CASE("revive=optional-swap: the arriving piece is exchanged, face up, for a removed number") {
  Match m = nj::run_ok(revival_script("optional-swap") + "revive 9:c1\n");
  auto s = nj::state(m, kPublic);
  CHECK_FALSE(s["board"].contains("a9"));
  CHECK(s["board"]["c1"]["piece"] == "9");
  CHECK(s["board"]["c1"]["revealed"] == true);
  // The revived 9 left the list; the arriving 7 was appended.
  CHECK(s["removed"]["1"] == json::array({"2", "3", "7"}));
  auto rv = nj::events_of(m, "revived", kPublic).back();
  CHECK(rv["arriving"]["piece"] == "7");
  CHECK(rv["piece"]["piece"] == "9");
  // The revived piece battles as if it had moved to c1: 9 vs player 2's 1 on c2, sum 10: the 9 wins.
  auto b = nj::last_battle(m);
  CHECK(b["pairs"][0]["mover"]["square"] == "c1");
  CHECK(b["pairs"][0]["enemy"]["square"] == "c2");
  CHECK(b["pairs"][0]["outcome"] == "mover");
  CHECK(s["removed"]["2"] == json::array({"1"}));
  CHECK(s["to_move"] == 2);
}

TEST_CASE("revive=optional-swap: declining keeps the piece: the next far-rank move offers it again") {
  Match m = nj::run_ok(revival_script("optional-swap") + "revive decline\n");
  CHECK(nj::at(m, "a9") == "7");
  CHECK(nj::state(m, kPublic)["board"]["a9"]["piece"].is_null());  // it never battled: still face down
  CHECK(nj::state(m)["to_move"] == 2);
  // A sideways move along the far rank offers it again.
  auto p = nj::position({{"K", "a1"}, {"8", "a9"}, {"5", "d5"}}, {{"K", "f9"}, {"M", "d7"}, {"4", "f7"}, {"M", "e9"}},
                        1, {"items=none"});
  nj::play(p, "move d5-d6");  // the 5 falls with the mine on d7
  nj::play(p, "move f7-f6");
  nj::play(p, "move a9-b9");
  CHECK(nj::state(p)["status"] == "awaiting-revival");
  nj::play(p, "revive decline");
  nj::play(p, "move f6-f5");
  nj::play(p, "move b9-c9");
  CHECK(nj::state(p)["status"] == "awaiting-revival");
}

TEST_CASE("revive=remove-always: the arriving piece always leaves: a removed number may return") {
  Match m = nj::run_ok(revival_script("remove-always"));
  CHECK(nj::at(m, "a9").empty());
  auto rm = nj::events_of(m, "removed", kPublic).back();
  CHECK(rm["cause"] == "arrival");
  CHECK(rm["pieces"][0]["piece"] == "7");
  CHECK(nj::state(m)["status"] == "awaiting-revival");
  nj::play(m, "revive 3:c1");
  auto s = nj::state(m, kPublic);
  CHECK(nj::events_of(m, "revived").back()["piece"]["square"] == "c1");
  // The 3 returned, then fell again on c1 (below): it is listed after the 7.
  CHECK_FALSE(s["board"].contains("c1"));
  CHECK(s["removed"]["1"] == json::array({"2", "9", "7", "3"}));
  CHECK(nj::events_of(m, "revived").back()["arriving"].is_null());
  // The revived 3 battles player 2's 1 on c2: sum 4, the lower (1) wins.
  CHECK(nj::last_battle(m)["pairs"][0]["outcome"] == "enemy");
  Match d = nj::run_ok(revival_script("remove-always") + "revive decline\n");
  CHECK(nj::at(d, "a9").empty());
  CHECK(nj::state(d)["removed"]["1"] == json::array({"2", "9", "3", "7"}));
}

TEST_CASE("revive=keep-and-revive: the arriving piece stays and a removed number returns") {
  Match m = nj::run_ok(revival_script("keep-and-revive") + "revive 9:c1\n");
  CHECK(nj::at(m, "a9") == "7");
  CHECK(nj::at(m, "c1") == "9");
  CHECK(nj::events_of(m, "revived").back()["arriving"].is_null());
  CHECK(nj::state(m)["removed"]["1"] == json::array({"2", "3"}));
}

TEST_CASE("revival choices are validated") {
  Match m = nj::run_ok(revival_script("optional-swap"));
  const auto before = nj::state(m);
  CHECK(nj::submit(m, "revive 10:c1").value_or("").find("10 is not among player 1's removed numbers") == 0);
  CHECK(nj::submit(m, "revive 7:c1").value_or("").find("7 is not among") == 0);  // not the arriving piece
  CHECK(nj::submit(m, "revive M:c1").value_or("").find("M is not among") == 0);
  CHECK(nj::submit(m, "revive 9:b1").value_or("") == "b1 is not an empty square of player 1's back rank");
  CHECK(nj::submit(m, "revive 9:c2").value_or("") == "c2 is not an empty square of player 1's back rank");
  CHECK(nj::submit(m, "items 1=none 2=none").value_or("") == "no item declarations are awaited now");
  CHECK(nj::state(m) == before);
  auto ok = nj::run_ok(nj::header() + nj::setup(1, {}) + nj::setup(2, {}) + "first 1\nstart\n");
  CHECK(nj::submit(ok, "revive 9:c1").value_or("") == "no revival choice is awaited now");
}

TEST_CASE("no revival without a removed number or without an empty back-rank square") {
  SECTION("nothing removed yet") {
    std::string s = nj::header("genius-2015", {"items=none"}) +
                    "setup 1 K:a1 M:b1 M:d1 M:e1 1:f1 4:a2 9:b2 3:d2 5:e2 6:f2 7:a3 2:d3 8:e3 10:f3\n"
                    "setup 2 M:c9 M:d9 M:e9 K:f9 2:b8 3:c8 4:d8 5:e8 6:f8 1:b7 7:c7 8:d7 9:e7 10:f7\n"
                    "first 2\nstart\nmove b7-c6\nmove a3-a5\nmove f7-f6\nmove a5-a7\nmove f6-f5\nmove a7-a9\n";
    Match m = nj::run_ok(s);
    CHECK(nj::state(m)["status"] == "playing");
    CHECK(nj::state(m)["to_move"] == 2);
    CHECK(nj::events_of(m, "decision-awaited").empty());
  }
  SECTION("removed numbers but no empty square") {
    // Player 1's 5 is lost to a mine first, then the 8 reaches a9 with a full back rank.
    auto m = nj::position(
        {{"K", "a1"}, {"M", "b1"}, {"M", "c1"}, {"M", "d1"}, {"1", "e1"}, {"2", "f1"}, {"8", "a8"}, {"5", "d5"}},
        {{"K", "f9"}, {"M", "d7"}, {"M", "e9"}, {"4", "f7"}}, 1, {"items=none"});
    nj::play(m, "move d5-d6");  // meets the mine on d7: both removed
    nj::play(m, "move f7-f6");
    nj::play(m, "move a8-a9");
    CHECK(nj::state(m)["removed"]["1"] == json::array({"5"}));
    CHECK(nj::state(m)["status"] == "playing");
    CHECK(nj::events_of(m, "decision-awaited").empty());
  }
  SECTION("a king on the far rank wins instead of being offered a revival") {
    auto m = nj::position({{"K", "c8"}, {"M", "b1"}, {"4", "f4"}}, {{"K", "f9"}, {"M", "e9"}, {"3", "a7"}}, 1,
                          {"items=none"});
    nj::play(m, "move c8-c9");
    auto s = nj::state(m);
    CHECK(s["result"]["winner"] == 1);
    CHECK(s["result"]["reason"] == "king-reached-end");
  }
}

TEST_CASE("a number that dies on the far rank earns no revival") {
  auto m = nj::position({{"K", "a1"}, {"M", "b1"}, {"3", "c8"}, {"6", "f4"}},
                        {{"K", "f9"}, {"M", "e9"}, {"8", "d9"}, {"2", "a7"}}, 1, {"items=none"});
  nj::play(m, "move c8-c9");  // beside d9's 8: sum 11, the 8 wins
  CHECK(nj::last_battle(m)["pairs"][0]["outcome"] == "enemy");
  CHECK(nj::state(m)["status"] == "playing");
  CHECK(nj::events_of(m, "decision-awaited").empty());
}

TEST_CASE("revival after items: the items come first, then the revival, then its own items") {
  // Genius preset: every battling move waits for sealed declarations.
  std::string s = nj::header("genius-2015", {"revive=optional-swap"}) +
                  "setup 1 K:a1 M:b1 M:d1 M:e1 1:f1 4:a2 9:b2 3:d2 5:e2 6:f2 7:a3 2:d3 8:e3 10:f3\n"
                  "setup 2 M:c9 M:d9 M:e9 K:f9 2:b8 3:c8 4:d8 5:e8 6:f8 1:b7 7:c7 8:d7 9:e7 10:f7\n"
                  "first 2\nstart\nmove b7-c6\nmove a3-a5\nmove c6-c4\nmove a5-a7\nmove c4-c3\n"
                  "items 1=none 2=none\nmove f3-f4\nmove c3-c2\nitems 1=none 2=none\nmove a7-a9\nrevive 9:c1\n";
  Match m = nj::run_ok(s);
  CHECK(nj::state(m)["status"] == "awaiting-items");
  auto d = nj::events_of(m, "decision-awaited").back();
  CHECK(d["squares"] == json::array({"c1", "c2"}));
  nj::play(m, "items 1=plus:c1 2=none");  // 10 vs 1: sum 11, the 10 wins
  CHECK(nj::last_battle(m)["pairs"][0]["mover"]["value"] == 10);
  CHECK(nj::state(m)["to_move"] == 2);
}

TEST_CASE("end: annihilation and simultaneous annihilation") {
  SECTION("the last piece but the king falls: its owner loses") {
    auto m = nj::position({{"K", "a1"}, {"5", "c4"}}, {{"K", "f9"}, {"3", "c5"}}, 1, {"items=none"});
    nj::play(m, "move c4-d4");  // nothing adjacent: no battle, game goes on
    CHECK(nj::state(m)["status"] == "playing");
    auto m2 = nj::position({{"K", "a1"}, {"5", "c4"}, {"6", "e2"}}, {{"K", "f9"}, {"4", "c6"}}, 1, {"items=none"});
    nj::play(m2, "move c4-c5");  // 5 vs 4: sum 9, the 4 wins
    auto s = nj::state(m2);
    CHECK(s["status"] == "playing");  // player 1 still has the 6
    auto m3 = nj::position({{"K", "a1"}, {"7", "c4"}}, {{"K", "f9"}, {"4", "c6"}}, 1, {"items=none"});
    nj::play(m3, "move c4-c5");  // 7 vs 4: sum 11, the 7 wins; player 2 has only the king
    CHECK(nj::state(m3)["result"] == json({{"winner", 1}, {"reason", "annihilation"}}));
  }
  SECTION("mines count as pieces") {
    auto m = nj::position({{"K", "a1"}, {"7", "c4"}, {"2", "e2"}}, {{"K", "f9"}, {"4", "c6"}, {"M", "a9"}}, 1,
                          {"items=none"});
    nj::play(m, "move c4-c5");
    CHECK(nj::state(m)["status"] == "playing");
  }
  SECTION("both at once: draw, or the mover wins") {
    for (const std::string v : {"draw", "mover-wins"}) {
      auto m = nj::position({{"K", "a1"}, {"5", "c5"}}, {{"K", "f9"}, {"M", "c6"}}, 1,
                            {"items=none", "simultaneous_annihilation=" + v});
      nj::play(m, "move c5-b5");  // nothing adjacent yet
      CHECK(nj::state(m)["status"] == "playing");
      nj::play(m, "move f9-f8");
      nj::play(m, "move b5-b6");  // beside the mine on c6 across b|c: both removed
      auto res = nj::state(m)["result"];
      CHECK(res["reason"] == "simultaneous-annihilation");
      CHECK(res["winner"] == (v == "draw" ? json() : json(1)));
    }
  }
}

TEST_CASE("end: the mover's king reaching the far rank and surviving wins") {
  auto m = nj::position({{"K", "c7"}, {"4", "f4"}}, {{"K", "e9"}, {"M", "a9"}}, 1, {"items=none"});
  nj::play(m, "move c7-c9");
  CHECK(nj::state(m)["result"] == json({{"winner", 1}, {"reason", "king-reached-end"}}));
  SECTION("next to the other king (kings do nothing): still a win") {
    auto k = nj::position({{"K", "d8"}, {"4", "f4"}}, {{"K", "e9"}, {"M", "a9"}}, 1, {"items=none"});
    nj::play(k, "move d8-d9");
    CHECK(nj::state(k)["result"] == json({{"winner", 1}, {"reason", "king-reached-end"}}));
  }
  SECTION("player 2's king reaching rank 1") {
    auto k = nj::position({{"K", "f1"}, {"M", "f3"}}, {{"K", "b2"}, {"5", "a9"}}, 2, {"items=none"});
    nj::play(k, "move b2-b1");
    CHECK(nj::state(k)["result"] == json({{"winner", 2}, {"reason", "king-reached-end"}}));
  }
  SECTION("a king on its way (not yet on the far rank) does not win") {
    auto k = nj::position({{"K", "c6"}, {"4", "f4"}}, {{"K", "e9"}, {"M", "a9"}}, 1, {"items=none"});
    nj::play(k, "move c6-c8");
    CHECK(nj::state(k)["status"] == "playing");
  }
}

TEST_CASE("end: the player to move with no legal move (no_legal_moves)") {
  for (const std::string v : {"loss", "draw"}) {
    INFO("no_legal_moves=" << v);
    // Player 2: a king boxed in on a2 and a mine; player 1 makes a quiet move.
    auto m = nj::position({{"K", "f1"}, {"1", "a1"}, {"2", "b1"}, {"3", "b2"}, {"4", "e4"}},
                          {{"K", "a2"}, {"M", "f9"}}, 1, {"items=none", "no_legal_moves=" + v});
    nj::play(m, "move e4-e5");
    auto res = nj::state(m)["result"];
    CHECK(res["reason"] == "no-legal-moves");
    CHECK(res["winner"] == (v == "loss" ? json(1) : json()));
  }
}

TEST_CASE("end: resignation, agreed draw, award: everything but void refused after the end") {
  const std::string base = nj::header() + nj::setup(1, {}) + nj::setup(2, {}) + "first 1\nstart\n";
  CHECK(nj::state(nj::run_ok(base + "resign 1\n"))["result"] == json({{"winner", 2}, {"reason", "resigned"}}));
  CHECK(nj::state(nj::run_ok(base + "draw\n"))["result"] == json({{"winner", nullptr}, {"reason", "draw-agreed"}}));
  auto aw = nj::run_ok(base + "award 2 \"player 1 touched the board\"\n");
  CHECK(nj::state(aw)["result"] == json({{"winner", 2}, {"reason", "awarded"}}));
  CHECK(nj::events_of(aw, "ended").back()["detail"] == "player 1 touched the board");
  auto noreason = nj::run(base + "award 2 \"\"\n");
  REQUIRE(noreason.errors.size() == 1);
  CHECK(noreason.errors[0].find("an award needs a reason") != std::string::npos);

  Match m = nj::run_ok(base + "resign 2\n");
  const auto before = nj::state(m);
  for (const std::string line : {"move a3-a4", "resign 1", "draw", "award 1 \"x\"", "warn 1 \"x\"", "pause \"x\"",
                                 "tick", "setup 1 K:a1", "first 2", "start", "items 1=none 2=none", "revive decline"}) {
    INFO(line);
    CHECK(nj::submit(m, line).value_or("") ==
          "the game is over (resigned); only void, note, caption and close are accepted");
  }
  CHECK(nj::state(m) == before);
  CHECK(before["to_move"].is_null());
  CHECK(before["status"] == "finished");
}

TEST_CASE("end: ply_limit draws after that many moves: 0 is off") {
  const std::string p1 = nj::setup(1, {{"1", "a3"}, {"2", "b3"}}), p2 = nj::setup(2, {{"1", "a7"}});
  Match m = nj::run_ok(nj::header("genius-2015", {"ply_limit=3"}) + p1 + p2 +
                       "first 1\nstart\nmove a3-a4\nmove a7-a6\n");
  CHECK(nj::state(m)["status"] == "playing");
  nj::play(m, "move b3-b4");
  CHECK(nj::state(m)["result"] == json({{"winner", nullptr}, {"reason", "ply-limit"}}));
  CHECK(nj::state(m)["ply"] == 3);
  Match off = nj::run_ok(nj::header("genius-2015", {"ply_limit=0"}) + p1 + p2 +
                         "first 1\nstart\nmove a3-a4\nmove a7-a6\nmove b3-b4\n");
  CHECK(nj::state(off)["status"] == "playing");
}

namespace {

// Player 1's only loss is face down: player 2's 5 meets c3 under player 1's Blind
// and both leave the board. On c3 stands a 5 (`number`) or a mine; then player 1's
// 9 walks a3-a5-a7-a9 to the far rank, with e1 empty on its back rank.
std::string face_down_loss(bool number, const std::string& revive) {
  const std::string p1 = number ? "setup 1 K:a1 M:b1 M:c1 M:d1 2:f1 3:a2 4:b2 10:c2 6:d2 7:e2 8:f2 9:a3 5:c3 1:e3\n"
                                : "setup 1 K:a1 M:b1 M:c1 5:d1 2:f1 3:a2 4:b2 10:c2 6:d2 7:e2 8:f2 9:a3 M:c3 1:e3\n";
  return nj::header("genius-2015", {"revive=" + revive}) + p1 +
         "setup 2 K:f9 M:e9 M:d9 M:c9 1:b9 2:c7 3:f8 4:e8 5:d8 6:c8 7:b8 8:a8 9:f7 10:e7\n"
         "first 1\nstart\n"
         "@1 move a3-a5\n@2 move d8-d6\n@3 move f2-f3\n@4 move d6-d4\n@5 move f3-f4\n"
         "@6 move d4-c4\n@7 items 1=blind:c3 2=none\n"
         "@8 move a5-a7\n@9 items 1=none 2=none\n@10 move f7-f6\n"
         "@11 move a7-a9\n@12 items 1=none 2=none\n";
}

}  // namespace

TEST_CASE("revival (optional-swap): an offer never tells a face-down loss's identity") {
  Match with_number = nj::run_ok(face_down_loss(true, "optional-swap"));
  Match with_mine = nj::run_ok(face_down_loss(false, "optional-swap"));
  // Both are offered (the ruling: a face-down loss and an empty back-rank square).
  for (const Match* m : {&with_number, &with_mine}) {
    CHECK(nj::state(*m)["status"] == "awaiting-revival");
    CHECK(nj::state(*m)["removed"]["1"].size() == 1);            // the face-down piece only
    CHECK(nj::state(*m, kPublic)["removed"]["1"] == json::array({nullptr}));
  }
  CHECK(nj::events_of(with_number, "decision-awaited").back()["candidates"].size() == 1);
  CHECK(nj::events_of(with_mine, "decision-awaited").back()["candidates"].empty());
  // What the public and player 2 see is the same, byte for byte.
  for (Viewer v : {kPublic, kPlayer2}) {
    CHECK(nj::events(with_number, v) == nj::events(with_mine, v));
    CHECK(nj::state(with_number, v) == nj::state(with_mine, v));
  }
  // With a mine nothing can come back: only a decline, which looks like any other.
  CHECK(nj::submit(with_mine, "@13 revive 5:e1").value_or("").find("is not among player 1's removed numbers") !=
        std::string::npos);
  nj::play(with_mine, "@13 revive decline");
  Match declined = nj::run_ok(face_down_loss(true, "optional-swap") + "@13 revive decline\n");
  for (Viewer v : {kPublic, kPlayer2}) CHECK(nj::events(declined, v) == nj::events(with_mine, v));
  // With the number, it may come back (face up).
  nj::play(with_number, "@13 revive 5:e1");
  CHECK(nj::at(with_number, "e1") == "5");
}

TEST_CASE("revival (remove-always, keep-and-revive): only a number that can come back makes an offer") {
  for (const std::string revive : {"remove-always", "keep-and-revive"}) {
    INFO(revive);
    Match with_number = nj::run_ok(face_down_loss(true, revive));
    Match with_mine = nj::run_ok(face_down_loss(false, revive));
    CHECK(nj::state(with_number)["status"] == "awaiting-revival");
    CHECK(nj::state(with_mine)["status"] == "playing");
    for (const auto& d : nj::events_of(with_mine, "decision-awaited")) CHECK(d["decision"] != "revival");
  }
}
