#include "random_play.h"

#include <stdexcept>

namespace facedown::overlay::bench {

using namespace engine;

Match play_random(const GameInfo& info, const std::string& preset, std::uint64_t seed, int commands,
                  Millis think_ms, bool keep_going, const Commit& commit) {
  auto opened = Match::open(info, preset, {}, {"Jang Dong-min", "김경훈"});
  if (!std::holds_alternative<Match>(opened)) throw std::runtime_error(std::get<Rejection>(opened).reason);
  Match m = std::move(std::get<Match>(opened));
  commit(m, m.log());
  std::uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 7;
  auto pick = [&](std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(splitmix64(rng) % n); };
  Millis t = 0;
  auto submit = [&](const Command& c) {
    auto r = m.submit(c, t);
    if (!r.events.empty()) commit(m, r.events);
    return !r.rejection.has_value();
  };
  for (int p = 1; p <= 2; ++p) submit(SetupCmd{p, m.game().random_setup(p, splitmix64(rng))});
  submit(FirstCmd{1, std::nullopt});
  submit(StartCmd{});
  for (int i = 0; i < commands; ++i) {
    t += think_ms;
    const MatchState& s = m.state();
    if (s.result) {
      // Keep the match going for as many commits as asked: a void is accepted after the end.
      if (!keep_going) break;
      submit(VoidCmd{1, "benchmark"});
    } else if (s.paused) {
      submit(ResumeCmd{});
    } else if (keep_going && i % 3 != 0) {
      submit(PauseCmd{"benchmark"});
    } else if (s.phase == Phase::kDeciding) {
      submit(m.game().default_decision(s));
    } else {
      auto moves = m.legal_moves();
      if (moves.empty()) submit(TickCmd{});
      else submit(MoveCmd{moves[pick(moves.size())]});
    }
  }
  return m;
}

}  // namespace facedown::overlay::bench
