// Battles: every row of the rulebook's worked-examples table, the multi-battle
// example, mines, kings, reveal rules and the battle options (tie_compare,
// minus_rule, reveal_kings).
#include <catch2/catch.hpp>

#include "tests/number_janggi/nj_support.h"

using namespace facedown::engine;
using nj::Pins;

namespace {

// Player 2's `enemy` steps c7-c5; then player 1's `mover` arrives beside it:
// c3-c4 (front contact: a sum battle) or b3-b5 (across the b|c minus line).
std::string duel_script(const std::string& mover, const std::string& enemy, bool minus,
                        const std::vector<std::string>& options, const std::string& items_line) {
  std::string s = nj::header("genius-2015", options);
  s += nj::setup(1, {{mover, minus ? "b3" : "c3"}});
  s += nj::setup(2, {{enemy, "c7"}});
  s += "first 2\nstart\nmove c7-c5\n";
  s += minus ? "move b3-b5\n" : "move c3-c4\n";
  if (!items_line.empty()) s += items_line + "\n";
  return s;
}

Match duel(const std::string& mover, const std::string& enemy, bool minus,
           std::vector<std::string> options = {}, const std::string& items_line = "") {
  if (items_line.empty()) options.push_back("items=none");
  return nj::run_ok(duel_script(mover, enemy, minus, options, items_line));
}

}  // namespace

TEST_CASE("worked examples without items: sum and minus battles") {
  struct Row {
    std::string mover, enemy;
    bool minus;
    std::string kind, outcome;  // outcome: who wins ("mover" | "enemy") or "both" removed
  };
  const std::vector<Row> rows = {
      {"3", "8", false, "sum", "enemy"},   // sum 11: 8 wins
      {"3", "6", false, "sum", "mover"},   // sum 9: 3 wins
      {"4", "6", false, "sum", "enemy"},   // sum 10 counts as 10 or more: 6 wins
      {"1", "9", false, "sum", "enemy"},   // sum 10: 9 wins
      {"1", "8", false, "sum", "mover"},   // sum 9: 1 wins
      {"5", "5", false, "sum", "both"},    // equal: both removed
      {"10", "9", false, "sum", "mover"},  // sum 19: 10 wins
      {"9", "2", true, "minus", "enemy"},  // minus: 2 wins
      {"10", "1", true, "minus", "enemy"}, // minus: 1 wins
      {"7", "7", true, "minus", "both"},   // minus, equal: both removed
  };
  for (const auto& minus_rule : {"lower-wins", "threshold"}) {
    for (const auto& row : rows) {
      INFO(row.mover << " vs " << row.enemy << (row.minus ? " (minus)" : " (sum)") << ", minus_rule="
                     << minus_rule);
      Match m = duel(row.mover, row.enemy, row.minus, {std::string("minus_rule=") + minus_rule});
      auto b = nj::last_battle(m);
      REQUIRE(b["pairs"].size() == 1);
      const auto& pair = b["pairs"][0];
      CHECK(pair["kind"] == row.kind);
      CHECK(pair["outcome"] == row.outcome);
      CHECK(pair["mover"]["value"] == std::stoi(row.mover));
      CHECK(pair["enemy"]["value"] == std::stoi(row.enemy));
      const std::string mover_sq = row.minus ? "b5" : "c4";
      auto s = nj::state(m, kPublic);
      // The survivor stands face up for everyone; losers are off the board, face up.
      if (row.outcome == "mover") {
        CHECK(s["board"][mover_sq]["piece"] == row.mover);
        CHECK(s["board"][mover_sq]["revealed"] == true);
        CHECK_FALSE(s["board"].contains("c5"));
        CHECK(s["removed"]["2"] == nlohmann::json::array({row.enemy}));
        CHECK(s["removed"]["1"].empty());
      } else if (row.outcome == "enemy") {
        CHECK(s["board"]["c5"]["piece"] == row.enemy);
        CHECK(s["board"]["c5"]["revealed"] == true);
        CHECK_FALSE(s["board"].contains(mover_sq));
        CHECK(s["removed"]["1"] == nlohmann::json::array({row.mover}));
        CHECK(s["removed"]["2"].empty());
      } else {
        CHECK_FALSE(s["board"].contains(mover_sq));
        CHECK_FALSE(s["board"].contains("c5"));
        CHECK(s["removed"]["1"] == nlohmann::json::array({row.mover}));
        CHECK(s["removed"]["2"] == nlohmann::json::array({row.enemy}));
      }
      CHECK(s["status"] == "playing");
      CHECK(s["to_move"] == 2);
    }
  }
}

