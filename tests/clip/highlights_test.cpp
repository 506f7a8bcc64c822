// The reel's cut: which moments of the story are kept, in what order, under
// what length, with which chapters. Over the demo final's public rows (a Blind
// battle, a correction, a double battle, a revival, the king taken, a close)
// and win shares made up per row.
#include <catch2/catch.hpp>

#include "clip/highlights.h"
#include "engine/registry.h"
#include "tests/clip/recorded_match.h"
#include "tests/overlay/overlay_support.h"

using namespace facedown;
using namespace facedown::clip;

namespace {

std::vector<broadcast::PublicRow> demo_rows(bool closed) {
  return overlay::testing::public_rows(overlay::testing::script_match(testing::demo_script() + (closed ? "\n@96 close\n" : "")),
                                       1.7e9, 2.0);
}

std::size_t index_of(const std::vector<broadcast::PublicRow>& rows, const std::string& type, int nth = 0) {
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (rows[i].type == type && nth-- == 0) return i;
  FAIL("no row " << type);
  return 0;
}

}  // namespace

TEST_CASE("the story of the demo final: the deciding battle and the reveal, once closed", "[clip][highlights]") {
  const auto games = engine::all_games();
  const auto rows = demo_rows(true);
  const MatchStory story = match_story(rows, games, AiredShares(rows.size()), broadcast::BattleTiming{});
  REQUIRE(story.closed);
  REQUIRE(story.battle_seqs.size() == 3);
  std::vector<MomentKind> kinds;
  for (const auto& m : story.moments) kinds.push_back(m.kind);
  // The king falls in the last battle: it takes the objective and decides the match.
  CHECK(kinds == std::vector<MomentKind>{MomentKind::kDecidingBattle, MomentKind::kReveal});
  CHECK(story.moments[0].seq == story.battle_seqs.back());
  CHECK(story.moments[0].en.find("Deciding battle") == 0);
  CHECK(story.moments[0].ko.find("승부를 가른 전투") == 0);

  const MatchStory open = match_story(demo_rows(false), games, AiredShares(rows.size()), broadcast::BattleTiming{});
  CHECK_FALSE(open.closed);
  for (const auto& m : open.moments) CHECK(m.kind != MomentKind::kReveal);
}

TEST_CASE("swings of the win graph are kept by size, never across a correction", "[clip][highlights]") {
  const auto games = engine::all_games();
  const auto rows = demo_rows(true);
  // Shares: 50 % throughout, a 30-point jump across the void, a 20-point one
  // at the first battle, a 10-point one at the revival.
  AiredShares shares(rows.size(), 0.5);
  const std::size_t voided = index_of(rows, "voided"), battle = index_of(rows, "battle"), revived = index_of(rows, "revived");
  for (std::size_t i = battle; i < rows.size(); ++i) shares[i] = 0.7;
  for (std::size_t i = voided; i < rows.size(); ++i) shares[i] = *shares[i] - 0.3;
  for (std::size_t i = revived; i < rows.size(); ++i) shares[i] = *shares[i] + 0.1;
  const MatchStory story = match_story(rows, games, shares, broadcast::BattleTiming{});
  std::vector<const StoryMoment*> swings;
  for (const auto& m : story.moments)
    if (m.kind == MomentKind::kSwing) swings.push_back(&m);
  REQUIRE(swings.size() == 2);
  CHECK(swings[0]->weight == Approx(0.2));
  CHECK(swings[1]->weight == Approx(0.1));
  CHECK(swings[0]->en == "Win chances: Jang Dong-min 50% to 70%");
  CHECK(swings[0]->ko == "승률 변화: Jang Dong-min 50% → 70%");
  for (std::size_t i = 1; i < story.moments.size(); ++i) CHECK(story.moments[i - 1].from <= story.moments[i].from);
}

TEST_CASE("the reel keeps the most important moments under its length, in match order", "[clip][highlights]") {
  const auto games = engine::all_games();
  const auto rows = demo_rows(true);
  AiredShares shares(rows.size(), 0.5);
  for (std::size_t i = index_of(rows, "battle"); i < rows.size(); ++i) shares[i] = 0.8;
  const MatchStory story = match_story(rows, games, shares, broadcast::BattleTiming{});
  REQUIRE(story.moments.size() == 3);  // the swing, the deciding battle, the reveal

  const ClipPlan all = highlight_plan(story, 60, 30);
  CHECK(all.duration() <= 60);
  REQUIRE(all.chapters.size() == 3);
  CHECK(all.chapters[0].en.find("Win chances") == 0);
  CHECK(all.chapters[1].en.find("Deciding battle") == 0);
  CHECK(all.chapters[2].en.find("Final reveal") == 0);
  for (std::size_t i = 0; i < all.chapters.size(); ++i) {
    CHECK(all.chapters[i].start < all.duration());
    if (i) CHECK(all.chapters[i - 1].start < all.chapters[i].start);
  }
  for (std::size_t s = 1; s < all.segments.size(); ++s) CHECK(all.segments[s - 1].to < all.segments[s].from);

  // 12 s: the reveal first, then the deciding battle if it fits (it does not), the swing not at all.
  const ClipPlan tight = highlight_plan(story, 12, 30);
  CHECK(tight.duration() <= 12);
  REQUIRE(tight.chapters.size() == 1);
  CHECK(tight.chapters[0].en.find("Final reveal") == 0);
  CHECK(tight.chapters[0].start == 0);

  // Shorter than the reveal itself: the reveal, cut.
  const ClipPlan cut = highlight_plan(story, 4, 30);
  CHECK(cut.duration() <= 4);
  CHECK(cut.duration() > 3.9);
  REQUIRE(cut.chapters.size() == 1);
}
