// Exact, uniform draws over the setups that keep every roster count, every
// piece's allowed identities and every learned battle between two hidden
// pieces (outcome-only games: Salpakan, Luzhanqi, Gunjin Shogi). The sampler's
// proposal where the counting (setup_count.h) would loosen the battles to what
// they allow piece by piece, and so propose setups that rarely replay.
//
// Nodes are the learning's coupled sets (explicit tuples) and single pieces
// that fought; edges are battles between pieces of two nodes (the pairs of
// identities the battle's outcome allows). Battles form a forest: each removes
// at least one of its two pieces, so no chain of battles closes on itself (an
// edge that would close one is left out: the proposal stays a superset).
// Invariant: every draw is exactly uniform over the setups counted (roster
// counts, allowed sets, coupled tuples, edges), whatever the structure:
//  1. the nodes are drawn from a tree-structured law (each tuple weighs the
//     product of its identities' roster counts; exact by message passing);
//  2. that law ignores that the fought pieces share the roster, so the draw is
//     kept with probability N(rest) / (prod counts * B), where N(rest) counts
//     the ways the unfought pieces take the identities left (setup_count.h)
//     and B bounds that ratio over every histogram (a max-sum programme);
//  3. the unfought pieces are drawn uniformly given the identities left.
// Step 2's rejection is the price of the shared roster (two winners both drawn
// as the one 5-star general); a draw costs no replay until it is kept. Step 2
// counts N(rest) per block (the blocks' unfought pieces are apart), and once
// one block's ratio N_b / (prod counts_b^h * B_b) is below the uniform drawn,
// the others (each ratio at most 1) are not counted. The counts of a block's
// unfought pieces per histogram, and its bound, depend only on that block's
// groups, so a RestCountCache keeps them between forests: a live Analyzer
// builds a forest every update, and most updates leave a block's groups as
// they were (Gunjin Shogi: ~6x fewer countings over a long match).
// RestOdds (below) serves the sampler's estimate: the unfought pieces' exact
// odds given a draw's other identities (Rao-Blackwellization).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "analysis/rest_fill.h"
#include "analysis/setup_count.h"
#include "engine/piece.h"

namespace facedown::analysis {

// The counts of the unfought pieces of one block per histogram of identities
// left (and the block's roster bound), kept between the forests of a live
// Analyzer, keyed by everything they depend on: the block's groups (slots and
// allowed sets), its roster counts, and the histogram (or, for the bound, what
// the fought pieces of the block may take). Memory stays bounded: each map is
// cleared when full.
struct RestCountCache {
  struct Entry {
    long double total = -1;                 // -1: not counted yet
    std::shared_ptr<RestFill> counter;      // kept for step 3's draws (few)
  };
  struct Block {
    std::map<std::vector<int>, Entry> histograms;
    std::map<std::vector<int>, long double> bounds;
  };
  std::map<std::vector<int>, Block> blocks;  // by the block's groups
  std::size_t counters = 0;                  // SetupCounters held
  std::size_t max_blocks = 16, max_histograms = 1u << 14, max_counters = 2048;
  std::size_t countings = 0;                 // N(rest) counted (misses), for tests and benches
  // The work of those countings: each adds its programme's states, the product
  // of (slots + 1) over the block's unfought groups (what its time grows with),
  // so a live update can charge a proposal what it cost (deduction.cpp).
  long double states = 0;
};

struct ForestNode {
  std::vector<int> slots;
  std::vector<int> slot_block;  // per slot
  std::vector<std::vector<engine::PieceType>> tuples;
};

// A battle between slot `pos_a` of node `a` and slot `pos_b` of node `b`.
struct ForestEdge {
  int a = 0, pos_a = 0, b = 0, pos_b = 0;
  std::vector<std::pair<engine::PieceType, engine::PieceType>> pairs;  // (a's, b's) identities allowed
};

class BattleForest {
 public:
  // counts[block][type]; `rest`: the other slots as groups (setup_count.h).
  // `cache`: kept between forests (it must outlive this one); null: a cache
  // of this forest's own. The draws are the same either way.
  BattleForest(std::vector<std::vector<int>> counts, std::vector<CountGroup> rest, std::vector<ForestNode> nodes,
               std::vector<ForestEdge> edges, std::size_t slots, RestCountCache* cache = nullptr);
  ~BattleForest();
  BattleForest(BattleForest&&) noexcept;

