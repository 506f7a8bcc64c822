// WinStory: one point of view's win probability along a match, fed the
// referee's events in order: the story a replay graph tells (the feed's
// non-public replay views, feed/replay_analysis.h, and the console's replay
// graph, console/replay_graph.h). The referee's number is played out from the
// true position (analysis::referee_win_probability); a viewer's (public or a
// player) from what that viewer could deduce from its own projection of the
// events (broadcast/stream_analysis.h), so it depends on nothing that viewer
// did not see.
//
// No clock, no thread, no store: whoever owns it decides when it may be fed
// (the feed only with events the delay released). An event that does not fold
// stops the story for good (error()); nothing aborts.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "broadcast/stream_analysis.h"
#include "engine/match.h"

namespace facedown::broadcast {

class WinStory {
 public:
  WinStory(engine::Viewer viewer, StreamAnalysisOptions options, const std::vector<engine::GameInfo>& games);

  // The next referee event (the first must be the opening).
  void push(int seq, const engine::Event& referee_event);
  int seq() const { return seq_; }
  // The ply after the last event pushed.
  int ply() const { return truth_ ? truth_->state().ply : 0; }
  std::optional<std::string> error() const { return error_; }
  // The win probability after the events pushed so far, or why there is none.
  std::variant<AnalysisWin, std::string> win();

 private:
  engine::Viewer viewer_;
  StreamAnalysisOptions options_;
  const std::vector<engine::GameInfo>* games_;
  std::optional<engine::Match> truth_;
  std::optional<StreamAnalysis> stream_;  // a viewer's; none for the referee
  int seq_ = 0;
  std::optional<std::string> error_;
};

}  // namespace facedown::broadcast
