// Sound: over random referee sessions of every game and preset (items, revivals,
// voids, pauses and warnings included), the true identity of every piece a
// viewer cannot see has a probability above 0, from every point of view.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>

#include "engine/registry.h"
#include "engine/view.h"
#include "tests/analysis/analysis_support.h"
#include "tests/conformance/calibration_match.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::engine;

namespace {

int exact_count = 0, sampled_count = 0;

void check_sound(const Match& m, const std::string& where) {
  for (Viewer v : {kPublic, kPlayer1, kPlayer2}) {
    // A small sampler: soundness is about what the counting allows, not the estimates.
    analysis::AnalysisOptions options;
    options.samples = 60;
    options.max_draws = 150;
    options.max_replays = 300;
    const auto a = analysis::analyze(m.info(), analysis_test::stream_of(m, v), v, options);
    INFO(where << " viewer " << static_cast<int>(v) << " " << (a.error ? *a.error : std::string()));
    ++(a.method == analysis::Method::kExact ? exact_count : sampled_count);
    // A sampler that found no consistent draw in its budget says so (never a
    // certainty); the counting must still allow the truth.
    if (a.error) {
      REQUIRE(a.method == analysis::Method::kSampled);
      continue;
    }
    std::size_t hidden = 0;
    for (const Piece& p : m.state().pieces) hidden += !may_see(p, v);
    CHECK(a.pieces.size() == hidden);
    for (const auto& odds : a.pieces) {
      const Piece& truth = analysis_test::truth_of(m, odds);
      CHECK(truth.owner == odds.owner);
      // Exact: above 0. Sampled: never ruled out (the estimate of a rare truth
      // may be 0 with an error bar above it).
      CHECK(odds.possible[static_cast<std::size_t>(truth.type)]);
      if (a.method == analysis::Method::kExact) CHECK(odds.p[static_cast<std::size_t>(truth.type)] > 0.0);
      double sum = 0;
      for (double q : odds.p) sum += q;
      CHECK(sum == Approx(1.0));
    }
  }
}

}  // namespace

TEST_CASE("the truth is always possible, for every game, preset and viewer", "[analysis][sound]") {
  for (const GameInfo& info : all_games()) {
    for (const Preset& preset : info.presets) {
      for (std::uint64_t seed = 1; seed <= 1; ++seed) {
        const auto t0 = std::chrono::steady_clock::now();
        conformance::SessionConfig config;
        config.seed = seed * 31 + 7;
        config.max_commands = 40;
        int n = 0;
        auto session = conformance::play_session(info, preset.id, config,
                                                 [&](const Match& m, const conformance::Submission& sub, const auto&) {
                                                   if (sub.accepted && ++n % 25 == 0)
                                                     check_sound(m, info.id + "/" + preset.id + " seed " +
                                                                        std::to_string(seed) + " at " + std::to_string(n));
                                                 });
        check_sound(session.match, info.id + "/" + preset.id + " seed " + std::to_string(seed) + " end");
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
        std::cerr << info.id << "/" << preset.id << " seed " << seed << ": " << ms << " ms (exact " << exact_count
                  << ", sampled " << sampled_count << ")\n";
      }
    }
  }
}

// Moments the 1,000-match calibration (bench/analysis, `calibration 1000
// luzhanqi-mini`) found the truth ruled out at: an Officer whose identity the
// learning dropped (reassign's chains were greedy across the slots of a
// coupled set). Replayed here with the bench's own match, moment and budget.
TEST_CASE("the truth stays possible where the calibration once ruled it out", "[analysis][sound]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "luzhanqi-mini");
  for (int k : {361, 457, 700}) {
    std::uint64_t seed = conformance::calibration_seed(k);
    const Match full = conformance::calibration_match(info, seed, 120);
    const std::size_t cut = conformance::calibration_cut(seed, full.log());
    auto rebuilt = Match::from_log(info, std::vector<Event>(full.log().begin(), full.log().begin() + static_cast<long>(cut)));
    REQUIRE(std::holds_alternative<Match>(rebuilt));
    const Match& m = std::get<Match>(rebuilt);
    analysis::AnalysisOptions options;
    options.seed = seed;
    options.samples = 200;
    options.max_draws = 2000;
    const auto a = analysis::analyze(info, analysis_test::stream_of(m, kPublic), kPublic, options);
    INFO("calibration match " << k << " at event " << cut << " " << (a.error ? *a.error : std::string()));
    REQUIRE_FALSE(a.error);
    for (const auto& odds : a.pieces)
      CHECK(odds.possible[static_cast<std::size_t>(analysis_test::truth_of(m, odds).type)]);
  }
}
