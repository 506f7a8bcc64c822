// Exact counting of setups. A block is one roster draw (a player's hidden
// setup): counts per piece type that its slots must use up exactly. Units say
// what each slot may be:
//  - a group: slots of one block that may each be any type of one allowed set
//    (exchangeable: a group of n slots takes a multiset of n types, in
//    n!/prod(x_t!) ways);
//  - a coupled unit: slots (of any blocks) whose identities are allowed only
//    together, as an explicit list of tuples.
// The number of setups: coupled units are tried tuple by tuple with the counts
// still left as the state (memoised); then each block fills its groups type by
// type, the state being how many slots each group has left, each step choosing
// which of them take that type (a product of binomials, so small counts are
// exact integers). Blocks linked by no coupled unit are counted apart (the total
// is the product). Marginals sum, over a forward pass (coupled tuples, then each
// block's types) against the memoised count of the rest, how many slots of each
// group take each type (a group's slots are exchangeable); draws follow the same
// programme and are exact and uniform over the setups counted. A CountCache
// keeps each cluster's results between counters with the same inputs.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/piece.h"

namespace facedown::analysis {

struct CountGroup {
  int block = 0;
  std::vector<int> slots;
  std::vector<engine::PieceType> allowed;
};

struct CountCoupled {
  std::vector<int> slots;
  std::vector<int> slot_block;  // per slot
  std::vector<std::vector<engine::PieceType>> tuples;
};

// What counting one cluster (blocks linked by coupled units) gave, kept between
// counters: a live analysis counts again after every event, and most events
// change one block's constraints or none. Keyed by everything the count depends
// on (the cluster's counts, groups and coupled units, slots included).
class LayeredFill;

struct CountCache {
  struct Entry {
    long double total = 0;
    bool has_marginals = false;
    std::vector<std::pair<int, std::vector<double>>> marginals;  // (slot, P(type))
  };
  std::map<std::vector<int>, Entry> entries;
  std::size_t max_entries = 64;  // cleared when full: memory stays bounded
  // Each block's dense fill by its groups (capacities, allowed sets) and counts:
  // when a coupled pair links two blocks and one block's constraints change, the
  // other's fills (one per identity its member may have) are kept. Cleared when
  // their tables pass max_fill_entries (about 40 bytes each).
  std::map<std::vector<int>, std::shared_ptr<LayeredFill>> fills;
  std::size_t fill_entries = 0;
  std::size_t max_fill_entries = std::size_t{1} << 21;
};

class SetupCounter {
 public:
  // counts[block][type]; every slot belongs to exactly one unit.
  SetupCounter(std::vector<std::vector<int>> counts, std::vector<CountGroup> groups, std::vector<CountCoupled> coupled,
               std::size_t slots);

  // The number of setups (as a floating count: rosters of 40 overflow 64 bits).
  long double total() const;
  // P(slot has each type), per slot; every row sums to 1 when total() > 0.
  std::vector<std::vector<double>> marginals(std::size_t types) const;
  // Counts each cluster once per distinct input across counters sharing `cache`
  // (which must outlive this counter's use of it).
  void use_cache(CountCache* cache) { cache_ = cache; }
  // One setup drawn uniformly (types per slot); total() must be > 0.
  std::vector<engine::PieceType> draw(std::uint64_t& rng) const;
  // Whether blocks may be counted by the dense layered fill where it is exact
  // (the default); off, only the memoised programme counts. Both give the same
  // numbers bit for bit: tests compare them.
  void use_layered_fill(bool on) { layered_ = on; }

 private:
  struct Cluster {
    std::vector<int> blocks;
    std::vector<int> coupled;  // coupled unit indices
    std::vector<std::vector<int>> groups;  // per block of the cluster: its group indices
  };
  long double cluster_total(const Cluster& c) const;
  std::vector<int> signature(const Cluster& c) const;
  CountCache::Entry* cached(const Cluster& c) const;
  void cluster_marginals(const Cluster& c, long double whole, std::vector<std::vector<double>>& out) const;
  std::vector<int> cluster_rem(const Cluster& c) const;
  int offset(const Cluster& c, int block) const;
  struct Programme;
  // The cluster's programme, one per counter: its memo serves the total, the
  // marginals and the draws alike.
  Programme& programme_of(const Cluster& c) const;
  struct BlockSums {
    long double total = 0;
    std::vector<std::vector<long double>> sums;  // per group, per type
  };
  BlockSums block_sums(Programme& k, std::size_t b, const std::vector<int>& counts) const;
  // The counting programme of one cluster; `pinned_group` is one slot smaller
  // and `skipped_coupled` left out (their identities already taken from the counts).
  Programme programme(const Cluster& c, int pinned_group, int skipped_coupled) const;

  std::vector<std::vector<int>> counts_;
  std::vector<CountGroup> groups_;
  std::vector<CountCoupled> coupled_;
  std::size_t slots_;
  std::vector<Cluster> clusters_;
  CountCache* cache_ = nullptr;
  bool layered_ = true;
  mutable std::vector<std::shared_ptr<Programme>> draw_cache_;  // per cluster: programme_of()
};

}  // namespace facedown::analysis
