// The battle forest (battle_forest.h) against brute force: small hand-built
// problems of two blocks whose pieces fought in chains of outcome-only battles
// (edges between single pieces and coupled pairs), beside unfought pieces with
// placement-like limits. Every draw is uniform over the setups that keep the
// counts, the allowed sets, the tuples and every battle, so its rates agree with
// the exact marginals within three standard errors; a problem with no setup
// draws nothing.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>

#include "analysis/battle_forest.h"
#include "engine/game.h"

using namespace facedown;
using facedown::engine::PieceType;

namespace {

struct Problem {
  std::vector<std::vector<int>> counts;
  std::vector<analysis::CountGroup> rest;
  std::vector<analysis::ForestNode> nodes;
  std::vector<analysis::ForestEdge> edges;
  std::size_t slots = 0;
};

// "a beats b" in a rank order with one exception (type 0 beats the top type),
// as Salpakan's spy beats the generals: the outcome couples the two identities.
std::vector<std::pair<PieceType, PieceType>> beats(std::size_t types) {
  std::vector<std::pair<PieceType, PieceType>> out;
  for (std::size_t a = 0; a < types; ++a)
    for (std::size_t b = 0; b < types; ++b)
      if ((a > b && !(b == 0 && a == types - 1)) || (a == 0 && b == types - 1))
        out.emplace_back(static_cast<PieceType>(a), static_cast<PieceType>(b));
  return out;
}

// Two blocks; a chain of battles over `fought` pieces alternating between the
// blocks (slot i fought slot i+1; the first two as one coupled pair when
// `pair`), the other pieces in one or two groups with random allowed sets.
Problem chain_problem(std::uint64_t seed, std::size_t types, int fought, bool pair) {
  auto next = [&](std::uint64_t n) { return engine::splitmix64(seed) % n; };
  Problem p;
  const int per_block = 4 + static_cast<int>(next(2));
  for (int b = 0; b < 2; ++b) {
    std::vector<int> c(types, 0);
    for (int i = 0; i < per_block; ++i) ++c[i < static_cast<int>(types) ? static_cast<std::size_t>(i) : next(types)];
    p.counts.push_back(c);
  }
  std::vector<int> block_of;
  for (int i = 0; i < fought; ++i) block_of.push_back(i % 2);
  const auto rel = beats(types);
  int slot = 0;
  std::vector<int> node_of_slot;
  for (int i = 0; i < fought; ++i) {
    if (pair && i == 1) {
      // Slots 0 and 1 are one coupled node: the pair's tuples (slot 0 beat slot 1).
      auto& n0 = p.nodes[0];
      n0.slots.push_back(slot);
      n0.slot_block.push_back(block_of[static_cast<std::size_t>(i)]);
      std::vector<std::vector<PieceType>> tuples;
      for (const auto& [x, y] : rel) tuples.push_back({x, y});
      n0.tuples = tuples;
      node_of_slot.push_back(0);
      ++slot;
      continue;
    }
    analysis::ForestNode n{{slot}, {block_of[static_cast<std::size_t>(i)]}, {}};
    for (std::size_t t = 0; t < types; ++t)
      if (next(5) != 0) n.tuples.push_back({static_cast<PieceType>(t)});
    if (n.tuples.empty()) n.tuples.push_back({0});
    node_of_slot.push_back(static_cast<int>(p.nodes.size()));
    p.nodes.push_back(n);
    ++slot;
  }
  for (int i = (pair ? 1 : 0); i + 1 < fought; ++i) {
    // Winner and loser at random: slot i beat slot i+1, or the other way round.
    const int a = node_of_slot[static_cast<std::size_t>(i)], b = node_of_slot[static_cast<std::size_t>(i + 1)];
    const int pos_a = pair && i == 1 ? 1 : 0;
    analysis::ForestEdge e{a, pos_a, b, 0, {}};
    const bool a_won = next(2) == 0;
    for (const auto& [x, y] : rel) e.pairs.emplace_back(a_won ? x : y, a_won ? y : x);
    p.edges.push_back(e);
  }
  for (int b = 0; b < 2; ++b) {
    const int used = static_cast<int>(std::count(block_of.begin(), block_of.end(), b));
    int left = per_block - used;
    while (left > 0) {
      const int size = 1 + static_cast<int>(next(static_cast<std::uint64_t>(left)));
      analysis::CountGroup g{b, {}, {}};
      for (std::size_t t = 0; t < types; ++t)
        if (next(4) != 0) g.allowed.push_back(static_cast<PieceType>(t));
      for (int i = 0; i < size; ++i) g.slots.push_back(slot++);
      left -= size;
      p.rest.push_back(g);
    }
  }
  p.slots = static_cast<std::size_t>(slot);
  return p;
}

std::vector<int> slot_blocks(const Problem& p) {
  std::vector<int> block(p.slots, 0);
  for (const auto& n : p.nodes)
    for (std::size_t j = 0; j < n.slots.size(); ++j) block[static_cast<std::size_t>(n.slots[j])] = n.slot_block[j];
  for (const auto& g : p.rest)
    for (int s : g.slots) block[static_cast<std::size_t>(s)] = g.block;
  return block;
}

// Every assignment, kept when it keeps the counts, the groups, the tuples and the edges.
long brute_force(const Problem& p, std::size_t types, std::vector<std::vector<long>>& hits) {
  const auto block = slot_blocks(p);
  std::vector<PieceType> a(p.slots, 0);
  long total = 0;
  hits.assign(p.slots, std::vector<long>(types, 0));
  auto keeps = [&] {
    auto counts = p.counts;
    for (std::size_t s = 0; s < p.slots; ++s)
      if (--counts[static_cast<std::size_t>(block[s])][static_cast<std::size_t>(a[s])] < 0) return false;
    for (const auto& g : p.rest)
      for (int s : g.slots)
        if (std::find(g.allowed.begin(), g.allowed.end(), a[static_cast<std::size_t>(s)]) == g.allowed.end()) return false;
    for (const auto& n : p.nodes) {
      std::vector<PieceType> x;
      for (int s : n.slots) x.push_back(a[static_cast<std::size_t>(s)]);
      if (std::find(n.tuples.begin(), n.tuples.end(), x) == n.tuples.end()) return false;
    }
    for (const auto& e : p.edges) {
      const auto pr = std::make_pair(a[static_cast<std::size_t>(p.nodes[static_cast<std::size_t>(e.a)].slots[static_cast<std::size_t>(e.pos_a)])],
                                     a[static_cast<std::size_t>(p.nodes[static_cast<std::size_t>(e.b)].slots[static_cast<std::size_t>(e.pos_b)])]);
      if (std::find(e.pairs.begin(), e.pairs.end(), pr) == e.pairs.end()) return false;
    }
    return true;
  };
  std::function<void(std::size_t)> rec = [&](std::size_t i) {
    if (i == p.slots) {
      if (!keeps()) return;
      ++total;
      for (std::size_t s = 0; s < p.slots; ++s) ++hits[s][static_cast<std::size_t>(a[s])];
      return;
    }
    for (std::size_t t = 0; t < types; ++t) {
      a[i] = static_cast<PieceType>(t);
      rec(i + 1);
    }
  };
  rec(0);
  return total;
}

// `n` draws: each identity's rate within three standard errors of the exact
// marginal (brute force), never an identity no setup gives. Returns the tally.
std::vector<std::vector<int>> check_draws(const analysis::BattleForest& forest, const Problem& p, std::size_t types,
                                          const std::vector<std::vector<long>>& hits, long total, int n, std::uint64_t rng) {
  std::vector<std::vector<int>> tally(p.slots, std::vector<int>(types, 0));
  for (int i = 0; i < n; ++i) {
    const auto d = forest.draw(rng, 100000);
    REQUIRE(d);
    for (std::size_t s = 0; s < d->size(); ++s) ++tally[s][static_cast<std::size_t>((*d)[s])];
  }
  // Within three standard errors but for 1 % of the estimates (chance, over
  // hundreds of them), none beyond five.
  int estimates = 0, beyond3 = 0;
  for (std::size_t s = 0; s < p.slots; ++s)
    for (std::size_t t = 0; t < types; ++t) {
      const double q = static_cast<double>(hits[s][t]) / static_cast<double>(total);
      const double se = std::sqrt(q * (1 - q) / n);
      INFO("slot " << s << " type " << t << " exact " << q << " drawn " << tally[s][t] / static_cast<double>(n));
      if (q == 0 || q == 1) {
        CHECK(tally[s][t] == (q == 1 ? n : 0));
        continue;
      }
      const double off = std::abs(tally[s][t] / static_cast<double>(n) - q);
      ++estimates;
      beyond3 += off > 3 * se + 1e-12;
      CHECK(off <= 5 * se + 1e-12);
    }
  CHECK(beyond3 <= estimates / 100 + 1);
  return tally;
}

}  // namespace

