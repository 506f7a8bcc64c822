// Hidden Hasami: both board sizes, the secret leader and its setup, rook slides,
// custodian capture (runs, four directions, the edge, stones moving between
// enemies), the end checks in their order, repetition, visibility, random playouts.
#include <catch2/catch.hpp>

#include <set>

#include "engine/games/hidden_hasami/hidden_hasami.h"
#include "engine/view.h"
#include "tests/games/scenario.h"

using namespace facedown;
using namespace facedown::engine;
using namespace facedown::engine::hidden_hasami;
using facedown::test::last_event;
using facedown::test::play;
using facedown::test::script;
using facedown::test::state;
using facedown::test::stream;
using nlohmann::json;

namespace {

const char* kGame = "hidden-hasami";

// "setup P ..." with the leader on `leader`'s file and guards elsewhere on the back rank.
std::string setup(int player, int n, char leader) {
  std::string line = "setup " + std::to_string(player);
  const std::string rank = std::to_string(player == 1 ? 1 : n);
  for (int f = 0; f < n; ++f) {
    const char file = static_cast<char>('a' + f);
    line += std::string(" ") + (file == leader ? "L" : "G") + ":" + file + rank;
  }
  return line;
}

std::string hs(int n, const std::vector<std::string>& moves, char l1 = 'g', char l2 = 'g',
               std::vector<std::string> options = {}) {
  if (n == 7) options.push_back("size=7");
  return script(kGame, options, setup(1, n, l1), setup(2, n, l2), moves);
}

std::unique_ptr<Game> make(const Options& overrides = {}) {
  const GameInfo& info = test::game_info(kGame);
  return info.make(resolve_options(info, "standard", overrides).options);
}

json result(const Match& m) { return state(m)["result"]; }

using facedown::test::Position;

Move mv(const Game& game, const char* from, const char* to) {
  return {*game.geometry().parse(from), *game.geometry().parse(to)};
}

}  // namespace

TEST_CASE("hidden-hasami: sizes 9 and 7, roster, options", "[hidden-hasami]") {
  const GameInfo& info = test::game_info(kGame);
  CHECK(info.default_preset == "standard");
  REQUIRE(info.presets.size() == 1);
  const OptionSpec* size = info.find_option("size");
  REQUIRE(size);
  CHECK(size->default_value == "9");
  CHECK(size->choices == std::vector<std::string>{"9", "7"});
  CHECK(resolve_options(info, "standard", {{"size", "8"}}).error);
  for (int n : {9, 7}) {
    auto game = make({{"size", std::to_string(n)}});
    CHECK(game->geometry().files() == n);
    CHECK(game->geometry().ranks() == n);
    CHECK(game->geometry().stones());  // drawn as stones, all alike
    REQUIRE(game->roster().size() == 2);
    CHECK(game->roster()[0].token == "L");
    CHECK(game->roster()[0].count == 1);
    CHECK(game->roster()[1].token == "G");
    CHECK(game->roster()[1].count == n - 1);
    for (std::uint64_t seed = 0; seed < 20; ++seed)
      for (int p : {1, 2}) CHECK(!game->check_setup(p, game->random_setup(p, seed)));
  }
  auto p = play(hs(9, {}));
  REQUIRE(p.errors.empty());
  CHECK(p.match.legal_moves().size() == 9 * 7);  // each stone slides up to seven squares
  auto q = play(hs(7, {}));
  REQUIRE(q.errors.empty());
  CHECK(q.match.legal_moves().size() == 7 * 5);
}

