// ReplayAnalysis: the story of a match for the replay page (GET /replay/M/analysis):
// the public win probability after every move step (engine/replay_steps.h's
// stops by move) and the turning points, the steps where it swung most.
//
// Bounded: one worker thread (lower priority) with its own public reader works
// through the requested matches a step at a time, an incremental
// StreamAnalysis per match fed each public row once; the playouts per step are
// fewer than live (an interval of about ±7 points at 200). A request never
// waits for it: it gets what is finished so far ("complete": false while the
// worker is on it) and asks again. A match that grew (live) is continued from
// where it stood. Public rows only, so nothing in it depends on a face-down
// identity; the referee's view is the TV cut's (feed/tv_analysis.h).
#pragma once
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "broadcast/stream_analysis.h"
#include "db/store.h"

namespace facedown::feed {

struct ReplayAnalysisOptions {
  std::string db_path;
  broadcast::StreamAnalysisOptions analysis;  // the win probability's playouts per step
  std::size_t turning_points = 3;
};

// The default for the replay graph: 200 playouts at most per step.
ReplayAnalysisOptions replay_analysis_options(std::string db_path);

class ReplayAnalysis {
 public:
  explicit ReplayAnalysis(ReplayAnalysisOptions options);
  ~ReplayAnalysis();  // stop()
  void stop();

  // What is known of match `id` now, and the worker asked to go on with it:
  // {"match", "total" (rows), "complete", "steps": [{"position", "ply", "public": {player1, player2, draw} | null}],
  //  "turning_points": [{"position", "ply", "swing"}], "error"}.
  nlohmann::json get(db::MatchId id);

  // Turning points of a graph: the `n` steps where player 1's share moved most
  // from the step before (at least 5 points), in position order.
  static nlohmann::json turning_points(const nlohmann::json& steps, std::size_t n);

 private:
  struct Entry;
  void run();

  ReplayAnalysisOptions options_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<db::MatchId, std::shared_ptr<Entry>> entries_;
  std::deque<db::MatchId> wanted_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace facedown::feed
