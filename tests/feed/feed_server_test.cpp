// The feed's public routes against a live store on a free loopback port: the
// on-air JSON is the model built from the public rows; the stream sends the full
// model on connect, each commit as a message with a new id, resumes without a
// gap after Last-Event-ID, and beats comment lines when idle; match lists and
// replays; and every bad request is a 4xx JSON error.
#include <fstream>
#include <nlohmann/json.hpp>

#include "db/public_reader.h"
#include "engine/registry.h"
#include "engine/replay_steps.h"
#include "feed/message_log.h"
#include "feed/on_air_json.h"
#include "feed_support.h"

using namespace facedown;
using namespace facedown::feed;
using namespace facedown::feed::testing;
using nlohmann::json;

namespace {

constexpr std::int64_t kNow = 1'800'000'000'000;  // the feed's fixed clock in these tests

FeedOptions fixed_clock(const std::string& path) {
  FeedOptions o;
  o.db_path = path;
  o.wall_clock_ms = [] { return kNow; };
  return o;
}

// The on-air JSON after public row `step` (all rows when nullopt), from what the
// public reader gives: live at the fixed clock, or replayed at the row's commit.
std::string expected_on_air(const std::string& path, db::MatchId id, std::optional<int> step = std::nullopt,
                            bool replay = false) {
  auto reader = must(db::PublicReader::open(path));
  auto summary = must(reader.match(id));
  const int n = step.value_or(summary.events);
  std::vector<broadcast::PublicRow> rows;
  for (auto& r : must(reader.events_after(id, 0, n == 0 ? 1 : n))) rows.push_back(to_public_row(std::move(r)));
  const std::size_t count = n == 0 ? 0 : rows.size();
  auto model = model_after(rows, count, to_commitments(must(reader.seals(id))), std::nullopt, engine::all_games());
  model.match = id;  // every output names the match it shows
  std::int64_t now = kNow;
  if (replay) now = count > 0 ? static_cast<std::int64_t>(rows[count - 1].wall_time * 1000.0 + 0.5) : summary.created_ms;
  return on_air_text(model, now, replay);
}

std::string etag(const LiveMatch& live) {
  return "\"" + std::to_string(live.id) + "." + std::to_string(live.seq()) + ".0\"";
}

json get_json(httplib::Client& cli, const std::string& path, int expect_status) {
  auto r = cli.Get(path);
  INFO(path);
  REQUIRE(r);
  CHECK(r->status == expect_status);
  CHECK(r->get_header_value("Content-Type") == "application/json");
  auto j = json::parse(r->body, nullptr, false);
  REQUIRE_FALSE(j.is_discarded());
  if (expect_status >= 400) {
    CHECK(j.at("status") == expect_status);
    CHECK_FALSE(j.at("error").get<std::string>().empty());
  }
  return j;
}

bool wait_until(const std::function<bool()>& pred, std::chrono::milliseconds timeout = std::chrono::seconds(5)) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    if (pred()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return pred();
}

}  // namespace

TEST_CASE("feed: /on-air is the model of the followed match, and follows commits", "[feed]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 4);
  for (int i = 0; i < 6; ++i) live.step();
  FeedOptions o = fixed_clock(live.path);
  o.match = live.id;
  auto feed = start_feed(o);
  httplib::Client cli("127.0.0.1", feed->port());
  auto r = cli.Get("/on-air");
  REQUIRE(r);
  CHECK(r->status == 200);
  CHECK(r->body == expected_on_air(live.path, live.id));
  auto j = json::parse(r->body);
  CHECK(j.at("version") == 1);
  CHECK(j.at("opened") == true);
  CHECK(r->get_header_value("ETag") == etag(live));
  // A commit shows up within the polling period.
  REQUIRE(live.step());
  REQUIRE(wait_until([&] {
    auto again = cli.Get("/on-air");
    return again && again->get_header_value("ETag") == etag(live);
  }));
  CHECK(cli.Get("/on-air")->body == expected_on_air(live.path, live.id));
  // ?match= of the followed match is the same; of no match a 404; not a number a 400.
  CHECK(cli.Get("/on-air?match=" + std::to_string(live.id))->body == expected_on_air(live.path, live.id));
  // Another match than the followed one: its latest moment, as a replay.
  get_json(cli, "/on-air?match=999", 404);
  get_json(cli, "/on-air?match=abc", 400);
  get_json(cli, "/on-air?match=-1", 400);
}

