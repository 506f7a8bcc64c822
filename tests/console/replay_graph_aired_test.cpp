// The console replay graph's public line is the one that aired
// (console/replay_graph.h, broadcast/public_wins.h): for a stored match each
// step's public point is the analysis file's record of the step's row, the
// same double the win bar showed; a step the file has no record of is computed
// and kept there (the match has ended), so a second graph computes nothing;
// the referee's line never reaches the file.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <random>
#include <set>
#include <thread>

#include "broadcast/public_wins.h"
#include "console/replay_graph.h"
#include "tests/support/aired_store.h"

using namespace facedown;

namespace {

std::shared_ptr<const console::ReplayGraphData> complete_graph(console::ReplayGraphWorker& w) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  for (;;) {
    auto g = w.snapshot();
    if (g && g->complete) return g;
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

std::set<std::string> file_views(const std::string& store) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(db::analysis_path(store).c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT DISTINCT view FROM record", -1, &st, nullptr) == SQLITE_OK);
  std::set<std::string> out;
  while (sqlite3_step(st) == SQLITE_ROW) out.insert(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
  sqlite3_finalize(st);
  sqlite3_close(db);
  return out;
}

}  // namespace

TEST_CASE("console replay graph: the public points are the aired records, the rest computed once") {
  namespace fs = std::filesystem;
  std::random_device rd;
  const fs::path dir = fs::temp_directory_path() / ("facedown-graph-" + std::to_string(rd()));
  fs::create_directories(dir);
  const std::string path = (dir / "graph.db").string();
  const engine::Match m = facedown::testing::finished_number_janggi(4, 22);
  const auto stored = facedown::testing::store_with_aired_steps(path, m, 5, 40);
  REQUIRE(stored.aired.size() >= 5);

  auto options = console::replay_graph_options();
  options.win.max_playouts = 40;
  options.win.min_playouts = 40;
  options.win.positions = 4;
  std::vector<console::ReplayGraphPoint> first;
  {
    console::ReplayGraphWorker w(options);
    w.start(m.log(), path, stored.id);
    auto g = complete_graph(w);
    REQUIRE(g->points.size() == stored.moves.size());
    int aired = 0, computed = 0;
    broadcast::PublicWins wins(path, stored.id);
    for (const auto& p : g->points) {
      INFO("step at row " << p.position);
      CHECK(p.done);
      CHECK(p.referee_p1);
      if (stored.aired.count(p.position)) {
        ++aired;
        auto rec = facedown::testing::aired_record(path, stored.id, p.position);
        REQUIRE(rec);
        REQUIRE(rec->win);
        CHECK(p.public_aired);
        REQUIRE(p.public_p1);
        CHECK(*p.public_p1 == rec->win->win[0].p);  // the very double that aired
      } else {
        ++computed;
        CHECK_FALSE(p.public_aired);
        auto kept = wins.find(p.position);  // computed here, kept for every other output
        REQUIRE(kept);
        CHECK_FALSE(kept->aired);
        CHECK(p.public_p1 == (kept->win ? std::optional<double>(kept->win->win[0].p) : std::nullopt));
      }
    }
    CHECK(aired == static_cast<int>(stored.aired.size()));
    CHECK(computed > 0);
    first = g->points;
  }
  {
    // Another graph of the match (another replay, another desk): every step
    // from the file, the same numbers.
    console::ReplayGraphWorker w(options);
    w.start(m.log(), path, stored.id);
    auto g = complete_graph(w);
    REQUIRE(g->points.size() == first.size());
    for (std::size_t i = 0; i < first.size(); ++i) {
      CHECK(g->points[i].public_p1 == first[i].public_p1);
      CHECK(g->points[i].public_aired == first[i].public_aired);
    }
  }
  // The referee's line was computed twice and written nowhere.
  const auto views = file_views(path);
  CHECK(views == std::set<std::string>{broadcast::kPublicRecords, broadcast::kPublicStepWins});
  std::error_code ec;
  fs::remove_all(dir, ec);
}

TEST_CASE("console replay graph: a match not stored computes every public point") {
  const engine::Match m = facedown::testing::finished_number_janggi(5, 12);
  auto options = console::replay_graph_options();
  options.win.max_playouts = 20;
  options.win.min_playouts = 20;
  options.win.positions = 4;
  console::ReplayGraphWorker w(options);
  w.start(m.log());
  auto g = complete_graph(w);
  REQUIRE_FALSE(g->points.empty());
  for (const auto& p : g->points) {
    CHECK(p.done);
    CHECK_FALSE(p.public_aired);
  }
}
