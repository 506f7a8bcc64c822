#include "console/replay_graph.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "broadcast/win_story.h"
#ifdef FACEDOWN_CONSOLE_HAS_STORE
#include "broadcast/public_wins.h"
#endif
#include "engine/registry.h"
#include "engine/replay_steps.h"
#include "ui/theme.h"

namespace facedown::console {

broadcast::StreamAnalysisOptions replay_graph_options() {
  broadcast::StreamAnalysisOptions o = broadcast::live_analysis_options();
  o.win.max_playouts = 200;
  o.win.min_playouts = 200;
  o.win.positions = 12;
  return o;
}

ReplayGraphWorker::ReplayGraphWorker(broadcast::StreamAnalysisOptions options)
    : options_(std::move(options)), games_(engine::all_games()) {
  thread_ = std::thread([this] { run(); });
}

ReplayGraphWorker::~ReplayGraphWorker() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void ReplayGraphWorker::start(std::vector<engine::Event> events, std::string store, std::int64_t match) {
  {
    std::lock_guard lock(mu_);
    next_ = std::move(events);
    next_store_ = std::move(store);
    next_match_ = match;
    ++generation_;
    data_.reset();  // the old replay's graph is not this one's
  }
  cv_.notify_all();
}

std::shared_ptr<const ReplayGraphData> ReplayGraphWorker::snapshot() const {
  std::lock_guard lock(mu_);
  return data_;
}

void ReplayGraphWorker::run() {
#ifdef __linux__
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
#endif
  for (;;) {
    std::vector<engine::Event> events;
    std::uint64_t generation = 0;
    std::string store;
    std::int64_t match = 0;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return stopping_ || next_.has_value(); });
      if (stopping_) return;
      events = std::move(*next_);
      next_.reset();
      store = std::move(next_store_);
      match = next_match_;
      generation = generation_;
    }
    auto data = std::make_shared<ReplayGraphData>();
    data->generation = generation;
    data->total = static_cast<int>(events.size());
    for (int position : engine::replay_steps(events).moves) {
      ReplayGraphPoint point;
      point.position = position;
      data->points.push_back(point);
    }
    // Publishes a copy unless a newer replay has started (or the desk is closing).
    auto publish = [&]() {
      std::lock_guard lock(mu_);
      if (stopping_ || generation_ != generation) return false;
      data_ = std::make_shared<const ReplayGraphData>(*data);
      return true;
    };
    if (!publish()) continue;
    // Corrections (voids, reinstated timeouts) and what they took back are not the game's turning points.
    std::vector<int> positions;
    for (const auto& q : data->points) positions.push_back(q.position);
    const std::vector<bool> game = analysis::game_steps(positions, analysis::corrections(events));
    broadcast::WinStory pub(engine::kPublic, options_, games_);
    broadcast::WinStory ref(engine::kReferee, options_, games_);
#ifdef FACEDOWN_CONSOLE_HAS_STORE
    // The public line as it aired (the analysis file beside the store).
    std::optional<broadcast::PublicWins> aired;
    if (!store.empty() && match > 0) aired.emplace(store, match);
    const bool ended = std::any_of(events.begin(), events.end(),
                                   [](const engine::Event& e) { return std::holds_alternative<engine::Ended>(e.body); });
#else
    (void)store;
    (void)match;
