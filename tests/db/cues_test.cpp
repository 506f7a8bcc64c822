// The director's cues in the store (db/cues.h): appended at the match's last
// public row, read back in order by the Store and the PublicReader (the table is
// public), never edited or deleted, never a match event; bad text and unknown
// matches are refused and change nothing; a version-4 file gains the table.
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

engine::Match two_moves() {
  auto run = codec::run_script(
      "game number-janggi\npreset genius-2015\noption items=none\nplayer 1 \"Kim\"\nplayer 2 \"Lee\"\n"
      "setup 1 K:a1 M:b1 M:d1 M:e1 1:f1 4:a2 9:b2 3:d2 5:e2 6:f2 7:a3 2:d3 8:e3 10:f3\n"
      "setup 2 M:c9 M:d9 M:e9 K:f9 2:b8 3:c8 4:d8 5:e8 6:f8 1:b7 7:c7 8:d7 9:e7 10:f7\n"
      "first 1\nstart\n@10 move a3-a4\n@20 move b7-b6\n");
  REQUIRE(run.errors.empty());
  return std::move(*run.match);
}

}  // namespace

TEST_CASE("cues: appended at the last public row, read back in order by both doors, not match events") {
  TempDir dir;
  const auto path = dir.file("s.db");
  std::int64_t wall = 5'000'000;
  StoreOptions opts;
  opts.wall_clock_ms = [&] { return wall; };
  auto store = must(Store::open(path, opts));
  const auto m = two_moves();
  auto first = engine::Match::from_log(m.info(), {m.log().front()});
  const MatchId id = must(store.create_match(std::get<engine::Match>(first)));
  must_ok(store.append(id, m, std::vector<engine::Event>(m.log().begin() + 1, m.log().end())));
  const int last_seq = m.log().back().seq;

  auto reader = must(PublicReader::open(path));
  CHECK(must(reader.cues(id)).empty());
  const auto version = must(reader.data_version());

  const CueRow a = must(store.append_cue(id, "layout faces"));
  wall += 1'500;
  const CueRow b = must(store.append_cue(id, "show slate"));
  CHECK(a.seq == last_seq);
  CHECK(a.wall_ms == 5'000'000);
  CHECK(b.wall_ms == 5'001'500);
  CHECK(b.id > a.id);
  CHECK(must(reader.data_version()) != version);  // a follower's poll sees a cue

  const auto seen = must(reader.cues(id));
  REQUIRE(seen.size() == 2);
  CHECK(seen[0].cue == "layout faces");
  CHECK(seen[1].cue == "show slate");
  CHECK(seen[1].seq == last_seq);
  const auto after = must(reader.cues(id, a.id));  // a follower asks only for what is new
  REQUIRE(after.size() == 1);
  CHECK(after[0].id == b.id);
  CHECK(must(store.cues(id)).size() == 2);
  CHECK(must(reader.cues(id + 1)).empty());  // another match's cues are its own

  // Not a match event: the log is unchanged and the file still verifies.
  CHECK(must(store.events(id)).size() == m.log().size());
  require_verified(must(verify(store)));
}

TEST_CASE("cues: bad text and unknown matches are refused and change nothing") {
  TempDir dir;
  const auto path = dir.file("s.db");
  auto store = must(Store::open(path));
  const auto m = two_moves();
  auto first = engine::Match::from_log(m.info(), {m.log().front()});
  const MatchId id = must(store.create_match(std::get<engine::Match>(first)));

  for (const std::string& bad : {std::string(), std::string(201, 'a'), std::string("show\nslate"),
                                std::string("show \xff"), std::string("show\0slate", 10)}) {
    const auto e = must_fail(store.append_cue(id, bad));
    CHECK(e.kind == StoreError::Kind::kInvalid);
    CHECK(e.message.find("cue refused") != std::string::npos);
  }
  const auto e = must_fail(store.append_cue(id + 7, "show slate"));
  CHECK(e.kind == StoreError::Kind::kInvalid);
  CHECK(e.message.find("no match " + std::to_string(id + 7)) != std::string::npos);
  CHECK(raw_sql(path, "SELECT count(*) FROM cues") == "0\n");
}

TEST_CASE("cues: the table is append-only") {
  TempDir dir;
  const auto path = dir.file("s.db");
  MatchId id = 0;
  {
    auto store = must(Store::open(path));
    const auto m = two_moves();
    auto first = engine::Match::from_log(m.info(), {m.log().front()});
    id = must(store.create_match(std::get<engine::Match>(first)));
    must(store.append_cue(id, "hide board"));
  }
  CHECK(raw_sql(path, "UPDATE cues SET cue = 'show board'").find("cues are never edited") != std::string::npos);
  CHECK(raw_sql(path, "DELETE FROM cues").find("cues are never deleted") != std::string::npos);
  CHECK(raw_sql(path, "SELECT cue FROM cues") == "hide board\n");
}

TEST_CASE("cues: a version-4 store gains the cues table by migration") {
  TempDir dir;
  const auto path = dir.file("old.db");
  { auto store = must(Store::open(path)); }
  raw_sql(path, "DROP TABLE cues; PRAGMA user_version = 4");
  CHECK(must_fail(PublicReader::open(path)).kind == StoreError::Kind::kOlderVersion);
  auto store = must(Store::open(path));
  CHECK(raw_sql(path, "PRAGMA user_version") == "5\n");
  CHECK(must(store.cues(1)).empty());
}

TEST_CASE("cues: several taken together are stored together, or none when one is refused") {
  TempDir dir;
  const auto path = dir.file("s.db");
  auto store = must(Store::open(path));
  const auto m = two_moves();
  auto first = engine::Match::from_log(m.info(), {m.log().front()});
  const MatchId id = must(store.create_match(std::get<engine::Match>(first)));
  const auto taken = must(store.append_cues(id, {"layout faces", "show slate"}));
  REQUIRE(taken.size() == 2);
  CHECK(taken[0].wall_ms == taken[1].wall_ms);
  CHECK(taken[1].id == taken[0].id + 1);
  const auto e = must_fail(store.append_cues(id, {"hide slate", std::string("bad\x01")}));
  CHECK(e.kind == StoreError::Kind::kInvalid);
  CHECK(raw_sql(path, "SELECT cue FROM cues ORDER BY id") == "layout faces\nshow slate\n");
}
