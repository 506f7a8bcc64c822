// Gwangsanghui: every ruling and the worked example of shared/rules/seed-games.md
// (section "Gwangsanghui (1783)"), each option value, the fixed placement and its
// setup/first/start flow, a perft-style move count, and perfect information.
//
// Positions other than the start are built two ways: a bare MatchState handed to
// the Game (movement rules, contact rule with nothing captured), or a real Match
// folded from a log that lifts every piece off and puts the wanted ones back
// (end conditions; such a position counts as after contact, since pieces left).
#include <catch2/catch.hpp>

#include <set>

#include "engine/games/gwangsanghui/gwangsanghui.h"
#include "engine/games/gwangsanghui/moves.h"
#include "engine/view.h"
#include "tests/games/scenario.h"

using namespace facedown;
using namespace facedown::engine;
using namespace facedown::engine::gwangsanghui;
using facedown::test::last_event;
using facedown::test::play;
using facedown::test::state;
using facedown::test::stream;
using nlohmann::json;

namespace {

const char* kGame = "gwangsanghui";

std::string gw(const std::vector<std::string>& commands, const std::vector<std::string>& options = {}) {
  std::string s = "game gwangsanghui\n";
  for (const auto& o : options) s += "option " + o + "\n";
  s += "first 1\nstart\n";
  for (const auto& c : commands) s += c + "\n";
  return s;
}

std::unique_ptr<Game> make_game(const Options& overrides = {}) {
  const GameInfo& info = test::game_info(kGame);
  auto resolved = resolve_options(info, "standard", overrides);
  REQUIRE_FALSE(resolved.error);
  return info.make(resolved.options);
}

struct Spot {
  int owner;
  std::string token;
  std::string square;
};

// A bare position: only the given pieces, nothing ever captured.
MatchState position(const Game& g, const std::vector<Spot>& spots) {
  MatchState s;
  s.board.assign(static_cast<std::size_t>(g.geometry().size()), -1);
  for (const auto& sp : spots) {
    const Square q = *g.geometry().parse(sp.square);
    s.board[static_cast<std::size_t>(q)] = static_cast<int>(s.pieces.size());
    s.pieces.push_back(Piece{sp.owner, *g.parse_token(sp.token), q, true});
  }
  return s;
}

// Where the piece on `from` may go, by the game's legal moves of its owner.
std::set<std::string> reach(const Game& g, const MatchState& s, const std::string& from) {
  const Square q = *g.geometry().parse(from);
  const int owner = s.pieces[static_cast<std::size_t>(s.piece_at(q))].owner;
  std::vector<Move> moves;
  g.legal_moves(s, owner, moves);
  std::set<std::string> out;
  for (const Move& m : moves)
    if (m.from == q) out.insert(g.geometry().name(m.to));
  return out;
}

std::set<std::string> reach(const Match& m, const std::string& from) {
  const Geometry& g = m.game().geometry();
  std::set<std::string> out;
  for (const Move& mv : m.legal_moves())
    if (g.name(mv.from) == from) out.insert(g.name(mv.to));
  return out;
}

using Set = std::set<std::string>;

// A real match standing in the given position with `to_move` to move: the log
// opens, gives first and start, removes every piece and revives the wanted ones.
Match arranged(const std::vector<Spot>& spots, const Options& options = {}, int to_move = 1) {
  const GameInfo& info = test::game_info(kGame);
  auto opened = Match::open(info, "standard", options, {"South", "North"});
  REQUIRE(std::holds_alternative<Match>(opened));
  const Match& m0 = std::get<Match>(opened);
  std::vector<Event> log = m0.log();
  auto add = [&](EventBody body) {
    Event e;
    e.seq = static_cast<int>(log.size()) + 1;
    e.body = std::move(body);
    log.push_back(std::move(e));
  };
  add(FirstChosen{1, std::nullopt});
  add(Started{});
  const MatchState& s = m0.state();
  Removed all{{}, "arranged"};
  for (std::size_t id = 0; id < s.pieces.size(); ++id) all.pieces.push_back(s.ref(static_cast<int>(id)));
  add(all);
  std::vector<bool> used(s.pieces.size(), false);
  for (const auto& sp : spots) {
    const PieceType t = *m0.game().parse_token(sp.token);
    std::size_t id = 0;
    while (id < s.pieces.size() && (used[id] || s.pieces[id].owner != sp.owner || s.pieces[id].type != t)) ++id;
    REQUIRE(id < s.pieces.size());
    used[id] = true;
    // A decision's fact that puts a removed piece back (engine/decision.h), as a revival does.
    add(Decided{"revived",
                {{"piece", Fact{PieceRef{static_cast<int>(id), sp.owner, t, *m0.game().geometry().parse(sp.square),
                                         std::nullopt, 0},
                                FactRole::kPlaced}}}});
  }
  add(TurnStarted{to_move});
  auto folded = Match::from_log(info, log);
  if (auto* r = std::get_if<Rejection>(&folded)) FAIL(r->reason);
  return std::move(std::get<Match>(folded));
}

Match::Submitted move(Match& m, const std::string& text) {
  const Geometry& g = m.game().geometry();
  const auto dash = text.find('-');
  return m.submit(MoveCmd{{*g.parse(text.substr(0, dash)), *g.parse(text.substr(dash + 1))}}, m.state().time);
}

// Legal moves `depth` plies deep, each move played on a copy of the match.
long perft(const Match& m, int depth) {
  const auto moves = m.legal_moves();
  if (depth == 1) return static_cast<long>(moves.size());
  long n = 0;
  for (const Move& mv : moves) {
    Match next = m;
    REQUIRE_FALSE(next.submit(MoveCmd{mv}, 0).rejection);
    n += perft(next, depth - 1);
  }
  return n;
}

}  // namespace

