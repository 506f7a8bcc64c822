#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "codec/json.h"
#include "db/hash_chain.h"
#include "db/store.h"
#include "db/verify.h"
#include "engine/registry.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

TEST_CASE("a stored match loads back as the same match", "[store]") {
  TempDir dir;
  auto store = must(Store::open(dir.file("s.db")));
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    std::optional<engine::Match> live;
    MatchId id = play_random(store, seed, 150, live);
    auto loaded = must(store.load(id));
    REQUIRE(loaded.log().size() == live->log().size());
    for (std::size_t i = 0; i < live->log().size(); ++i)
      REQUIRE(canonical_payload(loaded.log()[i], loaded.game()) == canonical_payload(live->log()[i], live->game()));
    CHECK(codec::state_to_json(loaded, engine::kReferee) == codec::state_to_json(*live, engine::kReferee));
    auto summary = must(store.match(id));
    CHECK(summary.events == static_cast<int>(live->log().size()));
    CHECK(summary.status == live->state().status());
    CHECK(summary.match_time == live->log().back().t);
    CHECK(summary.finished == live->state().result.has_value());
  }
  auto list = must(store.matches());
  CHECK(list.size() == 4);
  auto report = must(verify(store));
  require_verified(report);
}

TEST_CASE("the store keeps WAL, FULL sync, its application id and schema version", "[store]") {
  TempDir dir;
  auto path = dir.file("s.db");
  {
    auto store = must(Store::open(path));
    std::optional<engine::Match> live;
    play_random(store, 3, 10, live);
  }
  CHECK(raw_sql(path, "PRAGMA journal_mode") == "wal\n");
  CHECK(raw_sql(path, "PRAGMA user_version") == std::to_string(kSchemaVersion) + "\n");
  CHECK(raw_sql(path, "PRAGMA application_id") == "1178883889\n");
}

TEST_CASE("an append whose events do not continue the log writes nothing", "[store]") {
  TempDir dir;
  auto store = must(Store::open(dir.file("s.db")));
  std::optional<engine::Match> live;
  MatchId id = play_random(store, 5, 20, live);
  const int before = must(store.match(id)).events;
  RandomOperator op(77);
  auto evs = op.step(*live);
  REQUIRE_FALSE(evs.empty());
  auto skipped = evs;
  for (auto& e : skipped) e.seq += 1;  // as if one event had been lost
  auto err = store.append(id, *live, skipped);
  REQUIRE(err);
  CHECK(err->kind == StoreError::Kind::kInvalid);
  CHECK(must(store.match(id)).events == before);
  must_ok(store.append(id, *live, evs));  // the right events still go in
  CHECK(must(store.match(id)).events == before + static_cast<int>(evs.size()));
}

TEST_CASE("each append is one transaction: public rows and events go together", "[store]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto store = must(Store::open(path));
  std::optional<engine::Match> live;
  MatchId id = play_random(store, 9, 60, live);
  auto n = std::to_string(live->log().size());
  CHECK(raw_sql(path, "SELECT count(*) FROM events WHERE match_id=" + std::to_string(id)) == n + "\n");
  CHECK(raw_sql(path, "SELECT count(*) FROM public_events WHERE match_id=" + std::to_string(id)) == n + "\n");
  // The log is append-only even for someone with the sqlite3 shell who does not drop the guard.
  CHECK(raw_sql(path, "UPDATE events SET payload='x' WHERE seq=1").find("never edited") != std::string::npos);
  CHECK(raw_sql(path, "DELETE FROM events").find("never deleted") != std::string::npos);
}

