#include "analysis/battle_forest.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "analysis/count_math.h"
#include "engine/game.h"

namespace facedown::analysis {

using engine::PieceType;

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Picks an index with probability weight[i] / sum; weights.size() when all are 0.
std::size_t pick(const std::vector<long double>& weight, std::uint64_t& rng) {
  long double sum = 0;
  for (long double w : weight) sum += w;
  if (sum <= 0) return weight.size();
  long double target = static_cast<long double>(unit_real(rng)) * sum;
  std::size_t last = weight.size();
  for (std::size_t i = 0; i < weight.size(); ++i) {
    if (weight[i] <= 0) continue;
    last = i;
    target -= weight[i];
    if (target < 0) break;
  }
  return last;
}

}  // namespace

BattleForest::~BattleForest() = default;
BattleForest::BattleForest(BattleForest&&) noexcept = default;

BattleForest::BattleForest(std::vector<std::vector<int>> counts, std::vector<CountGroup> rest, std::vector<ForestNode> nodes,
                           std::vector<ForestEdge> edges, std::size_t slots, RestCountCache* cache)
    : counts_(std::move(counts)), rest_(std::move(rest)), nodes_(std::move(nodes)), slots_(slots), cache_(cache) {
  types_ = counts_.empty() ? 0 : counts_[0].size();
  if (!cache_) {
    own_cache_ = std::make_unique<RestCountCache>();
    cache_ = own_cache_.get();
  }
  // Each block's entry in the cache, keyed by what its counts depend on: the
  // slot count, the block's roster counts and its unfought groups.
  std::vector<std::vector<int>> signature(counts_.size());
  for (std::size_t b = 0; b < counts_.size(); ++b) {
    auto& key = signature[b];
    key.push_back(static_cast<int>(slots_));
    key.push_back(static_cast<int>(b));
    key.insert(key.end(), counts_[b].begin(), counts_[b].end());
    for (const auto& g : rest_)
      if (at(g.block) == b) {
        key.push_back(-1);
        key.insert(key.end(), g.slots.begin(), g.slots.end());
        key.push_back(-2);
        for (PieceType t : g.allowed) key.push_back(static_cast<int>(t));
      }
  }
  auto& blocks = cache_->blocks;
  if (blocks.size() + counts_.size() > cache_->max_blocks) {
    // Bounded: the groups of earlier forests go (a block's groups only narrow
    // as the learning goes on, so old ones rarely come back).
    for (auto it = blocks.begin(); it != blocks.end();) {
      if (std::find(signature.begin(), signature.end(), it->first) != signature.end()) {
        ++it;
        continue;
      }
      for (const auto& [h, e] : it->second.histograms) cache_->counters -= e.counter != nullptr;
      it = blocks.erase(it);
    }
  }
  for (auto& key : signature) cached_.push_back(&blocks[std::move(key)]);
  const std::size_t n = nodes_.size();
  // The forest: edges that would close a cycle are left out (a superset).
  std::vector<int> root(n);
  std::iota(root.begin(), root.end(), 0);
  auto find = [&](int x) {
    while (root[at(x)] != x) x = root[at(x)];
    return x;
  };
  std::vector<std::vector<std::size_t>> incident(n);
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const int ra = find(edges[e].a), rb = find(edges[e].b);
    if (ra == rb) continue;
    root[at(ra)] = rb;
    incident[at(edges[e].a)].push_back(e);
    incident[at(edges[e].b)].push_back(e);
  }
  parent_.assign(n, -1);
  parent_pos_.assign(n, 0);
  own_pos_.assign(n, 0);
  allow_.assign(n, {});
  first_child_.assign(n, -1);
  next_sibling_.assign(n, -1);
  std::vector<bool> seen(n, false);
  for (std::size_t r = 0; r < n; ++r) {
    if (seen[r]) continue;
    seen[r] = true;
    const std::size_t head0 = order_.size();
    order_.push_back(static_cast<int>(r));
    for (std::size_t head = head0; head < order_.size(); ++head) {
      const int u = order_[head];
      for (std::size_t e : incident[at(u)]) {
        const ForestEdge& ed = edges[e];
        const bool from_a = ed.a == u;
        const int v = from_a ? ed.b : ed.a;
        if (seen[at(v)]) continue;
        seen[at(v)] = true;
        parent_[at(v)] = u;
        parent_pos_[at(v)] = from_a ? ed.pos_a : ed.pos_b;
        own_pos_[at(v)] = from_a ? ed.pos_b : ed.pos_a;
        auto& allow = allow_[at(v)];
        allow.assign(types_ * types_, 0);
        for (const auto& [ta, tb] : ed.pairs) {
          const PieceType tp = from_a ? ta : tb, tv = from_a ? tb : ta;
          allow[at(tp) * types_ + at(tv)] = 1;
        }
        next_sibling_[at(v)] = first_child_[at(u)];
        first_child_[at(u)] = v;
        order_.push_back(v);
      }
    }
  }
  // Upward messages: beta(tuple) = its roster weight times each child's
  // message at the tuple's identity on that child's edge.
  beta_.assign(n, {});
  std::vector<std::vector<long double>> message(n, std::vector<long double>(types_, 0));
  for (auto it = order_.rbegin(); it != order_.rend(); ++it) {
    const auto u = at(*it);
    const ForestNode& node = nodes_[u];
    auto& beta = beta_[u];
    beta.assign(node.tuples.size(), 0);
    for (std::size_t i = 0; i < node.tuples.size(); ++i) {
      long double w = 1;
      for (std::size_t j = 0; j < node.slots.size() && w > 0; ++j)
        w *= static_cast<long double>(counts_[at(node.slot_block[j])][at(node.tuples[i][j])]);
      for (int c = first_child_[u]; c >= 0 && w > 0; c = next_sibling_[at(c)])
        w *= message[at(c)][at(node.tuples[i][at(parent_pos_[at(c)])])];
      beta[i] = w;
    }
    if (parent_[u] >= 0)
      for (std::size_t t = 0; t < types_; ++t)
        for (std::size_t i = 0; i < node.tuples.size(); ++i)
          if (allow_[u][t * types_ + at(node.tuples[i][at(own_pos_[u])])]) message[u][t] += beta[i];
  }
  for (std::size_t u = 0; u < n; ++u)
    if (parent_[u] < 0 && std::all_of(beta_[u].begin(), beta_[u].end(), [](long double w) { return w <= 0; }))
      possible_ = false;
  for (std::size_t b = 0; b < counts_.size() && possible_; ++b) {
    const long double bound = block_bound(b);
    if (bound <= 0) possible_ = false;
    bound_ *= bound;
    block_bounds_.push_back(bound);
  }
}

