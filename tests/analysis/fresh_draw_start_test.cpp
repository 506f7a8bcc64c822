// A fresh draw's replay (the verification draws and the sampler's, deduction.cpp)
// starts from the candidate's replay of the groups that are over, retyped
// (Learner::start_for on StreamReplay::start_from), and gives what a replay
// from the start gives: the same run and the same match after it. In Number
// Janggi most fresh draws start there because the rules ask no identity to
// decide whether a player can move while more of their pieces can step than
// they have mines (has_legal_move); before, the first piece with a free square
// was asked "is it a mine?" on every turn, and a draw that put a mine there
// replayed from the start.
#include <catch2/catch.hpp>

#include <iostream>

#include "analysis/learner.h"
#include "analysis/stream_replay.h"
#include "engine/identity_reads.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "tests/analysis/analysis_support.h"
#include "tests/conformance/calibration_match.h"

using namespace facedown;
using namespace facedown::engine;
using facedown::analysis::Learner;
using facedown::analysis::ReplayCursor;
using facedown::analysis::StreamReplay;

namespace {

std::vector<Event> prefix(const std::vector<Event>& stream, std::size_t n) {
  return {stream.begin(), stream.begin() + static_cast<long>(std::min(n, stream.size()))};
}

}  // namespace

TEST_CASE("Number Janggi decides whether a player can move without asking identities while more pieces can step than mines",
          "[analysis][fresh-draw]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "number-janggi");
  int positions = 0, asked = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Match full = conformance::calibration_match(info, 91 * seed, 120);
    for (std::size_t cut = 8; cut <= full.log().size(); cut += 9) {
      auto rebuilt = Match::from_log(info, prefix(full.log(), cut));
      REQUIRE(std::holds_alternative<Match>(rebuilt));
      const Match& m = std::get<Match>(rebuilt);
      const MatchState& s = m.state();
      if (!s.started) continue;
      for (int player = 1; player <= 2; ++player) {
        std::vector<Move> moves;
        m.game().legal_moves(s, player, moves);
        IdentityReads reads;
        const bool can = m.game().has_legal_move(s, player);
        CHECK(can == !moves.empty());
        ++positions;
        asked += !reads.reads.empty();
      }
    }
  }
  std::cerr << "has_legal_move: " << positions << " positions, " << asked << " asked an identity\n";
  REQUIRE(positions > 50);
  // Random matches rarely come down to three pieces that can step.
  CHECK(asked * 10 < positions);
}

TEST_CASE("a fresh draw's replay starts from the candidate's and equals one from the start", "[analysis][fresh-draw]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "number-janggi");
  analysis::AnalysisOptions options;
  int draws = 0, started = 0, consistent = 0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Match full = conformance::calibration_match(info, 91 * seed, 120);
    const auto stream = analysis_test::stream_of(full, kPublic);
    for (std::size_t cut : {stream.size() / 3, stream.size() / 2, stream.size() - 1}) {
      INFO("seed " << seed << " cut " << cut);
      auto planned = StreamReplay::plan(info, prefix(stream, cut), kPublic);
      REQUIRE(std::holds_alternative<StreamReplay>(planned));
      const StreamReplay& plan = std::get<StreamReplay>(planned);
      const auto* opened = std::get_if<Opened>(&plan.stream()[0].body);
      REQUIRE(opened);
      const auto game = info.make(resolve_options(info, opened->preset, opened->options).options);
      Learner learner(info, plan, options, *game);
      REQUIRE_FALSE(learner.start());
      learner.learn_to(plan.groups() - 1);  // the groups that are over, as the Analyzer keeps them
      auto counter = learner.make_counter();
      REQUIRE(counter.total() > 0);
      std::uint64_t rng = seed * 1000 + cut;
      const std::size_t size = plan.stream().size();
      for (int i = 0; i < 12; ++i) {
        const auto types = counter.draw(rng);
        ReplayCursor fast = learner.start_for(types, size);
        ReplayCursor slow;
        ++draws;
        started += fast.match.has_value();
        CHECK_FALSE(fast.reads.on);
        const auto a = plan.advance(info, types, fast, size);
        const auto b = plan.advance(info, types, slow, size);
        CHECK(a.consistent == b.consistent);
        CHECK((a.consistent ? a.matched : a.failed_event) == (b.consistent ? b.matched : b.failed_event));
        CHECK(a.failed_named == b.failed_named);
        if (!a.consistent || !b.consistent) continue;
        ++consistent;
        const Match &x = *fast.match, &y = *slow.match;
        REQUIRE(x.log().size() == y.log().size());
        for (std::size_t e = 0; e < x.log().size(); ++e) CHECK(x.log()[e].body == y.log()[e].body);
        CHECK(x.state().board == y.state().board);
        CHECK(x.state().removed == y.state().removed);
        for (std::size_t p = 0; p < x.state().pieces.size(); ++p) CHECK(x.state().pieces[p].type == y.state().pieces[p].type);
      }
    }
  }
  std::cerr << "fresh draws: " << draws << ", started from the candidate's replay " << started << ", consistent " << consistent
            << "\n";
  CHECK(consistent * 2 > draws);
  // Measured about 9 in 10 (about 1 in 2 when every turn asked "is it a mine?").
  CHECK(started * 4 > draws * 3);
}
