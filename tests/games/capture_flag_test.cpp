// Hidden Capture Flag: every ruling and example of shared/rules/seed-games.md,
// setup validation, options and what each viewer sees.
#include <catch2/catch.hpp>

#include "engine/games/capture_flag/capture_flag.h"
#include "engine/games/capture_flag/combat.h"
#include "engine/view.h"
#include "tests/games/scenario.h"

using namespace facedown;
using namespace facedown::engine;
using facedown::test::last_event;
using facedown::test::play;
using facedown::test::script;
using facedown::test::setup_line;
using facedown::test::state;

namespace {

const char* kGame = "capture-flag";

std::string cf(const std::map<std::string, std::string>& p1, const std::map<std::string, std::string>& p2,
               const std::vector<std::string>& moves, const std::vector<std::string>& options = {}) {
  return script(kGame, options, setup_line(kGame, 1, p1), setup_line(kGame, 2, p2), moves);
}

bool has_move(const Match& m, const std::string& from, const std::string& to) {
  const Geometry& g = m.game().geometry();
  for (const Move& mv : m.legal_moves())
    if (g.name(mv.from) == from && g.name(mv.to) == to) return true;
  return false;
}

}  // namespace

TEST_CASE("capture-flag: combat table", "[capture-flag]") {
  using namespace capture_flag;
  CHECK(strike(kSpy, kMarshal) == Outcome::kAttacker);
  CHECK(strike(kMarshal, kSpy) == Outcome::kAttacker);
  CHECK(strike(kGeneral, kSpy) == Outcome::kAttacker);
  CHECK(strike(kSpy, kGeneral) == Outcome::kDefender);
  CHECK(strike(kMiner, kBomb) == Outcome::kAttacker);
  CHECK(strike(kMarshal, kBomb) == Outcome::kDefender);
  CHECK(strike(kScout, kFlag) == Outcome::kAttacker);
  CHECK(strike(kSpy, kFlag) == Outcome::kAttacker);
  CHECK(strike(kCaptain, kCaptain) == Outcome::kBoth);
  CHECK(strike(kSpy, kSpy) == Outcome::kBoth);
  CHECK(strike(kScout, kMiner) == Outcome::kDefender);
  CHECK(strike(kColonel, kMajor) == Outcome::kAttacker);
  CHECK(strike(kSergeant, kLieutenant) == Outcome::kDefender);
}

TEST_CASE("capture-flag: board, lakes and roster", "[capture-flag]") {
  const GameInfo& info = test::game_info(kGame);
  CHECK(info.default_preset == "standard");
  auto game = info.make(resolve_options(info, "standard", {}).options);
  const Geometry& g = game->geometry();
  CHECK(g.files() == 10);
  CHECK(g.ranks() == 10);
  int lakes = 0;
  for (Square s = 0; s < g.size(); ++s)
    if (g.terrain(s) & kLake) ++lakes;
  CHECK(lakes == 8);
  for (const char* sq : {"c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"})
    CHECK((g.terrain(*g.parse(sq)) & kLake) != 0);
  int total = 0;
  std::string tokens;
  for (const auto& p : game->roster()) {
    total += p.count;
    tokens += p.token + " ";
  }
  CHECK(total == 40);
  CHECK(tokens == "10 9 8 7 6 5 4 3 2 S B F ");
}

TEST_CASE("capture-flag: a Spy attacking the Marshal wins, and both ranks are public", "[capture-flag]") {
  auto p = play(cf({{"a4", "S"}}, {{"a7", "10"}}, {"move a4-a5", "move a7-a6", "move a5-a6"}));
  REQUIRE(p.errors.empty());
  auto attack = last_event(p.match, "attack", kPublic);
  CHECK(attack["outcome"] == "attacker");
  CHECK(attack["attacker"]["piece"] == "S");
  CHECK(attack["defender"]["piece"] == "10");
  auto pub = state(p.match, kPublic);
  CHECK(pub["board"]["a6"] == nlohmann::json({{"owner", 1}, {"piece", "S"}, {"revealed", true}}));
  CHECK(pub["removed"]["2"] == nlohmann::json::array({"10"}));
  CHECK(pub["status"] == "playing");
}

