// Luzhanqi Mini: camps, bombs, mines and engineers, the flag, setup limits and
// their reasons, the seeded setup, and identities that stay private.
#include <catch2/catch.hpp>

#include <set>

#include "engine/games/luzhanqi_mini/combat.h"
#include "engine/games/luzhanqi_mini/luzhanqi_mini.h"
#include "engine/view.h"
#include "tests/games/scenario.h"

using namespace facedown;
using namespace facedown::engine;
using facedown::test::last_event;
using facedown::test::play;
using facedown::test::script;
using facedown::test::state;
using facedown::test::stream;
using nlohmann::json;

namespace {

const char* kGame = "luzhanqi-mini";

using Setup = std::map<std::string, std::string>;

// A legal setup for each side (player 2's mirrors player 1's), with overrides.
std::string setup(int player, const Setup& changes = {}) {
  const char* back[] = {"MIN", "FLG", "BMB", "MIN", "BMB", "ENG", "SOL"};
  const char* front[] = {"CMD", "OFF", "ENG", "OFF", "SOL", "SOL", "ENG"};
  Setup s;
  for (int f = 0; f < 7; ++f) {
    std::string file(1, static_cast<char>('a' + f));
    s[file + (player == 1 ? "1" : "8")] = back[f];
    s[file + (player == 1 ? "2" : "7")] = front[f];
  }
  for (const auto& [sq, tok] : changes) s[sq] = tok;
  std::string line = "setup " + std::to_string(player);
  for (const auto& [sq, tok] : s) line += " " + tok + ":" + sq;
  return line;
}

std::string lz(const Setup& p1, const Setup& p2, const std::vector<std::string>& moves,
               const std::vector<std::string>& options = {}) {
  return script(kGame, options, setup(1, p1), setup(2, p2), moves);
}

bool has_move(const Match& m, const std::string& from, const std::string& to) {
  const Geometry& g = m.game().geometry();
  for (const Move& mv : m.legal_moves())
    if (g.name(mv.from) == from && g.name(mv.to) == to) return true;
  return false;
}

// Player 1's f2 piece walks up the f-file (through both camps) and attacks f8
// while player 2 walks its f7 piece out of the way.
const std::vector<std::string> kWalkToF8 = {"move f2-f3", "move f7-f6", "move f3-f4", "move f6-e6",
                                            "move f4-f5", "move e6-d6", "move f5-f6", "move d6-c6",
                                            "move f6-f7", "move c6-b6", "move f7-f8"};

}  // namespace

TEST_CASE("luzhanqi-mini: board, camps, headquarters, roster", "[luzhanqi-mini]") {
  const GameInfo& info = test::game_info(kGame);
  CHECK(info.default_preset == "standard");
  auto game = info.make(resolve_options(info, "standard", {}).options);
  const Geometry& g = game->geometry();
  CHECK(g.files() == 7);
  CHECK(g.ranks() == 8);
  std::string camps, hqs;
  for (Square s = 0; s < g.size(); ++s) {
    if (g.terrain(s) & kCamp) camps += g.name(s) + " ";
    if (g.terrain(s) & kHeadquarters) hqs += g.name(s) + " ";
  }
  CHECK(camps == "b4 f4 b5 f5 ");
  CHECK(hqs == "b1 f1 b8 f8 ");
  std::string tokens;
  int total = 0;
  for (const auto& p : game->roster()) {
    tokens += p.token + " ";
    total += p.count;
  }
  CHECK(tokens == "CMD OFF SOL ENG BMB MIN FLG ");
  CHECK(total == 14);
}

