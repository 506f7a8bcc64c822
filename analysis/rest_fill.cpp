#include "analysis/rest_fill.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "analysis/count_math.h"
#include "engine/game.h"

namespace facedown::analysis {

using engine::PieceType;

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// Groups by the types they allow among `left` (bit t: type t): the class of
// each group and the classes' full slots (few groups: a linear search).
std::vector<int> classes(const std::vector<std::uint64_t>& masks, const std::vector<CountGroup>& groups, std::uint64_t left,
                         std::vector<int>& slots) {
  std::uint64_t keys[64];
  std::size_t n = 0;
  std::vector<int> out;
  slots.clear();
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const std::uint64_t key = masks[g] & left;
    std::size_t c = 0;
    while (c < n && keys[c] != key) ++c;
    if (c == n) {
      keys[n++] = key;  // at most 62 groups (fits())
      slots.push_back(0);
    }
    slots[c] += static_cast<int>(groups[g].slots.size());
    out.push_back(static_cast<int>(c));
  }
  return out;
}

}  // namespace

bool RestFill::fits(const std::vector<CountGroup>& groups, std::size_t types) {
  std::size_t slots = 0;
  for (const auto& g : groups) slots += g.slots.size();
  return types <= 64 && slots <= 62 && groups.size() <= 62;
}

RestFill::RestFill(const std::vector<CountGroup>& groups, std::vector<int> hist) : groups_(groups), hist_(std::move(hist)) {
  if (!fits(groups_, hist_.size())) return;  // total 0 (no game comes near)
  int slots = 0, pieces = 0;
  for (const auto& g : groups_) slots += static_cast<int>(g.slots.size());
  for (int n : hist_) pieces += n;
  if (slots != pieces || std::any_of(hist_.begin(), hist_.end(), [](int n) { return n < 0; })) return;  // total 0
  std::vector<char> left(hist_.size(), 0);
  for (std::size_t t = 0; t < hist_.size(); ++t) left[t] = hist_[t] > 0;
  plan(std::move(left));
  total_ = fill(0, start());
}

long double RestFill::roster_bound(const std::vector<CountGroup>& groups, const std::vector<int>& counts,
                                   const std::vector<int>& most) {
  if (!fits(groups, counts.size())) return 0;
  RestFill f;
  f.groups_ = groups;
  f.hist_ = counts;
  f.most_ = most;
  f.bound_ = true;
  std::vector<char> left(counts.size(), 0);
  for (std::size_t t = 0; t < counts.size(); ++t) left[t] = counts[t] > 0;
  f.plan(std::move(left));
  return f.fill(0, f.start());
}

std::uint64_t RestFill::start() const {
  std::vector<int> caps(radix_[0].size(), 0);
  for (std::size_t g = 0; g < groups_.size(); ++g) caps[at(class_of_[0][g])] += static_cast<int>(groups_[g].slots.size());
  return encode(0, caps);
}

void RestFill::plan(std::vector<char> left_types) {
  const std::size_t types = left_types.size();
  std::vector<std::uint64_t> masks;
  for (const auto& g : groups_) {
    std::uint64_t m = 0;
    for (PieceType t : g.allowed) m |= std::uint64_t{1} << at(t);
    masks.push_back(m);
  }
  std::uint64_t left = 0;
  for (std::size_t t = 0; t < types; ++t)
    if (left_types[t]) left |= std::uint64_t{1} << t;
  // The order: each next type the one whose placing leaves the fewest states
  // for the layer after it (the product of the classes' slots + 1).
  std::vector<int> scratch;
  auto states_after = [&](std::uint64_t l) {
    classes(masks, groups_, l, scratch);
    long double p = 1;
    for (int s : scratch) p *= static_cast<long double>(s + 1);
    return p;
  };
  for (std::size_t placed = 0; placed < types; ++placed) {
    long double best = -1;
    std::size_t pick = types;
    for (std::size_t t = 0; t < types; ++t) {
      if (!(left >> t & 1)) continue;
      const long double s = states_after(left & ~(std::uint64_t{1} << t));
      if (best < 0 || s < best) {
        best = s;
        pick = t;
      }
    }
    if (pick == types) break;
    // Layer `placed`: the classes before placing `pick`.
    std::vector<int> full;
    class_of_.push_back(classes(masks, groups_, left, full));
    std::vector<int> radix;
    for (int s : full) radix.push_back(s + 1);  // their product is at most 2^62 (fits())
    radix_.push_back(std::move(radix));
    std::vector<char> allows(full.size(), 0), none(full.size(), 1);
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      if (masks[g] >> pick & 1) allows[at(class_of_.back()[g])] = 1;
      if (masks[g] & left) none[at(class_of_.back()[g])] = 0;
    }
    allows_.push_back(std::move(allows));
    empty_.push_back(std::move(none));
    order_.push_back(static_cast<PieceType>(pick));
    left &= ~(std::uint64_t{1} << pick);
  }
  // The last layer: every type placed, one class (or none), which must be empty.
  std::vector<int> full;
  class_of_.push_back(classes(masks, groups_, left, full));
  std::vector<int> radix;
  for (int s : full) radix.push_back(s + 1);
  radix_.push_back(std::move(radix));
  allows_.emplace_back(full.size(), 0);
  empty_.emplace_back(full.size(), 1);
  memo_.resize(order_.size() + 1);
}

std::uint64_t RestFill::encode(std::size_t k, const std::vector<int>& caps) const {
  std::uint64_t key = 0;
  for (std::size_t c = 0; c < caps.size(); ++c) key = key * static_cast<std::uint64_t>(radix_[k][c]) + static_cast<std::uint64_t>(caps[c]);
  return key;
}

