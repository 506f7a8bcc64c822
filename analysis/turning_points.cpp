#include "analysis/turning_points.h"

#include <algorithm>
#include <cmath>

namespace facedown::analysis {

std::vector<TurningPoint> turning_points(const std::vector<std::optional<double>>& p1, std::size_t n,
                                         double min_swing) {
  std::vector<TurningPoint> swings;
  for (std::size_t i = 1; i < p1.size(); ++i) {
    if (!p1[i - 1] || !p1[i]) continue;
    const double d = *p1[i] - *p1[i - 1];
    // A hair under the threshold still counts: shares are rounded to 4 places.
    if (std::abs(d) >= min_swing - 1e-9) swings.push_back({i, d});
  }
  std::stable_sort(swings.begin(), swings.end(),
                   [](const TurningPoint& x, const TurningPoint& y) { return std::abs(x.swing) > std::abs(y.swing); });
  if (swings.size() > n) swings.resize(n);
  std::sort(swings.begin(), swings.end(), [](const TurningPoint& x, const TurningPoint& y) { return x.index < y.index; });
  return swings;
}

}  // namespace facedown::analysis