TEST_CASE("capture-flag: the Marshal attacking the Spy wins", "[capture-flag]") {
  auto p = play(cf({{"a4", "10"}}, {{"a7", "S"}}, {"move a4-a5", "move a7-a6", "move a5-a6"}));
  REQUIRE(p.errors.empty());
  auto attack = last_event(p.match, "attack");
  CHECK(attack["outcome"] == "attacker");
  auto pub = state(p.match, kPlayer2);
  CHECK(pub["board"]["a6"]["piece"] == "10");
  CHECK(pub["removed"]["2"] == nlohmann::json::array({"S"}));
}

TEST_CASE("capture-flag: a Spy attacked by the Marshal loses", "[capture-flag]") {
  auto p = play(cf({{"a4", "S"}}, {{"a7", "10"}}, {"move a4-a5", "move a7-a6", "move j4-j5", "move a6-a5"}));
  REQUIRE(p.errors.empty());
  CHECK(last_event(p.match, "attack")["outcome"] == "attacker");
  CHECK(state(p.match, kPublic)["board"]["a5"]["piece"] == "10");
}

TEST_CASE("capture-flag: a Miner attacking a bomb removes it and moves in", "[capture-flag]") {
  auto p = play(cf({{"a4", "3"}}, {{"a7", "B"}, {"j7", "2"}},
                   {"move a4-a5", "move j7-j6", "move a5-a6", "move j6-j5", "move a6-a7"}));
  REQUIRE(p.errors.empty());
  auto attack = last_event(p.match, "attack", kPublic);
  CHECK(attack["outcome"] == "attacker");
  CHECK(attack["defender"]["piece"] == "B");
  auto pub = state(p.match, kPublic);
  CHECK(pub["board"]["a7"]["piece"] == "3");
  CHECK(pub["board"]["a7"]["owner"] == 1);
  CHECK(pub["removed"]["2"] == nlohmann::json::array({"B"}));
}

TEST_CASE("capture-flag: a Captain attacking a bomb is removed, the bomb stays, both public",
          "[capture-flag]") {
  auto p = play(cf({{"a4", "6"}}, {{"a7", "B"}, {"j7", "2"}},
                   {"move a4-a5", "move j7-j6", "move a5-a6", "move j6-j5", "move a6-a7"}));
  REQUIRE(p.errors.empty());
  auto attack = last_event(p.match, "attack", kPublic);
  CHECK(attack["outcome"] == "defender");
  CHECK(attack["attacker"]["piece"] == "6");
  CHECK(attack["defender"]["piece"] == "B");
  auto pub = state(p.match, kPublic);
  CHECK(pub["board"]["a7"] == nlohmann::json({{"owner", 2}, {"piece", "B"}, {"revealed", true}}));
  CHECK(!pub["board"].contains("a6"));
  CHECK(pub["removed"]["1"] == nlohmann::json::array({"6"}));
}

TEST_CASE("capture-flag: equal ranks fall together, the higher rank wins", "[capture-flag]") {
  SECTION("equal") {
    auto p = play(cf({{"a4", "6"}}, {{"a7", "6"}}, {"move a4-a5", "move a7-a6", "move a5-a6"}));
    REQUIRE(p.errors.empty());
    CHECK(last_event(p.match, "attack")["outcome"] == "both");
    auto pub = state(p.match, kPublic);
    CHECK(!pub["board"].contains("a6"));
    CHECK(pub["removed"]["1"] == nlohmann::json::array({"6"}));
    CHECK(pub["removed"]["2"] == nlohmann::json::array({"6"}));
  }
  SECTION("higher defender") {
    auto p = play(cf({{"a4", "4"}}, {{"a7", "8"}}, {"move a4-a5", "move a7-a6", "move a5-a6"}));
    REQUIRE(p.errors.empty());
    CHECK(last_event(p.match, "attack")["outcome"] == "defender");
    CHECK(state(p.match, kPublic)["board"]["a6"] ==
          nlohmann::json({{"owner", 2}, {"piece", "8"}, {"revealed", true}}));
  }
}

