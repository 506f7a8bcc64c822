#include "feed/replay_analysis.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>

#include "broadcast/replay_steps.h"
#include "db/public_reader.h"
#include "engine/registry.h"
#include "feed/on_air_json.h"

namespace facedown::feed {

using nlohmann::json;

struct ReplayAnalysis::Entry {
  std::vector<engine::GameInfo> games = engine::all_games();
  std::optional<broadcast::StreamAnalysis> stream;
  int fed = 0;    // rows fed to the stream
  int total = 0;  // rows the match had when last read
  json steps = json::array();
  bool complete = false;
  bool queued = false;
  std::optional<std::string> error;
};

ReplayAnalysisOptions replay_analysis_options(std::string db_path) {
  ReplayAnalysisOptions o;
  o.db_path = std::move(db_path);
  o.analysis = broadcast::live_analysis_options();
  o.analysis.win.max_playouts = 200;
  o.analysis.win.min_playouts = 200;
  o.analysis.win.positions = 12;
  return o;
}

ReplayAnalysis::ReplayAnalysis(ReplayAnalysisOptions options) : options_(std::move(options)) {
  thread_ = std::thread([this] { run(); });
}

ReplayAnalysis::~ReplayAnalysis() { stop(); }

void ReplayAnalysis::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

json ReplayAnalysis::turning_points(const json& steps, std::size_t n) {
  std::vector<std::pair<double, std::size_t>> swings;
  for (std::size_t i = 1; i < steps.size(); ++i) {
    const json& a = steps[i - 1].at("public");
    const json& b = steps[i].at("public");
    if (!a.is_object() || !b.is_object()) continue;
    const double d = b.at("player1").at("p").get<double>() - a.at("player1").at("p").get<double>();
    if (std::abs(d) >= 0.05) swings.emplace_back(std::abs(d), i);
  }
  std::stable_sort(swings.begin(), swings.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  if (swings.size() > n) swings.resize(n);
  std::sort(swings.begin(), swings.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
  json out = json::array();
  for (const auto& [d, i] : swings) {
    const json& a = steps[i - 1].at("public");
    const json& b = steps[i].at("public");
    out.push_back(json{{"position", steps[i].at("position")},
                       {"ply", steps[i].at("ply")},
                       {"swing", std::round((b.at("player1").at("p").get<double>() - a.at("player1").at("p").get<double>()) * 10000) / 10000}});
  }
  return out;
}

json ReplayAnalysis::get(db::MatchId id) {
  std::lock_guard lock(mu_);
  auto& e = entries_[id];
  if (!e) e = std::make_shared<Entry>();
  if (!e->queued) {  // look again: a live match may have grown
    e->queued = true;
    wanted_.push_back(id);
    cv_.notify_all();
  }
  json j{{"match", id}, {"total", e->total}, {"complete", e->complete}, {"steps", e->steps},
         {"turning_points", turning_points(e->steps, options_.turning_points)}};
  j["error"] = e->error ? json(*e->error) : json(nullptr);
  return j;
}

void ReplayAnalysis::run() {
#ifdef __linux__
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
#endif
  std::optional<db::PublicReader> reader;
  for (;;) {
    db::MatchId id = 0;
    std::shared_ptr<Entry> e;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return stopping_ || !wanted_.empty(); });
      if (stopping_) return;
      id = wanted_.front();
      wanted_.pop_front();
      e = entries_[id];
    }
    auto done = [&](std::optional<std::string> error) {
      std::lock_guard lock(mu_);
      e->queued = false;
      if (error) e->error = error;
    };
    if (!reader) {
      auto opened = db::PublicReader::open(options_.db_path);
      if (auto* err = std::get_if<db::StoreError>(&opened)) {
        done(err->message);
        continue;
      }
      reader.emplace(std::move(std::get<db::PublicReader>(opened)));
    }
    // Every row (the stream needs them all); a few hundred to a few thousand.
    std::vector<db::PublicEventRow> rows;
    bool failed = false;
    for (int after = 0;;) {
      auto got = reader->events_after(id, after, 512, true);
      if (auto* err = std::get_if<db::StoreError>(&got)) {
        done(err->message);
        failed = true;
        break;
      }
      auto& chunk = std::get<std::vector<db::PublicEventRow>>(got);
      if (chunk.empty()) break;
      after = chunk.back().seq;
      for (auto& r : chunk) rows.push_back(std::move(r));
    }
    if (failed) continue;
    std::vector<engine::StepMark> marks;
    for (const auto& r : rows) {
      db::PublicEventRow copy{r.match, r.seq, r.type, r.t, r.wall_ms, r.event, json()};
      marks.push_back(broadcast::step_mark(to_public_row(std::move(copy))));
    }
    const engine::ReplaySteps steps = engine::replay_steps(marks);
    {
      std::lock_guard lock(mu_);
      e->total = static_cast<int>(rows.size());
      if (rows.empty()) e->error = "no rows";
    }
    if (!e->stream) e->stream.emplace(engine::kPublic, options_.analysis, e->games);
    int last_done = 0;
    {
      std::lock_guard lock(mu_);
      if (!e->steps.empty()) last_done = e->steps.back().at("position").get<int>();
    }
    for (int position : steps.moves) {
      if (position <= last_done) continue;
      {
        std::lock_guard lock(mu_);
        if (stopping_) return;
      }
      while (e->fed < position && e->fed < static_cast<int>(rows.size())) {
        const auto& r = rows[static_cast<std::size_t>(e->fed)];
        e->stream->push(r.seq, r.event, r.state.is_object() ? r.state.value("ply", 0) : 0);
        ++e->fed;
      }
      if (e->stream->error()) {
        done(*e->stream->error());
        failed = true;
        break;
      }
      json share = nullptr;
      auto w = e->stream->win();
      if (auto* ok = std::get_if<broadcast::AnalysisWin>(&w)) {
        auto one = [](const broadcast::AnalysisShare& s) {
          return json{{"p", std::round(s.p * 10000) / 10000}, {"low", std::round(s.low * 10000) / 10000},
                      {"high", std::round(s.high * 10000) / 10000}};
        };
        share = json{{"player1", one(ok->win[0])}, {"player2", one(ok->win[1])}, {"draw", one(ok->draw)},
                     {"decided", ok->decided}, {"playouts", ok->playouts}};
      }
      const int ply = rows[static_cast<std::size_t>(position - 1)].state.is_object()
                          ? rows[static_cast<std::size_t>(position - 1)].state.value("ply", 0)
                          : 0;
      std::lock_guard lock(mu_);
      e->steps.push_back(json{{"position", position}, {"ply", ply}, {"public", share}});
    }
    if (failed) continue;
    std::lock_guard lock(mu_);
    e->complete = !rows.empty();
    e->queued = false;
  }
}

}  // namespace facedown::feed
