// The players (analysis/player.h): legal in every game and preset, better than
// random, blind to the other side's face-down identities, reproducible by seed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "analysis/player.h"
#include "analysis/win_probability.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "tests/analysis/analysis_support.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::engine;
using analysis::PlayerKind;
using analysis::PlayerOptions;

namespace {

Match started(const GameInfo& info, const std::string& preset, std::uint64_t& rng) {
  Match m = std::get<Match>(Match::open(info, preset, {}, {"A", "B"}));
  if (!m.game().has_fixed_placement())
    for (int p : {1, 2}) REQUIRE_FALSE(m.submit(SetupCmd{p, m.game().random_setup(p, splitmix64(rng))}, 0).rejection);
  REQUIRE_FALSE(m.submit(FirstCmd{1 + static_cast<int>(splitmix64(rng) % 2), std::nullopt}, 0).rejection);
  REQUIRE_FALSE(m.submit(StartCmd{}, 0).rejection);
  return m;
}

PlayerOptions of_kind(PlayerKind k) {
  PlayerOptions o;
  o.kind = k;
  return o;
}

}  // namespace

TEST_CASE("every player gives commands the engine accepts, in every game and preset", "[analysis][player]") {
  for (const GameInfo& info : all_games())
    for (const Preset& preset : info.presets)
      for (PlayerKind kind : {PlayerKind::kRandom, PlayerKind::kGreedy, PlayerKind::kInformed}) {
        INFO(info.id << "/" << preset.id << " kind " << static_cast<int>(kind));
        std::uint64_t rng = 11;
        Match m = started(info, preset.id, rng);
        auto trail = analysis::PieceTrail::of_log(m.log());
        int commands = 0;
        for (; commands < 60 && m.state().phase != Phase::kFinished; ++commands) {
          auto cmd = analysis::choose(m, trail, of_kind(kind), rng);
          REQUIRE(cmd.has_value());
          if (const auto* mv = std::get_if<MoveCmd>(&*cmd)) trail.note_move(m.state(), mv->move);
          REQUIRE_FALSE(m.submit(*cmd, 0).rejection);
        }
        CHECK(commands > 0);
      }
}

TEST_CASE("the informed player beats random play", "[analysis][player]") {
  const auto games = all_games();
  for (const char* id : {"number-janggi", "salpakan", "luzhanqi-mini", "gwangsanghui"}) {
    const GameInfo& info = *find_game(games, id);
    int wins = 0, losses = 0;
    const int matches = 16;
    for (int k = 0; k < matches; ++k) {
      std::uint64_t rng = 101 + static_cast<std::uint64_t>(k);
      Match m = started(info, info.default_preset, rng);
      auto trail = analysis::PieceTrail::of_log(m.log());
      const int seat = 1 + k % 2;
      const PlayerOptions informed, random = of_kind(PlayerKind::kRandom);
      const int winner = analysis::play_out(m, trail, seat == 1 ? std::array{informed, random} : std::array{random, informed}, rng, 600);
      wins += winner == seat;
      losses += winner == 3 - seat;
    }
    INFO(id << ": " << wins << " wins, " << losses << " losses of " << matches);
    // Random play would win about half; the bench measures 80-100 % (docs/analysis.md).
    CHECK(wins >= 11);
    CHECK(wins > 2 * losses);
  }
}