std::vector<int> RestFill::decode(std::size_t k, std::uint64_t key) const {
  std::vector<int> caps(radix_[k].size(), 0);
  for (std::size_t c = caps.size(); c-- > 0;) {
    caps[c] = static_cast<int>(key % static_cast<std::uint64_t>(radix_[k][c]));
    key /= static_cast<std::uint64_t>(radix_[k][c]);
  }
  return caps;
}

template <typename F>
void RestFill::splits(std::size_t k, const std::vector<int>& caps, int n, F&& f) const {
  // Layer k + 1's class of each of layer k's classes (classes only merge).
  std::vector<int> to(caps.size(), -1);
  for (std::size_t g = 0; g < groups_.size(); ++g) to[at(class_of_[k][g])] = class_of_[k + 1][g];
  std::vector<int> x(caps.size(), 0);
  auto rec = [&](auto&& self, std::size_t c, int left, long double ways) -> void {
    if (c == caps.size()) {
      if (left != 0) return;
      std::vector<int> next(radix_[k + 1].size(), 0);
      for (std::size_t i = 0; i < caps.size(); ++i) next[at(to[i])] += caps[i] - x[i];
      for (std::size_t i = 0; i < next.size(); ++i)
        if (empty_[k + 1][i] && next[i] > 0) return;  // slots no type left may fill
      f(x, ways, encode(k + 1, next));
      return;
    }
    if (!allows_[k][c]) {
      x[c] = 0;
      self(self, c + 1, left, ways);
      return;
    }
    for (int take = 0; take <= std::min(left, caps[c]); ++take) {
      x[c] = take;
      self(self, c + 1, left - take, ways * binomial(caps[c], take));
    }
    x[c] = 0;
  };
  rec(rec, 0, n, 1.0L);
}

long double RestFill::fill(std::size_t k, std::uint64_t key) const {
  if (k == order_.size()) return 1;  // every slot filled (splits() let no slot stay open)
  auto it = memo_[k].find(key);
  if (it != memo_[k].end()) return it->second;
  const auto caps = decode(k, key);
  const int n = hist_[at(order_[k])];
  auto sum = [&](int placed) {
    long double s = 0;
    splits(k, caps, placed, [&](const std::vector<int>&, long double ways, std::uint64_t next) { s += ways * fill(k + 1, next); });
    return s;
  };
  long double value = 0;
  if (!bound_) {
    value = sum(n);
  } else {
    // The bound: the largest term over how many of this type the fought
    // pieces took (at most `most`), each divided by n^h.
    for (int h = 0; h <= std::min(most_[at(order_[k])], n); ++h)
      value = std::max(value, sum(n - h) / std::pow(static_cast<long double>(std::max(n, 1)), h));
  }
  memo_[k].emplace(key, value);
  return value;
}

std::size_t RestFill::states() const {
  std::size_t n = 1;  // the start, even where nothing is left to place
  for (const auto& m : memo_) n += m.size();
  return n;
}

void RestFill::draw(std::uint64_t& rng, std::vector<PieceType>& out) const {
  // Each group's free slots; a class's are its groups' together.
  std::vector<std::vector<int>> free;
  for (const auto& g : groups_) free.push_back(g.slots);
  std::vector<int> caps = decode(0, start());
  for (std::size_t k = 0; k < order_.size(); ++k) {
    // The split by its weight: ways times the ways to fill what it leaves.
    const long double here = fill(k, encode(k, caps));
    long double target = static_cast<long double>(unit_real(rng)) * here;
    bool done = false;
    std::vector<int> chosen;  // the split drawn (the last one with weight, should rounding leave target >= 0)
    splits(k, caps, hist_[at(order_[k])], [&](const std::vector<int>& x, long double ways, std::uint64_t next) {
      if (done) return;
      const long double w = ways * fill(k + 1, next);
      if (w <= 0) return;
      chosen = x;
      target -= w;
      if (target < 0) done = true;
    });
    // The slots: a uniform subset of each class's free slots.
    for (std::size_t c = 0; c < caps.size(); ++c) {
      if (chosen[c] == 0) continue;
      std::vector<std::pair<std::size_t, std::size_t>> pool;  // (group, index in free)
      for (std::size_t g = 0; g < groups_.size(); ++g)
        if (at(class_of_[k][g]) == c)
          for (std::size_t i = 0; i < free[g].size(); ++i) pool.emplace_back(g, i);
      for (int i = 0; i < chosen[c]; ++i) {
        const std::size_t j = at(i) + static_cast<std::size_t>(engine::splitmix64(rng) % (pool.size() - at(i)));
        std::swap(pool[at(i)], pool[j]);
      }
      std::vector<std::vector<char>> taken(groups_.size());
      for (std::size_t g = 0; g < groups_.size(); ++g) taken[g].assign(free[g].size(), 0);
      for (int i = 0; i < chosen[c]; ++i) {
        const auto [g, idx] = pool[at(i)];
        out[at(free[g][idx])] = order_[k];
        taken[g][idx] = 1;
      }
      for (std::size_t g = 0; g < groups_.size(); ++g) {
        std::vector<int> kept;
        for (std::size_t i = 0; i < free[g].size(); ++i)
          if (!taken[g][i]) kept.push_back(free[g][i]);
        free[g] = std::move(kept);
      }
      caps[c] -= chosen[c];
    }
    // Into layer k + 1's classes.
    std::vector<int> next(radix_[k + 1].size(), 0);
    for (std::size_t g = 0; g < groups_.size(); ++g) next[at(class_of_[k + 1][g])] += static_cast<int>(free[g].size());
    caps = std::move(next);
  }
}

}  // namespace facedown::analysis