TEST_CASE("capture-flag: a Scout may not enter c5 nor cross a lake", "[capture-flag]") {
  auto p = play(cf({{"c4", "2"}, {"a4", "2"}}, {}, {"move c4-c5"}));
  REQUIRE(p.errors.size() == 1);
  CHECK(p.errors[0].find("c4-c5 is not a legal move") != std::string::npos);
  CHECK(!has_move(p.match, "c4", "c6"));
  CHECK(has_move(p.match, "a4", "a6"));
  // From a5 the Scout slides to b5 and stops at the lake.
  auto q = play(cf({{"a4", "2"}}, {}, {"move a4-a5", "move j7-j6"}));
  REQUIRE(q.errors.empty());
  CHECK(has_move(q.match, "a5", "b5"));
  CHECK(!has_move(q.match, "a5", "c5"));
  CHECK(!has_move(q.match, "a5", "e5"));
}

TEST_CASE("capture-flag: a Scout slides and strikes the first enemy of its line", "[capture-flag]") {
  auto p = play(cf({{"e4", "2"}}, {{"e7", "5"}}, {}));
  REQUIRE(p.errors.empty());
  CHECK(has_move(p.match, "e4", "e5"));
  CHECK(has_move(p.match, "e4", "e6"));
  CHECK(has_move(p.match, "e4", "e7"));
  CHECK(!has_move(p.match, "e4", "e8"));
  // Other pieces step one square only.
  CHECK(has_move(p.match, "f4", "f5"));
  CHECK(!has_move(p.match, "f4", "f6"));
  auto q = play(cf({{"e4", "2"}}, {{"e7", "5"}}, {"move e4-e7"}));
  REQUIRE(q.errors.empty());
  auto attack = last_event(q.match, "attack", kPublic);
  CHECK(attack["from"] == "e4");
  CHECK(attack["to"] == "e7");
  CHECK(attack["outcome"] == "defender");
}

TEST_CASE("capture-flag: bombs and the flag never move", "[capture-flag]") {
  auto p = play(cf({{"a4", "B"}, {"b4", "F"}}, {}, {"move a4-a5"}));
  REQUIRE(p.errors.size() == 1);
  CHECK(!has_move(p.match, "b4", "b5"));
}

TEST_CASE("capture-flag: capturing the flag wins", "[capture-flag]") {
  auto p = play(cf({{"a4", "2"}}, {{"a7", "F"}}, {"move a4-a7", "move j7-j6"}));
  REQUIRE(p.errors.size() == 1);  // the game is over before the last line
  auto s = state(p.match);
  CHECK(s["status"] == "finished");
  CHECK(s["result"] == nlohmann::json({{"winner", 1}, {"reason", "flag-captured"}}));
  CHECK(s["board"]["a7"]["piece"] == "2");
}

TEST_CASE("capture-flag: a player with no legal move loses (or draws with the option)", "[capture-flag]") {
  // Bombs across the front and pieces facing the lakes: player 1 cannot move.
  std::map<std::string, std::string> boxed = {{"a4", "B"}, {"b4", "B"}, {"e4", "B"}, {"f4", "B"},
                                              {"i4", "B"}, {"j4", "B"}, {"c4", "2"}, {"d4", "2"},
                                              {"g4", "2"}, {"h4", "2"}};
  auto p = play(cf(boxed, {}, {}));
  REQUIRE(p.errors.empty());
  CHECK(state(p.match)["result"] == nlohmann::json({{"winner", 2}, {"reason", "no-legal-moves"}}));
  auto q = play(cf(boxed, {}, {}, {"no_legal_moves=draw"}));
  REQUIRE(q.errors.empty());
  CHECK(state(q.match)["result"] == nlohmann::json({{"winner", nullptr}, {"reason", "no-legal-moves"}}));
}

TEST_CASE("capture-flag: the ply limit draws", "[capture-flag]") {
  auto p = play(cf({}, {}, {"move a4-a5", "move a7-a6", "move b4-b5"}, {"ply_limit=2"}));
  REQUIRE(p.errors.size() == 1);
  CHECK(state(p.match)["result"] == nlohmann::json({{"winner", nullptr}, {"reason", "ply-limit"}}));
  CHECK(state(p.match)["ply"] == 2);
  auto q = play(cf({}, {}, {"move a4-a5", "move a7-a6", "move b4-b5"}));
  CHECK(q.errors.empty());
  CHECK(state(q.match)["status"] == "playing");
}