TEST_CASE("gwangsanghui: board, palaces, points and roster", "[gwangsanghui]") {
  const GameInfo& info = test::game_info(kGame);
  CHECK(info.default_preset == "standard");
  REQUIRE(info.presets.size() == 1);
  CHECK(info.presets[0].id == "standard");
  auto game = make_game();
  const Geometry& g = game->geometry();
  CHECK(g.files() == 15);
  CHECK(g.ranks() == 14);
  CHECK(g.on_points());
  CHECK(g.name(*g.parse("o14")) == "o14");
  CHECK(g.parse("o14") == g.at(14, 13));
  CHECK_FALSE(g.parse("p1"));
  CHECK_FALSE(g.parse("a15"));
  std::string palaces;
  int palace_points = 0;
  for (Square s = 0; s < g.size(); ++s)
    if (g.terrain(s) & kPalace) ++palace_points;
  for (const char* sq : {"g2", "i4", "a2", "c4", "m2", "o4", "g11", "i13", "a11", "c13", "m11", "o13", "h3", "b12"})
    if (!(g.terrain(*g.parse(sq)) & kPalace)) palaces += std::string(sq) + " ";
  CHECK(palaces.empty());
  CHECK(palace_points == 54);
  for (const char* sq : {"d3", "h5", "h1", "j2", "f12"}) CHECK_FALSE(g.terrain(*g.parse(sq)) & kPalace);
  std::string tokens;
  int total = 0;
  for (const auto& p : game->roster()) {
    tokens += p.token + " ";
    total += p.count;
  }
  CHECK(tokens == "M A E R C H G V Q O T B I K ");
  CHECK(total == 43);
}

TEST_CASE("gwangsanghui: the fixed placement is on the board at creation, North mirrors South",
          "[gwangsanghui]") {
  auto p = play("game gwangsanghui\n");
  CHECK(p.errors.empty());
  const json st = state(p.match, kPublic);
  CHECK(st.at("status") == "setup");
  const json& board = st.at("board");
  CHECK(board.size() == 86);
  const char* south[] = {"...B...Q...B...", "RAE.REA.AER.EAR", ".G.O...M...O.G.",
                         "H.C..HC.CH..C.H", "...T...V...T...", "KKK.III.III.KKK"};
  int checked = 0;
  for (int r = 1; r <= 6; ++r)
    for (int f = 0; f < 15; ++f) {
      const char c = south[r - 1][f];
      const std::string file(1, static_cast<char>('a' + f));
      const std::string s1 = file + std::to_string(r), s2 = file + std::to_string(15 - r);
      if (c == '.') {
        CHECK_FALSE(board.contains(s1));
        CHECK_FALSE(board.contains(s2));
        continue;
      }
      INFO(s1 << " / " << s2);
      CHECK(board.at(s1) == json({{"owner", 1}, {"piece", std::string(1, c)}, {"revealed", true}}));
      CHECK(board.at(s2) == json({{"owner", 2}, {"piece", std::string(1, c)}, {"revealed", true}}));
      checked += 2;
    }
  CHECK(checked == 86);
  CHECK_FALSE(st.contains("items"));
  CHECK(st.contains("warnings"));
  // Every viewer sees every piece.
  for (Viewer v : {kReferee, kPlayer1, kPlayer2, kPublic}) CHECK(state(p.match, v).at("board") == board);
}

