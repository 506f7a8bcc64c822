// The small arithmetic the exact counters and the samplers share: binomial
// coefficients in long double (exact integers while they are small, as the
// setup counts they multiply into) and a uniform real in [0, 1) from the
// engine's seeded splitmix64 stream (53 bits: every draw reproducible from
// its seed).
#pragma once
#include <cstdint>

#include "engine/game.h"

namespace facedown::analysis {

// C(n, k); 0 when k is outside [0, n].
inline long double binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  long double r = 1;
  for (int i = 1; i <= k; ++i) r = r * static_cast<long double>(n - k + i) / static_cast<long double>(i);
  return r;
}

// The next uniform real in [0, 1) of `rng`'s stream.
inline double unit_real(std::uint64_t& rng) {
  return static_cast<double>(engine::splitmix64(rng) >> 11) * (1.0 / 9007199254740992.0);
}

}  // namespace facedown::analysis
