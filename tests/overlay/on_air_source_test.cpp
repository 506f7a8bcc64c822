// OnAirSource (broadcast/on_air_source.h): the one source of what is on air
// for the feed and the overlay. After any rows under any hold it is what
// derive_on_air gives for the same rows; a replay never holds; a held picture
// is read from history once per hold.
#include <catch2/catch.hpp>
#include <random>

#include "broadcast/on_air_json.h"
#include "broadcast/on_air_source.h"
#include "engine/registry.h"
#include "overlay_support.h"

using namespace facedown;
using namespace facedown::broadcast;
using namespace facedown::overlay::testing;

namespace {

nlohmann::json doc(const OnAirModel& m, double now) { return on_air_json(m, now, OnAirOptions{}); }

}  // namespace

TEST_CASE("OnAirSource: after any rows under any hold, the model derive_on_air gives", "[random]") {
  const auto games = engine::all_games();
  std::mt19937_64 rng(20261205);
  for (const auto& info : games) {
    const auto rows = public_rows(random_match(info, info.default_preset, 7, 120));
    REQUIRE(rows.size() > 10);
    OnAirSource source(games, OnAirSource::Mode::kLive);
    source.restart(0);
    const RowHistory history = history_of(rows);
    for (std::size_t n = 1; n <= rows.size(); ++n) {
      source.add(rows[n - 1], history);
      // Now and then the desk holds the picture at an earlier row, or lets go.
      std::optional<Presentation> hold;
      if (rng() % 3 == 0) {
        const auto at = rows[rng() % n].seq;
        hold = Presentation{true, at, rows[n - 1].wall_time};
      }
      source.set_desk_hold(hold);
      INFO(info.id << " after " << n << " rows, held at " << (hold ? hold->held_seq : 0));
      const double now = rows[n - 1].wall_time + 0.5;
      CHECK(doc(source.model(history), now) == doc(derive_on_air(rows, n, hold, games), now));
      CHECK(source.holding_rows() == (hold && hold->held_seq < rows[n - 1].seq));
    }
  }
}

TEST_CASE("OnAirSource: a held picture is read once per hold, and a replay never holds") {
  const auto games = engine::all_games();
  const auto& info = games.front();
  const auto rows = public_rows(random_match(info, info.default_preset, 3, 60));
  REQUIRE(rows.size() > 20);
  int reads = 0;
  const RowHistory counted = [&](int after, int up_to, std::size_t limit) {
    ++reads;
    return history_of(rows)(after, up_to, limit);
  };
  SECTION("live: held at row 5, twenty rows later, the picture is read at most once") {
    OnAirSource live(games, OnAirSource::Mode::kLive);
    live.restart(9);
    for (std::size_t i = 0; i < 5; ++i) live.add(rows[i], counted);
    live.set_desk_hold(Presentation{true, rows[4].seq, rows[4].wall_time});
    const int before = reads;
    for (std::size_t i = 5; i < 25; ++i) {
      live.add(rows[i], counted);
      const OnAirModel m = live.model(counted);
      CHECK(m.held);
      CHECK(m.match == 9);
      CHECK(m.last_seq == rows[4].seq);  // the picture stands at the held row
    }
    CHECK(reads - before <= 1);
    // Let go: the rows read meanwhile come on air at once.
    live.set_desk_hold(std::nullopt);
    CHECK(live.model(counted).last_seq == rows[24].seq);
  }
  SECTION("replay: the desk's hold and heartbeat are the live screen's, never the record's") {
    OnAirSource replay(games, OnAirSource::Mode::kReplay);
    replay.restart(1);
    for (std::size_t i = 0; i < 25; ++i) replay.add(rows[i], counted);
    replay.set_desk_hold(Presentation{true, rows[4].seq, rows[4].wall_time});
    replay.set_heartbeat(DeskHeartbeat{1, 2});
    const OnAirModel m = replay.model(counted);
    CHECK_FALSE(m.held);
    CHECK_FALSE(m.heartbeat);
    CHECK(m.last_seq == rows[24].seq);
    CHECK_FALSE(replay.hold());
  }
  SECTION("restart forgets the last match's rows, seals and hold") {
    OnAirSource live(games, OnAirSource::Mode::kLive);
    live.restart(1);
    for (std::size_t i = 0; i < 10; ++i) live.add(rows[i], counted);
    live.set_desk_hold(Presentation{true, rows[2].seq, rows[2].wall_time});
    live.restart(2);
    CHECK(live.last_seq() == 0);
    CHECK_FALSE(live.hold());
    const OnAirModel m = live.model(counted);
    CHECK_FALSE(m.opened);
    CHECK(m.match == 2);
  }
}
