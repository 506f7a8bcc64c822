// facedown_bench_engine: how fast the referee plays and re-folds matches.
//
//  selfplay/<game>/<preset>: random self-play from random setups: each ply asks the
//    match for its legal moves, submits a random one (validation, resolution,
//    victory check, the next turn's legal-move check) and, where the game waits
//    for item declarations, submits "none" for both. Counter plies_per_second.
//  open/<game>/<preset>: opening a match (options, both setups, first, start): the
//    fixed cost inside each self-play game.
//  fold_1000/<game>/<preset>: Match::from_log of a 1,000-ply match, from scratch.
//
// Pure engine: no codec, no JSON. Time is fixed at 0, so no clock ever runs out.
#include <benchmark/benchmark.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/match.h"
#include "engine/registry.h"

using namespace facedown::engine;

namespace {

Match open_match(const GameInfo& info, const std::string& preset, std::uint64_t& rng) {
  auto opened = Match::open(info, preset, {}, {"A", "B"});
  Match m = std::move(std::get<Match>(opened));
  m.submit(SetupCmd{1, m.game().random_setup(1, splitmix64(rng))}, 0);
  m.submit(SetupCmd{2, m.game().random_setup(2, splitmix64(rng))}, 0);
  m.submit(FirstCmd{1 + static_cast<int>(splitmix64(rng) % 2), std::nullopt}, 0);
  m.submit(StartCmd{}, 0);
  return m;
}

// One step of play: a move, or "none" declarations / a declined revival when the
// game waits for a decision. Returns false when the game cannot go on.
bool step(Match& m, std::uint64_t& rng, bool quiet) {
  const MatchState& s = m.state();
  if (s.phase == Phase::kDeciding) return !m.submit(m.game().default_decision(s), 0).rejection;
  if (s.phase != Phase::kPlaying || s.to_move == 0) return false;
  std::vector<Move> moves = m.legal_moves();
  if (moves.empty()) return false;
  Move pick = moves[splitmix64(rng) % moves.size()];
  if (quiet) {
    // For a long match: a move onto an empty square with no enemy beside it.
    const Geometry& g = m.game().geometry();
    std::vector<Move> calm;
    for (const auto& mv : moves) {
      if (s.piece_at(mv.to) >= 0) continue;
      bool near_enemy = false;
      const int f = g.file_of(mv.to), r = g.rank_of(mv.to);
      for (auto [df, dr] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
        const int id = s.piece_at(g.at(f + df, r + dr));
        if (id >= 0 && s.pieces[static_cast<std::size_t>(id)].owner != s.to_move) near_enemy = true;
      }
      if (!near_enemy && g.rank_of(mv.to) == g.rank_of(mv.from)) calm.push_back(mv);
    }
    if (!calm.empty()) pick = calm[splitmix64(rng) % calm.size()];
  }
  return !m.submit(MoveCmd{pick}, 0).rejection;
}

void selfplay(benchmark::State& state, const GameInfo* info, std::string preset) {
  std::uint64_t rng = 2015;
  std::int64_t plies = 0;
  std::int64_t games = 0;
  std::optional<Match> m;
  for (auto _ : state) {
    // Opening a match (and dropping the last one) is measured on its own (open/...).
    state.PauseTiming();
    m.reset();
    m.emplace(open_match(*info, preset, rng));
    state.ResumeTiming();
    while (m->state().phase != Phase::kFinished && m->state().ply < 2000)
      if (!step(*m, rng, false)) break;
    plies += m->state().ply;
    ++games;
  }
  state.counters["plies_per_second"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
  state.counters["plies_per_game"] = static_cast<double>(plies) / static_cast<double>(games);
}

// Opening a match: options, setups, first player, start (no ply).
void open_only(benchmark::State& state, const GameInfo* info, std::string preset) {
  std::uint64_t rng = 2015;
  for (auto _ : state) {
    Match m = open_match(*info, preset, rng);
    benchmark::DoNotOptimize(m);
  }
}

// A match of at least 1,000 plies (quiet moves keep it going), as its event log.
std::vector<Event> long_log(const GameInfo& info, const std::string& preset) {
  for (std::uint64_t seed = 1; seed < 200; ++seed) {
    std::uint64_t rng = seed;
    Match m = open_match(info, preset, rng);
    while (m.state().phase != Phase::kFinished && m.state().ply < 1000)
      if (!step(m, rng, true)) break;
    if (m.state().ply >= 1000) return m.log();
  }
  return {};
}

void fold_1000(benchmark::State& state, const GameInfo* info, std::string preset) {
  const auto log = long_log(*info, preset);
  if (log.empty()) {
    state.SkipWithError("no 1,000-ply match found");
    return;
  }
  for (auto _ : state) {
    auto m = Match::from_log(*info, log);
    benchmark::DoNotOptimize(m);
  }
  state.counters["events"] = static_cast<double>(log.size());
}

// `void 1` at the end of a 1,000-ply match: the refold starts from the nearest
// snapshot, so it costs the events since that snapshot, not the whole log.
void void_last(benchmark::State& state, const GameInfo* info, std::string preset) {
  const auto log = long_log(*info, preset);
  if (log.empty()) {
    state.SkipWithError("no 1,000-ply match found");
    return;
  }
  const Match base = std::get<Match>(Match::from_log(*info, log));
  for (auto _ : state) {
    state.PauseTiming();
    Match m = base;
    state.ResumeTiming();
    auto r = m.submit(VoidCmd{1, "bench", false}, m.state().time);
    benchmark::DoNotOptimize(r);
  }
  state.counters["events"] = static_cast<double>(log.size());
}

}  // namespace

int main(int argc, char** argv) {
  static const std::vector<GameInfo> games = all_games();
  for (const auto& g : games)
    for (const auto& p : g.presets) {
      benchmark::RegisterBenchmark(("selfplay/" + g.id + "/" + p.id).c_str(), selfplay, &g, p.id)
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(("open/" + g.id + "/" + p.id).c_str(), open_only, &g, p.id)
          ->Unit(benchmark::kMicrosecond);
      benchmark::RegisterBenchmark(("fold_1000/" + g.id + "/" + p.id).c_str(), fold_1000, &g, p.id)
          ->Unit(benchmark::kMicrosecond);
      benchmark::RegisterBenchmark(("void_last/" + g.id + "/" + p.id).c_str(), void_last, &g, p.id)
          ->Unit(benchmark::kMicrosecond);
    }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
