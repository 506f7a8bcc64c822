// The sampler's Rao-Blackwellized never-fought pieces (AnalysisOptions::
// rao_blackwell, docs/analysis.md method item 9) in real games: over random
// Salpakan and Luzhanqi Mini sessions (public view, outcome-only battles), the
// odds with it agree with the odds that count the draws' identities (another
// seed) within their combined standard errors, and stay sound: the truth is
// possible and above 0. A bias from a wrong "per piece" assumption about the
// never-fought pieces would show as disagreement here.
#include <catch2/catch.hpp>

#include <cmath>

#include "engine/registry.h"
#include "engine/view.h"
#include "tests/analysis/analysis_support.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::engine;

TEST_CASE("Rao-Blackwellized odds agree with the counted draws' in outcome-only games", "[analysis][rao-blackwell]") {
  const auto games = all_games();
  int compared = 0, smoothed = 0, estimates = 0, beyond3 = 0;
  for (const char* id : {"salpakan", "luzhanqi-mini"}) {
    const GameInfo& info = *find_game(games, id);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      conformance::SessionConfig config;
      config.seed = seed;
      config.max_commands = 80;
      config.extras = false;
      const auto session = conformance::play_session(info, info.default_preset, config);
      const auto stream = analysis_test::stream_of(session.match, kPublic);
      // The whole stream only: the truth is read from the match as it ended.
      analysis::AnalysisOptions with;
      with.seed = seed;
      with.samples = 400;
      with.max_draws = 4000;
      analysis::AnalysisOptions without = with;
      without.seed = seed + 100;
      without.rao_blackwell = false;
      const auto a = analysis::analyze(info, stream, kPublic, with);
      const auto b = analysis::analyze(info, stream, kPublic, without);
      INFO(id << " seed " << seed);
      if (a.error || b.error || a.method != analysis::Method::kSampled) continue;
      REQUIRE(a.pieces.size() == b.pieces.size());
      ++compared;
      smoothed += a.rao_blackwellized > 0;
      CHECK(b.rao_blackwellized == 0);
      for (std::size_t i = 0; i < a.pieces.size(); ++i) {
        const Piece& truth = analysis_test::truth_of(session.match, a.pieces[i]);
        CHECK(a.pieces[i].possible[static_cast<std::size_t>(truth.type)]);
        CHECK(a.pieces[i].p[static_cast<std::size_t>(truth.type)] > 0);
        double sum = 0;
        for (std::size_t t = 0; t < a.pieces[i].p.size(); ++t) {
          sum += a.pieces[i].p[t];
          const double bar = std::hypot(a.pieces[i].se[t], b.pieces[i].se[t]);
          ++estimates;
          beyond3 += std::abs(a.pieces[i].p[t] - b.pieces[i].p[t]) > 3 * bar + 1e-9;
          CHECK(std::abs(a.pieces[i].p[t] - b.pieces[i].p[t]) <= 6 * bar + 1e-9);
        }
        CHECK(sum == Approx(1.0));
      }
    }
  }
  CHECK(compared >= 3);
  CHECK(smoothed >= 2);
  INFO(beyond3 << " of " << estimates << " estimates beyond 3 combined standard errors");
  CHECK(beyond3 <= estimates / 50 + 1);
}
