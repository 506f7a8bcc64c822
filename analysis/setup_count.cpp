#include "analysis/setup_count.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>

#include "analysis/count_math.h"
#include "engine/game.h"

namespace facedown::analysis {

using engine::PieceType;

namespace {

int root_of(std::vector<int>& parent, int x) {
  while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)];
  return x;
}

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// One block's fill (its groups with `capacity` slots taking `counts` exactly) as
// layers of reachable capacities, forward from the full ones, in a dense array
// indexed by the capacities packed in mixed radix: no recursion, no hashing, no
// allocation per state. Groups left one possible type (a certain piece, or every
// other allowed type used up) are taken out first, and types with no piece left
// are no layer. It declines only with too many packed capacities (the programme
// counts as before). Where every number it and the memoised programme make is
// an exact integer in a long double (the block's multinomial times its slots
// fits the mantissa) both give the very same numbers whatever the order of the
// additions; beyond that (Gunjin Shogi's 23-piece blocks) both round, in
// another order, and agree to about 1e-15 (tests/analysis/layered_fill_test.cpp).
// Its draws take the same random numbers and the same choices as the
// programme's (the splits that can finish come in the same order with the same
// weights), so they are the same draws, but for a tie the rounding splits.
}  // namespace

class LayeredFill {
 public:
  static constexpr std::uint64_t kMaxStates = 1u << 16;

  LayeredFill(const std::vector<int>& capacity, const std::vector<std::vector<PieceType>>& allowed,
              const std::vector<int>& counts)
      : capacity_(capacity) {
    applies_ = counts.size() <= 64 && setup(allowed, counts);
    if (applies_) forward();
  }
  bool applies() const { return applies_; }
  long double total() const { return total_; }

  // Per group and type, how many of the group's slots take the type, summed over
  // the ways (BlockSums::sums).
  std::vector<std::vector<long double>> sums() {
    std::vector<std::vector<long double>> out;
    backward(&out);
    return out;
  }

  // Draws the block's groups type by type as SetupCounter::draw() does with the
  // programme: one unit_real per type, then the first split whose running weight
  // passes it; bags[g] gets the types group g takes, in type order.
  void draw(std::uint64_t& rng, std::vector<std::vector<PieceType>>& bags) {
    if (back_.empty()) backward(nullptr);
    const std::size_t types = left_.size(), G = free_.size();
    bags.assign(capacity_.size(), {});
    std::vector<int> caps(G), takes(G, 0), chosen;
    std::uint64_t key = start_.size() < 2 || start_[1] == 0 ? 0 : keys_[0];  // none: total() is 0
    std::size_t l = 0;
    for (std::size_t t = 0; t < types; ++t) {
      const long double u = static_cast<long double>(unit_real(rng));
      for (std::size_t g = 0; g < capacity_.size(); ++g)
        if (forced_[g] == t)
          for (int n = 0; n < capacity_[g]; ++n) bags[g].push_back(static_cast<PieceType>(t));
      if (l == layers_.size() || layers_[l] != t) continue;
      long double target = u * back_at(l, key);
      decode(key, caps.data());
      std::uint64_t next = key;
      chosen.clear();
      splits(t, left_[t], caps.data(), key, takes.data(), [&](long double w, std::uint64_t k) {
        if (!chosen.empty() && target < 0) return;
        const long double weight = w * back_at(l + 1, k);
        if (weight <= 0) return;
        chosen = takes;
        next = k;
        target -= weight;
      });
      for (std::size_t i = 0; i < G && !chosen.empty(); ++i)
        for (int n = 0; n < chosen[i]; ++n) bags[free_[i].group].push_back(static_cast<PieceType>(t));
      key = next;
      ++l;
    }
  }

 private:
  struct Free {
    std::size_t group;  // index into the block's groups
    int capacity;
    std::uint64_t types;  // mask of the types it may still take
    std::uint64_t stride;
  };
  static constexpr std::size_t kNone = ~std::size_t{0};
  std::vector<int> capacity_;
  bool applies_ = false;
  bool impossible_ = false;
  long double total_ = 0;
  std::vector<Free> free_;
  std::vector<int> left_;            // counts left once the forced groups took theirs
  std::vector<std::size_t> forced_;  // group -> its one type (or kNone)
  std::vector<std::size_t> layers_;  // the types with pieces left, in order
  std::uint64_t states_ = 1;
  // Per layer l (before layers_[l]; l = layers_.size() is the end), entries
  // start_[l] to start_[l + 1]: the capacities reached, sorted by key, the ways
  // to reach each, and (once backward() ran) the ways to finish from each. One
  // array each, not one per layer: a coupled unit's histograms are many fills.
  std::vector<std::size_t> start_;
  std::vector<std::uint64_t> keys_;
  std::vector<long double> ways_, back_;
  mutable std::vector<std::size_t> open_;
  mutable std::vector<int> room_;