  // False when no setup is counted.
  bool possible() const { return possible_; }
  // One setup drawn uniformly over those counted, or nothing after `max_tries`
  // proposals (each rejected one adds to *tries).
  std::optional<std::vector<engine::PieceType>> draw(std::uint64_t& rng, int max_tries, long* tries = nullptr) const;

  // The roster counts per block and the unfought pieces' groups (the slots of
  // no node), for the sampler's Rao-Blackwellization (RestOdds below).
  const std::vector<std::vector<int>>& counts() const { return counts_; }
  const std::vector<CountGroup>& rest() const { return rest_; }

 private:
  // Block b's histogram of identities left, out of `rem` (every block's).
  std::vector<int> histogram(std::size_t b, const std::vector<int>& rem) const;
  long double rest_total(std::size_t b, const std::vector<int>& rem) const;
  bool rest_known(std::size_t b, const std::vector<int>& rem) const;
  std::shared_ptr<RestFill> rest_counter(std::size_t b, const std::vector<int>& rem) const;
  std::shared_ptr<RestFill> make_rest_counter(std::size_t b, const std::vector<int>& hist) const;
  void keep(RestCountCache::Entry& e, std::shared_ptr<RestFill> counter) const;
  long double block_bound(std::size_t b) const;

  std::vector<std::vector<int>> counts_;
  std::vector<CountGroup> rest_;
  std::vector<ForestNode> nodes_;
  std::size_t slots_ = 0;
  std::size_t types_ = 0;
  std::vector<int> order_;               // nodes, parents before children
  std::vector<int> parent_;              // per node (-1: a root)
  std::vector<int> parent_pos_, own_pos_;  // per node: the edge's slot in the parent, in the node
  std::vector<std::vector<char>> allow_;   // per node: [parent type * types + own type]
  std::vector<std::vector<long double>> beta_;  // per node, per tuple: own weight times the children's messages
  std::vector<int> first_child_, next_sibling_;
  long double bound_ = 1;  // B: the product of the blocks' bounds
  std::vector<long double> block_bounds_;  // B_b
  bool possible_ = true;
  // The unfought pieces' counting per block and histogram of identities left.
  std::unique_ptr<RestCountCache> own_cache_;
  RestCountCache* cache_ = nullptr;
  std::vector<RestCountCache::Block*> cached_;  // per block (one forest uses a cache at a time)
};

// Rao-Blackwellization of the sampler's estimate: for the `open` slots (some
// of a forest's unfought groups), the exact probability of each identity given
// the identities of every other slot of their block: the block's roster
// counts minus those identities are what is left to the open slots, which the
// counting (setup_count.h) spreads over them by what each one's group allows.
// When the stream's consistency asks of the open slots nothing beyond their
// allowed sets, the consistent setups with the other slots fixed are all the
// ways the open slots take what is left, so these rows are the posterior's own
// conditional law, and averaging them over posterior draws estimates the same
// marginals as counting the draws' identities, with less variance
// (docs/analysis.md, method item 9). Memoised per (block, identities left).
class RestOdds {
 public:
  // `open` per slot; `slot_block` per slot; groups: the open slots' groups.
  RestOdds(std::vector<std::vector<int>> counts, std::vector<CountGroup> open_groups, std::vector<int> slot_block,
           std::vector<char> open, std::size_t types);
  bool any() const { return !groups_.empty(); }
  bool open(std::size_t slot) const { return open_[slot] != 0; }
  // Rows (slot, P(type)) for block `block`'s open slots given `types` (a full
  // assignment keeping the roster counts and allowed sets); null when the
  // block has no open slot or `types` leaves them no setup (never for a draw
  // the counting allows). The pointer stays valid while this object lives.
  const std::vector<std::pair<int, std::vector<double>>>* given(std::size_t block,
                                                               const std::vector<engine::PieceType>& types);
  std::size_t blocks() const { return counts_.size(); }
  std::size_t countings() const { return memo_.size(); }
  // Same inputs (so the same rows): a live Analyzer keeps one between updates.
  bool same_inputs(const RestOdds& o) const;
  // Forgets the memo past `max` entries (call between uses: given()'s
  // pointers die with it). Memory stays bounded.
  void trim(std::size_t max) {
    if (memo_.size() > max) memo_.clear();
  }

 private:
  std::vector<std::vector<int>> counts_;
  std::vector<CountGroup> groups_;
  std::vector<int> slot_block_;
  std::vector<char> open_;
  std::size_t types_ = 0;
  std::map<std::vector<int>, std::optional<std::vector<std::pair<int, std::vector<double>>>>> memo_;
};

}  // namespace facedown::analysis