TEST_CASE("battle forest draws agree with brute force over chains of battles", "[analysis][exact][forest]") {
  const std::size_t types = 4;
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    const bool pair = seed % 2 == 0;
    const int fought = 3 + static_cast<int>(seed % 3);  // chains of 2 to 4 battles
    const Problem p = chain_problem(seed, types, fought, pair);
    std::vector<std::vector<long>> hits;
    const long total = brute_force(p, types, hits);
    analysis::BattleForest forest(p.counts, p.rest, p.nodes, p.edges, p.slots);
    INFO("seed " << seed << " setups " << total);
    std::uint64_t rng = seed * 7919;
    if (total == 0) {
      CHECK((!forest.possible() || !forest.draw(rng, 2000)));
      continue;
    }
    REQUIRE(forest.possible());
    ++checked;
    check_draws(forest, p, types, hits, total, 3000, rng);
  }
  CHECK(checked >= 12);
}

TEST_CASE("battle forest draws agree with brute force on a hand-built chain of three battles", "[analysis][exact][forest]") {
  // Each block holds types 0-3 once each and four pieces; "beats" is the rank
  // order but 0 beats 3. A (block 0) beat B and C and lost to D (block 1):
  // beating two distinct pieces takes type 2 (beats 0, 1; then D is 3) or 3
  // (beats 1, 2; then D is 0), never 0 or 1.
  const std::size_t types = 4;
  Problem p;
  p.counts = {{1, 1, 1, 1}, {1, 1, 1, 1}};
  const auto rel = beats(types);
  auto single = [&](int slot, int block) {
    analysis::ForestNode n{{slot}, {block}, {}};
    for (std::size_t t = 0; t < types; ++t) n.tuples.push_back({static_cast<PieceType>(t)});
    p.nodes.push_back(n);
  };
  single(0, 0);  // A
  single(1, 1);  // B: A beat B
  single(2, 1);  // C: A beat C
  single(3, 1);  // D: D beat A
  for (int b : {1, 2}) {
    analysis::ForestEdge e{0, 0, b, 0, rel};
    p.edges.push_back(e);
  }
  analysis::ForestEdge lost{3, 0, 0, 0, rel};
  p.edges.push_back(lost);
  p.rest.push_back({0, {4, 5, 6}, {0, 1, 2, 3}});
  p.rest.push_back({1, {7}, {0, 1, 2, 3}});
  p.slots = 8;
  std::vector<std::vector<long>> hits;
  const long total = brute_force(p, types, hits);
  REQUIRE(total > 0);
  analysis::BattleForest forest(p.counts, p.rest, p.nodes, p.edges, p.slots);
  const auto tally = check_draws(forest, p, types, hits, total, 4000, 5);
  CHECK(tally[0][0] == 0);
  CHECK(tally[0][1] == 0);
  CHECK(tally[0][2] > 0);
  CHECK(tally[0][3] > 0);
}

