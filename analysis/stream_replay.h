// The judge: replays a viewer's event stream through the engine with chosen
// identities for the pieces that viewer cannot see, and says where, if anywhere,
// the replay stops giving the viewer's stream.
//
// The stream is what one viewer saw (every event projected for that viewer, in
// order, from the Opened event). Each accepted command is rebuilt from its first
// event (a setup from SetupLocked with the chosen identities, a move from Moved or
// Attack, a decision from the game's own words for it, Game::decision_of, ...); deadline events (cmd 0) are replayed by
// letting time pass. A candidate is consistent exactly when every replayed event,
// projected for the viewer, equals the stream's: every rule is the engine's.
//
// The plan can grow one event at a time (start, append), and a replay can be
// kept and continued as the stream grows (ReplayCursor, advance): a live
// analysis replays each event once per identities kept, not the whole stream.
//
// Bounded: a replay's match keeps only its last kReplayHistory events or so
// (Match::forget_history), so a kept replay's memory and the cost of copying
// one do not grow with the match; what the analysis needs of the history
// (the pieces' trail, which pieces an event other than a move named) the
// cursor keeps as it goes. Only a void reaches back: a void of the stream that
// undoes commands the match forgot has the replay made again from the
// beginning up to it (the same run; voids that far back are rare), and no
// replay forgets past what a void already in the stream will undo.
//
// Slots: one per piece a SetupLocked event hides from the viewer, in stream
// order; a block is the hidden part of one SetupLocked event (a roster draw of
// its own). Piece ids are the engine's (square order), so they do not depend on
// the identities tried.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "analysis/piece_trail.h"
#include "engine/match.h"
#include "engine/view.h"

namespace facedown::analysis {

struct Slot {
  int block = 0;
  int owner = 0;
  engine::Square square = engine::kNoSquare;  // where it was set up
};

struct Block {
  int owner = 0;
  std::size_t setup_event = 0;  // index of its SetupLocked event in the stream
  std::vector<int> counts;      // roster counts left for its hidden slots
  std::vector<int> slots;
};

// What one replay found.
struct ReplayRun {
  std::size_t matched = 0;        // stream events reproduced, in order
  bool consistent = false;        // every event up to the limit reproduced
  std::size_t failed_event = 0;   // the stream index where it stopped (when not consistent)
  std::vector<int> failed_named;  // slots the replay's events named in the group that failed
};

// The identity questions a replay's rules asked (engine/identity_reads.h), per
// slot: the first stream event whose command asked its whole identity, and per
// identity t the first that asked "is it t?". A stream event that shows the
// viewer a slot's identity counts as asking the whole of it (the comparison
// with the stream reads it). Kept only when `on` (the learning's replays).
struct IdentityLog {
  static constexpr std::uint32_t kNever = ~std::uint32_t{0};
  bool on = false;
  std::size_t types = 0;
  std::vector<std::uint32_t> whole;   // per slot
  std::vector<std::uint32_t> tested;  // per slot * types + t
  void note(int slot, engine::PieceType tested_type, std::size_t event);
  // The first event whose questions a replay with `to` instead of `from` would
  // answer otherwise (kNever: none of the questions asked).
  std::uint32_t first_difference(const std::vector<engine::PieceType>& from, const std::vector<engine::PieceType>& to) const;
  // Forgets what events from `event` on asked.
  void forget_from(std::size_t event);
};

// A replay kept between calls, so a growing stream is replayed once: the match
// after the events checked so far, for one assignment of identities. Valid only
// while every event checked matched (`ok`); advance() continues it.
struct ReplayCursor {
  std::optional<engine::Match> match;  // empty: not started
  bool ok = true;
  std::size_t next = 0;            // the next stream index no command has produced yet
  std::size_t checked = 0;         // stream events compared (below `next` when the stream ended inside a command)
  std::vector<engine::Event> pending;  // produced for [checked, next) (as the game wrote them), awaiting the stream
  std::vector<int> pending_named;      // slots the command that produced them named
  std::vector<int> id_slot;            // piece id -> slot (-1: a visible piece)
  IdentityLog reads;                   // when reads.on: the questions asked so far
  // What every event the match produced says, kept as its log is forgotten:
  // the pieces' setup squares and moves, and by piece id whether an event
  // other than a setup or a move named it.
  PieceTrail trail;
  std::vector<bool> named_beyond_moves;
};

// Slots named per group of the stream, read like a vector with one entry per
// group (empty for the groups a replay did not reach), but holding only the
// groups from the first one a replay compared on: a replay continued by one
// event costs that event, not one entry per group of the stream.
class NamedByGroup {
 public:
  const std::vector<int>& operator[](std::size_t group) const {
    static const std::vector<int> none;
    return group >= first_ && group - first_ < from_first_.size() ? from_first_[group - first_] : none;
  }
  std::vector<int>& of(std::size_t group) {
    if (from_first_.empty() || group < first_) {
      if (!from_first_.empty()) from_first_.insert(from_first_.begin(), first_ - group, {});
      first_ = group;
    }
    if (group - first_ >= from_first_.size()) from_first_.resize(group - first_ + 1);
    return from_first_[group - first_];
  }
  void clear() {
    first_ = 0;
    from_first_.clear();
  }