  bool setup(const std::vector<std::vector<PieceType>>& allowed, const std::vector<int>& counts) {
    const std::size_t types = counts.size();
    forced_.assign(capacity_.size(), kNone);
    left_ = counts;
    int n = 0, m = 0;
    for (int c : capacity_) n += c;
    for (int c : counts) m += c;
    if (n != m) {
      impossible_ = true;  // no fill uses up the counts: every number is 0
      return true;
    }
    std::vector<std::uint64_t> mask(capacity_.size(), 0);
    for (std::size_t g = 0; g < capacity_.size(); ++g)
      for (PieceType t : allowed[g])
        if (static_cast<std::size_t>(t) < types) mask[g] |= std::uint64_t{1} << t;
    auto open_types = [&](std::size_t g) {
      std::uint64_t open = 0;
      for (std::size_t t = 0; t < types; ++t)
        if ((mask[g] >> t & 1) && left_[t] > 0) open |= std::uint64_t{1} << t;
      return open;
    };
    // Take out the groups one type is left to, until none is (taking one out may
    // use up a type another group allowed).
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t g = 0; g < capacity_.size(); ++g) {
        if (forced_[g] != kNone || capacity_[g] == 0) continue;
        const std::uint64_t open = open_types(g);
        if (open == 0) {
          impossible_ = true;
          return true;
        }
        if ((open & (open - 1)) != 0) continue;
        const auto t = static_cast<std::size_t>(__builtin_ctzll(open));
        forced_[g] = t;
        left_[t] -= capacity_[g];
        if (left_[t] < 0) {
          impossible_ = true;
          return true;
        }
        changed = true;
      }
    }
    for (std::size_t g = 0; g < capacity_.size(); ++g) {
      if (forced_[g] != kNone || capacity_[g] == 0) continue;
      free_.push_back({g, capacity_[g], open_types(g), states_});
      states_ *= static_cast<std::uint64_t>(capacity_[g] + 1);
      if (states_ > kMaxStates) return false;
    }
    for (std::size_t t = 0; t < types; ++t)
      if (left_[t] > 0) layers_.push_back(t);
    return true;
  }

  // Every way to put `n` pieces of type t into the free groups with `caps` left,
  // in the programme's order (groups in order, fewer first): f(weight, new key)
  // with takes[i] the pieces free group i takes.
  template <class F>
  void splits(std::size_t t, int n, const int* caps, std::uint64_t key, int* takes, F&& f) const {
    open_.clear();
    for (std::size_t i = 0; i < free_.size(); ++i)
      if ((free_[i].types >> t & 1) && caps[i] > 0) open_.push_back(i);
    // Slots the open groups from the i-th on have, to stop early.
    room_.assign(open_.size() + 1, 0);
    for (std::size_t i = open_.size(); i-- > 0;) room_[i] = room_[i + 1] + caps[open_[i]];
    auto rec = [&](auto&& self, std::size_t i, int left, long double w, std::uint64_t k) -> void {
      if (left == 0) {
        f(w, k);
        return;
      }
      if (i == open_.size() || room_[i] < left) return;
      const std::size_t g = open_[i];
      const int most = std::min(left, caps[g]);
      for (int x = 0; x <= most; ++x) {
        takes[g] = x;
        self(self, i + 1, left - x, x == 0 ? w : w * binomial(caps[g], x), k - static_cast<std::uint64_t>(x) * free_[g].stride);
      }
      takes[g] = 0;
    };
    rec(rec, 0, n, 1.0L, key);
  }

  void decode(std::uint64_t key, int* caps) const {
    for (std::size_t i = 0; i < free_.size(); ++i)
      caps[i] = static_cast<int>((key / free_[i].stride) % static_cast<std::uint64_t>(free_[i].capacity + 1));
  }

  // The ways to finish from capacities `key` before layer l (0 if never reached).
  long double back_at(std::size_t l, std::uint64_t key) const {
    const auto first = keys_.begin() + static_cast<long>(start_[l]), last = keys_.begin() + static_cast<long>(start_[l + 1]);
    const auto it = std::lower_bound(first, last, key);
    return it != last && *it == key ? back_[static_cast<std::size_t>(it - keys_.begin())] : 0;
  }

  // Forward: the ways the layers before l leave each capacity (pruned where a
  // group has more slots left than its types have pieces to come).
  void forward() {
    const std::size_t L = layers_.size(), G = free_.size();
    start_.assign(L + 2, 0);
    if (impossible_) return;
    // room[l * G + i]: the pieces of the types from layer l on that free group i may take.
    std::vector<int> room((L + 1) * G, 0);
    for (std::size_t l = L; l-- > 0;)
      for (std::size_t i = 0; i < G; ++i)
        room[l * G + i] = room[(l + 1) * G + i] + ((free_[i].types >> layers_[l] & 1) ? left_[layers_[l]] : 0);
    std::uint64_t full = 0;
    for (const auto& fr : free_) full += static_cast<std::uint64_t>(fr.capacity) * fr.stride;
    keys_.assign(1, full);
    ways_.assign(1, 1.0L);
    start_[1] = 1;
    std::vector<long double>& acc = scratch(states_);
    std::vector<int> caps(G), takes(G, 0);
    for (std::size_t l = 0; l < L; ++l) {
      const std::size_t t = layers_[l];
      const int* next_room = room.data() + (l + 1) * G;
      for (std::size_t j = start_[l]; j < start_[l + 1]; ++j) {
        const std::uint64_t key = keys_[j];  // copied: the next layer grows keys_
        const long double w0 = ways_[j];
        decode(key, caps.data());
        splits(t, left_[t], caps.data(), key, takes.data(), [&](long double w, std::uint64_t k) {
          for (std::size_t i = 0; i < G; ++i)
            if (caps[i] - takes[i] > next_room[i]) return;
          if (acc[k] == 0) keys_.push_back(k);
          acc[k] += w0 * w;
        });
      }
      start_[l + 2] = keys_.size();
      std::sort(keys_.begin() + static_cast<long>(start_[l + 1]), keys_.end());
      ways_.resize(keys_.size());
      for (std::size_t j = start_[l + 1]; j < start_[l + 2]; ++j) {
        ways_[j] = acc[keys_[j]];
        acc[keys_[j]] = 0;
      }
    }
    if (start_[L + 1] > start_[L] && keys_[start_[L]] == 0) total_ = ways_[start_[L]];
  }

  // Backward: the ways to finish from each capacity of layer l + 1 (kept in
  // `acc` by key while layer l is read), times the ways to reach each of layer
  // l, gives with `sums` what each group takes summed over the ways.
  void backward(std::vector<std::vector<long double>>* sums) {
    const std::size_t types = left_.size(), L = layers_.size(), G = free_.size();
    if (sums) sums->assign(capacity_.size(), std::vector<long double>(types, 0));
    back_.assign(keys_.size() + 1, 0);  // never empty once run
    if (total_ <= 0) return;
    if (sums)
      for (std::size_t g = 0; g < capacity_.size(); ++g)
        if (forced_[g] != kNone) (*sums)[g][forced_[g]] = total_ * static_cast<long double>(capacity_[g]);
    back_[start_[L]] = 1;
    std::vector<long double>& acc = scratch(states_);
    std::vector<int> caps(G), takes(G, 0);
    for (std::size_t l = L; l-- > 0;) {
      const std::size_t t = layers_[l];
      for (std::size_t j = start_[l + 1]; j < start_[l + 2]; ++j) acc[keys_[j]] = back_[j];
      for (std::size_t j = start_[l]; j < start_[l + 1]; ++j) {
        decode(keys_[j], caps.data());
        const long double w0 = ways_[j];
        long double here = 0;
        splits(t, left_[t], caps.data(), keys_[j], takes.data(), [&](long double w, std::uint64_t k) {
          const long double rest = acc[k];
          if (rest <= 0) return;
          here += w * rest;
          if (!sums) return;
          const long double through = w0 * w * rest;
          for (std::size_t i = 0; i < G; ++i)
            if (takes[i] > 0) (*sums)[free_[i].group][t] += through * static_cast<long double>(takes[i]);
        });
        back_[j] = here;
      }
      for (std::size_t j = start_[l + 1]; j < start_[l + 2]; ++j) acc[keys_[j]] = 0;
    }
  }

  // A zeroed array of at least n entries, kept per thread; callers leave it zeroed.
  static std::vector<long double>& scratch(std::uint64_t n) {
    thread_local std::vector<long double> s;
    if (s.size() < n) s.assign(n, 0);
    return s;
  }

 public:
  // Entries of its tables (what a CountCache's bound counts).
  std::size_t size() const { return keys_.size() + 1; }
};