namespace {

// RestOdds over every group of a problem (the unfought pieces all open).
analysis::RestOdds rest_odds(const Problem& p, std::size_t types) {
  std::vector<char> open(p.slots, 0);
  for (const auto& g : p.rest)
    for (int s : g.slots) open[static_cast<std::size_t>(s)] = 1;
  return analysis::RestOdds(p.counts, p.rest, slot_blocks(p), open, types);
}

// Brute force of the unfought pieces' law given the fought ones' identities in
// `fixed` (the setups that agree with it there): per slot, per type.
std::vector<std::vector<double>> conditional(const Problem& p, std::size_t types, const std::vector<PieceType>& fixed) {
  Problem q = p;
  // Pin every fought slot to its identity: one tuple per node, edges then hold or not.
  for (auto& n : q.nodes) {
    std::vector<PieceType> t;
    for (int s : n.slots) t.push_back(fixed[static_cast<std::size_t>(s)]);
    n.tuples = {t};
  }
  std::vector<std::vector<long>> hits;
  const long total = brute_force(q, types, hits);
  std::vector<std::vector<double>> out(p.slots, std::vector<double>(types, 0));
  for (std::size_t s = 0; s < p.slots; ++s)
    for (std::size_t t = 0; t < types; ++t) out[s][t] = total > 0 ? static_cast<double>(hits[s][t]) / static_cast<double>(total) : -1;
  return out;
}

}  // namespace

