// The public line as it aired (broadcast/public_wins.h): the replay page's
// public view (feed/replay_analysis.h) and the TV cut's (feed/tv_analysis.h)
// show the analysis file's record of a row, the bytes that aired, and compute
// only what the file does not have; a computed step is kept in the file (once
// per machine) under the step-win view; no other point of view ever lands in
// the file.
#include <sqlite3.h>

#include <nlohmann/json.hpp>

#include "broadcast/model.h"
#include "broadcast/public_wins.h"
#include "feed/replay_analysis.h"
#include "feed/tv_analysis.h"
#include "feed_support.h"
#include "tests/support/aired_store.h"

using namespace facedown;
using namespace facedown::feed;
using namespace facedown::feed::testing;
using nlohmann::json;

namespace {

// Waits (up to 120 s) for the replay page's view to be complete.
json complete_view(ReplayAnalysis& ra, db::MatchId id, engine::Viewer viewer, int stored) {
  json j;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  do {
    j = ra.get(id, viewer, stored);
    if (j.at("complete").get<bool>()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  } while (std::chrono::steady_clock::now() < until);
  REQUIRE(j.at("complete") == true);
  return j;
}

// Every (view, body) the analysis file holds.
std::vector<std::pair<std::string, std::string>> file_rows(const std::string& store) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(db::analysis_path(store).c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT view, body FROM record", -1, &st, nullptr) == SQLITE_OK);
  std::vector<std::pair<std::string, std::string>> out;
  while (sqlite3_step(st) == SQLITE_ROW)
    out.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)),
                     reinterpret_cast<const char*>(sqlite3_column_text(st, 1)));
  sqlite3_finalize(st);
  sqlite3_close(db);
  return out;
}

ReplayAnalysisOptions light_replay(const std::string& path) {
  auto ro = replay_analysis_options(path);
  ro.analysis.win.max_playouts = 40;
  ro.analysis.win.min_playouts = 40;
  return ro;
}

}  // namespace

TEST_CASE("aired public line: the replay page shows the analysis file's numbers and computes the rest once",
          "[feed][analysis][replay]") {
  TempDir dir;
  const std::string path = dir.file("aired.db");
  const engine::Match m = facedown::testing::finished_number_janggi(4, 22);
  const auto stored = facedown::testing::store_with_aired_steps(path, m, 5, 40);
  REQUIRE(stored.aired.size() >= 5);
  REQUIRE(stored.moves.size() > stored.aired.size() + 2);
  const int total = static_cast<int>(m.log().size());

  ReplayAnalysis ra(light_replay(path));
  const json j = complete_view(ra, stored.id, engine::kPublic, total);
  REQUIRE(j.at("steps").size() == stored.moves.size());
  int aired = 0, computed = 0;
  for (const auto& s : j.at("steps")) {
    const int position = s.at("position").get<int>();
    INFO("step at row " << position << ": " << s.dump());
    if (stored.aired.count(position)) {
      ++aired;
      auto rec = facedown::testing::aired_record(path, stored.id, position);
      REQUIRE(rec);
      REQUIRE(rec->win);
      CHECK(s.at("aired") == true);
      // The bytes of the record's win, as the frame writes them (4 places).
      CHECK(s.at("public").dump() == replay_win_json(*rec->win).dump());
      CHECK(s.at("public").at("player1").at("p").get<double>() == std::round(rec->win->win[0].p * 10000) / 10000);
    } else {
      ++computed;
      CHECK(s.at("aired") == false);
      // Computed, and kept in the file (the match has ended, its lock was free).
      broadcast::PublicWins wins(path, stored.id);
      auto kept = wins.find(position);
      REQUIRE(kept);
      CHECK_FALSE(kept->aired);
      if (kept->win) CHECK(s.at("public").dump() == replay_win_json(*kept->win).dump());
      else CHECK(s.at("public").is_null());
    }
  }
  CHECK(aired == static_cast<int>(stored.aired.size()));
  CHECK(computed > 0);

  // A second process's graph (another ReplayAnalysis) computes nothing: every
  // step is the file's, the same bytes.
  ReplayAnalysis again(light_replay(path));
  const json k = complete_view(again, stored.id, engine::kPublic, total);
  CHECK(k.at("steps").dump() == j.at("steps").dump());
}

TEST_CASE("aired public line: the TV cut's public view is the file's record of the released row", "[feed][analysis]") {
  TempDir dir;
  const std::string path = dir.file("tv.db");
  const engine::Match m = facedown::testing::finished_number_janggi(7, 22);
  const auto stored = facedown::testing::store_with_aired_steps(path, m, 4, 40);
  REQUIRE(stored.aired.size() >= 4);
  const int aired_row = *stored.aired.rbegin();
  const auto rec = facedown::testing::aired_record(path, stored.id, aired_row);
  REQUIRE(rec);

  auto options = broadcast::live_analysis_options();
  options.win.max_playouts = 30;
  options.win.min_playouts = 30;
  // The released rows up to one whose record aired: its public view is that record.
  auto released_until = [&](TvAnalysis& tv, int last) {
    engine::Match truth = std::get<engine::Match>(engine::Match::from_log(m.info(), {m.log().front()}));
    tv.push(stored.id, 1, m.log().front(), truth.state().ply);
    for (int i = 1; i < last; ++i) {
      REQUIRE_FALSE(truth.record(m.log()[static_cast<std::size_t>(i)]));
      tv.push(stored.id, i + 1, m.log()[static_cast<std::size_t>(i)], truth.state().ply);
    }
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
      for (auto& a : tv.take_finished())
        if (a.at("seq") == last) return a;
      REQUIRE(std::chrono::steady_clock::now() < until);
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  };
  {
    TvAnalysis tv(options, path);
    const json a = released_until(tv, aired_row);
    broadcast::OnAirModel model;
    model.opened = true;
    model.game = std::shared_ptr<const engine::Game>(std::shared_ptr<const engine::Game>(), &m.game());
    CHECK(a.at("views").at("public").dump() == broadcast::analysis_json(model, *rec).dump());
    CHECK(a.at("views").at("public").at("win").at("player1").at("p").get<double>() ==
          std::round(rec->win->win[0].p * 10000) / 10000);
    for (const char* view : {"player1", "player2"}) CHECK(a.at("views").at(view).at("view") == view);
    CHECK(a.at("referee").at("win").is_object());
  }
  {
    // A row that aired no analysis: the TV cut shows none for the public (it
    // does not compute one of its own).
    const int quiet = static_cast<int>(m.log().size());
    REQUIRE_FALSE(facedown::testing::aired_record(path, stored.id, quiet));
    TvAnalysis tv(options, path);
    const json a = released_until(tv, quiet);
    CHECK(a.at("views").at("public").is_null());
    CHECK(a.at("views").at("player1").is_object());
  }
}

