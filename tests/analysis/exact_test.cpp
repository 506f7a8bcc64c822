// Exact: the counting (setup_count.h) against brute force over every
// assignment, on small random problems (two blocks, groups and coupled units);
// its draws against the exact marginals within three standard errors.
#include <catch2/catch.hpp>

#include <cmath>
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
  std::vector<std::vector<bool>> allowed;  // per slot (groups)
};

Problem random_problem(std::uint64_t seed, std::size_t types) {
  auto next = [&](std::uint64_t n) { return engine::splitmix64(seed) % n; };
  Problem p;
  const std::size_t blocks = 1 + next(2);
  int slot = 0;
  for (std::size_t b = 0; b < blocks; ++b) {
    std::vector<int> c(types, 0);
    const int n = 2 + static_cast<int>(next(4));
    for (int i = 0; i < n; ++i) ++c[next(types)];
    p.counts.push_back(c);
    // Split the block's slots into up to three groups with random allowed sets.
    int left = n;
    while (left > 0) {
      const int size = 1 + static_cast<int>(next(static_cast<std::uint64_t>(left)));
      analysis::CountGroup g{static_cast<int>(b), {}, {}};
      for (std::size_t t = 0; t < types; ++t)
        if (next(4) != 0) g.allowed.push_back(static_cast<PieceType>(t));
      for (int i = 0; i < size; ++i) {
        g.slots.push_back(slot++);
        p.slot_block.push_back(static_cast<int>(b));
      }
      left -= size;
      p.groups.push_back(g);
    }
  }
  // Turn the first slots of two groups into a coupled unit with random tuples.
  if (p.groups.size() >= 2 && next(3) != 0) {
    auto& g1 = p.groups[0];
    auto& g2 = p.groups.back();
    if (g1.slots.size() > 1 && g2.slots.size() > 1) {
      analysis::CountCoupled cu;
      cu.slots = {g1.slots.back(), g2.slots.back()};
      cu.slot_block = {g1.block, g2.block};
      g1.slots.pop_back();
      g2.slots.pop_back();
      for (std::size_t a = 0; a < types; ++a)
        for (std::size_t b = 0; b < types; ++b)
          if (next(3) == 0) cu.tuples.push_back({static_cast<PieceType>(a), static_cast<PieceType>(b)});
      p.coupled.push_back(cu);
    }
  }
  return p;
}

// Every assignment of types to slots, kept when each unit allows it and every
// block uses its counts exactly.
void brute_force(const Problem& p, std::size_t types, long double& total, std::vector<std::vector<long double>>& hits) {
  const std::size_t slots = p.slot_block.size();
  std::vector<PieceType> a(slots, 0);
  total = 0;
  hits.assign(slots, std::vector<long double>(types, 0));
  std::function<void(std::size_t)> rec = [&](std::size_t i) {
    if (i == slots) {
      for (const auto& g : p.groups)
        for (int s : g.slots)
          if (std::find(g.allowed.begin(), g.allowed.end(), a[static_cast<std::size_t>(s)]) == g.allowed.end()) return;
      for (const auto& cu : p.coupled) {
        std::vector<PieceType> x;
        for (int s : cu.slots) x.push_back(a[static_cast<std::size_t>(s)]);
        if (std::find(cu.tuples.begin(), cu.tuples.end(), x) == cu.tuples.end()) return;
      }
      auto counts = p.counts;
      for (std::size_t s = 0; s < slots; ++s)
        --counts[static_cast<std::size_t>(p.slot_block[s])][static_cast<std::size_t>(a[s])];
      for (const auto& c : counts)
        for (int v : c)
          if (v != 0) return;
      total += 1;
      for (std::size_t s = 0; s < slots; ++s) hits[s][static_cast<std::size_t>(a[s])] += 1;
      return;
    }
    for (std::size_t t = 0; t < types; ++t) {
      a[i] = static_cast<PieceType>(t);
      rec(i + 1);
    }
  };
  rec(0);
}

}  // namespace

TEST_CASE("the counting agrees with brute force exactly", "[analysis][exact]") {
  const std::size_t types = 3;
  int nonzero = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const Problem p = random_problem(seed, types);
    long double total = 0;
    std::vector<std::vector<long double>> hits;
    brute_force(p, types, total, hits);
    analysis::SetupCounter counter(p.counts, p.groups, p.coupled, p.slot_block.size());
    INFO("seed " << seed);
    if (counter.total() != total) {
      for (const auto& c : p.counts) { std::string x; for (int v : c) x += std::to_string(v) + " "; WARN("counts " << x); }
      for (const auto& g : p.groups) { std::string x; for (int v : g.slots) x += std::to_string(v) + " "; x += "| "; for (auto t : g.allowed) x += std::to_string(t) + " "; WARN("group b" << g.block << " " << x); }
      for (const auto& cu : p.coupled) { std::string x; for (int v : cu.slots) x += std::to_string(v) + " "; x += "| "; for (auto& t : cu.tuples) x += "(" + std::to_string(t[0]) + "," + std::to_string(t[1]) + ")"; WARN("coupled " << x); }
    }
    REQUIRE(counter.total() == total);
    if (total == 0) continue;
    ++nonzero;
    const auto m = counter.marginals(types);
    for (std::size_t s = 0; s < hits.size(); ++s)
      for (std::size_t t = 0; t < types; ++t) {
        INFO("slot " << s << " type " << t);
        // Both are ratios of exact integers: equal to the last bit.
        CHECK(m[s][t] == static_cast<double>(hits[s][t] / total));
      }
  }
  CHECK(nonzero > 50);
}

TEST_CASE("draws agree with the exact marginals within three standard errors", "[analysis][exact]") {
  const std::size_t types = 3;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Problem p = random_problem(seed, types);
    analysis::SetupCounter counter(p.counts, p.groups, p.coupled, p.slot_block.size());
    if (counter.total() == 0) continue;
    const auto m = counter.marginals(types);
    const int n = 2000;
    std::vector<std::vector<int>> tally(p.slot_block.size(), std::vector<int>(types, 0));
    std::uint64_t rng = seed;
    for (int i = 0; i < n; ++i) {
      const auto d = counter.draw(rng);
      for (std::size_t s = 0; s < d.size(); ++s) ++tally[s][static_cast<std::size_t>(d[s])];
    }
    for (std::size_t s = 0; s < tally.size(); ++s)
      for (std::size_t t = 0; t < types; ++t) {
        const double q = m[s][t];
        const double se = std::sqrt(q * (1 - q) / n);
        INFO("seed " << seed << " slot " << s << " type " << t);
        if (q == 0 || q == 1) CHECK(tally[s][t] == (q == 1 ? n : 0));
        else CHECK(std::abs(tally[s][t] / static_cast<double>(n) - q) <= 3 * se + 1e-12);
      }
  }
}