TEST_CASE("the unfought pieces' Rao-Blackwellized odds are their exact law given the fought ones", "[analysis][exact][forest]") {
  // RestOdds: for a draw, each unfought piece's odds given every fought
  // identity of the draw, against brute force over the setups that agree with
  // the draw there.
  const std::size_t types = 4;
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const Problem p = chain_problem(seed, types, 3 + static_cast<int>(seed % 3), seed % 2 == 0);
    std::vector<std::vector<long>> hits;
    if (brute_force(p, types, hits) == 0) continue;
    analysis::BattleForest forest(p.counts, p.rest, p.nodes, p.edges, p.slots);
    auto rb = rest_odds(p, types);
    std::uint64_t rng = seed * 31;
    for (int i = 0; i < 4; ++i) {
      const auto d = forest.draw(rng, 100000);
      REQUIRE(d);
      const auto exact = conditional(p, types, *d);
      for (std::size_t b = 0; b < p.counts.size(); ++b) {
        const auto* rows = rb.given(b, *d);
        if (!rows) continue;
        for (const auto& [s, row] : *rows)
          for (std::size_t t = 0; t < types; ++t) {
            INFO("seed " << seed << " draw " << i << " slot " << s << " type " << t);
            CHECK(row[t] == Approx(exact[static_cast<std::size_t>(s)][t]).margin(1e-12));
          }
        ++compared;
      }
    }
  }
  CHECK(compared >= 24);
}

TEST_CASE("Rao-Blackwellized estimates agree with brute force and are less noisy", "[analysis][exact][forest]") {
  // The sampler's estimate with the unfought pieces Rao-Blackwellized (their
  // rows averaged over draws, the fought pieces' identities counted) within
  // three standard errors (the rows' sample variance, as deduction.cpp
  // computes it) of the exact marginals; its variance below the counted
  // identities' binomial one summed over the unfought pieces.
  const std::size_t types = 4;
  const int n = 2000;
  int checked = 0, beyond3 = 0, estimates = 0;
  double var_rb = 0, var_counted = 0;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    const Problem p = chain_problem(seed, types, 3 + static_cast<int>(seed % 3), seed % 2 == 0);
    std::vector<std::vector<long>> hits;
    const long total = brute_force(p, types, hits);
    if (total == 0) continue;
    ++checked;
    analysis::BattleForest forest(p.counts, p.rest, p.nodes, p.edges, p.slots);
    auto rb = rest_odds(p, types);
    std::uint64_t rng = seed * 104729;
    std::vector<std::vector<double>> sum(p.slots, std::vector<double>(types, 0)), sq = sum;
    std::vector<std::vector<int>> counted(p.slots, std::vector<int>(types, 0));
    for (int i = 0; i < n; ++i) {
      const auto d = forest.draw(rng, 100000);
      REQUIRE(d);
      std::vector<const std::vector<double>*> row(p.slots, nullptr);
      for (std::size_t b = 0; b < p.counts.size(); ++b)
        if (const auto* rows = rb.given(b, *d))
          for (const auto& [s, r] : *rows) row[static_cast<std::size_t>(s)] = &r;
      for (std::size_t s = 0; s < p.slots; ++s) {
        ++counted[s][static_cast<std::size_t>((*d)[s])];
        for (std::size_t t = 0; t < types; ++t) {
          const double x = row[s] ? (*row[s])[t] : ((*d)[s] == static_cast<PieceType>(t) ? 1.0 : 0.0);
          sum[s][t] += x;
          sq[s][t] += x * x;
        }
      }
    }
    for (std::size_t s = 0; s < p.slots; ++s) {
      const bool open = std::any_of(p.rest.begin(), p.rest.end(), [&](const auto& g) {
        return std::find(g.slots.begin(), g.slots.end(), static_cast<int>(s)) != g.slots.end();
      });
      for (std::size_t t = 0; t < types; ++t) {
        const double exact = static_cast<double>(hits[s][t]) / static_cast<double>(total);
        const double q = sum[s][t] / n;
        const double s2 = std::max(0.0, (sq[s][t] - n * q * q) / (n - 1));
        const double se = std::sqrt(std::max(s2, 1.0 / n) / n);
        INFO("seed " << seed << " slot " << s << " type " << t << " exact " << exact << " estimate " << q);
        if (exact == 0) CHECK(q == 0);  // no weight on an identity no setup gives
        ++estimates;
        if (std::abs(q - exact) > 3 * se) ++beyond3;
        CHECK(std::abs(q - exact) <= 5 * se);
        if (open) {
          var_rb += s2;
          const double c = counted[s][t] / static_cast<double>(n);
          var_counted += c * (1 - c);
        }
      }
    }
  }
  CHECK(checked >= 8);
  INFO(beyond3 << " of " << estimates << " beyond 3 standard errors");
  CHECK(beyond3 <= estimates / 100 + 1);
  INFO("variance per draw, Rao-Blackwellized " << var_rb << ", counted " << var_counted);
  CHECK(var_rb < 0.8 * var_counted);
}

