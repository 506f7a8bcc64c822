#include "analysis/turning_points.h"

#include <algorithm>
#include <cmath>

namespace facedown::analysis {

std::vector<Correction> corrections(const std::vector<engine::Event>& log) {
  std::vector<CorrectionMark> marks;
  for (const auto& e : log) {
    CorrectionMark m;
    if (std::holds_alternative<engine::Ended>(e.body)) {
      m.type = "ended";
    } else if (const auto* v = std::get_if<engine::Voided>(&e.body)) {
      m.type = "voided";
      m.rewind_to = v->rewind_to;
    } else if (const auto* c = std::get_if<engine::ClockSet>(&e.body)) {
      m.type = "clock-set";
      m.reinstate = c->reinstate;
    }
    marks.push_back(std::move(m));
  }
  return corrections(marks);
}

std::vector<Correction> corrections(const std::vector<CorrectionMark>& marks) {
  std::vector<Correction> out;
  int last_end = 0;  // the position of the last Ended
  for (std::size_t i = 0; i < marks.size(); ++i) {
    const int at = static_cast<int>(i) + 1;
    const auto& m = marks[i];
    if (m.type == "ended") {
      last_end = at;
    } else if (m.type == "voided") {
      out.push_back({at, m.rewind_to > 0 ? std::min(m.rewind_to, at) : at});
    } else if (m.type == "clock-set" && m.reinstate && last_end > 0) {
      out.push_back({at, last_end});
    }
  }
  // A correction a later one took back (a void of a reinstatement puts the
  // timeout back) no longer stands: what it had taken back is the game's
  // again. The later correction's own span still covers it.
  std::vector<Correction> standing;
  for (std::size_t i = 0; i < out.size(); ++i) {
    bool undone = false;
    for (std::size_t j = i + 1; j < out.size(); ++j) undone = undone || (out[j].from <= out[i].at && out[i].at < out[j].at);
    if (!undone) standing.push_back(out[i]);
  }
  return standing;
}

std::vector<bool> game_steps(const std::vector<int>& positions, const std::vector<Correction>& corrections) {
  std::vector<bool> out(positions.size(), true);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const int first = i == 0 ? 1 : positions[i - 1] + 1, last = positions[i];  // the step's events
    for (const auto& c : corrections)
      if (c.from <= last && first <= c.at) out[i] = false;  // it holds the correction or what it took back
  }
  return out;
}

std::vector<TurningPoint> turning_points(const std::vector<std::optional<double>>& p1, const std::vector<bool>& game,
                                         std::size_t n, double min_swing) {
  std::vector<TurningPoint> swings;
  for (std::size_t i = 1; i < p1.size(); ++i) {
    if (!p1[i - 1] || !p1[i]) continue;
    if (i < game.size() && !game[i]) continue;  // a correction's swing is not the game's
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

std::vector<TurningPoint> turning_points(const std::vector<std::optional<double>>& p1, std::size_t n, double min_swing) {
  return turning_points(p1, {}, n, min_swing);
}

}  // namespace facedown::analysis
