// The ways the unfought pieces of one block take a given histogram of
// identities (each piece within its group's allowed set): counted exactly and
// drawn uniformly, for the battle forest's steps 2 and 3 (battle_forest.h).
//
// A programme over the types, one at a time, whose state is the slots left per
// *class* of groups: groups that allow the same identities among the types
// still to place form one class, since their free slots are interchangeable
// for the rest of the fill (only the sum of their slots left matters: for a
// fixed count placed in two such groups, sum C(a, x) C(b, n - x) = C(a + b, n)).
// The types are placed in the order that merges groups earliest (greedy on the
// next layer's states), so Gunjin Shogi's blocks of 8-9 allowed sets (moved
// one square, two, never, fought...), whose programme over every group's slots
// left had 23,000-69,000 states and was therefore run over merged groups (a
// superset whose draws almost never replayed), take a few hundred states.
// Limits: at most 64 types and 62 slots (a mask per group, a state key in 64
// bits); beyond them (fits() false: no game's roster comes near, the largest
// blocks hold 25 pieces of 16 types) the total and the bound are 0, so a
// battle forest over them draws nothing (never a wrong draw).
// Invariant: total() is the number of assignments (SetupCounter's total for
// the same groups and counts, up to long double rounding); draw() gives each
// of them with probability 1 / total().
#pragma once
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "analysis/setup_count.h"
#include "engine/piece.h"

namespace facedown::analysis {

class RestFill {
 public:
  // Whether the groups and types are within the limits above.
  static bool fits(const std::vector<CountGroup>& groups, std::size_t types);
  // `groups`: one block's unfought groups; `hist`: how many of each type they take.
  RestFill(const std::vector<CountGroup>& groups, std::vector<int> hist);
  long double total() const { return total_; }
  // One assignment drawn uniformly: out[slot] for every slot of the groups
  // (other entries untouched). total() must be above 0.
  void draw(std::uint64_t& rng, std::vector<engine::PieceType>& out) const;
  // The programme's states filled (its work, what its time grows with).
  std::size_t states() const;
  // The battle forest's roster bound (battle_forest.h, step 2): the largest
  // N(counts - h) / prod_t counts_t^h_t over every histogram h with h_t at most
  // most[t] (what the fought pieces may take), by the same programme with the
  // largest term over h_t at each type (a maximum of sums is at most the sum of
  // maxima, so it bounds the ratio; groups merge as above, which changes no
  // term: each is a count for the types left).
  static long double roster_bound(const std::vector<CountGroup>& groups, const std::vector<int>& counts,
                                  const std::vector<int>& most);

 private:
  RestFill() = default;
  void plan(std::vector<char> left_types);
  std::uint64_t start() const;
  long double fill(std::size_t k, std::uint64_t key) const;
  std::uint64_t encode(std::size_t k, const std::vector<int>& caps) const;
  std::vector<int> decode(std::size_t k, std::uint64_t key) const;
  // Every split of n pieces of type order_[k] over layer k's classes that allow it, with
  // its ways (product of binomials) and the next layer's key.
  template <typename F>
  void splits(std::size_t k, const std::vector<int>& caps, int n, F&& f) const;

  std::vector<CountGroup> groups_;
  std::vector<int> hist_;
  std::vector<int> most_;  // roster_bound: per type, how many the fought pieces may take
  bool bound_ = false;
  std::vector<engine::PieceType> order_;       // the types placed, in order (count > 0)
  std::vector<std::vector<int>> class_of_;     // [layer][group] -> class (layer K: all placed)
  std::vector<std::vector<int>> radix_;        // [layer][class]: full slots + 1
  std::vector<std::vector<char>> allows_;      // [layer][class]: allows order_[layer]
  std::vector<std::vector<char>> empty_;       // [layer][class]: allows no type left
  mutable std::vector<std::unordered_map<std::uint64_t, long double>> memo_;
  long double total_ = 0;
};

}  // namespace facedown::analysis
