// The delayed TV feed: the token or nothing (401), and each event released only
// once the delay has passed since its commit, as the referee view (identities).
#include <nlohmann/json.hpp>

#include "feed_support.h"

using namespace facedown;
using namespace facedown::feed;
using namespace facedown::feed::testing;
using nlohmann::json;

namespace {

const std::string kToken = "0123456789abcdef-tv-token";

std::int64_t system_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

TEST_CASE("tv feed: refused without the token, and off without --tv-token-file", "[feed][tv]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 3);
  FeedOptions o;
  o.db_path = live.path;
  {
    auto off = start_feed(o);
    httplib::Client cli("127.0.0.1", off->port());
    auto r = cli.Get("/tv/stream?token=" + kToken);
    REQUIRE(r);
    CHECK(r->status == 404);
    CHECK(r->body.find("--tv-token-file") != std::string::npos);
  }
  o.tv_token = kToken;
  o.tv_delay_ms = 0;
  auto feed = start_feed(o);
  httplib::Client cli("127.0.0.1", feed->port());
  const std::vector<std::string> refused = {"/tv/stream", "/tv/stream?token=", "/tv/stream?token=wrong",
                                            "/tv/stream?token=" + kToken + "x", "/tv/on-air", "/tv/on-air?token=0123"};
  for (const auto& path : refused) {
    INFO(path);
    auto r = cli.Get(path);
    REQUIRE(r);
    CHECK(r->status == 401);
    CHECK(r->get_header_value("Content-Type") == "application/json");
    CHECK(r->body.find("\"error\"") != std::string::npos);
  }
  auto wrong_bearer = cli.Get("/tv/on-air", {{"Authorization", "Bearer nope-nope-nope-nope"}});
  REQUIRE(wrong_bearer);
  CHECK(wrong_bearer->status == 401);
  // The token, as a parameter or a bearer header.
  REQUIRE(live.step());
  int status = 0;
  std::string cache;
  for (int i = 0; i < 200 && status != 200; ++i) {
    auto ok = cli.Get("/tv/on-air", {{"Authorization", "Bearer " + kToken}});
    REQUIRE(ok);
    status = ok->status;
    cache = ok->get_header_value("Cache-Control");
    if (status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  CHECK(status == 200);
  CHECK(cache == "no-store, private");
  CHECK(cli.Get("/tv/on-air?token=" + kToken)->status == 200);
  // An empty ?token= is no token: a correct Authorization header still counts;
  // the scheme's name in any case.
  CHECK(cli.Get("/tv/on-air?token=", {{"Authorization", "Bearer " + kToken}})->status == 200);
  CHECK(cli.Get("/tv/on-air", {{"Authorization", "bearer " + kToken}})->status == 200);
  CHECK(cli.Get("/tv/on-air", {{"Authorization", "BEARER " + kToken}})->status == 200);
  CHECK(cli.Get("/tv/on-air?token=wrong-wrong-wrong", {{"Authorization", "Bearer " + kToken}})->status == 401);
  // The public stream needs no token.
  SseClient pub(feed->port(), "/on-air/stream");
  CHECK(pub.wait_events(1));
}

TEST_CASE("tv feed: every event arrives only after the delay, with every identity", "[feed][tv]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 5);
  constexpr std::int64_t kDelay = 1200;
  FeedOptions o;
  o.db_path = live.path;
  o.tv_token = kToken;
  o.tv_delay_ms = kDelay;
  auto feed = start_feed(o);
  SseClient tv(feed->port(), "/tv/stream?token=" + kToken);
  SseClient pub(feed->port(), "/on-air/stream");
  // Setups, start and a few moves, quickly one after another.
  for (int i = 0; i < 6; ++i) live.step();
  const std::int64_t last_commit = system_ms();
  const int total = live.seq();
  // The public stream has them at once; the TV stream nothing yet.
  const std::string last_id = std::to_string(live.id) + "." + std::to_string(total) + ".0";
  REQUIRE(pub.wait([&](const auto& e, int) { return !e.empty() && e.back().id == last_id; }, std::chrono::seconds(3)));
  for (const auto& e : tv.events()) CHECK(e.wall_ms >= json::parse(e.data).at("committed_ms").get<std::int64_t>() + kDelay);
  // After the delay every event arrives, each one no sooner than commit + delay.
  REQUIRE(tv.wait([&](const auto& e, int) { return !e.empty() && json::parse(e.back().data).at("seq") == total; },
                  std::chrono::milliseconds(kDelay + 5000)));
  CHECK(system_ms() >= last_commit + kDelay - 50);
  auto evs = tv.events();
  REQUIRE(static_cast<int>(evs.size()) == total);
  bool saw_identity = false;
  for (std::size_t i = 0; i < evs.size(); ++i) {
    const auto j = json::parse(evs[i].data);
    CHECK(j.at("seq") == static_cast<int>(i) + 1);
    const std::int64_t committed = j.at("committed_ms");
    CHECK(evs[i].wall_ms >= committed + kDelay);  // never younger than the delay
    CHECK(j.at("released_ms") == committed + kDelay);
    CHECK(evs[i].id == std::to_string(live.id) + "." + std::to_string(i + 1) + ".0");
    // The referee view: pieces the public sees face down carry their identity here.
    for (const auto& [square, piece] : j.at("state").at("board").items())
      if (piece.contains("piece") && !piece.at("piece").is_null()) saw_identity = true;
  }
  CHECK(saw_identity);
  // The public model of the same moment shows face down what the TV view names.
  auto pub_board = json::parse(pub.events().back().data).at("board").at("squares");
  auto tv_state = json::parse(evs.back().data).at("state").at("board");
  int hidden_on_air = 0;
  for (const auto& sq : pub_board)
    if (!sq.at("piece").is_null() && sq.at("piece").at("token").is_null()) {
      ++hidden_on_air;
      CHECK_FALSE(tv_state.at(sq.at("square").get<std::string>()).at("piece").is_null());
    }
  CHECK(hidden_on_air > 0);
}

TEST_CASE("tv feed: a match opened inside the delay waits until the last one has aired to its end",
          "[feed][tv][cut]") {
  TempDir dir;
  LiveMatch first(dir.file("s.db"), 9);
  constexpr std::int64_t kDelay = 1200;
  FeedOptions o;
  o.db_path = first.path;
  o.tv_token = kToken;
  o.tv_delay_ms = kDelay;
  auto feed = start_feed(o);
  SseClient tv(feed->port(), "/tv/stream?token=" + kToken);
  for (int i = 0; i < 8; ++i) first.step();
  const int total = first.seq();
  // The next match, opened well inside the delay (the operator is quick).
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto second = db::testing::open_random_match(10);
  const db::MatchId id2 = must(first.store.create_match(second));
  const std::string opened2 = std::to_string(id2) + ".1.0";
  REQUIRE(tv.wait([&](const auto& e, int) { return !e.empty() && e.back().id == opened2; },
                  std::chrono::milliseconds(kDelay + 5000)));
  // Every event of the first match came, in order, before the second's opening.
  auto evs = tv.events();
  REQUIRE(static_cast<int>(evs.size()) == total + 1);
  for (int i = 0; i < total; ++i) {
    CHECK(evs[static_cast<std::size_t>(i)].id == std::to_string(first.id) + "." + std::to_string(i + 1) + ".0");
    const auto j = json::parse(evs[static_cast<std::size_t>(i)].data);
    CHECK(evs[static_cast<std::size_t>(i)].wall_ms >= j.at("committed_ms").get<std::int64_t>() + kDelay);
  }
  const auto opening = json::parse(evs.back().data);
  CHECK(opening.at("match") == id2);
  CHECK(evs.back().wall_ms >= opening.at("committed_ms").get<std::int64_t>() + kDelay);
}

TEST_CASE("tv feed: the director's cues air D late, in their place among the events", "[feed][tv][cues]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 7);
  constexpr std::int64_t kDelay = 800;
  FeedOptions o;
  o.db_path = live.path;
  o.tv_token = kToken;
  o.tv_delay_ms = kDelay;
  auto feed = start_feed(o);
  SseClient tv(feed->port(), "/tv/stream?token=" + kToken);
  for (int i = 0; i < 3; ++i) live.step();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const int before = live.seq();
  must(live.store.append_cues(live.id, {"layout faces", "show board-compact"}));
  const std::int64_t cued_at = system_ms();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  live.step();
  const int total = live.seq();
  REQUIRE(tv.wait([&](const auto& e, int) { return !e.empty() && json::parse(e.back().data).at("seq") == total &&
                                                   json::parse(e.back().data).at("type") != "cue"; },
                  std::chrono::milliseconds(kDelay + 5000)));
  const auto evs = tv.events();
  REQUIRE(static_cast<int>(evs.size()) == total + 2);
  // The cues come after the events committed before them and before the next one.
  const auto at = static_cast<std::size_t>(before);
  const auto cue1 = json::parse(evs[at].data);
  const auto cue2 = json::parse(evs[at + 1].data);
  CHECK(cue1.at("type") == "cue");
  CHECK(cue1.at("cue").at("text") == "layout faces");
  CHECK(cue2.at("cue").at("text") == "show board-compact");
  CHECK(json::parse(evs[at - 1].data).at("seq") == before);
  CHECK(evs[at].id == std::to_string(live.id) + "." + std::to_string(before) + ".1");
  CHECK(evs[at + 1].id == std::to_string(live.id) + "." + std::to_string(before) + ".2");
  CHECK(json::parse(evs[at + 2].data).at("seq") == before + 1);
  CHECK(evs[at].wall_ms >= cued_at + kDelay - 30);  // never before the delay
  CHECK(cue1.at("director").at("layout") == "faces");
  CHECK(cue1.at("director").at("elements").at("board-compact").at("shown") == false);
  CHECK(cue2.at("director").at("elements").at("board-compact").at("shown") == true);
  // Events carry the director's state as it stood when they aired.
  CHECK(json::parse(evs.front().data).at("director").at("layout") == "landscape");
  CHECK(json::parse(evs.back().data).at("director").at("layout") == "faces");
  CHECK(json::parse(evs.back().data).at("seq") == total);
}
