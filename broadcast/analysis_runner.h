// AnalysisRunner: the public analysis beside the live on-air update. A thread of
// its own, at a lower scheduling priority, with its own public reader
// (db/public_reader.h: the public rows only, so the referee's view cannot reach
// it) follows the match the live follower airs, feeds each new row to a
// StreamAnalysis (stream_analysis.h) and publishes each finished record: the
// deduction as soon as the rows read so far are analysed, then the win
// probability, which takes longer (playouts) and is carried by every later
// record until a newer one finishes (its own `win_seq`).
//
// The on-air path never waits for it: latest() copies a pointer under a mutex
// that the worker holds only to swap in a finished record. While the worker is
// behind, it analyses the newest rows it has read, not every row in between
// (bounded work per update, however fast the match goes).
#pragma once
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "broadcast/on_air_analysis.h"
#include "broadcast/stream_analysis.h"
#include "db/public_reader.h"
#include "engine/registry.h"

namespace facedown::broadcast {

struct RunnerOptions {
  std::string db_path;
  // The match to analyse, asked every poll (the live follower's); 0: none.
  // Empty: the newest match in the store, switching when a newer one appears.
  std::function<db::MatchId()> match;
  std::chrono::milliseconds poll{20};
  StreamAnalysisOptions analysis = live_analysis_options();
  std::size_t keep = 256;  // finished records kept per match (a held picture shows an earlier one)
  bool lower_priority = true;  // nice the worker thread (Linux) so it yields to the on-air thread
};

class AnalysisRunner {
 public:
  static db::Result<std::unique_ptr<AnalysisRunner>> start(RunnerOptions options);
  ~AnalysisRunner();  // stop()
  // Stops the thread (a win probability under way is finished first).
  void stop();

  // The last finished record of `match` for a row at or before `seq`; null when
  // there is none (yet). Never waits for an analysis.
  std::shared_ptr<const OnAirAnalysis> latest(db::MatchId match, int seq) const;
  // Records finished so far (tests wait on it).
  std::uint64_t finished() const { return finished_.load(); }
  // The match analysed now (0 before any).
  db::MatchId match() const { return current_.load(); }

 private:
  AnalysisRunner(RunnerOptions options, db::PublicReader reader);
  void run();
  // Reads new rows; returns whether any came.
  bool read_rows(db::MatchId id);
  void publish(OnAirAnalysis record);

  RunnerOptions options_;
  db::PublicReader reader_;
  std::atomic<bool> stopping_{false};
  std::atomic<std::uint64_t> finished_{0};
  std::atomic<db::MatchId> current_{0};
  std::thread thread_;

  // Worker-owned.
  std::vector<engine::GameInfo> games_ = engine::all_games();
  db::MatchId match_ = 0;
  std::optional<StreamAnalysis> stream_;
  std::optional<AnalysisWin> last_win_;
  std::optional<std::string> last_win_error_;
  int last_win_seq_ = 0, last_win_ply_ = 0;

  // Shared with latest().
  mutable std::mutex mu_;
  db::MatchId results_match_ = 0;
  std::deque<std::shared_ptr<const OnAirAnalysis>> results_;  // seq order
};

}  // namespace facedown::broadcast
