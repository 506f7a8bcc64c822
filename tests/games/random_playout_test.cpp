// Random playouts of every game with a secret setup: seeded setups, random legal
// moves, the state's invariants and a shadow fold checked after every event, and
// the secrecy rule (a type shows exactly when revealed) on every projected event
// and state.
#include <catch2/catch.hpp>

#include <map>

#include "engine/match.h"
#include "engine/registry.h"
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

// What a viewer may learn of an opponent's piece: its type exactly when the piece
// is revealed in the state after the event (Capture Flag reveals pieces that
// fought, Hidden Hasami a captured leader, the others nothing), so the rule is
// the same for every game. Returns the first leak.
// (Plain conditions, not CHECKs: this runs for every event of every playout.)
std::optional<std::string> leak(const Event& e, const MatchState& after) {
  const std::vector<PieceRef> truth = refs_of(e);
  auto revealed = [&](int id) { return after.pieces[static_cast<std::size_t>(id)].revealed; };
  for (Viewer v : {kPublic, kPlayer1, kPlayer2}) {
    const std::string who = "viewer " + std::to_string(static_cast<int>(v));
    Event p = project(e, v);
    if (p.command) return who + " sees the command text";
    const std::vector<PieceRef> seen = refs_of(p);
    if (seen.size() != truth.size()) return who + " sees another number of pieces";
    for (std::size_t i = 0; i < seen.size(); ++i) {
      const PieceRef& r = seen[i];
      if (r.id != -1) return who + " sees a piece id";
      if (r.value) return who + " sees a value";
      if (static_cast<int>(v) == r.owner) continue;
      const bool may = revealed(truth[i].id);
      if (may != (r.type != kHiddenType)) return who + (may ? " misses a public rank" : " sees a hidden rank");
    }
    StateView sv = view_state(after, v);
    for (const auto& sq : sv.board) {
      if (sq.owner == static_cast<int>(v)) continue;
      const int id = after.piece_at(sq.square);
      if (id >= 0 && sq.type.has_value() != revealed(id))
        return who + " sees the board wrong on square " + std::to_string(sq.square);
    }
    for (std::size_t o = 0; o < 2; ++o) {
      if (static_cast<int>(o) + 1 == static_cast<int>(v)) continue;
      const auto& ids = after.removed[o];
      if (sv.removed[o].size() != ids.size()) return who + " sees another number of removed pieces";
      for (std::size_t i = 0; i < ids.size(); ++i)
        if (sv.removed[o][i].has_value() != revealed(ids[i])) return who + " sees removed pieces wrong";
    }
  }
  return std::nullopt;
}

struct Tally {
  std::map<std::string, int> reasons;
  int attacks = 0;
  int removals = 0;  // Removed events (captures without an attack, as Hasami's)
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
      auto leaked = leak(e, shadow);
      if (broken || leaked) {
        INFO(info.id << " seed " << seed << " event " << e.seq);
        REQUIRE(!broken);
        REQUIRE(!leaked);
      }
      if (std::holds_alternative<Attack>(e.body)) ++tally.attacks;
      if (std::holds_alternative<Removed>(e.body)) ++tally.removals;
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

// Every registered game with a secret setup and no decisions (Number Janggi's
// items and revivals are played by its own tests; a fixed placement has no setup
// to draw), from all_games(), so a new game is played here without an edit.
std::vector<GameInfo> playout_games() {
  std::vector<GameInfo> out;
  for (GameInfo& g : all_games())
    if (!g.find_option("items") && !g.make(resolve_options(g, g.default_preset, {}).options)->has_fixed_placement())
      out.push_back(std::move(g));
  return out;
}

TEST_CASE("random playouts end, keep their invariants and their secrets", "[games][playout]") {
  const auto games = playout_games();
  REQUIRE(games.size() >= 2);
  for (const GameInfo& info : games) {
    Tally tally;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) playout(info, seed * 7919, tally);
    INFO(info.id);
    CHECK(tally.attacks + tally.removals > 0);
    // Random play decides some games before the ply limit.
    int decided = 0;
    for (const auto& [reason, n] : tally.reasons)
      if (reason != "ply-limit") decided += n;
    CHECK(decided > 0);
  }
}
