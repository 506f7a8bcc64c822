// Exact: the counting (setup_count.h) against brute force over every
// assignment, on small random problems (two blocks, groups and coupled units);
// its draws against the exact marginals within three standard errors.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <iostream>

#include <map>

#include "analysis/setup_count.h"
#include "engine/game.h"
#include "engine/registry.h"
#include "tests/analysis/analysis_support.h"
#include "tests/conformance/random_match.h"

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

namespace {

using namespace facedown::engine;

// Every setup pair of a small game (Hidden Hasami: one leader among the guards of
// each player's rank), each replayed through the engine with the session's
// commands; the ones whose stream for `viewer` equals the match's are the
// consistent setups. Tallies, per place at the end, how often each type stands there.
struct BruteForce {
  long total = 0;
  std::map<std::pair<int, std::pair<int, int>>, std::vector<long>> at;  // (owner, (square, removed index))
};

BruteForce brute_force_setups(const GameInfo& info, const conformance::Session& session, Viewer viewer) {
  BruteForce out;
  const Match& m = session.match;
  const auto truth = analysis_test::stream_of(m, viewer);
  const auto& roster = m.game().roster();
  std::array<std::vector<std::vector<Placement>>, 2> options;
  for (int p : {1, 2}) {
    std::vector<Square> squares;
    for (Square s = 0; s < m.game().geometry().size(); ++s)
      if (m.game().setup_owner(s) == p) squares.push_back(s);
    for (Square leader : squares) {
      std::vector<Placement> pl;
      for (Square s : squares) pl.push_back({s == leader ? PieceType{0} : PieceType{1}, s});
      if (!m.game().check_setup(p, pl)) options[static_cast<std::size_t>(p - 1)].push_back(pl);
    }
  }
  for (const auto& a : options[0])
    for (const auto& b : options[1]) {
      std::array<std::vector<Placement>, 2> setups{a, b};
      auto r = conformance::replay(info, std::get<Opened>(m.log()[0].body), session.submissions, &setups);
      const auto stream = analysis_test::stream_of(r.match, viewer);
      if (stream.size() != truth.size()) continue;
      bool same = true;
      for (std::size_t i = 0; i < stream.size() && same; ++i)
        same = stream[i].body == truth[i].body && stream[i].t == truth[i].t && stream[i].cmd == truth[i].cmd;
      if (!same) continue;
      ++out.total;
      const MatchState& s = r.match.state();
      for (std::size_t sq = 0; sq < s.board.size(); ++sq)
        if (s.board[sq] >= 0) {
          const Piece& p = s.pieces[static_cast<std::size_t>(s.board[sq])];
          auto& v = out.at[{p.owner, {static_cast<int>(sq), -1}}];
          v.resize(roster.size(), 0);
          ++v[static_cast<std::size_t>(p.type)];
        }
      for (std::size_t o = 0; o < 2; ++o)
        for (std::size_t i = 0; i < s.removed[o].size(); ++i) {
          const Piece& p = s.pieces[static_cast<std::size_t>(s.removed[o][i])];
          auto& v = out.at[{p.owner, {kNoSquare, static_cast<int>(i)}}];
          v.resize(roster.size(), 0);
          ++v[static_cast<std::size_t>(p.type)];
        }
    }
  return out;
}

}  // namespace

TEST_CASE("on a small game, brute force over every setup agrees with the analysis", "[analysis][exact]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "hidden-hasami");
  int exact_compared = 0, sampled_compared = 0, estimates = 0, beyond3 = 0, smoothed = 0, interior = 0, held = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    conformance::SessionConfig config;
    config.seed = seed;
    config.max_commands = 30 + static_cast<int>(seed) * 10;
    const auto session = conformance::play_session(info, info.default_preset, config);
    for (Viewer v : {kPublic, kPlayer1, kPlayer2}) {
      const BruteForce bf = brute_force_setups(info, session, v);
      REQUIRE(bf.total > 0);  // the truth is one of them
      for (bool sample : {false, true}) {
        analysis::AnalysisOptions options;
        options.always_sample = sample;
        options.samples = 2000;
        options.max_draws = 20000;
        options.seed = seed;
        const auto a = analysis::analyze(info, analysis_test::stream_of(session.match, v), v, options);
        INFO("seed " << seed << " viewer " << static_cast<int>(v) << " sample " << sample);
        REQUIRE(!a.error);
        for (const auto& piece : a.pieces) {
          const auto it = bf.at.find({piece.owner, {piece.square, piece.square == kNoSquare ? piece.removed_index : -1}});
          REQUIRE(it != bf.at.end());
          for (std::size_t t = 0; t < piece.p.size(); ++t) {
            const double truth = static_cast<double>(it->second[t]) / static_cast<double>(bf.total);
            INFO("place " << piece.square << "/" << piece.removed_index << " type " << t);
            if (a.method == analysis::Method::kExact) {
              CHECK(piece.p[t] == Approx(truth).epsilon(1e-12).margin(1e-15));
              CHECK(piece.possible[t] == (it->second[t] > 0));
            } else {
              // Hundreds of estimates: a few beyond 3 standard errors are chance
              // (0.27% each); none may be beyond 5.
              ++estimates;
              if (std::abs(piece.p[t] - truth) > 3 * piece.se[t] + 1e-9) ++beyond3;
              // The 95 % interval (count_math.h's Wilson over the draws, widened to hold p).
              if (truth > 0 && truth < 1) {
                ++interior;
                held += piece.low[t] <= truth && truth <= piece.high[t];
              }
              CHECK(std::abs(piece.p[t] - truth) <= 5 * piece.se[t] + 1e-9);
            }
          }
        }
        ++(a.method == analysis::Method::kExact ? exact_compared : sampled_compared);
        // The sampled results Rao-Blackwellize the pieces no capture named (deduction.cpp).
        smoothed += a.method == analysis::Method::kSampled && a.rao_blackwellized > 0;
      }
    }
  }
  CHECK(exact_compared >= 6);
  CHECK(sampled_compared >= 12);
  CHECK(smoothed >= 6);
  INFO(smoothed << " sampled results Rao-Blackwellized");
  INFO(beyond3 << " of " << estimates << " estimates beyond 3 standard errors");
  CHECK(beyond3 <= estimates / 100 + 1);
  // Real rejection sampling (the counting looser than the game, its odds
  // weighing as 40 draws): the intervals hold brute force's value at least
  // about 95 % of the time.
  INFO(held << " of " << interior << " intervals hold brute force's value");
  std::cerr << "hidden hasami: " << held << " of " << interior << " sampled 95 % intervals hold brute force's value\n";
  CHECK(interior >= 100);
  CHECK(held >= interior * 93 / 100);
}
