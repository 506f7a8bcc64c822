// The layered fill (setup_count.cpp): where it counts a block, it must give the
// memoised programme's numbers bit for bit (totals, marginals, draws), on
// Number Janggi-sized blocks (12 types, 14 slots, a coupled pair battle), and
// agree with brute force on small ones with certain pieces and used-up types.
// Problems of different shapes and counts follow one another in one thread, as
// a live analysis's events do, so a count left over from an earlier problem
// (its scratch array not cleared) would show as a difference.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>

#include "analysis/setup_count.h"
#include "engine/game.h"

using namespace facedown;
using facedown::engine::PieceType;

namespace {

struct Problem {
  std::vector<std::vector<int>> counts;
  std::vector<analysis::CountGroup> groups;
  std::vector<analysis::CountCoupled> coupled;
  std::vector<int> slot_block;
};

// Blocks whose slots split into groups of 1 to `largest` slots, from a true
// setup (a shuffle of each block's pieces) so that some setup fits: each group
// allows its slots' true types and, two times in three, random others (else a
// single slot is a piece known for certain); with `pair`, the last slot of
// each of the first two blocks makes a coupled unit (a battle of two face-down
// pieces) allowing the true pair and random others.
Problem random_problem(std::uint64_t seed, const std::vector<std::vector<int>>& counts, int largest, bool pair) {
  auto next = [&](std::uint64_t n) { return engine::splitmix64(seed) % n; };
  const std::size_t types = counts[0].size();
  Problem p;
  p.counts = counts;
  int slot = 0;
  std::vector<int> last_slot;
  std::vector<PieceType> last_type;
  for (std::size_t b = 0; b < counts.size(); ++b) {
    std::vector<PieceType> pieces;
    for (std::size_t t = 0; t < types; ++t)
      for (int i = 0; i < counts[b][t]; ++i) pieces.push_back(static_cast<PieceType>(t));
    for (std::size_t i = pieces.size(); i > 1; --i) std::swap(pieces[i - 1], pieces[next(i)]);
    if (pair) {
      last_type.push_back(pieces.back());
      pieces.pop_back();
    }
    std::size_t at = 0;
    while (at < pieces.size()) {
      const std::size_t size = 1 + next(std::min<std::uint64_t>(pieces.size() - at, static_cast<std::uint64_t>(largest)));
      analysis::CountGroup g{static_cast<int>(b), {}, {}};
      const bool extra = next(3) != 0;
      for (std::size_t t = 0; t < types; ++t) {
        const bool truth = std::find(pieces.begin() + static_cast<long>(at), pieces.begin() + static_cast<long>(at + size),
                                     static_cast<PieceType>(t)) != pieces.begin() + static_cast<long>(at + size);
        if (truth || (extra && next(3) == 0)) g.allowed.push_back(static_cast<PieceType>(t));
      }
      for (std::size_t i = 0; i < size; ++i) {
        g.slots.push_back(slot++);
        p.slot_block.push_back(static_cast<int>(b));
      }
      at += size;
      p.groups.push_back(g);
    }
    if (pair) {
      last_slot.push_back(slot++);
      p.slot_block.push_back(static_cast<int>(b));
    }
  }
  if (pair) {
    analysis::CountCoupled cu;
    cu.slots = {last_slot[0], last_slot[1]};
    cu.slot_block = {0, 1};
    for (std::size_t a = 0; a < types; ++a)
      for (std::size_t b = 0; b < types; ++b)
        if ((a == static_cast<std::size_t>(last_type[0]) && b == static_cast<std::size_t>(last_type[1])) || next(4) != 0)
          cu.tuples.push_back({static_cast<PieceType>(a), static_cast<PieceType>(b)});
    p.coupled.push_back(cu);
  }
  return p;
}

bool same_bits(long double a, long double b) { return a == b && std::signbit(a) == std::signbit(b); }

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("the layered fill gives the programme's counts bit for bit on Number Janggi-sized blocks",
          "[analysis][exact][layered]") {
  // Number Janggi's roster: 12 types, one of each but three of one, 14 pieces a side.
  const std::vector<int> roster{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1};
  int nonzero = 0, coupled = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    // Counts vary between problems (pieces seen face up leave a block), as
    // between a live analysis's events.
    auto counts = std::vector<std::vector<int>>{roster, roster};
    std::uint64_t s = seed * 7919;
    for (auto& c : counts)
      for (int drop = static_cast<int>(engine::splitmix64(s) % 4); drop > 0; --drop) {
        const auto t = engine::splitmix64(s) % c.size();
        if (c[t] > 0) --c[t];
      }
    const bool pair = seed % 3 != 0;
    const Problem p = random_problem(seed, counts, 1 + static_cast<int>(seed % 8), pair);
    analysis::SetupCounter fast(p.counts, p.groups, p.coupled, p.slot_block.size());
    analysis::SetupCounter slow(p.counts, p.groups, p.coupled, p.slot_block.size());
    slow.use_layered_fill(false);
    INFO("seed " << seed);
    const long double total = slow.total();
    REQUIRE(same_bits(fast.total(), total));
    REQUIRE(total > 0);  // the true setup fits
    ++nonzero;
    coupled += pair;
    const auto a = fast.marginals(roster.size()), b = slow.marginals(roster.size());
    for (std::size_t slot = 0; slot < a.size(); ++slot)
      for (std::size_t t = 0; t < roster.size(); ++t) {
        INFO("slot " << slot << " type " << t);
        REQUIRE(same_bits(a[slot][t], b[slot][t]));
      }
    std::uint64_t r1 = seed, r2 = seed;
    for (int i = 0; i < 20; ++i) REQUIRE(fast.draw(r1) == slow.draw(r2));
  }
  CHECK(nonzero == 60);
  CHECK(coupled == 40);
}

