// The small arithmetic the exact counters and the samplers share: binomial
// coefficients in long double (exact integers while they are small, as the
// setup counts they multiply into), a uniform real in [0, 1) from the
// engine's seeded splitmix64 stream (53 bits: every draw reproducible from
// its seed), where a seed's stream starts (streams of neighbouring seeds are
// unrelated), and the Wilson interval the samplers' error bars use.
#pragma once
#include <algorithm>
#include <cmath>
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

// z of a two-sided 95 % interval.
inline constexpr double kZ95 = 1.959963984540054;

struct Interval {
  double low = 0, high = 1;
};

// The 95 % Wilson score interval of a rate q seen over m draws; m need not be
// whole (an effective number of independent draws, q(1 - q) over the rate's
// variance, where the draws are weighted or clustered). Unlike the normal
// q +- 1.96 sqrt(q(1 - q) / m) it stays honest when few draws land on the
// identity: 0 of m gives [0, 3.84 / (m + 3.84)], not [0, 0], and 1 of 50
// reaches 0.105, not 0.059. m <= 0: [0, 1].
inline Interval wilson_interval(double q, double m, double z = kZ95) {
  if (!(m > 0)) return {};
  q = std::clamp(q, 0.0, 1.0);
  const double z2 = z * z;
  const double denominator = 1 + z2 / m;
  const double centre = (q + z2 / (2 * m)) / denominator;
  const double half = z / denominator * std::sqrt(q * (1 - q) / m + z2 / (4 * m * m));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

// The starting state of stream `stream` of `seed` for splitmix64: the seed,
// then the stream number, through splitmix64's finaliser, so seeds s and
// s + 1 (and streams k and k + 1 of one seed) start at unrelated states.
// Invariant: no state is an affine function of the seed. splitmix64 steps its
// state by 0x9E3779B97F4A7C15, so a state of seed * 0x9E3779B97F4A7C15 + c
// (as the sampler and the win probability had) made seed s + 1's stream seed
// s's shifted by one number (issue 32).
inline std::uint64_t stream_state(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t x = seed;
  std::uint64_t y = engine::splitmix64(x) ^ (stream * 0xD6E8FEB86659FD93ull);
  return engine::splitmix64(y);
}

// The streams of the analysis (stream_state's second argument).
inline constexpr std::uint64_t kSamplerStream = 1;       // the deduction's sampler (deduction.cpp)
inline constexpr std::uint64_t kRefereePlayouts = 2;     // the referee's playouts (win_probability.cpp)
inline constexpr std::uint64_t kViewerPlayouts = 3;      // a viewer's: this plus the stream's length

}  // namespace facedown::analysis
