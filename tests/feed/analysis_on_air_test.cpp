// The analysis on air (broadcast/analysis_runner.h beside the live follower):
// the live frame carries the public analysis of exactly its own row, or none; it is byte-identical under swaps of identities
// the public never saw, in every game with a secret setup; no other point of
// view reaches it; and the on-air update does not wait for it.
#include <nlohmann/json.hpp>

#include "feed_support.h"
#include "feed/replay_analysis.h"
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
  int pairs = 0, deduced = 0;
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
      if (j.at("analysis").at("error").is_null()) ++deduced;
      check_public_only(j.at("analysis"));
      if (xa != xb) FAIL("the frames differ:\n" << xa << "\n---\n" << xb);
      ++pairs;
    }
    CHECK(found);
  }
  CHECK(pairs >= 5);
  CHECK(deduced >= 4);  // real deductions compared, not only refusals
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
  // Without the analysis the frame's key is null; with it, it names the frame's
  // own row, and reaches the last row once it is finished.
  frame_when_analysed(*feed, live.seq());
  for (int step = 0; step < 8; ++step) {
    if (!live.step()) break;
    const int seq = live.seq();
    // The row is on air (the frame's ply and board follow it) while its analysis
    // may not be finished: then the frame has none, never an earlier row's.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    json j;
    do {
      j = get_on_air(*feed);
    } while (j.at("seq") != seq && std::chrono::steady_clock::now() < until);
    REQUIRE(j.at("seq") == seq);
    CHECK(j.at("ply") == live.match.state().ply);
    if (j.at("analysis").is_object()) CHECK(j.at("analysis").at("seq") == j.at("seq"));
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
  INFO(j.at("game").dump() << j.at("status").dump() << j.at("elements").dump() << " analysis " << j.at("analysis").dump().substr(0, 300));
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

TEST_CASE("analysis on the TV cut: every point of view, never before the delay", "[feed][analysis][tv]") {
  TempDir dir;
  constexpr std::int64_t kDelay = 30'000;
  const auto games = all_games();
  const auto& info = *find_game(games, "number-janggi");
  conformance::SessionConfig config;
  config.seed = 11;
  config.max_commands = 30;
  auto a = conformance::play_session(info, info.default_preset, config);
  const std::string path = dir.file("tv.db");
  store_match(path, a.match);
  const int total = static_cast<int>(a.match.log().size());
  auto now = std::make_shared<std::atomic<std::int64_t>>(kWall0 - 1);
  auto feed = start_feed(tv_options(path, kDelay, [now] { return now->load(); }, 40));
  SseClient tv(feed->port(), "/tv/stream?token=" + kToken);
  // Row k (1-based) was committed at kWall0 + (k - 1) * kStep: released once the
  // clock passes it by the delay. The clock walks on; at every moment, no
  // analysis on the cut names a row not yet released.
  auto released_at = [&](std::int64_t t) {
    const std::int64_t back = t - kDelay - kWall0;
    return back < 0 ? 0 : std::min<std::int64_t>(total, back / kStep + 1);
  };
  int analyses = 0;
  json last;
  for (int k = 0; k <= total + 1; k += 3) {
    now->store(kWall0 + kDelay + static_cast<std::int64_t>(k) * kStep - 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    const std::int64_t released = released_at(now->load());
    for (const auto& e : tv.events()) {
      const json j = json::parse(e.data, nullptr, false);
      if (!j.is_object() || j.value("type", "") != "analysis") continue;
      const json& an = j.at("analysis");
      INFO("clock step " << k << ": " << e.data.substr(0, 200));
      CHECK(an.at("seq").get<std::int64_t>() <= released);
      CHECK(j.at("seq").get<std::int64_t>() <= released);
    }
  }
  // Everything released: the last analysis carries every point of view.
  now->store(kWall0 + kDelay + static_cast<std::int64_t>(total) * kStep);
  const bool got = tv.wait([&](const std::vector<SseEvent>& evs, int) {
    for (const auto& e : evs) {
      const json j = json::parse(e.data, nullptr, false);
      if (j.is_object() && j.value("type", "") == "analysis" && j.at("analysis").at("seq") == total) {
        last = j.at("analysis");
        return true;
      }
    }
    return false;
  }, std::chrono::seconds(60));
  REQUIRE(got);
  for (const char* view : {"public", "player1", "player2"}) {
    INFO(view);
    REQUIRE(last.at("views").at(view).is_object());
    CHECK(last.at("views").at(view).at("view") == view);
  }
  CHECK((last.at("views").at("public").at("win").is_object() || last.at("views").at("public").at("win_error").is_string()));
  REQUIRE(last.at("referee").at("win").is_object());
  const double p = last.at("referee").at("win").at("player1").at("p").get<double>();
  CHECK(p >= 0.0);
  CHECK(p <= 1.0);
  (void)analyses;
}

TEST_CASE("analysis in replays: the win probability per move step and its turning points", "[feed][analysis][replay]") {
  TempDir dir;
  const auto games = all_games();
  const auto& info = *find_game(games, "number-janggi");
  conformance::SessionConfig config;
  config.seed = 4;
  config.max_commands = 30;
  auto a = conformance::play_session(info, info.default_preset, config);
  const std::string path = dir.file("replay.db");
  store_match(path, a.match);
  FeedOptions o;
  o.db_path = path;
  o.wall_clock_ms = [] { return kWall0; };
  o.analysis = true;
  o.analysis_playouts = 40;
  auto feed = start_feed(o);
  httplib::Client cli("127.0.0.1", feed->port());
  auto steps = cli.Get("/replay/1/steps");
  REQUIRE(steps);
  const json moves = json::parse(steps->body).at("moves");
  json j;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  do {
    auto r = cli.Get("/replay/1/analysis");
    REQUIRE(r);
    REQUIRE(r->status == 200);
    j = json::parse(r->body);
    if (j.at("complete").get<bool>()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  } while (std::chrono::steady_clock::now() < until);
  REQUIRE(j.at("complete") == true);
  // One point per move step, at the replay's own stops.
  REQUIRE(j.at("steps").size() == moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) CHECK(j.at("steps")[i].at("position") == moves[i]);
  for (const auto& s : j.at("steps"))
    if (s.at("public").is_object()) {
      const double sum = s.at("public").at("player1").at("p").get<double>() + s.at("public").at("player2").at("p").get<double>() +
                         s.at("public").at("draw").at("p").get<double>();
      CHECK(sum <= 1.0001);
    }
  // The turning points are the largest swings, each one a step of the graph.
  json hand = json::array();
  for (std::size_t i = 0; i < 3; ++i) hand.push_back(json{{"position", int(i + 1)}, {"ply", int(i)}, {"public", {{"player1", {{"p", i == 2 ? 0.9 : 0.5}}}}}});
  const json tp = ReplayAnalysis::turning_points(hand, 3);
  REQUIRE(tp.size() == 1);
  CHECK(tp[0].at("position") == 3);
  CHECK(tp[0].at("swing").get<double>() == Approx(0.4));
  CHECK(j.at("turning_points").size() <= 3);
  auto bad = cli.Get("/replay/99/analysis");
  REQUIRE(bad);
  CHECK(bad->status == 404);
  o.analysis = false;
  auto off = start_feed(o);
  httplib::Client cli_off("127.0.0.1", off->port());
  auto r = cli_off.Get("/replay/1/analysis");
  REQUIRE(r);
  CHECK(r->status == 404);
}
