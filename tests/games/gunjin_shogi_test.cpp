// Gunjin Shogi: the roster and its setup limits, every piece's moves, the battle
// table (every pair), the Flag and `flag_attack`, headquarters, end-check order,
// and identities that stay hidden even after battles and after the game.
#include <catch2/catch.hpp>

#include <set>

#include "engine/games/gunjin_shogi/combat.h"
#include "engine/games/gunjin_shogi/gunjin_shogi.h"
#include "engine/view.h"
#include "tests/games/scenario.h"

using namespace facedown;
using namespace facedown::engine;
using namespace facedown::engine::gunjin_shogi;
using facedown::test::last_event;
using facedown::test::play;
using facedown::test::script;
using facedown::test::state;
using facedown::test::stream;
using nlohmann::json;

namespace {

const char* kGame = "gunjin-shogi";

using Setup = std::map<std::string, std::string>;

// The fixed pieces, the rest of the roster filled from the back rank forward
// (player 1: a1 FLG, b1-d1 MIN, ...; the last five squares of rank 4 or 6 stay empty).
// Player 2 always has a Cavalry on h6 and an empty i6 for waiting moves.
std::string gs(const Setup& p1, Setup p2, const std::vector<std::string>& moves,
               const std::vector<std::string>& options = {}) {
  p2.emplace("h6", "CAV");
  p2.emplace("i6", ".");
  return script(kGame, options, test::setup_line(kGame, 1, p1), test::setup_line(kGame, 2, p2), moves);
}

std::unique_ptr<Game> make(const Options& overrides = {}) {
  const GameInfo& info = test::game_info(kGame);
  return info.make(resolve_options(info, "standard", overrides).options);
}

// A position built by hand: pieces on an otherwise empty board.
using Board = facedown::test::Position;

std::set<std::string> targets(const Game& game, const MatchState& s, int player, const char* from) {
  std::vector<Move> moves;
  game.legal_moves(s, player, moves);
  std::set<std::string> out;
  for (const Move& m : moves)
    if (game.geometry().name(m.from) == from) out.insert(game.geometry().name(m.to));
  return out;
}

// Player 1's d4 piece walks d5 ... d9 while player 2's h6 Cavalry steps aside and back.
std::vector<std::string> walk_d(int steps) {
  const char* p1[] = {"move d4-d5", "move d5-d6", "move d6-d7", "move d7-d8", "move d8-d9"};
  const char* p2[] = {"move h6-i6", "move i6-h6"};
  std::vector<std::string> out;
  for (int i = 0; i < steps; ++i) {
    out.push_back(p1[i]);
    if (i + 1 < steps) out.push_back(p2[i % 2]);
  }
  return out;
}
const Setup kOpenD = {{"d9", "."}, {"d8", "."}, {"d7", "."}, {"d6", "."}};

json result(const Match& m) { return state(m)["result"]; }

}  // namespace

TEST_CASE("gunjin-shogi: board, headquarters, roster, options", "[gunjin-shogi]") {
  const GameInfo& info = test::game_info(kGame);
  CHECK(info.default_preset == "standard");
  REQUIRE(info.presets.size() == 1);
  CHECK(info.presets[0].id == "standard");
  auto game = make();
  const Geometry& g = game->geometry();
  CHECK(g.files() == 9);
  CHECK(g.ranks() == 9);
  std::string hqs;
  for (Square s = 0; s < g.size(); ++s)
    if (g.terrain(s) & kHeadquarters) hqs += g.name(s) + " ";
  CHECK(hqs == "d1 f1 d9 f9 ");
  std::string tokens;
  int total = 0;
  for (const auto& p : game->roster()) {
    tokens += p.token + " ";
    total += p.count;
  }
  CHECK(tokens == "GEN LTG MJG COL LTC MAJ CPT LT 2LT CAV SPY AIR TNK ENG MIN FLG ");
  CHECK(total == kPiecesPerPlayer);
  const OptionSpec* fa = info.find_option("flag_attack");
  REQUIRE(fa);
  CHECK(fa->default_value == "loses");
  CHECK(fa->choices == std::vector<std::string>{"loses", "continues"});
  CHECK(resolve_options(info, "standard", {{"flag_attack", "sometimes"}}).error);
  CHECK(!resolve_options(info, "standard", {{"flag_attack", "continues"}}).error);
}

