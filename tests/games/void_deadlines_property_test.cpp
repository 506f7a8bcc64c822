// Property (contract, match-script.md "Void" and "Deadlines found by a void"): a
// void without restore re-derives the state the match would have had without the
// undone commands, with the clock run to the void's time. So after every accepted
// `void N` of random sessions (every game, every preset, random clock options:
// turn limits lost or warned, timed warnings, disqualifications, decision limits),
// the state equals that of a fresh match given only the commands still in effect,
// at their times, then a tick at the void's time; and the stored log folds to it.
#include <catch2/catch.hpp>

#include <random>

#include "engine/registry.h"
#include "tests/games/void_deadline_support.h"

using namespace facedown;
using namespace facedown::engine;
using nlohmann::json;

namespace {

struct Rng {
  std::mt19937_64 gen;
  long below(long n) { return n <= 0 ? 0 : static_cast<long>(gen() % static_cast<std::uint64_t>(n)); }
  bool chance(int percent) { return below(100) < percent; }
};

Options random_clock(Rng& r) {
  Options o;
  o["turn_limit"] = r.chance(30) ? "0" : std::to_string(5 + r.below(36));
  o["on_timeout"] = r.chance(50) ? "loss" : "warning";
  o["warning_after"] = r.chance(40) ? "0" : std::to_string(3 + r.below(28));
  o["warnings_to_dq"] = std::to_string(r.below(4));
  o["decision_limit"] = r.chance(40) ? "0" : std::to_string(3 + r.below(18));
  return o;
}

// A command for the state as it stands (it may be refused: that is part of it).
Command random_command(Rng& r, const Match& m, int kept) {
  const MatchState& s = m.state();
  if (kept > 0 && r.chance(s.phase == Phase::kFinished ? 70 : 8))
    return VoidCmd{1 + static_cast<int>(r.below(std::min(kept, 3))), "wrong", false};
  if (s.phase == Phase::kFinished) return ClockCmd{r.below(20) * 1000, "reinstated"};
  if (s.paused) return r.chance(60) ? Command{ResumeCmd{}} : Command{TickCmd{}};
  if (s.phase == Phase::kDeciding && r.chance(60)) return m.game().default_decision(s);  // no items, a declined revival
  const long pick = r.below(100);
  if (pick < 60) {
    const auto moves = m.legal_moves();
    if (!moves.empty()) return MoveCmd{moves[static_cast<std::size_t>(r.below(static_cast<long>(moves.size())))]};
  }
  if (pick < 72) return TickCmd{};
  if (pick < 80) return PauseCmd{"hold"};
  if (pick < 86) return WarnCmd{1 + static_cast<int>(r.below(2)), "conduct"};
  if (pick < 97) return ClockCmd{r.below(30) * 1000 + r.below(1000), "set"};
  return ResignCmd{1 + static_cast<int>(r.below(2))};
}

// Time to the next command: mostly a little, sometimes past several deadlines.
Millis step(Rng& r) {
  const long pick = r.below(100);
  if (pick < 45) return r.below(3000);
  if (pick < 85) return r.below(40000);
  return r.below(150000);
}

}  // namespace

TEST_CASE("every game: a void's state is the state without the undone commands, its clock run to the void",
          "[games][void][property]") {
  int voids = 0, found = 0;
  for (const GameInfo& info : all_games()) {
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
      Rng r{std::mt19937_64(seed * 7919 + info.id.size())};
      const Options options = random_clock(r);
      const std::string preset = info.presets[static_cast<std::size_t>(r.below(static_cast<long>(info.presets.size())))].id;
      auto m = test::started(info.id, options, seed, preset);
      if (!m) continue;
      std::vector<std::pair<Command, Millis>> kept;  // accepted commands in effect, after start
      Millis t = 0;
      for (int i = 0; i < 60; ++i) {
        t += step(r);
        const Command c = random_command(r, *m, static_cast<int>(kept.size()));
        const auto out = m->submit(c, t);
        if (out.rejection) continue;
        if (!std::holds_alternative<VoidCmd>(c)) {
          kept.emplace_back(c, t);
          continue;
        }
        kept.resize(kept.size() - static_cast<std::size_t>(std::get<VoidCmd>(c).count));
        ++voids;
        for (const auto& e : out.events) found += e.at ? 1 : 0;
        INFO(info.id << " preset " << preset << " seed " << seed << " command " << i << " at " << t);
        auto straight = test::started(info.id, options, seed, preset);
        REQUIRE(straight);
        for (const auto& [command, when] : kept) REQUIRE_FALSE(straight->submit(command, when).rejection);
        straight->submit(TickCmd{}, t);
        CHECK(test::folded_state(*m) == test::state(*straight));
        test::check_log_times(*m);
      }
    }
  }
  // The sessions did exercise it: voids, and deadlines found by them.
  CHECK(voids > 500);
  CHECK(found > 300);
}
