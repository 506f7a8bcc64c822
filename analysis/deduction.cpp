#include "analysis/deduction.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "analysis/battle_forest.h"
#include "analysis/setup_count.h"
#include "analysis/stream_replay.h"
#include "engine/view.h"

namespace facedown::analysis {

using namespace facedown::engine;

namespace {

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

// Puts `slot` into the group of its block with exactly `allowed` (made on first use).
void add_to_group(std::vector<CountGroup>& groups, std::map<std::pair<int, std::vector<PieceType>>, std::size_t>& index,
                  int block, std::vector<PieceType> allowed, int slot) {
  std::sort(allowed.begin(), allowed.end());
  auto key = std::make_pair(block, allowed);
  auto it = index.find(key);
  if (it == index.end()) {
    it = index.emplace(key, groups.size()).first;
    groups.push_back({block, {}, std::move(allowed)});
  }
  groups[it->second].slots.push_back(slot);
}

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
  std::optional<std::string> start() {
    if (auto err = init()) return err;
    // Start from a setup the roster allows: every probe then keeps the counts.
    SetupCounter start = make_counter();
    if (start.total() <= 0) return std::string("no setup the game allows fits the pieces' squares");
    std::uint64_t rng = options_->seed;
    current_ = start.draw(rng);
    named_ever_.assign(replay_->slots().size(), false);
    return std::nullopt;
  }

  // Learns groups [next_group_, end).
  void learn_to(std::size_t end) {
    for (; next_group_ < end && !fallback_; ++next_group_) learn_group(next_group_);
  }

  // Whether a full assignment is among the setups make_counter() counts.
  bool supports(const std::vector<PieceType>& types) const {
    const bool loosen = loosen_coupled();
    for (const auto& c : comps_) {
      if (c.slots.empty()) continue;
      if (c.slots.size() == 1 || loosen) {
        for (std::size_t j = 0; j < c.slots.size(); ++j) {
          const PieceType t = types[static_cast<std::size_t>(c.slots[j])];
          if (std::none_of(c.tuples.begin(), c.tuples.end(), [&](const auto& tuple) { return tuple[j] == t; })) return false;
        }
        continue;
      }
      std::vector<PieceType> now;
      for (int s : c.slots) now.push_back(types[static_cast<std::size_t>(s)]);
      if (std::find(c.tuples.begin(), c.tuples.end(), now) == c.tuples.end()) return false;
    }
    for (const auto& e : edges_) {
      const auto pair = std::make_pair(types[static_cast<std::size_t>(e.a)], types[static_cast<std::size_t>(e.b)]);
      if (std::find(e.pairs.begin(), e.pairs.end(), pair) == e.pairs.end()) return false;
    }
    return true;
  }

  bool has_edges() const { return !edges_.empty(); }

  // The sampler's proposal: every component with several pieces and every
  // piece a learned battle names is a node (its tuples, never loosened), the
  // battles are edges, and the other pieces are groups as in make_counter().
  BattleForest make_forest() const {
    std::vector<std::vector<int>> counts;
    for (const auto& b : replay_->blocks()) counts.push_back(b.counts);
    std::vector<int> node_of(comps_.size(), -1);
    std::vector<bool> in_edge(comps_.size(), false);
    for (const auto& e : edges_) {
      in_edge[static_cast<std::size_t>(comp_of_[static_cast<std::size_t>(e.a)])] = true;
      in_edge[static_cast<std::size_t>(comp_of_[static_cast<std::size_t>(e.b)])] = true;
    }
    std::vector<ForestNode> nodes;
    std::map<std::pair<int, std::vector<PieceType>>, std::size_t> group_index;
    std::vector<CountGroup> groups;
    for (std::size_t ci = 0; ci < comps_.size(); ++ci) {
      const auto& c = comps_[ci];
      if (c.slots.empty()) continue;
      if (c.slots.size() > 1 || in_edge[ci]) {
        node_of[ci] = static_cast<int>(nodes.size());
        ForestNode node{c.slots, {}, c.tuples};
        for (int s : c.slots) node.slot_block.push_back(replay_->slots()[static_cast<std::size_t>(s)].block);
        nodes.push_back(std::move(node));
        continue;
      }
      std::vector<PieceType> allowed;
      for (const auto& t : c.tuples) allowed.push_back(t[0]);
      add_to_group(groups, group_index, replay_->slots()[static_cast<std::size_t>(c.slots[0])].block, std::move(allowed),
                   c.slots[0]);
    }
    std::vector<ForestEdge> forest_edges;
    for (const auto& e : edges_) {
      const int ca = comp_of_[static_cast<std::size_t>(e.a)], cb = comp_of_[static_cast<std::size_t>(e.b)];
      const auto& sa = comps_[static_cast<std::size_t>(ca)].slots;
      const auto& sb = comps_[static_cast<std::size_t>(cb)].slots;
      forest_edges.push_back({node_of[static_cast<std::size_t>(ca)],
                              static_cast<int>(std::find(sa.begin(), sa.end(), e.a) - sa.begin()),
                              node_of[static_cast<std::size_t>(cb)],
                              static_cast<int>(std::find(sb.begin(), sb.end(), e.b) - sb.begin()), e.pairs});
    }
    return BattleForest(std::move(counts), std::move(groups), std::move(nodes), std::move(forest_edges),
                        replay_->slots().size());
  }