TEST_CASE("gwangsanghui: setup lines are rejected: status setup until first, then ready", "[gwangsanghui]") {
  auto p = play("game gwangsanghui\nsetup 1 M:h3\n");
  REQUIRE(p.errors.size() == 1);
  CHECK(p.errors[0].find("fixed placement") != std::string::npos);
  CHECK(state(p.match).at("status") == "setup");
  CHECK(state(p.match).at("board").size() == 86);

  auto q = play("game gwangsanghui\nfirst 1\n");
  CHECK(q.errors.empty());
  CHECK(state(q.match).at("status") == "ready");
  CHECK(q.match.state().setup_locked[0]);
  CHECK(q.match.state().setup_locked[1]);

  auto r = play(gw({}));
  CHECK(r.errors.empty());
  CHECK(state(r.match).at("status") == "playing");
  CHECK(r.match.state().to_move == 1);
  // A setup line after the start is refused for the same reason.
  auto t = play(gw({"setup 2 M:h12"}));
  REQUIRE(t.errors.size() == 1);
  CHECK(t.errors[0].find("fixed placement") != std::string::npos);
  // Without first, start is refused.
  auto u = play("game gwangsanghui\nstart\n");
  REQUIRE(u.errors.size() == 1);
  CHECK(u.errors[0].find("first") != std::string::npos);
  // North may move first when the operator says so.
  auto n = play("game gwangsanghui\nfirst 2\nstart\nmove h10-h9\n");
  CHECK(n.errors.empty());
  CHECK(n.match.state().to_move == 1);
}

TEST_CASE("gwangsanghui: worked example, the Cannon on g4 from the start", "[gwangsanghui]") {
  auto on = play(gw({}));
  CHECK(reach(on.match, "g4") == Set{"g1", "d4", "e4", "g7", "g8"});
  auto off = play(gw({}, {"contact_rule=off"}));
  CHECK(reach(off.match, "g4") == Set{"g1", "d4", "e4", "g7", "g8", "g9"});
  CHECK_FALSE(reach(off.match, "g4").count("g5"));
  auto taken = play(gw({"move g4-g9"}, {"contact_rule=off"}));
  CHECK(taken.errors.empty());
  const json a = last_event(taken.match, "attack", kPublic);
  CHECK(a.at("outcome") == "attacker");
  CHECK(state(taken.match).at("board").at("g9").at("piece") == "C");
  CHECK(state(taken.match).at("removed").dump().find("\"I\"") != std::string::npos);
  auto refused = play(gw({"move g4-g9"}));
  REQUIRE(refused.errors.size() == 1);
  CHECK(refused.errors[0].find("not a legal move") != std::string::npos);
  auto g5 = play(gw({"move g4-g5"}, {"contact_rule=off"}));
  CHECK(g5.errors.size() == 1);
}

TEST_CASE("gwangsanghui: move counts from the start (perft)", "[gwangsanghui]") {
  auto p = play(gw({}));
  // Depth 1 counted by hand: palace pieces 14, Chariots 14, Cannons 16, Horses 4,
  // Elephants 4, Elite officers 12, Vanguard 10, Rearguard 7, Travelers 2,
  // Ambushes 10, Infantry 10, Cavalry 18.
  CHECK(perft(p.match, 1) == 121);
  auto n = play("game gwangsanghui\nfirst 2\nstart\n");
  CHECK(perft(n.match, 1) == 121);
  // Depth 2, pinned from the engine: 10 fewer than 121 x 121, mostly because a
  // South piece on the h-file shortens North's Vanguard (and a Vanguard leaving
  // the h-file lengthens it).
  CHECK(perft(p.match, 2) == 14631);
}

TEST_CASE("gwangsanghui: Chariot slides along files and ranks, never a palace diagonal", "[gwangsanghui]") {
  auto g = make_game({{"contact_rule", "off"}});
  // In the centre of North's palace, with a blocker and an enemy in its lines.
  auto s = position(*g, {{1, "R", "h12"}, {1, "I", "h14"}, {2, "H", "e12"}, {2, "M", "a13"}});
  CHECK(reach(*g, s, "h12") == Set{"h13", "h11", "h10", "h9", "h8", "h7", "h6", "h5", "h4", "h3", "h2", "h1",
                                   "g12", "f12", "e12", "i12", "j12", "k12", "l12", "m12", "n12", "o12"});
}

