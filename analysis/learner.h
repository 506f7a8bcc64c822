// The learning of a stream's constraints, one command (group) at a time: which
// identities each hidden piece (slot) may have, alone or jointly with others
// (components of slots with their allowed tuples), which battles between two
// large components allow which identity pairs (edges), and a current candidate
// assignment that replays every command learned through the real engine.
// Invariants: every setup consistent with the stream satisfies the constraints
// kept (they are only narrowed by replays that fail for the pieces tried, so
// the truth is never ruled out); the candidate keeps every block's roster
// counts. The Analyzer (deduction.cpp) counts or samples what this allows.
#pragma once
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/battle_forest.h"
#include "analysis/deduction.h"
#include "analysis/setup_count.h"
#include "analysis/stream_replay.h"

namespace facedown::analysis {

using engine::Game;
using engine::GameInfo;
using engine::PieceType;

// A set of slots whose identities are allowed together, as a list of tuples.
struct Component {
  std::vector<int> slots;
  std::vector<std::vector<PieceType>> tuples;
};

// A battle between two pieces of different components whose joint identities
// were too many to list (a chain of outcome-only battles): the pairs of
// identities (a's, b's) its outcome allows, learned by trials like a
// component's tuples and kept beside them, so the sampler's proposal
// (battle_forest.h) keeps every battle of the chain.
struct Edge {
  int a = 0, b = 0;  // slots
  std::vector<std::pair<PieceType, PieceType>> pairs;
};

// The learning over a stream's commands: the constraints found so far and a
// current candidate that replays every command learned. Copyable, so a live
// Analyzer keeps one for the commands that are over and learns the last (still
// growing) command on a copy.
class Learner {
 public:
  Learner(const GameInfo& info, const StreamReplay& replay, const AnalysisOptions& options, const Game& game)
      : info_(&info), replay_(&replay), options_(&options), game_(&game), types_(game.roster().size()) {}

  // From scratch over the slots the stream has now: every slot may be what its
  // square allows, and the candidate is a setup the roster allows.
  std::optional<std::string> start();

  // Learns groups [next_group_, end).
  void learn_to(std::size_t end);

  // Whether a full assignment is among the setups make_counter() counts.
  bool supports(const std::vector<PieceType>& types) const;

  bool has_edges() const { return !edges_.empty(); }

  // The sampler's proposal: every component with several pieces and every
  // piece a learned battle names is a node (its tuples, never loosened), the
  // battles are edges, and the other pieces are groups as in make_counter(),
  // merged where a block has too many for the forest's programmes (a
  // superset: the replay judges every draw). `cache`: the unfought pieces'
  // counts kept between forests (battle_forest.h).
  BattleForest make_forest(RestCountCache* cache = nullptr) const;

  // The replay of the current candidate through the whole stream (null when it
  // does not replay).
  ReplayCursor* current_replay();

  // A cursor to replay a full assignment `types` through `limit` with
  // StreamReplay::advance: the candidate's replay of the groups learned with
  // the changed pieces retyped, when no command there asked a question `types`
  // answers otherwise (StreamReplay::start_from); else an empty cursor (a
  // replay from the start). Either way advance() gives the run a replay from
  // the start gives. The cursor logs no identity questions.
  ReplayCursor start_for(const std::vector<PieceType>& types, std::size_t limit) const;

  void give_up(const std::string& why);

  // The current candidate: it replays every command learned (the whole
  // stream when current_replay() is not null) and keeps the roster's counts.
  const std::vector<PieceType>& candidate() const { return current_; }

  bool exact() const { return exact_; }
  bool fallback() const { return fallback_; }
  const std::vector<std::string>& notes() const { return notes_; }

  // Coupled sets make the counting's state the counts of several blocks at once;
  // past a few of them each is loosened to what it allows piece by piece (a
  // superset, so the sampler, which replays every draw, stays exact in law).
  bool loosen_coupled() const;

  SetupCounter make_counter() const;

  // Whether the constraints are the same as `o`'s (so are make_counter(),
  // supports() and make_forest()): a live Analyzer keeps its counter, and the
  // programme the counter's draws fill, while they are.
  bool same_constraints(const Learner& o) const;

