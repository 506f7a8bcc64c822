// Items: when declarations are awaited, sealed declarations of both players in
// one command, validation (own piece in this move's battles, +1/-1 on numbers
// only, stock left), effects on every battle of the move, and the `items` option.
#include <catch2/catch.hpp>

#include "tests/number_janggi/nj_support.h"

using namespace facedown::engine;
using nlohmann::json;

namespace {

// Player 1's 5 on c4 steps to c5 beside player 2's 6 on d5 (sum: no line c|d)
// and in front of player 2's 5 on c6; everything else is far away.
Match three_way(const std::vector<std::string>& options = {}) {
  auto m = nj::position({{"K", "a1"}, {"5", "c4"}, {"M", "f1"}, {"8", "f3"}},
                        {{"K", "f9"}, {"6", "d5"}, {"5", "c6"}, {"M", "a9"}, {"9", "e8"}}, 1, options);
  nj::play(m, "move c4-c5");
  return m;
}

}  // namespace

TEST_CASE("a battling move waits for both players' sealed declarations") {
  Match m = three_way();
  auto s = nj::state(m, kPublic);
  CHECK(s["status"] == "awaiting-items");
  CHECK(s["to_move"].is_null());
  CHECK(s["clock"]["turn_elapsed"] == 0.0);
  auto d = nj::events_of(m, "decision-awaited", kPublic).back();
  CHECK(d["decision"] == "items");
  CHECK(d["player"] == 0);
  CHECK(d["squares"] == json::array({"c5", "d5", "c6"}));
  CHECK_FALSE(d.contains("piece_id"));  // internal ids never leave the referee view
  // Nothing is resolved yet: no battle, nobody revealed.
  CHECK(nj::events_of(m, "battle").empty());
  CHECK(s["board"]["c5"]["piece"].is_null());
  CHECK(nj::submit(m, "move d5-d4").value_or("") == "waiting for item declarations");
  // Both players are named in one command: a single declaration is not a command.
  CHECK(nj::submit(m, "items 1=none").value_or("").find("usage: items") == 0);
  CHECK(nj::submit(m, "items 1=none 1=none").value_or("") == "player 1 is named twice");
  CHECK(nj::submit(m, "items 1=none 3=none").value_or("").find("expected N=ITEM:SQUARE") == 0);
  CHECK(nj::submit(m, "items 1=sword:c5 2=none").value_or("").find("unknown item 'sword'") == 0);
}

TEST_CASE("a move without a battle does not wait for items") {
  auto m = nj::position({{"K", "a1"}, {"5", "c4"}}, {{"K", "f9"}, {"M", "e9"}, {"6", "e7"}}, 1);
  nj::play(m, "move c4-c5");
  CHECK(nj::state(m)["status"] == "playing");
  CHECK(nj::state(m)["to_move"] == 2);
}

TEST_CASE("+1 changes the value for every battle of the move") {
  SECTION("without items: 5 vs 6 (sum 11, the 6 wins) and 5 vs 5 (both)") {
    Match m = three_way();
    nj::play(m, "items 1=none 2=none");
    std::map<std::string, json> by_sq;
    const auto battle = nj::last_battle(m);
    for (const auto& p : battle["pairs"]) by_sq[p["enemy"]["square"]] = p;
    REQUIRE(by_sq.size() == 2);
    CHECK(by_sq["d5"]["outcome"] == "enemy");
    CHECK(by_sq["c6"]["outcome"] == "both");
  }
  SECTION("with +1: 6 vs 6 (both) and 6 vs 5 (sum 11, the 6 wins) — removed by the tie") {
    Match m = three_way();
    nj::play(m, "items 1=plus:c5 2=none");
    auto b = nj::last_battle(m);
    std::map<std::string, json> by_sq;
    for (const auto& p : b["pairs"]) {
      CHECK(p["mover"]["value"] == 6);
      by_sq[p["enemy"]["square"]] = p;
    }
    CHECK(by_sq["d5"]["outcome"] == "both");
    CHECK(by_sq["c6"]["outcome"] == "mover");
    auto s = nj::state(m);
    CHECK(s["removed"]["1"] == json::array({"5"}));
    CHECK(s["removed"]["2"] == json::array({"5", "6"}));  // c6 before d5 (file order)
    CHECK(s["items"]["1"] == json({{"blind", 1}, {"plus", 0}, {"minus", 1}}));
  }
  SECTION("-1 on the defender: 5 vs 6-1=5 (both)") {
    Match m = three_way();
    nj::play(m, "items 1=none 2=minus:d5");
    std::map<std::string, json> by_sq;
    const auto battle = nj::last_battle(m);
    for (const auto& p : battle["pairs"]) by_sq[p["enemy"]["square"]] = p;
    CHECK(by_sq["d5"]["enemy"]["value"] == 5);
    CHECK(by_sq["d5"]["outcome"] == "both");
    CHECK(by_sq["c6"]["enemy"]["value"] == 5);
  }
}