TEST_CASE("the player's choice does not change when the other side's never-seen identities swap", "[analysis][player][leak]") {
  int compared = 0, games_compared = 0;
  std::set<std::string> seed_games;
  for (const GameInfo& info : all_games())
   for (std::uint64_t seed = 9; seed < 30; ++seed) {
    conformance::SessionConfig config;
    config.seed = seed;
    config.max_commands = 14 + 4 * static_cast<int>(seed - 9);  // short and long: some games end early
    config.extras = false;
    auto session = conformance::play_session(info, info.default_preset, config);
    const Match& m = session.match;
    if (m.game().has_fixed_placement() || m.state().phase != Phase::kPlaying) continue;
    const int me = m.state().to_move;
    const int opp = 3 - me;
    const Viewer viewer = me == 1 ? kPlayer1 : kPlayer2;
    std::array<std::vector<Placement>, 2> setups;
    for (const auto& sub : session.submissions)
      if (const auto* sc = std::get_if<SetupCmd>(&sub.command); sc && sub.accepted)
        setups[static_cast<std::size_t>(sc->player - 1)] = sc->placements;
    auto& pl = setups[static_cast<std::size_t>(opp - 1)];
    // Two of the opponent's pieces, still on their setup squares, face down, of different types.
    std::vector<std::size_t> hidden;
    for (std::size_t i = 0; i < pl.size(); ++i) {
      const int id = m.state().piece_at(pl[i].square);
      if (id >= 0 && m.state().pieces[static_cast<std::size_t>(id)].owner == opp &&
          !may_see(m.state().pieces[static_cast<std::size_t>(id)], viewer))
        hidden.push_back(i);
    }
    // First the pieces the player could fight now (a player that peeked would
    // judge those fights by the truth): next to a square a move reaches, since
    // Number Janggi's battles and Hidden Hasami's captures are fought from beside
    // the piece, the other games' by moving onto it.
    const auto moves = m.legal_moves();
    const Geometry& g = m.game().geometry();
    const auto attackable = [&](std::size_t i) {
      return std::any_of(moves.begin(), moves.end(), [&](const Move& mv) {
        return std::abs(g.file_of(mv.to) - g.file_of(pl[i].square)) <= 1 &&
               std::abs(g.rank_of(mv.to) - g.rank_of(pl[i].square)) <= 1;
      });
    };
    std::stable_partition(hidden.begin(), hidden.end(), attackable);
    bool compared_here = false;
    for (std::size_t a = 0; a < hidden.size() && !compared_here && attackable(hidden[a]); ++a)
      for (std::size_t b = a + 1; b < hidden.size() && !compared_here; ++b) {
        if (pl[hidden[a]].type == pl[hidden[b]].type) continue;
        auto swapped = setups;
        auto& sp = swapped[static_cast<std::size_t>(opp - 1)];
        std::swap(sp[hidden[a]].type, sp[hidden[b]].type);
        auto other = conformance::replay(info, std::get<Opened>(m.log()[0].body), session.submissions, &swapped);
        // Only a swap the player could not notice (its stream is the same) counts.
        const auto mine = analysis_test::stream_of(m, viewer), theirs = analysis_test::stream_of(other.match, viewer);
        if (mine.size() != theirs.size()) continue;
        bool same = true;
        for (std::size_t i = 0; i < mine.size() && same; ++i) same = mine[i].body == theirs[i].body;
        if (!same) continue;
        INFO(info.id);
        const auto trail = analysis::PieceTrail::of_log(m.log());
        const auto other_trail = analysis::PieceTrail::of_log(other.match.log());
        for (std::uint64_t s : {1u, 2u, 3u, 4u, 5u, 6u}) {
          std::uint64_t r1 = s, r2 = s;
          const auto c1 = analysis::choose(m, trail, PlayerOptions{}, r1);
          const auto c2 = analysis::choose(other.match, other_trail, PlayerOptions{}, r2);
          REQUIRE(c1.has_value());
          REQUIRE(c2.has_value());
          CHECK(std::get<MoveCmd>(*c1).move == std::get<MoveCmd>(*c2).move);
          CHECK(r1 == r2);
        }
        compared_here = true;
        ++compared;
      }
    games_compared += compared_here && seed_games.insert(info.id).second;
  }
  CHECK(games_compared >= 6);
  CHECK(compared >= 30);
}

TEST_CASE("a match played by the players is the same for the same seed", "[analysis][player]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "capture-flag");
  auto play = [&](std::uint64_t seed) {
    std::uint64_t rng = seed;
    Match m = started(info, info.default_preset, rng);
    auto trail = analysis::PieceTrail::of_log(m.log());
    const int winner = analysis::play_out(m, trail, {PlayerOptions{}, of_kind(PlayerKind::kGreedy)}, rng, 200);
    return std::pair{winner, m.log().size()};
  };
  CHECK(play(5) == play(5));
  CHECK(play(6) == play(6));
}

TEST_CASE("the hidden sampler keeps roster counts and what the trail proves", "[analysis][player]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "luzhanqi-mini");
  std::uint64_t rng = 3;
  Match m = started(info, info.default_preset, rng);
  auto trail = analysis::PieceTrail::of_log(m.log());
  analysis::play_out(m, trail, {PlayerOptions{}, PlayerOptions{}}, rng, 12);
  const int me = 1, opp = 2;
  for (bool exact : {true, false}) {
    const analysis::HiddenSampler sampler(m.game(), m.state(), me, trail, exact);
    REQUIRE_FALSE(sampler.hidden().empty());
    for (int k = 0; k < 50; ++k) {
      MatchState s = m.state();
      sampler.draw(s, rng);
      std::vector<int> count(m.game().roster().size(), 0);
      for (const Piece& p : s.pieces)
        if (p.owner == opp) ++count[static_cast<std::size_t>(p.type)];
      for (std::size_t t = 0; t < count.size(); ++t) CHECK(count[t] == m.game().roster()[t].count);
      for (int id : sampler.hidden()) {
        const PieceType t = s.pieces[static_cast<std::size_t>(id)].type;
        if (trail.has_moved(id)) CHECK_FALSE(m.game().never_moves(t));
        CHECK_FALSE(m.game().check_placement(opp, Placement{t, trail.setup_of(id)}));
      }
    }
  }
}
