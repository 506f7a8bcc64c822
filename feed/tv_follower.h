// TvFollower: the delayed TV feed. A thread reads, through the delayed reader
// (db/delayed_reader.h, whose authorizer admits an event only once it is older
// than the delay), the referee's events of the followed match, folds them with
// the engine and publishes, per released event, the referee view: the event in
// its complete form and the state after it with every identity. What is younger
// than the delay cannot be read, so it cannot be sent. When the live feed moves
// to another match, the TV feed finishes the one it airs (to its last event, D
// late) and moves on when the next match's opening is released. The director's
// cues are released D late too, each in its place among the events (a message
// of type "cue"), and every message carries the director's state they make.
// Invariant: no event is lost at a match switch. Every match opened after the
// one on air, up to the live feed's, airs in id order from its opening (the live
// feed may pass a match by between two polls: opened and played within one),
// and the log keeps the match left (message_log.h), so a client of it gets its
// last events and then the next match's from `opened`.
#pragma once
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "broadcast/director.h"
#include "db/delayed_reader.h"
#include "db/parsed_log.h"
#include "engine/registry.h"
#include "feed/message_log.h"
#include "feed/tv_analysis.h"

namespace facedown::feed {

struct TvOptions {
  std::string db_path;
  std::int64_t delay_ms = 0;
  // The match to follow; called each poll (the live follower's choice).
  std::function<db::MatchId()> match;
  std::chrono::milliseconds poll{20};
  std::function<std::int64_t()> wall_clock_ms;  // empty: system clock
  // Every point of view beside the cut (feed/tv_analysis.h), from released
  // events only: each finished record is a message of type "analysis".
  std::optional<broadcast::StreamAnalysisOptions> analysis;
  // The theme the feed serves: the analysis records' labels fit its pieces (null: the build's).
  std::shared_ptr<const broadcast::Theme> theme;
};

class TvFollower {
 public:
  static db::Result<std::unique_ptr<TvFollower>> start(TvOptions options);
  ~TvFollower();

  const MessageLog& log() const { return log_; }
  void stop();

 private:
  TvFollower(TvOptions options, db::DelayedReader reader);
  void run();
  void poll_once();
  void follow(db::MatchId id);
  void release_current();
  // Sends the analyses finished since the last poll (released rows only).
  void release_analyses();
  // Sends the released cues committed before `before_wall_ms` (all: nullopt),
  // each as a message of its own after the last released event.
  void release_cues_before(std::deque<db::CueRow>& cues, std::optional<std::int64_t> before_wall_ms);

  TvOptions options_;
  db::DelayedReader reader_;
  MessageLog log_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
  std::unique_ptr<TvAnalysis> analysis_;  // null: none

  // Thread-owned.
  std::vector<engine::GameInfo> games_ = engine::all_games();
  db::MatchId match_ = 0;
  std::deque<db::MatchId> next_;  // matches the live feed moved on to, not yet on the TV feed
  int released_ = 0;
  std::unique_ptr<engine::Game> game_;
  std::optional<engine::Match> live_;
  std::string problem_;  // a stored event that did not fold (the feed stops for that match)
  std::vector<broadcast::CueRecord> cues_;  // the director's cues released so far
  broadcast::DirectorState director_;       // their fold, sent with every message
  std::int64_t last_cue_ = 0;
  int cue_sub_ = 0;  // the id's third part for cues after the last released event
};

}  // namespace facedown::feed
