#include "analysis/setup_count.h"

#include <algorithm>
#include <numeric>

#include "engine/game.h"

namespace facedown::analysis {

using engine::PieceType;

namespace {

long double binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  long double r = 1;
  for (int i = 1; i <= k; ++i) r = r * static_cast<long double>(n - k + i) / static_cast<long double>(i);
  return r;
}

// n! / prod(x_t!) for sum(x) == n.
long double multinomial(const std::vector<int>& x) {
  long double r = 1;
  int n = 0;
  for (int v : x) {
    n += v;
    r *= binomial(n, v);
  }
  return r;
}

double unit_real(std::uint64_t& rng) {
  return static_cast<double>(engine::splitmix64(rng) >> 11) * (1.0 / 9007199254740992.0);
}

int find(std::vector<int>& parent, int x) {
  while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
  return x;
}

}  // namespace

// What one count leaves out: a group one slot smaller, or a coupled unit skipped,
// with that slot's (or unit's) identities already taken from the counts.
struct Pin {
  std::size_t unit = static_cast<std::size_t>(-1);
};
constexpr std::size_t kNoPin = static_cast<std::size_t>(-1);

SetupCounter::SetupCounter(std::vector<std::vector<int>> counts, std::vector<CountGroup> groups,
                           std::vector<CountCoupled> coupled, std::size_t slots)
    : counts_(std::move(counts)), groups_(std::move(groups)), coupled_(std::move(coupled)), slots_(slots) {
  const int blocks = static_cast<int>(counts_.size());
  std::vector<int> parent(static_cast<std::size_t>(blocks));
  std::iota(parent.begin(), parent.end(), 0);
  for (const auto& c : coupled_)
    for (int b : c.slot_block) parent[static_cast<std::size_t>(find(parent, b))] = find(parent, c.slot_block[0]);
  std::map<int, std::size_t> index;
  for (int b = 0; b < blocks; ++b) {
    const int root = find(parent, b);
    if (!index.count(root)) {
      index[root] = clusters_.size();
      clusters_.emplace_back();
    }
    clusters_[index[root]].blocks.push_back(b);
  }
  const std::size_t G = groups_.size();
  for (std::size_t k = 0; k < coupled_.size(); ++k)
    clusters_[index[find(parent, coupled_[k].slot_block[0])]].order.push_back(static_cast<int>(G + k));
  for (auto& c : clusters_) {
    for (int b : c.blocks) {
      std::vector<int> mine;
      for (std::size_t g = 0; g < G; ++g)
        if (groups_[g].block == b) mine.push_back(static_cast<int>(g));
      std::stable_sort(mine.begin(), mine.end(), [&](int x, int y) {
        return groups_[static_cast<std::size_t>(x)].slots.size() < groups_[static_cast<std::size_t>(y)].slots.size();
      });
      c.order.insert(c.order.end(), mine.begin(), mine.end());
    }
    c.closes.assign(c.order.size(), false);
    for (std::size_t pos = 0; pos < c.order.size(); ++pos) {
      const auto u = static_cast<std::size_t>(c.order[pos]);
      if (u >= G) continue;
      bool last = true;
      for (std::size_t later = pos + 1; later < c.order.size(); ++later) {
        const auto v = static_cast<std::size_t>(c.order[later]);
        if (v < G && groups_[v].block == groups_[u].block) last = false;
      }
      c.closes[pos] = last;
    }
  }
}

int SetupCounter::offset(const Cluster& c, int block) const {
  const auto it = std::find(c.blocks.begin(), c.blocks.end(), block);
  const std::size_t types = counts_.empty() ? 0 : counts_[0].size();
  return static_cast<int>(static_cast<std::size_t>(it - c.blocks.begin()) * types);
}

std::vector<int> SetupCounter::cluster_rem(const Cluster& c) const {
  std::vector<int> rem;
  for (int b : c.blocks) rem.insert(rem.end(), counts_[static_cast<std::size_t>(b)].begin(), counts_[static_cast<std::size_t>(b)].end());
  return rem;
}

struct SetupCounter::Programme {
  const std::vector<CountGroup>& groups;
  const std::vector<CountCoupled>& coupled;
  const std::vector<int>& order;
  const std::vector<bool>& closes;
  std::vector<int> offsets;  // per position in order: the unit's block offset (groups)
  std::vector<std::vector<std::vector<int>>> coupled_use;  // per position: per tuple, (rem index) list
  std::size_t types;
  Pin pin;
  std::map<std::pair<std::size_t, std::vector<int>>, long double> memo;