  // The replay of the current candidate through the whole stream (null when it
  // does not replay).
  ReplayCursor* current_replay() {
    const std::size_t size = replay_->stream().size();
    if (!cursor_valid_ || cursor_types_ != current_ || !cursor_) {
      cursor_ = std::make_shared<ReplayCursor>(logging_cursor());
      cursor_types_ = current_;
    } else if (cursor_.use_count() > 1) {
      // Shared with the Learner this one was copied from: advancing it would
      // change that one's, so a cursor that must still move is copied first.
      const ReplayCursor& c = *cursor_;
      const bool at_end = c.match && c.ok && c.next >= size && c.checked == std::min(c.next, size);
      if (!at_end) cursor_ = std::make_shared<ReplayCursor>(c);
    }
    cursor_valid_ = replay_->advance(*info_, current_, *cursor_, size).consistent;
    return cursor_valid_ ? cursor_.get() : nullptr;
  }

  void give_up(const std::string& why) {
    exact_ = false;
    if (std::find(notes_.begin(), notes_.end(), why) == notes_.end()) notes_.push_back(why);
  }

  bool exact() const { return exact_; }
  bool fallback() const { return fallback_; }
  const std::vector<std::string>& notes() const { return notes_; }

  // Coupled sets make the counting's state the counts of several blocks at once;
  // past a few of them each is loosened to what it allows piece by piece (a
  // superset, so the sampler, which replays every draw, stays exact in law).
  bool loosen_coupled() const {
    long double product = 1;
    int coupled = 0;
    for (const auto& c : comps_)
      if (c.slots.size() > 1) {
        ++coupled;
        product *= static_cast<long double>(c.tuples.size());
      }
    return coupled > 2 || product > 4096;
  }

  SetupCounter make_counter() const {
    const bool loosen = loosen_coupled();
    std::vector<std::vector<int>> counts;
    for (const auto& b : replay_->blocks()) counts.push_back(b.counts);
    std::map<std::pair<int, std::vector<PieceType>>, std::size_t> group_index;
    std::vector<CountGroup> groups;
    std::vector<CountCoupled> coupled;
    for (const auto& c : comps_) {
      if (c.slots.empty()) continue;
      if (c.slots.size() == 1 || loosen) {
        for (std::size_t j = 0; j < c.slots.size(); ++j) {
          std::vector<PieceType> allowed;
          for (const auto& t : c.tuples)
            if (std::find(allowed.begin(), allowed.end(), t[j]) == allowed.end()) allowed.push_back(t[j]);
          add_to_group(groups, group_index, replay_->slots()[static_cast<std::size_t>(c.slots[j])].block,
                       std::move(allowed), c.slots[j]);
        }
        continue;
      }
      CountCoupled cu{c.slots, {}, c.tuples};
      for (int s : c.slots) cu.slot_block.push_back(replay_->slots()[static_cast<std::size_t>(s)].block);
      coupled.push_back(std::move(cu));
    }
    return SetupCounter(std::move(counts), std::move(groups), std::move(coupled), replay_->slots().size());
  }

 private:
  std::optional<std::string> init() {
    const auto& slots = replay_->slots();
    comp_of_.assign(slots.size(), -1);
    current_.assign(slots.size(), 0);
    for (std::size_t s = 0; s < slots.size(); ++s) {
      const Block& b = replay_->blocks()[static_cast<std::size_t>(slots[s].block)];
      Component c{{static_cast<int>(s)}, {}};
      for (std::size_t t = 0; t < types_; ++t)
        if (b.counts[t] > 0 && !game_->check_placement(slots[s].owner, {static_cast<PieceType>(t), slots[s].square}))
          c.tuples.push_back({static_cast<PieceType>(t)});
      if (c.tuples.empty()) return "no piece of the roster may stand on a hidden piece's setup square";
      comp_of_[s] = static_cast<int>(comps_.size());
      current_[s] = c.tuples[0][0];
      comps_.push_back(std::move(c));
    }
    return std::nullopt;
  }

  // Keeps the tuples with `type` at `slot`; false when none is left.
  bool restrict(int slot, PieceType type) {
    const int ci = comp_of_[static_cast<std::size_t>(slot)];
    auto& c = comps_[static_cast<std::size_t>(ci)];
    const auto j = static_cast<std::size_t>(std::find(c.slots.begin(), c.slots.end(), slot) - c.slots.begin());
    std::erase_if(c.tuples, [&](const auto& tuple) { return tuple[j] != type; });
    if (c.tuples.empty()) return false;
    if (current_[static_cast<std::size_t>(slot)] == type) return true;
    auto next = current_;
    if (!reassign(next, c.slots, c.tuples[0], nullptr)) return false;
    current_ = std::move(next);
    return true;
  }

  // The learning's replays log the identity questions asked, so a trial can
  // start from the candidate's replay (StreamReplay::start_from).
  static ReplayCursor logging_cursor() {
    ReplayCursor c;
    c.reads.on = true;
    return c;
  }

  int merge(const std::vector<int>& ids) {
    int into = ids[0];
    for (std::size_t k = 1; k < ids.size(); ++k) {
      auto& a = comps_[static_cast<std::size_t>(into)];
      auto& b = comps_[static_cast<std::size_t>(ids[k])];
      std::vector<std::vector<PieceType>> product;
      for (const auto& x : a.tuples)
        for (const auto& y : b.tuples) {
          auto t = x;
          t.insert(t.end(), y.begin(), y.end());
          product.push_back(std::move(t));
        }
      a.tuples = std::move(product);
      for (int s : b.slots) {
        a.slots.push_back(s);
        comp_of_[static_cast<std::size_t>(s)] = into;
      }
      b.slots.clear();
      b.tuples.clear();
    }
    return into;
  }