TEST_CASE("minus lines lie on the b|c and d|e borders only, and only side by side") {
  // b5 against c5: minus. c4 against c5 (front): sum. d5 against c5: sum (no line c|d).
  SECTION("b|c side by side") { CHECK(nj::last_battle(duel("9", "2", true))["pairs"][0]["kind"] == "minus"); }
  SECTION("front contact across no border") {
    CHECK(nj::last_battle(duel("9", "2", false))["pairs"][0]["kind"] == "sum");
  }
  SECTION("c|d and d|e") {
    // Player 1's pieces arrive on d5 (beside c5: no line) and e5 (beside d5: d|e line).
    auto m = nj::position({{"K", "a1"}, {"M", "b1"}, {"9", "d4"}, {"8", "e4"}},
                          {{"K", "f9"}, {"M", "e9"}, {"2", "c5"}, {"3", "d6"}}, 1, {"items=none"});
    nj::play(m, "move d4-d5");  // beside c5 (c|d: no line), below d6 (front)
    auto b = nj::last_battle(m);
    REQUIRE(b["pairs"].size() == 2);
    CHECK(b["pairs"][0]["enemy"]["square"] == "c5");
    CHECK(b["pairs"][0]["kind"] == "sum");
    CHECK(b["pairs"][1]["enemy"]["square"] == "d6");
    CHECK(b["pairs"][1]["kind"] == "sum");
    auto m2 = nj::position({{"K", "a1"}, {"M", "b1"}, {"9", "e4"}},
                           {{"K", "f9"}, {"M", "e9"}, {"2", "d5"}}, 1, {"items=none"});
    nj::play(m2, "move e4-e5");
    CHECK(nj::last_battle(m2)["pairs"][0]["kind"] == "minus");
  }
}

TEST_CASE("diagonal neighbours never battle") {
  auto m = nj::position({{"K", "a1"}, {"M", "b1"}, {"5", "c3"}},
                        {{"K", "f9"}, {"M", "e9"}, {"6", "b5"}, {"7", "d5"}}, 1, {"items=none"});
  nj::play(m, "move c3-c4");  // b5 and d5 are diagonal to c4
  CHECK(nj::events_of(m, "battle").empty());
  CHECK(nj::state(m)["to_move"] == 2);
}

TEST_CASE("worked examples with items") {
  SECTION("10 vs 8 with +1 on the 8: sum 19, the 10 wins (as played on the show)") {
    Match m = duel("10", "8", false, {}, "items 1=none 2=plus:c5");
    auto pair = nj::last_battle(m)["pairs"][0];
    CHECK(pair["enemy"]["value"] == 9);
    CHECK(pair["outcome"] == "mover");
    CHECK(nj::at(m, "c4") == "10");
    CHECK(nj::state(m)["items"]["2"]["plus"] == 0);
    CHECK(nj::state(m)["items"]["1"]["plus"] == 1);
  }
  SECTION("10 with +1 vs 10: the 11 wins (tie_compare=effective)") {
    Match m = duel("10", "10", false, {}, "items 1=plus:c4 2=none");
    auto pair = nj::last_battle(m)["pairs"][0];
    CHECK(pair["mover"]["value"] == 11);
    CHECK(pair["outcome"] == "mover");
    CHECK(nj::at(m, "c4") == "10");
  }
  SECTION("10 with +1 vs 10 under tie_compare=printed: equal printed values, both removed") {
    Match m = duel("10", "10", false, {"tie_compare=printed"}, "items 1=plus:c4 2=none");
    CHECK(nj::last_battle(m)["pairs"][0]["outcome"] == "both");
    CHECK(nj::at(m, "c4").empty());
    CHECK(nj::at(m, "c5").empty());
  }
  SECTION("tie_compare: a 6 with -1 against a 5") {
    // Equal effective values (5 and 5) fall together under effective. Under printed
    // 6 and 5 are not a tie, but neither effective value is higher, so no piece can
    // win: both still fall (the only consistent reading).
    Match eff = duel("6", "5", false, {}, "items 1=minus:c4 2=none");
    CHECK(nj::last_battle(eff)["pairs"][0]["outcome"] == "both");
    Match pr = duel("6", "5", false, {"tie_compare=printed"}, "items 1=minus:c4 2=none");
    CHECK(nj::last_battle(pr)["pairs"][0]["outcome"] == "both");
  }
  SECTION("1 with -1 vs 10 across a minus line: the 0 wins under lower-wins") {
    Match m = duel("1", "10", true, {}, "items 1=minus:b5 2=none");
    auto pair = nj::last_battle(m)["pairs"][0];
    CHECK(pair["mover"]["value"] == 0);
    CHECK(pair["kind"] == "minus");
    CHECK(pair["outcome"] == "mover");
  }
  SECTION("1 with -1 vs 10 across a minus line: the 10 wins under threshold") {
    Match m = duel("1", "10", true, {"minus_rule=threshold"}, "items 1=minus:b5 2=none");
    auto pair = nj::last_battle(m)["pairs"][0];
    CHECK(pair["mover"]["value"] == 0);
    CHECK(pair["outcome"] == "enemy");
    CHECK(nj::at(m, "c5") == "10");
  }
  SECTION("0 and 11 are valid effective values in sum battles too") {
    Match m = duel("1", "9", false, {}, "items 1=minus:c4 2=plus:c5");  // 0 vs 10: sum 10, higher wins
    auto pair = nj::last_battle(m)["pairs"][0];
    CHECK(pair["mover"]["value"] == 0);
    CHECK(pair["enemy"]["value"] == 10);
    CHECK(pair["outcome"] == "enemy");
  }
  SECTION("3 (Blind) vs 6: the 3 wins; opponent and public learn only that the 6 was removed") {
    Match m = duel("3", "6", false, {}, "items 1=blind:c4 2=none");
    auto ref = nj::last_battle(m, kReferee)["pairs"][0];
    CHECK(ref["outcome"] == "mover");
    CHECK(ref["mover"]["value"] == 3);
    for (Viewer v : {kPublic, kPlayer2}) {
      INFO("viewer " << int(v));
      auto b = nj::last_battle(m, v);
      CHECK(b["pairs"][0]["mover"]["piece"].is_null());
      CHECK_FALSE(b["pairs"][0]["mover"].contains("value"));
      CHECK(b["pairs"][0]["enemy"]["piece"] == "6");
      CHECK(b["pairs"][0]["outcome"] == "mover");
      CHECK(b["removed"] == nlohmann::json::array({{{"owner", 2}, {"piece", "6"}, {"square", "c5"}}}));
      auto s = nj::state(m, v);
      CHECK(s["board"]["c4"]["piece"].is_null());
      CHECK(s["board"]["c4"]["revealed"] == false);
      CHECK(s["removed"]["2"] == nlohmann::json::array({"6"}));
      // That an item was used, which and by whom, is public.
      auto decl = nj::events_of(m, "items-declared", v).back();
      CHECK(decl["items"]["1"]["item"] == "blind");
      CHECK(s["items"]["1"]["blind"] == 0);
    }
    auto own = nj::state(m, kPlayer1);
    CHECK(own["board"]["c4"]["piece"] == "3");
  }
}

