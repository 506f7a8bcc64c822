// The live path: an Analyzer fed a viewer's stream one event at a time (and
// asked after every event, so a command's group is seen part-way and the kept
// replays advance through it) says what analyze() of the same prefix says:
// byte for byte when both are exact, within the sampler's standard errors when
// either is sampled; the pieces listed and what the counting allows always agree.
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

struct Tally {
  int exact_equal = 0, sampled = 0, beyond = 0, estimates = 0;
};

void compare(const analysis::Analysis& live, const analysis::Analysis& once, Tally& tally) {
  INFO("live:\n" << analysis_test::printed(live) << "once:\n" << analysis_test::printed(once));
  // A sampler that kept nothing in its budget says so; the other may have been luckier.
  const auto starved = [](const analysis::Analysis& a) { return a.error && a.error->rfind("no consistent setup", 0) == 0; };
  if (starved(live) || starved(once)) return;
  REQUIRE(live.error == once.error);
  REQUIRE(live.events == once.events);
  if (live.error) return;
  // The learning is the same; only the verification draws (fresh in analyze(),
  // kept and advanced in the analyzer) may differ, and with them the method.
  const auto learned_notes = [](const analysis::Analysis& a) {
    auto notes = a.notes;
    std::erase(notes, std::string("a setup allowed piece by piece does not replay: the constraints are joint"));
    return notes;
  };
  CHECK(learned_notes(live) == learned_notes(once));
  if (live.method == analysis::Method::kExact && once.method == analysis::Method::kExact) {
    CHECK(analysis_test::printed(live) == analysis_test::printed(once));
    ++tally.exact_equal;
    return;
  }
  ++tally.sampled;
  REQUIRE(live.pieces.size() == once.pieces.size());
  for (std::size_t i = 0; i < live.pieces.size(); ++i) {
    const auto& a = live.pieces[i];
    const auto& b = once.pieces[i];
    CHECK(a.owner == b.owner);
    CHECK(a.square == b.square);
    CHECK(a.removed_index == b.removed_index);
    CHECK(a.setup_square == b.setup_square);
    CHECK(a.possible == b.possible);
    for (std::size_t t = 0; t < a.p.size(); ++t) {
      const double bar = std::sqrt(a.se[t] * a.se[t] + b.se[t] * b.se[t]);
      ++tally.estimates;
      tally.beyond += std::abs(a.p[t] - b.p[t]) > 3 * bar + 1e-9;
      CHECK(std::abs(a.p[t] - b.p[t]) <= 6 * bar + 1e-9);
    }
  }
}

}  // namespace

TEST_CASE("an analyzer fed one event at a time equals analyze of the same stream", "[analysis][incremental]") {
  Tally tally;
  for (const GameInfo& info : all_games()) {
    for (const Preset& preset : info.presets) {
      conformance::SessionConfig config;
      config.seed = 11;
      config.max_commands = 36;
      const auto session = conformance::play_session(info, preset.id, config);
      for (Viewer v : {kPublic, kPlayer1, kPlayer2}) {
        analysis::AnalysisOptions options;
        options.seed = 3;
        options.samples = 60;
        options.max_draws = 300;
        options.max_replays = 300;
        const auto stream = analysis_test::stream_of(session.match, v);
        analysis::Analyzer live(info, v, options);
        for (std::size_t n = 1; n <= stream.size(); ++n) {
          live.push(stream[n - 1]);
          const auto a = live.analysis();
          // analyze() of the prefix at a few moments and at the end.
          if (n % 9 != 0 && n != stream.size()) continue;
          INFO(info.id << "/" << preset.id << " viewer " << static_cast<int>(v) << " after " << n << " events");
          compare(a, analysis::analyze(info, std::vector<Event>(stream.begin(), stream.begin() + static_cast<long>(n)), v,
                                       options),
                  tally);
        }
      }
    }
  }
  std::cerr << "incremental: " << tally.exact_equal << " exact results equal, " << tally.sampled << " sampled compared ("
            << tally.beyond << " of " << tally.estimates << " estimates beyond three standard errors)\n";
  CHECK(tally.exact_equal >= 40);
  CHECK(tally.sampled >= 3);
  CHECK(tally.beyond <= tally.estimates / 50 + 1);
}

TEST_CASE("an analyzer refuses what analyze refuses", "[analysis][incremental]") {
  const auto games = all_games();
  const GameInfo& nj = *find_game(games, "number-janggi");
  const GameInfo& salpakan = *find_game(games, "salpakan");
  analysis::Analyzer empty(nj, kPublic);
  CHECK(empty.analysis().error == analysis::analyze(nj, {}, kPublic).error);
  analysis::Analyzer referee(nj, kReferee);
  CHECK(referee.analysis().error.has_value());
  // A Salpakan stream given to a Number Janggi analyzer.
  conformance::SessionConfig config;
  config.max_commands = 10;
  const auto session = conformance::play_session(salpakan, salpakan.default_preset, config);
  const auto stream = analysis_test::stream_of(session.match, kPublic);
  analysis::Analyzer wrong(nj, kPublic);
  for (const Event& e : stream) wrong.push(e);
  const auto a = wrong.analysis();
  REQUIRE(a.error.has_value());
  CHECK(*a.error == *analysis::analyze(nj, stream, kPublic).error);
  CHECK(a.events == stream.size());
}

TEST_CASE("an analyzer's kept counter is the counting of the constraints now", "[analysis][incremental]") {
  // A live Analyzer keeps its counter (and the programme its draws fill)
  // while the learning's constraints are the same (Learner::same_constraints),
  // and makes a new one when a command narrows them. What the counting allows
  // (`possible`) is not drawn, so at every event it equals analyze()'s of the
  // same prefix: a counter kept past a change would show identities ruled out.
  const auto games = all_games();
  for (const char* id : {"salpakan", "luzhanqi-mini"}) {
    const GameInfo& info = *find_game(games, id);
    conformance::SessionConfig config;
    config.seed = 5;
    config.max_commands = 30;
    const auto session = conformance::play_session(info, info.presets.front().id, config);
    analysis::AnalysisOptions options;
    options.samples = 40;
    options.max_draws = 200;
    options.max_replays = 300;
    const auto stream = analysis_test::stream_of(session.match, kPublic);
    analysis::Analyzer live(info, kPublic, options);
    int compared = 0;
    for (std::size_t n = 1; n <= stream.size(); ++n) {
      live.push(stream[n - 1]);
      const auto a = live.analysis();
      if (n % 3 != 0) continue;
      const auto b = analysis::analyze(info, std::vector<Event>(stream.begin(), stream.begin() + static_cast<long>(n)), kPublic, options);
      INFO(id << " after " << n << " events");
      if (a.error || b.error) continue;
      REQUIRE(a.pieces.size() == b.pieces.size());
      for (std::size_t i = 0; i < a.pieces.size(); ++i) CHECK(a.pieces[i].possible == b.pieces[i].possible);
      ++compared;
    }
    CHECK(compared >= 8);
  }
}