 private:
  std::size_t first_ = 0;
  std::vector<std::vector<int>> from_first_;
};

// Filled by a reference replay: what each group of the stream names and shows.
struct ReplayTrace {
  NamedByGroup named;                                     // per group: slots named by its events
  std::vector<std::pair<int, engine::PieceType>> shown;   // (slot, type) the stream shows the viewer
  std::optional<engine::Match> final;                     // the match after the last replayed event
  std::vector<int> id_slot;                               // piece id -> slot (-1: a visible piece)
  PieceTrail trail;                                       // run(): the replay's trail (its match forgets its log)
};

class StreamReplay {
 public:
  // Checks the stream's shape (Opened first, for this game) and finds the slots.
  static std::variant<StreamReplay, std::string> plan(const engine::GameInfo& info,
                                                      std::vector<engine::Event> stream, engine::Viewer viewer);
  // The same, one event at a time: start() with the Opened event, then append()
  // each next one (a SetupLocked with hidden pieces adds a block and its slots;
  // the last group grows or a new one begins). An error leaves the plan as it was.
  static std::variant<StreamReplay, std::string> start(const engine::GameInfo& info, const engine::Event& opened,
                                                       engine::Viewer viewer);
  std::optional<std::string> append(const engine::Event& e);

  // Events a kept replay's match keeps at least (Match::forget_history): a few
  // commands for a void to undo without a replay from the start.
  static constexpr std::size_t kReplayHistory = 96;

  const std::vector<engine::Event>& stream() const { return stream_; }
  engine::Viewer viewer() const { return viewer_; }
  const std::vector<Slot>& slots() const { return slots_; }
  const std::vector<Block>& blocks() const { return blocks_; }
  // Events are grouped by the command (or the deadline time) that caused them.
  std::size_t groups() const { return group_end_.size(); }
  std::size_t group_of(std::size_t event) const { return group_of_[event]; }
  std::size_t group_end(std::size_t group) const { return group_end_[group]; }

  // Replays stream events [0, limit) through `game` (the real game or the probe)
  // with types[slot] for the hidden pieces.
  ReplayRun run(const engine::GameInfo& game, const std::vector<engine::PieceType>& types, std::size_t limit,
                ReplayTrace* trace = nullptr) const;
  // Continues `cursor` (started empty, or left by an earlier call with the same
  // types) through stream events [cursor.next, limit), comparing also what it
  // produced earlier past the stream's end. The trace covers this call's events
  // only (its `final` stays empty). A failed run leaves the cursor not ok.
  ReplayRun advance(const engine::GameInfo& game, const std::vector<engine::PieceType>& types, ReplayCursor& cursor,
                    std::size_t limit, ReplayTrace* trace = nullptr) const;
  // A replay of `types` that need not start from the beginning. `base` is a
  // replay of `base_types` that logged its identity questions (reads.on),
  // through `limit` or to where it stopped matching; `earlier` (may be null) a
  // replay of the same identities that stopped between two commands. When the
  // game reports its identity questions (engine/identity_reads.h) and no
  // command before `earlier`'s end asked a question `types` answers otherwise,
  // the replay of `types` is the same as theirs up to there but for the
  // identities copied: the result is `earlier` with the changed pieces retyped
  // (Match::retype), and advance() goes on from there. Otherwise (or when a
  // changed setup would be refused, or was not before `earlier`'s end) it is an
  // empty cursor: a replay from the start. Either way advance() gives the run a
  // replay from the start gives (tests/analysis/replay_suffix_test.cpp); its
  // trace covers the events replayed, what came before being the base's.
  ReplayCursor start_from(const std::vector<engine::PieceType>& base_types, const ReplayCursor& base,
                          const ReplayCursor* earlier, const std::vector<engine::PieceType>& types,
                          std::size_t limit) const;

 private:
  StreamReplay() = default;
  std::optional<engine::Command> command_at(std::size_t event, const std::vector<engine::PieceType>& types) const;

  std::vector<engine::Event> stream_;
  // The match as the Opened event left it, copied to start each replay (a copy
  // shares the game's rules object; opening one made it afresh, about a fifth
  // of Number Janggi's replay time). Empty when the opening was refused.
  std::shared_ptr<const engine::Match> opened_match_;
  engine::Viewer viewer_ = engine::kPublic;
  engine::Opened opened_;
  std::vector<int> roster_counts_;
  std::vector<Slot> slots_;
  std::vector<Block> blocks_;
  std::vector<int> event_block_;  // per stream event: its block (SetupLocked with hidden pieces), else -1
  std::vector<std::size_t> group_of_;
  std::vector<std::size_t> group_end_;
  // Per Voided event of the stream: its index and the index of the first event
  // it undoes (a replay forgets nothing a void ahead of it will undo).
  std::vector<std::pair<std::size_t, std::size_t>> voids_;
  // Forgets what `m`, a replay through stream index `at`, no longer needs.
  void forget(engine::Match& m, std::size_t at) const;
  // Room a replay's log needs (its match forgets beyond kReplayHistory).
  std::size_t log_room() const;
};

// Every piece reference an event carries, in a fixed order.
std::vector<engine::PieceRef> refs_of(const engine::Event& e);

}  // namespace facedown::analysis
