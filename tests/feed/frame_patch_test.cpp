// Issue 31 item 5: patches on the wire. Property: any sequence of frames, each
// sent as a JSON Patch on the one before, patched, equals the frames (fuzzed
// JSON through the message log; real frames of random matches through the
// feed's versioned stream, against its old full-frame stream). And the median
// message during play is under 2 KB.
//
// FACEDOWN_PATCH_SEQUENCES=<file>: the sequences are also written there, one JSON
// line each ({"frames":[...],"bodies":[...]}), for the browser test
// (tests/browser/patch_test.mjs), which applies the page's own JSON Patch to them.
#include <algorithm>
#include <ctime>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "engine/game.h"
#include "feed/frame_patch.h"
#include "feed/message_log.h"
#include "feed_support.h"

using namespace facedown;
using namespace facedown::feed;
using namespace facedown::feed::testing;
using nlohmann::json;

namespace {

std::uint64_t next(std::uint64_t& rng, std::uint64_t n) { return engine::splitmix64(rng) % n; }

// Keys a pointer must escape ('/', '~'), an empty key, Hangul, digits (an
// object key that looks like an index).
const std::vector<std::string> kKeys = {"a", "b", "board", "squares", "x/y", "t~0", "", "한글", "0", "-", "~1"};

json random_value(std::uint64_t& rng, int depth) {
  const auto kind = next(rng, depth > 2 ? 6 : 8);
  switch (kind) {
    case 0: return nullptr;
    case 1: return next(rng, 2) == 0;
    case 2: return static_cast<std::int64_t>(next(rng, 2000)) - 1000;
    case 3: return static_cast<double>(next(rng, 100000)) / 7.0;
    case 4: return std::string("s") + std::to_string(next(rng, 50));
    case 5: return kKeys[next(rng, kKeys.size())];
    case 6: {
      json a = json::array();
      for (auto n = next(rng, 6); n > 0; --n) a.push_back(random_value(rng, depth + 1));
      return a;
    }
    default: {
      json o = json::object();
      for (auto n = next(rng, 5); n > 0; --n) o[kKeys[next(rng, kKeys.size())]] = random_value(rng, depth + 1);
      return o;
    }
  }
}

// A few random edits somewhere in `v`: values changed, keys added and
// removed, arrays grown and shrunk, a container replaced by a scalar.
void mutate(json& v, std::uint64_t& rng, int depth) {
  if (v.is_object() && !v.empty() && next(rng, 3) != 0) {
    auto it = v.begin();
    std::advance(it, static_cast<long>(next(rng, v.size())));
    if (next(rng, 4) == 0) v.erase(it);
    else mutate(*it, rng, depth + 1);
    if (next(rng, 3) == 0) v[kKeys[next(rng, kKeys.size())]] = random_value(rng, depth + 1);
    return;
  }
  if (v.is_array() && !v.empty() && next(rng, 3) != 0) {
    const auto i = next(rng, v.size());
    switch (next(rng, 4)) {
      case 0: v.erase(v.begin() + static_cast<long>(i)); break;
      case 1: v.push_back(random_value(rng, depth + 1)); break;
      case 2: v.insert(v.begin() + static_cast<long>(i), random_value(rng, depth + 1)); break;
      default: mutate(v[i], rng, depth + 1);
    }
    return;
  }
  v = random_value(rng, depth);
}

// Appends one sequence to the file FACEDOWN_PATCH_SEQUENCES names (if any).
void dump_sequence(const std::vector<json>& frames, const std::vector<std::string>& bodies) {
  const char* path = std::getenv("FACEDOWN_PATCH_SEQUENCES");
  if (!path || !*path) return;
  json line = {{"frames", frames}, {"bodies", json::array()}};
  for (const auto& b : bodies) line["bodies"].push_back(json::parse(b));
  std::ofstream out(path, std::ios::app);
  out << line.dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
}

// Each message of `log` (pushed in order, none dropped) as the versioned
// stream sends it to a client connected from the first: whole, then patches.
std::vector<std::string> wire(const std::vector<Message>& messages) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < messages.size(); ++i) {
    const auto& m = messages[i];
    const bool as_patch = i > 0 && !m.full && !m.patch.empty() && m.base == messages[i - 1].id;
    out.push_back(wire_body(m, as_patch));
  }
  return out;
}

}  // namespace

