#include "broadcast/model_follower.h"

#include <algorithm>
#include <limits>
#include <fmt/format.h>

namespace facedown::broadcast {

namespace {

constexpr std::size_t kChunk = 512;  // rows read at once when a void needs history

// The seqs in effect, as ascending closed intervals: a void drops every seq from
// its rewind_to on (as Match::rewind_to), later rows start a new interval.
struct InEffect {
  std::vector<std::pair<int, int>> spans;
  void add(int seq) {
    if (!spans.empty() && spans.back().second + 1 == seq) spans.back().second = seq;
    else spans.emplace_back(seq, seq);
  }
  void rewind_to(int seq) {
    while (!spans.empty() && spans.back().first >= seq) spans.pop_back();
    if (!spans.empty() && spans.back().second >= seq) spans.back().second = seq - 1;
  }
  bool contains(int seq) const {
    auto it = std::upper_bound(spans.begin(), spans.end(), std::make_pair(seq, INT32_MAX));
    return it != spans.begin() && std::prev(it)->second >= seq;
  }
};

// A void's rewind_to, or nullopt when the row is no well-formed void.
std::optional<int> rewind_of(const PublicRow& row) {
  if (row.type != "voided") return std::nullopt;
  const auto it = row.event.find("rewind_to");
  if (it == row.event.end() || !it->is_number_integer()) return std::nullopt;
  return it->get<int>();
}

template <class F>
void each_row(const RowHistory& history, int up_to_seq, F&& f) {
  int after = 0;
  for (;;) {
    const auto chunk = history(after, up_to_seq, kChunk);
    for (const auto& r : chunk) f(r);
    if (chunk.size() < kChunk) return;
    after = chunk.back().seq;
  }
}

template <class F>
void each_row_after(const RowHistory& history, int after_seq, int up_to_seq, F&& f) {
  int after = after_seq;
  while (after < up_to_seq) {
    const auto chunk = history(after, up_to_seq, kChunk);
    for (const auto& r : chunk) f(r);
    if (chunk.size() < kChunk) return;
    after = chunk.back().seq;
  }
}

}  // namespace

ModelFollower::ModelFollower(const std::vector<engine::GameInfo>& games) : games_(&games) {}

void ModelFollower::read_event(const PublicRow& row) {
  const nlohmann::json* previous = before_ ? &*before_ : nullptr;
  try {
    model_fold::read_event(m_, row, blinds_, previous, ended_);
  } catch (const std::exception& ex) {
    m_.problems.push_back(fmt::format("row {} event: {}", row.seq, ex.what()));
  }
  if (row.state.is_object()) before_ = row.state;
}

void ModelFollower::add(const PublicRow& row, const RowHistory& history) {
  bool in_effect = true, readable = true;
  try {
    if (row.type == "opened" && !m_.opened) model_fold::read_opened(m_, row.event, *games_);
    if (row.type == "voided") {
      in_effect = false;
      (void)row.event.at("rewind_to").get<int>();
    }
  } catch (const std::exception& ex) {
    m_.problems.push_back(fmt::format("row {}: {}", row.seq, ex.what()));
    readable = false;  // nothing else of this row is read
  }
  m_.last_seq = row.seq;
  ++m_.rows;
  if (!m_.opened) return;
  m_.row_wall_time = row.wall_time;
  if (readable && row.state.is_object()) {
    // A malformed state leaves the last good one on screen.
    OnAirModel next = m_;
    try {
      model_fold::read_state(next, row.state);
      // When a caption or a result arrived: a caption times out from it, and
      // one set before the result leaves at it (broadcast/elements.h).
      if (next.caption && next.caption != m_.caption) next.caption_wall = row.wall_time;
      if (next.result && !m_.result) next.result_wall = row.wall_time;
      m_ = std::move(next);
    } catch (const std::exception& ex) {
      m_.problems.push_back(fmt::format("row {} state: {}", row.seq, ex.what()));
    }
  }
  if (rewind_of(row)) refold_events(history, row.seq);
  else if (in_effect) read_event(row);
  if (m_.result && ended_) {
    m_.result->detail = ended_->first;
    m_.result->what = ended_->second;
  }
}

void ModelFollower::refold_events(const RowHistory& history, int up_to_seq) {
  // Which rows are in effect after this void.
  InEffect effect;
  each_row(history, up_to_seq, [&](const PublicRow& r) {
    ++reread_;
    if (const auto to = rewind_of(r)) effect.rewind_to(*to);
    else if (r.type != "voided") effect.add(r.seq);
  });
  // Their events again, from nothing.
  m_.last_from.reset();
  m_.last_to.reset();
  m_.battle.reset();
  m_.setup_locked = {false, false};
  m_.counters_used.clear();
  m_.last_warning.reset();
  m_.pause_reason.clear();
  blinds_.clear();
  before_.reset();
  ended_.reset();
  each_row(history, up_to_seq, [&](const PublicRow& r) {
    ++reread_;
    if (effect.contains(r.seq)) read_event(r);
  });
}

void catch_up(ModelFollower& f, const RowHistory& events, const RowHistory& rows, const RowHistory& history) {
  constexpr int kEnd = std::numeric_limits<int>::max();
  // Rows read whole (with their state): the last one (the model's state), the
  // latest battle, attack or capture and the row before it (which pieces were
  // face up before it), and each row that changes what the model times from a
  // state (a caption, the result, a void that may take either back) with the
  // row before it, so the model sees the change where the full fold does.
  int last_battle = 0, last = f.last_seq();
  std::vector<int> whole;
  each_row_after(events, f.last_seq(), kEnd, [&](const PublicRow& r) {
    last = r.seq;
    if (r.type == "battle" || r.type == "attack" || r.type == "removed") last_battle = r.seq;
    if (r.type == "captioned" || r.type == "ended" || r.type == "voided") whole.insert(whole.end(), {r.seq - 1, r.seq});
  });
  if (last_battle > 0) whole.insert(whole.end(), {last_battle - 1, last_battle});
  whole.push_back(last);
  std::sort(whole.begin(), whole.end());
  whole.erase(std::unique(whole.begin(), whole.end()), whole.end());
  each_row_after(events, f.last_seq(), last, [&](const PublicRow& r) {
    if (std::binary_search(whole.begin(), whole.end(), r.seq)) {
      const auto one = rows(r.seq - 1, r.seq, 1);
      if (!one.empty() && one.front().seq == r.seq) return f.add(one.front(), history);
    }
    f.add(r, history);
  });
}

OnAirModel model_up_to(const RowHistory& history, int up_to_seq, const std::vector<engine::GameInfo>& games) {
  ModelFollower f(games);
  each_row(history, up_to_seq, [&](const PublicRow& r) { f.add(r, history); });
  return f.model();
}

RowHistory history_of(const std::vector<PublicRow>& rows) {
  return [&rows](int after_seq, int up_to_seq, std::size_t limit) {
    std::vector<PublicRow> out;
    auto it = std::upper_bound(rows.begin(), rows.end(), after_seq,
                               [](int s, const PublicRow& r) { return s < r.seq; });
    for (; it != rows.end() && it->seq <= up_to_seq && out.size() < limit; ++it) out.push_back(*it);
    return out;
  };
}

}  // namespace facedown::broadcast