  bool allows(int slot, PieceType t) const {
    const auto& c = comps_[static_cast<std::size_t>(comp_of_[static_cast<std::size_t>(slot)])];
    if (c.slots.size() != 1) return false;
    return std::any_of(c.tuples.begin(), c.tuples.end(), [&](const auto& tuple) { return tuple[0] == t; });
  }

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
                std::vector<int>* moved) const {
    std::vector<bool> fixed(assign.size(), false);
    std::map<int, std::vector<int>> surplus;  // per block, per identity: too many (> 0) or too few (< 0)
    for (std::size_t j = 0; j < slots.size(); ++j) {
      const auto s = static_cast<std::size_t>(slots[j]);
      fixed[s] = true;
      if (assign[s] == want[j]) continue;
      auto& d = surplus.try_emplace(replay_->slots()[s].block, std::vector<int>(types_, 0)).first->second;
      --d[static_cast<std::size_t>(assign[s])];
      ++d[static_cast<std::size_t>(want[j])];
      assign[s] = want[j];
    }
    for (auto& [block, d] : surplus)
      for (std::size_t e = 0; e < types_; ++e)
        while (d[e] > 0) {
          bool done = false;
          for (int pass = 0; pass < 2 && !done; ++pass) {
            // BFS over identities, from e to the first one in deficit.
            std::vector<int> via(types_, -2), from(types_, -1);
            std::vector<PieceType> queue{static_cast<PieceType>(e)};
            via[e] = -1;
            int target = -1;
            for (std::size_t head = 0; head < queue.size() && target < 0; ++head) {
              const PieceType a = queue[head];
              for (int u : replay_->blocks()[static_cast<std::size_t>(block)].slots) {
                const auto uu = static_cast<std::size_t>(u);
                if (fixed[uu] || assign[uu] != a || (pass == 0 && named_ever_[uu])) continue;
                for (std::size_t b = 0; b < types_ && target < 0; ++b) {
                  if (via[b] != -2 || !allows(u, static_cast<PieceType>(b))) continue;
                  via[b] = u;
                  from[b] = a;
                  queue.push_back(static_cast<PieceType>(b));
                  if (d[b] < 0) target = static_cast<int>(b);
                }
                if (target >= 0) break;
              }
            }
            if (target < 0) continue;
            for (auto b = static_cast<PieceType>(target); via[static_cast<std::size_t>(b)] != -1;) {
              const int u = via[static_cast<std::size_t>(b)];
              const auto a = static_cast<PieceType>(from[static_cast<std::size_t>(b)]);
              assign[static_cast<std::size_t>(u)] = b;
              if (moved) moved->push_back(u);
              b = a;
            }
            --d[e];
            ++d[static_cast<std::size_t>(target)];
            done = true;
          }
          if (!done) return false;
        }
    return true;
  }

  // Puts the component's identities back among its tuples (after the tuples
  // shrank), keeping the counts; false when no chain allows it.
  bool conform(int comp) {
    const auto& c = comps_[static_cast<std::size_t>(comp)];
    if (c.tuples.empty()) return false;
    std::vector<PieceType> now;
    for (int s : c.slots) now.push_back(current_[static_cast<std::size_t>(s)]);
    if (std::find(c.tuples.begin(), c.tuples.end(), now) != c.tuples.end()) return true;
    for (const auto& tuple : c.tuples) {
      auto next = current_;
      if (reassign(next, c.slots, tuple, nullptr)) {
        current_ = std::move(next);
        return true;
      }
    }
    return false;
  }

  // Whether any block of these slots has pieces decided jointly outside them.
  bool joint_in_blocks(const std::vector<int>& slots) const {
    for (int s : slots) {
      const int own = comp_of_[static_cast<std::size_t>(s)];
      for (int u : replay_->blocks()[static_cast<std::size_t>(replay_->slots()[static_cast<std::size_t>(s)].block)].slots) {
        const int c = comp_of_[static_cast<std::size_t>(u)];
        if (c != own && comps_[static_cast<std::size_t>(c)].slots.size() > 1) return true;
      }
    }
    return false;
  }

