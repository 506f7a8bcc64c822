// PublicFeed against a real store file: waiting for the file, following a match
// as commits arrive, switching to a newer match, surviving the file's replacement.
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <thread>

#include "db/store.h"
#include "engine/registry.h"
#include "broadcast/public_feed.h"
#include "overlay_support.h"
#include "temp_file.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

namespace {

// Plays a random match into the store, committing each command; returns the id.
db::MatchId play_into(db::Store& store, std::uint64_t seed, int plies) {
  db::MatchId id = 0;
  random_match(engine::all_games().front(), "genius-2015", seed, plies,
               [&](const engine::Match& m, const std::vector<engine::Event>& events) {
                 if (id == 0) {
                   auto r = store.create_match(m);
                   REQUIRE(std::holds_alternative<db::MatchId>(r));
                   id = std::get<db::MatchId>(r);
                 } else if (auto err = store.append(id, m, events)) {
                   FAIL(err->message);
                 }
               });
  return id;
}

// Polls until `done` or a timeout (the feed throttles reopening to twice a second).
template <class F>
bool poll_until(PublicFeed& feed, F done, double seconds = 3) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < until) {
    feed.poll();
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

}  // namespace

TEST_CASE("the feed waits for a missing file, then follows the latest match", "[feed]") {
  TempDir dir;
  const std::string path = dir.file("live.db");
  PublicFeed feed(path, std::nullopt);
  CHECK_FALSE(feed.poll());
  CHECK(feed.message() == "waiting for " + path);
  CHECK(feed.rows().empty());

  {
    auto store = std::get<db::Store>(db::Store::open(path));
    const db::MatchId first = play_into(store, 1, 20);
    REQUIRE(poll_until(feed, [&] { return feed.match() == first && !feed.rows().empty(); }));
    CHECK(feed.message().empty());
    const auto before = feed.generation();
    const std::size_t rows = feed.rows().size();
    CHECK(rows > 10);
    CHECK(feed.rows().front().type == "opened");
    CHECK_FALSE(feed.poll());  // nothing committed since: data_version unchanged

    const db::MatchId second = play_into(store, 2, 6);
    REQUIRE(poll_until(feed, [&] { return feed.match() == second; }));
    CHECK(feed.generation() != before);
    CHECK(feed.rows().front().type == "opened");
    CHECK(feed.commitments()[0]);
  }

  // The file is deleted and a new store created under the same name.
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  const auto before = feed.generation();
  auto store = std::get<db::Store>(db::Store::open(path));
  const db::MatchId fresh = play_into(store, 3, 4);
  REQUIRE(poll_until(feed, [&] { return feed.generation() != before && !feed.rows().empty(); }));
  CHECK(feed.match() == fresh);
  CHECK(feed.rows().back().seq == static_cast<int>(feed.rows().size()));
}

TEST_CASE("the feed follows one match by id and says when it does not exist", "[feed]") {
  TempDir dir;
  const std::string path = dir.file("one.db");
  auto store = std::get<db::Store>(db::Store::open(path));
  const db::MatchId a = play_into(store, 4, 8);
  play_into(store, 5, 8);
  PublicFeed feed(path, a);
  REQUIRE(poll_until(feed, [&] { return !feed.rows().empty(); }));
  CHECK(feed.match() == a);
  PublicFeed missing(path, 999);
  poll_until(missing, [] { return false; }, 0.3);
  CHECK(missing.rows().empty());
  CHECK_FALSE(missing.message().empty());
}

TEST_CASE("a file that is not a store is reported, not fatal", "[feed]") {
  TempDir dir;
  const std::string path = dir.file("junk.db");
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    std::fputs("not a database at all, just text that goes on for a while......", f);
    std::fclose(f);
  }
  PublicFeed feed(path, std::nullopt);
  CHECK_FALSE(feed.poll());
  CHECK_FALSE(feed.message().empty());
  CHECK(feed.message().find("waiting") == std::string::npos);
  CHECK(feed.rows().empty());
}

TEST_CASE("the feed reads the desk's heartbeat as it beats", "[feed]") {
  TempDir dir;
  const std::string path = dir.file("heartbeat.db");
  auto store_or = db::Store::open(path);
  REQUIRE(std::holds_alternative<db::Store>(store_or));
  auto& store = std::get<db::Store>(store_or);
  const db::MatchId id = play_into(store, 5, 6);
  PublicFeed feed(path, id);
  REQUIRE(poll_until(feed, [&] { return !feed.rows().empty(); }));
  CHECK_FALSE(feed.heartbeat());  // no beat yet
  REQUIRE_FALSE(store.heartbeat(id, 42'500));
  REQUIRE(poll_until(feed, [&] { return feed.heartbeat().has_value(); }));
  CHECK(feed.heartbeat()->match_time == Approx(42.5));
  const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  CHECK(std::abs(feed.heartbeat()->wall_time - now) < 5);
}
