// Salpakan Classic: challenges, flag against flag, the silent flag claim, setup
// validation, options, and that no rank ever reaches the public or the opponent.
#include <catch2/catch.hpp>

#include "engine/games/salpakan/combat.h"
#include "engine/games/salpakan/salpakan.h"
#include "engine/view.h"
#include "tests/games/scenario.h"

using namespace facedown;
using namespace facedown::engine;
using facedown::test::last_event;
using facedown::test::play;
using facedown::test::script;
using facedown::test::setup_line;
using facedown::test::state;
using facedown::test::stream;
using nlohmann::json;

namespace {

const char* kGame = "salpakan";

std::string sp(const std::map<std::string, std::string>& p1, const std::map<std::string, std::string>& p2,
               const std::vector<std::string>& moves, const std::vector<std::string>& options = {}) {
  return script(kGame, options, setup_line(kGame, 1, p1), setup_line(kGame, 2, p2), moves);
}

// Player 1's piece on a3 meets player 2's piece on a6 on a5 (player 1 attacks).
std::string meet(const std::string& p1_piece, const std::string& p2_piece) {
  return sp({{"a3", p1_piece}}, {{"a6", p2_piece}}, {"move a3-a4", "move a6-a5", "move a4-a5"});
}

PieceType type(const std::string& token) {
  const GameInfo& info = test::game_info(kGame);
  for (std::size_t i = 0; i < info.roster.size(); ++i)
    if (info.roster[i].token == token) return static_cast<PieceType>(i);
  FAIL("no token " << token);
  return 0;
}

}  // namespace

TEST_CASE("salpakan: roster and board", "[salpakan]") {
  const GameInfo& info = test::game_info(kGame);
  CHECK(info.default_preset == "standard");
  std::string tokens;
  int total = 0;
  for (const auto& p : info.roster) {
    tokens += p.token + " ";
    total += p.count;
  }
  CHECK(tokens == "G5 G4 G3 G2 G1 COL LTC MAJ CPT 1LT 2LT SGT PVT SPY FLG ");
  CHECK(total == 21);
  auto game = info.make(resolve_options(info, "standard", {}).options);
  CHECK(game->geometry().files() == 9);
  CHECK(game->geometry().ranks() == 8);
}

TEST_CASE("salpakan: the challenge table", "[salpakan]") {
  using namespace salpakan;
  auto o = [](const std::string& a, const std::string& d) { return challenge(type(a), type(d)); };
  // Officers by rank, whichever side attacks.
  const std::vector<std::string> officers = {"G5", "G4", "G3", "G2", "G1", "COL",
                                             "LTC", "MAJ", "CPT", "1LT", "2LT", "SGT"};
  for (std::size_t i = 0; i < officers.size(); ++i) {
    CHECK(o(officers[i], officers[i]) == Outcome::kBoth);
    CHECK(o(officers[i], "PVT") == Outcome::kAttacker);
    CHECK(o("PVT", officers[i]) == Outcome::kDefender);
    CHECK(o(officers[i], "SPY") == Outcome::kDefender);
    CHECK(o("SPY", officers[i]) == Outcome::kAttacker);
    CHECK(o(officers[i], "FLG") == Outcome::kAttacker);
    CHECK(o("FLG", officers[i]) == Outcome::kDefender);
    for (std::size_t j = i + 1; j < officers.size(); ++j) {
      CHECK(o(officers[i], officers[j]) == Outcome::kAttacker);
      CHECK(o(officers[j], officers[i]) == Outcome::kDefender);
    }
  }
  CHECK(o("PVT", "SPY") == Outcome::kAttacker);
  CHECK(o("SPY", "PVT") == Outcome::kDefender);
  CHECK(o("SPY", "SPY") == Outcome::kBoth);
  CHECK(o("PVT", "PVT") == Outcome::kBoth);
  CHECK(o("PVT", "FLG") == Outcome::kAttacker);
  CHECK(o("SPY", "FLG") == Outcome::kAttacker);
  CHECK(o("FLG", "FLG") == Outcome::kAttacker);
  CHECK(o("FLG", "PVT") == Outcome::kDefender);
  CHECK(o("FLG", "SPY") == Outcome::kDefender);
}

TEST_CASE("salpakan: a Spy beats the 5-star general whichever side attacks", "[salpakan]") {
  SECTION("the Spy attacks") {
    auto p = play(meet("SPY", "G5"));
    REQUIRE(p.errors.empty());
    CHECK(last_event(p.match, "attack")["outcome"] == "attacker");
    CHECK(state(p.match)["board"]["a5"] == json({{"owner", 1}, {"piece", "SPY"}, {"revealed", false}}));
    CHECK(state(p.match)["removed"]["2"] == json::array({"G5"}));
  }
  SECTION("the general attacks") {
    auto p = play(sp({{"a3", "SPY"}}, {{"a6", "G5"}}, {"move a3-a4", "move a6-a5", "move b3-b4", "move a5-a4"}));
    REQUIRE(p.errors.empty());
    CHECK(last_event(p.match, "attack")["outcome"] == "defender");
    CHECK(state(p.match)["board"]["a4"]["piece"] == "SPY");
    CHECK(state(p.match)["removed"]["2"] == json::array({"G5"}));
  }
}