TEST_CASE("mines: any number that meets a mine falls with it: mines never move") {
  std::string s = nj::header("genius-2015", {"items=none"});
  s += nj::setup(1, {{"5", "c3"}, {"1", "f3"}});
  s += nj::setup(2, {{"M", "c7"}, {"2", "f7"}});
  s += "first 1\nstart\nmove c3-c5\nmove f7-f6\nmove c5-c6\n";
  Match m = nj::run_ok(s);
  auto b = nj::last_battle(m);
  CHECK(b["pairs"][0]["kind"] == "mine");
  CHECK(b["pairs"][0]["outcome"] == "both");
  auto st = nj::state(m, kPublic);
  CHECK(st["removed"]["1"] == nlohmann::json::array({"5"}));
  CHECK(st["removed"]["2"] == nlohmann::json::array({"M"}));
  // A mine asked to move is refused with a reason.
  auto m2 = nj::position({{"K", "a1"}, {"M", "c3"}, {"5", "f3"}}, {{"K", "f9"}, {"M", "e9"}}, 1);
  auto r = nj::submit(m2, "move c3-c4");
  REQUIRE(r);
  CHECK(r->find("not a legal move") != std::string::npos);
  CHECK(m2.legal_moves().size() > 0);
  for (const auto& mv : m2.legal_moves()) CHECK(mv.from != *m2.game().geometry().parse("c3"));
}

TEST_CASE("kings: a king meeting anything but a king is lost, and the game with it") {
  SECTION("a number moves onto a king's side") {
    Match m = duel("5", "K", false);
    auto b = nj::last_battle(m);
    CHECK(b["pairs"][0]["kind"] == "king");
    CHECK(b["pairs"][0]["outcome"] == "mover");
    auto s = nj::state(m);
    CHECK(s["status"] == "finished");
    CHECK(s["result"]["winner"] == 1);
    CHECK(s["result"]["reason"] == "king-captured");
    CHECK(s["to_move"].is_null());
  }
  SECTION("a king moves next to a number: the moving king is lost") {
    Match m = duel("K", "5", false);
    CHECK(nj::last_battle(m)["pairs"][0]["outcome"] == "enemy");
    CHECK(nj::state(m)["result"]["winner"] == 2);
    CHECK(nj::state(m)["result"]["reason"] == "king-captured");
  }
  SECTION("a king and a mine both go") {
    auto m = nj::position({{"K", "c4"}, {"M", "b1"}, {"5", "f3"}}, {{"K", "f9"}, {"M", "c6"}, {"4", "e9"}}, 1,
                          {"items=none"});
    nj::play(m, "move c4-c5");
    auto b = nj::last_battle(m);
    CHECK(b["pairs"][0]["kind"] == "king");
    CHECK(b["pairs"][0]["outcome"] == "both");
    CHECK(b["removed"].size() == 2);
    CHECK(nj::state(m)["result"]["winner"] == 2);
  }
}

