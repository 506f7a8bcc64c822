// The analysis on air (broadcast/analysis_runner.h beside the live follower):
// the live frame carries the last finished public analysis and the row it
// belongs to, never a later one; it is byte-identical under swaps of identities
// the public never saw, in every game with a secret setup; no other point of
// view reaches it; and the on-air update does not wait for it.
#include <nlohmann/json.hpp>

#include "feed_support.h"
#include "identity_swap.h"

using namespace facedown;
using namespace facedown::engine;
using namespace facedown::feed;
using namespace facedown::feed::testing;
using nlohmann::json;

namespace {

json get_on_air(FeedServer& feed) {
  httplib::Client cli("127.0.0.1", feed.port());
  auto r = cli.Get("/on-air");
  REQUIRE(r);
  REQUIRE(r->status == 200);
  return json::parse(r->body);
}

// /on-air once the runner has finished the record of row `seq` with its win
// probability (or after 60 s: the caller's checks then fail).
std::string frame_when_analysed(FeedServer& feed, int seq) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (;;) {
    httplib::Client cli("127.0.0.1", feed.port());
    auto r = cli.Get("/on-air");
    REQUIRE(r);
    const json j = json::parse(r->body);
    const json& a = j.value("analysis", json());
    if (a.is_object() && a.at("seq") == seq &&
        ((a.at("win").is_object() && a.at("win").at("seq") == seq) || a.at("win_error").is_string()))
      return r->body;
    if (std::chrono::steady_clock::now() > until) return r->body;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// Keys only another point of view would carry.
void check_public_only(const json& j) {
  if (j.is_object()) {
    for (const char* key : {"referee", "player1_view", "player2_view", "views", "id", "secret_from"})
      CHECK_FALSE(j.contains(key));
    for (const auto& [k, v] : j.items()) check_public_only(v);
  } else if (j.is_array()) {
    for (const auto& v : j) check_public_only(v);
  }
}

}  // namespace

TEST_CASE("analysis on air: the live frame is byte-identical under swaps of never-seen identities, in every game",
          "[feed][analysis][leak]") {
  TempDir dir;
  int pairs = 0;
  for (const auto& info : all_games()) {
    if (info.make(resolve_options(info, info.default_preset, {}).options)->has_fixed_placement()) continue;
    bool found = false;
    for (std::uint64_t seed = 1; seed <= 40 && !found; ++seed) {
      INFO(info.id << " seed " << seed);
      conformance::SessionConfig config;
      config.seed = seed;
      config.max_commands = 24;
      auto a = conformance::play_session(info, info.default_preset, config);
      auto b = swapped(info, a, seed);
      if (!b) continue;
      found = true;
      const std::string tag = info.id + "-" + std::to_string(seed);
      store_match(dir.file(tag + "-a.db"), a.match);
      store_match(dir.file(tag + "-b.db"), *b);
      FeedOptions o;
      o.wall_clock_ms = [] { return kWall0; };
      o.analysis = true;
      o.analysis_playouts = 60;
      o.db_path = dir.file(tag + "-a.db");
      auto fa = start_feed(o);
      o.db_path = dir.file(tag + "-b.db");
      auto fb = start_feed(o);
      const int events = static_cast<int>(a.match.log().size());
      const std::string xa = blank_seals(frame_when_analysed(*fa, events));
      const std::string xb = blank_seals(frame_when_analysed(*fb, events));
      const json j = json::parse(xa);
      REQUIRE(j.at("analysis").is_object());
      CHECK(j.at("analysis").at("view") == "public");
      CHECK(j.at("analysis").at("seq") == events);
      CHECK((j.at("analysis").at("win").is_object() || j.at("analysis").at("win_error").is_string()));
      if (info.id == "number-janggi") CHECK(j.at("analysis").at("win").is_object());
      check_public_only(j.at("analysis"));
      if (xa != xb) FAIL("the frames differ:\n" << xa << "\n---\n" << xb);
      ++pairs;
    }
    CHECK(found);
  }
  CHECK(pairs >= 5);
}

TEST_CASE("analysis on air: rows go on air at once, the analysis follows with the row it belongs to",
          "[feed][analysis]") {
  TempDir dir;
  LiveMatch live(dir.file("live.db"), 5);
  for (int i = 0; i < 6; ++i) REQUIRE(live.step());
  FeedOptions o;
  o.db_path = live.path;
  o.analysis = true;
  o.analysis_playouts = 60;
  auto feed = start_feed(o);
  // Without the analysis the frame's key is null; with it, it names a row at or
  // before the one on air, and reaches the last row once it is finished.
  frame_when_analysed(*feed, live.seq());
  for (int step = 0; step < 8; ++step) {
    if (!live.step()) break;
    const int seq = live.seq();
    // The row is on air (the frame's ply and board follow it) while the analysis
    // may still name an earlier row, never a later one.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    json j;
    do {
      j = get_on_air(*feed);
    } while (j.at("ply") != live.match.state().ply && std::chrono::steady_clock::now() < until);
    REQUIRE(j.at("ply") == live.match.state().ply);
    if (j.at("analysis").is_object()) CHECK(j.at("analysis").at("seq").get<int>() <= seq);
    const json done = json::parse(frame_when_analysed(*feed, seq));
    CHECK(done.at("analysis").at("seq") == seq);
    CHECK(done.at("analysis").at("ply") == live.match.state().ply);
  }
  o.analysis = false;
  auto plain = start_feed(o);
  CHECK(get_on_air(*plain).at("analysis").is_null());
}

TEST_CASE("analysis on air: the deduction and win-bar elements are on when cued and an analysis is there",
          "[feed][analysis]") {
  TempDir dir;
  LiveMatch live(dir.file("cued.db"), 7);
  for (int i = 0; i < 4; ++i) REQUIRE(live.step());
  FeedOptions o;
  o.db_path = live.path;
  o.analysis = true;
  o.analysis_playouts = 60;
  auto feed = start_feed(o);
  json j = json::parse(frame_when_analysed(*feed, live.seq()));
  CHECK(j.at("elements").at("deduction").at("cued") == false);
  CHECK(j.at("elements").at("win-bar").at("on") == false);
  must(live.store.append_cues(live.id, {"show deduction", "show win-bar"}));
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  do {
    j = get_on_air(*feed);
  } while (!j.at("elements").at("win-bar").at("on").get<bool>() && std::chrono::steady_clock::now() < until);
  CHECK(j.at("elements").at("deduction").at("on") == true);
  CHECK(j.at("elements").at("win-bar").at("on") == true);
  const json& a = j.at("analysis");
  const double sum = a.at("win").at("player1").at("p").get<double>() + a.at("win").at("player2").at("p").get<double>() +
                     a.at("win").at("draw").at("p").get<double>();
  CHECK(sum <= 1.0001);
  if (a.at("objective").is_object()) {
    for (const auto& side : a.at("objective").at("places")) {
      double total = 0;
      for (const auto& pl : side) total += pl.at("p").get<double>();
      if (!side.empty()) CHECK(total == Approx(1.0).margin(0.02));
    }
  }
}