TEST_CASE("gwangsanghui: Cannon needs exactly one non-cannon screen and never takes a cannon",
          "[gwangsanghui]") {
  auto g = make_game({{"contact_rule", "off"}});
  auto s = position(*g, {{1, "C", "e5"},
                         {1, "I", "e7"},    // screen up: e8, e9 then the enemy Horse on e10
                         {2, "H", "e10"},
                         {2, "C", "g5"},    // a cannon screen to the right: nothing
                         {2, "T", "c5"},    // screen to the left: b5, a5
                         {2, "R", "e3"},    // screen down: e2, then the enemy Cannon on e1 is safe
                         {2, "C", "e1"}});
  CHECK(reach(*g, s, "e5") == Set{"e8", "e9", "e10", "b5", "a5", "e2"});
  // In a palace it still moves along files and ranks only.
  auto p = position(*g, {{1, "C", "g2"}, {1, "M", "h3"}, {2, "I", "i4"}});
  CHECK(reach(*g, p, "g2") == Set{});
  // A cannon takes the first piece beyond the screen only: not the one after it.
  auto q = position(*g, {{1, "C", "a1"}, {1, "A", "a2"}, {2, "I", "a4"}, {2, "R", "a6"}});
  CHECK(reach(*g, q, "a1") == Set{"a3", "a4"});
}

TEST_CASE("gwangsanghui: Horse and Elephant are blocked on their intermediate points", "[gwangsanghui]") {
  auto g = make_game({{"contact_rule", "off"}});
  auto h = position(*g, {{1, "H", "h7"}, {1, "I", "h8"}, {2, "I", "j8"}, {1, "I", "f6"}});
  // Up is blocked by h8; right to i7 then j8 (enemy) and j6; left g7 then f8, f6 (own).
  CHECK(reach(*g, h, "h7") == Set{"j8", "j6", "f8", "g5", "i5"});
  auto e = position(*g, {{1, "E", "h7"}, {1, "I", "h6"}, {2, "I", "j9"}, {1, "T", "g9"}, {2, "K", "k8"}});
  // Up h8, then i9 (empty) to j10, g9 (own, blocked); right i7, j8 to k9, j6 to k5;
  // left g7, f8 to e9, f6 to e5; down blocked by h6. k8 is not an Elephant's point.
  CHECK(reach(*g, e, "h7") == Set{"j10", "k9", "k5", "e9", "e5"});
  auto blocked = position(*g, {{1, "E", "h7"}, {1, "I", "h8"}, {1, "I", "h6"}, {1, "I", "g7"}, {2, "I", "j8"}});
  // Right: i7 empty, j8 occupied (second point) blocks k9; j6 empty: k5.
  CHECK(reach(*g, blocked, "h7") == Set{"k5"});
}

TEST_CASE("gwangsanghui: Traveler, Infantry and Cavalry: forward is towards the enemy", "[gwangsanghui]") {
  auto g = make_game({{"contact_rule", "off"}});
  auto t = position(*g, {{1, "T", "h7"}, {1, "I", "i8"}, {2, "I", "f5"}});
  CHECK(reach(*g, t, "h7") == Set{"f9", "f5", "j5"});
  auto inf = position(*g, {{1, "I", "h7"}, {2, "I", "h10"}, {2, "K", "h8"}, {1, "K", "c7"}, {2, "K", "c12"}});
  CHECK(reach(*g, inf, "h7") == Set{"h8", "g7", "i7"});
  CHECK(reach(*g, inf, "c7") == Set{"c8", "b8", "d8", "b7", "d7"});
  // North's Infantry and Cavalry go down the board.
  CHECK(reach(*g, inf, "h10") == Set{"h9", "g10", "i10"});
  CHECK(reach(*g, inf, "c12") == Set{"c11", "b11", "d11", "b12", "d12"});
  auto edge = position(*g, {{1, "I", "a14"}, {2, "I", "o1"}});
  CHECK(reach(*g, edge, "a14") == Set{"b14"});
  CHECK(reach(*g, edge, "o1") == Set{"n1"});
}