TEST_CASE("luzhanqi-mini: the battle order", "[luzhanqi-mini]") {
  using namespace luzhanqi_mini;
  for (PieceType a : {kCommander, kOfficer, kSoldier, kEngineer, kBomb})
    CHECK(engage(a, kFlag) == Outcome::kAttacker);
  for (PieceType d : {kCommander, kOfficer, kSoldier, kEngineer, kBomb, kMine}) {
    CHECK(engage(kBomb, d) == Outcome::kBoth);
    if (d != kMine) CHECK(engage(d, kBomb) == Outcome::kBoth);
  }
  CHECK(engage(kEngineer, kMine) == Outcome::kAttacker);
  for (PieceType a : {kCommander, kOfficer, kSoldier}) CHECK(engage(a, kMine) == Outcome::kDefender);
  CHECK(engage(kCommander, kOfficer) == Outcome::kAttacker);
  CHECK(engage(kSoldier, kOfficer) == Outcome::kDefender);
  CHECK(engage(kEngineer, kSoldier) == Outcome::kDefender);
  CHECK(engage(kSoldier, kEngineer) == Outcome::kAttacker);
  for (PieceType t : {kCommander, kOfficer, kSoldier, kEngineer}) CHECK(engage(t, t) == Outcome::kBoth);
}

TEST_CASE("luzhanqi-mini: attacking a piece in camp b5 is illegal", "[luzhanqi-mini]") {
  auto p = play(lz({}, {}, {"move b2-b3", "move b7-b6", "move b3-b4", "move b6-b5", "move b4-b5"}));
  REQUIRE(p.errors.size() == 1);
  CHECK(p.errors[0].find("b4-b5 is not a legal move") != std::string::npos);
  CHECK(!has_move(p.match, "b4", "b5"));
  CHECK(has_move(p.match, "b4", "a4"));  // leaving a camp is fine
  CHECK(has_move(p.match, "b4", "c4"));
  // From outside, the camp is just as safe.
  auto q = play(lz({}, {}, {"move b2-b3", "move b7-b6", "move b3-a3", "move b6-b5", "move a3-a4", "move g7-g6",
                            "move a4-a5", "move g6-g5"}));
  REQUIRE(q.errors.empty());
  CHECK(!has_move(q.match, "a5", "b5"));
  CHECK(has_move(q.match, "a5", "a6"));
}

TEST_CASE("luzhanqi-mini: a Bomb attacking the Commander removes both: the public sees no ranks",
          "[luzhanqi-mini]") {
  auto p = play(lz({}, {{"a7", "ENG"}, {"c7", "CMD"}},
                   {"move c2-c3", "move c7-c6", "move c3-d3", "move c6-c5", "move c1-c2", "move c5-c4",
                    "move c2-c3", "move a7-a6", "move c3-c4"}));
  REQUIRE(p.errors.empty());
  auto ref = last_event(p.match, "attack");
  CHECK(ref["attacker"]["piece"] == "BMB");
  CHECK(ref["defender"]["piece"] == "CMD");
  CHECK(ref["outcome"] == "both");
  for (Viewer v : {kPublic, kPlayer1, kPlayer2}) {
    auto a = last_event(p.match, "attack", v);
    CHECK(a["outcome"] == "both");
    CHECK(a["from"] == "c3");
    CHECK(a["to"] == "c4");
    CHECK(a["revealed"].empty());
    // Each player sees only its own piece.
    CHECK(a["attacker"]["piece"] == (v == kPlayer1 ? json("BMB") : json(nullptr)));
    CHECK(a["defender"]["piece"] == (v == kPlayer2 ? json("CMD") : json(nullptr)));
  }
  auto pub = state(p.match, kPublic);
  CHECK(pub["removed"] == json({{"1", {nullptr}}, {"2", {nullptr}}}));
  CHECK(!pub["board"].contains("c4"));
  CHECK(pub["board"].size() == 26);  // the counts stay public
}

TEST_CASE("luzhanqi-mini: any attacker takes the flag and wins", "[luzhanqi-mini]") {
  auto p = play(lz({}, {{"b8", "ENG"}, {"f8", "FLG"}}, kWalkToF8));
  REQUIRE(p.errors.empty());
  CHECK(last_event(p.match, "attack")["outcome"] == "attacker");
  CHECK(state(p.match)["result"] == json({{"winner", 1}, {"reason", "flag-captured"}}));
  CHECK(state(p.match, kPublic)["board"]["f8"] == json({{"owner", 1}, {"piece", nullptr}, {"revealed", false}}));
}