// fill()'s memo for one block and its counts: (type, capacities left) -> ways.
// The capacities pack into one integer (mixed radix by each group's size) when
// that fits in 64 bits, as it does for every roster here (a block's slots number
// at most a few dozen); otherwise an ordered map of the vectors.
struct FillMemo {
  std::vector<std::uint64_t> stride;  // per group; empty: not packed
  std::unordered_map<std::uint64_t, long double> packed;
  std::map<std::pair<std::size_t, std::vector<int>>, long double> wide;

  explicit FillMemo(const std::vector<int>& capacity, std::size_t types) {
    long double room = static_cast<long double>(types + 1);
    std::uint64_t s = types + 1;
    std::vector<std::uint64_t> st;
    for (int c : capacity) {
      st.push_back(s);
      room *= static_cast<long double>(c + 1);
      if (room > 9.0e18L) return;  // does not fit: wide
      s *= static_cast<std::uint64_t>(c + 1);
    }
    stride = std::move(st);
  }
  std::uint64_t key(std::size_t t, const std::vector<int>& caps) const {
    std::uint64_t k = t;
    for (std::size_t g = 0; g < caps.size(); ++g) k += stride[g] * static_cast<std::uint64_t>(caps[g]);
    return k;
  }
  const long double* find(std::size_t t, const std::vector<int>& caps) const {
    if (!stride.empty() || caps.empty()) {
      auto it = packed.find(key(t, caps));
      return it == packed.end() ? nullptr : &it->second;
    }
    auto it = wide.find({t, caps});
    return it == wide.end() ? nullptr : &it->second;
  }
  void put(std::size_t t, const std::vector<int>& caps, long double v) {
    if (!stride.empty() || caps.empty()) packed.emplace(key(t, caps), v);
    else wide.emplace(std::make_pair(t, caps), v);
  }
};

