#include "broadcast/win_story.h"

#include "engine/registry.h"
#include "engine/view.h"

namespace facedown::broadcast {

WinStory::WinStory(engine::Viewer viewer, StreamAnalysisOptions options, const std::vector<engine::GameInfo>& games)
    : viewer_(viewer), options_(std::move(options)), games_(&games) {
  if (viewer_ != engine::kReferee) stream_.emplace(viewer_, options_, games);
}

void WinStory::push(int seq, const engine::Event& e) {
  if (error_) return;
  if (!truth_) {
    const auto* o = std::get_if<engine::Opened>(&e.body);
    const engine::GameInfo* info = o ? engine::find_game(*games_, o->game) : nullptr;
    if (!info) {
      error_ = "event " + std::to_string(seq) + ": not an opening of a known game";
      return;
    }
    auto m = engine::Match::from_log(*info, {e});
    if (!std::holds_alternative<engine::Match>(m)) {
      error_ = "event " + std::to_string(seq) + ": the opening does not fold";
      return;
    }
    truth_.emplace(std::move(std::get<engine::Match>(m)));
  } else if (truth_->record(e)) {
    error_ = "event " + std::to_string(seq) + " does not fold";
    return;
  }
  if (stream_) {
    stream_->push_event(seq, engine::project(e, viewer_), truth_->state().ply);
    if (auto err = stream_->error()) {
      error_ = *err;
      return;
    }
  }
  seq_ = seq;
}

std::variant<AnalysisWin, std::string> WinStory::win() {
  if (error_) return *error_;
  if (!truth_) return std::string("no opening yet");
  if (stream_) return stream_->win();
  const auto w = analysis::referee_win_probability(*truth_, options_.win);
  if (w.error) return *w.error;
  return *to_on_air(w);
}

}  // namespace facedown::broadcast