// B_b >= N_b(counts - h) / prod_t counts_t^h_t over every histogram h the
// fought pieces of block b may take: a programme over the types like the
// counting's fill, taking the largest term over h_t at each (type, slots
// left) instead of fixing h first (a maximum of sums is at most the sum of
// maxima, so this bounds the ratio).
long double BattleForest::block_bound(std::size_t b) const {
  std::vector<int> most(types_, 0);  // fought slots of this block that may take each type
  for (const auto& node : nodes_)
    for (std::size_t j = 0; j < node.slots.size(); ++j) {
      if (at(node.slot_block[j]) != b) continue;
      std::vector<bool> may(types_, false);
      for (const auto& t : node.tuples) may[at(t[j])] = true;
      for (std::size_t t = 0; t < types_; ++t) most[t] += may[t];
    }
  // The bound depends on the block's groups and counts (its cache entry) and on `most`.
  auto& bounds = cached_[b]->bounds;
  if (auto it = bounds.find(most); it != bounds.end()) return it->second;
  if (bounds.size() >= 256) bounds.clear();
  // The programme over the types with groups merged once they agree on the
  // types left (rest_fill.h): exact for every term, so the bound is as tight
  // as the max-sum programme over every group's slots left, which Gunjin
  // Shogi's 8-9 allowed sets a block made too slow to run unmerged (it merged
  // groups past 20,000 states: a looser bound, more proposals rejected).
  std::vector<CountGroup> groups;
  for (const auto& g : rest_)
    if (at(g.block) == b) groups.push_back(g);
  const long double result = RestFill::roster_bound(groups, counts_[b], most);
  bounds.emplace(std::move(most), result);
  return result;
}

std::vector<int> BattleForest::histogram(std::size_t b, const std::vector<int>& rem) const {
  return {rem.begin() + static_cast<long>(b * types_), rem.begin() + static_cast<long>((b + 1) * types_)};
}

// One block's unfought pieces given the identities left to them (the other
// blocks empty): blocks are filled apart, so a histogram of one side that
// recurs reuses its counting whatever the other side drew.
std::shared_ptr<RestFill> BattleForest::make_rest_counter(std::size_t b, const std::vector<int>& hist) const {
  std::vector<CountGroup> groups;
  for (const auto& g : rest_)
    if (at(g.block) == b) groups.push_back(g);
  return std::make_shared<RestFill>(groups, hist);
}

