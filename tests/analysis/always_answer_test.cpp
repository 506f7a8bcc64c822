// Always an answer (issue 32, item 7).
#include <catch2/catch.hpp>

#include <iostream>

#include "engine/registry.h"
#include "engine/view.h"
#include "tests/analysis/analysis_support.h"
#include "tests/analysis/item_match.h"

using namespace facedown;
using namespace facedown::engine;

TEST_CASE("explore: analysis after a defender's item", "[.explore]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "number-janggi");
  int positions = 0, errors = 0, sampled = 0;
  for (std::uint64_t k = 1; k <= 60; ++k) {
    const Match m = analysis_test::item_match(info, 7919 * k, 120);
    for (std::size_t cut : analysis_test::after_defender_items(m.log())) {
      for (Viewer v : {kPublic, kPlayer1, kPlayer2}) {
        std::vector<Event> stream;
        for (std::size_t i = 0; i < cut; ++i) stream.push_back(project(m.log()[i], v));
        const auto a = analysis::analyze(info, stream, v);
        ++positions;
        sampled += a.method == analysis::Method::kSampled;
        if (a.error) {
          ++errors;
          std::cerr << "match " << k << " cut " << cut << " viewer " << static_cast<int>(v) << ": " << *a.error << "\n";
          for (const auto& n : a.notes) std::cerr << "  note: " << n << "\n";
        }
      }
    }
  }
  std::cerr << positions << " positions, " << sampled << " sampled, " << errors << " errors\n";
}