TEST_CASE("gunjin-shogi: the battle table, every pair", "[gunjin-shogi]") {
  // Rows attack, columns defend, both in roster order:
  // GEN LTG MJG COL LTC MAJ CPT LT 2LT CAV SPY AIR TNK ENG MIN FLG.
  // A: the attacker wins, D: the defender, B: both removed. Mines never attack.
  const char* table[] = {
      /* GEN */ "BAAAAAAAAADAAADA",
      /* LTG */ "DBAAAAAAAADAAADA",
      /* MJG */ "DDBAAAAAAAAAAADA",
      /* COL */ "DDDBAAAAAAADDADA",
      /* LTC */ "DDDDBAAAAAADDADA",
      /* MAJ */ "DDDDDBAAAAADDADA",
      /* CPT */ "DDDDDDBAAAADDADA",
      /* LT  */ "DDDDDDDBAAADDADA",
      /* 2LT */ "DDDDDDDDBAADDADA",
      /* CAV */ "DDDDDDDDDBADDADA",
      /* SPY */ "AADDDDDDDDBDDDDA",
      /* AIR */ "DDDAAAAAAAABAAAA",
      /* TNK */ "DDDAAAAAAAADBDDA",
      /* ENG */ "DDDDDDDDDDADABAA",
      /* MIN */ "",
      /* FLG */ "BBBBBBBBBBBBBBBA",
  };
  for (PieceType a = 0; a < kPieceTypes; ++a) {
    if (a == kMine) continue;
    for (PieceType d = 0; d < kPieceTypes; ++d) {
      const char want = table[a][d];
      const Outcome o = engage(a, d);
      const char got = o == Outcome::kAttacker ? 'A' : o == Outcome::kDefender ? 'D' : 'B';
      INFO("attacker " << a << " defender " << d);
      CHECK(got == want);
    }
  }
  // Symmetric: between two different ordinary pieces, the same one wins whoever attacks.
  for (PieceType a = 0; a < kPieceTypes; ++a)
    for (PieceType d = 0; d < kPieceTypes; ++d) {
      if (a == d || a == kMine || d == kMine || a == kFlag || d == kFlag) continue;
      INFO("pair " << a << " " << d);
      CHECK((engage(a, d) == Outcome::kAttacker) == (engage(d, a) == Outcome::kDefender));
    }
}

TEST_CASE("gunjin-shogi: how far each piece moves", "[gunjin-shogi]") {
  auto game = make();
  auto only = [&](PieceType t) {
    Board b(*game);
    b.put(1, t, "e5");
    return targets(*game, b.s, 1, "e5");
  };
  using S = std::set<std::string>;
  for (PieceType t : {kGeneral, kLtGeneral, kMajorGeneral, kColonel, kLtColonel, kMajor, kSpy, kTank, kFlag})
    CHECK(only(t) == S{"e4", "e6", "d5", "f5"});
  for (PieceType t : {kCaptain, kLieutenant, kSecondLt})
    CHECK(only(t) == S{"e3", "e4", "e6", "e7", "c5", "d5", "f5", "g5"});
  CHECK(only(kCavalry) == S{"e2", "e3", "e4", "e6", "e7", "e8", "b5", "c5", "d5", "f5", "g5", "h5"});
  CHECK(only(kEngineer).size() == 16);  // the whole file and rank
  CHECK(only(kMine).empty());
  CHECK(only(kAircraft).size() == 80);  // every other square

  SECTION("lines stop at the first piece; an enemy there is attacked, nothing is jumped") {
    Board b(*game);
    b.put(1, kEngineer, "e1");
    b.put(2, kGeneral, "e6");   // attacked, and e7... are beyond it
    b.put(1, kGeneral, "c1");   // own piece blocks
    b.put(1, kCavalry, "a5");
    b.put(2, kSpy, "b5");
    CHECK(targets(*game, b.s, 1, "e1") == S{"e2", "e3", "e4", "e5", "e6", "d1", "f1", "g1", "h1", "i1"});
    CHECK(targets(*game, b.s, 1, "a5") == S{"b5", "a2", "a3", "a4", "a6", "a7", "a8"});
  }
  SECTION("the Aircraft flies over everything to any empty square or any enemy") {
    Board b(*game);
    b.put(1, kAircraft, "a1");
    b.put(1, kGeneral, "a2");
    b.put(1, kGeneral, "b1");
    b.put(2, kColonel, "i9");
    b.put(2, kMine, "e5");
    auto t = targets(*game, b.s, 1, "a1");
    CHECK(t.size() == 78);  // 81 squares less its own and two friends
    CHECK(t.count("i9"));
    CHECK(t.count("e5"));
    CHECK(!t.count("a2"));
    CHECK(!t.count("b1"));
  }
}

