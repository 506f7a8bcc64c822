#include "broadcast/on_air_source.h"

#include "broadcast/elements.h"

namespace facedown::broadcast {

OnAirSource::OnAirSource(const std::vector<engine::GameInfo>& games, Mode mode)
    : games_(&games), mode_(mode), follower_(games) {}

void OnAirSource::restart(std::int64_t match) {
  match_ = match;
  follower_ = ModelFollower(*games_);
  picture_.reset();
  cues_.clear();
  director_ = DirectorState{};
  desk_hold_.reset();
  heartbeat_.reset();
  seals_ = {};
}

void OnAirSource::add(const PublicRow& row, const RowHistory& history) { follower_.add(row, history); }

void OnAirSource::add_cues(const std::vector<CueRecord>& more) {
  if (more.empty()) return;
  cues_.insert(cues_.end(), more.begin(), more.end());
  if (mode_ == Mode::kLive) director_ = fold_cues(cues_);
}

void OnAirSource::set_cues(std::vector<CueRecord> all) {
  cues_ = std::move(all);
  if (mode_ == Mode::kLive) director_ = fold_cues(cues_);
}

void OnAirSource::replay_moment(double until_wall, std::size_t rows_shown) {
  // What aired then: the cues given by the replayed moment.
  director_ = fold_cues_until(cues_, until_wall, rows_shown);
}

void OnAirSource::set_desk_hold(std::optional<Presentation> hold) {
  if (mode_ == Mode::kLive) desk_hold_ = std::move(hold);
}

void OnAirSource::set_heartbeat(std::optional<DeskHeartbeat> beat) {
  if (mode_ == Mode::kLive) heartbeat_ = beat;
}

std::optional<Presentation> OnAirSource::hold() const {
  // A hold is live only: a replay shows the record, not the director's screen.
  if (mode_ == Mode::kReplay) return std::nullopt;
  return picture_presentation(desk_hold_, director_);
}

bool OnAirSource::holding_rows() const {
  const auto h = hold();
  return h && h->held && follower_.last_seq() > h->held_seq;
}

OnAirModel OnAirSource::model(const RowHistory& history) {
  const auto h = hold();
  OnAirModel m;
  if (holding_rows()) {
    // Held with rows after the hold: the picture as it stood at the held row
    // (kept from when the hold began, or read again once), the live parts now.
    if (!picture_ || picture_->last_seq != h->held_seq) picture_ = model_up_to(history, h->held_seq, *games_);
    m = *picture_;
    apply_presentation(m, follower_.model(), h);
  } else {
    m = follower_.model();
    apply_presentation(m, m, h);
    // Held at the last row: keep that picture, so later rows need no re-read.
    if (h && h->held) picture_ = follower_.model();
    else picture_.reset();
  }
  attach_commitments(m, seals_);
  m.match = match_;
  if (mode_ == Mode::kLive) m.heartbeat = heartbeat_;
  return m;
}

}  // namespace facedown::broadcast