// Keeps a counter for step 3's draws; past max_counters every kept counter
// goes (their totals stay): memory stays bounded, and the histograms in use
// come back at once.
void BattleForest::keep(RestCountCache::Entry& e, std::shared_ptr<RestFill> counter) const {
  if (e.counter) return;
  if (cache_->counters >= cache_->max_counters) {
    for (auto& [sig, block] : cache_->blocks)
      for (auto& [h, entry] : block.histograms) entry.counter.reset();
    cache_->counters = 0;
  }
  e.counter = std::move(counter);
  ++cache_->counters;
}

bool BattleForest::rest_known(std::size_t b, const std::vector<int>& rem) const {
  const auto& h = cached_[b]->histograms;
  auto it = h.find(histogram(b, rem));
  return it != h.end() && it->second.total >= 0;
}

long double BattleForest::rest_total(std::size_t b, const std::vector<int>& rem) const {
  auto& histograms = cached_[b]->histograms;
  auto key = histogram(b, rem);
  auto it = histograms.find(key);
  if (it != histograms.end() && it->second.total >= 0) return it->second.total;
  // Memory stays bounded: max_histograms totals per block's groups, and
  // max_counters counters (each with its programme's memo) in all (keep()).
  if (histograms.size() >= cache_->max_histograms) {
    for (const auto& [h, e] : histograms) cache_->counters -= e.counter != nullptr;
    histograms.clear();
  }
  auto counter = make_rest_counter(b, key);
  const long double total = counter->total();
  ++cache_->countings;
  cache_->states += static_cast<long double>(counter->states());
  RestCountCache::Entry& e = histograms[std::move(key)];
  e.total = total;
  keep(e, std::move(counter));
  return total;
}

std::shared_ptr<RestFill> BattleForest::rest_counter(std::size_t b, const std::vector<int>& rem) const {
  auto& histograms = cached_[b]->histograms;
  auto key = histogram(b, rem);
  auto it = histograms.find(key);
  if (it != histograms.end() && it->second.counter) return it->second.counter;
  auto counter = make_rest_counter(b, key);
  if (it != histograms.end()) keep(it->second, counter);
  return counter;
}

std::optional<std::vector<PieceType>> BattleForest::draw(std::uint64_t& rng, int max_tries, long* tries) const {
  if (!possible_) return std::nullopt;
  std::vector<std::size_t> chosen(nodes_.size(), 0);
  std::vector<long double> weight, power_b, known;
  for (int attempt = 0; attempt < max_tries; ++attempt) {
    if (tries) ++*tries;
    // 1. The nodes, top-down: a root by its weight, a child given its parent's
    //    identity on their edge.
    for (int u : order_) {
      const ForestNode& node = nodes_[at(u)];
      weight = beta_[at(u)];
      if (parent_[at(u)] >= 0) {
        const auto pt = at(nodes_[at(parent_[at(u)])].tuples[chosen[at(parent_[at(u)])]][at(parent_pos_[at(u)])]);
        for (std::size_t i = 0; i < weight.size(); ++i)
          if (!allow_[at(u)][pt * types_ + at(node.tuples[i][at(own_pos_[at(u)])])]) weight[i] = 0;
      }
      chosen[at(u)] = pick(weight, rng);
    }
    // 2. Kept with probability N(rest) / (prod counts^h * B).
    std::vector<int> rem;
    for (const auto& c : counts_) rem.insert(rem.end(), c.begin(), c.end());
    long double power = 1;
    power_b.assign(counts_.size(), 1);
    bool fits = true;
    for (std::size_t u = 0; u < nodes_.size() && fits; ++u)
      for (std::size_t j = 0; j < nodes_[u].slots.size(); ++j) {
        const auto b = at(nodes_[u].slot_block[j]);
        const auto t = at(nodes_[u].tuples[chosen[u]][j]);
        power *= static_cast<long double>(counts_[b][t]);
        power_b[b] *= static_cast<long double>(counts_[b][t]);
        if (--rem[b * types_ + t] < 0) fits = false;
      }
    if (!fits) continue;
    // The unfought pieces without their limits take the identities left in
    // |U|! / prod rem! ways, at least N(rest): most rejections are decided by
    // that bound before any counting.
    const long double bar = static_cast<long double>(unit_real(rng)) * power * bound_;
    long double loose = 1;
    for (std::size_t b = 0; b < counts_.size(); ++b) {
      int left = 0;
      for (std::size_t t = 0; t < types_; ++t) {
        const int r = rem[b * types_ + t];
        for (int i = 1; i <= r; ++i) loose *= static_cast<long double>(++left) / static_cast<long double>(i);
      }
    }
    if (bar >= loose) continue;
    // N(rest) is the product of the blocks' counts, and each block's is at
    // most its power times its bound B_b: the blocks already counted go first,
    // and once the counts known times the others' bounds are below the bar,
    // the draw is rejected as the whole product would have it, uncounted.
    known.assign(counts_.size(), -1);
    bool rejected = false;
    for (int pass = 0; pass < 2 && !rejected; ++pass)
      for (std::size_t b = 0; b < counts_.size() && !rejected; ++b) {
        if (known[b] >= 0 || (pass == 0 && !rest_known(b, rem))) continue;
        known[b] = rest_total(b, rem);
        long double upper = 1;
        for (std::size_t c = 0; c < counts_.size(); ++c) upper *= known[c] >= 0 ? known[c] : power_b[c] * block_bounds_[c];
        rejected = known[b] <= 0 || bar >= upper;
      }
    if (rejected) continue;
    long double exact = 1;
    for (std::size_t b = 0; b < counts_.size() && exact > 0; ++b) exact *= known[b];
    if (bar >= exact) continue;
    // 3. The rest, uniformly given the identities left.
    std::vector<PieceType> out(slots_, 0);
    for (std::size_t b = 0; b < counts_.size(); ++b) rest_counter(b, rem)->draw(rng, out);
    for (std::size_t u = 0; u < nodes_.size(); ++u)
      for (std::size_t j = 0; j < nodes_[u].slots.size(); ++j) out[at(nodes_[u].slots[j])] = nodes_[u].tuples[chosen[u]][j];
    return out;
  }
  return std::nullopt;
}