TEST_CASE("luzhanqi-mini: an Engineer clears a mine, anyone else dies on it", "[luzhanqi-mini]") {
  SECTION("Engineer") {
    auto p = play(lz({{"f2", "ENG"}, {"f1", "SOL"}}, {{"d8", "ENG"}, {"f8", "MIN"}}, kWalkToF8));
    REQUIRE(p.errors.empty());
    CHECK(last_event(p.match, "attack", kPublic)["outcome"] == "attacker");
    CHECK(state(p.match)["board"]["f8"] == json({{"owner", 1}, {"piece", "ENG"}, {"revealed", false}}));
    CHECK(state(p.match)["removed"]["2"] == json::array({"MIN"}));
  }
  SECTION("Soldier") {
    auto p = play(lz({}, {{"d8", "ENG"}, {"f8", "MIN"}}, kWalkToF8));
    REQUIRE(p.errors.empty());
    CHECK(last_event(p.match, "attack", kPublic)["outcome"] == "defender");
    CHECK(state(p.match)["board"]["f8"] == json({{"owner", 2}, {"piece", "MIN"}, {"revealed", false}}));
    CHECK(state(p.match, kPublic)["board"]["f8"]["piece"].is_null());
    CHECK(state(p.match)["removed"]["1"] == json::array({"SOL"}));
  }
}

TEST_CASE("luzhanqi-mini: matches differing only in hidden identities look the same to the public",
          "[luzhanqi-mini]") {
  // An Engineer clearing a mine and a Soldier beating an Engineer: "attacker" both times.
  auto a = play(lz({{"f2", "ENG"}, {"f1", "SOL"}}, {{"d8", "ENG"}, {"f8", "MIN"}}, kWalkToF8));
  auto b = play(lz({}, {}, kWalkToF8));
  REQUIRE(a.errors.empty());
  REQUIRE(b.errors.empty());
  CHECK(last_event(b.match, "attack")["defender"]["piece"] == "ENG");
  CHECK(stream(a.match, kReferee) != stream(b.match, kReferee));
  CHECK(stream(a.match, kPublic) == stream(b.match, kPublic));
  CHECK(state(a.match, kPublic) == state(b.match, kPublic));
  for (const auto& e : stream(a.match, kPublic))
    for (const char* tok : {"\"ENG\"", "\"MIN\"", "\"SOL\"", "\"FLG\"", "\"id\""})
      CHECK(e.dump().find(tok) == std::string::npos);
}

TEST_CASE("luzhanqi-mini: the flag and mines never move", "[luzhanqi-mini]") {
  auto p = play(lz({}, {}, {"move a2-a3", "move a7-a6", "move b2-b3", "move a6-a5"}));
  REQUIRE(p.errors.empty());
  CHECK(!has_move(p.match, "b1", "b2"));  // the flag
  CHECK(!has_move(p.match, "a1", "a2"));  // a mine
  CHECK(has_move(p.match, "a3", "a4"));
  auto q = play(lz({}, {}, {"move c2-c3", "move a7-a6"}));
  REQUIRE(q.errors.empty());
  CHECK(has_move(q.match, "c1", "c2"));  // bombs do move
}

TEST_CASE("luzhanqi-mini: setup limits and their reasons", "[luzhanqi-mini]") {
  auto reason = [](int player, const Setup& changes) {
    auto p = play("game luzhanqi-mini\n" + setup(player, changes) + "\n");
    return p.errors.empty() ? std::string() : p.errors.front();
  };
  CHECK(reason(1, {}).empty());
  CHECK(reason(2, {}).empty());
  CHECK(reason(1, {{"a1", "CMD"}, {"a2", "MIN"}})
            .find("MIN on a2: mines go only on player 1's back rank (rank 1)") != std::string::npos);
  CHECK(reason(2, {{"a8", "CMD"}, {"a7", "MIN"}})
            .find("MIN on a7: mines go only on player 2's back rank (rank 8)") != std::string::npos);
  CHECK(reason(1, {{"c1", "OFF"}, {"b2", "BMB"}})
            .find("BMB on b2: bombs may not stand on player 1's front rank (rank 2)") != std::string::npos);
  CHECK(reason(2, {{"c8", "OFF"}, {"b7", "BMB"}})
            .find("BMB on b7: bombs may not stand on player 2's front rank (rank 7)") != std::string::npos);
  CHECK(reason(1, {{"b1", "SOL"}, {"g1", "FLG"}})
            .find("FLG on g1: the flag must stand on one of player 1's headquarters (b1, f1)") !=
        std::string::npos);
  CHECK(reason(2, {{"b8", "SOL"}, {"g8", "FLG"}})
            .find("the flag must stand on one of player 2's headquarters (b8, f8)") != std::string::npos);
  CHECK(reason(1, {{"b1", "SOL"}, {"f1", "FLG"}, {"g1", "ENG"}, {"f2", "SOL"}}).empty());
  CHECK(reason(1, {{"c3", "ENG"}}).find("c3 is not in player 1's setup area (ranks 1-2)") != std::string::npos);
  CHECK(reason(1, {{"g1", "ENG"}}).find("too many ENG (Engineer): 4 placed") != std::string::npos);
  auto p = play("game luzhanqi-mini\nsetup 1 FLG:b1\n");
  REQUIRE(p.errors.size() == 1);
  CHECK(p.errors[0].find("player 1 must fill all 14 squares of ranks 1-2; missing: CMD OFF OFF") !=
        std::string::npos);
}