TEST_CASE("gunjin-shogi: an Aircraft on a1 attacks a Colonel on i9 and wins", "[gunjin-shogi]") {
  auto p = play(gs({{"a1", "AIR"}}, {{"i9", "COL"}}, {"move a1-i9"}));
  REQUIRE(p.errors.empty());
  CHECK(last_event(p.match, "attack")["outcome"] == "attacker");
  CHECK(state(p.match)["board"]["i9"] == json({{"owner", 1}, {"piece", "AIR"}, {"revealed", false}}));
  CHECK(state(p.match)["removed"]["2"] == json::array({"COL"}));
  CHECK(state(p.match)["status"] == "playing");
  // The public sees only that i9 changed hands.
  for (Viewer v : {kPublic, kPlayer2}) {
    auto a = last_event(p.match, "attack", v);
    CHECK(a["attacker"]["piece"].is_null());
    CHECK(a["outcome"] == "attacker");
    CHECK(state(p.match, v)["board"]["i9"] == json({{"owner", 1}, {"piece", nullptr}, {"revealed", false}}));
  }
  CHECK(state(p.match, kPlayer2)["removed"]["2"] == json::array({"COL"}));  // the owner knows its own
  CHECK(state(p.match, kPublic)["removed"]["2"] == json::array({nullptr}));
}

TEST_CASE("gunjin-shogi: an Aircraft attacking a mine wins: anyone but an Engineer dies on one",
          "[gunjin-shogi]") {
  auto air = play(gs({{"a1", "AIR"}}, {{"i9", "MIN"}}, {"move a1-i9"}));
  REQUIRE(air.errors.empty());
  CHECK(last_event(air.match, "attack")["outcome"] == "attacker");
  auto eng = play(gs({{"e4", "ENG"}}, {{"e6", "MIN"}}, {"move e4-e6"}));
  REQUIRE(eng.errors.empty());
  CHECK(last_event(eng.match, "attack")["outcome"] == "attacker");
  CHECK(state(eng.match)["board"]["e6"]["piece"] == "ENG");
  auto col = play(gs({{"e4", "COL"}}, {{"e6", "MIN"}}, {"move e4-e5", "move h6-i6", "move e5-e6"}));
  REQUIRE(col.errors.empty());
  CHECK(last_event(col.match, "attack")["outcome"] == "defender");
  CHECK(state(col.match)["board"]["e6"] == json({{"owner", 2}, {"piece", "MIN"}, {"revealed", false}}));
}

TEST_CASE("gunjin-shogi: a Major moving onto an empty d9 wins: a Tank doing so does not", "[gunjin-shogi]") {
  auto maj = play(gs({{"d4", "MAJ"}}, kOpenD, walk_d(5)));
  REQUIRE(maj.errors.empty());
  CHECK(result(maj.match) == json({{"winner", 1}, {"reason", "headquarters"}}));
  CHECK(last_event(maj.match, "ended", kPublic)["detail"] == "player 1 entered player 2's headquarters d9");

  auto tank = play(gs({{"d4", "TNK"}}, kOpenD, walk_d(5)));
  REQUIRE(tank.errors.empty());
  CHECK(state(tank.match)["status"] == "playing");
  CHECK(state(tank.match)["board"]["d9"]["piece"] == "TNK");

  auto eng = play(gs({{"d4", "ENG"}}, kOpenD, {"move d4-d9"}));  // the Engineer runs the whole file
  REQUIRE(eng.errors.empty());
  CHECK(state(eng.match)["status"] == "playing");

  auto air = play(gs({{"a1", "AIR"}}, kOpenD, {"move a1-d9"}));
  REQUIRE(air.errors.empty());
  CHECK(state(air.match)["status"] == "playing");

  // Its own headquarters are no goal: player 1's Major steps from d2 onto an empty d1.
  auto own = play(gs({{"d2", "MAJ"}, {"d1", "."}}, {}, {"move d2-d1"}));
  REQUIRE(own.errors.empty());
  CHECK(state(own.match)["status"] == "playing");
}