TEST_CASE("hidden-hasami: setup refusals name what is wrong", "[hidden-hasami]") {
  auto reason = [](const std::string& text) {
    auto p = play(text);
    return p.errors.empty() ? std::string() : p.errors.front();
  };
  CHECK(reason("game hidden-hasami\n" + setup(1, 9, 'e') + "\n").empty());
  CHECK(reason("game hidden-hasami\n" + setup(2, 9, 'a') + "\n").empty());
  CHECK(reason("game hidden-hasami\nsetup 1 L:a1 L:b1 G:c1 G:d1 G:e1 G:f1 G:g1 G:h1 G:i1\n")
            .find("too many L (Leader): 2 placed, the roster has 1") != std::string::npos);
  CHECK(reason("game hidden-hasami\nsetup 1 G:a1 G:b1 G:c1 G:d1 G:e1 G:f1 G:g1 G:h1\n")
            .find("player 1 must fill all 9 squares of rank 1 with one L and 8 G; missing: L") !=
        std::string::npos);
  CHECK(reason("game hidden-hasami\nsetup 1 L:a2 G:b1 G:c1 G:d1 G:e1 G:f1 G:g1 G:h1 G:i1\n")
            .find("a2 is not in player 1's back rank (rank 1)") != std::string::npos);
  CHECK(reason("game hidden-hasami\nsetup 2 L:a1 G:b9 G:c9 G:d9 G:e9 G:f9 G:g9 G:h9 G:i9\n")
            .find("a1 is not in player 2's back rank (rank 9)") != std::string::npos);
  CHECK(reason("game hidden-hasami\noption size=7\nsetup 2 L:a7 G:b7 G:c7 G:d7 G:e7 G:f7\n")
            .find("player 2 must fill all 7 squares of rank 7 with one L and 6 G; missing: G") != std::string::npos);
  CHECK(reason("game hidden-hasami\noption size=7\nsetup 1 L:a1 G:b1 G:c1 G:d1 G:e1 G:f1 G:g1 G:h1\n") != "");
}

TEST_CASE("hidden-hasami: e1-e4 removes both c4 and d4 (7x7)", "[hidden-hasami]") {
  auto p = play(hs(7, {"move b1-b4", "move c7-c4", "move a1-a2", "move d7-d4", "move e1-e4"}));
  REQUIRE(p.errors.empty());
  auto board = state(p.match, kPublic)["board"];
  CHECK(!board.contains("c4"));
  CHECK(!board.contains("d4"));
  CHECK(board["e4"]["owner"] == 1);
  CHECK(board["b4"]["owner"] == 1);
  auto removed = last_event(p.match, "removed");
  REQUIRE(removed["pieces"].size() == 2);
  CHECK(removed["cause"] == "custodian");
  CHECK(state(p.match)["removed"]["2"] == json::array({"G", "G"}));
  CHECK(state(p.match, kPublic)["removed"]["2"] == json::array({nullptr, nullptr}));
  CHECK(state(p.match, kPlayer1)["removed"]["2"] == json::array({nullptr, nullptr}));
  CHECK(state(p.match, kPlayer2)["removed"]["2"] == json::array({"G", "G"}));
  CHECK(state(p.match)["status"] == "playing");  // five stones left, the leader safe on g7
}

TEST_CASE("hidden-hasami: a stone moving between two enemies is not captured", "[hidden-hasami]") {
  auto p = play(hs(7, {"move b1-b4", "move a7-a6", "move d1-d4", "move c7-c4"}));
  REQUIRE(p.errors.empty());
  auto board = state(p.match, kPublic)["board"];
  CHECK(board["c4"]["owner"] == 2);
  CHECK(board["b4"]["owner"] == 1);
  CHECK(board["d4"]["owner"] == 1);
  CHECK(last_event(p.match, "removed").is_null());
  // Only the moved stone captures: player 1 moving elsewhere leaves c4 alone too.
  auto q = play(hs(7, {"move b1-b4", "move a7-a6", "move d1-d4", "move c7-c4", "move g1-g2"}));
  REQUIRE(q.errors.empty());
  CHECK(state(q.match, kPublic)["board"]["c4"]["owner"] == 2);
}

TEST_CASE("hidden-hasami: the board edge never brackets", "[hidden-hasami]") {
  auto p = play(hs(7, {"move g1-g2", "move a7-a4", "move b1-b4"}));
  REQUIRE(p.errors.empty());
  CHECK(state(p.match, kPublic)["board"]["a4"]["owner"] == 2);
  auto game = make({{"size", "7"}});
  Position pos(*game);
  pos.put(2, kGuard, "a4");
  pos.put(2, kGuard, "b5");
  pos.put(1, kGuard, "c4");
  pos.put(2, kLeader, "g7");
  game->play(pos, mv(*game, "c4", "b4"));  // a4 at the edge, b5 with nothing above it
  CHECK(pos.owner("a4") == "2");
  CHECK(pos.owner("b5") == "2");
}