TEST_CASE("gwangsanghui: Vanguard, Rearguard and Elite officer keep to their ranks", "[gwangsanghui]") {
  auto g = make_game({{"contact_rule", "off"}});
  // South's Vanguard on h5 may not stand on ranks 1-4; North's (own ranks 1-4 are 11-14) likewise.
  auto v = position(*g, {{1, "V", "h5"}, {1, "I", "h8"}, {2, "I", "c5"}, {2, "V", "h10"}});
  Set south{"h6", "h7", "g5", "f5", "e5", "d5", "c5", "i5", "j5", "k5", "l5", "m5", "n5", "o5",
            "g6", "f7", "e8", "d9", "c10", "b11", "a12", "i6", "j7", "k8", "l9", "m10", "n11", "o12"};
  CHECK(reach(*g, v, "h5") == south);
  const Set north = reach(*g, v, "h10");
  for (const auto& sq : north) CHECK(std::stoi(sq.substr(1)) <= 10);
  CHECK(north.count("h9"));
  CHECK(north.count("h8"));  // the capture of the South Infantry
  CHECK_FALSE(north.count("h11"));
  CHECK_FALSE(north.count("g11"));
  // Rearguard: own ranks 1-2 only.
  auto q = position(*g, {{1, "Q", "h1"}, {2, "Q", "d13"}});
  Set rear;
  for (char f = 'a'; f <= 'o'; ++f) {
    const std::string file(1, f);
    if (f != 'h') rear.insert(file + "1");
  }
  for (const char* sq : {"h2", "g2", "i2"}) rear.insert(sq);
  CHECK(reach(*g, q, "h1") == rear);
  for (const auto& sq : reach(*g, q, "d13")) CHECK(std::stoi(sq.substr(1)) >= 13);
  // Elite officer: rook moves within own ranks 2-4, palaces allowed.
  auto o = position(*g, {{1, "O", "d3"}, {1, "M", "h3"}, {2, "O", "l12"}});
  CHECK(reach(*g, o, "d3") == Set{"d2", "d4", "a3", "b3", "c3", "e3", "f3", "g3"});
  const Set no = reach(*g, o, "l12");
  CHECK(no == Set{"l11", "l13", "a12", "b12", "c12", "d12", "e12", "f12", "g12", "h12", "i12", "j12", "k12",
                  "m12", "n12", "o12"});
}

TEST_CASE("gwangsanghui: Ambush moves through empty points, never captures", "[gwangsanghui]") {
  for (const char* capturable : {"off", "on"}) {
    INFO("ambush_capturable " << capturable);
    auto g = make_game({{"contact_rule", "off"}, {"ambush_capturable", capturable}});
    // From h1: up h2 then g3 / i3, then one step; right i1 then j2; left g1 then f2.
    auto s = position(*g, {{1, "B", "h1"}, {2, "I", "g4"}, {1, "I", "j3"}});
    const Set r = reach(*g, s, "h1");
    CHECK_FALSE(r.count("g4"));  // never a capture
    CHECK_FALSE(r.count("j3"));
    CHECK_FALSE(r.count("h1"));
    CHECK(r.count("h4"));  // h2, i3, h4
    CHECK(r.count("k3"));  // i1, j2, k3
    CHECK(r.count("e1"));  // g1, f2, e1
    std::vector<Move> all;
    g->legal_moves(s, 1, all);
    CHECK(all.size() == std::set<std::pair<Square, Square>>([&] {
            std::set<std::pair<Square, Square>> u;
            for (const Move& mv : all) u.insert({mv.from, mv.to});
            return u;
          }()).size());  // each point listed once, whatever the path
    // A blocked first point closes that path.
    auto b = position(*g, {{1, "B", "a1"}, {1, "I", "a2"}, {1, "I", "b1"}});
    CHECK(reach(*g, b, "a1").empty());
  }
}

TEST_CASE("gwangsanghui: ambush_capturable off keeps every piece off an Ambush: on lets it be taken",
          "[gwangsanghui]") {
  const std::vector<Spot> spots = {{1, "R", "h5"}, {2, "B", "h9"}, {1, "C", "c5"}, {1, "I", "c6"}, {2, "B", "c9"}};
  auto off = make_game({{"contact_rule", "off"}});
  auto s = position(*off, spots);
  CHECK_FALSE(reach(*off, s, "h5").count("h9"));
  CHECK(reach(*off, s, "h5").count("h8"));
  CHECK_FALSE(reach(*off, s, "c5").count("c9"));
  auto on = make_game({{"contact_rule", "off"}, {"ambush_capturable", "on"}});
  auto t = position(*on, spots);
  CHECK(reach(*on, t, "h5").count("h9"));
  CHECK(reach(*on, t, "c5").count("c9"));
  // Played: the capture of an Ambush.
  Match m = arranged({{1, "M", "h3"}, {2, "M", "h12"}, {1, "R", "a5"}, {2, "B", "a9"}},
                     {{"ambush_capturable", "on"}});
  REQUIRE_FALSE(move(m, "a5-a9").rejection);
  CHECK(m.state().removed[1].size() == 42u);  // 43 lifted, 2 put back, 1 taken
  CHECK(last_event(m, "attack").at("defender").at("piece") == "B");
  Match n = arranged({{1, "M", "h3"}, {2, "M", "h12"}, {1, "R", "a5"}, {2, "B", "a9"}});
  CHECK(move(n, "a5-a9").rejection);
}