TEST_CASE("gunjin-shogi: winning a battle on a headquarters enters it", "[gunjin-shogi]") {
  auto p = play(gs({{"d4", "MAJ"}}, {{"d9", "CAV"}, {"d8", "."}, {"d7", "."}, {"d6", "."}}, walk_d(5)));
  REQUIRE(p.errors.empty());
  CHECK(last_event(p.match, "attack")["outcome"] == "attacker");
  CHECK(result(p.match) == json({{"winner", 1}, {"reason", "headquarters"}}));
  // Losing there enters nothing.
  auto q = play(gs({{"d4", "MAJ"}}, {{"d9", "GEN"}, {"d8", "."}, {"d7", "."}, {"d6", "."}}, walk_d(5)));
  REQUIRE(q.errors.empty());
  CHECK(last_event(q.match, "attack")["outcome"] == "defender");
  CHECK(state(q.match)["status"] == "playing");
}

TEST_CASE("gunjin-shogi: a Flag that steps onto an empty enemy headquarters wins", "[gunjin-shogi]") {
  auto p = play(gs({{"d4", "FLG"}}, kOpenD, walk_d(5)));
  REQUIRE(p.errors.empty());
  CHECK(result(p.match) == json({{"winner", 1}, {"reason", "headquarters"}}));
}

TEST_CASE("gunjin-shogi: any attacker takes the Flag and wins, a Flag too", "[gunjin-shogi]") {
  for (const char* attacker : {"TNK", "SPY", "FLG", "ENG"}) {
    INFO(attacker);
    auto p = play(gs({{"d4", attacker}}, {{"d6", "FLG"}}, {"move d4-d5", "move h6-i6", "move d5-d6"}));
    REQUIRE(p.errors.empty());
    CHECK(last_event(p.match, "attack")["outcome"] == "attacker");
    CHECK(result(p.match) == json({{"winner", 1}, {"reason", "flag-captured"}}));
  }
}

TEST_CASE("gunjin-shogi: flag_attack — a Flag that attacks falls with its target", "[gunjin-shogi]") {
  const std::vector<std::string> attack = {"move d4-d5", "move h6-i6", "move d5-d6"};
  SECTION("loses (the default): its side loses") {
    auto p = play(gs({{"d4", "FLG"}}, {{"d6", "GEN"}}, attack));
    REQUIRE(p.errors.empty());
    CHECK(last_event(p.match, "attack")["outcome"] == "both");
    CHECK(result(p.match) == json({{"winner", 2}, {"reason", "flag-captured"}}));
  }
  SECTION("continues: play goes on, and the missing Flag decides nothing later") {
    auto moves = attack;
    for (const char* m : {"move i6-h6", "move a4-a5", "move h6-i6", "move a5-a4"}) moves.push_back(m);
    auto p = play(gs({{"d4", "FLG"}}, {{"d6", "GEN"}}, moves, {"flag_attack=continues"}));
    REQUIRE(p.errors.empty());
    CHECK(state(p.match)["status"] == "playing");
    CHECK(state(p.match)["removed"]["1"] == json::array({"FLG"}));
    CHECK(state(p.match)["removed"]["2"] == json::array({"GEN"}));
    CHECK(state(p.match)["ply"] == 7);
  }
}

TEST_CASE("gunjin-shogi: end checks — a captured Flag comes before the headquarters", "[gunjin-shogi]") {
  auto p = play(gs({{"d4", "MAJ"}}, {{"d9", "FLG"}, {"d8", "."}, {"d7", "."}, {"d6", "."}}, walk_d(5)));
  REQUIRE(p.errors.empty());
  CHECK(result(p.match) == json({{"winner", 1}, {"reason", "flag-captured"}}));
}

