#include "tests/conformance/calibration_match.h"

#include <string>
#include <variant>

namespace conformance {

using namespace facedown::engine;

Match calibration_match(const GameInfo& info, std::uint64_t seed, int max_plies) {
  auto opened = Match::open(info, info.default_preset, {{"ply_limit", std::to_string(max_plies)}}, {"A", "B"});
  if (std::holds_alternative<Rejection>(opened)) opened = Match::open(info, info.default_preset, {}, {"A", "B"});
  Match m = std::move(std::get<Match>(opened));
  std::uint64_t rng = seed;
  if (!m.game().has_fixed_placement())
    for (int p : {1, 2}) m.submit(SetupCmd{p, m.game().random_setup(p, splitmix64(rng))}, 0);
  m.submit(FirstCmd{1 + static_cast<int>(splitmix64(rng) % 2), std::nullopt}, 0);
  m.submit(StartCmd{}, 0);
  for (int guard = 0; guard < 4 * max_plies && m.state().phase != Phase::kFinished; ++guard) {
    if (m.state().phase == Phase::kDeciding) {
      m.submit(m.game().default_decision(m.state()), 0);  // no items, a declined revival
      continue;
    }
    auto moves = m.legal_moves();
    if (moves.empty()) break;
    m.submit(MoveCmd{moves[splitmix64(rng) % moves.size()]}, 0);
  }
  return m;
}

std::uint64_t calibration_seed(int k) { return 1000003ull * static_cast<std::uint64_t>(k + 1); }

std::size_t calibration_cut(std::uint64_t& seed, const std::vector<Event>& log) {
  const std::size_t size = log.size();
  std::size_t cut = size < 8 ? size : 8 + splitmix64(seed) % (size - 7);
  while (cut < size && log[cut].cmd != 0 && log[cut].cmd == log[cut - 1].cmd) ++cut;
  return cut;
}

}  // namespace conformance
