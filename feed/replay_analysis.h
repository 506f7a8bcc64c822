// ReplayAnalysis: the story of a match for the replay page (GET /replay/M/analysis):
// a point of view's win probability after every move step (engine/replay_steps.h's
// stops by move) and the turning points, the steps where it swung most
// (analysis/turning_points.h, decided here, never by the page).
//
// Views. The public's is the one that aired: each step's number is the public
// record of the step's row in the analysis file beside the store
// (broadcast/public_wins.h), the bytes the win bar showed then ("aired": true);
// a step with none is computed from the public rows (public reader, so nothing
// in it depends on a face-down identity) and kept in that file once the match
// has ended ("aired": false), computed once per machine. Player 1's, player
// 2's and the referee's (never written to that file) are made from the referee's events read through the delayed reader
// (db/delayed_reader.h): an event younger than the TV delay cannot be read, so
// it cannot be analysed, whatever the caller asks. Who may ask for them at all
// (a finished match once its end is older than the delay; before that the TV
// token holder only) is the route's rule: feed_server.cpp, docs/analysis.md.
//
// Bounded: one worker thread (lower priority) with its own readers works
// through the requested (match, view) pairs a step at a time, an incremental
// stream per pair fed each row once; the playouts per step are fewer than live
// (an interval of about ±7 points at 200). A request never waits for it: it gets
// what is finished so far ("complete": false while the worker is on it) and asks
// again. A match that grew (live, or released further) is continued from where
// it stood. At most four entries per stored match (one per view).
#pragma once
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "broadcast/stream_analysis.h"
#include "db/delayed_reader.h"
#include "db/public_reader.h"
#include "db/store.h"
#include "engine/view.h"

namespace facedown::feed {

struct ReplayAnalysisOptions {
  std::string db_path;
  broadcast::StreamAnalysisOptions analysis;  // the win probability's playouts per step
  std::size_t turning_points = 3;
  // The TV delay: the non-public views read only the events it has released.
  std::int64_t delay_ms = 0;
  std::function<std::int64_t()> wall_clock_ms;  // empty: system clock
};

// The default for the replay graph: 200 playouts at most per step.
ReplayAnalysisOptions replay_analysis_options(std::string db_path);

class ReplayAnalysis {
 public:
  explicit ReplayAnalysis(ReplayAnalysisOptions options);
  ~ReplayAnalysis();  // stop()
  void stop();

  // What is known of match `id` from `viewer`'s side now, and the worker asked
  // to go on with it (`stored`: the match's events as the route read them):
  // {"match", "view", "total" (rows read: for a non-public view, the released
  //  ones), "complete", "steps": [{"position", "ply", <view>: {player1, player2,
  //  draw, decided, playouts} | null, "aired" (public only), "game": false (a correction's step only)}], "turning_points": [{"position", "ply",
  //  "swing"}], "error"}.
  nlohmann::json get(db::MatchId id, engine::Viewer viewer = engine::kPublic, int stored = 0);

  // Turning points of a graph (analysis::turning_points of player 1's share
  // under `key` at each step; a step marked "game": false, a correction's or
  // one taken back, is never one), as JSON, in position order.
  static nlohmann::json turning_points(const nlohmann::json& steps, std::size_t n, const std::string& key = "public");

 private:
  struct Entry;
  using Key = std::pair<db::MatchId, engine::Viewer>;
  void run();
  // One pass over the public view: its public rows, the steps not done yet.
  void run_public(const Key& key, const std::shared_ptr<Entry>& e, std::optional<db::PublicReader>& reader);
  // Steps of the public view computed earlier whose row has aired since: the aired number.
  void take_aired_since(Entry& e);
  // One pass over a non-public view: the released events, the steps not done yet.
  void run_released(const Key& key, const std::shared_ptr<Entry>& e, std::optional<db::DelayedReader>& reader);

  // What a pass hands to record_steps: the rows it read, and its analysis fed
  // one row at a time. The two views differ only in these.
  struct StepSource {
    int rows = 0;
    std::function<void(int index)> feed;                 // push row `index` (0-based) to the analysis
    std::function<std::optional<std::string>()> error;   // the analysis's error, once it has one
    std::function<std::variant<broadcast::AnalysisWin, std::string>()> win;
    std::function<int(int position)> ply;                // the ply shown at a step
    std::function<bool()> aired;                         // public: the last win()'s number aired (else computed)
  };
  // The rest of a pass, the same for every view: makes the steps of `moves` not
  // made yet under `key`, then marks the entry complete if it caught up.
  void record_steps(Entry& e, const std::vector<int>& moves, const std::string& key, const StepSource& src);
  // Ends a pass: the entry may be queued again; `error` (if any) is kept.
  void end_pass(Entry& e, std::optional<std::string> error);
  // The rows a pass read: fewer or more than before means not complete meanwhile.
  void set_total(Entry& e, int rows);

  ReplayAnalysisOptions options_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<Key, std::shared_ptr<Entry>> entries_;
  std::deque<Key> wanted_;
  bool stopping_ = false;
  std::thread thread_;
};

// A win probability as the replay graph's JSON (shares rounded to 4 places).
nlohmann::json replay_win_json(const broadcast::AnalysisWin& w);

}  // namespace facedown::feed
