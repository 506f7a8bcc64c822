#include <catch2/catch.hpp>

#include "codec/json.h"
#include "db/public_reader.h"
#include "db/replay.h"
#include "db/store.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

TEST_CASE("seeking a replay anywhere, in any order, gives the match as it stood", "[replay]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto store = must(Store::open(path));
  std::optional<engine::Match> live;
  // A long match (a game whose random plays last), so seeks start from snapshots.
  MatchId id = play_random(store, 91, 200, live, true, "luzhanqi-mini");
  auto replay = must(Replay::open(store, id));
  REQUIRE(replay.size() == static_cast<int>(live->log().size()));
  REQUIRE(replay.size() > 300);  // long enough that seeks start from snapshots
  auto reader = must(PublicReader::open(path));
  auto rows = must(reader.events_after(id, 0));

  RandomOperator pick(5);
  for (int i = 0; i < 40; ++i) {
    int seq = 1 + static_cast<int>(pick.next() % static_cast<std::uint64_t>(replay.size()));
    INFO("seq " << seq);
    const auto& at = replay.seek(seq);
    auto loaded = must(store.load(id, seq));
    CHECK(codec::state_to_json(at, engine::kReferee) == codec::state_to_json(loaded, engine::kReferee));
    CHECK(codec::state_to_json(at, engine::kPublic) == rows[static_cast<std::size_t>(seq - 1)].state);
  }
  CHECK(codec::state_to_json(replay.seek(replay.size()), engine::kReferee) ==
        codec::state_to_json(*live, engine::kReferee));
}

TEST_CASE("seq_of_ply finds where each ply ends", "[replay]") {
  TempDir dir;
  auto store = must(Store::open(dir.file("s.db")));
  std::optional<engine::Match> live;
  MatchId id = play_random(store, 92, 120, live, false);
  auto replay = must(Replay::open(store, id));
  const int plies = live->state().ply;
  REQUIRE(plies > 5);
  for (int n = 0; n < plies; ++n) {
    int seq = replay.seq_of_ply(n);
    CHECK(replay.seek(seq).state().ply == n);
    CHECK(replay.seek(seq + 1).state().ply == n + 1);
  }
  CHECK(replay.seq_of_ply(plies + 10) == replay.size());
}

TEST_CASE("a copied match (a replay snapshot) goes on exactly like the original", "[replay]") {
  for (std::uint64_t seed : {93u, 94u, 95u}) {
    auto original = open_random_match(seed);
    RandomOperator warmup(seed);
    for (int i = 0; i < 40; ++i) warmup.step(original);
    engine::Match copy = original;
    CHECK(copy.next_deadline() == original.next_deadline());
    CHECK(codec::state_to_json(copy, engine::kReferee) == codec::state_to_json(original, engine::kReferee));
    RandomOperator a(seed + 1000), b(seed + 1000);
    for (int i = 0; i < 60; ++i) {
      auto ea = a.step(original);
      auto eb = b.step(copy);
      REQUIRE(ea.size() == eb.size());
      for (std::size_t k = 0; k < ea.size(); ++k)
        CHECK(codec::event_to_json(ea[k], original.game()) == codec::event_to_json(eb[k], copy.game()));
      CHECK(copy.next_deadline() == original.next_deadline());
    }
  }
}
