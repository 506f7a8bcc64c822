// Rendered frames leak nothing: random sessions of every game are replayed with
// the identities of pieces the public never saw permuted
// (tests/support/identity_swap.h); wherever the referee's stream, stripped of
// identities, is the same, every rendered picture of the clip (a still moment
// after each row, and each battle's light-up, flip, explained and fading
// moments) and every text painted must be byte-identical.
#include <catch2/catch.hpp>

#include "clip/frame_renderer.h"
#include "clip/loaded_rows.h"
#include "engine/registry.h"
#include "tests/clip/clip_support.h"
#include "tests/conformance/random_match.h"
#include "tests/overlay/overlay_support.h"
#include "tests/support/identity_swap.h"

using namespace facedown;
using namespace facedown::clip;
using facedown::clip::testing::small_look;

namespace {

// The moments looked at: just after each row, and through each battle.
std::vector<double> moments(const std::vector<broadcast::PublicRow>& rows) {
  std::vector<double> out;
  for (const auto& r : rows) {
    out.push_back(r.wall_time + 0.05);
    if (r.type == "battle" || r.type == "attack" || r.type == "removed")
      for (double d : {0.2, 0.6, 2.0, 3.3}) out.push_back(r.wall_time + d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("rendered frames are the same byte for byte when face-down identities are swapped", "[clip][leak]") {
  int valid = 0;
  for (const auto& info : engine::all_games()) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      conformance::SessionConfig config;
      config.seed = seed * 7919 + 17;
      config.max_commands = 60;
      const conformance::Session a = conformance::play_session(info, info.presets.front().id, config);
      const auto b = facedown::testing::swapped(info, a, seed);
      if (!b) continue;
      ++valid;
      const auto rows_a = overlay::testing::public_rows(a.match, 1.7e9, 4.0);
      const auto rows_b = overlay::testing::public_rows(*b, 1.7e9, 4.0);
      REQUIRE(rows_a.size() == rows_b.size());
      const Look look = small_look(seed == 2 ? overlay::Lang::kKo : overlay::Lang::kEn, 480, 270);
      FrameRenderer ra(std::make_unique<LoadedRows>(rows_a), look), rb(std::make_unique<LoadedRows>(rows_b), look);
      INFO(info.id << " seed " << seed);
      for (double wall : moments(rows_a)) {
        const auto& pa = ra.picture_at(wall);
        const auto& pb = rb.picture_at(wall);
        INFO("at " << wall - 1.7e9 << " s");
        REQUIRE(ra.texts() == rb.texts());
        REQUIRE(pa == pb);
      }
    }
  }
  // Most games give a valid pair (the identities mattered to the play in the rest).
  CHECK(valid >= 10);
}