TEST_CASE("frame patches: fuzzed JSON sequences through the log, patched, equal the frames", "[feed][patch][property]") {
  std::uint64_t rng = 31;
  int patched = 0, whole = 0;
  for (int round = 0; round < 200; ++round) {
    MessageLog log(LogOptions{4096, true, 8});
    std::vector<json> frames;
    json doc = json::object();
    for (auto n = 3 + next(rng, 6); n > 0; --n) doc[kKeys[next(rng, kKeys.size())]] = random_value(rng, 0);
    // Padding so most patches are smaller than their frame (as real frames are).
    doc["pad"] = std::string(400, 'p');
    const int n = 1 + static_cast<int>(next(rng, 40));
    EventId id{1 + round, 0, 0};
    for (int i = 0; i < n; ++i) {
      if (i > 0) {
        for (auto edits = 1 + next(rng, 3); edits > 0; --edits) mutate(doc, rng, 0);
        if (!doc.is_object()) doc = json{{"was", doc}};
        doc["pad"] = std::string(400, 'p');
      }
      if (next(rng, 3) == 0) ++id.sub;
      else id = EventId{id.match, id.seq + 1, 0};
      frames.push_back(doc);
      log.push({id, doc.dump()});
    }
    const auto messages = log.since(std::nullopt, true);
    REQUIRE(messages.size() == frames.size());
    // The log's own patches: each on its predecessor gives its frame.
    std::size_t run = 0;
    for (std::size_t i = 0; i < messages.size(); ++i) {
      const auto& m = messages[i];
      if (m.patch.empty()) {
        CHECK(m.full);
        run = 0;
        ++whole;
        continue;
      }
      ++patched;
      REQUIRE(i > 0);
      CHECK(m.base == messages[i - 1].id);
      CHECK(++run < 8);  // a full frame at least every full_every messages
      const json body = json::parse(m.patch);
      CHECK(body.at("match") == m.id.match);
      CHECK(body.at("seq") == m.id.seq);
      CHECK(body.at("id") == m.id.text());
      CHECK(body.at("base") == m.base.text());
      CHECK(body.at("base_seq") == m.base.seq);
      auto applied = apply_patch_body(frames[i - 1], body);
      REQUIRE(std::holds_alternative<json>(applied));
      CHECK(std::get<json>(applied) == frames[i]);
      CHECK(m.patch.size() < m.data.size());
    }
    // A client from the first message: every frame, exactly.
    const auto bodies = wire(messages);
    FrameFollower client;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      auto got = client.accept(json::parse(bodies[i]));
      REQUIRE(got);
      CHECK(*got == frames[i]);
      CHECK(client.id() == messages[i].id.text());
    }
    dump_sequence(frames, bodies);
  }
  CHECK(patched > 1000);
  CHECK(whole > 200);
}

TEST_CASE("frame patches: a patch on another frame is refused, never half applied", "[feed][patch]") {
  FrameFollower client;
  const json frame = {{"a", 1}, {"list", {1, 2, 3}}};
  // A patch before any full frame: refused, the client asks for a full one.
  CHECK_FALSE(client.accept({{"id", "1.2.0"}, {"base", "1.1.0"}, {"ops", json::array()}}));
  CHECK(client.need_full());
  REQUIRE(client.accept({{"match", 1}, {"seq", 1}, {"id", "1.1.0"}, {"frame", frame}}));
  CHECK_FALSE(client.need_full());
  // A missed message: the base is not the frame held.
  CHECK_FALSE(client.accept({{"id", "1.3.0"}, {"base", "1.2.0"}, {"ops", json::array()}}));
  CHECK(client.need_full());
  REQUIRE(client.accept({{"id", "1.1.0"}, {"frame", frame}}));
  // An op that does not apply: nothing is applied.
  const json bad = {{"id", "1.2.0"},
                    {"base", "1.1.0"},
                    {"ops", {{{"op", "replace"}, {"path", "/a"}, {"value", 2}}, {{"op", "remove"}, {"path", "/nope"}}}}};
  CHECK_FALSE(client.accept(bad));
  CHECK(std::holds_alternative<std::string>(apply_patch_body(frame, bad)));
  CHECK(std::holds_alternative<std::string>(apply_patch_body(frame, json{{"ops", "x"}})));
  CHECK(std::holds_alternative<std::string>(apply_patch_body(frame, json::array())));
}