TEST_CASE("king vs king: nothing happens: reveal_kings decides whether they turn face up") {
  for (const std::string reveal : {"on", "off"}) {
    INFO("reveal_kings=" << reveal);
    Match m = duel("K", "K", false, {"reveal_kings=" + reveal});
    auto b = nj::last_battle(m);
    CHECK(b["pairs"][0]["kind"] == "kings");
    CHECK(b["pairs"][0]["outcome"] == "none");
    CHECK(b["removed"].empty());
    auto s = nj::state(m, kPublic);
    CHECK(s["status"] == "playing");
    CHECK(s["board"].contains("c4"));
    CHECK(s["board"].contains("c5"));
    if (reveal == "on") {
      CHECK(s["board"]["c4"]["piece"] == "K");
      CHECK(s["board"]["c5"]["piece"] == "K");
      CHECK(b["revealed"].size() == 2);
    } else {
      CHECK(s["board"]["c4"]["piece"].is_null());
      CHECK(s["board"]["c5"]["piece"].is_null());
      CHECK(b["revealed"].empty());
      for (Viewer v : {kPublic, kPlayer1, kPlayer2}) {
        auto pb = nj::last_battle(m, v);
        // Each player knows only its own king.
        CHECK(pb["pairs"][0]["mover"]["piece"] == (v == kPlayer1 ? nlohmann::json("K") : nlohmann::json()));
        CHECK(pb["pairs"][0]["enemy"]["piece"] == (v == kPlayer2 ? nlohmann::json("K") : nlohmann::json()));
      }
    }
  }
  SECTION("king vs king opens the item declarations") {
    std::string s = duel_script("K", "K", false, {}, "");
    auto r = nj::run(s);
    REQUIRE(r.errors.empty());
    CHECK(nj::state(*r.match)["status"] == "awaiting-items");
  }
}

TEST_CASE("multi-battle example: all battles of one move are simultaneous") {
  // Player 2: an 8 on b6, a 9 on d6, a mine on c7. Player 1's 2 moves c4-c6.
  std::string s = nj::header("genius-2015", {"items=none"});
  s += nj::setup(1, {{"2", "c3"}, {"1", "f3"}});
  s += nj::setup(2, {{"8", "b7"}, {"9", "d7"}, {"M", "c7"}});
  s += "first 1\nstart\nmove c3-c4\nmove b7-b6\nmove f3-f4\nmove d7-d6\nmove c4-c6\n";
  Match m = nj::run_ok(s);
  auto b = nj::last_battle(m);
  REQUIRE(b["pairs"].size() == 3);
  // Pairs in square order of the enemies: c7 (file c, rank 7) comes after b6, before d6.
  std::map<std::string, nlohmann::json> by_sq;
  for (const auto& p : b["pairs"]) by_sq[p["enemy"]["square"]] = p;
  CHECK(by_sq["b6"]["kind"] == "minus");
  CHECK(by_sq["b6"]["outcome"] == "mover");
  CHECK(by_sq["d6"]["kind"] == "sum");
  CHECK(by_sq["d6"]["outcome"] == "enemy");
  CHECK(by_sq["c7"]["kind"] == "mine");
  CHECK(by_sq["c7"]["outcome"] == "both");
  auto st = nj::state(m, kPublic);
  CHECK(st["removed"]["1"] == nlohmann::json::array({"2"}));
  CHECK(st["removed"]["2"] == nlohmann::json::array({"8", "M"}));  // square order: b6, then c7
  CHECK(st["board"]["d6"]["piece"] == "9");
  CHECK(st["board"]["d6"]["revealed"] == true);
  CHECK_FALSE(st["board"].contains("c6"));
  CHECK_FALSE(st["board"].contains("b6"));
  // The mover's removal does not save the pieces it beat: the 8 fell although the 2 fell too.
  CHECK(b["removed"].size() == 3);
}

TEST_CASE("pieces that battled stay face up: pieces that did not stay face down") {
  Match m = duel("3", "6", false);
  auto s = nj::state(m, kPublic);
  CHECK(s["board"]["c4"]["piece"] == "3");
  CHECK(s["board"]["c4"]["revealed"] == true);
  int face_down = 0;
  for (auto& [sq, p] : s["board"].items())
    if (!p["revealed"].get<bool>()) {
      CHECK(p["piece"].is_null());
      ++face_down;
    }
  CHECK(face_down == 26);
}