TEST_CASE("battle forest: a count cache kept between forests gives the same draws and counts each histogram once",
          "[analysis][forest]") {
  // A live Analyzer builds a forest every update with one RestCountCache
  // (deduction.cpp): a forest rebuilt over the same cache draws what a forest
  // of its own draws, and counts no histogram of the unfought pieces again;
  // with the cache's limits tiny (its maps cleared over and over) the draws
  // are still the same.
  const std::size_t types = 4;
  int reused = 0;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    const Problem p = chain_problem(seed, types, 3 + static_cast<int>(seed % 3), seed % 2 == 0);
    INFO("seed " << seed);
    auto draws = [&](const analysis::BattleForest& f) {
      std::vector<std::vector<PieceType>> out;
      std::uint64_t rng = seed * 31;
      for (int i = 0; i < 80; ++i) {
        const auto d = f.draw(rng, 500);
        out.push_back(d ? *d : std::vector<PieceType>{});
      }
      return out;
    };
    const analysis::BattleForest alone(p.counts, p.rest, p.nodes, p.edges, p.slots);
    if (!alone.possible()) continue;
    const auto expected = draws(alone);
    analysis::RestCountCache cache;
    analysis::RestCountCache tiny;
    tiny.max_blocks = 1;
    tiny.max_histograms = 2;
    tiny.max_counters = 1;
    for (int update = 0; update < 3; ++update) {
      const std::size_t before = cache.countings;
      const long double states = cache.states;
      const analysis::BattleForest kept(p.counts, p.rest, p.nodes, p.edges, p.slots, &cache);
      CHECK(draws(kept) == expected);
      if (update == 0) {
        // A counting's work, charged against update_events (deduction.cpp):
        // the states its programme filled (rest_fill.h), at least one each.
        CHECK(cache.states >= static_cast<long double>(cache.countings));
        CHECK((cache.states > 0) == (cache.countings > 0));
      } else {
        // Every histogram met was counted by an earlier forest: nothing to charge.
        CHECK(cache.countings == before);
        CHECK(cache.states == states);
        reused += before > 0;
      }
      const analysis::BattleForest cramped(p.counts, p.rest, p.nodes, p.edges, p.slots, &tiny);
      CHECK(draws(cramped) == expected);
    }
    CHECK(cache.counters <= cache.max_counters);
    CHECK(tiny.counters <= tiny.max_counters);
  }
  CHECK(reused >= 12);
}