TEST_CASE("gunjin-shogi: end checks — no legal move comes before the ply limit", "[gunjin-shogi]") {
  auto game = make();
  Board b(*game);
  b.put(1, kGeneral, "e5");
  b.put(1, kFlag, "a1");
  b.put(2, kFlag, "a9");  // boxed in by its own mines, which never move
  b.put(2, kMine, "a8");
  b.put(2, kMine, "b9");
  b.s.options = {{"ply_limit", "10"}};
  b.s.ply = 10;
  auto r = game->victory(b.s, 1);
  REQUIRE(r);
  CHECK(r->reason == "no-legal-moves");
  CHECK(r->winner == 1);
  b.s.options["no_legal_moves"] = "draw";
  r = game->victory(b.s, 1);
  REQUIRE(r);
  CHECK(r->reason == "no-legal-moves");
  CHECK(r->winner == 0);  // the shared option still decides loss or draw
  b.s.options.erase("no_legal_moves");
  b.s.ply = 9;
  CHECK(!game->victory(b.s, 1));  // before the limit, Match's check at the turn start decides
  b.s.ply = 10;
  b.put(2, kGeneral, "h9");
  CHECK(!game->victory(b.s, 1));  // player 2 can move: the ply limit (Match) draws
  auto p = play(gs({}, {}, {"move a4-a5"}, {"ply_limit=1"}));
  REQUIRE(p.errors.empty());
  CHECK(result(p.match) == json({{"winner", nullptr}, {"reason", "ply-limit"}}));
}

TEST_CASE("gunjin-shogi: setup refusals name what is wrong", "[gunjin-shogi]") {
  auto reason = [](int player, const Setup& fixed) {
    auto p = play("game gunjin-shogi\n" + test::setup_line(kGame, player, fixed) + "\n");
    return p.errors.empty() ? std::string() : p.errors.front();
  };
  CHECK(reason(1, {}).empty());
  CHECK(reason(2, {}).empty());
  CHECK(reason(1, {{"d1", "FLG"}}).empty());  // the Flag may stand on a headquarters
  CHECK(reason(1, {{"d4", "MIN"}}).find("MIN on d4: no mine may stand in front of player 1's headquarters (d4, f4)") !=
        std::string::npos);
  CHECK(reason(1, {{"f4", "MIN"}}).find("MIN on f4") != std::string::npos);
  CHECK(reason(2, {{"d6", "MIN"}}).find("MIN on d6: no mine may stand in front of player 2's headquarters (d6, f6)") !=
        std::string::npos);
  CHECK(reason(2, {{"f6", "MIN"}}).find("MIN on f6") != std::string::npos);
  CHECK(reason(1, {{"e4", "MIN"}}).empty());
  CHECK(reason(1, {{"e5", "GEN"}}).find("e5 is not in player 1's setup area (ranks 1-4)") != std::string::npos);
  CHECK(reason(2, {{"e4", "GEN"}}).find("e4 is not in player 2's setup area (ranks 6-9)") != std::string::npos);
  CHECK(reason(1, {{"e4", "GEN"}, {"f4", "GEN"}}).find("too many GEN (General): 2 placed") != std::string::npos);
  auto p = play("game gunjin-shogi\nsetup 1 FLG:d1 GEN:a1\n");
  REQUIRE(p.errors.size() == 1);
  CHECK(p.errors[0].find("player 1 must place all 31 pieces; missing: LTG MJG MJG") != std::string::npos);
}

TEST_CASE("gunjin-shogi: seeded setups are valid and vary", "[gunjin-shogi]") {
  auto game = make();
  std::set<std::string> seen;
  for (std::uint64_t seed = 0; seed < 300; ++seed)
    for (int p : {1, 2}) {
      auto s = game->random_setup(p, seed);
      REQUIRE(s.size() == 31);
      REQUIRE(!game->check_setup(p, s));
      std::string text;
      for (const auto& pl : s) text += game->token(pl.type) + game->geometry().name(pl.square);
      seen.insert(text);
    }
  CHECK(seen.size() == 600);
}