TEST_CASE("hidden-hasami: runs in all four directions are removed at once", "[hidden-hasami]") {
  auto game = make({{"size", "7"}});
  Position pos(*game);
  pos.put(1, kGuard, "d1");  // the mover, to d4
  pos.put(2, kGuard, "c4");  // left: c4 b4, closed by a4
  pos.put(2, kGuard, "b4");
  pos.put(1, kGuard, "a4");
  pos.put(2, kGuard, "e4");  // right: e4, closed by f4
  pos.put(1, kGuard, "f4");
  pos.put(2, kGuard, "d5");  // up: d5 d6, closed by d7
  pos.put(2, kGuard, "d6");
  pos.put(1, kLeader, "d7");
  pos.put(2, kGuard, "d3");  // down: d3, then an empty d2: open, stays
  pos.put(2, kLeader, "g7");
  game->play(pos, mv(*game, "d1", "d4"));
  for (const char* sq : {"c4", "b4", "e4", "d5", "d6"}) CHECK(pos.owner(sq) == ".");
  CHECK(pos.owner("d3") == "2");
  CHECK(pos.owner("d4") == "1");
  REQUIRE(pos.events.size() == 2);
  const auto& removed = std::get<Removed>(pos.events[1].body);
  CHECK(removed.pieces.size() == 5);
  for (const auto& r : removed.pieces) CHECK(r.hidden_from == hidden_but_owner(2));
  CHECK(pos.s.removed[1].size() == 5);
  CHECK(!game->victory(pos.s, 1));  // the leader lives, two stones left
}

TEST_CASE("hidden-hasami: capturing the leader ends the game and announces it", "[hidden-hasami]") {
  // The same e1-e4 capture, player 2's leader on c7 (so on c4).
  auto p = play(hs(7, {"move b1-b4", "move c7-c4", "move a1-a2", "move d7-d4", "move e1-e4"}, 'g', 'c'));
  REQUIRE(p.errors.empty());
  CHECK(result(p.match) == json({{"winner", 1}, {"reason", "leader-captured"}}));
  for (Viewer v : {kReferee, kPublic, kPlayer1, kPlayer2}) {
    INFO(static_cast<int>(v));
    auto removed = state(p.match, v)["removed"]["2"];
    REQUIRE(removed.size() == 2);
    CHECK(removed[0] == "L");  // c4, announced to all
    CHECK(removed[1] == (v == kReferee || v == kPlayer2 ? json("G") : json(nullptr)));
    auto ev = last_event(p.match, "removed", v);
    CHECK(ev["pieces"][0]["piece"] == "L");
  }
  // Player 1's leader stays secret to the public after the end.
  for (const auto& [sq, e] : state(p.match, kPublic)["board"].items()) {
    CHECK(e["piece"].is_null());
    CHECK(e["revealed"] == false);
  }
}

TEST_CASE("hidden-hasami: end checks in order", "[hidden-hasami]") {
  auto game = make({{"size", "7"}});
  SECTION("the leader captured comes before annihilation") {
    Position pos(*game);
    pos.put(1, kGuard, "a1");
    pos.put(1, kGuard, "c3");
    pos.put(2, kLeader, "b4");
    pos.put(2, kGuard, "g7");
    pos.put(1, kLeader, "b5");
    game->play(pos, mv(*game, "a1", "b1"));  // nothing; then b1-b3 closes b4 against b5
    game->play(pos, mv(*game, "b1", "b3"));
    auto r = game->victory(pos.s, 1);
    REQUIRE(r);
    CHECK(r->reason == "leader-captured");
    CHECK(r->winner == 1);
  }
  SECTION("one stone or none left: annihilation") {
    Position pos(*game);
    pos.put(1, kGuard, "a1");
    pos.put(1, kGuard, "b5");
    pos.put(2, kGuard, "b4");
    pos.put(2, kLeader, "g7");
    game->play(pos, mv(*game, "a1", "b1"));
    game->play(pos, mv(*game, "b1", "b3"));
    auto r = game->victory(pos.s, 1);
    REQUIRE(r);
    CHECK(r->reason == "annihilation");
    CHECK(r->what == Detail{"annihilation-one", {{"player", "2"}}});
  }
  SECTION("no legal move comes before repetition and the ply limit") {
    Position pos(*game);
    pos.put(1, kGuard, "a6");
    pos.put(1, kGuard, "b7");
    pos.put(1, kGuard, "g6");
    pos.put(1, kLeader, "f7");
    pos.put(2, kGuard, "a7");  // boxed in at both corners
    pos.put(2, kLeader, "g7");
    const auto key = pos.s.position_key(2);
    CHECK(!game->victory(pos.s, 1));  // Match's turn-start check decides this one
    pos.s.turn_positions = {key, 7, key};
    auto r = game->victory(pos.s, 1);
    REQUIRE(r);
    CHECK(r->reason == "no-legal-moves");
    CHECK(r->winner == 1);
    pos.s.turn_positions.clear();
    pos.s.options = {{"ply_limit", "4"}};
    pos.s.ply = 4;
    r = game->victory(pos.s, 1);
    REQUIRE(r);
    CHECK(r->reason == "no-legal-moves");
    // Free player 2's corner: now the third occurrence draws.
    pos.s.options.clear();
    pos.s.ply = 0;
    pos.put(2, kGuard, "d4");
    pos.s.turn_positions = {pos.s.position_key(2), pos.s.position_key(2)};
    r = game->victory(pos.s, 1);
    REQUIRE(r);
    CHECK(r->reason == "repetition");
    CHECK(r->winner == 0);
  }
}

