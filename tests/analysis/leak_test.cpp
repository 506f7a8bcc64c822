// Leak-free: the public analysis of a match is byte-identical when two of a
// player's pieces that the public never saw swap identities (and the match
// replays the same), in every game.
#include <catch2/catch.hpp>

#include "engine/registry.h"
#include "engine/view.h"
#include "tests/analysis/analysis_support.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::engine;

using analysis_test::printed;

TEST_CASE("the public analysis does not change when never-seen identities swap", "[analysis][leak]") {
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
    analysis::AnalysisOptions options;
    options.samples = 40;
    options.max_draws = 200;
    options.max_replays = 300;
    const std::string before = printed(analysis::analyze(info, analysis_test::stream_of(m, kPublic), kPublic, options));
    // Swap the first two unrevealed pieces of each player with different types.
    for (int p : {1, 2}) {
      auto swapped = setups;
      auto& pl = swapped[static_cast<std::size_t>(p - 1)];
      std::vector<std::size_t> hidden;
      for (std::size_t i = 0; i < pl.size(); ++i) {
        const int id = m.state().piece_at(pl[i].square);
        // Never moved and never revealed: still on its setup square, face down.
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
      // Only a swap the public could not notice (the play went the same way) counts.
      if (stream.size() != m.log().size()) continue;
      bool same = true;
      const auto original = analysis_test::stream_of(m, kPublic);
      for (std::size_t i = 0; i < stream.size() && same; ++i)
        same = stream[i].body == original[i].body && stream[i].t == original[i].t;
      if (!same) continue;
      INFO(info.id << " player " << p);
      CHECK(printed(analysis::analyze(info, stream, kPublic, options)) == before);
      ++compared;
    }
  }
  CHECK(compared >= 6);
}
