#include <catch2/catch.hpp>

#include "db/public_reader.h"
#include "db/schema.h"
#include "db/store.h"
#include "db/verify.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

TEST_CASE("a file from a newer Facedown is refused and left alone", "[schema]") {
  TempDir dir;
  auto path = dir.file("new.db");
  { auto store = must(Store::open(path)); }
  raw_sql(path, "PRAGMA user_version = 99");
  auto e = must_fail(Store::open(path));
  CHECK(e.kind == StoreError::Kind::kNewerVersion);
  CHECK(e.message.find(path) != std::string::npos);
  CHECK(e.message.find("99") != std::string::npos);
  CHECK(raw_sql(path, "PRAGMA user_version") == "99\n");
  CHECK(must_fail(PublicReader::open(path)).kind == StoreError::Kind::kNewerVersion);
}

TEST_CASE("a version 1 file is migrated, its matches intact", "[schema]") {
  TempDir dir;
  auto path = dir.file("old.db");
  MatchId id = 0;
  std::size_t events = 0;
  {
    auto store = must(Store::open(path));
    std::optional<engine::Match> live;
    id = play_random(store, 21, 60, live);
    events = live->log().size();
  }
  // What version 1 was: everything but the interruptions and heartbeats tables.
  raw_sql(path, "DROP TABLE interruptions; DROP TABLE heartbeats; DROP TABLE presentation; DROP TABLE cues; PRAGMA user_version = 1");
  REQUIRE(raw_sql(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'interruptions'") == "0\n");
  CHECK(must_fail(PublicReader::open(path)).kind == StoreError::Kind::kOlderVersion);

  auto store = must(Store::open(path));
  CHECK(raw_sql(path, "PRAGMA user_version") == std::to_string(kSchemaVersion) + "\n");
  CHECK(raw_sql(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'interruptions'") == "1\n");
  CHECK(must(store.load(id)).log().size() == events);
  require_verified(must(verify(store)));
  CHECK(schema::migrations().size() == static_cast<std::size_t>(kSchemaVersion));
}

TEST_CASE("an SQLite file of another program is not taken for a store", "[schema]") {
  TempDir dir;
  auto path = dir.file("other.db");
  raw_sql(path, "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('mine')");
  auto e = must_fail(Store::open(path));
  CHECK(e.kind == StoreError::Kind::kNotAStore);
  CHECK(e.message.find(path) != std::string::npos);
  CHECK(raw_sql(path, "SELECT x FROM notes") == "mine\n");
  CHECK(raw_sql(path, "SELECT count(*) FROM sqlite_schema") == "1\n");
}