TEST_CASE("aired public line: no view but the public one ever lands in the analysis file", "[feed][analysis][leak]") {
  TempDir dir;
  const std::string path = dir.file("views.db");
  const engine::Match m = facedown::testing::finished_number_janggi(11, 16);
  const auto stored = facedown::testing::store_with_aired_steps(path, m, 2, 30);
  const int total = static_cast<int>(m.log().size());
  {
    ReplayAnalysis ra(light_replay(path));
    for (auto viewer : {engine::kPublic, engine::kPlayer1, engine::kPlayer2, engine::kReferee})
      complete_view(ra, stored.id, viewer, total);
    auto options = broadcast::live_analysis_options();
    options.win.max_playouts = 20;
    options.win.min_playouts = 20;
    TvAnalysis tv(options, path);
    engine::Match truth = std::get<engine::Match>(engine::Match::from_log(m.info(), {m.log().front()}));
    tv.push(stored.id, 1, m.log().front(), 0);
    for (int i = 1; i < total; ++i) {
      REQUIRE_FALSE(truth.record(m.log()[static_cast<std::size_t>(i)]));
      tv.push(stored.id, i + 1, m.log()[static_cast<std::size_t>(i)], truth.state().ply);
    }
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    bool last = false;
    while (!last && std::chrono::steady_clock::now() < until) {
      for (auto& a : tv.take_finished()) last = last || a.at("seq") == total;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(last);
  }
  const auto rows = file_rows(path);
  REQUIRE_FALSE(rows.empty());
  int step_wins = 0;
  for (const auto& [view, body] : rows) {
    INFO(view << ": " << body.substr(0, 200));
    CHECK((view == broadcast::kPublicRecords || view == broadcast::kPublicStepWins));
    step_wins += view == broadcast::kPublicStepWins;
    auto rec = broadcast::record_from_text(body);
    REQUIRE(rec);
    CHECK(rec->view == "public");
  }
  CHECK(step_wins > 0);  // the replay page's computed public steps were kept
}

TEST_CASE("aired public line: a step computed before its row's record aired takes the record once it has",
          "[feed][analysis][replay]") {
  TempDir dir;
  const std::string path = dir.file("late.db");
  const engine::Match m = facedown::testing::finished_number_janggi(9, 14);
  const auto stored = facedown::testing::store_with_aired_steps(path, m, 0, 20);
  const int total = static_cast<int>(m.log().size());
  ReplayAnalysis ra(light_replay(path));
  const json before = complete_view(ra, stored.id, engine::kPublic, total);
  REQUIRE(before.at("steps").size() >= 2);
  // Nothing aired but (perhaps) the opening's row, analysed as the runner started.
  std::optional<std::size_t> late;
  for (std::size_t i = 0; i < before.at("steps").size(); ++i) {
    const auto& s = before.at("steps")[i];
    const auto rec = facedown::testing::aired_record(path, stored.id, s.at("position").get<int>());
    CHECK(s.at("aired") == (rec && rec->win_seq == rec->seq && rec->win));
    if (s.at("aired") == false && !late) late = i;
  }
  REQUIRE(late);
  // The live worker catches up late: the record of that step's row.
  const int row = before.at("steps")[*late].at("position").get<int>();
  broadcast::OnAirAnalysis a;
  a.seq = a.win_seq = row;
  a.win = broadcast::AnalysisWin{{broadcast::AnalysisShare{0.123456789, 0.1, 0.15}, broadcast::AnalysisShare{0.8, 0.75, 0.85}},
                                 broadcast::AnalysisShare{0.076543211, 0.05, 0.1}, false, 1100};
  {
    auto lock = db::AnalysisWorkerLock::try_take(path, stored.id);
    REQUIRE(lock);
    auto file = must(db::AnalysisFile::open_writer(path));
    REQUIRE_FALSE(file.put(stored.id, broadcast::kPublicRecords, row, broadcast::record_json(a).dump()));
  }
  json after;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  do {
    after = ra.get(stored.id, engine::kPublic, total);
    if (after.at("steps")[*late].at("aired") == true) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  } while (std::chrono::steady_clock::now() < until);
  CHECK(after.at("steps")[*late].at("aired") == true);
  CHECK(after.at("steps")[*late].at("public").dump() == replay_win_json(*a.win).dump());
  for (std::size_t i = 0; i < before.at("steps").size(); ++i)
    if (i != *late) CHECK(after.at("steps")[i].dump() == before.at("steps")[i].dump());
}