TEST_CASE("gunjin-shogi: identities stay hidden, during the game and after it", "[gunjin-shogi]") {
  // A Tank beats a Spy, then the Major takes the headquarters: nothing names a piece.
  auto p = play(gs({{"d4", "MAJ"}, {"e4", "TNK"}}, {{"e6", "SPY"}, {"d9", "."}, {"d8", "."}, {"d7", "."}, {"d6", "."}},
                   {"move e4-e5", "move h6-i6", "move e5-e6", "move i6-h6", "move d4-d5", "move h6-i6",
                    "move d5-d6", "move i6-h6", "move d6-d7", "move h6-i6", "move d7-d8", "move i6-h6",
                    "move d8-d9"}));
  REQUIRE(p.errors.empty());
  CHECK(result(p.match) == json({{"winner", 1}, {"reason", "headquarters"}}));
  for (Viewer v : {kPublic, kPlayer1, kPlayer2}) {
    INFO(static_cast<int>(v));
    const int enemy = v == kPlayer1 ? 2 : 1;
    for (const auto& [sq, entry] : state(p.match, v)["board"].items()) {
      CHECK(entry["revealed"] == false);
      if (v == kPublic || entry["owner"] == enemy) CHECK(entry["piece"].is_null());
    }
    for (const auto& e : stream(p.match, v))
      CHECK(e.dump().find("\"revealed\":[{") == std::string::npos);
  }
  const std::string pub = [&] {
    std::string all;
    for (const auto& e : stream(p.match, kPublic)) all += e.dump();
    return all;
  }();
  for (const char* tok : {"\"TNK\"", "\"SPY\"", "\"MAJ\"", "\"FLG\"", "\"GEN\"", "\"id\""})
    CHECK(pub.find(tok) == std::string::npos);
  CHECK(state(p.match, kPublic)["removed"]["2"] == json::array({nullptr}));
  CHECK(state(p.match, kPlayer1)["removed"]["2"] == json::array({nullptr}));
  CHECK(state(p.match, kPlayer2)["removed"]["2"] == json::array({"SPY"}));
}

TEST_CASE("gunjin-shogi: matches differing only in hidden identities look the same to the public",
          "[gunjin-shogi]") {
  // An Aircraft beats a Colonel, or a Cavalry: "attacker" both times.
  auto a = play(gs({{"a1", "AIR"}}, {{"i9", "COL"}}, {"move a1-i9"}));
  auto b = play(gs({{"a1", "AIR"}}, {{"i9", "CAV"}, {"h6", "COL"}}, {"move a1-i9"}));
  REQUIRE(a.errors.empty());
  REQUIRE(b.errors.empty());
  CHECK(stream(a.match, kReferee) != stream(b.match, kReferee));
  CHECK(stream(a.match, kPublic) == stream(b.match, kPublic));
  CHECK(stream(a.match, kPlayer1) == stream(b.match, kPlayer1));
  CHECK(state(a.match, kPublic) == state(b.match, kPublic));
}

TEST_CASE("gunjin-shogi: the example in docs/rules plays as it says", "[gunjin-shogi]") {
  auto p = play(test::doc_example("gunjin-shogi"));
  REQUIRE(p.errors.empty());
  auto a = last_event(p.match, "attack");
  CHECK(a["attacker"]["piece"] == "AIR");
  CHECK(a["defender"]["piece"] == "2LT");
  CHECK(a["outcome"] == "attacker");
  CHECK(result(p.match) == json({{"winner", 1}, {"reason", "headquarters"}}));
}

TEST_CASE("gunjin-shogi: every code it writes is declared in English and Korean", "[gunjin-shogi][words]") {
  auto game = make();
  const Words& w = game->words();
  for (const char* code : {"flag-captured", "headquarters", "no-legal-moves", "ply-limit", "resigned"}) {
    INFO(code);
    const Word* word = w.find(WordKind::kReason, code);
    REQUIRE(word);
    CHECK(!word->en.empty());
    CHECK(!word->ko.empty());
  }
  const Names names{"Kim", "Lee"};
  for (const Detail& d : {Detail{"flag-captured", {{"player", "2"}}}, Detail{"flag-attacked", {{"player", "1"}}},
                          Detail{"headquarters", {{"player", "1"}, {"opponent", "2"}, {"square", "d9"}}}}) {
    INFO(d.code);
    REQUIRE(w.declared(WordKind::kDetail, d.code));
    for (Lang lang : {Lang::kEnglish, Lang::kKorean}) {
      const std::string line = render(w, d, lang, names);
      CHECK(unexpanded_placeholder(line).empty());
      CHECK(line != d.code);
    }
  }
  CHECK(render(w, Detail{"headquarters", {{"player", "1"}, {"opponent", "2"}, {"square", "d9"}}}, Lang::kEnglish,
               names) == "Kim entered Lee's headquarters d9");
}
