// Who is winning (analysis/win_probability.h): a finished match shows its result
// exactly; the interval is as narrow as promised; the number is reproducible by
// seed; the public number is byte-identical when never-seen identities swap.
#include <catch2/catch.hpp>

#include <sstream>

#include "analysis/win_probability.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "tests/analysis/analysis_support.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::engine;

namespace {

Match started(const GameInfo& info, std::uint64_t& rng) {
  Match m = std::get<Match>(Match::open(info, info.default_preset, {}, {"A", "B"}));
  if (!m.game().has_fixed_placement())
    for (int p : {1, 2}) m.submit(SetupCmd{p, m.game().random_setup(p, splitmix64(rng))}, 0);
  m.submit(FirstCmd{1 + static_cast<int>(splitmix64(rng) % 2), std::nullopt}, 0);
  m.submit(StartCmd{}, 0);
  return m;
}

// A match `moves` moves in, played by the informed player on both sides.
Match midgame(const GameInfo& info, std::uint64_t seed, int moves) {
  std::uint64_t rng = seed;
  Match m = started(info, rng);
  auto trail = analysis::PieceTrail::of_log(m.log());
  analysis::play_out(m, trail, {analysis::PlayerOptions{}, analysis::PlayerOptions{}}, rng, moves);
  return m;
}

std::string printed(const analysis::WinProbability& w) {
  std::ostringstream out;
  out.precision(17);
  out << w.win[0].p << " " << w.win[0].low << " " << w.win[0].high << " " << w.win[1].p << " " << w.win[1].low << " "
      << w.win[1].high << " " << w.draw.p << " " << w.unfinished << " " << w.playouts << " " << w.positions << " "
      << w.decided << " " << (w.error ? *w.error : "");
  return out.str();
}

analysis::WinOptions small() {
  analysis::WinOptions o;
  o.max_playouts = 60;
  o.min_playouts = 60;
  o.positions = 4;
  o.max_position_draws = 60;
  o.analysis.samples = 40;
  o.analysis.max_draws = 200;
  o.analysis.max_replays = 300;
  return o;
}

}  // namespace

TEST_CASE("the Wilson interval", "[analysis][win]") {
  const auto s = analysis::wilson(50, 100);
  CHECK(s.p == 0.5);
  CHECK(s.low == Approx(0.4038).margin(1e-4));
  CHECK(s.high == Approx(0.5962).margin(1e-4));
  const auto none = analysis::wilson(0, 1068);
  CHECK(none.low == 0);
  CHECK(none.high < 0.004);
  // 1,068 playouts at 50 %: ±3 points.
  const auto half = analysis::wilson(534, 1068);
  CHECK(half.high - half.p <= 0.03);
}

TEST_CASE("a finished match shows its result exactly, from every view", "[analysis][win]") {
  const auto games = all_games();
  for (const char* id : {"number-janggi", "salpakan", "hidden-hasami"}) {
    const GameInfo& info = *find_game(games, id);
    std::uint64_t rng = 21;
    Match m = started(info, rng);
    auto trail = analysis::PieceTrail::of_log(m.log());
    const int winner = analysis::play_out(m, trail, {analysis::PlayerOptions{}, analysis::PlayerOptions{}}, rng, 2000);
    REQUIRE(m.state().phase == Phase::kFinished);
    INFO(id << " winner " << winner);
    const auto check = [&](const analysis::WinProbability& w) {
      REQUIRE_FALSE(w.error);
      CHECK(w.decided);
      CHECK(w.playouts == 0);
      if (winner == 0) {
        CHECK(w.draw.p == 1.0);
      } else {
        CHECK(w.win[static_cast<std::size_t>(winner - 1)].p == 1.0);
        CHECK(w.win[static_cast<std::size_t>(2 - winner)].p == 0.0);
        CHECK(w.draw.p == 0.0);
      }
    };
    check(analysis::referee_win_probability(m));
    check(analysis::viewer_win_probability(info, analysis_test::stream_of(m, kPublic), kPublic, small()));
  }
  // A resignation too.
  const GameInfo& nj = *find_game(games, "number-janggi");
  std::uint64_t rng = 4;
  Match m = started(nj, rng);
  REQUIRE_FALSE(m.submit(ResignCmd{2}, 0).rejection);
  const auto w = analysis::viewer_win_probability(nj, analysis_test::stream_of(m, kPublic), kPublic, small());
  CHECK(w.decided);
  CHECK(w.win[0].p == 1.0);
  CHECK(w.win[1].p == 0.0);
}