 private:
  std::optional<std::string> init();

  // Keeps the tuples with `type` at `slot`; false when none is left.
  bool restrict(int slot, PieceType type);

  // Takes every slot of `comp` that has one identity in all its tuples out
  // into a component of its own (the same setups: the tuples are a product
  // with it), so a piece whose identity is known is never coupled.
  void split_certain(int comp);

  // The learning's replays log the identity questions asked, so a trial can
  // start from the candidate's replay (StreamReplay::start_from).
  static ReplayCursor logging_cursor();

  int merge(const std::vector<int>& ids);

  bool allows(int slot, PieceType t) const;

  // Gives `slots` the identities `want` in `assign`, keeping every block's roster
  // counts: every slot takes its identity first, then each identity a block has
  // one too many of is passed along the shortest chain of other single pieces
  // (never-named ones first), each taking an identity it may have, to one the
  // block has too few of. The chain's pieces are added to `moved`. False when no
  // chain exists. Complete: a chain is an augmenting path of the block's
  // assignment with the slots held, so one exists whenever an assignment does
  // (changing the slots one at a time, each holding the others at their old
  // identities, missed assignments that exist: the 1,000-match calibration
  // found Luzhanqi moments where that ruled the truth out).
  bool reassign(std::vector<PieceType>& assign, const std::vector<int>& slots, const std::vector<PieceType>& want,
                std::vector<int>* moved) const;

  // Puts the component's identities back among its tuples (after the tuples
  // shrank), keeping the counts; false when no chain allows it.
  bool conform(int comp);

  // Whether any block of these slots has pieces decided jointly outside them.
  bool joint_in_blocks(const std::vector<int>& slots) const;

  // Whether the slots a failed replay names are decided by `comp` alone (the
  // others it names are certain).
  bool attributable(const std::vector<int>& named, int comp) const;

  struct EdgeLearned {
    bool tried = false;
    std::optional<std::vector<PieceType>> passing;  // a candidate that replays the group
    std::optional<ReplayCursor> cursor;
    std::vector<int> named;
  };

  // Identities for every piece of `comp`'s tree (components joined by edges)
  // with `slot` of type `type`: each component takes a tuple that agrees with
  // the one it hangs from (its current one when it does). Appends (slot, type)
  // to `out`; false when a component has no such tuple.
  bool tree_identities(int comp, int slot, PieceType type, std::vector<int>& slots, std::vector<PieceType>& want) const;

  bool same_tree(int ca, int cb) const;

  // A battle between pieces of two components too large to list together (a
  // chain of outcome-only battles): every pair of identities the two named
  // pieces may have is tried, the rest of their trees agreeing (tree_identities);
  // a pair is ruled out only when its replay fails at this group's events and
  // those name no unknown piece but the two. The pairs kept become an edge.
  EdgeLearned learn_edge(std::size_t g, const std::vector<int>& open, const std::vector<int>& named, std::size_t limit);

  // One command (group) at a time: what it shows fixes identities, and the
  // pieces it names are tried with every identity they may still have. Pieces
  // only a trial's replay reached (an Aircraft's attack across the board meets
  // a defender the candidate's refused move never named) are tried jointly
  // with them at the next attempt.
  void learn_group(std::size_t g);

  const GameInfo* info_;
  const StreamReplay* replay_;
  const AnalysisOptions* options_;
  const Game* game_;
  std::size_t types_ = 0;
  std::vector<Component> comps_;
  std::vector<int> comp_of_;
  std::vector<Edge> edges_;
  std::vector<PieceType> current_;  // identities that replay the stream so far (counts aside)
  std::vector<bool> named_ever_;    // slots some command has named so far
  std::size_t next_group_ = 1;      // the groups before it are learned
  // The replay of cursor_types_, through the groups learned. Shared between
  // copies of the Learner (the live Analyzer copies it at every analysis()) and
  // never changed in place while shared (current_replay copies it first).
  std::shared_ptr<ReplayCursor> cursor_;
  std::vector<PieceType> cursor_types_;
  bool cursor_valid_ = false;
  bool exact_ = true;
  int replays_ = 0;
  bool fallback_ = false;
  std::vector<std::string> notes_;
};

}  // namespace facedown::analysis