TEST_CASE("the layered fill agrees with brute force where pieces are certain and types used up", "[analysis][exact][layered]") {
  const std::size_t types = 4;
  int nonzero = 0;
  for (std::uint64_t seed = 1; seed <= 80; ++seed) {
    std::uint64_t s = seed * 104729;
    std::vector<std::vector<int>> counts;
    const std::size_t blocks = 1 + engine::splitmix64(s) % 2;
    for (std::size_t b = 0; b < blocks; ++b) {
      std::vector<int> c(types, 0);  // some types have no piece left
      const int n = 2 + static_cast<int>(engine::splitmix64(s) % (blocks == 1 ? 6 : 3));
      for (int i = 0; i < n; ++i) ++c[engine::splitmix64(s) % (types - 1)];
      counts.push_back(c);
    }
    const bool pair = blocks == 2 && seed % 2 == 0;
    const Problem p = random_problem(seed, counts, 3, pair);
    const std::size_t slots = p.slot_block.size();
    long double total = 0;
    std::vector<std::vector<long double>> hits(slots, std::vector<long double>(types, 0));
    std::vector<PieceType> x(slots, 0);
    std::function<void(std::size_t)> rec = [&](std::size_t i) {
      if (i == slots) {
        for (const auto& g : p.groups)
          for (int sl : g.slots)
            if (std::find(g.allowed.begin(), g.allowed.end(), x[static_cast<std::size_t>(sl)]) == g.allowed.end()) return;
        for (const auto& cu : p.coupled) {
          const std::vector<PieceType> tuple{x[static_cast<std::size_t>(cu.slots[0])], x[static_cast<std::size_t>(cu.slots[1])]};
          if (std::find(cu.tuples.begin(), cu.tuples.end(), tuple) == cu.tuples.end()) return;
        }
        auto left = p.counts;
        for (std::size_t sl = 0; sl < slots; ++sl) --left[static_cast<std::size_t>(p.slot_block[sl])][static_cast<std::size_t>(x[sl])];
        for (const auto& c : left)
          for (int v : c)
            if (v != 0) return;
        total += 1;
        for (std::size_t sl = 0; sl < slots; ++sl) hits[sl][static_cast<std::size_t>(x[sl])] += 1;
        return;
      }
      for (std::size_t t = 0; t < types; ++t) {
        x[i] = static_cast<PieceType>(t);
        rec(i + 1);
      }
    };
    rec(0);
    analysis::SetupCounter counter(p.counts, p.groups, p.coupled, slots);
    INFO("seed " << seed);
    REQUIRE(counter.total() == total);
    REQUIRE(total > 0);
    ++nonzero;
    const auto m = counter.marginals(types);
    for (std::size_t sl = 0; sl < slots; ++sl)
      for (std::size_t t = 0; t < types; ++t) {
        INFO("slot " << sl << " type " << t);
        CHECK(m[sl][t] == static_cast<double>(hits[sl][t] / total));
      }
  }
  CHECK(nonzero == 80);
}