TEST_CASE("playouts run until each side's interval is within 3 points", "[analysis][win]") {
  const auto games = all_games();
  for (const char* id : {"number-janggi", "salpakan"}) {
    const GameInfo& info = *find_game(games, id);
    const Match m = midgame(info, 8, 6);
    REQUIRE(m.state().phase != Phase::kFinished);
    const auto w = analysis::referee_win_probability(m);
    INFO(id << ": " << printed(w));
    CHECK(w.playouts >= 200);
    CHECK(w.playouts <= 1100);
    for (const auto& s : w.win) {
      CHECK(s.low <= s.p);
      CHECK(s.p <= s.high);
      if (w.playouts < 1100) CHECK(std::max(s.high - s.p, s.p - s.low) <= 0.03);
    }
    CHECK(w.win[0].p + w.win[1].p + w.draw.p + w.unfinished == Approx(1.0));
  }
}

TEST_CASE("the win probability is the same for the same seed", "[analysis][win]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "luzhanqi-mini");
  const Match m = midgame(info, 3, 10);
  REQUIRE(m.state().phase != Phase::kFinished);
  auto o = small();
  CHECK(printed(analysis::referee_win_probability(m, o)) == printed(analysis::referee_win_probability(m, o)));
  const auto stream = analysis_test::stream_of(m, kPublic);
  const auto a = analysis::viewer_win_probability(info, stream, kPublic, o);
  REQUIRE_FALSE(a.error);
  CHECK(a.positions >= 1);
  CHECK(printed(a) == printed(analysis::viewer_win_probability(info, stream, kPublic, o)));
}

TEST_CASE("the public win probability does not change when never-seen identities swap", "[analysis][win][leak]") {
  int compared = 0;
  for (const GameInfo& info : all_games()) {
    conformance::SessionConfig config;
    config.seed = 5;
    config.max_commands = 40;
    auto session = conformance::play_session(info, info.default_preset, config);
    const Match& m = session.match;
    if (m.game().has_fixed_placement()) continue;
    std::array<std::vector<Placement>, 2> setups;
    for (const auto& sub : session.submissions)
      if (const auto* sc = std::get_if<SetupCmd>(&sub.command); sc && sub.accepted)
        setups[static_cast<std::size_t>(sc->player - 1)] = sc->placements;
    const auto o = small();
    const auto original = analysis_test::stream_of(m, kPublic);
    const std::string before = printed(analysis::viewer_win_probability(info, original, kPublic, o));
    for (int p : {1, 2}) {
      auto swapped = setups;
      auto& pl = swapped[static_cast<std::size_t>(p - 1)];
      std::vector<std::size_t> hidden;
      for (std::size_t i = 0; i < pl.size(); ++i) {
        const int id = m.state().piece_at(pl[i].square);
        if (id >= 0 && !m.state().pieces[static_cast<std::size_t>(id)].revealed &&
            m.state().pieces[static_cast<std::size_t>(id)].owner == p)
          hidden.push_back(i);
      }
      bool done = false;
      for (std::size_t a = 0; a < hidden.size() && !done; ++a)
        for (std::size_t b = a + 1; b < hidden.size() && !done; ++b)
          if (pl[hidden[a]].type != pl[hidden[b]].type) {
            std::swap(pl[hidden[a]].type, pl[hidden[b]].type);
            done = true;
          }
      if (!done) continue;
      auto other = conformance::replay(info, std::get<Opened>(m.log()[0].body), session.submissions, &swapped);
      const auto stream = analysis_test::stream_of(other.match, kPublic);
      if (stream.size() != original.size()) continue;
      bool same = true;
      for (std::size_t i = 0; i < stream.size() && same; ++i)
        same = stream[i].body == original[i].body && stream[i].t == original[i].t;
      if (!same) continue;
      INFO(info.id << " player " << p);
      CHECK(printed(analysis::viewer_win_probability(info, stream, kPublic, o)) == before);
      // The referee's number may differ (it knows the truth); the public's may not.
      ++compared;
    }
  }
  CHECK(compared >= 6);
}