TEST_CASE("capture-flag: setup validation names what is wrong", "[capture-flag]") {
  const GameInfo& info = test::game_info(kGame);
  auto game = info.make(resolve_options(info, "standard", {}).options);
  const Geometry& g = game->geometry();
  auto good = game->random_setup(1, 7);
  REQUIRE(!game->check_setup(1, good));
  SECTION("wrong territory") {
    auto bad = good;
    bad[0].square = *g.parse("a5");
    auto r = game->check_setup(1, bad);
    REQUIRE(r);
    CHECK(r->reason == "a5 is not in player 1's setup area (ranks 1-4)");
    CHECK(game->check_setup(2, good)->reason.find("player 2's setup area (ranks 7-10)") != std::string::npos);
  }
  SECTION("two pieces on a square") {
    auto bad = good;
    bad[1].square = bad[0].square;
    CHECK(game->check_setup(1, bad)->reason == "two pieces on " + g.name(bad[0].square));
  }
  SECTION("missing and extra pieces") {
    auto bad = good;
    bad.pop_back();
    auto r = game->check_setup(1, bad);
    REQUIRE(r);
    CHECK(r->reason.find("missing: ") != std::string::npos);
    auto extra = good;
    for (auto& p : extra)
      if (p.type == capture_flag::kScout) p.type = capture_flag::kMarshal;
    CHECK(game->check_setup(1, extra)->reason.rfind("too many 10 (Marshal)", 0) == 0);
  }
  SECTION("through the script") {
    auto p = play("game capture-flag\nsetup 1 10:a1\n");
    REQUIRE(p.errors.size() == 1);
    CHECK(p.errors[0].find("must fill all 40 squares of ranks 1-4") != std::string::npos);
  }
}

TEST_CASE("capture-flag: random setups are valid", "[capture-flag]") {
  const GameInfo& info = test::game_info(kGame);
  auto game = info.make(resolve_options(info, "standard", {}).options);
  for (std::uint64_t seed = 0; seed < 100; ++seed)
    for (int p : {1, 2}) REQUIRE(!game->check_setup(p, game->random_setup(p, seed)));
}

TEST_CASE("capture-flag: pieces that have not fought stay hidden", "[capture-flag]") {
  auto p = play(cf({{"a4", "6"}}, {{"a7", "4"}}, {"move a4-a5", "move a7-a6", "move a5-a6", "move b7-b6"}));
  REQUIRE(p.errors.empty());
  auto pub = state(p.match, kPublic);
  int shown = 0;
  for (auto& [sq, v] : pub["board"].items())
    if (!v["piece"].is_null()) {
      ++shown;
      CHECK(sq == "a6");
    }
  CHECK(shown == 1);
  // The moved b7 piece stayed face down in every public event.
  auto moved = last_event(p.match, "moved", kPublic);
  CHECK(moved["piece"]["piece"].is_null());
  CHECK(!moved["piece"].contains("id"));
  // Player 1 sees its own pieces and the revealed Captain, not player 2's others.
  auto p1 = state(p.match, kPlayer1);
  CHECK(p1["board"]["a1"]["piece"] == "F");
  CHECK(p1["board"]["b6"]["piece"].is_null());
  CHECK(state(p.match, kPlayer2)["board"]["b6"]["piece"] == "6");
}

TEST_CASE("capture-flag: move count from a closed front", "[capture-flag]") {
  // Player 1's front rank (a4-j4) holds no Scout: six pieces step into rank 5, the
  // four facing the lakes cannot move, nothing behind the front can.
  auto p = play(cf({}, {}, {}));
  REQUIRE(p.errors.empty());
  CHECK(p.match.legal_moves().size() == 6);
  // A Scout on e4 adds its slide to e5 and e6 and the strike on e7.
  auto q = play(cf({{"e4", "2"}}, {}, {}));
  CHECK(q.match.legal_moves().size() == 8);
}
