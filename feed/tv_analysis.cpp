#include "feed/tv_analysis.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>

#include "broadcast/model.h"
#include "broadcast/on_air_analysis.h"
#include "codec/json.h"
#include "engine/match.h"
#include "engine/view.h"

namespace facedown::feed {

using nlohmann::json;

TvAnalysis::TvAnalysis(broadcast::StreamAnalysisOptions options, std::shared_ptr<const broadcast::Theme> theme)
    : options_(std::move(options)), theme_(std::move(theme)) {
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

void TvAnalysis::run() {
#ifdef __linux__
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
#endif
  const std::vector<engine::GameInfo> games = engine::all_games();
  constexpr std::array<engine::Viewer, 3> kViews{engine::kPublic, engine::kPlayer1, engine::kPlayer2};
  std::int64_t match = 0;
  std::optional<engine::Match> truth;
  std::vector<broadcast::StreamAnalysis> views;
  bool broken = false;
  int seq = 0, ply = 0;
  for (;;) {
    std::deque<Job> jobs;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      jobs.swap(jobs_);
    }
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
    // Square names and labels come from the game; the frame's board is not needed.
    broadcast::OnAirModel m;
    m.opened = true;
    m.game = std::shared_ptr<const engine::Game>(std::shared_ptr<const engine::Game>(), &truth->game());
    json record{{"match", match}, {"seq", seq}, {"ply", ply}};
    json out_views = json::object();
    for (std::size_t i = 0; i < views.size(); ++i) {
      const broadcast::OnAirAnalysis a = views[i].analyse(true);
      out_views[codec::viewer_name(kViews[i])] = broadcast::analysis_json(m, a, theme_.get());
    }
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
    std::lock_guard lock(mu_);
    finished_.push_back(std::move(record));
  }
}

}  // namespace facedown::feed