TEST_CASE("frame patches: real frames of random matches, the versioned stream applied equals the old stream",
          "[feed][patch][property]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 41);
  FeedOptions o;
  o.db_path = live.path;
  auto feed = start_feed(o);
  SseClient old_stream(feed->port(), "/on-air/stream");
  SseClient v2(feed->port(), "/on-air/stream?v=2");
  REQUIRE(old_stream.wait_events(1));
  REQUIRE(v2.wait_events(1));
  std::vector<std::string> last_ids;
  auto commit_and_wait = [&](db::MatchId id, int seq) {
    const std::string want = std::to_string(id) + "." + std::to_string(seq) + ".0";
    REQUIRE(old_stream.wait([&](const auto& e, int) { return std::any_of(e.begin(), e.end(), [&](const SseEvent& x) { return x.id == want; }); }));
    REQUIRE(v2.wait([&](const auto& e, int) { return std::any_of(e.begin(), e.end(), [&](const SseEvent& x) { return x.id == want; }); }));
  };
  // Three random matches in one store, the feed following the latest: plays,
  // switches, and (the third) a match of another game.
  std::vector<engine::Match> more;
  more.reserve(2);
  for (int i = 0; i < 25 && live.step(); ++i) commit_and_wait(live.id, live.seq());
  for (std::uint64_t seed : {42u, 43u}) {
    more.push_back(db::testing::open_random_match(seed));
    const db::MatchId id = must(live.store.create_match(more.back()));
    db::testing::RandomOperator op(seed + 100);
    commit_and_wait(id, 1);
    for (int i = 0; i < 25; ++i) {
      auto evs = op.step(more.back());
      if (evs.empty()) break;
      if (auto f = live.store.append(id, more.back(), evs)) FAIL(f->message);
      commit_and_wait(id, static_cast<int>(more.back().log().size()));
    }
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto full = old_stream.events();
  const auto wire_events = v2.events();
  std::map<std::string, json> frame_of;
  for (const auto& e : full) frame_of[e.id] = json::parse(e.data);
  FrameFollower client;
  std::vector<std::size_t> play_sizes;
  std::vector<json> frames;
  std::vector<std::string> bodies;
  int patches = 0;
  for (const auto& e : wire_events) {
    INFO("message " << e.id << " (" << e.event << ")");
    const json body = json::parse(e.data);
    CHECK(body.at("id") == e.id);
    CHECK(body.contains("match"));
    CHECK(body.contains("seq"));
    CHECK((e.event == "frame" || e.event == "patch"));
    auto got = client.accept(body);
    REQUIRE(got);
    REQUIRE(frame_of.count(e.id) == 1);
    CHECK(*got == frame_of[e.id]);
    if (e.event == "patch") {
      ++patches;
      play_sizes.push_back(e.data.size());
    }
    frames.push_back(*got);
    bodies.push_back(e.data);
  }
  // Both clients came before the first commit: the same messages from the
  // versioned client's first on (the old one may have one more before it).
  REQUIRE_FALSE(wire_events.empty());
  auto from = std::find_if(full.begin(), full.end(), [&](const SseEvent& e) { return e.id == wire_events.front().id; });
  REQUIRE(from != full.end());
  CHECK(wire_events.size() == static_cast<std::size_t>(full.end() - from));
  CHECK(patches > 40);
  dump_sequence(frames, bodies);
  // The median message during play (issue 31: at most 2 KB). Without the
  // analysis here; docs/performance.md measures it with the analysis on.
  REQUIRE_FALSE(play_sizes.empty());
  std::sort(play_sizes.begin(), play_sizes.end());
  const std::size_t median = play_sizes[play_sizes.size() / 2];
  std::size_t frame_median = 0;
  {
    std::vector<std::size_t> s;
    for (const auto& e : full) s.push_back(e.data.size());
    std::sort(s.begin(), s.end());
    frame_median = s[s.size() / 2];
  }
  INFO("median patch " << median << " bytes, median full frame " << frame_median << " bytes");
  CHECK(median <= 2048);
  WARN("median message during play: " << median << " bytes as patches, " << frame_median << " bytes as full frames");
  // What making a patch costs the pushing thread (parse the new frame, diff):
  // reported, not asserted (a loaded machine), for docs/performance.md.
  {
    // This thread's CPU time (the feed still runs beside it).
    auto cpu_us = [] {
      timespec ts{};
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
      return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
    };
    double parse_us = 0, diff_us = 0;
    json prev = json::parse(full.front().data);
    std::size_t n = 0;
    for (std::size_t i = 1; i < full.size(); ++i, ++n) {
      const double a = cpu_us();
      json doc = json::parse(full[i].data);
      const double b = cpu_us();
      auto body = patch_body(prev, doc, EventId{}, EventId{}, full[i].data.size());
      diff_us += cpu_us() - b;
      parse_us += b - a;
      prev = std::move(doc);
    }
    const double per = n ? 1.0 / static_cast<double>(n) : 0.0;
    WARN("making a patch, CPU a message over " << n << ": parse " << parse_us * per << " us, diff and dump "
                                               << diff_us * per << " us");
  }
}

TEST_CASE("frame patches: a resumed stream starts with a full frame, then patches, and v=3 is refused", "[feed][patch]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 44);
  for (int i = 0; i < 3; ++i) live.step();
  FeedOptions o;
  o.db_path = live.path;
  auto feed = start_feed(o);
  SseClient first(feed->port(), "/on-air/stream?v=2");
  REQUIRE(first.wait_events(1));
  for (int i = 0; i < 4; ++i) {
    live.step();
    const std::string want = std::to_string(live.id) + "." + std::to_string(live.seq()) + ".0";
    REQUIRE(first.wait([&](const auto& e, int) { return !e.empty() && e.back().id == want; }));
  }
  auto got = first.events();
  REQUIRE(got.size() >= 5);
  CHECK(got[0].event == "frame");
  for (std::size_t i = 1; i < got.size(); ++i) CHECK(got[i].event == "patch");
  // Resume from the second message: the rest, the first of them whole.
  SseClient again(feed->port(), "/on-air/stream?v=2", {{"Last-Event-ID", got[1].id}});
  REQUIRE(again.wait_events(got.size() - 2));
  const auto resumed = again.events();
  CHECK(resumed[0].id == got[2].id);
  CHECK(resumed[0].event == "frame");
  for (std::size_t i = 1; i < resumed.size(); ++i) CHECK(resumed[i].event == "patch");
  // ... and that full frame is the one the first client patched its way to.
  FrameFollower client;
  std::optional<json> at_2;
  for (std::size_t i = 0; i <= 2; ++i) at_2 = client.accept(json::parse(got[i].data));
  REQUIRE(at_2);
  FrameFollower resumed_client;
  const auto resumed_frame = resumed_client.accept(json::parse(resumed[0].data));
  REQUIRE(resumed_frame);
  CHECK(*resumed_frame == *at_2);
  SseClient bad(feed->port(), "/on-air/stream?v=3");
  REQUIRE(bad.wait_done());
  CHECK(bad.status() == 400);
}