TEST_CASE("feed: --latest follows the newest match, switching when one is opened", "[feed]") {
  TempDir dir;
  LiveMatch first(dir.file("s.db"), 6);
  first.step();
  auto feed = start_feed(fixed_clock(first.path));
  httplib::Client cli("127.0.0.1", feed->port());
  CHECK(cli.Get("/on-air")->get_header_value("ETag") == etag(first));
  // A second match in the same file (another writer).
  auto second = db::testing::open_random_match(7);
  auto store = must(db::Store::open(first.path));
  const db::MatchId id2 = must(store.create_match(second));
  REQUIRE(wait_until([&] { return cli.Get("/on-air")->get_header_value("ETag") == "\"" + std::to_string(id2) + ".1.0\""; }));
  CHECK(json::parse(cli.Get("/on-air")->body).at("players").at(0).at("name") == second.state().players[0]);
}

TEST_CASE("feed: the stream sends the full model, then every commit with a new id", "[feed][sse]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 8);
  for (int i = 0; i < 3; ++i) live.step();
  auto feed = start_feed(fixed_clock(live.path));
  SseClient sse(feed->port(), "/on-air/stream");
  REQUIRE(sse.wait_events(1));
  CHECK(sse.status() == 200);
  CHECK(sse.content_type().rfind("text/event-stream", 0) == 0);
  CHECK(sse.cache_control() == "no-cache");
  auto first = sse.events().front();
  CHECK(first.data == expected_on_air(live.path, live.id));
  CHECK(first.id == std::to_string(live.id) + "." + std::to_string(live.seq()) + ".0");
  // Each commit: one message per new public row, ids increasing, the last the model now.
  for (int k = 0; k < 5; ++k) {
    const int before = live.seq();
    REQUIRE(live.step());
    const std::size_t want = sse.events().size() + static_cast<std::size_t>(live.seq() - before);
    REQUIRE(sse.wait_events(want));
    auto evs = sse.events();
    CHECK(evs.back().data == expected_on_air(live.path, live.id));
    for (std::size_t i = 1; i < evs.size(); ++i) CHECK(*EventId::parse(evs[i - 1].id) < *EventId::parse(evs[i].id));
    // Every row has its message: the model after that row.
    for (std::size_t i = evs.size() - static_cast<std::size_t>(live.seq() - before); i < evs.size(); ++i) {
      const auto id = *EventId::parse(evs[i].id);
      CHECK(evs[i].data == expected_on_air(live.path, live.id, static_cast<int>(id.seq)));
    }
  }
  // Idle: comment heartbeats (every 200 ms in tests).
  const int comments = sse.comments();
  CHECK(sse.wait([&](const auto&, int c) { return c >= comments + 2; }, std::chrono::seconds(3)));
  CHECK(sse.raw().find(": hb\nevent: ping\ndata: {\"every_ms\":200}\n\n") != std::string::npos);
  CHECK(sse.pings() >= 2);
}

TEST_CASE("feed: the stream of a match the feed does not follow is a card saying so, never blank", "[feed][sse]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 8);
  live.step();
  FeedOptions o = fixed_clock(live.path);
  o.match = live.id;
  auto feed = start_feed(o);
  for (const char* v : {"", "&v=2"}) {
    INFO(v);
    SseClient sse(feed->port(), "/on-air/stream?match=999" + std::string(v));
    REQUIRE(sse.wait_events(1));
    CHECK(sse.status() == 200);
    CHECK(sse.content_type().rfind("text/event-stream", 0) == 0);
    json body = json::parse(sse.events().front().data);
    const json frame = body.contains("frame") ? body.at("frame") : body;
    CHECK(frame.at("status") == "waiting");
    CHECK(frame.at("match") == 999);
    const std::string followed = std::to_string(live.id);
    CHECK(frame.at("message").at("en") == "This feed does not follow match 999: it follows match " + followed);
    CHECK(frame.at("message").at("ko") == "이 피드는 999번 경기를 따르지 않습니다: 지금은 " + followed + "번 경기");
    // Then it stays alive (pings), so the page shows the card, not FEED LOST.
    CHECK(sse.wait([&](const auto&, int c) { return c >= 2; }, std::chrono::seconds(3)));
    CHECK(sse.pings() >= 1);
  }
  // Not a number: still a 400.
  httplib::Client cli("127.0.0.1", feed->port());
  get_json(cli, "/on-air/stream?match=abc", 400);
}