TEST_CASE("a count cache shared between events counts again when the counts change", "[analysis][exact][layered]") {
  // Two events' counters share the cache; the second sees one piece fewer of
  // type 10 in block 0 (turned face up elsewhere) with the same groups: a
  // stale entry would give the first event's total and marginals.
  const std::vector<int> roster{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1};
  const Problem p = random_problem(5, {roster, roster}, 4, true);
  analysis::CountCache cache;
  analysis::SetupCounter first(p.counts, p.groups, p.coupled, p.slot_block.size());
  first.use_cache(&cache);
  const long double before = first.total();
  REQUIRE(before > 0);
  (void)first.marginals(roster.size());
  // The same groups, one slot fewer: the last slot of block 0's largest group
  // left the block with a piece of type 10.
  Problem q = p;
  auto largest = std::max_element(q.groups.begin(), q.groups.end(), [](const auto& a, const auto& b) {
    return (a.block == 0 ? a.slots.size() : 0) < (b.block == 0 ? b.slots.size() : 0);
  });
  REQUIRE(largest->slots.size() > 1);
  largest->slots.pop_back();
  --q.counts[0][10];
  analysis::SetupCounter second(q.counts, q.groups, q.coupled, q.slot_block.size());
  second.use_cache(&cache);
  analysis::SetupCounter plain(q.counts, q.groups, q.coupled, q.slot_block.size());
  plain.use_layered_fill(false);
  CHECK(second.total() == plain.total());
  CHECK(second.total() != before);
  CHECK(second.marginals(roster.size()) == plain.marginals(roster.size()));
}

namespace {

// Gunjin Shogi-sized: 16 types, 23 pieces a side (seven pairs), so a block's
// multinomial (2e20) is past a long double's exact integers.
const std::vector<int> kGunjinRoster{1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 1, 2, 2, 1};

bool close(long double a, long double b) { return std::fabs(a - b) <= 1e-15L * std::fabs(b); }

}  // namespace

