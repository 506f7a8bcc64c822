// LiveFollower: the thread that follows one match (or the latest one) through
// the public reader and turns every new public row into one on-air message, and
// every time-driven change after it (the desk going silent, coming back) into
// another with the next sub-counter. It owns its reader (a reader is used from
// one thread); clients read the MessageLog it fills. What is on air is
// broadcast::OnAirSource's (the overlay's too): a new row or a heartbeat costs
// that row's work, and no row is kept once folded (a void re-reads the rows in
// effect in chunks). On
// a match already under way it reads every event but only a few public states
// (broadcast::catch_up).
#pragma once
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "broadcast/analysis_runner.h"
#include "broadcast/director.h"
#include "broadcast/model.h"
#include "broadcast/model_follower.h"
#include "broadcast/on_air_source.h"
#include "broadcast/theme.h"
#include "db/public_reader.h"
#include "engine/registry.h"
#include "feed/message_log.h"

namespace facedown::feed {

struct FollowOptions {
  std::string db_path;
  std::optional<db::MatchId> match;  // nullopt: the latest match, switching when a newer one appears
  std::chrono::milliseconds poll{10};
  // How often time alone is looked at (battle phases, standby, toasts).
  std::chrono::milliseconds phase_check{100};
  std::function<std::int64_t()> wall_clock_ms;  // empty: system clock
  // The public analysis beside the live update (broadcast/analysis_runner.h):
  // its own thread and reader; each message carries its last finished record.
  // nullopt: no analysis (the frame's "analysis" is null).
  std::optional<broadcast::StreamAnalysisOptions> analysis;
  // Tests: the analysis worker's wait before each record (a slow analysis).
  std::chrono::milliseconds analysis_delay{0};
  // The theme the feed serves (its theme.json): the frame's explainer places
  // are decided from it. Null: the build's copy.
  std::shared_ptr<const broadcast::Theme> theme;
};

class LiveFollower {
 public:
  // Opens the reader and reads what is there (so the first client gets the full
  // model at once); the error names the file or the match.
  static db::Result<std::unique_ptr<LiveFollower>> start(FollowOptions options);
  ~LiveFollower();  // stops the thread

  const MessageLog& log() const { return log_; }
  // The match followed now (0 before any).
  db::MatchId match() const { return match_.load(); }
  void stop();

 private:
  explicit LiveFollower(FollowOptions options, db::PublicReader reader);
  void run();
  // Reads what changed (a busy file: nothing, and the next poll tries again),
  // then looks whether time alone changed what is on air.
  void poll_once(bool force);
  void read_changes();
  // Sends the document (its phase signature is remembered, to tell a later change by time alone).
  void push(EventId id, const nlohmann::json& doc);
  // The model on air now: the follower's, with the hold's picture, seals and heartbeat.
  broadcast::OnAirModel on_air_model();
  // The public rows of the match followed, for the follower's voids and a hold's
  // picture; without `with_state` the rows' states are not read (null).
  broadcast::RowHistory history(bool with_state = true);
  std::int64_t now_ms() const;
  // The analysis record of the row on air in `m`, if it is finished (never waits).
  std::shared_ptr<const broadcast::OnAirAnalysis> analysis_on_air(const broadcast::OnAirModel& m) const;

  FollowOptions options_;
  db::PublicReader reader_;
  MessageLog log_;
  std::atomic<db::MatchId> match_{0};
  std::atomic<bool> stopping_{false};
  std::thread thread_;
  std::unique_ptr<broadcast::AnalysisRunner> runner_;  // null: no analysis

  // Thread-owned state.
  std::vector<engine::GameInfo> games_ = engine::all_games();
  std::int64_t data_version_ = -1;
  // The rows, cues, hold, seals and heartbeat read so far, and what they make on air.
  broadcast::OnAirSource source_{games_, broadcast::OnAirSource::Mode::kLive};
  std::int64_t last_cue_ = 0;    // the last cue read
  broadcast::OnAirModel model_;  // after every row read
  std::string last_signature_;
  EventId last_id_;
};

}  // namespace facedown::feed
