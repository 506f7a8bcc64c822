// Random playouts of the attack-and-reveal games: seeded setups, random legal
// moves, the state's invariants and a shadow fold checked after every event, and
// each game's secrecy rule checked on every projected event and state.
#include <catch2/catch.hpp>

#include <map>

#include "engine/match.h"
#include "engine/view.h"
#include "engine/vocabulary.h"
#include "tests/games/scenario.h"

using namespace facedown;
using namespace facedown::engine;

namespace {

// Every piece reference an event carries.
std::vector<PieceRef> refs_of(const Event& e) {
  std::vector<PieceRef> out;
  std::visit(Overloaded{
                 [&](const SetupLocked& o) { out = o.pieces; },
                 [&](const Moved& o) { out = {o.piece}; },
                 [&](const Attack& o) {
                   out = {o.attacker, o.defender};
                   out.insert(out.end(), o.revealed.begin(), o.revealed.end());
                 },
                 [&](const Removed& o) { out = o.pieces; },
                 [&](const Battle&) { FAIL("these games have no Battle events"); },
                 [](const auto&) {},
             },
             e.body);
  return out;
}

// What a viewer may learn of a piece, per game: Capture Flag shows pieces that
// have fought; the others never show an opponent's piece. Returns the first leak.
// (Plain conditions, not CHECKs: this runs for every event of every playout.)
std::optional<std::string> leak(const std::string& game, const Event& e, const MatchState& after) {
  const bool reveals_battles = game == "capture-flag";
  for (Viewer v : {kPublic, kPlayer1, kPlayer2}) {
    const std::string who = "viewer " + std::to_string(static_cast<int>(v));
    Event p = project(e, v);
    if (p.command) return who + " sees the command text";
    for (const PieceRef& r : refs_of(p)) {
      if (r.id != -1) return who + " sees a piece id";
      if (r.value) return who + " sees a value";
      if (static_cast<int>(v) == r.owner) continue;
      bool may = false;
      if (reveals_battles && std::holds_alternative<Attack>(p.body)) may = true;
      if (reveals_battles && std::holds_alternative<Moved>(p.body))
        may = after.pieces[static_cast<std::size_t>(std::get<Moved>(e.body).piece.id)].revealed;
      if (may != (r.type != kHiddenType)) return who + (may ? " misses a public rank" : " sees a hidden rank");
    }
    StateView sv = view_state(after, v);
    for (const auto& sq : sv.board) {
      if (sq.owner == static_cast<int>(v)) continue;
      if (sq.type.has_value() != (reveals_battles && sq.revealed))
        return who + " sees the board wrong on square " + std::to_string(sq.square);
    }
    for (std::size_t o = 0; o < 2; ++o) {
      if (static_cast<int>(o) + 1 == static_cast<int>(v)) continue;
      for (const auto& t : sv.removed[o])
        if (t.has_value() != reveals_battles) return who + " sees removed pieces wrong";
    }
  }
  return std::nullopt;
}

struct Tally {
  std::map<std::string, int> reasons;
  int attacks = 0;
};

void playout(const GameInfo& info, std::uint64_t seed, Tally& tally) {
  auto opened = Match::open(info, info.default_preset, {{"ply_limit", "800"}}, {"A", "B"});
  REQUIRE(std::holds_alternative<Match>(opened));
  Match m = std::move(std::get<Match>(opened));
  MatchState shadow;
  shadow.board.assign(static_cast<std::size_t>(m.game().geometry().size()), -1);
  auto fold = [&](const Match::Submitted& sub) {
    if (sub.rejection) FAIL(sub.rejection->reason);
    for (const Event& e : sub.events) {
      shadow.apply(e);
      auto broken = shadow.check_invariants();
      auto leaked = leak(info.id, e, shadow);
      if (broken || leaked) {
        INFO(info.id << " seed " << seed << " event " << e.seq);
        REQUIRE(!broken);
        REQUIRE(!leaked);
      }
      if (std::holds_alternative<Attack>(e.body)) ++tally.attacks;
    }
  };
  std::uint64_t rng = seed;
  for (int p : {1, 2}) fold(m.submit(SetupCmd{p, m.game().random_setup(p, splitmix64(rng))}, 0));
  fold(m.submit(FirstCmd{1 + static_cast<int>(splitmix64(rng) % 2), std::nullopt}, 0));
  fold(m.submit(StartCmd{}, 0));
  int guard = 0;
  while (m.state().phase != Phase::kFinished && ++guard < 2000) {
    auto moves = m.legal_moves();
    if (moves.empty()) FAIL("a turn runs with no legal move");
    fold(m.submit(MoveCmd{moves[splitmix64(rng) % moves.size()]}, 0));
  }
  REQUIRE(m.state().phase == Phase::kFinished);
  CHECK(m.state().ply <= 800);
  CHECK(shadow.board == m.state().board);
  CHECK(shadow.removed == m.state().removed);
  CHECK(shadow.result->reason == m.state().result->reason);
  ++tally.reasons[m.state().result->reason];
}

}  // namespace

TEST_CASE("random playouts end, keep their invariants and their secrets", "[games][playout]") {
  for (const char* id : {"capture-flag", "salpakan", "luzhanqi-mini", "gunjin-shogi"}) {
    const GameInfo& info = test::game_info(id);
    Tally tally;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) playout(info, seed * 7919, tally);
    INFO(id);
    CHECK(tally.attacks > 0);
    // Random play decides some games before the ply limit.
    CHECK(tally.reasons["flag-captured"] + tally.reasons["flag-claim"] + tally.reasons["no-legal-moves"] > 0);
  }
}