TEST_CASE("the dense fill agrees with the programme where the counts are not exact integers",
          "[analysis][layered]") {
  const auto& roster = kGunjinRoster;
  int coupled = 0;
  for (std::uint64_t seed = 1; seed <= 9; ++seed) {
    auto counts = std::vector<std::vector<int>>{roster, roster};
    std::uint64_t s = seed * 7919;
    for (auto& c : counts)
      for (int drop = static_cast<int>(engine::splitmix64(s) % 3); drop > 0; --drop) {
        const auto t = engine::splitmix64(s) % c.size();
        if (c[t] > 0) --c[t];
      }
    const bool pair = seed % 3 != 0;
    const Problem p = random_problem(seed, counts, 5 + static_cast<int>(seed % 4), pair);
    analysis::SetupCounter fast(p.counts, p.groups, p.coupled, p.slot_block.size());
    analysis::SetupCounter slow(p.counts, p.groups, p.coupled, p.slot_block.size());
    slow.use_layered_fill(false);
    INFO("seed " << seed);
    const long double total = slow.total();
    REQUIRE(total > 0);  // the true setup fits (the bound the fill checks, the multinomial, is past 2^64)
    REQUIRE(close(fast.total(), total));
    coupled += pair;
    const auto a = fast.marginals(roster.size()), b = slow.marginals(roster.size());
    for (std::size_t slot = 0; slot < a.size(); ++slot)
      for (std::size_t t = 0; t < roster.size(); ++t) {
        INFO("slot " << slot << " type " << t);
        REQUIRE(std::fabs(a[slot][t] - b[slot][t]) <= 1e-12);
      }
    // Draws take the same random numbers and choices; only a choice whose
    // running weight ties to the last bits could differ, so nearly all agree.
    std::uint64_t r1 = seed, r2 = seed;
    int same = 0;
    for (int i = 0; i < 20; ++i) same += fast.draw(r1) == slow.draw(r2);
    CHECK(same >= 19);
  }
  CHECK(coupled == 6);
}

TEST_CASE("a block's fill kept in the count cache gives what a fresh counter gives", "[analysis][layered]") {
  // A coupled pair links two blocks; between events one block's groups change
  // and the other's do not. The counter over the cache takes the unchanged
  // block's fills (one per identity its member may have) and must give the
  // very numbers and draws a counter of its own gives; a change to the kept
  // block's allowed sets or counts must be counted afresh.
  for (const auto& roster : {kGunjinRoster, std::vector<int>{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1}}) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      INFO("types " << roster.size() << " seed " << seed);
      const Problem p = random_problem(seed, {roster, roster}, 5, true);
      analysis::CountCache cache;
      auto check = [&](const Problem& q) {
        analysis::SetupCounter kept(q.counts, q.groups, q.coupled, q.slot_block.size());
        kept.use_cache(&cache);
        analysis::SetupCounter own(q.counts, q.groups, q.coupled, q.slot_block.size());
        REQUIRE(same_bits(kept.total(), own.total()));
        REQUIRE(kept.total() > 0);
        CHECK(kept.marginals(roster.size()) == own.marginals(roster.size()));
        std::uint64_t r1 = seed, r2 = seed;
        for (int i = 0; i < 10; ++i) REQUIRE(kept.draw(r1) == own.draw(r2));
      };
      check(p);
      const std::size_t first = cache.fills.size();
      REQUIRE(first > 2);  // a fill per identity of each member
      // Block 1 changes: a group of two slots or more is split in two with the
      // same allowed set (the same setups, other groups), so block 0's fills
      // are the ones kept.
      Problem q = p;
      auto split = std::find_if(q.groups.begin(), q.groups.end(), [](const auto& g) { return g.block == 1 && g.slots.size() > 1; });
      REQUIRE(split != q.groups.end());
      analysis::CountGroup tail{1, {split->slots.back()}, split->allowed};
      split->slots.pop_back();
      q.groups.push_back(tail);
      check(q);
      const std::size_t second = cache.fills.size();
      CHECK(second > first);              // block 1 counted afresh
      CHECK(second - first < first);      // block 0's fills kept
      // Block 0 changes: a group's allowed set gains a type (a looser constraint,
      // so the true setup still fits); its fills must not be taken from the cache.
      Problem r = q;
      auto wider = std::find_if(r.groups.begin(), r.groups.end(), [&](const auto& g) { return g.block == 0 && g.allowed.size() < roster.size(); });
      REQUIRE(wider != r.groups.end());
      for (std::size_t t = 0; t < roster.size(); ++t)
        if (std::find(wider->allowed.begin(), wider->allowed.end(), static_cast<PieceType>(t)) == wider->allowed.end()) {
          wider->allowed.push_back(static_cast<PieceType>(t));
          break;
        }
      std::sort(wider->allowed.begin(), wider->allowed.end());
      check(r);
      CHECK(cache.fills.size() > second);
    }
  }
}
