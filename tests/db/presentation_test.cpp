// The director's hold on air (db/presentation.h): written by the console through
// the Store, read back by the Store and the PublicReader (its table is public);
// it is not a match event: the log, the chain and verify do not see it; a
// version-3 file gains the table by migration.
#include <catch2/catch.hpp>

#include "codec/script_runner.h"
#include "db/public_reader.h"
#include "db/store.h"
#include "db/verify.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

namespace {

engine::Match played() {
  auto run = codec::run_script(
      "game number-janggi\npreset genius-2015\noption items=none\nplayer 1 \"Kim\"\nplayer 2 \"Lee\"\n"
      "setup 1 K:a1 M:b1 M:d1 M:e1 1:f1 4:a2 9:b2 3:d2 5:e2 6:f2 7:a3 2:d3 8:e3 10:f3\n"
      "setup 2 M:c9 M:d9 M:e9 K:f9 2:b8 3:c8 4:d8 5:e8 6:f8 1:b7 7:c7 8:d7 9:e7 10:f7\n"
      "first 1\nstart\n@10 move a3-a4\n");
  REQUIRE(run.errors.empty());
  return std::move(*run.match);
}

}  // namespace

TEST_CASE("hold on air: a round trip through the store and the public reader, not a match event") {
  TempDir dir;
  const auto path = dir.file("s.db");
  std::int64_t wall = 7'000'000;
  StoreOptions opts;
  opts.wall_clock_ms = [&] { return wall; };
  auto store = must(Store::open(path, opts));
  const auto m = played();
  auto first = engine::Match::from_log(m.info(), {m.log().front()});
  const MatchId id = must(store.create_match(std::get<engine::Match>(first)));
  must_ok(store.append(id, m, std::vector<engine::Event>(m.log().begin() + 1, m.log().end())));
  const int last_seq = m.log().back().seq;

  auto reader = must(PublicReader::open(path));
  CHECK_FALSE(must(reader.on_air_hold(id)));
  const auto before = must(reader.data_version());

  const OnAirHold held = must(store.set_on_air_hold(id, true));
  CHECK(held.held);
  CHECK(held.held_seq == last_seq);
  CHECK(held.wall_ms == 7'000'000);
  CHECK(must(reader.data_version()) != before);  // the overlay's poll sees it
  auto seen = must(reader.on_air_hold(id));
  REQUIRE(seen);
  CHECK(seen->held);
  CHECK(seen->held_seq == last_seq);
  CHECK(seen->wall_ms == 7'000'000);
  CHECK(std::holds_alternative<std::vector<PublicReader::Row>>(reader.query("SELECT held FROM presentation")));

  wall += 4'000;
  const OnAirHold released = must(store.set_on_air_hold(id, false));
  CHECK_FALSE(released.held);
  seen = must(reader.on_air_hold(id));
  REQUIRE(seen);
  CHECK_FALSE(seen->held);
  CHECK(seen->wall_ms == 7'004'000);
  CHECK(must(store.on_air_hold(id))->wall_ms == 7'004'000);

  // Not a match event: the log is unchanged and the file still verifies.
  CHECK(must(store.events(id)).size() == m.log().size());
  require_verified(must(verify(store)));
}

TEST_CASE("hold on air: a version-3 store gains the presentation table by migration") {
  TempDir dir;
  const auto path = dir.file("old.db");
  { auto store = must(Store::open(path)); }
  raw_sql(path, "DROP TABLE presentation; DROP TABLE cues; PRAGMA user_version = 3");
  CHECK(must_fail(PublicReader::open(path)).kind == StoreError::Kind::kOlderVersion);
  auto store = must(Store::open(path));
  CHECK(raw_sql(path, "PRAGMA user_version") == std::to_string(kSchemaVersion) + "\n");
  CHECK(raw_sql(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'presentation'") == "1\n");
  CHECK_FALSE(must(store.on_air_hold(1)));
}
