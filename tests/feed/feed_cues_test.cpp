// The director's cues on the live feed: a cue stored by the desk changes the
// on-air frame's elements on the stream and on /on-air without any new match
// row; a hold cue keeps the picture while the clock runs; a caption times out on
// its own (a time-driven message); nothing of a cue is a match event.
#include <nlohmann/json.hpp>

#include "feed_support.h"

using namespace facedown;
using namespace facedown::feed;
using namespace facedown::feed::testing;
using nlohmann::json;

namespace {

json latest(SseClient& s) { return json::parse(s.events().back().data); }

}  // namespace

TEST_CASE("feed: the director's cues change the frame's elements live, with no match row", "[feed][cues]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 11);
  for (int i = 0; i < 4; ++i) live.step();
  FeedOptions o;
  o.db_path = live.path;
  auto feed = start_feed(o);
  SseClient pub(feed->port(), "/on-air/stream");
  REQUIRE(pub.wait_events(1));
  json first = latest(pub);
  REQUIRE(first.contains("elements"));
  CHECK(first.at("layout").at("name") == "landscape");
  CHECK(first.at("elements").at("board").at("on") == true);
  CHECK(first.at("elements").at("scorebug").at("on") == true);
  CHECK(first.at("elements").at("slate").at("cued") == false);

  const int rows = live.seq();
  must(live.store.append_cues(live.id, {"layout faces"}));
  REQUIRE(pub.wait([](const auto& e, int) {
    return !e.empty() && json::parse(e.back().data).at("layout").at("name") == "faces";
  }));
  const json faces = latest(pub);
  CHECK(faces.at("elements").at("board").at("on") == false);
  CHECK(faces.at("elements").at("players").at("on") == false);
  CHECK(faces.at("elements").at("scorebug").at("on") == true);
  // The same row: the id names the last row, a later sub-counter.
  const std::string id = pub.events().back().id;
  CHECK(id.rfind(std::to_string(live.id) + "." + std::to_string(rows) + ".", 0) == 0);
  CHECK(id != std::to_string(live.id) + "." + std::to_string(rows) + ".0");

  // /on-air agrees.
  httplib::Client cli("127.0.0.1", feed->port());
  auto r = cli.Get("/on-air");
  REQUIRE(r);
  CHECK(json::parse(r->body).at("layout").at("name") == "faces");
  CHECK(must(live.store.events(live.id)).size() == static_cast<std::size_t>(rows));  // no match event
}

TEST_CASE("feed: a caption times out on air by itself", "[feed][cues]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 12);
  for (int i = 0; i < 3; ++i) live.step();
  must(live.store.append_cues(live.id, {"caption-timeout 1"}));
  FeedOptions o;
  o.db_path = live.path;
  auto feed = start_feed(o);
  SseClient pub(feed->port(), "/on-air/stream");
  REQUIRE(pub.wait_events(1));
  // A caption, through the engine like the desk's.
  const auto caption = live.match.submit(engine::CaptionCmd{std::string("Final round")}, live.match.state().time);
  REQUIRE_FALSE(caption.rejection);
  if (auto f = live.store.append(live.id, live.match, caption.events)) FAIL(f->message);
  REQUIRE(pub.wait([](const auto& e, int) { return !e.empty() && json::parse(e.back().data).at("caption") == "Final round"; }));
  REQUIRE(pub.wait([](const auto& e, int) { return !e.empty() && json::parse(e.back().data).at("caption").is_null(); },
                   std::chrono::seconds(5)));
  const json after = latest(pub);
  CHECK(after.at("elements").at("caption").at("on") == false);
  CHECK(after.at("elements").at("caption").at("idle") == "caption timed out");
}

TEST_CASE("feed: a replay shows the director's cues as they aired at the replayed row", "[feed][cues]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 12);
  for (int i = 0; i < 3; ++i) live.step();
  const int before = live.seq();
  // The store stamps rows and cues with the wall clock: keep them apart.
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  must(live.store.append_cues(live.id, {"layout faces"}));
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  for (int i = 0; i < 2; ++i) live.step();
  FeedOptions o;
  o.db_path = live.path;
  auto feed = start_feed(o);
  httplib::Client cli("127.0.0.1", feed->port());
  const std::string base = "/replay/" + std::to_string(live.id) + "/on-air?step=";
  const json then = json::parse(cli.Get(base + std::to_string(before))->body);
  CHECK(then.at("layout").at("name") == "landscape");
  CHECK(then.at("elements").at("board").at("cued") == true);
  const json later = json::parse(cli.Get(base + std::to_string(live.seq()))->body);
  CHECK(later.at("layout").at("name") == "faces");
  CHECK(later.at("layout").at("theme") == "faces");
  CHECK(later.at("elements").at("board").at("cued") == false);
  CHECK(later.at("elements").at("scorebug").at("on") == true);
}