TEST_CASE("gwangsanghui: palace pieces use the palace lines and stay in their palace", "[gwangsanghui]") {
  auto g = make_game({{"contact_rule", "off"}});
  // The Marshal in the centre reaches all eight points; from a corner, two
  // orthogonal points and the centre; from an edge middle no diagonal.
  auto c = position(*g, {{1, "M", "h3"}});
  CHECK(reach(*g, c, "h3") == Set{"g2", "h2", "i2", "g3", "i3", "g4", "h4", "i4"});
  auto corner = position(*g, {{1, "M", "g4"}});
  CHECK(reach(*g, corner, "g4") == Set{"h4", "g3", "h3"});  // never out to f4, g5, f5
  auto edge = position(*g, {{1, "A", "h4"}});
  CHECK(reach(*g, edge, "h4") == Set{"g4", "i4", "h3"});  // no g3/i3 diagonal, no h5
  // A General in the west palace, an Advisor in North's; a capture inside.
  auto w = position(*g, {{1, "G", "c2"}, {2, "A", "b3"}, {2, "A", "h11"}});
  CHECK(reach(*g, w, "c2") == Set{"b2", "c3", "b3"});  // b3 is the centre: a capture
  CHECK(reach(*g, w, "h11") == Set{"g11", "i11", "h12"});
  CHECK(palace_of(g->geometry(), *g->geometry().parse("h3")) != palace_of(g->geometry(), *g->geometry().parse("b3")));
}

TEST_CASE("gwangsanghui: contact rule on: no captures until an Infantry or Cavalry stands in its enemy half",
          "[gwangsanghui]") {
  auto g = make_game();
  auto before = position(*g, {{1, "R", "h5"}, {2, "I", "h9"}, {1, "I", "c7"}, {2, "M", "h12"}});
  CHECK_FALSE(reach(*g, before, "h5").count("h9"));
  CHECK(reach(*g, before, "h5").count("h8"));
  // South's Infantry on rank 8 (the enemy half for South): contact.
  auto after = position(*g, {{1, "R", "h5"}, {2, "I", "h9"}, {1, "I", "c8"}, {2, "M", "h12"}});
  CHECK(reach(*g, after, "h5").count("h9"));
  // North's Cavalry on rank 7 counts too (either side).
  auto north = position(*g, {{1, "R", "h5"}, {2, "I", "h9"}, {2, "K", "a7"}, {2, "M", "h12"}});
  CHECK(reach(*g, north, "h5").count("h9"));
  // Another piece in the enemy half is no contact.
  auto other_piece = position(*g, {{1, "R", "h5"}, {2, "I", "h9"}, {1, "V", "c10"}, {2, "M", "h12"}});
  CHECK_FALSE(reach(*g, other_piece, "h5").count("h9"));
  CHECK_FALSE(contact_made(other_piece, g->geometry()));
  // Once made, it holds for the rest of the match: the infantry that made it may
  // be gone, but something was captured.
  auto gone = before;
  gone.removed[0].push_back(static_cast<int>(gone.pieces.size()));
  gone.pieces.push_back(Piece{1, kInfantry, kNoSquare, true});
  CHECK(reach(*g, gone, "h5").count("h9"));
  // Contact rule off: captures from the first move.
  auto off = make_game({{"contact_rule", "off"}});
  CHECK(reach(*off, before, "h5").count("h9"));
}

TEST_CASE("gwangsanghui: contact rule in play: the first capture waits for an Infantry in the enemy half",
          "[gwangsanghui]") {
  // Without the rule Vanguard h5 takes h10 at once (the seed's warning).
  auto off = play(gw({"move h5-h10"}, {"contact_rule=off"}));
  CHECK(off.errors.empty());
  auto on = play(gw({"move h5-h10"}));
  CHECK(on.errors.size() == 1);
  // South walks an Infantry e6-e7 (North replies), then e7-e8: contact; now the
  // Cannon g4 takes g9.
  auto walk = play(gw({"move e6-e7", "move a13-a12", "move e7-e8", "move a12-a13", "move g4-g9"}));
  CHECK(walk.errors.empty());
  CHECK(last_event(walk.match, "attack").at("to") == "g9");
  auto early = play(gw({"move e6-e7", "move a13-a12", "move g4-g9"}));
  CHECK(early.errors.size() == 1);
}