TEST_CASE("feed: a reconnect with Last-Event-ID resumes without a gap", "[feed][sse]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 9);
  live.step();
  auto feed = start_feed(fixed_clock(live.path));
  std::string last_id;
  {
    SseClient sse(feed->port(), "/on-air/stream");
    REQUIRE(sse.wait_events(1));
    last_id = sse.events().back().id;
  }
  const int seen = live.seq();
  for (int i = 0; i < 4; ++i) live.step();
  // Let the feed read the commits while no client is connected.
  httplib::Client cli("127.0.0.1", feed->port());
  REQUIRE(wait_until([&] { return cli.Get("/on-air")->get_header_value("ETag") == etag(live); }));
  SseClient again(feed->port(), "/on-air/stream", {{"Last-Event-ID", last_id}});
  const std::size_t missed = static_cast<std::size_t>(live.seq() - seen);
  REQUIRE(again.wait_events(missed));
  auto evs = again.events();
  REQUIRE(evs.size() == missed);
  for (std::size_t i = 0; i < evs.size(); ++i) {
    const auto id = EventId::parse(evs[i].id);
    REQUIRE(id);
    CHECK(id->seq == seen + static_cast<int>(i) + 1);  // every row, none skipped
    CHECK(evs[i].data == expected_on_air(live.path, live.id, static_cast<int>(id->seq)));
  }
  // Up to date: nothing is sent again but heartbeats.
  SseClient current(feed->port(), "/on-air/stream", {{"Last-Event-ID", evs.back().id}});
  CHECK(current.wait([](const auto&, int c) { return c >= 3; }, std::chrono::seconds(3)));
  CHECK(current.events().empty());
  // An id the feed cannot place (garbage, another match): the full model again.
  for (const char* odd : {"garbage", "99.1.0", "1.999999.0"}) {
    INFO(odd);
    SseClient fresh(feed->port(), "/on-air/stream", {{"Last-Event-ID", odd}});
    REQUIRE(fresh.wait_events(1));
    CHECK(fresh.events().front().data == expected_on_air(live.path, live.id));
  }
}

TEST_CASE("feed: /matches lists public facts and /replay steps through a match as aired", "[feed]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 10);
  for (int i = 0; i < 8; ++i) live.step();
  std::filesystem::create_directories(dir.path() / "web");
  FeedOptions o = fixed_clock(live.path);
  o.web_root = dir.path() / "web";
  auto feed = start_feed(o);
  httplib::Client cli("127.0.0.1", feed->port());
  auto list = get_json(cli, "/matches", 200);
  REQUIRE(list.size() == 1);
  CHECK(list[0].at("id") == live.id);
  CHECK(list[0].at("game") == live.match.info().id);
  CHECK(list[0].at("players").size() == 2);
  CHECK(list[0].at("status").is_string());
  CHECK(list[0].at("events") == live.seq());
  CHECK(get_json(cli, "/matches.json", 200) == list);
  const std::string base = "/replay/" + std::to_string(live.id) + "/on-air";
  for (int step = 0; step <= live.seq(); ++step) {
    auto r = cli.Get(base + "?step=" + std::to_string(step));
    REQUIRE(r);
    REQUIRE(r->status == 200);
    CHECK(r->body == expected_on_air(live.path, live.id, step, true));
  }
  CHECK(cli.Get(base)->body == expected_on_air(live.path, live.id, std::nullopt, true));
  // A seek inside the row's moment: the document's time moves with it.
  auto later = json::parse(cli.Get(base + "?step=3&at=1500")->body);
  CHECK(later.at("now").get<double>() - json::parse(cli.Get(base + "?step=3")->body).at("now").get<double>() ==
        Approx(1.5));
  get_json(cli, base + "?step=3&at=-1", 400);
  get_json(cli, base + "?step=3&at=99999999", 400);
  // Bad input: a clear 4xx JSON error each time.
  get_json(cli, base + "?step=" + std::to_string(live.seq() + 1), 400);
  get_json(cli, base + "?step=99999999999999999999", 400);
  get_json(cli, base + "?step=-3", 400);
  get_json(cli, base + "?step=", 400);
  get_json(cli, base + "?step=1e3", 400);
  get_json(cli, base + "?step=abc", 400);
  get_json(cli, "/replay/77/on-air?step=1", 404);
  get_json(cli, "/replay/x/on-air", 400);
  get_json(cli, "/replay/%FF%FE/on-air", 400);  // bad bytes quoted in the error, not a 500
  get_json(cli, "/replay/123456789012345678901234567890/on-air", 400);
  get_json(cli, "/replay/77", 404);
  // The page itself comes from the web files; without one, a 404 that says so.
  auto missing = get_json(cli, "/replay/" + std::to_string(live.id), 404);
  CHECK(missing.at("error").get<std::string>().find("replay.html") != std::string::npos);
  { std::ofstream(dir.path() / "web" / "replay.html") << "<!doctype html><title>replay</title>"; }
  auto page = cli.Get("/replay/" + std::to_string(live.id));
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->get_header_value("Content-Type") == "text/html; charset=utf-8");
  // Other methods and unknown routes: JSON errors, and the feed keeps serving.
  auto post = cli.Post("/on-air", "x", "text/plain");
  REQUIRE(post);
  CHECK(post->status >= 400);
  CHECK(post->status < 500);
  get_json(cli, "/no/such/route.html", 404);
  CHECK(cli.Get("/on-air")->status == 200);
}

