// The desk's heartbeat: written at most every kHeartbeatEveryMs by the writer,
// readable by the public reader, and what a resume after a crash charges the
// turn clock up to (never a full refund, never more than ran).
#include <catch2/catch.hpp>

#include "tests/support/outage_pause.h"
#include "codec/export.h"
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

// A Genius match whose player 2 is to move since 10 s (turn limit 60 s).
engine::Match running_match() {
  auto run = codec::run_script(
      "game number-janggi\npreset genius-2015\noption items=none\nplayer 1 \"Kim\"\nplayer 2 \"Lee\"\n"
      "setup 1 K:a1 M:b1 M:d1 M:e1 1:f1 4:a2 9:b2 3:d2 5:e2 6:f2 7:a3 2:d3 8:e3 10:f3\n"
      "setup 2 M:c9 M:d9 M:e9 K:f9 2:b8 3:c8 4:d8 5:e8 6:f8 1:b7 7:c7 8:d7 9:e7 10:f7\n"
      "first 1\nstart\n@10 move a3-a4\n");
  REQUIRE(run.errors.empty());
  return std::move(*run.match);
}

MatchId stored(Store& store, const engine::Match& m) {
  auto first = engine::Match::from_log(m.info(), {m.log().front()});
  MatchId id = must(store.create_match(std::get<engine::Match>(first)));
  std::vector<engine::Event> rest(m.log().begin() + 1, m.log().end());
  must_ok(store.append(id, m, rest));
  return id;
}

}  // namespace

TEST_CASE("heartbeats: only the writer writes them, at most twice a second: the public reader sees them") {
  TempDir dir;
  const auto path = dir.file("s.db");
  std::int64_t wall = 5'000'000;
  StoreOptions opts;
  opts.wall_clock_ms = [&] { return wall; };
  auto store = must(Store::open(path, opts));
  const auto m = running_match();
  const MatchId id = stored(store, m);
  CHECK_FALSE(must(store.last_heartbeat(id)));
  must_ok(store.heartbeat(id, 11'000));
  wall += 100;
  must_ok(store.heartbeat(id, 11'100));  // too soon: not written
  auto beat = must(store.last_heartbeat(id));
  REQUIRE(beat);
  CHECK(beat->match_ms == 11'000);
  CHECK(beat->wall_ms == 5'000'000);
  wall += kHeartbeatEveryMs;
  must_ok(store.heartbeat(id, 11'600));
  auto reader = must(PublicReader::open(path));
  auto seen = must(reader.heartbeat(id));
  REQUIRE(seen);
  CHECK(seen->match_ms == 11'600);
  CHECK(must(reader.query("SELECT match_ms FROM heartbeats")).size() == 1);
  // A store that does not hold the match's lock writes none.
  auto other = must(Store::open(path, opts));
  CHECK(other.heartbeat(id, 20'000));
  require_verified(must(verify(store)));
}

TEST_CASE("resume after a crash: the turn clock comes back where the last heartbeat left it") {
  TempDir dir;
  const auto path = dir.file("s.db");
  std::int64_t wall = 7'000'000;
  StoreOptions opts;
  opts.wall_clock_ms = [&] { return wall; };
  MatchId id = 0;
  {
    auto store = must(Store::open(path, opts));
    const auto m = running_match();
    id = stored(store, m);
    // The desk ran on to 17.2 s of match time (7.2 s into player 2's turn), then died.
    for (engine::Millis t = 10'000; t <= 17'200; t += 600) {
      wall += 600;
      must_ok(store.heartbeat(id, t));
    }
  }
  wall += 65'000;  // the outage
  auto store = must(Store::open(path, opts));
  // The store reports the gap it found; what is recorded is the desk's (here the
  // tests' stand-in for console::outage_pause).
  std::optional<OutageGap> reported;
  auto live = must(store.resume(id, [&](engine::Match& m, const OutageGap& gap) {
    reported = gap;
    return facedown::testing::pause_at_gap()(m, gap);
  }));
  REQUIRE(reported);
  CHECK(reported->stopped_at == 17'200);  // the last heartbeat's match time
  CHECK(reported->resumed_wall_ms - reported->last_sign_wall_ms == 65'000);
  const auto& s = live.state();
  CHECK(s.paused);
  CHECK(s.to_move == 2);
  CHECK(s.time == 17'200);  // the last heartbeat
  CHECK(s.turn_elapsed() == 7'200);  // not refunded to 0, not charged for the outage
  REQUIRE(std::holds_alternative<engine::Noted>(live.log().back().body));
  const auto& note = std::get<engine::Noted>(live.log().back().body).text;
  CHECK(note.find("outage: the desk stopped at match time 17.2 s") == 0);
  // The outage is in the log, so export and replay keep it.
  const std::string script = codec::export_script(live);
  CHECK(script.find("@17.2 pause \"resumed after interruption\"") != std::string::npos);
  CHECK(script.find("pause \"resumed after interruption\"\nnote \"outage: the desk stopped") != std::string::npos);
  auto replayed = codec::run_script(script);
  CHECK(replayed.errors.empty());
  CHECK(replayed.match->state().turn_elapsed() == 7'200);
  require_verified(must(verify(store)));
  // The public sees the pause, not the note's words.
  auto reader = must(PublicReader::open(path));
  auto row = must(reader.latest(id));
  REQUIRE(row);
  CHECK(row->state.at("status") == "paused");
  CHECK(row->event.at("text") == "");
}

TEST_CASE("a heartbeat past what the engine accepts does not keep a resumed match running") {
  TempDir dir;
  const auto path = dir.file("s.db");
  MatchId id = 0;
  {
    auto store = must(Store::open(path));
    id = stored(store, running_match());
  }
  {
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &raw) == SQLITE_OK);
    REQUIRE(sqlite3_exec(raw, ("INSERT INTO heartbeats VALUES (" + std::to_string(id) + ", 9000000000000000, 1)").c_str(),
                         nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(raw);
  }
  auto store = must(Store::open(path));
  auto live = must(store.resume(id, facedown::testing::pause_at_gap()));
  CHECK(live.state().paused);
  CHECK(live.state().time == 10'000);
}