RestOdds::RestOdds(std::vector<std::vector<int>> counts, std::vector<CountGroup> open_groups,
                   std::vector<int> slot_block, std::vector<char> open, std::size_t types)
    : counts_(std::move(counts)),
      groups_(std::move(open_groups)),
      slot_block_(std::move(slot_block)),
      open_(std::move(open)),
      types_(types) {}

bool RestOdds::same_inputs(const RestOdds& o) const {
  if (counts_ != o.counts_ || slot_block_ != o.slot_block_ || open_ != o.open_ || types_ != o.types_ ||
      groups_.size() != o.groups_.size())
    return false;
  for (std::size_t i = 0; i < groups_.size(); ++i)
    if (groups_[i].block != o.groups_[i].block || groups_[i].slots != o.groups_[i].slots ||
        groups_[i].allowed != o.groups_[i].allowed)
      return false;
  return true;
}

const std::vector<std::pair<int, std::vector<double>>>* RestOdds::given(std::size_t block,
                                                                       const std::vector<PieceType>& types) {
  std::vector<int> rem = counts_[block];
  bool has_open = false;
  for (std::size_t s = 0; s < slot_block_.size(); ++s) {
    if (at(slot_block_[s]) != block) continue;
    if (open_[s]) {
      has_open = true;
      continue;
    }
    if (--rem[at(types[s])] < 0) return nullptr;
  }
  if (!has_open) return nullptr;
  rem.push_back(static_cast<int>(block));
  auto it = memo_.find(rem);
  if (it == memo_.end()) {
    // The other blocks are left empty: their groups are not counted here.
    std::vector<std::vector<int>> counts(counts_.size(), std::vector<int>(types_, 0));
    counts[block].assign(rem.begin(), rem.end() - 1);
    std::vector<CountGroup> groups;
    for (const auto& g : groups_)
      if (at(g.block) == block) groups.push_back(g);
    const SetupCounter counter(std::move(counts), groups, {}, slot_block_.size());
    std::optional<std::vector<std::pair<int, std::vector<double>>>> rows;
    if (counter.total() > 0) {
      const auto m = counter.marginals(types_);
      rows.emplace();
      for (const auto& g : groups)
        for (int s : g.slots) rows->emplace_back(s, m[at(s)]);
    }
    it = memo_.emplace(std::move(rem), std::move(rows)).first;
  }
  return it->second ? &*it->second : nullptr;
}

}  // namespace facedown::analysis