struct SetupCounter::Programme {
  std::size_t types = 0;
  bool layered = true;  // LayeredFill where it applies
  std::vector<int> offsets;                          // per block of the cluster
  std::vector<std::vector<std::vector<int>>> uses;   // per coupled unit: per tuple, indices into rem
  std::vector<std::vector<int>> capacity;            // per block: per group, its slots
  std::vector<std::vector<std::vector<PieceType>>> allowed;  // per block: per group
  std::map<std::pair<std::size_t, std::vector<int>>, long double> coupled_memo;
  std::map<std::pair<std::size_t, std::vector<int>>, long double> block_memo;  // (block, its counts)
  // Draws: fill()'s memo per (block, its counts), kept across the draws of one counter.
  // Shared by the total, the marginals and the draws of one counter.
  std::map<std::pair<std::size_t, std::vector<int>>, FillMemo> draw_memos;

  // The layered fill per (block, its counts), where it applies; kept for the draws.
  std::map<std::pair<std::size_t, std::vector<int>>, std::shared_ptr<LayeredFill>> layered_fills;
  // Fills kept between counters (CountCache::fills), or none.
  CountCache* cache = nullptr;

  LayeredFill* layered_of(std::size_t b, const std::vector<int>& counts) {
    if (!layered) return nullptr;
    auto key = std::make_pair(b, counts);
    auto it = layered_fills.find(key);
    if (it == layered_fills.end()) it = layered_fills.emplace(std::move(key), shared_fill(b, counts)).first;
    return it->second->applies() ? it->second.get() : nullptr;
  }

  // A block's fill depends only on its groups' capacities and allowed sets and
  // its counts: another counter with the same (a coupled pair's other block
  // changed, or nothing did) takes the kept one, tables and all.
  std::shared_ptr<LayeredFill> shared_fill(std::size_t b, const std::vector<int>& counts) {
    if (!cache) return std::make_shared<LayeredFill>(capacity[b], allowed[b], counts);
    std::vector<int> key(counts);
    for (std::size_t g = 0; g < capacity[b].size(); ++g) {
      key.push_back(-1);
      key.push_back(capacity[b][g]);
      key.insert(key.end(), allowed[b][g].begin(), allowed[b][g].end());
    }
    if (auto it = cache->fills.find(key); it != cache->fills.end()) return it->second;
    auto fill = std::make_shared<LayeredFill>(capacity[b], allowed[b], counts);
    // Its tables are final once built (the backward pass only refills back_),
    // so their size bounds what keeping it costs.
    if (cache->fill_entries + fill->size() > cache->max_fill_entries) {
      cache->fills.clear();
      cache->fill_entries = 0;
    }
    cache->fill_entries += fill->size();
    cache->fills.emplace(std::move(key), fill);
    return fill;
  }

  FillMemo& memo_of(std::size_t b, const std::vector<int>& counts) {
    auto key = std::make_pair(b, counts);
    auto it = draw_memos.find(key);
    if (it == draw_memos.end()) it = draw_memos.emplace(std::move(key), FillMemo(capacity[b], types)).first;
    return it->second;
  }