TEST_CASE("hidden-hasami: the third occurrence of a position draws, the start counting", "[hidden-hasami]") {
  const std::vector<std::string> shuffle = {"move a1-a2", "move a9-a8", "move a2-a1", "move a8-a9"};
  std::vector<std::string> twice = shuffle;
  twice.insert(twice.end(), shuffle.begin(), shuffle.end());
  auto once = play(hs(9, shuffle));
  REQUIRE(once.errors.empty());
  CHECK(state(once.match)["status"] == "playing");  // the start, twice
  auto p = play(hs(9, twice));
  REQUIRE(p.errors.empty());
  CHECK(result(p.match) == json({{"winner", nullptr}, {"reason", "repetition"}}));
  CHECK(state(p.match)["ply"] == 8);
  // Owners only: swapping the leaders' places changes nothing.
  auto q = play(hs(9, twice, 'a', 'a'));
  REQUIRE(q.errors.empty());
  CHECK(result(q.match) == json({{"winner", nullptr}, {"reason", "repetition"}}));
  // The ply limit comes after repetition.
  auto r = play(hs(9, twice, 'g', 'g', {"ply_limit=8"}));
  CHECK(result(r.match) == json({{"winner", nullptr}, {"reason", "repetition"}}));
  auto s = play(hs(9, shuffle, 'g', 'g', {"ply_limit=3"}));
  CHECK(result(s.match) == json({{"winner", nullptr}, {"reason", "ply-limit"}}));
}

TEST_CASE("hidden-hasami: roles are secret, the board is public", "[hidden-hasami]") {
  auto p = play(hs(7, {"move b1-b4", "move c7-c4", "move a1-a2", "move d7-d4", "move e1-e4"}, 'b', 'd'));
  REQUIRE(p.errors.empty());
  CHECK(result(p.match) == json({{"winner", 1}, {"reason", "leader-captured"}}));
  for (Viewer v : {kPublic, kPlayer1, kPlayer2})
    for (const auto& [sq, e] : state(p.match, v)["board"].items()) {
      CHECK(e["revealed"] == false);
      if (v == kPublic || e["owner"] != static_cast<int>(v)) CHECK(e["piece"].is_null());
      else CHECK(!e["piece"].is_null());
    }
  CHECK(state(p.match, kPlayer1)["board"]["b4"]["piece"] == "L");
  // Identities swapped among guards never captured: the public stream is the same.
  auto a = play(hs(7, {"move b1-b4", "move c7-c4", "move a1-a2", "move d7-d4", "move e1-e4"}, 'g', 'a'));
  auto b = play(hs(7, {"move b1-b4", "move c7-c4", "move a1-a2", "move d7-d4", "move e1-e4"}, 'f', 'g'));
  REQUIRE(a.errors.empty());
  REQUIRE(b.errors.empty());
  CHECK(stream(a.match, kReferee) != stream(b.match, kReferee));
  CHECK(stream(a.match, kPublic) == stream(b.match, kPublic));
  CHECK(state(a.match, kPublic) == state(b.match, kPublic));
}