TEST_CASE("gwangsanghui: a third repetition is illegal and not a legal move", "[gwangsanghui]") {
  const std::vector<std::string> shuffle = {"move a2-a3", "move a13-a12", "move a3-a2", "move a12-a13",
                                            "move a2-a3", "move a13-a12", "move a3-a2"};
  auto p = play(gw(shuffle));
  CHECK(p.errors.empty());
  // a12-a13 would make the start position (South to move) occur a third time.
  CHECK_FALSE(reach(p.match, "a12").count("a13"));
  CHECK(p.match.legal_moves().size() > 100u);  // everything else stays legal
  auto q = play(gw([&] {
    auto v = shuffle;
    v.push_back("move a12-a13");
    return v;
  }()));
  REQUIRE(q.errors.size() == 1);
  CHECK(q.errors[0].find("not a legal move") != std::string::npos);
  // One shuffle fewer: the second occurrence is allowed.
  auto r = play(gw({"move a2-a3", "move a13-a12", "move a3-a2", "move a12-a13"}));
  CHECK(r.errors.empty());
  CHECK(r.match.state().piece_positions.size() == 5u);
  CHECK(r.match.state().piece_positions.front() == r.match.state().piece_positions.back());
  // A void takes the record back with the moves.
  auto v = play(gw(shuffle) + "void 1 \"takeback\"\nmove a3-a2\n");
  CHECK(v.errors.empty());
  CHECK_FALSE(reach(v.match, "a12").count("a13"));
}

TEST_CASE("gwangsanghui: capturing the Marshal ends the game: there is no check", "[gwangsanghui]") {
  Match m = arranged({{1, "M", "h3"}, {1, "R", "h8"}, {2, "M", "h12"}, {2, "R", "a3"}, {2, "I", "o9"}});
  // No check: South's Marshal may step to g3, in the line of North's Chariot on a3.
  CHECK(reach(m, "h3").count("g3"));
  REQUIRE_FALSE(move(m, "h8-h12").rejection);
  REQUIRE(m.state().result);
  CHECK(m.state().result->winner == 1);
  CHECK(m.state().result->reason == "marshal-captured");
}

TEST_CASE("gwangsanghui: the side to move with no legal move loses (or draws with the option)",
          "[gwangsanghui]") {
  // North's seven palace pieces and South's two uncapturable Ambushes fill North's
  // centre palace: nothing of North's can move once South has moved.
  const std::vector<Spot> spots = {{2, "M", "h12"}, {2, "A", "g11"}, {2, "A", "h11"}, {2, "A", "i11"},
                                   {2, "A", "g12"}, {2, "G", "i12"}, {2, "G", "g13"}, {1, "B", "h13"},
                                   {1, "B", "i13"}, {1, "M", "h3"},  {1, "R", "a1"}};
  Match m = arranged(spots);
  REQUIRE_FALSE(move(m, "a1-a2").rejection);
  REQUIRE(m.state().result);
  CHECK(m.state().result->winner == 1);
  CHECK(m.state().result->reason == "no-legal-moves");
  Match d = arranged(spots, {{"no_legal_moves", "draw"}});
  REQUIRE_FALSE(move(d, "a1-a2").rejection);
  REQUIRE(d.state().result);
  CHECK(d.state().result->winner == 0);
  // Checked before the ply limit: at the limit, no legal move still decides.
  Match l = arranged(spots, {{"ply_limit", "1"}});
  REQUIRE_FALSE(move(l, "a1-a2").rejection);
  REQUIRE(l.state().result);
  CHECK(l.state().result->reason == "no-legal-moves");
  CHECK(l.state().result->winner == 1);
}