  // Ways for block b's groups (with `caps` slots left) to take types t.. of
  // `counts` exactly.
  long double fill(std::size_t b, std::size_t t, const std::vector<int>& counts, std::vector<int>& caps,
                   FillMemo& memo) const {
    if (t == types) return std::all_of(caps.begin(), caps.end(), [](int c) { return c == 0; }) ? 1 : 0;
    if (const long double* known = memo.find(t, caps)) return *known;
    long double total = 0;
    for_each_split(b, t, counts[t], caps, [&](long double w) { total += w * fill(b, t + 1, counts, caps, memo); });
    memo.put(t, caps, total);
    return total;
  }

  // Calls f(weight) with caps reduced for every way to put n pieces of type t
  // into block b's groups (weight: which slots of each group take them).
  template <class F>
  void for_each_split(std::size_t b, std::size_t t, int n, std::vector<int>& caps, F&& f) const {
    std::vector<std::size_t> open;
    for (std::size_t g = 0; g < caps.size(); ++g)
      if (std::find(allowed[b][g].begin(), allowed[b][g].end(), static_cast<PieceType>(t)) != allowed[b][g].end())
        open.push_back(g);
    auto rec = [&](auto&& self, std::size_t i, int left, long double w) -> void {
      if (i == open.size()) {
        if (left == 0) f(w);
        return;
      }
      const std::size_t g = open[i];
      const int most = std::min(left, caps[g]);
      for (int x = 0; x <= most; ++x) {
        const long double ways = binomial(caps[g], x);
        caps[g] -= x;
        self(self, i + 1, left - x, w * ways);
        caps[g] += x;
      }
    };
    rec(rec, 0, n, 1.0L);
  }

  long double block_total(std::size_t b, const std::vector<int>& rem) {
    std::vector<int> counts(rem.begin() + offsets[b], rem.begin() + offsets[b] + static_cast<long>(types));
    const auto key = std::make_pair(b, counts);
    if (auto it = block_memo.find(key); it != block_memo.end()) return it->second;
    long double total = 0;
    if (LayeredFill* lf = layered_of(b, counts)) {
      total = lf->total();
    } else {
      auto caps = capacity[b];
      total = fill(b, 0, counts, caps, memo_of(b, counts));
    }
    block_memo.emplace(key, total);
    return total;
  }

  // Coupled units from `pos` on, then every block's groups.
  long double count(std::size_t pos, std::vector<int>& rem) {
    if (pos == uses.size()) {
      long double total = 1;
      for (std::size_t b = 0; b < capacity.size() && total > 0; ++b) total *= block_total(b, rem);
      return total;
    }
    const auto key = std::make_pair(pos, rem);
    if (auto it = coupled_memo.find(key); it != coupled_memo.end()) return it->second;
    long double total = 0;
    for (const auto& use : uses[pos]) {
      bool ok = true;
      for (int i : use) ok = --rem[at(i)] >= 0 && ok;
      if (ok) total += count(pos + 1, rem);
      for (int i : use) ++rem[at(i)];
    }
    coupled_memo.emplace(key, total);
    return total;
  }
};

SetupCounter::SetupCounter(std::vector<std::vector<int>> counts, std::vector<CountGroup> groups,
                           std::vector<CountCoupled> coupled, std::size_t slots)
    : counts_(std::move(counts)), groups_(std::move(groups)), coupled_(std::move(coupled)), slots_(slots) {
  const int blocks = static_cast<int>(counts_.size());
  std::vector<int> parent(at(blocks));
  std::iota(parent.begin(), parent.end(), 0);
  for (const auto& c : coupled_)
    for (int b : c.slot_block) parent[at(root_of(parent, b))] = root_of(parent, c.slot_block[0]);
  std::map<int, std::size_t> index;
  for (int b = 0; b < blocks; ++b) {
    const int root = root_of(parent, b);
    if (!index.count(root)) {
      index[root] = clusters_.size();
      clusters_.emplace_back();
    }
    auto& c = clusters_[index[root]];
    c.blocks.push_back(b);
    c.groups.emplace_back();
    for (std::size_t g = 0; g < groups_.size(); ++g)
      if (groups_[g].block == b) c.groups.back().push_back(static_cast<int>(g));
  }
  for (std::size_t k = 0; k < coupled_.size(); ++k)
    clusters_[index[root_of(parent, coupled_[k].slot_block[0])]].coupled.push_back(static_cast<int>(k));
}

