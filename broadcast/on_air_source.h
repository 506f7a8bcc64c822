// OnAirSource: the model on air from one match's public record, live or
// replayed, for every output that follows a store (the feed's LiveFollower,
// the ImGui overlay's OverlaySession, the clip renderer through it). The
// output reads the store its own way (the feed in chunks through its public
// reader, the overlay through a RowSource) and hands over what it read: rows,
// the director's cues, the desk's hold, the seals and the heartbeat. This
// class decides, once, what that makes on air: the rows folded
// (ModelFollower), the cues folded (live: all of them; replay: those given by
// the replayed moment), the picture's hold (the desk's or a cue's, whichever
// began first: the picture at the held row, the live parts from every row),
// the seals as aired, the heartbeat (live only) and the match's id.
//
// Invariants: model() after rows r1..rn equals derive_on_air over the same
// rows under the same hold (tests/overlay/on_air_source_test.cpp); a replay
// never holds and carries no heartbeat (it shows the record, not the
// director's screen); a held picture is read again from history at most once
// per hold.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "broadcast/director.h"
#include "broadcast/model.h"
#include "broadcast/model_follower.h"
#include "broadcast/public_row.h"

namespace facedown::broadcast {

class OnAirSource {
 public:
  enum class Mode { kLive, kReplay };
  // `games` must outlive the source.
  OnAirSource(const std::vector<engine::GameInfo>& games, Mode mode);

  // Starts over: another match, another file, or rows that went back (a
  // replay stepped back). Forgets rows, cues, seals, heartbeat and hold.
  void restart(std::int64_t match);
  std::int64_t match() const { return match_; }

  // The next row of the match (a seq greater than every row taken). `history`
  // is read only for a void.
  void add(const PublicRow& row, const RowHistory& history);
  int last_seq() const { return follower_.last_seq(); }
  const ModelFollower& follower() const { return follower_; }
  ModelFollower& follower() { return follower_; }  // a long match's catch-up (broadcast::catch_up)

  // The director's cues: live, those read so far (new ones appended);
  // replay, every cue, folded up to the replayed moment (its wall time and
  // the rows shown) by replay_moment().
  void add_cues(const std::vector<CueRecord>& more);
  void set_cues(std::vector<CueRecord> all);
  void replay_moment(double until_wall, std::size_t rows_shown);
  const DirectorState& director() const { return director_; }

  // What the store says beside the rows (live only: ignored in a replay).
  void set_desk_hold(std::optional<Presentation> hold);
  void set_heartbeat(std::optional<DeskHeartbeat> beat);
  // The seals as the store published them (attach_commitments gates them).
  void set_commitments(const std::array<std::optional<SetupCommitment>, 2>& seals) { seals_ = seals; }

  // The picture's hold now: the desk's or a cue's (picture_presentation); nullopt when neither.
  std::optional<Presentation> hold() const;
  // Whether rows after the held row wait off air now.
  bool holding_rows() const;
  // The model on air now. `history` reads the rows up to the held one, once per hold.
  OnAirModel model(const RowHistory& history);

 private:
  const std::vector<engine::GameInfo>* games_;
  Mode mode_;
  std::int64_t match_ = 0;
  ModelFollower follower_;
  std::optional<OnAirModel> picture_;  // the model at the held row, while held
  std::vector<CueRecord> cues_;
  DirectorState director_;
  std::optional<Presentation> desk_hold_;
  std::optional<DeskHeartbeat> heartbeat_;
  std::array<std::optional<SetupCommitment>, 2> seals_{};
};

}  // namespace facedown::broadcast
