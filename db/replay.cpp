#include "db/replay.h"

#include <algorithm>

#include "db/parsed_log.h"
#include "engine/registry.h"

namespace facedown::db {

using K = StoreError::Kind;

struct Replay::Impl {
  const engine::GameInfo* info = nullptr;
  std::vector<engine::GameInfo> games;
  std::vector<engine::Event> events;
  std::vector<int> plies;  // plies[i]: the ply count after event i + 1
  // Snapshots: the match after events 1, K + 1, 2K + 1, ... (never moved), and the
  // cursor that seeks move. A seek copies the nearest snapshot at or before its
  // target when that is closer than the cursor, then folds at most K events.
  std::vector<engine::Match> snapshots;
  int spacing = 0;
  std::optional<engine::Match> cursor;
};

// Snapshot spacing: at least 256 events apart, at most 16 snapshots (each holds
// its prefix of the log, so memory stays within about 8 logs).
int snapshot_spacing(std::size_t events) { return std::max(256, static_cast<int>(events / 16)); }

Result<Replay> Replay::from_events(std::vector<engine::Event> events) {
  auto impl = std::make_unique<Impl>();
  impl->games = engine::all_games();
  if (events.empty() || !std::holds_alternative<engine::Opened>(events.front().body))
    return StoreError{K::kInvalid, "a replay needs a log that begins with its opened event"};
  impl->info = engine::find_game(impl->games, std::get<engine::Opened>(events.front().body).game);
  if (!impl->info) return StoreError{K::kInvalid, "the log's game is unknown to this build"};
  auto first = engine::Match::from_log(*impl->info, {events.front()});
  if (auto* r = std::get_if<engine::Rejection>(&first)) return StoreError{K::kInvalid, r->reason};
  impl->events = std::move(events);
  // One fold up front checks the whole log, notes the ply after every event and
  // keeps the snapshots.
  engine::Match m = std::move(std::get<engine::Match>(first));
  impl->spacing = snapshot_spacing(impl->events.size());
  impl->plies.push_back(m.state().ply);
  impl->snapshots.push_back(m);
  for (std::size_t i = 1; i < impl->events.size(); ++i) {
    if (auto r = m.record(impl->events[i]))
      return StoreError{K::kTampered, "event " + std::to_string(i + 1) + ": " + r->reason};
    impl->plies.push_back(m.state().ply);
    if (i % static_cast<std::size_t>(impl->spacing) == 0) impl->snapshots.push_back(m);
  }
  impl->cursor.emplace(std::move(m));
  return Replay(std::move(impl));
}

Result<Replay> Replay::open(Store& store, MatchId id) {
  auto rows = store.events(id);
  if (auto* e = std::get_if<StoreError>(&rows)) return *e;
  auto& r = std::get<std::vector<StoredEvent>>(rows);
  if (r.empty()) return StoreError{K::kNotFound, store.path() + ": no match " + std::to_string(id)};
  const auto games = engine::all_games();
  auto parsed = parse_log(r, games);
  if (auto* pf = std::get_if<ParseFailure>(&parsed))
    return StoreError{K::kTampered, store.path() + ": match " + std::to_string(id) + ", seq " +
                                        std::to_string(pf->seq) + ": " + pf->reason};
  return from_events(std::move(std::get<ParsedLog>(parsed).events));
}

Replay::Replay(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Replay::Replay(Replay&&) noexcept = default;
Replay& Replay::operator=(Replay&&) noexcept = default;
Replay::~Replay() = default;

int Replay::size() const { return static_cast<int>(impl_->events.size()); }
const std::vector<engine::Event>& Replay::events() const { return impl_->events; }

const engine::Match& Replay::seek(int seq) {
  auto& d = *impl_;
  seq = std::clamp(seq, 1, size());
  int at = static_cast<int>(d.cursor->log().size());
  // Folding is plain bookkeeping (no rule is decided): start from whichever of the
  // cursor and the nearest earlier snapshot is closer, and fold forward.
  const auto k = static_cast<std::size_t>((seq - 1) / d.spacing);
  const auto& snap = d.snapshots[std::min(k, d.snapshots.size() - 1)];
  const int snap_at = static_cast<int>(snap.log().size());
  if (seq < at || seq - at > seq - snap_at) {
    d.cursor.emplace(snap);
    at = snap_at;
  }
  for (int s = at + 1; s <= seq; ++s) d.cursor->record(d.events[static_cast<std::size_t>(s - 1)]);
  return *d.cursor;
}

int Replay::seq_of_ply(int ply) const {
  const auto& p = impl_->plies;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (p[i] > ply) return std::max(1, static_cast<int>(i));
  return size();
}

}  // namespace facedown::db