SetupCounter::Programme SetupCounter::programme(const Cluster& c, int pinned_group, int skipped_coupled) const {
  const std::size_t types = counts_.empty() ? 0 : counts_[0].size();
  Programme k{types, layered_, {}, {}, {}, {}, {}, {}, {}, {}, cache_};
  auto offset = [&](int block) {
    return static_cast<int>(static_cast<std::size_t>(std::find(c.blocks.begin(), c.blocks.end(), block) - c.blocks.begin()) *
                            types);
  };
  for (int b : c.blocks) k.offsets.push_back(offset(b));
  for (int u : c.coupled) {
    if (u == skipped_coupled) continue;
    const auto& cu = coupled_[at(u)];
    std::vector<std::vector<int>> uses;
    for (const auto& tuple : cu.tuples) {
      std::vector<int> use;
      for (std::size_t j = 0; j < tuple.size(); ++j) use.push_back(offset(cu.slot_block[j]) + tuple[j]);
      uses.push_back(std::move(use));
    }
    k.uses.push_back(std::move(uses));
  }
  for (const auto& gs : c.groups) {
    std::vector<int> caps;
    std::vector<std::vector<PieceType>> allowed;
    for (int g : gs) {
      caps.push_back(static_cast<int>(groups_[at(g)].slots.size()) - (g == pinned_group ? 1 : 0));
      allowed.push_back(groups_[at(g)].allowed);
    }
    k.capacity.push_back(std::move(caps));
    k.allowed.push_back(std::move(allowed));
  }
  return k;
}

std::vector<int> SetupCounter::cluster_rem(const Cluster& c) const {
  std::vector<int> rem;
  for (int b : c.blocks) rem.insert(rem.end(), counts_[at(b)].begin(), counts_[at(b)].end());
  return rem;
}

int SetupCounter::offset(const Cluster& c, int block) const {
  const std::size_t types = counts_.empty() ? 0 : counts_[0].size();
  return static_cast<int>(static_cast<std::size_t>(std::find(c.blocks.begin(), c.blocks.end(), block) - c.blocks.begin()) *
                          types);
}

SetupCounter::Programme& SetupCounter::programme_of(const Cluster& c) const {
  const auto ci = static_cast<std::size_t>(&c - clusters_.data());
  if (draw_cache_.size() != clusters_.size()) draw_cache_.assign(clusters_.size(), nullptr);
  if (!draw_cache_[ci]) draw_cache_[ci] = std::make_shared<Programme>(programme(c, -1, -1));
  return *draw_cache_[ci];
}

long double SetupCounter::cluster_total(const Cluster& c) const {
  Programme& k = programme_of(c);
  auto rem = cluster_rem(c);
  return k.count(0, rem);
}

std::vector<int> SetupCounter::signature(const Cluster& c) const {
  std::vector<int> sig;
  for (int b : c.blocks) {
    sig.push_back(b);
    sig.insert(sig.end(), counts_[at(b)].begin(), counts_[at(b)].end());
  }
  for (const auto& gs : c.groups)
    for (int g : gs) {
      const auto& group = groups_[at(g)];
      sig.push_back(-1);
      sig.push_back(group.block);
      sig.push_back(static_cast<int>(group.slots.size()));
      sig.insert(sig.end(), group.slots.begin(), group.slots.end());
      sig.push_back(static_cast<int>(group.allowed.size()));
      sig.insert(sig.end(), group.allowed.begin(), group.allowed.end());
    }
  for (int u : c.coupled) {
    const auto& cu = coupled_[at(u)];
    sig.push_back(-2);
    sig.push_back(static_cast<int>(cu.slots.size()));
    sig.insert(sig.end(), cu.slots.begin(), cu.slots.end());
    sig.insert(sig.end(), cu.slot_block.begin(), cu.slot_block.end());
    sig.push_back(static_cast<int>(cu.tuples.size()));
    for (const auto& t : cu.tuples) sig.insert(sig.end(), t.begin(), t.end());
  }
  return sig;
}

CountCache::Entry* SetupCounter::cached(const Cluster& c) const {
  if (!cache_) return nullptr;
  auto sig = signature(c);
  if (auto it = cache_->entries.find(sig); it != cache_->entries.end()) return &it->second;
  if (cache_->entries.size() >= cache_->max_entries) cache_->entries.clear();
  CountCache::Entry e;
  e.total = cluster_total(c);
  return &cache_->entries.emplace(std::move(sig), std::move(e)).first->second;
}

long double SetupCounter::total() const {
  long double t = 1;
  for (const auto& c : clusters_) {
    const CountCache::Entry* e = cached(c);
    t *= e ? e->total : cluster_total(c);
  }
  return t;
}