  std::size_t size_of(std::size_t pos) const {
    const auto u = static_cast<std::size_t>(order[pos]);
    return groups[u].slots.size() - (u == pin.unit ? 1 : 0);
  }

  // Calls f(weight, x) for every multiset x (per type of the block) the group at
  // pos may take from rem.
  template <class F>
  void compositions(std::size_t pos, const std::vector<int>& rem, F&& f) const {
    const auto& g = groups[static_cast<std::size_t>(order[pos])];
    const int off = offsets[pos];
    const int n = static_cast<int>(size_of(pos));
    std::vector<int> x(types, 0);
    if (closes[pos]) {
      int sum = 0;
      for (std::size_t t = 0; t < types; ++t) {
        x[t] = rem[static_cast<std::size_t>(off) + t];
        sum += x[t];
        if (x[t] > 0 && std::find(g.allowed.begin(), g.allowed.end(), static_cast<PieceType>(t)) == g.allowed.end())
          return;
      }
      if (sum == n) f(multinomial(x), x);
      return;
    }
    auto rec = [&](auto&& self, std::size_t i, int left) -> void {
      if (i == g.allowed.size()) {
        if (left == 0) f(multinomial(x), x);
        return;
      }
      const auto t = static_cast<std::size_t>(g.allowed[i]);
      const int most = std::min(left, rem[static_cast<std::size_t>(off) + t]);
      for (int v = 0; v <= most; ++v) {
        x[t] = v;
        self(self, i + 1, left - v);
      }
      x[t] = 0;
    };
    rec(rec, 0, n);
  }

  long double count(std::size_t pos, std::vector<int>& rem) {
    if (pos == order.size()) return std::all_of(rem.begin(), rem.end(), [](int v) { return v == 0; }) ? 1 : 0;
    const auto key = std::make_pair(pos, rem);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    long double total = 0;
    const auto u = static_cast<std::size_t>(order[pos]);
    if (u < groups.size()) {
      const int off = offsets[pos];
      compositions(pos, rem, [&](long double w, const std::vector<int>& x) {
        for (std::size_t t = 0; t < types; ++t) rem[static_cast<std::size_t>(off) + t] -= x[t];
        total += w * count(pos + 1, rem);
        for (std::size_t t = 0; t < types; ++t) rem[static_cast<std::size_t>(off) + t] += x[t];
      });
    } else if (u == pin.unit) {
      total = count(pos + 1, rem);
    } else {
      for (const auto& use : coupled_use[pos]) {
        bool ok = true;
        for (int i : use) ok = --rem[static_cast<std::size_t>(i)] >= 0 && ok;
        if (ok) total += count(pos + 1, rem);
        for (int i : use) ++rem[static_cast<std::size_t>(i)];
      }
    }
    memo.emplace(key, total);
    return total;
  }
};

SetupCounter::Programme SetupCounter::programme(const Cluster& c, std::size_t pinned) const {
  const std::size_t types = counts_.empty() ? 0 : counts_[0].size();
  Programme k{groups_, coupled_, c.order, c.closes, {}, {}, types, Pin{pinned}, {}};
  for (std::size_t pos = 0; pos < c.order.size(); ++pos) {
    const auto u = static_cast<std::size_t>(c.order[pos]);
    k.offsets.push_back(u < groups_.size() ? offset(c, groups_[u].block) : 0);
    std::vector<std::vector<int>> uses;
    if (u >= groups_.size()) {
      const auto& cu = coupled_[u - groups_.size()];
      for (const auto& tuple : cu.tuples) {
        std::vector<int> use;
        for (std::size_t j = 0; j < tuple.size(); ++j) use.push_back(offset(c, cu.slot_block[j]) + tuple[j]);
        uses.push_back(std::move(use));
      }
    }
    k.coupled_use.push_back(std::move(uses));
  }
  return k;
}

long double SetupCounter::cluster_total(const Cluster& c) const {
  Programme k = programme(c, kNoPin);
  auto rem = cluster_rem(c);
  return k.count(0, rem);
}

long double SetupCounter::total() const {
  long double t = 1;
  for (const auto& c : clusters_) t *= cluster_total(c);
  return t;
}