TEST_CASE("feed: /replay/M/steps serves the engine's steps of the match, by move and by event", "[feed]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 10);
  for (int i = 0; i < 40 && live.step(); ++i) {
  }
  auto feed = start_feed(fixed_clock(live.path));
  httplib::Client cli("127.0.0.1", feed->port());
  const auto steps = get_json(cli, "/replay/" + std::to_string(live.id) + "/steps", 200);
  const engine::ReplaySteps want = engine::replay_steps(live.match.log());
  CHECK(steps.at("total") == live.seq());
  CHECK(steps.at("moves").get<std::vector<int>>() == want.moves);
  CHECK(steps.at("events").get<std::vector<int>>() == want.events);
  // The page never decides a step: the lists are the engine's, from 1 to the last row.
  CHECK(want.moves.size() <= want.events.size());
  CHECK(want.events.size() <= static_cast<std::size_t>(live.seq()));
  CHECK(want.moves.front() == 1);
  CHECK(want.moves.back() == live.seq());
  get_json(cli, "/replay/77/steps", 404);
  get_json(cli, "/replay/x/steps", 400);
}

TEST_CASE("feed: the director's hold keeps new rows off air until it is released", "[feed][hold]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 12);
  for (int i = 0; i < 4; ++i) live.step();
  auto feed = start_feed(fixed_clock(live.path));
  httplib::Client cli("127.0.0.1", feed->port());
  REQUIRE(wait_until([&] { return cli.Get("/on-air")->get_header_value("ETag") == etag(live); }));
  const auto before = json::parse(cli.Get("/on-air")->body);
  CHECK(before.at("held") == false);
  must(live.store.set_on_air_hold(live.id, true));
  REQUIRE(wait_until([&] { return json::parse(cli.Get("/on-air")->body).at("held") == true; }));
  // A move while held: read (the id names it), but not on air.
  const int ply = before.at("ply");
  for (int i = 0; i < 3 && json::parse(cli.Get("/on-air")->body).at("ply") == ply; ++i) {
    REQUIRE(live.step());
    REQUIRE(wait_until([&] { return cli.Get("/on-air")->get_header_value("ETag") == etag(live); }));
  }
  CHECK(json::parse(cli.Get("/on-air")->body).at("ply") == ply);
  CHECK(json::parse(cli.Get("/on-air")->body).at("held") == true);
  // Released: the picture catches up with every row.
  must(live.store.set_on_air_hold(live.id, false));
  REQUIRE(wait_until([&] { return json::parse(cli.Get("/on-air")->body).at("held") == false; }));
  CHECK(json::parse(cli.Get("/on-air")->body).at("ply") != ply);
}