std::vector<std::vector<double>> SetupCounter::marginals(std::size_t types) const {
  std::vector<std::vector<double>> out(slots_, std::vector<double>(types, 0.0));
  for (const auto& c : clusters_) {
    CountCache::Entry* e = cached(c);
    if (e && e->has_marginals) {
      for (const auto& [slot, row] : e->marginals) out[at(slot)] = row;
      continue;
    }
    cluster_marginals(c, e ? e->total : cluster_total(c), out);
    if (e) {
      e->has_marginals = true;
      for (const auto& gs : c.groups)
        for (int g : gs)
          for (int s : groups_[at(g)].slots) e->marginals.emplace_back(s, out[at(s)]);
      for (int u : c.coupled)
        for (int s : coupled_[at(u)].slots) e->marginals.emplace_back(s, out[at(s)]);
    }
  }
  return out;
}

// A block's groups with `counts` to use up: how many ways (the total) and, summed
// over them, how many slots of each group take each type. A forward pass over
// the types (the ways the types before t leave each set of group capacities)
// against the memoised backward count gives every group's sum in one sweep.
SetupCounter::BlockSums SetupCounter::block_sums(Programme& k, std::size_t b, const std::vector<int>& counts) const {
  const std::size_t types = k.types;
  BlockSums out;
  if (LayeredFill* lf = k.layered_of(b, counts)) {
    out.total = lf->total();
    out.sums = lf->sums();
    return out;
  }
  auto& memo = k.memo_of(b, counts);
  auto caps0 = k.capacity[b];
  out.total = k.fill(b, 0, counts, caps0, memo);
  const std::size_t groups = caps0.size();
  out.sums.assign(groups, std::vector<long double>(types, 0));
  if (out.total <= 0) return out;
  std::map<std::vector<int>, long double> layer{{caps0, 1.0L}};
  for (std::size_t t = 0; t < types; ++t) {
    std::map<std::vector<int>, long double> next;
    for (const auto& [before, ways] : layer) {
      auto caps = before;
      k.for_each_split(b, t, counts[t], caps, [&](long double w) {
        const long double after = k.fill(b, t + 1, counts, caps, memo);
        if (after <= 0) return;
        const long double weight = ways * w * after;
        for (std::size_t g = 0; g < groups; ++g)
          if (before[g] != caps[g]) out.sums[g][t] += weight * static_cast<long double>(before[g] - caps[g]);
        next[caps] += ways * w;
      });
    }
    layer = std::move(next);
  }
  return out;
}

// Forward over the coupled units (the ways the units before pos leave each set
// of counts) against the memoised backward count gives each tuple's number of
// setups; at the end of the units, each block's sums (memoised by its counts)
// times the other blocks' totals give the groups'. A group's slots are
// exchangeable: each has the group's sum over its size. Numerators are summed
// exactly and divided once by the whole.
void SetupCounter::cluster_marginals(const Cluster& c, long double whole, std::vector<std::vector<double>>& out) const {
  if (whole <= 0) return;
  Programme& k = programme_of(c);
  const std::size_t types = k.types;
  std::vector<std::vector<long double>> coupled_num(slots_);
  std::map<std::vector<int>, long double> layer{{cluster_rem(c), 1.0L}};
  for (std::size_t pos = 0; pos < k.uses.size(); ++pos) {
    const auto& cu = coupled_[at(c.coupled[pos])];
    std::map<std::vector<int>, long double> next;
    for (const auto& [before, ways] : layer) {
      auto rem = before;
      for (std::size_t i = 0; i < k.uses[pos].size(); ++i) {
        bool ok = true;
        for (int r : k.uses[pos][i]) ok = --rem[at(r)] >= 0 && ok;
        const long double after = ok ? k.count(pos + 1, rem) : 0;
        if (after > 0) {
          for (std::size_t j = 0; j < cu.slots.size(); ++j) {
            auto& row = coupled_num[at(cu.slots[j])];
            row.resize(types, 0);
            row[at(cu.tuples[i][j])] += ways * after;
          }
          next[rem] += ways;
        }
        for (int r : k.uses[pos][i]) ++rem[at(r)];
      }
    }
    layer = std::move(next);
  }
  std::vector<std::vector<std::vector<long double>>> group_num(c.blocks.size());
  for (std::size_t b = 0; b < c.blocks.size(); ++b)
    group_num[b].assign(c.groups[b].size(), std::vector<long double>(types, 0));
  std::map<std::pair<std::size_t, std::vector<int>>, BlockSums> sums_of;
  for (const auto& [rem, ways] : layer) {
    std::vector<const BlockSums*> sums;
    for (std::size_t b = 0; b < c.blocks.size(); ++b) {
      std::vector<int> counts(rem.begin() + k.offsets[b], rem.begin() + k.offsets[b] + static_cast<long>(types));
      auto key = std::make_pair(b, counts);
      auto it = sums_of.find(key);
      if (it == sums_of.end()) it = sums_of.emplace(key, block_sums(k, b, counts)).first;
      sums.push_back(&it->second);
    }
    for (std::size_t b = 0; b < c.blocks.size(); ++b) {
      long double others = ways;
      for (std::size_t o = 0; o < c.blocks.size(); ++o)
        if (o != b) others *= sums[o]->total;
      if (others <= 0) continue;
      for (std::size_t g = 0; g < group_num[b].size(); ++g)
        for (std::size_t t = 0; t < types; ++t) group_num[b][g][t] += others * sums[b]->sums[g][t];
    }
  }
  for (std::size_t b = 0; b < c.blocks.size(); ++b)
    for (std::size_t g = 0; g < c.groups[b].size(); ++g) {
      const auto& group = groups_[at(c.groups[b][g])];
      const auto n = static_cast<long double>(group.slots.size());
      for (std::size_t t = 0; t < types; ++t) {
        const double p = static_cast<double>(group_num[b][g][t] / n / whole);
        for (int s : group.slots) out[at(s)][t] = p;
      }
    }
  for (int u : c.coupled)
    for (int s : coupled_[at(u)].slots) {
      const auto& row = coupled_num[at(s)];
      for (std::size_t t = 0; t < row.size(); ++t) out[at(s)][t] = static_cast<double>(row[t] / whole);
    }
}