TEST_CASE("salpakan: a Private attacking a Spy wins", "[salpakan]") {
  auto p = play(meet("PVT", "SPY"));
  REQUIRE(p.errors.empty());
  CHECK(last_event(p.match, "attack")["outcome"] == "attacker");
  CHECK(state(p.match)["board"]["a5"]["piece"] == "PVT");
}

TEST_CASE("salpakan: equal pieces are both eliminated", "[salpakan]") {
  for (const char* t : {"PVT", "SPY", "MAJ"}) {
    auto p = play(meet(t, t));
    REQUIRE(p.errors.empty());
    CHECK(last_event(p.match, "attack")["outcome"] == "both");
    CHECK(!state(p.match)["board"].contains("a5"));
    CHECK(!state(p.match)["board"].contains("a4"));
  }
}

TEST_CASE("salpakan: player 1's Flag attacking player 2's Flag wins for player 1", "[salpakan]") {
  auto p = play(meet("FLG", "FLG"));
  REQUIRE(p.errors.empty());
  CHECK(last_event(p.match, "attack")["outcome"] == "attacker");
  CHECK(state(p.match)["result"] == json({{"winner", 1}, {"reason", "flag-captured"}}));
}

TEST_CASE("salpakan: a Flag attacking anything else is eliminated and its side loses", "[salpakan]") {
  auto p = play(meet("FLG", "PVT"));
  REQUIRE(p.errors.empty());
  CHECK(last_event(p.match, "attack")["outcome"] == "defender");
  CHECK(state(p.match)["result"] == json({{"winner", 2}, {"reason", "flag-captured"}}));
}

TEST_CASE("salpakan: any piece attacking the Flag captures it", "[salpakan]") {
  auto p = play(meet("SPY", "FLG"));
  REQUIRE(p.errors.empty());
  CHECK(state(p.match)["result"] == json({{"winner", 1}, {"reason", "flag-captured"}}));
}

TEST_CASE("salpakan: every piece, the Flag too, steps one square", "[salpakan]") {
  auto p = play(sp({{"e2", "FLG"}, {"e3", "."}}, {}, {}));
  REQUIRE(p.errors.empty());
  std::vector<std::string> from_flag;
  const Geometry& g = p.match.game().geometry();
  for (const Move& m : p.match.legal_moves())
    if (g.name(m.from) == "e2") from_flag.push_back(g.name(m.to));
  CHECK(from_flag == std::vector<std::string>{"e3"});
}

TEST_CASE("salpakan: the flag claim", "[salpakan]") {
  // Player 1's Flag walks up the empty i-file; player 2 shuffles a general.
  const std::vector<std::string> walk = {"move i3-i4", "move a6-a5", "move i4-i5", "move a5-a6",
                                         "move i5-i6", "move a6-a5", "move i6-i7", "move a5-a6",
                                         "move i7-i8"};
  auto with = [&](std::vector<std::string> extra) {
    auto moves = walk;
    moves.insert(moves.end(), extra.begin(), extra.end());
    return sp({{"i3", "FLG"}}, {{"i6", "."}, {"i7", "."}, {"i8", "."}, {"h8", "PVT"}}, moves);
  };
  SECTION("starts silently") {
    auto p = play(with({}));
    REQUIRE(p.errors.empty());
    CHECK(state(p.match)["status"] == "playing");
    CHECK(state(p.match)["to_move"] == 2);
    auto pub = stream(p.match, kPublic);
    REQUIRE(pub.size() >= 2);
    CHECK(pub[pub.size() - 2]["type"] == "moved");
    CHECK(pub[pub.size() - 2]["piece"]["piece"].is_null());
    CHECK(pub.back()["type"] == "turn-started");
  }
  SECTION("succeeds after the opponent's next complete turn") {
    auto p = play(with({"move a6-a5"}));
    REQUIRE(p.errors.empty());
    CHECK(state(p.match)["result"] == json({{"winner", 1}, {"reason", "flag-claim"}}));
  }
  SECTION("capturing the Flag in that turn takes precedence") {
    auto p = play(with({"move h8-i8"}));
    REQUIRE(p.errors.empty());
    CHECK(last_event(p.match, "attack")["outcome"] == "attacker");
    CHECK(state(p.match)["result"] == json({{"winner", 2}, {"reason", "flag-captured"}}));
  }
  SECTION("a piece other than the Flag on the back rank claims nothing") {
    auto moves = walk;
    moves.push_back("move a6-a5");
    auto p = play(sp({{"i3", "PVT"}}, {{"i6", "."}, {"i7", "."}, {"i8", "."}}, moves));
    REQUIRE(p.errors.empty());
    CHECK(state(p.match)["status"] == "playing");
  }
}

