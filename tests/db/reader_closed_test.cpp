#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/support/outage_pause.h"
#include "db/public_reader.h"
#include "db/store.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

TEST_CASE("the public reader opens a store no writer has open (a replay after the show)", "[reader]") {
  TempDir dir;
  auto path = dir.file("s.db");
  MatchId id = 0;
  std::size_t events = 0;
  {
    auto store = must(Store::open(path));
    std::optional<engine::Match> live;
    id = play_random(store, 15, 30, live);
    events = live->log().size();
  }
  CHECK_FALSE(std::filesystem::exists(path + "-wal"));  // the last writer checkpointed and left
  auto reader = must(PublicReader::open(path));
  CHECK(must(reader.events_after(id, 0)).size() == events);
  auto v1 = must(reader.data_version());
  // A writer comes back (the console restarted): the reader sees its commits.
  auto store = must(Store::open(path));
  auto live = must(store.resume(id, facedown::testing::pause_at_gap()));
  CHECK(must(reader.data_version()) != v1);
  CHECK(must(reader.events_after(id, 0)).size() == live.log().size());
}