  // Whether the slots a failed replay names are decided by `comp` alone (the
  // others it names are certain).
  bool attributable(const std::vector<int>& named, int comp) const {
    if (named.empty()) return false;
    for (int s : named) {
      const int c = comp_of_[static_cast<std::size_t>(s)];
      if (c != comp && comps_[static_cast<std::size_t>(c)].tuples.size() > 1) return false;
    }
    return true;
  }

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
  bool tree_identities(int comp, int slot, PieceType type, std::vector<int>& slots, std::vector<PieceType>& want) const {
    std::vector<std::pair<int, std::pair<int, PieceType>>> queue{{comp, {slot, type}}};
    std::vector<int> done;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const auto [ci, need] = queue[head];
      if (std::find(done.begin(), done.end(), ci) != done.end()) continue;
      done.push_back(ci);
      const auto& c = comps_[static_cast<std::size_t>(ci)];
      const auto j = static_cast<std::size_t>(std::find(c.slots.begin(), c.slots.end(), need.first) - c.slots.begin());
      std::vector<PieceType> now;
      for (int s : c.slots) now.push_back(current_[static_cast<std::size_t>(s)]);
      const std::vector<PieceType>* pick = nullptr;
      if (now[j] == need.second && std::find(c.tuples.begin(), c.tuples.end(), now) != c.tuples.end()) pick = &now;
      for (std::size_t i = 0; i < c.tuples.size() && !pick; ++i)
        if (c.tuples[i][j] == need.second) pick = &c.tuples[i];
      if (!pick) return false;
      const std::vector<PieceType> chosen = *pick;
      for (std::size_t k = 0; k < c.slots.size(); ++k) {
        slots.push_back(c.slots[k]);
        want.push_back(chosen[k]);
      }
      for (const auto& e : edges_) {
        for (int side = 0; side < 2; ++side) {
          const int mine = side == 0 ? e.a : e.b, other = side == 0 ? e.b : e.a;
          const auto k = std::find(c.slots.begin(), c.slots.end(), mine);
          if (k == c.slots.end()) continue;
          const int oc = comp_of_[static_cast<std::size_t>(other)];
          if (std::find(done.begin(), done.end(), oc) != done.end()) continue;
          const PieceType t = chosen[static_cast<std::size_t>(k - c.slots.begin())];
          // The other piece: its current identity when the battle allows it, else the first allowed.
          std::optional<PieceType> ot;
          const PieceType cur = current_[static_cast<std::size_t>(other)];
          for (const auto& [pa, pb] : e.pairs) {
            const PieceType m = side == 0 ? pa : pb, o = side == 0 ? pb : pa;
            if (m != t) continue;
            if (!ot || o == cur) ot = o;
          }
          if (!ot) return false;
          queue.push_back({oc, {other, *ot}});
        }
      }
    }
    return true;
  }

  bool same_tree(int ca, int cb) const {
    std::vector<int> reach{ca};
    for (std::size_t head = 0; head < reach.size(); ++head)
      for (const auto& e : edges_) {
        const int x = comp_of_[static_cast<std::size_t>(e.a)], y = comp_of_[static_cast<std::size_t>(e.b)];
        for (const int next : {x == reach[head] ? y : -1, y == reach[head] ? x : -1})
          if (next >= 0 && std::find(reach.begin(), reach.end(), next) == reach.end()) reach.push_back(next);
      }
    return std::find(reach.begin(), reach.end(), cb) != reach.end();
  }

  // A battle between pieces of two components too large to list together (a
  // chain of outcome-only battles): every pair of identities the two named
  // pieces may have is tried, the rest of their trees agreeing (tree_identities);
  // a pair is ruled out only when its replay fails at this group's events and
  // those name no unknown piece but the two. The pairs kept become an edge.
  EdgeLearned learn_edge(std::size_t g, const std::vector<int>& open, const std::vector<int>& named, std::size_t limit) {
    EdgeLearned out;
    int ends[2] = {-1, -1};
    for (int k = 0; k < 2; ++k)
      for (int s : named)
        if (comp_of_[static_cast<std::size_t>(s)] == open[static_cast<std::size_t>(k)]) {
          if (ends[k] >= 0 && ends[k] != s) return out;  // two pieces of one component: not a battle of two
          ends[k] = s;
        }
    if (ends[0] < 0 || ends[1] < 0 || same_tree(open[0], open[1])) return out;
    auto values = [&](int comp, int slot) {
      const auto& c = comps_[static_cast<std::size_t>(comp)];
      const auto j = static_cast<std::size_t>(std::find(c.slots.begin(), c.slots.end(), slot) - c.slots.begin());
      std::vector<PieceType> v;
      for (const auto& t : c.tuples)
        if (std::find(v.begin(), v.end(), t[j]) == v.end()) v.push_back(t[j]);
      return v;
    };
    const auto va = values(open[0], ends[0]), vb = values(open[1], ends[1]);
    out.tried = true;
    Edge edge{ends[0], ends[1], {}};
    const std::size_t n = replay_->stream().size();
    for (PieceType ta : va)
      for (PieceType tb : vb) {
        std::vector<int> slots;
        std::vector<PieceType> want;
        auto trial = current_;
        if (!tree_identities(open[0], ends[0], ta, slots, want) || !tree_identities(open[1], ends[1], tb, slots, want) ||
            !reassign(trial, slots, want, nullptr)) {
          edge.pairs.emplace_back(ta, tb);  // not tried: kept (the proposal stays a superset)
          continue;
        }
        if (++replays_ > options_->max_replays) {
          fallback_ = true;
          give_up("the replay budget for learning ran out (the rest is sampled)");
          out.passing.reset();
          return out;
        }
        ReplayTrace ttr;
        ReplayCursor tc;
        const ReplayRun r = replay_->advance(*info_, trial, tc, limit, &ttr);
        if (r.consistent) {
          if (!out.passing) {
            out.passing = trial;
            out.cursor = std::move(tc);
            out.named = ttr.named[g];
          }
          edge.pairs.emplace_back(ta, tb);
          continue;
        }
        bool attributed = replay_->group_of(std::min(r.failed_event, n - 1)) == g && !r.failed_named.empty();
        for (int s : r.failed_named) {
          const int c = comp_of_[static_cast<std::size_t>(s)];
          if (c != open[0] && c != open[1] && comps_[static_cast<std::size_t>(c)].tuples.size() > 1) attributed = false;
        }
        if (!attributed) edge.pairs.emplace_back(ta, tb);
      }
    // Each end keeps the identities some pair allows.
    for (int k = 0; k < 2; ++k) {
      auto& c = comps_[static_cast<std::size_t>(open[static_cast<std::size_t>(k)])];
      const auto j = static_cast<std::size_t>(std::find(c.slots.begin(), c.slots.end(), ends[k]) - c.slots.begin());
      std::erase_if(c.tuples, [&](const auto& tuple) {
        return std::none_of(edge.pairs.begin(), edge.pairs.end(),
                            [&](const auto& p) { return (k == 0 ? p.first : p.second) == tuple[j]; });
      });
    }
    edges_.push_back(std::move(edge));
    return out;
  }

  // One command (group) at a time: what it shows fixes identities, and the
  // pieces it names are tried with every identity they may still have.
  void learn_group(std::size_t g) {
    const std::size_t n = replay_->stream().size();
    {
      const std::size_t limit = replay_->group_end(g);
      bool settled = false;
      // The replay of the candidate through this group, and the slots the group names in it.
      ReplayCursor settled_cursor;
      std::vector<int> settled_named;
      for (int attempt = 0; attempt < 8 && !settled && !fallback_; ++attempt) {
        ReplayTrace tr;
        // The candidate's replay of the groups before continues when it is still the candidate.
        const bool continued = cursor_valid_ && cursor_types_ == current_ && cursor_;
        ReplayCursor rc = continued ? *cursor_ : logging_cursor();
        // The candidate's replay before this group, where trials may start.
        const ReplayCursor* earlier = continued ? cursor_.get() : nullptr;
        const ReplayRun run = replay_->advance(*info_, current_, rc, limit, &tr);
        bool changed = false;
        for (const auto& [slot, type] : tr.shown) {
          if (current_[static_cast<std::size_t>(slot)] != type) changed = true;
          if (!restrict(slot, type)) {
            fallback_ = true;
            give_up("the stream shows an identity no counted setup allows");
          }
        }
        if (fallback_) break;
        if (changed) continue;
        const std::size_t failed_group = run.consistent ? g : replay_->group_of(std::min(run.failed_event, n - 1));
        std::vector<int> named = tr.named[g];
        if (!run.consistent) {
          named.insert(named.end(), run.failed_named.begin(), run.failed_named.end());
          named.insert(named.end(), tr.named[failed_group].begin(), tr.named[failed_group].end());
        }
        std::vector<int> open;  // components still undecided
        for (int s : named) {
          const int c = comp_of_[static_cast<std::size_t>(s)];
          if (comps_[static_cast<std::size_t>(c)].tuples.size() > 1 && std::find(open.begin(), open.end(), c) == open.end())
            open.push_back(c);
        }
        auto settle_here = [&] {
          settled = true;
          settled_cursor = std::move(rc);
          settled_named = tr.named[g];
        };
        if (open.empty()) {
          if (run.consistent) settle_here();
          else break;
          continue;
        }
        std::size_t product = 1;
        for (int c : open) product *= comps_[static_cast<std::size_t>(c)].tuples.size();
        if (product > options_->max_tuples) {
          give_up("pieces that only fought face down are tried together beyond the exact limit");
          if (open.size() == 2) {
            const EdgeLearned e = learn_edge(g, open, tr.named[g], limit);
            if (e.tried) {
              if (!e.passing) break;
              current_ = std::move(*e.passing);
              settled = true;
              settled_cursor = std::move(*e.cursor);
              settled_named = e.named;
              continue;
            }
          }
          if (run.consistent) settle_here();
          else break;
          continue;
        }
        const int comp = merge(open);
        auto& c = comps_[static_cast<std::size_t>(comp)];
        std::vector<std::vector<PieceType>> kept;
        std::optional<std::vector<PieceType>> passing;
        ReplayCursor passing_cursor;
        std::vector<int> passing_named;
        std::vector<std::pair<int, PieceType>> learned;
        bool unattributed = false;
        for (const auto& tuple : c.tuples) {
          auto trial = current_;
          std::vector<int> moved;
          if (!reassign(trial, c.slots, tuple, &moved)) {
            // With single pieces only, no chain means no setup has these identities
            // (an alternating path exists whenever another assignment does).
            if (!joint_in_blocks(c.slots)) continue;
            give_up("an identity could only be tried by changing pieces decided jointly");
            kept.push_back(tuple);
            continue;
          }
          ReplayTrace ttr;
          if (++replays_ > options_->max_replays) {
            fallback_ = true;
            give_up("the replay budget for learning ran out (the rest is sampled)");
            break;
          }
          // The trial replays only from the first command whose identity
          // questions it answers otherwise (the candidate's replay has the rest;
          // stream_replay.h, start_from): the same run from there on.
          ReplayCursor tc = replay_->start_from(current_, rc, earlier, trial, limit);
          const ReplayRun r = replay_->advance(*info_, trial, tc, limit, &ttr);
          // A trial that got further may show pieces the start could not reach.
          for (const auto& shown : ttr.shown)
            if (comp_of_[static_cast<std::size_t>(shown.first)] != comp &&
                current_[static_cast<std::size_t>(shown.first)] != shown.second)
              learned.push_back(shown);
          if (r.consistent) {
            if (!passing) {
              passing = trial;
              passing_cursor = std::move(tc);
              passing_named = ttr.named[g];
            }
            kept.push_back(tuple);
            continue;
          }
          std::vector<int> why = r.failed_named;
          const auto& also = tr.named[replay_->group_of(std::min(r.failed_event, n - 1))];
          why.insert(why.end(), also.begin(), also.end());
          if (attributable(why, comp)) continue;
          unattributed = true;
          kept.push_back(tuple);
        }
        if (fallback_) break;
        c.tuples = std::move(kept);
        if (!passing && !learned.empty()) {
          if (!conform(comp)) {
            fallback_ = true;
            give_up("no counted setup keeps the identities learned so far");
            break;
          }
          for (const auto& [slot, type] : learned)
            if (!restrict(slot, type)) {
              fallback_ = true;
              give_up("the stream shows an identity no counted setup allows");
            }
          continue;
        }
        if (!passing) break;
        if (unattributed) give_up("a replay stopped where the pieces tried were not the only unknown ones");
        current_ = std::move(*passing);
        settled = true;
        settled_cursor = std::move(passing_cursor);
        settled_named = std::move(passing_named);
      }
      if (settled) {
        for (int s : settled_named) named_ever_[static_cast<std::size_t>(s)] = true;
        cursor_ = std::make_shared<ReplayCursor>(std::move(settled_cursor));
        cursor_types_ = current_;
        cursor_valid_ = true;
      }
      if (!settled && !fallback_) {
        fallback_ = true;
        give_up("a command's outcome depends on pieces it does not name (sampled with the whole match replayed)");
      }
    }
  }

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

