// The console replay's win-probability graph: player 1's chance after every
// move step of the match being replayed (engine/replay_steps.h's stops, the
// same as the feed's replay page), the public's line always and the referee's
// (from the true position) when the replay is seen as the referee, the biggest
// swings marked (analysis/turning_points.h, the same rule as the feed's replay
// graph) and the step shown now as a cursor.
//
// ReplayGraphWorker computes it on a thread of its own (lower priority): the UI
// thread only swaps a pointer under a mutex the worker holds for a swap, never
// while it plays out, so a frame never waits for the analysis; the screen shows
// "computing…" and the steps finished so far until the graph is complete. A new
// replay replaces the old one at once; the worker leaves the old one at its next
// step. draw_replay_graph only paints (ImGui draw lists) what it is given.
//
// The public line is the one that aired: for a replay of a stored match, each
// step's point is the public record of the step's row in the analysis file
// beside the store (broadcast/public_wins.h), the same number the win bar
// showed at that moment; a step with none is computed here (200 playouts) and
// kept in that file once the match has ended, so it is computed once per
// machine. The referee's line is computed here and never written anywhere.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <imgui.h>

#include "analysis/turning_points.h"
#include "broadcast/stream_analysis.h"
#include "engine/event.h"
#include "engine/game.h"
#include "ui/hit_map.h"
#include "ui/i18n.h"

namespace facedown::console {

struct ReplayGraphPoint {
  int position = 0;  // events shown at this step (the replay's cursor there)
  int ply = 0;
  std::optional<double> public_p1;   // player 1's chance, the public's view (null: not yet, or failed)
  std::optional<double> referee_p1;  // the referee's (the true position)
  bool done = false;                 // computed (a null share then means it could not be made)
  bool public_aired = false;         // the public share is the aired record's (else computed for replays)
};

struct ReplayGraphData {
  std::uint64_t generation = 0;  // which start() it belongs to
  int total = 0;                 // events in the replay
  std::vector<ReplayGraphPoint> points;  // one per move step, in order; all present from the start
  std::vector<analysis::TurningPoint> public_turns, referee_turns;  // indices into points
  bool complete = false;
  std::string error;  // why the story stopped (an event that does not fold)
};

// The graph's options: the feed's replay graph's (200 playouts at most per step).
broadcast::StreamAnalysisOptions replay_graph_options();

class ReplayGraphWorker {
 public:
  explicit ReplayGraphWorker(broadcast::StreamAnalysisOptions options = replay_graph_options());
  ~ReplayGraphWorker();  // stops and joins (the step in hand finishes first)
  ReplayGraphWorker(const ReplayGraphWorker&) = delete;
  ReplayGraphWorker& operator=(const ReplayGraphWorker&) = delete;

  // The story of these events (a whole replay's log) from now on. `store` and
  // `match`: where the log is stored (the public line is then read from the
  // analysis file beside it); empty: not stored, every step computed.
  void start(std::vector<engine::Event> events, std::string store = {}, std::int64_t match = 0);
  // What is finished so far; never waits for a step being worked out.
  std::shared_ptr<const ReplayGraphData> snapshot() const;

 private:
  void run();

  broadcast::StreamAnalysisOptions options_;
  std::vector<engine::GameInfo> games_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::optional<std::vector<engine::Event>> next_;
  std::string next_store_;
  std::int64_t next_match_ = 0;
  std::uint64_t generation_ = 0;
  std::shared_ptr<const ReplayGraphData> data_;
  bool stopping_ = false;
  std::thread thread_;
};

// Where the graph was painted, for tests: the plot's rectangle, each turning
// point's centre and the cursor's x.
struct ReplayGraphLayout {
  ImVec2 min{0, 0}, max{0, 0};
  std::vector<std::pair<int, ImVec2>> marks;  // (position, centre)
  std::vector<std::pair<ImVec2, ImVec2>> labels;  // each mark's swing label (min, max), in the marks' order
  std::vector<std::pair<std::string, float>> axis;  // the value axis: ("0%", y), ("50%", y), ("100%", y)
  float cursor_x = 0;
  bool computing = false;
  bool referee_line = false;
};

// Where the turning points' labels go (canvas px): each label (width w[i],
// height h) beside its mark at x[i] (ascending), on the right of it unless
// that leaves the plot [lo_x, hi_x], on the first of the rows from top_y down
// (h apart) where it meets no label placed before. Invariant: no two of the
// returned rectangles intersect (tests/console/replay_graph_test.cpp).
std::vector<std::pair<ImVec2, ImVec2>> place_turn_labels(const std::vector<float>& x, const std::vector<float>& w, float h,
                                                         float lo_x, float hi_x, float top_y);

// Paints the graph at the cursor, `height` tall and the width available: the
// public line (blue), the referee's (orange) when `show_referee`, the turning
// points of the line shown last (the referee's when shown; never a correction:
// analysis/turning_points.h), their swings' labels never over each other,
// the value axis (0, 50, 100 %) at the left and the cursor at event `cursor`. Null data: an empty plot saying "computing…". Records the
// hit "replay.graph" (and "replay.graph.turn.N") for tests.
ReplayGraphLayout draw_replay_graph(const ReplayGraphData* data, int cursor, bool show_referee, float height,
                                    const ui::Tr& tr, ui::HitMap& hits);

}  // namespace facedown::console