TEST_CASE("salpakan: player 2's flag claim", "[salpakan]") {
  auto p = play(sp({{"a3", "G3"}, {"i1", "."}, {"i2", "."}, {"i3", "."}},
                   {{"i6", "FLG"}},
                   {"move a3-a4", "move i6-i5", "move a4-b4", "move i5-i4", "move b4-a4", "move i4-i3",
                    "move a4-b4", "move i3-i2", "move b4-a4", "move i2-i1", "move a4-b4"}));
  REQUIRE(p.errors.empty());
  CHECK(state(p.match)["result"] == json({{"winner", 2}, {"reason", "flag-claim"}}));
}

TEST_CASE("salpakan: ranks never reach the public or the opponent", "[salpakan]") {
  auto p = play(meet("SPY", "G5"));
  REQUIRE(p.errors.empty());
  for (Viewer v : {kPublic, kPlayer2}) {
    auto attack = last_event(p.match, "attack", v);
    CHECK(attack["attacker"]["piece"].is_null());
    CHECK(attack["outcome"] == "attacker");
    CHECK(attack["revealed"].empty());
    auto s = state(p.match, v);
    CHECK(s["board"]["a5"] == json({{"owner", 1}, {"piece", nullptr}, {"revealed", false}}));
    for (auto& [sq, piece] : s["board"].items())
      if (piece["owner"] == 1) CHECK(piece["piece"].is_null());
  }
  // The eliminated general is listed for the public without its rank; its owner knows it.
  CHECK(state(p.match, kPublic)["removed"]["2"] == json::array({nullptr}));
  CHECK(state(p.match, kPlayer1)["removed"]["2"] == json::array({nullptr}));
  CHECK(state(p.match, kPlayer2)["removed"]["2"] == json::array({"G5"}));
  CHECK(last_event(p.match, "attack", kPublic)["defender"]["piece"].is_null());
  for (const auto& e : stream(p.match, kPublic)) {
    const std::string text = e.dump();
    for (const char* tok : {"\"G5\"", "\"SPY\"", "\"PVT\"", "\"FLG\"", "\"id\""})
      CHECK(text.find(tok) == std::string::npos);
  }
}

TEST_CASE("salpakan: matches that differ only in hidden ranks look the same to the public", "[salpakan]") {
  auto a = play(meet("SPY", "G5"));
  auto b = play(meet("G5", "G4"));
  REQUIRE(a.errors.empty());
  REQUIRE(b.errors.empty());
  CHECK(stream(a.match, kReferee) != stream(b.match, kReferee));
  CHECK(stream(a.match, kPublic) == stream(b.match, kPublic));
  CHECK(state(a.match, kPublic) == state(b.match, kPublic));
}

TEST_CASE("salpakan: setup validation", "[salpakan]") {
  const GameInfo& info = test::game_info(kGame);
  auto game = info.make(resolve_options(info, "standard", {}).options);
  const Geometry& g = game->geometry();
  auto good = game->random_setup(2, 3);
  REQUIRE(!game->check_setup(2, good));
  auto bad = good;
  bad[0].square = *g.parse("e5");
  CHECK(game->check_setup(2, bad)->reason == "e5 is not in player 2's setup area (ranks 6-8)");
  bad = good;
  bad.pop_back();
  CHECK(game->check_setup(2, bad)->reason.rfind("player 2 must place all 21 pieces; missing: ", 0) == 0);
  auto p = play("game salpakan\nsetup 1 FLG:a1 FLG:b1\n");
  REQUIRE(p.errors.size() == 1);
  CHECK(p.errors[0].find("too many FLG (Flag): 2 placed, the roster has 1") != std::string::npos);
  for (std::uint64_t seed = 0; seed < 100; ++seed)
    for (int pl : {1, 2}) REQUIRE(!game->check_setup(pl, game->random_setup(pl, seed)));
}

TEST_CASE("salpakan: the ply limit draws", "[salpakan]") {
  auto p = play(sp({}, {}, {"move a3-a4", "move a6-a5"}, {"ply_limit=1"}));
  REQUIRE(p.errors.size() == 1);
  CHECK(state(p.match)["result"] == json({{"winner", nullptr}, {"reason", "ply-limit"}}));
}

TEST_CASE("salpakan: resignation and agreed draws end the game", "[salpakan]") {
  auto r = play(sp({}, {}, {"move a3-a4", "resign 2"}));
  REQUIRE(r.errors.empty());
  CHECK(state(r.match)["result"] == json({{"winner", 1}, {"reason", "resigned"}}));
  auto d = play(sp({}, {}, {"move a3-a4", "draw"}));
  REQUIRE(d.errors.empty());
  CHECK(state(d.match)["result"] == json({{"winner", nullptr}, {"reason", "draw-agreed"}}));
}

TEST_CASE("salpakan: move count at the start", "[salpakan]") {
  // Player 1: rank 2 full, a3 b3 c3 occupied, d3-i3 empty.
  auto p = play(sp({}, {}, {}));
  REQUIRE(p.errors.empty());
  CHECK(p.match.legal_moves().size() == 10);
}