// A draw kept with its replay (the verification draws and the sampler's
// accepted ones), advanced as the stream grows.
struct Particle {
  std::vector<PieceType> types;
  ReplayCursor cursor;
  // The fresh draw it descends from (rejuvenation copies a draw and moves it):
  // particles of one ancestor are correlated, so the standard errors count
  // ancestors, not particles (see the sampler in Analyzer::analysis).
  std::uint64_t ancestor = 0;
};

void collect(Analysis& a, const StreamReplay& replay, const Match& final, const std::vector<int>& id_slot,
             const std::vector<std::vector<double>>& p, const std::vector<std::vector<double>>& se,
             const std::vector<std::vector<double>>& proposal) {
  const MatchState& s = final.state();
  auto add = [&](int id, Square square, int removed_index) {
    const Piece& piece = s.pieces[static_cast<std::size_t>(id)];
    if (may_see(piece, a.viewer)) return;
    if (static_cast<std::size_t>(id) >= id_slot.size() || id_slot[static_cast<std::size_t>(id)] < 0) return;
    const auto slot = static_cast<std::size_t>(id_slot[static_cast<std::size_t>(id)]);
    PieceOdds odds{piece.owner, square, removed_index, replay.slots()[slot].square, p[slot], se[slot], {}};
    for (double q : proposal[slot]) odds.possible.push_back(q > 0);
    a.pieces.push_back(std::move(odds));
  };
  for (std::size_t sq = 0; sq < s.board.size(); ++sq)
    if (s.board[sq] >= 0) add(s.board[sq], static_cast<Square>(sq), -1);
  for (std::size_t o = 0; o < 2; ++o)
    for (std::size_t i = 0; i < s.removed[o].size(); ++i) add(s.removed[o][i], kNoSquare, static_cast<int>(i));
}

}  // namespace

