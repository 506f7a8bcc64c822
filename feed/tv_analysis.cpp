#include "feed/tv_analysis.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <chrono>

#include "broadcast/analysis_records.h"
#include "broadcast/model.h"
#include "broadcast/on_air_analysis.h"
#include "codec/json.h"
#include "engine/match.h"
#include "engine/view.h"

namespace facedown::feed {

using nlohmann::json;

TvAnalysis::TvAnalysis(broadcast::StreamAnalysisOptions options, std::string db_path,
                       std::shared_ptr<const broadcast::Theme> theme)
    : options_(std::move(options)), db_path_(std::move(db_path)), theme_(std::move(theme)) {
  thread_ = std::thread([this] { run(); });
}

TvAnalysis::~TvAnalysis() { stop(); }

void TvAnalysis::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void TvAnalysis::push(std::int64_t match, int seq, const engine::Event& event, int ply) {
  {
    std::lock_guard lock(mu_);
    jobs_.push_back(Job{match, seq, ply, event});
  }
  cv_.notify_all();
}

std::vector<json> TvAnalysis::take_finished() {
  std::lock_guard lock(mu_);
  std::vector<json> out;
  out.swap(finished_);
  return out;
}

namespace {

// A released row's public record is final once it carries that row's own win
// probability (or why there is none): the analysis file will not change it.
bool final_record(const std::shared_ptr<const broadcast::OnAirAnalysis>& a, int seq) {
  return a && (a->win_seq == seq || a->win_error);
}

}  // namespace

void TvAnalysis::run() {
#ifdef __linux__
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
#endif
  const std::vector<engine::GameInfo> games = engine::all_games();
  // The views computed here; the public one is read from the analysis file.
  constexpr std::array<engine::Viewer, 2> kViews{engine::kPlayer1, engine::kPlayer2};
  std::optional<broadcast::AnalysisRecords> records;
  if (!db_path_.empty()) records.emplace(db_path_);
  std::int64_t match = 0;
  std::optional<engine::Match> truth;
  std::vector<broadcast::StreamAnalysis> views;
  bool broken = false;
  int seq = 0, ply = 0;
  // The last record sent while its row's public record may still change.
  std::optional<json> pending;
  std::shared_ptr<const broadcast::OnAirAnalysis> pending_public;
  // Square names and labels come from the game; the frame's board is not needed.
  auto model = [&] {
    broadcast::OnAirModel m;
    m.opened = true;
    m.game = std::shared_ptr<const engine::Game>(std::shared_ptr<const engine::Game>(), &truth->game());
    return m;
  };
  auto public_view = [&](const std::shared_ptr<const broadcast::OnAirAnalysis>& a) {
    return a ? broadcast::analysis_json(model(), *a, theme_.get()) : json(nullptr);
  };
  for (;;) {
    std::deque<Job> jobs;
    {
      std::unique_lock lock(mu_);
      auto ready = [&] { return stopping_ || !jobs_.empty(); };
      if (pending) cv_.wait_for(lock, std::chrono::milliseconds(200), ready);
      else cv_.wait(lock, ready);
      if (stopping_) return;
      jobs.swap(jobs_);
    }
    if (jobs.empty()) {
      // No new row: the pending row's public record again, sent when it changed.
      auto a = records ? records->at(match, seq) : nullptr;
      if ((a == nullptr) != (pending_public == nullptr) || (a && *a != *pending_public)) {
        (*pending)["views"]["public"] = public_view(a);
        pending_public = a;
        std::lock_guard lock(mu_);
        finished_.push_back(*pending);
      }
      if (final_record(a, seq)) pending.reset();
      continue;
    }
    pending.reset();
    for (auto& job : jobs) {
      if (job.match != match) {
        match = job.match;
        truth.reset();
        views.clear();
        for (auto v : kViews) views.emplace_back(v, options_, games);
        broken = false;
      }
      if (broken) continue;
      if (!truth) {
        const auto* o = std::get_if<engine::Opened>(&job.event.body);
        const engine::GameInfo* info = o ? engine::find_game(games, o->game) : nullptr;
        if (!info) {
          broken = true;
          continue;
        }
        auto m = engine::Match::from_log(*info, {job.event});
        if (!std::holds_alternative<engine::Match>(m)) {
          broken = true;
          continue;
        }
        truth.emplace(std::move(std::get<engine::Match>(m)));
      } else if (truth->record(job.event)) {
        broken = true;
        continue;
      }
      for (std::size_t i = 0; i < views.size(); ++i) views[i].push_event(job.seq, engine::project(job.event, kViews[i]), job.ply);
      seq = job.seq;
      ply = job.ply;
    }
    if (broken || !truth) continue;
    {
      std::lock_guard lock(mu_);
      if (stopping_) return;
      if (!jobs_.empty()) continue;  // newer rows released meanwhile: analyse those instead
    }
    const broadcast::OnAirModel m = model();
    json record{{"match", match}, {"seq", seq}, {"ply", ply}};
    json out_views = json::object();
    for (std::size_t i = 0; i < views.size(); ++i) {
      const broadcast::OnAirAnalysis a = views[i].analyse(true);
      out_views[codec::viewer_name(kViews[i])] = broadcast::analysis_json(m, a, theme_.get());
    }
    // Read after the others are made: the live record has had that long to finish.
    pending_public = records ? records->at(match, seq) : nullptr;
    out_views["public"] = public_view(pending_public);
    record["views"] = std::move(out_views);
    const auto w = broadcast::to_on_air(analysis::referee_win_probability(*truth, options_.win));
    json referee = json::object();
    if (w) {
      auto share = [](const broadcast::AnalysisShare& s) { return json{{"p", s.p}, {"low", s.low}, {"high", s.high}}; };
      referee["win"] = json{{"player1", share(w->win[0])}, {"player2", share(w->win[1])}, {"draw", share(w->draw)},
                            {"decided", w->decided}, {"playouts", w->playouts}, {"seq", seq}, {"ply", ply}};
    } else {
      referee["win"] = nullptr;
    }
    record["referee"] = std::move(referee);
    if (records && !final_record(pending_public, seq)) pending = record;
    std::lock_guard lock(mu_);
    finished_.push_back(std::move(record));
  }
}

}  // namespace facedown::feed
