// TvAnalysis: every point of view on the delayed TV cut. A thread of its own
// (lower priority) is handed the referee's events only once the delayed reader
// has released them (feed/tv_follower.h), so nothing of a row can be analysed,
// let alone sent, before its delay. For the stream released so far it makes
// what player 1 and player 2 could deduce (broadcast/stream_analysis.h: each
// from its own projection of the events) with each one's win probability, and
// the referee's win probability from the true position. The public view is not
// computed again: it is the released row's record in the analysis file beside
// the store (broadcast/analysis_records.h), the bytes that aired live D
// earlier, or null when that row aired none; while the row's record is missing
// or waits for its win probability, the file is looked at again (every
// 200 ms) and a changed record is sent again. When the worker is behind it
// analyses the newest released row, not every row in between. None of the
// views it computes is ever written anywhere.
//
// The TV follower never waits for it: push() appends under a mutex, and
// take_finished() hands over what finished since the last call.
#pragma once
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <memory>
#include <vector>

#include "broadcast/stream_analysis.h"
#include "broadcast/theme.h"
#include "db/error.h"
#include "engine/event.h"
#include "engine/registry.h"

namespace facedown::feed {

class TvAnalysis {
 public:
  // `theme`: the theme the feed serves (the labels in each view's record fit its pieces; null: the build's).
  // `db_path`: the store (its analysis file gives the public view; empty: none).
  TvAnalysis(broadcast::StreamAnalysisOptions options, std::string db_path,
             std::shared_ptr<const broadcast::Theme> theme = nullptr);
  ~TvAnalysis();  // stop()
  void stop();

  // A released referee event of `match` (its seq and the ply after it). A new
  // match starts afresh.
  void push(std::int64_t match, int seq, const engine::Event& event, int ply);
  // The records finished since the last call, oldest first: one JSON object
  // each, {"match", "seq", "ply", "views": {"public", "player1", "player2"}, "referee": {"win"}};
  // the same row again when its public record changed in the analysis file.
  std::vector<nlohmann::json> take_finished();

 private:
  struct Job {
    std::int64_t match = 0;
    int seq = 0;
    int ply = 0;
    engine::Event event;
  };
  void run();

  broadcast::StreamAnalysisOptions options_;
  std::string db_path_;
  std::shared_ptr<const broadcast::Theme> theme_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Job> jobs_;
  std::vector<nlohmann::json> finished_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace facedown::feed
