// ClipPlan: which stretches of a match's replayed wall clock a video shows, in
// order, at what frame rate, and the chapters over it. The whole match as aired
// is one stretch from the first row to a tail after the last; one battle is a
// stretch around its animation; a highlight reel (clip/highlights.h) is several.
//
// Invariants: segments ascend and do not overlap (the replay only moves
// forward); every segment is at least one frame; a frame's replayed time is
// segment.from + k / fps; chapters ascend in video time, inside the video.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "broadcast/battle_timing.h"
#include "broadcast/public_row.h"

namespace facedown::clip {

struct Segment {
  double from = 0, to = 0;  // replayed wall time, seconds since the epoch
};

struct Chapter {
  double start = 0;  // video seconds
  std::string en, ko;
};

struct ClipPlan {
  std::vector<Segment> segments;
  std::vector<Chapter> chapters;
  int fps = 30;

  std::int64_t segment_frames(std::size_t s) const;
  std::int64_t frames() const;
  double duration() const { return static_cast<double>(frames()) / fps; }
  // Video seconds where segment s begins.
  double segment_start(std::size_t s) const;
};

// Visits every frame of the plan in order: (frame index, replayed wall time).
template <class F>
void for_each_frame(const ClipPlan& plan, F&& f) {
  std::int64_t n = 0;
  for (std::size_t s = 0; s < plan.segments.size(); ++s)
    for (std::int64_t k = 0, count = plan.segment_frames(s); k < count; ++k)
      f(n++, plan.segments[s].from + static_cast<double>(k) / plan.fps);
}

// Seconds the picture stays after the last row: a battle's animation with room
// to read its result, or the final reveal.
inline constexpr double kTailSeconds = 6.0;
inline constexpr double kRevealSeconds = 8.0;
inline constexpr double kLeadInSeconds = 3.0;

// The whole match as it aired: from the first row to the last, plus a tail
// (longer when the match was closed, so the final reveal is seen).
ClipPlan aired_plan(const std::vector<broadcast::PublicRow>& rows, const broadcast::BattleTiming& timing, bool closed,
                    int fps);

// One battle (the row with this seq): a short lead-in, its animation, a moment after.
// An error names why not (no such row, not a battle).
std::variant<ClipPlan, std::string> battle_plan(const std::vector<broadcast::PublicRow>& rows,
                                                const std::vector<int>& battle_seqs, int seq,
                                                const broadcast::BattleTiming& timing, int fps);

// "1:05" / "1:02:03" for chapter lists.
std::string timestamp(double seconds);

}  // namespace facedown::clip