std::vector<PieceType> SetupCounter::draw(std::uint64_t& rng) const {
  std::vector<PieceType> out(slots_, 0);
  const std::size_t types = counts_.empty() ? 0 : counts_[0].size();
  for (std::size_t ci = 0; ci < clusters_.size(); ++ci) {
    const Cluster& c = clusters_[ci];
    Programme& k = programme_of(c);
    auto rem = cluster_rem(c);
    // Coupled units, one tuple each, in proportion to what they leave.
    for (std::size_t pos = 0; pos < k.uses.size(); ++pos) {
      long double target = static_cast<long double>(unit_real(rng)) * k.count(pos, rem);
      std::size_t chosen = k.uses[pos].size();
      for (std::size_t i = 0; i < k.uses[pos].size(); ++i) {
        bool ok = true;
        for (int r : k.uses[pos][i]) ok = --rem[at(r)] >= 0 && ok;
        const long double w = ok ? k.count(pos + 1, rem) : 0;
        for (int r : k.uses[pos][i]) ++rem[at(r)];
        if (w <= 0) continue;
        chosen = i;
        target -= w;
        if (target < 0) break;
      }
      if (chosen == k.uses[pos].size()) return out;  // total() was 0
      for (int r : k.uses[pos][chosen]) --rem[at(r)];
      const auto& cu = coupled_[at(c.coupled[pos])];
      for (std::size_t j = 0; j < cu.slots.size(); ++j) out[at(cu.slots[j])] = cu.tuples[chosen][j];
    }
    // Each block's groups, type by type.
    for (std::size_t b = 0; b < c.blocks.size(); ++b) {
      std::vector<int> counts(rem.begin() + k.offsets[b], rem.begin() + k.offsets[b] + static_cast<long>(types));
      auto caps = k.capacity[b];
      std::vector<std::vector<PieceType>> bags(caps.size());
      LayeredFill* lf = k.layered_of(b, counts);
      if (lf) lf->draw(rng, bags);  // the same draw, from the layered tables
      FillMemo* const memo_ptr = lf ? nullptr : &k.memo_of(b, counts);
      for (std::size_t t = 0; t < types && !lf; ++t) {
        FillMemo& memo = *memo_ptr;
        long double target = static_cast<long double>(unit_real(rng)) * k.fill(b, t, counts, caps, memo);
        std::vector<int> chosen;
        k.for_each_split(b, t, counts[t], caps, [&](long double w) {
          if (!chosen.empty() && target < 0) return;
          const long double weight = w * k.fill(b, t + 1, counts, caps, memo);
          if (weight <= 0) return;
          chosen = caps;  // the capacities this split leaves
          target -= weight;
        });
        for (std::size_t g = 0; g < caps.size(); ++g) {
          for (int n = chosen[g]; n < caps[g]; ++n) bags[g].push_back(static_cast<PieceType>(t));
          caps[g] = chosen[g];
        }
      }
      for (std::size_t g = 0; g < bags.size(); ++g) {
        auto& bag = bags[g];
        for (std::size_t i = bag.size(); i > 1; --i) std::swap(bag[i - 1], bag[engine::splitmix64(rng) % i]);
        const auto& slots = groups_[at(c.groups[b][g])].slots;
        for (std::size_t i = 0; i < slots.size() && i < bag.size(); ++i) out[at(slots[i])] = bag[i];
      }
    }
  }
  return out;
}

}  // namespace facedown::analysis