TEST_CASE("luzhanqi-mini: seeded setups respect the limits and vary", "[luzhanqi-mini]") {
  const GameInfo& info = test::game_info(kGame);
  auto game = info.make(resolve_options(info, "standard", {}).options);
  std::set<std::string> flags;
  for (std::uint64_t seed = 0; seed < 500; ++seed)
    for (int p : {1, 2}) {
      auto s = game->random_setup(p, seed);
      auto r = game->check_setup(p, s);
      REQUIRE(!r);
      for (const auto& pl : s)
        if (pl.type == luzhanqi_mini::kFlag) flags.insert(game->geometry().name(pl.square));
    }
  CHECK(flags == std::set<std::string>{"b1", "f1", "b8", "f8"});
  auto text = [&](const std::vector<Placement>& s) {
    std::string out;
    for (const auto& pl : s) out += game->token(pl.type) + ":" + game->geometry().name(pl.square) + " ";
    return out;
  };
  CHECK(text(game->random_setup(1, 1)) != text(game->random_setup(1, 2)));
}

TEST_CASE("luzhanqi-mini: the ply limit draws", "[luzhanqi-mini]") {
  auto p = play(lz({}, {}, {"move a2-a3", "move a7-a6", "move a3-a4"}, {"ply_limit=2"}));
  REQUIRE(p.errors.size() == 1);
  CHECK(state(p.match)["result"] == json({{"winner", nullptr}, {"reason", "ply-limit"}}));
}

TEST_CASE("luzhanqi-mini: a side left with only its flag and mines has no legal move", "[luzhanqi-mini]") {
  const GameInfo& info = test::game_info(kGame);
  auto game = info.make(resolve_options(info, "standard", {}).options);
  const Geometry& g = game->geometry();
  MatchState s;
  s.board.assign(static_cast<std::size_t>(g.size()), -1);
  auto put = [&](int owner, PieceType t, const char* sq) {
    s.pieces.push_back(Piece{owner, t, *g.parse(sq), false});
    s.board[static_cast<std::size_t>(*g.parse(sq))] = static_cast<int>(s.pieces.size()) - 1;
  };
  put(1, luzhanqi_mini::kFlag, "b1");
  put(1, luzhanqi_mini::kMine, "a1");
  put(1, luzhanqi_mini::kMine, "c1");
  put(2, luzhanqi_mini::kFlag, "f8");
  put(2, luzhanqi_mini::kBomb, "b2");
  std::vector<Move> moves;
  game->legal_moves(s, 1, moves);
  CHECK(moves.empty());
  game->legal_moves(s, 2, moves);
  CHECK(moves.size() == 4);  // the bomb: b3, a2, c2, and the attack on b1
}

TEST_CASE("luzhanqi-mini: move count at the start", "[luzhanqi-mini]") {
  auto p = play(lz({}, {}, {}));
  REQUIRE(p.errors.empty());
  CHECK(p.match.legal_moves().size() == 7);  // each front-rank piece steps forward
}
