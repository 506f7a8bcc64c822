#include <catch2/catch.hpp>

#include "tests/support/outage_pause.h"
#include "db/public_reader.h"
#include "db/store.h"
#include "db/verify.h"
#include "tests/db/child_process.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

namespace {

// A child plays `steps` commands into the store and dies without cleaning up.
// Returns "id last_seq".
std::pair<MatchId, int> crashed_writer(const std::string& path, std::uint64_t seed, int steps) {
  auto got = in_child([&](int fd) {
    auto s = Store::open(path);
    if (std::holds_alternative<StoreError>(s)) return send(fd, "E");
    std::optional<engine::Match> live;
    auto& store = std::get<Store>(s);
    live.emplace(open_random_match(seed));
    auto id_or = store.create_match(*live);
    if (std::holds_alternative<StoreError>(id_or)) return send(fd, "E");
    RandomOperator op(seed, false);
    for (int i = 0; i < steps; ++i) {
      auto evs = op.step(*live);
      if (evs.empty()) break;
      if (store.append(std::get<MatchId>(id_or), *live, evs)) return send(fd, "E");
    }
    send(fd, std::to_string(std::get<MatchId>(id_or)) + " " + std::to_string(live->log().size()));
    std::_Exit(0);  // no destructors: the writer lock stays, as after a kill -9
  });
  REQUIRE(got != "E");
  return {std::stoll(got.substr(0, got.find(' '))), std::stoi(got.substr(got.find(' ') + 1))};
}

}  // namespace

TEST_CASE("a running match resumes paused, and the outage is recorded", "[resume]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto [id, last_seq] = crashed_writer(path, 61, 30);
  StoreOptions opts;
  std::int64_t fake_now = 4'000'000'000'000;
  opts.wall_clock_ms = [&] { return fake_now; };
  auto store = must(Store::open(path, opts));
  auto unfinished = must(store.unfinished());
  REQUIRE(unfinished == std::vector<MatchId>{id});
  auto before = must(store.load(id));
  REQUIRE(before.state().started);
  REQUIRE_FALSE(before.state().paused);  // the operator never pauses (corrections off)
  const auto last_t = before.log().back().t;
  const auto last_wall = must(store.match(id)).last_wall_ms;

  auto live = must(store.resume(id, facedown::testing::pause_at_gap()));
  CHECK(live.state().paused);
  // The pause, then the note that keeps the outage in the log (and the export).
  REQUIRE(static_cast<int>(live.log().size()) == last_seq + 2);
  const auto& e = live.log()[static_cast<std::size_t>(last_seq)];
  REQUIRE(std::holds_alternative<engine::Paused>(e.body));
  CHECK(std::get<engine::Paused>(e.body).reason == kInterruptionReason);
  CHECK(e.t == last_t);  // no heartbeat was written: the last event's time
  REQUIRE(std::holds_alternative<engine::Noted>(live.log().back().body));
  CHECK(std::get<engine::Noted>(live.log().back().body).text.find("outage:") == 0);
  CHECK(must(store.match(id)).events == last_seq + 2);  // committed before resume returned
  // The state is exactly the committed one, plus the pause.
  CHECK(must(store.load(id, last_seq)).state().ply == live.state().ply);

  auto reader = must(PublicReader::open(path));
  auto outages = must(reader.interruptions(id));
  REQUIRE(outages.size() == 1);
  CHECK(outages[0].after_seq == last_seq);
  CHECK(outages[0].last_wall_ms == last_wall);
  CHECK(outages[0].resumed_wall_ms == fake_now);
  CHECK(outages[0].paused_seq == last_seq + 1);
  auto row = must(reader.latest(id));
  REQUIRE(row);
  CHECK(row->state.at("status") == "paused");
  require_verified(must(verify(store)));

  // The operator resumes play and the match goes on in the store.
  auto sub = live.submit(engine::ResumeCmd{}, live.state().time + 1000);
  REQUIRE_FALSE(sub.rejection);
  must_ok(store.append(id, live, sub.events));
  require_verified(must(verify(store)));
}

TEST_CASE("a match interrupted during setup resumes with the outage recorded only", "[resume]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto [id, last_seq] = crashed_writer(path, 62, 1);  // one setup locked
  auto store = must(Store::open(path));
  auto live = must(store.resume(id, facedown::testing::pause_at_gap()));
  CHECK(static_cast<int>(live.log().size()) == last_seq);
  CHECK_FALSE(live.state().started);
  auto reader = must(PublicReader::open(path));
  auto outages = must(reader.interruptions(id));
  REQUIRE(outages.size() == 1);
  CHECK_FALSE(outages[0].paused_seq);
  require_verified(must(verify(store)));
}