struct Analyzer::State {
  State(const GameInfo& i, Viewer v, const AnalysisOptions& o) : info(i), viewer(v), options(o) {}
  GameInfo info;
  Viewer viewer;
  AnalysisOptions options;
  std::size_t events = 0;
  std::optional<std::string> error;  // the stream's shape, for good
  std::optional<StreamReplay> replay;
  std::unique_ptr<Game> game;
  std::optional<Learner> learned;        // the groups that are over
  // The last analysis() learned the then-last group on a copy: when the next
  // event begins a new group, that group is over as learned, and the copy
  // becomes the learning kept (it saw exactly the events the group has).
  std::optional<Learner> last;
  std::size_t last_events = 0;
  std::optional<std::string> start_error;  // the slots allow no setup (until a new block)
  std::size_t blocks = 0;
  std::uint64_t rng = 0;
  std::vector<Particle> verifiers, accepted;
  std::uint64_t ancestors = 0;  // fresh draws made so far (each particle's ancestor id)
  CountCache counts;  // the counting of clusters whose constraints did not change

  // A new block: the learning starts afresh over every slot.
  void restart() {
    blocks = replay->blocks().size();
    learned.emplace(info, *replay, options, *game);
    start_error = learned->start();
    rng = options.seed * 0x9E3779B97F4A7C15ull + 0x5DEECE66Dull;
    verifiers.clear();
    accepted.clear();
    counts.entries.clear();
    last.reset();
  }
};

Analyzer::Analyzer(const GameInfo& info, Viewer viewer, const AnalysisOptions& options)
    : state_(std::make_unique<State>(info, viewer, options)) {
  if (viewer == kReferee) state_->error = "the referee sees every piece: nothing to deduce";
}
Analyzer::Analyzer(Analyzer&&) noexcept = default;
Analyzer& Analyzer::operator=(Analyzer&&) noexcept = default;
Analyzer::~Analyzer() = default;

std::size_t Analyzer::events() const { return state_->events; }

void Analyzer::push(const Event& event) {
  State& st = *state_;
  ++st.events;
  if (st.error) return;
  if (!st.replay) {
    auto started = StreamReplay::start(st.info, event, st.viewer);
    if (auto* err = std::get_if<std::string>(&started)) {
      st.error = *err;
      return;
    }
    st.replay.emplace(std::move(std::get<StreamReplay>(started)));
    const auto* opened = std::get_if<Opened>(&event.body);
    st.game = st.info.make(resolve_options(st.info, opened->preset, opened->options).options);
    st.restart();
    return;
  }
  if (auto err = st.replay->append(event)) {
    st.error = *err;
    return;
  }
  const std::size_t groups = st.replay->groups();
  if (st.replay->blocks().size() != st.blocks) {
    st.restart();
  } else if (st.last && st.last_events + 1 == st.replay->stream().size() &&
             st.replay->group_of(st.last_events) != st.replay->group_of(st.last_events - 1)) {
    st.learned = std::move(st.last);
  }
  st.last.reset();
  // Every group but the last is over: learn it once, for good.
  if (!st.start_error) st.learned->learn_to(groups - 1);
}