#endif
    auto p1 = [](const std::variant<broadcast::AnalysisWin, std::string>& w) -> std::optional<double> {
      if (auto* ok = std::get_if<broadcast::AnalysisWin>(&w)) return ok->win[0].p;
      return std::nullopt;
    };
    int fed = 0, pub_fed = 0;  // events given to the referee's story and (only when a step is computed) the public's
    bool left = false;
    for (auto& point : data->points) {
      while (fed < point.position && fed < static_cast<int>(events.size())) {
        ref.push(fed + 1, events[static_cast<std::size_t>(fed)]);
        ++fed;
      }
      if (auto err = ref.error()) {
        data->error = *err;
        break;
      }
      point.ply = ref.ply();
      point.referee_p1 = p1(ref.win());
      {
        std::lock_guard lock(mu_);
        if (stopping_ || generation_ != generation) {
          left = true;
          break;
        }
      }
      // A stored row's seq is its place in the log (1-based): the step's row is `position`.
      std::optional<std::optional<double>> shown;
#ifdef FACEDOWN_CONSOLE_HAS_STORE
      if (aired)
        if (auto w = aired->find(point.position)) {
          shown = w->win ? std::optional<double>(w->win->win[0].p) : std::nullopt;
          point.public_aired = w->aired;
        }
#endif
      if (!shown) {
        while (pub_fed < fed) {
          pub.push(pub_fed + 1, events[static_cast<std::size_t>(pub_fed)]);
          ++pub_fed;
        }
        auto w = pub.win();
        shown = p1(w);
#ifdef FACEDOWN_CONSOLE_HAS_STORE
        if (aired) {
          broadcast::PublicWin computed;
          if (auto* ok = std::get_if<broadcast::AnalysisWin>(&w)) computed.win = *ok;
          else computed.error = std::get<std::string>(w);
          const auto kept = aired->keep(point.position, point.ply, computed, ended);
          shown = kept.win ? std::optional<double>(kept.win->win[0].p) : std::nullopt;
          point.public_aired = kept.aired;
        }
#endif
      }
      point.public_p1 = *shown;
      point.done = true;
      std::vector<std::optional<double>> pub_line, ref_line;
      for (const auto& q : data->points) {
        pub_line.push_back(q.public_p1);
        ref_line.push_back(q.referee_p1);
      }
      data->public_turns = analysis::turning_points(pub_line, game);
      data->referee_turns = analysis::turning_points(ref_line, game);
      if (!publish()) {
        left = true;
        break;
      }
    }
    if (left) continue;
    data->complete = true;
    publish();
  }
}

std::vector<std::pair<ImVec2, ImVec2>> place_turn_labels(const std::vector<float>& x, const std::vector<float>& w, float h,
                                                         float lo_x, float hi_x, float top_y) {
  std::vector<std::pair<ImVec2, ImVec2>> out;
  const auto meets = [](const std::pair<ImVec2, ImVec2>& a, const std::pair<ImVec2, ImVec2>& b) {
    return a.first.x < b.second.x && b.first.x < a.second.x && a.first.y < b.second.y && b.first.y < a.second.y;
  };
  for (std::size_t i = 0; i < x.size(); ++i) {
    const float width = i < w.size() ? w[i] : 0;
    // Right of the mark, or left of it where the right would leave the plot.
    const float left = x[i] + 6.0f + width <= hi_x ? x[i] + 6.0f : std::max(lo_x, x[i] - 6.0f - width);
    // The first free row: one more row than labels placed always has room.
    for (std::size_t row = 0;; ++row) {
      const float y = top_y + static_cast<float>(row) * h;
      const std::pair<ImVec2, ImVec2> r{ImVec2(left, y), ImVec2(left + width, y + h)};
      if (std::none_of(out.begin(), out.end(), [&](const auto& o) { return meets(o, r); })) {
        out.push_back(r);
        break;
      }
    }
  }
  return out;
}

