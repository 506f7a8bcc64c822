// The analysis computed once on a machine (broadcast/analysis_runner.h, the
// analysis file beside the store): of the runners following one match exactly
// one works and the others read its records, byte for byte; a worker that stops
// is replaced; and however slow the analysis, no frame ever carries the
// analysis of another row than the one whose board it shows.
#include <nlohmann/json.hpp>

#include "broadcast/analysis_record.h"
#include "broadcast/analysis_runner.h"
#include "feed/live_follower.h"
#include "feed_support.h"
#include "identity_swap.h"

using namespace facedown;
using namespace facedown::feed;
using namespace facedown::feed::testing;
using nlohmann::json;

namespace {

broadcast::RunnerOptions runner_options(const std::string& path, db::MatchId match) {
  broadcast::RunnerOptions ro;
  ro.db_path = path;
  ro.match = [match] { return match; };
  ro.poll = std::chrono::milliseconds(5);
  ro.takeover = std::chrono::milliseconds(50);
  ro.analysis.win.max_playouts = 40;
  ro.analysis.win.min_playouts = 40;
  ro.lower_priority = false;
  return ro;
}

std::unique_ptr<broadcast::AnalysisRunner> start_runner(broadcast::RunnerOptions ro) {
  auto r = broadcast::AnalysisRunner::start(std::move(ro));
  if (auto* e = std::get_if<db::StoreError>(&r)) FAIL(e->message);
  return std::move(std::get<std::unique_ptr<broadcast::AnalysisRunner>>(r));
}

// Waits (up to 60 s) until `runner` reads a record of row `seq` with its win
// probability (or the reason it has none).
std::shared_ptr<const broadcast::OnAirAnalysis> wait_record(const broadcast::AnalysisRunner& runner, db::MatchId match,
                                                            int seq) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (;;) {
    auto a = runner.at(match, seq);
    if (a && (a->win_seq == seq || a->win_error)) return a;
    if (std::chrono::steady_clock::now() > until) return a;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

}  // namespace

TEST_CASE("analysis once: one worker per match, every other runner reads the same bytes", "[feed][analysis]") {
  TempDir dir;
  const auto games = engine::all_games();
  const auto& info = *engine::find_game(games, "number-janggi");
  conformance::SessionConfig config;
  config.seed = 6;
  config.max_commands = 20;
  auto played = conformance::play_session(info, info.default_preset, config);
  const std::string path = dir.file("once.db");
  store_match(path, played.match);
  const int last = static_cast<int>(played.match.log().size());

  auto a = start_runner(runner_options(path, 1));
  auto b = start_runner(runner_options(path, 1));
  auto c = start_runner(runner_options(path, 1));
  auto ra = wait_record(*a, 1, last);
  REQUIRE(ra);
  CHECK(ra->seq == last);
  CHECK(ra->view == "public");
  // Exactly one worker; the others never analysed anything.
  const int working = int(a->working()) + int(b->working()) + int(c->working());
  CHECK(working == 1);
  CHECK((a->working() ? b->finished() + c->finished() : a->finished() + (b->working() ? c->finished() : b->finished())) == 0);
  // Every runner shows the same record, to the bit.
  auto rb = wait_record(*b, 1, last);
  auto rc = wait_record(*c, 1, last);
  REQUIRE(rb);
  REQUIRE(rc);
  CHECK(*ra == *rb);
  CHECK(*ra == *rc);
  CHECK(broadcast::record_json(*ra).dump() == broadcast::record_json(*rc).dump());
  // Never another row's: a row with no record is null, not the one before it.
  CHECK_FALSE(a->at(1, last + 1));
  CHECK_FALSE(a->at(2, last));
}

TEST_CASE("analysis once: a stopped worker is replaced by another follower of the match", "[feed][analysis]") {
  TempDir dir;
  LiveMatch live(dir.file("takeover.db"), 9);
  for (int i = 0; i < 4; ++i) REQUIRE(live.step());
  auto a = start_runner(runner_options(live.path, live.id));
  REQUIRE(wait_record(*a, live.id, live.seq()));
  REQUIRE(a->working());
  auto b = start_runner(runner_options(live.path, live.id));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  CHECK_FALSE(b->working());
  CHECK(b->finished() == 0);
  a.reset();  // the worker's process gone (its lock goes with it, as with kill -9: db's lock test)
  REQUIRE(live.step());
  REQUIRE(live.step());
  auto rb = wait_record(*b, live.id, live.seq());
  REQUIRE(rb);
  CHECK(b->working());
  CHECK(b->finished() > 0);
  CHECK(rb->seq == live.seq());
}

TEST_CASE("analysis once: with a slow analysis, no frame of the feed carries another row's analysis",
          "[feed][analysis]") {
  TempDir dir;
  LiveMatch live(dir.file("slow.db"), 5);
  for (int i = 0; i < 3; ++i) REQUIRE(live.step());
  FollowOptions fo;
  fo.db_path = live.path;
  fo.poll = std::chrono::milliseconds(5);
  fo.phase_check = std::chrono::milliseconds(20);
  fo.analysis = broadcast::live_analysis_options();
  fo.analysis->win.max_playouts = 30;
  fo.analysis->win.min_playouts = 30;
  fo.analysis_delay = std::chrono::milliseconds(120);
  auto started = LiveFollower::start(fo);
  if (auto* e = std::get_if<db::StoreError>(&started)) FAIL(e->message);
  auto follower = std::move(std::get<std::unique_ptr<LiveFollower>>(started));
  // Rows come faster than the analysis: most frames go on air before their
  // row's analysis is finished.
  for (int i = 0; i < 12 && live.step(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(40));
  const int last = live.seq();
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (;;) {
    auto m = follower->log().latest();
    if (m) {
      const json j = json::parse(m->data);
      if (j.at("analysis").is_object() && j.at("analysis").at("seq") == last) break;
    }
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  int with = 0, without = 0;
  for (const auto& m : follower->log().since(std::nullopt, true)) {
    const json j = json::parse(m.data);
    INFO(m.id.text());
    REQUIRE(j.contains("seq"));
    CHECK(j.at("match") == live.id);
    if (j.at("analysis").is_object()) {
      ++with;
      CHECK(j.at("analysis").at("seq") == j.at("seq"));
      CHECK(j.at("analysis").at("ply") == j.at("ply"));
    } else {
      ++without;
    }
  }
  CHECK(with > 0);
  CHECK(without > 0);  // the slow analysis was overtaken, and those frames said nothing
}
