// The message log behind every stream: ids and what a reconnecting client gets.
#include <catch2/catch.hpp>

#include <thread>

#include "engine/game.h"
#include "feed/message_log.h"

using namespace facedown::feed;

TEST_CASE("event ids: the text form round trips and anything else is no id", "[feed]") {
  const EventId id{3, 57, 2};
  CHECK(id.text() == "3.57.2");
  CHECK(EventId::parse("3.57.2") == id);
  for (const char* bad : {"", "3.57", "3.57.2.1", "-1.2.3", "a.b.c", "3..2", "3.57.2 ", " 3.57.2",
                          "99999999999999999999.1.1", "1.2.3x", "1e3.2.3"}) {
    INFO(bad);
    CHECK_FALSE(EventId::parse(bad));
  }
  CHECK(EventId{1, 9, 0} < EventId{1, 10, 0});
  CHECK(EventId{1, 10, 0} < EventId{1, 10, 1});
}

TEST_CASE("message log: a reconnect with a known id gets exactly what came after it", "[feed]") {
  MessageLog log(8);
  CHECK(log.since(std::nullopt).empty());
  for (int s = 1; s <= 5; ++s) log.push({EventId{1, s, 0}, "m" + std::to_string(s)});
  log.push({EventId{1, 5, 1}, "m5b"});
  // No id: the latest full model alone.
  auto first = log.since(std::nullopt);
  REQUIRE(first.size() == 1);
  CHECK(first[0].data == "m5b");
  // A known id: the messages after it, in order.
  auto after = log.since(EventId{1, 3, 0});
  REQUIRE(after.size() == 3);
  CHECK(after[0].data == "m4");
  CHECK(after[2].data == "m5b");
  // Up to date: nothing.
  CHECK(log.since(EventId{1, 5, 1}).empty());
  // Unknown, from another match, ahead, or older than the log keeps: the latest.
  for (EventId unknown : {EventId{1, 2, 7}, EventId{2, 1, 0}, EventId{1, 99, 0}}) {
    auto got = log.since(unknown);
    REQUIRE(got.size() == 1);
    CHECK(got[0].data == "m5b");
  }
  for (int s = 6; s <= 20; ++s) log.push({EventId{1, s, 0}, "m" + std::to_string(s)});
  auto old = log.since(EventId{1, 2, 0});
  REQUIRE(old.size() == 1);
  CHECK(old[0].data == "m20");
  // A new match goes on in the same log: a client of the last match gets it next.
  log.push({EventId{2, 1, 0}, "n1"});
  CHECK(log.since(EventId{1, 20, 0}).at(0).data == "n1");
}

TEST_CASE("message log: random pushes and reconnects never skip a message the log keeps", "[feed][property]") {
  std::uint64_t rng = 9;
  for (int round = 0; round < 50; ++round) {
    MessageLog log(64);
    std::vector<EventId> pushed;
    EventId id{1, 0, 0};
    const int n = 1 + static_cast<int>(facedown::engine::splitmix64(rng) % 100);
    for (int i = 0; i < n; ++i) {
      if (facedown::engine::splitmix64(rng) % 3 == 0) ++id.sub;
      else id = EventId{1, id.seq + 1, 0};
      log.push({id, id.text()});
      pushed.push_back(id);
    }
    // A client that last saw message k (still kept) gets k+1 .. n, in order.
    const std::size_t k = facedown::engine::splitmix64(rng) % pushed.size();
    auto got = log.since(pushed[k]);
    if (pushed.size() - k <= 64) {
      REQUIRE(got.size() == pushed.size() - 1 - k);
      for (std::size_t i = 0; i < got.size(); ++i) CHECK(got[i].id == pushed[k + 1 + i]);
    } else {
      REQUIRE(got.size() == 1);
      CHECK(got[0].id == pushed.back());
    }
  }
}

TEST_CASE("message log: a waiter wakes on a push and on stop", "[feed]") {
  MessageLog log;
  log.push({EventId{1, 1, 0}, "a"});
  std::thread pusher([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    log.push({EventId{1, 2, 0}, "b"});
  });
  auto got = log.wait_since(EventId{1, 1, 0}, std::chrono::seconds(5));
  pusher.join();
  REQUIRE(got.size() == 1);
  CHECK(got[0].data == "b");
  // Nothing new: the wait times out empty.
  CHECK(log.wait_since(EventId{1, 2, 0}, std::chrono::milliseconds(30)).empty());
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    log.stop();
  });
  const auto t0 = std::chrono::steady_clock::now();
  CHECK(log.wait_since(EventId{1, 2, 0}, std::chrono::seconds(5)).empty());
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(4));
  stopper.join();
  CHECK(log.stopped());
  CHECK(sse_message({EventId{1, 2, 0}, "{}"}) == "id: 1.2.0\ndata: {}\n\n");
}

TEST_CASE("message log: a client that came before the first message gets every one", "[feed]") {
  MessageLog log;
  CHECK(log.empty());
  for (int s = 1; s <= 3; ++s) log.push({EventId{1, s, 0}, std::to_string(s)});
  CHECK(log.since(std::nullopt, true).size() == 3);
  CHECK(log.since(std::nullopt, false).size() == 1);
  // An id wins over from_start.
  CHECK(log.since(EventId{1, 2, 0}, true).size() == 1);
}