std::vector<std::vector<double>> SetupCounter::marginals(std::size_t types) const {
  std::vector<std::vector<double>> out(slots_, std::vector<double>(types, 0.0));
  for (const auto& c : clusters_) {
    const long double whole = cluster_total(c);
    if (whole <= 0) continue;
    auto make = [&](std::size_t pinned) { return programme(c, pinned); };
    for (int u : c.order) {
      const auto unit = static_cast<std::size_t>(u);
      if (unit < groups_.size()) {
        const auto& g = groups_[unit];
        for (PieceType t : g.allowed) {
          auto rem = cluster_rem(c);
          auto& r = rem[static_cast<std::size_t>(offset(c, g.block) + t)];
          if (r <= 0) continue;
          --r;
          Programme k = make(unit);
          const double p = static_cast<double>(k.count(0, rem) / whole);
          for (int s : g.slots) out[static_cast<std::size_t>(s)][static_cast<std::size_t>(t)] = p;
        }
      } else {
        const auto& cu = coupled_[unit - groups_.size()];
        Programme k = make(unit);
        for (const auto& tuple : cu.tuples) {
          auto rem = cluster_rem(c);
          bool ok = true;
          for (std::size_t j = 0; j < tuple.size(); ++j)
            ok = --rem[static_cast<std::size_t>(offset(c, cu.slot_block[j]) + tuple[j])] >= 0 && ok;
          if (!ok) continue;
          const double p = static_cast<double>(k.count(0, rem) / whole);
          for (std::size_t j = 0; j < tuple.size(); ++j)
            out[static_cast<std::size_t>(cu.slots[j])][static_cast<std::size_t>(tuple[j])] += p;
        }
      }
    }
  }
  return out;
}

std::vector<PieceType> SetupCounter::draw(std::uint64_t& rng) const {
  std::vector<PieceType> out(slots_, 0);
  const std::size_t types = counts_.empty() ? 0 : counts_[0].size();
  for (const auto& c : clusters_) {
    Programme k = programme(c, kNoPin);
    auto rem = cluster_rem(c);
    for (std::size_t pos = 0; pos < c.order.size(); ++pos) {
      const long double here = k.count(pos, rem);
      long double target = static_cast<long double>(unit_real(rng)) * here;
      const auto u = static_cast<std::size_t>(c.order[pos]);
      if (u < groups_.size()) {
        const auto& g = groups_[u];
        const int off = k.offsets[pos];
        std::vector<int> chosen;
        k.compositions(pos, rem, [&](long double w, const std::vector<int>& x) {
          if (!chosen.empty() && target < 0) return;
          for (std::size_t t = 0; t < types; ++t) rem[static_cast<std::size_t>(off) + t] -= x[t];
          const long double weight = w * k.count(pos + 1, rem);
          for (std::size_t t = 0; t < types; ++t) rem[static_cast<std::size_t>(off) + t] += x[t];
          if (weight <= 0) return;
          chosen = x;
          target -= weight;
        });
        std::vector<PieceType> bag;
        for (std::size_t t = 0; t < types; ++t) {
          rem[static_cast<std::size_t>(off) + t] -= chosen[t];
          for (int n = 0; n < chosen[t]; ++n) bag.push_back(static_cast<PieceType>(t));
        }
        for (std::size_t i = bag.size(); i > 1; --i) std::swap(bag[i - 1], bag[engine::splitmix64(rng) % i]);
        for (std::size_t i = 0; i < g.slots.size(); ++i) out[static_cast<std::size_t>(g.slots[i])] = bag[i];
      } else {
        const auto& cu = coupled_[u - groups_.size()];
        std::size_t chosen = 0;
        bool found = false;
        for (std::size_t i = 0; i < cu.tuples.size(); ++i) {
          if (found && target < 0) break;
          bool ok = true;
          for (int r : k.coupled_use[pos][i]) ok = --rem[static_cast<std::size_t>(r)] >= 0 && ok;
          const long double weight = ok ? k.count(pos + 1, rem) : 0;
          for (int r : k.coupled_use[pos][i]) ++rem[static_cast<std::size_t>(r)];
          if (weight <= 0) continue;
          chosen = i;
          found = true;
          target -= weight;
        }
        for (int r : k.coupled_use[pos][chosen]) --rem[static_cast<std::size_t>(r)];
        for (std::size_t j = 0; j < cu.slots.size(); ++j) out[static_cast<std::size_t>(cu.slots[j])] = cu.tuples[chosen][j];
      }
    }
  }
  return out;
}

}  // namespace facedown::analysis
