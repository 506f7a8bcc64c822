// The live sampler's resample-move (AnalysisOptions::rejuvenate_steps): where
// outcome-only battles kill the kept draws faster than fresh ones replace them
// (Salpakan, Luzhanqi, Gunjin Shogi), survivors are copied and moved by
// Metropolis swaps. Every particle is still a uniform draw of the consistent
// setups, so the live estimates must stay sound (the truth possible, odds
// summing to 1) and agree with a fresh rejection sampler of the same prefix
// (analyze()) within their standard errors, which count ancestors, not copies.
#include <catch2/catch.hpp>

#include <cmath>
#include <iostream>

#include "engine/registry.h"
#include "engine/view.h"
#include "tests/analysis/analysis_support.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::engine;

namespace {

analysis::AnalysisOptions live_options(int steps) {
  analysis::AnalysisOptions o;
  o.seed = 5;
  o.samples = 100;
  o.max_draws = 600;
  o.update_draws = 150;
  o.max_replays = 300;
  o.rejuvenate_steps = steps;
  return o;
}

struct Tally {
  int rejuvenated = 0, compared = 0, estimates = 0, beyond = 0;
};

void check_sound(const Match& m, const analysis::Analysis& a) {
  for (const auto& odds : a.pieces) {
    const Piece& truth = analysis_test::truth_of(m, odds);
    CHECK(odds.possible[static_cast<std::size_t>(truth.type)]);
    double sum = 0;
    for (std::size_t t = 0; t < odds.p.size(); ++t) {
      sum += odds.p[t];
      CHECK(odds.p[t] >= 0.0);
      CHECK(odds.p[t] <= 1.0);
      CHECK(std::isfinite(odds.se[t]));
      CHECK(odds.se[t] >= 0.0);
      // Never certain unless the counting allows one identity.
      if (odds.p[t] == 1.0) CHECK(std::count(odds.possible.begin(), odds.possible.end(), true) == 1);
    }
    CHECK(sum == Approx(1.0));
  }
}

void run(const GameInfo& info, std::uint64_t seed, Tally& tally) {
  conformance::SessionConfig config;
  config.seed = seed;
  config.max_commands = 90;
  config.extras = false;
  const auto session = conformance::play_session(info, info.default_preset, config);
  const auto stream = analysis_test::stream_of(session.match, kPublic);
  analysis::Analyzer live(info, kPublic, live_options(400));
  int since = 0;
  for (std::size_t n = 1; n <= stream.size(); ++n) {
    live.push(stream[n - 1]);
    const auto a = live.analysis();
    if (a.error || a.method != analysis::Method::kSampled || a.independent >= a.accepted) continue;
    ++tally.rejuvenated;
    INFO(info.id << " seed " << seed << " after " << n << " events: " << a.accepted << " particles of "
                 << a.independent << " ancestors");
    CHECK(a.independent >= 1);
    // Soundness at the end of the stream only needs the match as it ended;
    // earlier moments are checked against a fresh sampler instead.
    if (n == stream.size()) check_sound(session.match, a);
    if (++since % 12 != 1) continue;
    auto fresh_options = live_options(0);
    fresh_options.samples = 300;
    fresh_options.max_draws = 6000;
    const auto once = analysis::analyze(info, std::vector<Event>(stream.begin(), stream.begin() + static_cast<long>(n)),
                                        kPublic, fresh_options);
    if (once.error) continue;  // the fresh sampler starved: nothing to compare
    REQUIRE(once.pieces.size() == a.pieces.size());
    ++tally.compared;
    for (std::size_t i = 0; i < a.pieces.size(); ++i) {
      CHECK(a.pieces[i].possible == once.pieces[i].possible);
      for (std::size_t t = 0; t < a.pieces[i].p.size(); ++t) {
        const double bar = std::hypot(a.pieces[i].se[t], once.pieces[i].se[t]);
        ++tally.estimates;
        tally.beyond += std::abs(a.pieces[i].p[t] - once.pieces[i].p[t]) > 3 * bar + 1e-9;
        CHECK(std::abs(a.pieces[i].p[t] - once.pieces[i].p[t]) <= 6 * bar + 1e-9);
      }
    }
  }
}

}  // namespace

TEST_CASE("rejuvenated draws stay sound and agree with a fresh sampler", "[analysis][rejuvenate]") {
  const auto games = all_games();
  Tally tally;
  for (const char* id : {"salpakan", "luzhanqi-mini", "gunjin-shogi"})
    for (std::uint64_t seed : {3u, 4u}) run(*find_game(games, id), seed, tally);
  std::cerr << "rejuvenate: " << tally.rejuvenated << " rejuvenated results, " << tally.compared
            << " compared with a fresh sampler (" << tally.beyond << " of " << tally.estimates
            << " estimates beyond three standard errors)\n";
  CHECK(tally.rejuvenated >= 10);  // the path is exercised
  CHECK(tally.compared >= 3);
  CHECK(tally.beyond <= tally.estimates / 50 + 1);
}

TEST_CASE("without rejuvenation the sampler keeps only independent draws", "[analysis][rejuvenate]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "gunjin-shogi");
  conformance::SessionConfig config;
  config.seed = 3;
  config.max_commands = 60;
  config.extras = false;
  const auto session = conformance::play_session(info, info.default_preset, config);
  const auto stream = analysis_test::stream_of(session.match, kPublic);
  analysis::Analyzer live(info, kPublic, live_options(0));
  int sampled = 0;
  for (const Event& e : stream) {
    live.push(e);
    const auto a = live.analysis();
    if (a.error || a.method != analysis::Method::kSampled) continue;
    ++sampled;
    CHECK(a.independent == a.accepted);
    CHECK(a.moves == 0);
  }
  CHECK(sampled > 0);
}

TEST_CASE("update_events bounds an update's fresh draws", "[analysis][rejuvenate]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "salpakan");
  conformance::SessionConfig config;
  config.seed = 4;
  config.max_commands = 60;
  config.extras = false;
  const auto session = conformance::play_session(info, info.default_preset, config);
  const auto stream = analysis_test::stream_of(session.match, kPublic);
  auto options = live_options(400);
  options.update_events = 1;  // one replay, however short, uses it up
  analysis::Analyzer live(info, kPublic, options);
  int sampled = 0;
  for (const Event& e : stream) {
    live.push(e);
    const auto a = live.analysis();
    if (a.method != analysis::Method::kSampled) continue;
    ++sampled;
    CHECK(a.draws <= 1);
    CHECK(a.moves <= options.rejuvenate_moves);
  }
  CHECK(sampled > 0);
}
