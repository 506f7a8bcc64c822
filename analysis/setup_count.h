// Exact counting of setups. A block is one roster draw (a player's hidden
// setup): counts per piece type that its slots must use up exactly. Units say
// what each slot may be:
//  - a group: slots of one block that may each be any type of one allowed set
//    (exchangeable: a group of n slots takes a multiset of n types, in
//    n!/prod(x_t!) ways);
//  - a coupled unit: slots (of any blocks) whose identities are allowed only
//    together, as an explicit list of tuples.
// The number of setups is a dynamic programme over the units with the counts
// still left as the state; blocks linked by no coupled unit are counted apart
// (the total is the product). Marginals pin one slot to one type and count
// again; draws are exact and uniform over the setups counted.
#pragma once
#include <cstdint>
#include <map>
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

class SetupCounter {
 public:
  // counts[block][type]; every slot belongs to exactly one unit.
  SetupCounter(std::vector<std::vector<int>> counts, std::vector<CountGroup> groups, std::vector<CountCoupled> coupled,
               std::size_t slots);

  // The number of setups (as a floating count: rosters of 40 overflow 64 bits).
  long double total() const;
  // P(slot has each type), per slot; every row sums to 1 when total() > 0.
  std::vector<std::vector<double>> marginals(std::size_t types) const;
  // One setup drawn uniformly (types per slot); total() must be > 0.
  std::vector<engine::PieceType> draw(std::uint64_t& rng) const;

 private:
  struct Cluster {
    std::vector<int> blocks;
    std::vector<int> order;    // unit indices: coupled first, then groups, each block's largest group last
    std::vector<bool> closes;  // per position in order: the last group of its block
  };
  long double cluster_total(const Cluster& c) const;
  std::vector<int> cluster_rem(const Cluster& c) const;
  int offset(const Cluster& c, int block) const;
  // The counting programme of one cluster; `pinned` (a unit index) is a group
  // one slot smaller or a coupled unit left out.
  struct Programme;
  Programme programme(const Cluster& c, std::size_t pinned) const;

  std::vector<std::vector<int>> counts_;
  std::vector<CountGroup> groups_;
  std::vector<CountCoupled> coupled_;
  std::size_t slots_;
  std::vector<Cluster> clusters_;
};

}  // namespace facedown::analysis