TEST_CASE("declarations are validated: a refused declaration changes nothing") {
  Match m = three_way();
  const auto before = nj::state(m);
  // Only the declarer's own pieces taking part in this move's battles.
  CHECK(nj::submit(m, "items 1=plus:d5 2=none").value_or("") == "d5 is not one of player 1's pieces in this battle");
  CHECK(nj::submit(m, "items 1=plus:f3 2=none").value_or("") == "f3 is not one of player 1's pieces in this battle");
  CHECK(nj::submit(m, "items 1=none 2=plus:e8").value_or("") == "e8 is not one of player 2's pieces in this battle");
  CHECK(nj::submit(m, "items 1=none 2=plus:c4").value_or("") == "c4 is not one of player 2's pieces in this battle");
  CHECK(nj::submit(m, "items 1=none 2=blind:b5").value_or("") == "b5 is not one of player 2's pieces in this battle");
  CHECK(nj::state(m) == before);
  CHECK(nj::state(m)["status"] == "awaiting-items");
  // +1 and -1 only on numbers; Blind on any own piece taking part.
  auto mk = nj::position({{"K", "c4"}, {"5", "f3"}, {"M", "a1"}}, {{"K", "c5"}, {"M", "a9"}, {"4", "f7"}}, 1);
  nj::play(mk, "move c4-d4");  // away from the king: no battle
  nj::play(mk, "move c5-d5");  // player 2's king steps in front of player 1's king
  CHECK(nj::submit(mk, "items 1=plus:d4 2=none").value_or("") ==
        "+1 and -1 apply only to numbers; d4 is not a number");
  CHECK(nj::submit(mk, "items 1=none 2=minus:d5").value_or("") ==
        "+1 and -1 apply only to numbers; d5 is not a number");
  nj::play(mk, "items 1=blind:d4 2=blind:d5");
  CHECK(nj::last_battle(mk)["pairs"][0]["kind"] == "kings");
}

TEST_CASE("option items: none, the default one of each, and any counts") {
  SECTION("none: no declarations are ever awaited; the inventory still shows, at zero") {
    Match m = three_way({"items=none"});
    CHECK(nj::state(m)["to_move"] == 2);
    CHECK(nj::state(m, kPublic)["items"] == json({{"1", {{"blind", 0}, {"plus", 0}, {"minus", 0}}},
                                                   {"2", {{"blind", 0}, {"plus", 0}, {"minus", 0}}}}));
  }
  SECTION("rsf-s52 has no items") {
    auto m = nj::position({{"K", "a1"}, {"5", "c4"}, {"M", "f1"}}, {{"K", "f9"}, {"6", "c6"}, {"M", "a9"}}, 1, {},
                          "rsf-s52");
    nj::play(m, "move c4-c5");
    CHECK(nj::state(m)["status"] == "playing");
  }
  SECTION("genius-2015: blind:1,plus:1,minus:1 each") {
    CHECK(nj::state(three_way())["items"]["2"] == json({{"blind", 1}, {"plus", 1}, {"minus", 1}}));
  }
  SECTION("counts: a player with nothing left is refused; once nobody holds any, no waiting") {
    Match m = three_way({"items=blind:0,plus:1,minus:0"});
    CHECK(nj::state(m)["items"]["1"] == json({{"blind", 0}, {"plus", 1}, {"minus", 0}}));
    CHECK(nj::submit(m, "items 1=blind:c5 2=none").value_or("") == "player 1 has no blind item left");
    nj::play(m, "items 1=plus:c5 2=plus:c6");
    CHECK(nj::state(m)["items"]["1"]["plus"] == 0);
    CHECK(nj::state(m)["items"]["2"]["plus"] == 0);
    // 6 vs 6 and 6 vs 6: all three fall.
    CHECK(nj::state(m)["to_move"] == 2);
    nj::play(m, "move e8-e6");
    nj::play(m, "move f3-f4");
    nj::play(m, "move e6-e4");  // beside player 1's 8 on f4: a battle, but nobody holds items
    CHECK(nj::last_battle(m)["pairs"][0]["outcome"] == "mover");  // 9 vs 8: sum 17
    CHECK(nj::state(m)["status"] == "playing");
    CHECK(nj::state(m)["to_move"] == 1);
  }
  SECTION("two of a kind can be used on two moves") {
    Match m = three_way({"items=blind:0,plus:2,minus:0"});
    nj::play(m, "items 1=plus:c5 2=none");
    CHECK(nj::state(m)["items"]["1"]["plus"] == 1);
  }
  SECTION("a malformed inventory is refused on its own line; the preset's items stay") {
    for (const std::string bad : {"blind:1,blind:2", "lots", "plus:100", "blind:-1", "", "blind:1,", "sword:1"}) {
      INFO("items=" << bad);
      auto r = nj::run(nj::header("genius-2015", {"items=" + bad}) + nj::setup(1, {}) + nj::setup(2, {}) +
                       "first 1\nstart\n");
      REQUIRE(r.errors.size() == 1);
      CHECK(r.errors[0].find("line 3: option items=" + bad + ": ") == 0);
      CHECK(r.errors[0].find("option items must be none or counts") != std::string::npos);
      REQUIRE(r.match);
      CHECK(nj::state(*r.match)["items"]["1"] == json({{"blind", 1}, {"plus", 1}, {"minus", 1}}));
    }
  }
}

