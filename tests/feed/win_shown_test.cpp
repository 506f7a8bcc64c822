// The win bar's shown value as the live worker writes it (issue 32 item 3,
// broadcast/win_shown.h folded in broadcast/analysis_runner.cpp): along a
// stored match, the record of each step's row carries the shown value, which
// changes only to a value outside the previous one's interval (or the decided
// result, at once), and every output reads the same value for the same row
// (broadcast/analysis_records.h, what the live frame, the replays and the TV
// cut's public view read).
#include <catch2/catch.hpp>

#include "broadcast/analysis_records.h"
#include "broadcast/win_shown.h"
#include "feed_support.h"
#include "tests/support/aired_store.h"

using namespace facedown;
using facedown::feed::testing::TempDir;

TEST_CASE("win bar: the live worker writes the folded shown value, the same for every reader", "[feed][analysis]") {
  TempDir dir;
  const std::string path = dir.file("shown.db");
  const engine::Match m = facedown::testing::finished_number_janggi(9, 30);
  // Every step aired, at 60 playouts a win (intervals of about ±12 points: noise the bar must not show).
  const auto stored = facedown::testing::store_with_aired_steps(path, m, 1000, 60);
  REQUIRE(stored.aired.size() >= 5);
  const broadcast::AnalysisRecords records(path);
  std::optional<broadcast::AnalysisWin> before;
  int changes = 0, held = 0;
  // Every row whose record holds a win made at that row, in row order (the
  // order the worker made them: it only moves forward), steps or not.
  const int rows = static_cast<int>(m.log().size());
  for (int position = 1; position <= rows; ++position) {
    const auto file = facedown::testing::aired_record(path, stored.id, position);
    if (!file || !file->win || file->win_seq != position) continue;
    // The same record for every output (a replay reads what aired).
    const auto read = records.at(stored.id, position);
    REQUIRE(read);
    CHECK(read->win == file->win);
    const broadcast::AnalysisWin& w = *file->win;
    if (before) {
      if (w == *before) {
        ++held;
      } else {
        ++changes;
        INFO("step at row " << position << ": " << before->win[0].p << " -> " << w.win[0].p);
        CHECK(broadcast::win_moves_shown(*before, w));  // outside the shown interval, or decided
      }
    }
    before = w;
  }
  CHECK(changes + held > 0);
  // The end: decided, the exact result.
  REQUIRE(before);
  CHECK(before->decided);
  const int winner = m.state().result->winner;
  CHECK(before->win[0].p == (winner == 1 ? 1.0 : 0.0));
}