ReplayGraphLayout draw_replay_graph(const ReplayGraphData* data, int cursor, bool show_referee, float height,
                                    const ui::Tr& tr, ui::HitMap& hits) {
  ReplayGraphLayout out;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(60.0f, ImGui::GetContentRegionAvail().x);
  ImGui::Dummy(ImVec2(width, height));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float label_h = ImGui::GetTextLineHeight() + 4.0f;
  const ImVec2 lo(origin.x, origin.y + 4.0f);
  const ImVec2 hi(origin.x + width, origin.y + height - label_h);
  out.min = lo;
  out.max = hi;
  hits.record("replay.graph", lo, hi);
  dl->AddRectFilled(lo, hi, IM_COL32(22, 28, 46, 255));
  const auto y_of = [&](double p) { return hi.y - static_cast<float>(p) * (hi.y - lo.y); };
  const int total = data ? std::max(1, data->total) : 1;
  const auto x_of = [&](int position) { return lo.x + (hi.x - lo.x) * static_cast<float>(position) / static_cast<float>(total); };
  // 50 %: dashes.
  for (float x = lo.x; x < hi.x; x += 12.0f)
    dl->AddLine(ImVec2(x, y_of(0.5)), ImVec2(std::min(x + 6.0f, hi.x), y_of(0.5)), IM_COL32(70, 80, 110, 255));
  // The value axis: player 1's chance, 0, 50 and 100 %, inside the plot's left edge.
  const float text_h = ImGui::GetTextLineHeight();
  for (const auto& [text, p] : {std::pair{"100%", 1.0}, std::pair{"50%", 0.5}, std::pair{"0%", 0.0}}) {
    const float y = std::clamp(y_of(p) - text_h / 2, lo.y, hi.y - text_h);
    dl->AddText(ImVec2(lo.x + 3.0f, y), IM_COL32(130, 140, 165, 255), text);
    out.axis.emplace_back(text, y_of(p));
  }
  const ImVec2 text_at(origin.x + 4.0f, hi.y + 2.0f);
  if (!data) {
    out.computing = true;
    dl->AddText(text_at, IM_COL32(160, 170, 190, 255), tr("replay.graph_computing"));
    return out;
  }
  // A step without a number (it could not be made) breaks the line, as it
  // breaks the turning points' chain: no swing is drawn across it.
  auto line = [&](bool referee, ImU32 colour) {
    std::vector<ImVec2> pts;
    auto flush = [&] {
      if (pts.size() >= 2) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), colour, ImDrawFlags_None, 2.5f);
      else if (pts.size() == 1) dl->AddCircleFilled(pts[0], 3.0f, colour);
      pts.clear();
    };
    for (const auto& q : data->points) {
      const auto& p = referee ? q.referee_p1 : q.public_p1;
      if (p) pts.emplace_back(x_of(q.position), y_of(*p));
      else if (q.done) flush();
    }
    flush();
  };
  line(false, IM_COL32(120, 170, 255, 255));
  out.referee_line = show_referee;
  if (show_referee) line(true, IM_COL32(255, 150, 70, 255));
  // The turning points of the line shown last: the referee's when it is shown.
  const auto& turns = show_referee ? data->referee_turns : data->public_turns;
  std::vector<std::string> swings;
  std::vector<float> xs, widths;
  for (std::size_t i = 0; i < turns.size(); ++i) {
    const auto& q = data->points[turns[i].index];
    const auto& p = show_referee ? q.referee_p1 : q.public_p1;
    const ImVec2 c(x_of(q.position), y_of(p.value_or(0.5)));
    dl->AddLine(ImVec2(c.x, lo.y), ImVec2(c.x, hi.y), IM_COL32(255, 204, 64, 160), 1.5f);
    dl->AddCircleFilled(c, 5.5f, IM_COL32(255, 204, 64, 255));
    swings.push_back(fmt::format("{:+d}", static_cast<int>(std::lround(turns[i].swing * 100))));
    xs.push_back(c.x);
    widths.push_back(ImGui::CalcTextSize(swings.back().c_str()).x);
    out.marks.emplace_back(q.position, c);
    hits.record(fmt::format("replay.graph.turn.{}", i), ImVec2(c.x - 6, c.y - 6), ImVec2(c.x + 6, c.y + 6));
  }
  // The swings' labels: never over each other (marks close together stack).
  out.labels = place_turn_labels(xs, widths, text_h, lo.x, hi.x, lo.y + 1.0f);
  for (std::size_t i = 0; i < out.labels.size(); ++i)
    dl->AddText(out.labels[i].first, IM_COL32(255, 204, 64, 255), swings[i].c_str());
  out.cursor_x = x_of(std::clamp(cursor, 0, total));
  dl->AddLine(ImVec2(out.cursor_x, lo.y), ImVec2(out.cursor_x, hi.y), IM_COL32(255, 255, 255, 255), 2.0f);
  hits.record("replay.graph.cursor", ImVec2(out.cursor_x - 2, lo.y), ImVec2(out.cursor_x + 2, hi.y));
  int done = 0;
  for (const auto& q : data->points) done += q.done ? 1 : 0;
  out.computing = !data->complete;
  std::string label = show_referee ? tr("replay.graph_both") : tr("replay.graph_public");
  if (!data->error.empty()) label += "  " + data->error;
  else if (!data->complete)
    label += fmt::format("  {} {}/{}", tr("replay.graph_computing"), done, data->points.size());
  dl->AddText(text_at, IM_COL32(160, 170, 190, 255), label.c_str());
  return out;
}

}  // namespace facedown::console