TEST_CASE("item use is public: Blind keeps the piece face down even when it falls") {
  // Player 2 blinds the 5 on c6: it and player 1's 5 fall together (5 vs 5).
  Match m = three_way();
  nj::play(m, "items 1=none 2=blind:c6");
  auto pub = nj::last_battle(m, kPublic);
  std::map<std::string, json> by_sq;
  for (const auto& p : pub["pairs"]) by_sq[p["enemy"]["square"]] = p;
  CHECK(by_sq["c6"]["enemy"]["piece"].is_null());
  CHECK_FALSE(by_sq["c6"]["enemy"].contains("value"));
  CHECK(by_sq["c6"]["outcome"] == "both");
  CHECK(by_sq["d5"]["enemy"]["piece"] == "6");
  auto s = nj::state(m, kPublic);
  // Removal order in square order: player 2's c6 (face down: null) before d5? d5 survived.
  CHECK(s["removed"]["2"] == json::array({nullptr}));
  CHECK(nj::state(m, kPlayer1)["removed"]["2"] == json::array({nullptr}));
  CHECK(nj::state(m, kPlayer2)["removed"]["2"] == json::array({"5"}));
  CHECK(nj::state(m, kReferee)["removed"]["2"] == json::array({"5"}));
  auto decl = nj::events_of(m, "items-declared", kPublic).back();
  CHECK(decl["items"]["2"] == json({{"item", "blind"}, {"square", "c6"}}));
  CHECK(decl["items"]["1"].is_null());
}

TEST_CASE("Blind hides what kind of battle it was: a blinded mine is not given away") {
  // Regression: the public saw the pair's kind ("mine"), which told them the
  // blinded piece was a mine (and "sum"/"minus" that it was a number).
  auto m = nj::position({{"K", "a1"}, {"5", "c4"}, {"M", "f1"}}, {{"K", "f9"}, {"M", "c6"}, {"4", "e8"}}, 1);
  nj::play(m, "move c4-c5");
  nj::play(m, "items 1=none 2=blind:c6");
  auto ref = nj::last_battle(m, kReferee)["pairs"][0];
  CHECK(ref["kind"] == "mine");
  CHECK(ref["outcome"] == "both");
  for (Viewer v : {kPublic, kPlayer1}) {
    auto pair = nj::last_battle(m, v)["pairs"][0];
    CHECK(pair["kind"].is_null());
    CHECK(pair["enemy"]["piece"].is_null());
    CHECK(pair["outcome"] == "both");
    CHECK(nj::state(m, v)["removed"]["2"] == json::array({nullptr}));
  }
  CHECK(nj::last_battle(m, kPlayer2)["pairs"][0]["kind"] == "mine");  // the owner knows
  // A blinded number: "sum" would tell that it is a number.
  auto n = nj::position({{"K", "a1"}, {"5", "c4"}, {"M", "f1"}}, {{"K", "f9"}, {"3", "c6"}, {"4", "e8"}}, 1);
  nj::play(n, "move c4-c5");
  nj::play(n, "items 1=blind:c5 2=none");
  CHECK(nj::last_battle(n, kPublic)["pairs"][0]["kind"].is_null());
  CHECK(nj::last_battle(n, kPlayer1)["pairs"][0]["kind"] == "sum");
  CHECK(nj::last_battle(n, kReferee)["pairs"][0]["kind"] == "sum");
}
