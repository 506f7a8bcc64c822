// The feed's secrecy guarantee, end to end over HTTP: random matches of every
// preset of every game are played twice, the second time with the identities of
// pieces the public never saw permuted; both are stored (same clock) and served
// by a feed each, and every byte the public endpoints send (/on-air, the stream's
// full model, /matches, /replay at every step) must be the same: nothing sent
// depends on a face-down identity. The TV feed of the same store sends nothing
// younger than its delay, whatever the clock says.
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "codec/json.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "feed_support.h"
#include "identity_swap.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::engine;
using namespace facedown::feed;
using namespace facedown::feed::testing;
using nlohmann::json;

namespace {

// Every public byte one feed sends for match 1 (in a fixed order).
std::vector<std::string> public_bytes(FeedServer& feed, int events) {
  std::vector<std::string> out;
  httplib::Client cli("127.0.0.1", feed.port());
  for (const char* path : {"/on-air", "/on-air?match=1", "/matches", "/matches.json", "/replay/1/on-air"}) {
    auto r = cli.Get(path);
    REQUIRE(r);
    out.push_back(std::string(path) + " " + std::to_string(r->status) + " " + r->body);
  }
  for (int step = 0; step <= events; ++step) {
    auto r = cli.Get("/replay/1/on-air?step=" + std::to_string(step));
    REQUIRE(r);
    out.push_back(std::to_string(step) + " " + std::to_string(r->status) + " " + r->body);
  }
  SseClient sse(feed.port(), "/on-air/stream");
  REQUIRE(sse.wait_events(1));
  sse.close();
  out.push_back(sse.raw());
  return out;
}

}  // namespace

TEST_CASE("feed leaks: no public byte depends on a face-down identity, in any preset of any game", "[feed][leak]") {
  TempDir dir;
  int pairs = 0, tried = 0;
  std::size_t bytes = 0;
  for (const auto& info : all_games()) {
    for (const auto& preset : info.presets) {
      // A fixed placement is public from the start: no identity to swap.
      if (info.make(resolve_options(info, preset.id, {}).options)->has_fixed_placement()) continue;
      int found = 0;
      // Later seeds play shorter sessions: fewer pieces revealed, more to permute.
      for (std::uint64_t seed = 1; seed <= 40 && found < 2; ++seed) {
        INFO(info.id << " / " << preset.id << " seed " << seed);
        conformance::SessionConfig config;
        config.seed = seed;
        config.max_commands = seed <= 12 ? 90 : 30;
        auto a = conformance::play_session(info, preset.id, config);
        ++tried;
        auto b = swapped(info, a, seed);
        if (!b) continue;
        ++found;
        const std::string tag = info.id + "-" + preset.id + "-" + std::to_string(seed);
        store_match(dir.file(tag + "-a.db"), a.match);
        store_match(dir.file(tag + "-b.db"), *b);
        FeedOptions o;
        o.wall_clock_ms = [] { return kWall0; };  // no heartbeats: never standby
        o.db_path = dir.file(tag + "-a.db");
        auto fa = start_feed(o);
        o.db_path = dir.file(tag + "-b.db");
        auto fb = start_feed(o);
        const int events = static_cast<int>(a.match.log().size());
        auto ba = public_bytes(*fa, events), bb = public_bytes(*fb, events);
        REQUIRE(ba.size() == bb.size());
        for (std::size_t i = 0; i < ba.size(); ++i) {
          if (!a.match.state().closed) {
            CHECK(ba[i].find("\"setup\":\"") == std::string::npos);
            CHECK(ba[i].find("\"salt\":\"") == std::string::npos);
            CHECK(ba[i].find("\"reveal\":{\"setups\"") == std::string::npos);  // no reveal before close
          }
          const std::string xa = blank_seals(ba[i]), xb = blank_seals(bb[i]);
          if (xa != xb) FAIL("public bytes differ (" << i << "):\n" << xa << "\n---\n" << xb);
          bytes += ba[i].size();
        }
        ++pairs;
      }
      INFO(info.id << " / " << preset.id);
      CHECK(found > 0);  // every preset has at least one pair compared
    }
  }
  CHECK(pairs >= 4);
  CHECK(bytes > 100'000);
  (void)tried;
}

TEST_CASE("feed leaks: the TV feed sends nothing younger than its delay, whatever the clock", "[feed][leak][tv]") {
  TempDir dir;
  constexpr std::int64_t kDelay = 30'000;
  std::uint64_t seed = 3;
  for (const auto& info : all_games()) {
    INFO(info.id);
    conformance::SessionConfig config;
    config.seed = seed++;
    config.max_commands = 60;
    auto a = conformance::play_session(info, info.default_preset, config);
    const std::string path = dir.file(info.id + ".db");
    store_match(path, a.match);
    const int total = static_cast<int>(a.match.log().size());
    auto now = std::make_shared<std::atomic<std::int64_t>>(kWall0 - kDelay - 1);
    auto feed = start_feed(tv_options(path, kDelay, [now] { return now->load(); }));
    SseClient tv(feed->port(), "/tv/stream?token=" + kToken);
    // The clock walks forward by uneven steps; at each, what was sent is exactly
    // the events committed at least kDelay before it.
    std::uint64_t rng = config.seed;
    int released = 0;
    while (released < total) {
      now->fetch_add(static_cast<std::int64_t>(splitmix64(rng) % (4 * kStep)) + kStep / 2);
      const std::int64_t cutoff = now->load() - kDelay;
      const int expect = cutoff < kWall0 ? 0 : std::min(total, static_cast<int>((cutoff - kWall0) / kStep) + 1);
      if (expect > released) REQUIRE(tv.wait_events(static_cast<std::size_t>(expect)));
      else std::this_thread::sleep_for(std::chrono::milliseconds(40));
      auto evs = tv.events();
      REQUIRE(static_cast<int>(evs.size()) == expect);
      for (const auto& e : evs) {
        const auto j = json::parse(e.data);
        CHECK(j.at("committed_ms").get<std::int64_t>() <= cutoff);
      }
      released = expect;
    }
    CHECK(released == total);
  }
}
