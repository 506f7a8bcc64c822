#include "clip/clip_plan.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace facedown::clip {

std::int64_t ClipPlan::segment_frames(std::size_t s) const {
  const Segment& g = segments[s];
  return std::max<std::int64_t>(1, std::llround((g.to - g.from) * fps));
}

std::int64_t ClipPlan::frames() const {
  std::int64_t n = 0;
  for (std::size_t s = 0; s < segments.size(); ++s) n += segment_frames(s);
  return n;
}

double ClipPlan::segment_start(std::size_t s) const {
  std::int64_t n = 0;
  for (std::size_t i = 0; i < s && i < segments.size(); ++i) n += segment_frames(i);
  return static_cast<double>(n) / fps;
}

ClipPlan aired_plan(const std::vector<broadcast::PublicRow>& rows, const broadcast::BattleTiming& timing, bool closed,
                    int fps) {
  ClipPlan plan;
  plan.fps = fps;
  if (rows.empty()) return plan;
  const double tail = std::max(kTailSeconds, timing.total() + 2.0) + (closed ? kRevealSeconds : 0.0);
  plan.segments.push_back({rows.front().wall_time, rows.back().wall_time + tail});
  return plan;
}

std::variant<ClipPlan, std::string> battle_plan(const std::vector<broadcast::PublicRow>& rows,
                                                const std::vector<int>& battle_seqs, int seq,
                                                const broadcast::BattleTiming& timing, int fps) {
  auto row = std::find_if(rows.begin(), rows.end(), [&](const broadcast::PublicRow& r) { return r.seq == seq; });
  if (row == rows.end()) return fmt::format("the match has no event {} (it has {})", seq, rows.size());
  if (std::find(battle_seqs.begin(), battle_seqs.end(), seq) == battle_seqs.end()) {
    std::string list;
    for (int b : battle_seqs) list += (list.empty() ? "" : ", ") + std::to_string(b);
    return fmt::format("event {} is not a battle ({}); the match's battles are at events: {}", seq, row->type,
                       list.empty() ? "none" : list);
  }
  ClipPlan plan;
  plan.fps = fps;
  const double start = std::max(rows.front().wall_time, row->wall_time - 0.5);
  plan.segments.push_back({start, row->wall_time + timing.total() + 1.5});
  return plan;
}

std::string timestamp(double seconds) {
  const auto s = static_cast<long>(std::floor(std::max(0.0, seconds)));
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

}  // namespace facedown::clip
