// AnalysisRunner: the public analysis beside a live output, computed once on a
// machine. Every output that follows a match (the feed, every ImGui overlay)
// starts one; of all the runners following one match, exactly one is its
// worker (db::AnalysisWorkerLock, that match's lock beside the store) and the
// rest only read. The worker, a thread of its own at a lower scheduling
// priority with its own public reader (the public rows only, so the referee's
// view cannot reach it), feeds each new row to a StreamAnalysis
// (stream_analysis.h) and writes each finished record into the analysis file
// (db/analysis_file.h): the deduction as soon as the rows read so far are
// analysed, then the same row's record again with the win probability, which
// takes longer (playouts). A record made before its row's win probability
// carries the last finished one, naming the row it belongs to (`win_seq`).
// The win a record carries is the bar's shown value (broadcast/win_shown.h):
// a new estimate replaces it only when it leaves the shown interval (or the
// match is decided), so every output, live or replaying, shows the same.
// Every runner reads records back from that file, so every output shows the
// same bytes for the same row; a worker that dies (kill -9 included) loses its
// lock, and another runner of the match takes over within `takeover`.
//
// Invariants: the on-air path never waits for an analysis (at() reads one
// record of the analysis file); at(match, seq) is the record of exactly that
// row or null, never an earlier row's (a frame never paints the analysis of
// another board); while the worker is behind it analyses the newest rows it
// has read, not every row in between (bounded work per update), so some rows
// never get a record and their frames show none.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "broadcast/analysis_records.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/stream_analysis.h"
#include "db/analysis_file.h"
#include "db/public_reader.h"
#include "engine/registry.h"

namespace facedown::broadcast {

struct RunnerOptions {
  std::string db_path;
  // The match to analyse, asked every poll (the live follower's); 0: none.
  // Empty: the newest match in the store, switching when a newer one appears.
  std::function<db::MatchId()> match;
  std::chrono::milliseconds poll{20};
  // How often a runner that is not its match's worker tries to become it.
  std::chrono::milliseconds takeover{500};
  StreamAnalysisOptions analysis = live_analysis_options();
  bool lower_priority = true;  // nice the worker thread (Linux) so it yields to the on-air thread
  // Tests: the worker waits this long before writing each record (a slow analysis).
  std::chrono::milliseconds delay{0};
};

class AnalysisRunner {
 public:
  static db::Result<std::unique_ptr<AnalysisRunner>> start(RunnerOptions options);
  ~AnalysisRunner();  // stop()
  // Stops the thread (a win probability under way is finished first).
  void stop();

  // The public record of exactly row `seq` of `match`; null while there is
  // none (not analysed yet, skipped, or the analysis file cannot be read).
  // Never waits for an analysis; safe from any thread.
  std::shared_ptr<const OnAirAnalysis> at(db::MatchId match, int seq) const;
  // Changes whenever the analysis file may hold something new (a painter
  // redraws then).
  std::uint64_t version() const { return version_.load(); }
  // Records this runner's worker wrote (tests wait on it).
  std::uint64_t finished() const { return finished_.load(); }
  // The match followed now (0 before any), and whether this runner is its worker.
  db::MatchId match() const { return current_.load(); }
  bool working() const { return working_.load(); }

 private:
  AnalysisRunner(RunnerOptions options, db::PublicReader reader);
  void run();
  void follow(db::MatchId want);
  void work();
  // Reads new rows; returns whether any came.
  bool read_rows(db::MatchId id);
  void publish(OnAirAnalysis record);
  // A worker taking a match over: the fold goes on from the file's newest record.
  void resume_shown();
  void watch_file();

  RunnerOptions options_;
  db::PublicReader reader_;
  std::atomic<bool> stopping_{false};
  std::atomic<std::uint64_t> finished_{0}, version_{0};
  std::atomic<db::MatchId> current_{0};
  std::atomic<bool> working_{false};
  std::thread thread_;

  // Worker-owned.
  std::vector<engine::GameInfo> games_ = engine::all_games();
  db::MatchId match_ = 0;
  std::optional<db::AnalysisWorkerLock> lock_;
  std::optional<db::AnalysisFile> writer_;
  std::chrono::steady_clock::time_point next_try_{};
  std::optional<StreamAnalysis> stream_;
  std::optional<OnAirAnalysis> last_;  // the last record written
  // The win bar's shown value (win_shown.h: a fold over the estimates, in the
  // order they are made), which every record carries as its `win`.
  std::optional<AnalysisWin> last_win_;
  std::optional<std::string> last_win_error_;
  int last_win_seq_ = 0, last_win_ply_ = 0;
  std::optional<db::AnalysisFile> watcher_;  // the thread's own reader: data_version
  std::int64_t watched_version_ = -1;

  AnalysisRecords records_;  // at()'s
};

}  // namespace facedown::broadcast