TEST_CASE("what the store accepts it reads back: a command it could not parse again is refused, nothing written",
          "[store]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto store = must(Store::open(path));
  std::optional<engine::Match> live;
  MatchId id = play_random(store, 5, 30, live, false);
  REQUIRE(live->state().started);
  REQUIRE_FALSE(live->state().paused);
  const auto stored = live->log().size();
  int next_cmd = 0;
  for (const auto& e : live->log()) next_cmd = std::max(next_cmd, e.cmd + 1);
  // The engine and the script reader now refuse such texts themselves; the store
  // is the last guard, so the events are made by hand, past them (as a bug, or a
  // program calling the store directly, could).
  int refused = 0;
  for (const std::string& reason : {std::string("caf\xe9"), std::string("camera\rchange"), std::string("a\xff\xfe"),
                                    std::string("new\nline"), std::string("nul\0byte", 8)}) {
    INFO(reason);
    engine::Event e;
    e.seq = static_cast<int>(stored) + 1;
    e.t = live->state().time;
    e.cmd = next_cmd;
    e.command = engine::PauseCmd{reason};
    e.body = engine::Paused{reason};
    auto log = live->log();
    log.push_back(e);
    auto crafted = engine::Match::from_log(live->info(), log);
    if (!std::holds_alternative<engine::Match>(crafted)) continue;
    auto failure = store.append(id, std::get<engine::Match>(crafted), {e});
    REQUIRE(failure);
    ++refused;
    CHECK(failure->kind == StoreError::Kind::kInvalid);
    CHECK(failure->message.find(path) != std::string::npos);
    CHECK(failure->message.find("nothing of this command was recorded") != std::string::npos);
    CHECK(must(store.load(id)).log().size() == stored);
    CHECK(must(store.match(id)).events == static_cast<int>(stored));
  }
  CHECK(refused == 5);
  // The store goes on: an honest pause after the refusals is recorded.
  auto sub = live->submit(engine::PauseCmd{"camera change"}, live->state().time);
  REQUIRE_FALSE(sub.rejection);
  must_ok(store.append(id, *live, sub.events));
  require_verified(must(verify(store)));
  CHECK(raw_sql(path, "SELECT count(*) FROM events WHERE payload LIKE '%caf%' OR payload LIKE '%byte%'") == "0\n");
  // A match whose player name is not UTF-8 is refused whole (by the engine now,
  // by the store in any case).
  auto opened = engine::Match::open(live->info(), live->info().default_preset, {}, {"J\xffng", "Kim"});
  if (auto* m = std::get_if<engine::Match>(&opened)) {
    auto e = must_fail(store.create_match(*m));
    CHECK(e.kind == StoreError::Kind::kInvalid);
  }
  CHECK(must(store.matches()).size() == 1);
}

TEST_CASE("a wall clock stepped back never stamps a commit earlier than the one before", "[store]") {
  TempDir dir;
  auto path = dir.file("s.db");
  std::int64_t now = 5'000'000'000'000;
  StoreOptions opts;
  opts.wall_clock_ms = [&] { return now -= 1000; };  // every reading a second earlier
  auto store = must(Store::open(path, opts));
  std::optional<engine::Match> live;
  MatchId id = play_random(store, 8, 40, live);
  CHECK(raw_sql(path, "SELECT count(*) FROM events a JOIN events b ON a.match_id = b.match_id AND b.seq = a.seq + 1 "
                      "WHERE b.wall_ms < a.wall_ms") == "0\n");
  require_verified(must(verify(store, id)));
}

TEST_CASE("a writer that only appends keeps its WAL checkpointed while it runs", "[store]") {
  // `facedown play --db` appends and never beats a heartbeat: an open statement at
  // each COMMIT made every automatic checkpoint fail, and the WAL grew to 1.5 GB
  // beside a 45 KB database. Now the database grows and the WAL stays bounded.
  TempDir dir;
  const auto path = dir.file("s.db");
  auto store = must(Store::open(path));
  const auto games = engine::all_games();
  const auto& info = *engine::find_game(games, "number-janggi");
  auto opened = engine::Match::open(info, "genius-2015", {}, {"A", "B"});
  auto live = std::get<engine::Match>(std::move(opened));
  const MatchId id = must(store.create_match(live));
  for (int i = 0; i < 2500; ++i) {
    auto sub = live.submit(engine::NoteCmd{"note " + std::to_string(i) + std::string(400, 'x')}, 0);
    REQUIRE(!sub.rejection);
    must_ok(store.append(id, live, sub.events));
  }
  // SQLite checkpoints at 1000 pages (4 MB): the WAL never holds much more.
  const auto wal = std::filesystem::file_size(path + "-wal");
  const auto db = std::filesystem::file_size(path);
  INFO("wal " << wal << " bytes, database " << db << " bytes");
  CHECK(wal < 6u * 1024 * 1024);
  CHECK(db > 1024u * 1024);  // the events reached the database file while the writer ran
}
