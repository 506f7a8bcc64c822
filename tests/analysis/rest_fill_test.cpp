// RestFill (analysis/rest_fill.h), the battle forest's counting of the
// unfought pieces by types with groups merged once they agree on the types
// left, against brute force over every assignment: its total is the number of
// assignments, its draws are uniform over them (every assignment's rate within
// its error bars, chi-square over all of them), and its roster bound bounds
// every histogram's ratio and is reached by one.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <map>

#include "analysis/rest_fill.h"
#include "engine/game.h"

using namespace facedown;
using facedown::engine::PieceType;

namespace {

struct Case {
  std::vector<analysis::CountGroup> groups;
  std::vector<int> hist;
  std::size_t slots = 0;
};

// Groups of one block with random allowed sets, nested and overlapping (as
// Gunjin Shogi's: moved or not, fought or not, placement limits), and a
// histogram whose counts fill the slots.
Case random_case(std::uint64_t seed, std::size_t types) {
  auto next = [&](std::uint64_t n) { return engine::splitmix64(seed) % n; };
  Case c;
  const int n_groups = 2 + static_cast<int>(next(4));
  int slot = 0;
  std::vector<PieceType> all;
  for (std::size_t t = 0; t < types; ++t) all.push_back(static_cast<PieceType>(t));
  for (int g = 0; g < n_groups; ++g) {
    analysis::CountGroup group{0, {}, {}};
    const auto kind = next(4);
    for (std::size_t t = 0; t < types; ++t) {
      // all types; all but a few; a few; one.
      const bool in = kind == 0 ? true : kind == 1 ? next(5) != 0 : kind == 2 ? next(3) == 0 : t == next(types);
      if (in) group.allowed.push_back(static_cast<PieceType>(t));
    }
    if (group.allowed.empty()) group.allowed.push_back(static_cast<PieceType>(next(types)));
    const int size = 1 + static_cast<int>(next(3));
    for (int i = 0; i < size; ++i) group.slots.push_back(slot++);
    c.groups.push_back(group);
  }
  c.slots = static_cast<std::size_t>(slot);
  c.hist.assign(types, 0);
  for (int i = 0; i < slot; ++i) ++c.hist[next(types)];
  return c;
}

// Every assignment of the histogram to the slots within the allowed sets.
std::vector<std::vector<PieceType>> brute_force(const Case& c, std::size_t types) {
  std::vector<int> group_of(c.slots, 0);
  for (std::size_t g = 0; g < c.groups.size(); ++g)
    for (int s : c.groups[g].slots) group_of[static_cast<std::size_t>(s)] = static_cast<int>(g);
  std::vector<std::vector<PieceType>> out;
  std::vector<PieceType> a(c.slots, 0);
  auto left = c.hist;
  std::function<void(std::size_t)> rec = [&](std::size_t i) {
    if (i == c.slots) {
      out.push_back(a);
      return;
    }
    for (PieceType t : c.groups[static_cast<std::size_t>(group_of[i])].allowed) {
      if (left[static_cast<std::size_t>(t)] == 0) continue;
      --left[static_cast<std::size_t>(t)];
      a[i] = t;
      rec(i + 1);
      ++left[static_cast<std::size_t>(t)];
    }
  };
  (void)types;
  rec(0);
  return out;
}

}  // namespace

TEST_CASE("the rest fill counts and draws the unfought pieces as brute force does", "[analysis][exact][forest]") {
  const std::size_t types = 5;
  int drawn = 0, empty = 0;
  for (std::uint64_t seed = 1; seed <= 80; ++seed) {
    const Case c = random_case(seed, types);
    INFO("seed " << seed);
    const auto all = brute_force(c, types);
    const analysis::RestFill fill(c.groups, c.hist);
    CHECK(static_cast<double>(fill.total()) == Approx(static_cast<double>(all.size())).epsilon(1e-12));
    CHECK(fill.states() > 0);
    if (all.empty()) {
      ++empty;
      continue;
    }
    if (all.size() < 2 || all.size() > 60) continue;
    // Uniform: each assignment's count over 200 draws per assignment, by a
    // chi-square against the uniform law (mean of the statistic: cells - 1).
    ++drawn;
    std::map<std::vector<PieceType>, int> seen;
    for (const auto& x : all) seen[x] = 0;
    std::uint64_t rng = seed * 977;
    const int per = 200;
    const int n = per * static_cast<int>(all.size());
    for (int i = 0; i < n; ++i) {
      std::vector<PieceType> out(c.slots, 99);
      fill.draw(rng, out);
      auto it = seen.find(out);
      REQUIRE(it != seen.end());  // a valid assignment, every slot filled
      ++it->second;
    }
    double chi2 = 0;
    for (const auto& [x, k] : seen) chi2 += (k - per) * (k - per) / static_cast<double>(per);
    const double dof = static_cast<double>(all.size() - 1);
    INFO("chi-square " << chi2 << " over " << dof << " degrees of freedom");
    CHECK(chi2 < dof + 5 * std::sqrt(2 * dof) + 10);
  }
  CHECK(drawn >= 20);
  CHECK(empty >= 1);
  // Past the limits (63 slots) nothing is counted, so nothing is drawn.
  analysis::CountGroup big{0, {}, {0, 1}};
  for (int s = 0; s < 63; ++s) big.slots.push_back(s);
  CHECK_FALSE(analysis::RestFill::fits({big}, 2));
  CHECK(analysis::RestFill({big}, {30, 33}).total() == 0);
  big.slots.pop_back();
  CHECK(analysis::RestFill::fits({big}, 2));
  CHECK(analysis::RestFill({big}, {30, 32}).total() > 0);
}

TEST_CASE("the rest fill's roster bound bounds every histogram's ratio and is reached", "[analysis][forest]") {
  // B >= N(counts - h) / prod_t counts_t^h_t for every h with h_t <= most[t]
  // and the histogram's total the slots; the programme's maximum is over each
  // type's term, so it may exceed the largest ratio, but never falls below it.
  const std::size_t types = 4;
  int tight = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Case c = random_case(seed, types);
    std::uint64_t s = seed * 13;
    std::vector<int> counts(types), most(types);
    for (std::size_t t = 0; t < types; ++t) {
      most[t] = static_cast<int>(engine::splitmix64(s) % 3);
      counts[t] = c.hist[t] + static_cast<int>(engine::splitmix64(s) % 2);
    }
    const long double bound = analysis::RestFill::roster_bound(c.groups, counts, most);
    long double best = 0;
    std::vector<int> h(types, 0);
    std::function<void(std::size_t)> rec = [&](std::size_t t) {
      if (t == types) {
        std::vector<int> left(types);
        long double power = 1;
        for (std::size_t u = 0; u < types; ++u) {
          left[u] = counts[u] - h[u];
          power *= std::pow(static_cast<long double>(std::max(counts[u], 1)), h[u]);
        }
        const analysis::RestFill f(c.groups, left);
        best = std::max(best, f.total() / power);
        return;
      }
      for (h[t] = 0; h[t] <= std::min(most[t], counts[t]); ++h[t]) rec(t + 1);
      h[t] = 0;
    };
    rec(0);
    INFO("seed " << seed << " bound " << static_cast<double>(bound) << " largest ratio " << static_cast<double>(best));
    CHECK(static_cast<double>(bound) >= static_cast<double>(best) * (1 - 1e-12));
    tight += best > 0 && static_cast<double>(bound) <= static_cast<double>(best) * (1 + 1e-12);
  }
  CHECK(tight >= 5);
}