TEST_CASE("gwangsanghui: the ply limit (default 400) is decided on material", "[gwangsanghui]") {
  const GameInfo& info = test::game_info(kGame);
  CHECK(resolve_options(info, "standard", {}).options.at("ply_limit") == "400");
  CHECK(resolve_options(info, "standard", {}).options.at("contact_rule") == "on");
  CHECK(resolve_options(info, "standard", {}).options.at("ambush_capturable") == "off");
  CHECK_FALSE(resolve_options(info, "standard", {{"ply_limit", "off"}}).error);
  CHECK(resolve_options(info, "standard", {{"ply_limit", "many"}}).error);
  CHECK(resolve_options(info, "standard", {{"contact_rule", "maybe"}}).error);
  CHECK(resolve_options(info, "standard", {{"ambush_capturable", "yes"}}).error);
  // More pieces wins: South has three, North two.
  Match more = arranged({{1, "M", "h3"}, {1, "R", "a1"}, {1, "I", "o6"}, {2, "M", "h12"}, {2, "R", "a14"}},
                        {{"ply_limit", "2"}});
  REQUIRE_FALSE(move(more, "a1-a2").rejection);
  CHECK_FALSE(more.state().result);
  REQUIRE_FALSE(move(more, "a14-a13").rejection);
  REQUIRE(more.state().result);
  CHECK(more.state().result->winner == 1);
  CHECK(more.state().result->reason == "ply-limit");
  CHECK(more.state().result->detail.find("player 1 has 3 pieces, player 2 has 2") != std::string::npos);
  // North ahead: North wins.
  Match less = arranged({{1, "M", "h3"}, {2, "M", "h12"}, {2, "R", "a14"}, {1, "R", "a1"}, {2, "I", "o9"}},
                        {{"ply_limit", "1"}});
  REQUIRE_FALSE(move(less, "a1-a2").rejection);
  REQUIRE(less.state().result);
  CHECK(less.state().result->winner == 2);
  // Equal numbers draw, with the same reason.
  Match even = arranged({{1, "M", "h3"}, {1, "R", "a1"}, {2, "M", "h12"}, {2, "R", "a14"}}, {{"ply_limit", "1"}});
  REQUIRE_FALSE(move(even, "a1-a2").rejection);
  REQUIRE(even.state().result);
  CHECK(even.state().result->winner == 0);
  CHECK(even.state().result->reason == "ply-limit");
  // ply_limit off: no end on material.
  Match unlimited = arranged({{1, "M", "h3"}, {1, "R", "a1"}, {2, "M", "h12"}, {2, "R", "a14"}},
                             {{"ply_limit", "off"}});
  REQUIRE_FALSE(move(unlimited, "a1-a2").rejection);
  CHECK_FALSE(unlimited.state().result);
  // A Marshal capture on the last ply is a Marshal capture.
  Match cap = arranged({{1, "M", "h3"}, {1, "R", "h8"}, {2, "M", "h12"}, {2, "R", "a14"}, {2, "I", "o9"}},
                       {{"ply_limit", "1"}});
  REQUIRE_FALSE(move(cap, "h8-h12").rejection);
  CHECK(cap.state().result->reason == "marshal-captured");
}

TEST_CASE("gwangsanghui: perfect information: the public stream is the referee's", "[gwangsanghui]") {
  auto p = play(gw({"move e6-e7", "move a13-a12", "move e7-e8", "move a12-a13", "move g4-g9", "move h10-h9"}));
  REQUIRE(p.errors.empty());
  auto strip_ids = [](std::vector<json> js) {
    std::function<void(json&)> f = [&](json& j) {
      if (j.is_object()) {
        // Views leave out what is only the referee's bookkeeping: piece ids, the
        // command text and the (all-zero) secrecy masks.
        j.erase("id");
        j.erase("command");
        j.erase("secret_from");
        for (auto& [k, v] : j.items()) f(v);
      } else if (j.is_array()) {
        for (auto& v : j) f(v);
      }
    };
    for (auto& j : js) f(j);
    return js;
  };
  const auto referee = strip_ids(stream(p.match, kReferee));
  for (Viewer v : {kPublic, kPlayer1, kPlayer2}) CHECK(strip_ids(stream(p.match, v)) == referee);
  const json st = state(p.match, kPublic);
  for (const auto& [sq, e] : st.at("board").items()) CHECK(e.at("revealed") == true);
  CHECK(st.at("removed").dump().find("\"I\"") != std::string::npos);
}

TEST_CASE("gwangsanghui: its result words are declared in English and Korean", "[gwangsanghui]") {
  auto g = make_game();
  const Words& w = g->words();
  for (const char* reason : {"marshal-captured", "no-legal-moves", "ply-limit"}) {
    const Word* word = w.find(WordKind::kReason, reason);
    REQUIRE(word);
    CHECK_FALSE(word->en.empty());
    CHECK_FALSE(word->ko.empty());
  }
  Match m = arranged({{1, "M", "h3"}, {1, "R", "a1"}, {1, "I", "o6"}, {2, "M", "h12"}, {2, "R", "a14"}},
                     {{"ply_limit", "1"}});
  REQUIRE_FALSE(move(m, "a1-a2").rejection);
  REQUIRE(m.state().result);
  const auto& r = *m.state().result;
  for (Lang lang : {Lang::kEnglish, Lang::kKorean}) {
    const std::string line = result_sentence(w, r.winner, r.reason, r.what, lang, {"Kim", "Lee"});
    INFO(line);
    CHECK(unexpanded_placeholder(line).empty());
    CHECK(line.find("Kim") != std::string::npos);
    CHECK(line.find("Lee") != std::string::npos);
  }
  CHECK(r.what.code == "ply-limit-material");
}