TEST_CASE("hidden-hasami: random playouts end and keep their invariants and secrets", "[hidden-hasami]") {
  std::map<std::string, int> reasons;
  for (const char* size : {"9", "7"}) {
    const GameInfo& info = test::game_info(kGame);
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      auto opened = Match::open(info, "standard", {{"ply_limit", "400"}, {"size", size}}, {"A", "B"});
      REQUIRE(std::holds_alternative<Match>(opened));
      Match m = std::move(std::get<Match>(opened));
      std::uint64_t rng = seed * 7919;
      for (int p : {1, 2}) REQUIRE(!m.submit(SetupCmd{p, m.game().random_setup(p, splitmix64(rng))}, 0).rejection);
      REQUIRE(!m.submit(FirstCmd{1, std::nullopt}, 0).rejection);
      REQUIRE(!m.submit(StartCmd{}, 0).rejection);
      while (m.state().phase != Phase::kFinished) {
        auto moves = m.legal_moves();
        REQUIRE(!moves.empty());
        auto sub = m.submit(MoveCmd{moves[splitmix64(rng) % moves.size()]}, 0);
        REQUIRE(!sub.rejection);
        REQUIRE(!m.state().check_invariants());
      }
      REQUIRE(m.state().ply <= 400);
      ++reasons[m.state().result->reason];
      for (const auto& [sq, e] : state(m, kPublic)["board"].items()) REQUIRE(e["piece"].is_null());
      for (const char* o : {"1", "2"})
        for (const auto& r : state(m, kPublic)["removed"][o]) REQUIRE((r.is_null() || r == "L"));
    }
  }
  std::string seen;
  for (const auto& [k, v] : reasons) seen += k + "=" + std::to_string(v) + " ";
  INFO(seen);
  CHECK(reasons["leader-captured"] + reasons["annihilation"] > 0);
  for (const auto& [k, v] : reasons)
    CHECK(std::set<std::string>{"leader-captured", "annihilation", "no-legal-moves", "repetition", "ply-limit"}.count(k));
}

TEST_CASE("hidden-hasami: the example in docs/rules plays as it says", "[hidden-hasami]") {
  auto p = play(test::doc_example("hidden-hasami"));
  REQUIRE(p.errors.empty());
  auto board = state(p.match, kPublic)["board"];
  CHECK(!board.contains("c4"));
  CHECK(!board.contains("d4"));
  CHECK(state(p.match)["status"] == "playing");
}

TEST_CASE("hidden-hasami: every code it writes is declared in English and Korean", "[hidden-hasami][words]") {
  auto game = make();
  const Words& w = game->words();
  for (const char* code : {"leader-captured", "annihilation", "no-legal-moves", "repetition", "ply-limit"}) {
    INFO(code);
    const Word* word = w.find(WordKind::kReason, code);
    REQUIRE(word);
    CHECK(!word->en.empty());
    CHECK(!word->ko.empty());
  }
  REQUIRE(w.declared(WordKind::kCause, "custodian"));
  CHECK(!w.find(WordKind::kCause, "custodian")->ko.empty());
  const Names names{"Kim", "Lee"};
  for (const char* code : {"leader-captured", "annihilation-one", "annihilation-none", "repetition"}) {
    INFO(code);
    const Detail d{code, {{"player", "2"}}};
    REQUIRE(w.declared(WordKind::kDetail, code));
    for (Lang lang : {Lang::kEnglish, Lang::kKorean}) {
      const std::string line = render(w, d, lang, names);
      CHECK(unexpanded_placeholder(line).empty());
      CHECK(line.find("Lee") != std::string::npos);
    }
  }
  // What the playouts end with is declared too.
  auto p = play(hs(7, {"move b1-b4", "move c7-c4", "move a1-a2", "move d7-d4", "move e1-e4"}, 'g', 'c'));
  auto ended = last_event(p.match, "ended");
  CHECK(w.declared(WordKind::kReason, ended["reason"].get<std::string>()));
  CHECK(ended["detail"] == "player 2's leader was captured");
}