Analysis Analyzer::analysis() {
  State& st = *state_;
  Analysis a;
  a.viewer = st.viewer;
  a.events = st.events;
  if (!st.error && !st.replay) st.error = "the stream is empty";
  if (st.error) {
    a.error = st.error;
    return a;
  }
  if (st.start_error) {
    a.error = st.start_error;
    return a;
  }
  const StreamReplay& replay = *st.replay;
  const std::size_t size = replay.stream().size();
  const std::size_t types = st.game->roster().size();
  const AnalysisOptions& options = st.options;
  // The last group may still grow: it is learned on a copy.
  Learner work = *st.learned;
  work.learn_to(replay.groups());
  st.last = work;
  st.last_events = size;
  const Match* final = nullptr;
  std::vector<int> id_slot;
  if (!work.fallback()) {
    if (ReplayCursor* c = work.current_replay()) {
      final = &*c->match;
      id_slot = c->id_slot;
    } else {
      work.give_up("the identities learned one command at a time do not replay the whole stream");
    }
  }
  if (work.loosen_coupled()) work.give_up("many pieces fought face down: their joint identities are sampled");
  SetupCounter counter = work.make_counter();
  counter.use_cache(&st.counts);
  if (counter.total() <= 0) {
    a.error = "no setup the game allows gives this stream";
    return a;
  }
  const auto proposal = counter.marginals(types);
  // A kept accepted draw stays when the counting still allows it and it still
  // replays (then it is a uniform draw of the consistent setups as they are now).
  auto advance_kept = [&](Particle& k) {
    return work.supports(k.types) && replay.advance(st.info, k.types, k.cursor, size).consistent;
  };
  auto fresh = [&] {
    Particle k{counter.draw(st.rng), {}, ++st.ancestors};
    return k;
  };
  // Where battles couple pieces beyond what the counting keeps (loosened
  // coupled sets, learned edges), fresh draws come from the battle forest:
  // exact and uniform over the setups that keep every battle learned, so they
  // mostly replay (battle_forest.h). Built once the result is known sampled.
  std::optional<BattleForest> forest;
  if (work.exact() && !work.fallback()) {
    std::vector<Particle> kept;
    for (std::size_t i = 0; i < static_cast<std::size_t>(std::max(0, options.verify_draws)) && work.exact(); ++i) {
      // A kept draw the counting still allows is a draw of it like a fresh one.
      const bool reuse = i < st.verifiers.size() && work.supports(st.verifiers[i].types);
      Particle k = reuse ? std::move(st.verifiers[i]) : fresh();
      if (!replay.advance(st.info, k.types, k.cursor, size).consistent) {
        work.give_up("a setup allowed piece by piece does not replay: the constraints are joint");
        break;
      }
      kept.push_back(std::move(k));
    }
    st.verifiers = std::move(kept);
  }
  if (options.always_sample) work.give_up("sampling was asked for");
  std::vector<std::vector<double>> p = proposal, se(replay.slots().size(), std::vector<double>(types, 0.0));
  if (!work.exact()) {
    a.method = Method::kSampled;
    std::vector<Particle> kept;
    for (auto& k : st.accepted)
      if (static_cast<int>(kept.size()) < options.samples && advance_kept(k)) kept.push_back(std::move(k));
    const int budget = !kept.empty() && options.update_draws > 0 ? std::min(options.update_draws, options.max_draws)
                                                                   : options.max_draws;
    // Events replayed by this update's fresh draws and Metropolis steps, against
    // `update_events` (a deterministic stand-in for time).
    long spent = 0;
    const long cap = options.update_events > 0 ? options.update_events : std::numeric_limits<long>::max();
    if (work.loosen_coupled() || work.has_edges()) forest.emplace(work.make_forest());
    while (static_cast<int>(kept.size()) < options.samples && a.draws < budget && spent < cap) {
      ++a.draws;
      Particle k;
      if (forest) {
        // Proposals the roster rejects cost no replay; a fresh draw gets a bounded number.
        // Against `update_events`, a proposal counts as 25 replayed events: one
        // that meets a new histogram of identities counts its unfought pieces
        // afresh (Gunjin Shogi's 16 types: about a short replay's time).
        const long before = a.proposals;
        auto types_drawn = forest->draw(st.rng, 256, &a.proposals);
        spent += 25 * (a.proposals - before);
        if (!types_drawn) continue;
        k = Particle{std::move(*types_drawn), {}, ++st.ancestors};
      } else {
        k = fresh();
      }
      const ReplayRun run = replay.advance(st.info, k.types, k.cursor, size);
      spent += static_cast<long>(run.matched) + 1;
      if (run.consistent) kept.push_back(std::move(k));
    }
    // Resample-move: when the stream killed kept draws and fresh ones are too
    // rarely consistent to replace them (outcome-only battles), survivors are
    // copied and moved by Metropolis steps that swap two identities of one block
    // and keep the swap when the whole stream still replays. The survivors are
    // uniform over the consistent setups, and a step whose target is that
    // uniform law (a symmetric proposal kept exactly when consistent) preserves
    // it, so every particle stays a uniform draw; copies of one ancestor are
    // correlated, which the standard errors below account for.
    if (!kept.empty() && static_cast<double>(kept.size()) < options.rejuvenate_below * options.samples &&
        options.rejuvenate_steps > 0) {
      const std::size_t base = kept.size();
      kept.reserve(static_cast<std::size_t>(options.samples));  // `parent` stays valid
      int steps = 0;
      const auto& slots = replay.slots();
      while (static_cast<int>(kept.size()) < options.samples && steps < options.rejuvenate_steps && spent < cap) {
        const Particle& parent = kept[splitmix64(st.rng) % base];
        Particle child{parent.types, {}, parent.ancestor};
        bool moved = false;
        for (int m = 0; m < options.rejuvenate_moves && steps < options.rejuvenate_steps; ++m) {
          ++steps;
          const std::size_t s1 = splitmix64(st.rng) % slots.size();
          const auto& block = replay.blocks()[static_cast<std::size_t>(slots[s1].block)].slots;
          const auto s2 = static_cast<std::size_t>(block[splitmix64(st.rng) % block.size()]);
          if (child.types[s1] == child.types[s2]) continue;
          auto trial = child.types;
          std::swap(trial[s1], trial[s2]);
          if (!work.supports(trial)) continue;
          ReplayCursor c;
          const ReplayRun run = replay.advance(st.info, trial, c, size);
          spent += static_cast<long>(run.matched) + 1;
          if (!run.consistent) continue;
          child.types = std::move(trial);
          child.cursor = std::move(c);
          moved = true;
        }
        if (!moved) child.cursor = parent.cursor;
        a.moves = steps;
        kept.push_back(std::move(child));
      }
    }
    st.accepted = std::move(kept);
    a.accepted = static_cast<int>(st.accepted.size());
    if (a.accepted == 0) {
      a.error = "no consistent setup among " + std::to_string(a.draws) + " draws";
      a.notes = work.notes();
      return a;
    }
    if (!final) {
      final = &*st.accepted.front().cursor.match;
      id_slot = st.accepted.front().cursor.id_slot;
    }
    std::vector<std::vector<int>> tally(replay.slots().size(), std::vector<int>(types, 0));
    for (const auto& k : st.accepted)
      for (std::size_t s = 0; s < k.types.size(); ++s) ++tally[s][static_cast<std::size_t>(k.types[s])];
    const double n = a.accepted;
    // Particles by ancestor: independent draws when every ancestor is distinct.
    std::map<std::uint64_t, std::vector<std::size_t>> families;
    for (std::size_t i = 0; i < st.accepted.size(); ++i) families[st.accepted[i].ancestor].push_back(i);
    a.independent = static_cast<int>(families.size());
    const bool independent = families.size() == st.accepted.size();
    const double g = static_cast<double>(families.size());
    for (std::size_t s = 0; s < tally.size(); ++s) {
      // The variance of the draws' rate q per type: binomial for independent
      // draws; with rejuvenated copies, the ancestors are the clusters (the
      // cluster-robust variance, from 30 ancestors up; below that each ancestor
      // counts as one draw, the conservative end).
      std::vector<double> q(types), var(types);
      double spread = 0, spread_var = 0;
      for (std::size_t t = 0; t < types; ++t) {
        q[t] = tally[s][t] / n;
        const double binomial = std::max(q[t] * (1 - q[t]), 1.0 / n) / n;
        var[t] = binomial;
        if (!independent) {
          if (families.size() >= 30) {
            double sum = 0;
            for (const auto& [id, members] : families) {
              double d = 0;
              for (std::size_t i : members) d += (st.accepted[i].types[s] == static_cast<PieceType>(t) ? 1.0 : 0.0) - q[t];
              sum += d * d;
            }
            var[t] = std::max(binomial, g / (g - 1) * sum / (n * n));
          } else {
            var[t] = std::max(q[t] * (1 - q[t]), 1.0 / g) / g;
          }
          var[t] = std::min(var[t], 0.25);  // no estimate in [0, 1] is worse than that
        }
        spread += q[t] * (1 - q[t]);
        spread_var += var[t];
      }
      // The draws' worth in independent draws, one number per piece so its odds
      // still sum to 1 (n when the draws are independent).
      const double worth = independent ? n : std::clamp(spread > 0 ? spread / spread_var : g, 1.0, n);
      for (std::size_t t = 0; t < types; ++t) {
        // The counting's odds count as `prior_draws` draws more, so a handful of
        // accepted draws is not read as certainty, nor their noise as
        // information (the effect fades as draws accumulate; docs/analysis.md,
        // Calibration, measures it).
        // Draws from the battle forest already keep every battle learned; the
        // counting's odds (battles loosened piece by piece) would only pull them
        // towards a law known to be looser, so they weigh as one draw there.
        const double alpha = std::max(0.0, forest ? options.forest_prior_draws : options.prior_draws);
        p[s][t] = (q[t] * worth + alpha * proposal[s][t]) / (worth + alpha);
        // A type the counting allows keeps an error bar even when no draw had it;
        // the bar also covers how far the counting's weight moved the estimate
        // from the draws' own rate (the counting may allow more than the game).
        se[s][t] = proposal[s][t] > 0 && proposal[s][t] < 1 ? std::sqrt(var[t]) + std::abs(p[s][t] - q[t]) : 0.0;
      }
    }
  }
  a.notes = work.notes();
  collect(a, replay, *final, id_slot, p, se, proposal);
  return a;
}

Analysis analyze(const GameInfo& info, const std::vector<Event>& stream, Viewer viewer,
                 const AnalysisOptions& options) {
  Analyzer analyzer(info, viewer, options);
  for (const Event& e : stream) analyzer.push(e);
  return analyzer.analysis();
}

}  // namespace facedown::analysis
