// Gunjin Shogi's learning goes on past an Aircraft's attack across the board:
// there only an Aircraft replays the move, so the candidate's replay names the
// attacker alone, and the Aircraft trial meets the defender (the outcome, or
// the Flag whose capture ends the game). The learning used to give up at the
// first such attack (the live bench's matches 0 and 2, docs/performance.md);
// it now tries the defender with it, and the truth stays possible.
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/games/gunjin_shogi/gunjin_shogi.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "tests/analysis/analysis_support.h"
#include "tests/conformance/calibration_match.h"

using namespace facedown;
using namespace facedown::engine;

TEST_CASE("Gunjin learning goes on past an Aircraft's attack across the board", "[analysis][sound]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "gunjin-shogi");
  // (live bench seed, events through the attack's command, the attacker's square after it)
  struct Moment {
    std::uint64_t seed;
    std::size_t cut;
    Square attacker;
  };
  for (const Moment& at : {Moment{91, 20, 11}, Moment{273, 8, 18}}) {
    const Match full = conformance::calibration_match(info, at.seed, 120);
    REQUIRE(full.log().size() >= at.cut);
    auto rebuilt =
        Match::from_log(info, std::vector<Event>(full.log().begin(), full.log().begin() + static_cast<long>(at.cut)));
    REQUIRE(std::holds_alternative<Match>(rebuilt));
    const Match& m = std::get<Match>(rebuilt);
    analysis::AnalysisOptions options;
    options.samples = 100;
    options.max_draws = 1000;
    const auto a = analysis::analyze(info, analysis_test::stream_of(m, kPublic), kPublic, options);
    INFO("seed " << at.seed << " at event " << at.cut << " " << (a.error ? *a.error : std::string()));
    REQUIRE_FALSE(a.error);
    for (const auto& note : a.notes) {
      INFO(note);
      CHECK(note.find("depends on pieces it does not name") == std::string::npos);
    }
    bool seen = false;
    for (const auto& odds : a.pieces) {
      const Piece& truth = analysis_test::truth_of(m, odds);
      CHECK(odds.possible[static_cast<std::size_t>(truth.type)]);
      if (odds.square != at.attacker) continue;
      // Only an Aircraft makes that attack: the learning kept it alone.
      seen = true;
      CHECK(truth.type == gunjin_shogi::kAircraft);
      CHECK(std::count(odds.possible.begin(), odds.possible.end(), true) == 1);
      CHECK(odds.possible[static_cast<std::size_t>(gunjin_shogi::kAircraft)]);
    }
    CHECK(seen);
  }
}
