// ModelFollower: the on-air model kept up to date one public row at a time, for
// every output (the feed, the overlay, derive_model itself). A row costs the
// work of that row: its state JSON replaces the model's state (board, trays,
// clocks: the store writes the whole public state after each event, so nothing
// is folded from history) and its event adds what the state does not say (last
// move, the battle to animate, items used, warning, pause reason, result detail).
// The follower keeps the model, the state before the row and the Blind marks of
// the running move: memory bounded by the match's current state, not its history.
// The one exception is a `voided` row, a rare referee correction: the events still
// in effect are read again through `history`, in chunks, twice (which rows are in
// effect; then their events), never all held at once.
// Invariant (tests/overlay/model_follower_test.cpp): after any rows, model() is
// what derive_model gives for the same rows.
#pragma once
#include <functional>
#include <optional>
#include <vector>

#include "broadcast/model.h"
#include "broadcast/model_fold.h"
#include "broadcast/public_row.h"

namespace facedown::broadcast {

// Rows of the match with after_seq < seq <= up_to_seq, in order, at most `limit`.
using RowHistory = std::function<std::vector<PublicRow>(int after_seq, int up_to_seq, std::size_t limit)>;

class ModelFollower {
 public:
  // `games` must outlive the follower.
  explicit ModelFollower(const std::vector<engine::GameInfo>& games);

  // Takes the next row (seq greater than every row taken). `history` is read
  // only for a void.
  void add(const PublicRow& row, const RowHistory& history);
  // The model after every row taken (no hold, heartbeat or seals: the caller's).
  const OnAirModel& model() const { return m_; }
  // The seq of the last row taken (0: none).
  int last_seq() const { return m_.last_seq; }
  // How many rows re-read for voids so far (for tests and benchmarks).
  std::size_t rows_reread() const { return reread_; }

 private:
  void read_event(const PublicRow& row);
  void refold_events(const RowHistory& history, int up_to_seq);

  const std::vector<engine::GameInfo>* games_;
  OnAirModel m_;
  std::vector<model_fold::BlindMark> blinds_;        // hiding counters used in the running move
  std::optional<nlohmann::json> before_;  // the public state after the last row in effect
  std::optional<std::pair<std::string, engine::Detail>> ended_;  // the result's detail, once ended
  std::size_t reread_ = 0;
};

// Brings a fresh follower up to the last row of a long match without reading
// every public state: the model needs only the last row's state, the state
// before the latest battle or capture (which pieces were face up before it),
// and the states around a caption, the result or a void (when a caption or the
// result arrived); every other row gives just its event (items used, the last
// warning, the result's detail). `events` reads rows without their state (state null),
// `rows` with it; both as RowHistory (after_seq, up_to_seq, limit). The events
// are read twice (once to find the latest battle), a few states one row at a
// time. Rows committed meanwhile are left to the next add(). Invariant (tests/overlay/model_follower_test.cpp): the
// model is the one adding every full row gives.
void catch_up(ModelFollower& f, const RowHistory& events, const RowHistory& rows, const RowHistory& history);

// The model after the rows with seq <= up_to_seq, read through `history` in
// chunks (a hold's picture when the follower is already past it).
OnAirModel model_up_to(const RowHistory& history, int up_to_seq, const std::vector<engine::GameInfo>& games);

// A history over rows in memory (replay, tests).
RowHistory history_of(const std::vector<PublicRow>& rows);

}  // namespace facedown::broadcast
