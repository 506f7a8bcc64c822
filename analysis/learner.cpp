#include "analysis/learner.h"

#include <algorithm>
#include <map>

namespace facedown::analysis {

using namespace facedown::engine;

namespace {

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

// Merges groups of one block until the product of their (slots + 1) is at
// most kForestStates. The forest counts and draws the unfought pieces by
// types with groups merged exactly once they agree on the types left
// (rest_fill.h: Gunjin Shogi's blocks of 8-9 allowed sets, 23,000-69,000
// states over every group's slots left, take at most ~300 a count), so this
// is a safety net (the live bench's largest product is 104,976, Gunjin's,
// and its counts fill under 300 states). Merging is lossy (a merged
// slot may be drawn as an identity its own set did not allow, a superset the
// replay then rejects: with it at 4,000, no Gunjin forest draw late in a match
// was allowed by the learning, docs/performance.md), so it goes only past a
// programme far larger than any game's. The two groups whose union frees the
// fewest slot-identities go first.
constexpr double kForestStates = 1e6;

void coarsen(std::vector<CountGroup>& groups, double limit) {
  std::map<int, std::vector<std::size_t>> by_block;
  for (std::size_t i = 0; i < groups.size(); ++i) by_block[groups[i].block].push_back(i);
  std::vector<bool> gone(groups.size(), false);
  for (auto& [block, ids] : by_block) {
    auto states = [&] {
      double p = 1;
      for (std::size_t i : ids) p *= static_cast<double>(groups[i].slots.size() + 1);
      return p;
    };
    while (ids.size() > 1 && states() > limit) {
      std::size_t bi = 0, bj = 1;
      long best = -1;
      for (std::size_t x = 0; x < ids.size(); ++x)
        for (std::size_t y = x + 1; y < ids.size(); ++y) {
          const auto& a = groups[ids[x]];
          const auto& b = groups[ids[y]];
          long both = 0;
          for (PieceType t : b.allowed) both += std::find(a.allowed.begin(), a.allowed.end(), t) != a.allowed.end();
          const long uni = static_cast<long>(a.allowed.size() + b.allowed.size()) - both;
          const long freed = static_cast<long>(a.slots.size()) * (uni - static_cast<long>(a.allowed.size())) +
                             static_cast<long>(b.slots.size()) * (uni - static_cast<long>(b.allowed.size()));
          if (best < 0 || freed < best) {
            best = freed;
            bi = x;
            bj = y;
          }
        }
      auto& a = groups[ids[bi]];
      auto& b = groups[ids[bj]];
      for (PieceType t : b.allowed)
        if (std::find(a.allowed.begin(), a.allowed.end(), t) == a.allowed.end()) a.allowed.push_back(t);
      std::sort(a.allowed.begin(), a.allowed.end());
      a.slots.insert(a.slots.end(), b.slots.begin(), b.slots.end());
      gone[ids[bj]] = true;
      ids.erase(ids.begin() + static_cast<long>(bj));
    }
  }
  std::vector<CountGroup> kept;
  for (std::size_t i = 0; i < groups.size(); ++i)
    if (!gone[i]) kept.push_back(std::move(groups[i]));
  groups = std::move(kept);
}

}  // namespace

std::optional<std::string> Learner::start() {
  if (auto err = init()) return err;
  // Start from a setup the roster allows: every probe then keeps the counts.
  SetupCounter start = make_counter();
  if (start.total() <= 0) return std::string("no setup the game allows fits the pieces' squares");
  std::uint64_t rng = options_->seed;
  current_ = start.draw(rng);
  named_ever_.assign(replay_->slots().size(), false);
  return std::nullopt;
}

void Learner::learn_to(std::size_t end) {
  for (; next_group_ < end && !fallback_; ++next_group_) learn_group(next_group_);
}

bool Learner::supports(const std::vector<PieceType>& types) const {
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

BattleForest Learner::make_forest(RestCountCache* cache) const {
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
  coarsen(groups, kForestStates);
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
                      replay_->slots().size(), cache);
}

ReplayCursor* Learner::current_replay() {
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

ReplayCursor Learner::start_for(const std::vector<PieceType>& types, std::size_t limit) const {
  if (!cursor_valid_ || !cursor_ || cursor_types_ != current_) return {};
  ReplayCursor c = replay_->start_from(current_, *cursor_, cursor_.get(), types, limit);
  // The copy's questions are the candidate's: a draw's replay logs none.
  c.reads = IdentityLog{};
  return c;
}

void Learner::give_up(const std::string& why) {
  exact_ = false;
  if (std::find(notes_.begin(), notes_.end(), why) == notes_.end()) notes_.push_back(why);
}

bool Learner::loosen_coupled() const {
  long double product = 1;
  int coupled = 0;
  for (const auto& c : comps_)
    if (c.slots.size() > 1) {
      ++coupled;
      product *= static_cast<long double>(c.tuples.size());
    }
  return coupled > 2 || product > 4096;
}

bool Learner::same_constraints(const Learner& o) const {
  if (comps_.size() != o.comps_.size() || edges_.size() != o.edges_.size()) return false;
  for (std::size_t i = 0; i < comps_.size(); ++i)
    if (comps_[i].slots != o.comps_[i].slots || comps_[i].tuples != o.comps_[i].tuples) return false;
  for (std::size_t i = 0; i < edges_.size(); ++i)
    if (edges_[i].a != o.edges_[i].a || edges_[i].b != o.edges_[i].b || edges_[i].pairs != o.edges_[i].pairs) return false;
  return true;
}

SetupCounter Learner::make_counter() const {
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

std::optional<std::string> Learner::init() {
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

bool Learner::restrict(int slot, PieceType type) {
  const int ci = comp_of_[static_cast<std::size_t>(slot)];
  auto& c = comps_[static_cast<std::size_t>(ci)];
  const auto j = static_cast<std::size_t>(std::find(c.slots.begin(), c.slots.end(), slot) - c.slots.begin());
  std::erase_if(c.tuples, [&](const auto& tuple) { return tuple[j] != type; });
  if (c.tuples.empty()) return false;
  if (current_[static_cast<std::size_t>(slot)] != type) {
    auto next = current_;
    if (!reassign(next, c.slots, c.tuples[0], nullptr)) return false;
    current_ = std::move(next);
  }
  split_certain(ci);
  return true;
}

void Learner::split_certain(int comp) {
  // Only where the rules report the identity questions they ask (Number
  // Janggi): there the pieces a failed replay names are the ones that decided
  // it, so a certain piece standing alone lets a failure be put down to the
  // pieces tried. Elsewhere an outcome may depend on pieces no event names
  // (Gunjin Shogi's learning, docs/analysis.md), and the coupling is what kept
  // such a failure from ruling out an identity that is true: splitting there
  // ruled out the truth at one of 60 calibration moments.
  if (!game_->reports_identity_reads()) return;
  for (;;) {
    auto& c = comps_[static_cast<std::size_t>(comp)];
    if (c.slots.size() < 2 || c.tuples.empty()) return;
    std::size_t j = 0;
    while (j < c.slots.size() &&
           std::any_of(c.tuples.begin(), c.tuples.end(), [&](const auto& t) { return t[j] != c.tuples[0][j]; }))
      ++j;
    if (j == c.slots.size()) return;
    // Slot j has one identity in every tuple: the tuples are that identity
    // times the others' tuples (still distinct without it), so it stands alone.
    const int slot = c.slots[j];
    Component alone{{slot}, {{c.tuples[0][j]}}};
    c.slots.erase(c.slots.begin() + static_cast<long>(j));
    for (auto& t : c.tuples) t.erase(t.begin() + static_cast<long>(j));
    comp_of_[static_cast<std::size_t>(slot)] = static_cast<int>(comps_.size());
    comps_.push_back(std::move(alone));  // `c` is not used past here
  }
}

ReplayCursor Learner::logging_cursor() {
  ReplayCursor c;
  c.reads.on = true;
  return c;
}

int Learner::merge(const std::vector<int>& ids) {
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

bool Learner::allows(int slot, PieceType t) const {
  const auto& c = comps_[static_cast<std::size_t>(comp_of_[static_cast<std::size_t>(slot)])];
  if (c.slots.size() != 1) return false;
  return std::any_of(c.tuples.begin(), c.tuples.end(), [&](const auto& tuple) { return tuple[0] == t; });
}

bool Learner::reassign(std::vector<PieceType>& assign, const std::vector<int>& slots,
                       const std::vector<PieceType>& want, std::vector<int>* moved) const {
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

bool Learner::conform(int comp) {
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

bool Learner::joint_in_blocks(const std::vector<int>& slots) const {
  for (int s : slots) {
    const int own = comp_of_[static_cast<std::size_t>(s)];
    for (int u : replay_->blocks()[static_cast<std::size_t>(replay_->slots()[static_cast<std::size_t>(s)].block)].slots) {
      const int c = comp_of_[static_cast<std::size_t>(u)];
      if (c != own && comps_[static_cast<std::size_t>(c)].slots.size() > 1) return true;
    }
  }
  return false;
}

bool Learner::attributable(const std::vector<int>& named, int comp) const {
  if (named.empty()) return false;
  for (int s : named) {
    const int c = comp_of_[static_cast<std::size_t>(s)];
    if (c != comp && comps_[static_cast<std::size_t>(c)].tuples.size() > 1) return false;
  }
  return true;
}

bool Learner::tree_identities(int comp, int slot, PieceType type, std::vector<int>& slots,
                              std::vector<PieceType>& want) const {
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

bool Learner::same_tree(int ca, int cb) const {
  std::vector<int> reach{ca};
  for (std::size_t head = 0; head < reach.size(); ++head)
    for (const auto& e : edges_) {
      const int x = comp_of_[static_cast<std::size_t>(e.a)], y = comp_of_[static_cast<std::size_t>(e.b)];
      for (const int next : {x == reach[head] ? y : -1, y == reach[head] ? x : -1})
        if (next >= 0 && std::find(reach.begin(), reach.end(), next) == reach.end()) reach.push_back(next);
    }
  return std::find(reach.begin(), reach.end(), cb) != reach.end();
}

Learner::EdgeLearned Learner::learn_edge(std::size_t g, const std::vector<int>& open, const std::vector<int>& named,
                                         std::size_t limit) {
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

void Learner::learn_group(std::size_t g) {
  const std::size_t n = replay_->stream().size();
  {
    const std::size_t limit = replay_->group_end(g);
    bool settled = false;
    // The replay of the candidate through this group, and the slots the group names in it.
    ReplayCursor settled_cursor;
    std::vector<int> settled_named;
    // Undecided pieces a trial's failure named that the candidate's replay had
    // not reached (see below): named by this group from then on.
    std::vector<int> reached;
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
      named.insert(named.end(), reached.begin(), reached.end());
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
      std::vector<std::pair<int, PieceType>> passing_shown;  // what the stream shows, in the passing trial's replay
      std::vector<std::pair<int, PieceType>> learned;
      bool unattributed = false;
      std::vector<int> further;  // undecided pieces outside `comp` that failed trials named
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
            passing_shown = ttr.shown;
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
        for (int u : r.failed_named) {
          const int cu = comp_of_[static_cast<std::size_t>(u)];
          if (cu != comp && comps_[static_cast<std::size_t>(cu)].tuples.size() > 1 &&
              std::find(further.begin(), further.end(), u) == further.end())
            further.push_back(u);
        }
      }
      if (fallback_) break;
      c.tuples = std::move(kept);
      // A piece the trials left one identity (shown by the command, or the only
      // one that replays) is not coupled to the others any more: tried jointly
      // only because the candidate's replay stopped before the event that shows
      // it (a +1 refused on a candidate mine, with the mover's Blind beside it),
      // it would keep them coupled for good, and a coupled piece cannot pass on
      // an identity when another piece of its block is tried (reassign), so the
      // learning gave up further on ("the stream shows an identity no counted
      // setup allows") and the sampler found nothing consistent (issue 32).
      split_certain(comp);
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
      // A trial that got further than the candidate can meet pieces the
      // candidate's replay never named: an Aircraft's attack across the board
      // is refused for any other identity, so the candidate (not an Aircraft)
      // names only the attacker, while the Aircraft trial reaches the battle
      // and fails on the defender's identity (the outcome, or the Flag whose
      // capture ends the game). The tuples those failures ruled out stay out;
      // the candidate takes one left, and the next attempt tries the pieces
      // met there with it, jointly.
      if (!passing) {
        bool more = false;
        for (int u : further)
          if (std::find(reached.begin(), reached.end(), u) == reached.end()) {
            reached.push_back(u);
            more = true;
          }
        if (!more) break;
        if (!conform(comp)) {
          fallback_ = true;
          give_up("no counted setup keeps the identities learned so far");
          break;
        }
        continue;
      }
      if (unattributed) {
        // The candidate's replay stopped before the events that show pieces
        // (a +1 refused on a candidate mine), so the trials met a neighbour in
        // the same battle still undecided and could not rule their identities
        // out. The passing trial replays those events: what they show is the
        // stream's, whatever the candidate; the group is learned again with it
        // (the failures are then put down to the pieces tried). Without this a
        // battle beside a defender's item was left to the sampler (issue 32).
        bool narrowed = false;
        current_ = std::move(*passing);
        for (const auto& [slot, type] : passing_shown) {
          const auto& sc = comps_[static_cast<std::size_t>(comp_of_[static_cast<std::size_t>(slot)])];
          const auto j = static_cast<std::size_t>(std::find(sc.slots.begin(), sc.slots.end(), slot) - sc.slots.begin());
          narrowed = narrowed || std::any_of(sc.tuples.begin(), sc.tuples.end(), [&](const auto& t) { return t[j] != type; });
          if (!restrict(slot, type)) {
            fallback_ = true;
            give_up("the stream shows an identity no counted setup allows");
            break;
          }
        }
        if (fallback_) break;
        if (narrowed) continue;
        give_up("a replay stopped where the pieces tried were not the only unknown ones");
        settled = true;
        settled_cursor = std::move(passing_cursor);
        settled_named = std::move(passing_named);
        continue;
      }
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

}  // namespace facedown::analysis
