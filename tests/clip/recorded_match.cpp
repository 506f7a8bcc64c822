#include "tests/clip/recorded_match.h"

#include <chrono>
#include <fstream>
#include <thread>
#include <sstream>
#include <stdexcept>

#include "bench/overlay/random_play.h"
#include "broadcast/analysis_runner.h"
#include "codec/script_runner.h"
#include "db/store.h"
#include "engine/registry.h"

namespace facedown::clip::testing {

namespace {

struct Recorder {
  std::string path;
  bool analysed = false;
  std::unique_ptr<broadcast::AnalysisRunner> runner;
  std::int64_t wall0 = 0;
  std::int64_t wall = 0;
  std::optional<db::Store> store;
  db::MatchId id = 0;

  std::optional<std::string> open(const std::string& file) {
    path = file;
    db::StoreOptions o;
    o.wall_clock_ms = [this] { return wall; };
    auto opened = db::Store::open(file, o);
    if (auto* e = std::get_if<db::StoreError>(&opened)) return e->message;
    store.emplace(std::move(std::get<db::Store>(opened)));
    return std::nullopt;
  }
  std::optional<std::string> commit(const engine::Match& m, const std::vector<engine::Event>& events) {
    wall = wall0 + m.last_event_time();
    if (id == 0) {
      auto created = store->create_match(m);
      if (auto* e = std::get_if<db::StoreError>(&created)) return e->message;
      id = std::get<db::MatchId>(created);
      return std::nullopt;
    }
    if (auto e = store->append(id, m, events)) return e->message;
    if (analysed) wait_for_analysis(events.back().seq);
    return std::nullopt;
  }
  void wait_for_analysis(int seq) {
    if (!runner) {
      broadcast::RunnerOptions ro;
      ro.db_path = path;
      ro.match = [match = id] { return match; };
      ro.lower_priority = false;
      auto started = broadcast::AnalysisRunner::start(std::move(ro));
      if (auto* r = std::get_if<std::unique_ptr<broadcast::AnalysisRunner>>(&started)) runner = std::move(*r);
      else return;
    }
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < until) {
      auto a = runner->at(id, seq);
      if (a && ((a->win && a->win_seq == seq) || a->win_error || a->error)) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
};

}  // namespace

std::variant<std::int64_t, std::string> record_script(const std::string& db, const std::string& script,
                                                      std::int64_t wall0_ms, bool analysed) {
  Recorder r;
  r.analysed = analysed;
  r.wall0 = r.wall = wall0_ms;
  if (auto e = r.open(db)) return *e;
  codec::ScriptRunner runner([&](const engine::Match& m, const std::vector<engine::Event>& events) { return r.commit(m, events); });
  std::istringstream in(script);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    auto res = runner.feed(line);
    if (res.error) return "line " + std::to_string(n) + ": " + *res.error;
  }
  if (auto res = runner.finish(); res.error) return *res.error;
  if (r.id == 0) return std::string("the script opened no match");
  return r.id;
}

std::variant<std::int64_t, std::string> record_random(const std::string& db, const std::string& game,
                                                      const std::string& preset, std::uint64_t seed, int commands,
                                                      engine::Millis think_ms, std::int64_t wall0_ms) {
  const auto games = engine::all_games();
  const engine::GameInfo* info = engine::find_game(games, game);
  if (!info) return "unknown game " + game;
  Recorder r;
  r.wall0 = r.wall = wall0_ms;
  if (auto e = r.open(db)) return *e;
  try {
    auto commit = [&](const engine::Match& m, const std::vector<engine::Event>& events) {
      if (auto e = r.commit(m, events)) throw std::runtime_error(*e);
    };
    engine::Match match = overlay::bench::play_random(*info, preset, seed, commands, think_ms, false, commit);
    for (auto cmd : {engine::Command{engine::ResignCmd{2}}, engine::Command{engine::CloseCmd{}}}) {
      if (std::holds_alternative<engine::ResignCmd>(cmd) && match.state().result) continue;
      auto res = match.submit(cmd, match.last_event_time() + 2000);
      if (!res.events.empty()) commit(match, res.events);
    }
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  return r.id;
}

std::uint64_t longest_seed(const std::string& game, const std::string& preset, int commands, int tries) {
  const auto games = engine::all_games();
  const engine::GameInfo* info = engine::find_game(games, game);
  if (!info) return 1;
  std::uint64_t best = 1;
  int most = -1;
  for (int seed = 1; seed <= tries && most < commands; ++seed) {
    const engine::Match m = overlay::bench::play_random(*info, preset, static_cast<std::uint64_t>(seed), commands, 1000,
                                                        false, [](const engine::Match&, const std::vector<engine::Event>&) {});
    if (m.state().ply > most) {
      most = m.state().ply;
      best = static_cast<std::uint64_t>(seed);
    }
  }
  return best;
}

std::string demo_script() {
  std::ifstream f(std::string(FACEDOWN_SOURCE_DIR) + "/assets/matches/demo-genius.txt");
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace facedown::clip::testing
