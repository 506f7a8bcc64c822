#include "bench/analysis/calibration_scores.h"

#include <cmath>
#include <cstdio>

namespace facedown::bench {

void read_calibration(const std::string& path, CalRecords& into) {
  std::FILE* f = std::fopen(path.c_str(), "r");
  if (!f) return;
  std::map<CalKey, std::vector<CalPosition>> pending;
  char buf[512];
  while (std::fgets(buf, sizeof buf, f)) {
    char kind = 0, view = 0;
    char system[128];
    int k = 0, a = 0, playouts = 0, ply = 0, on = 0, off = 0;
    double p = 0, base = 0;
    if (std::sscanf(buf, "P %127s %d %d %c %lf %lf %d", system, &k, &a, &view, &p, &base, &playouts) == 7) {
      pending[{system, k}].push_back({a, view, p, base, playouts});
    } else if (std::sscanf(buf, "S %127s %d %d %d %d %d %lf", system, &k, &a, &ply, &on, &off, &base) == 7) {
      into.stages[{system, k}].emplace(a, CalStageLine{ply, on, off, base});
    } else if (std::sscanf(buf, "%c %127s %d %d", &kind, system, &k, &a) == 4 && kind == 'M') {
      const CalKey key{system, k};
      auto positions = std::move(pending[key]);
      pending.erase(key);
      if (!into.matches.count(key)) into.matches[key] = CalMatch{a, std::move(positions)};
    }
  }
  std::fclose(f);
}

void Score::add(double p, double base, bool won, int playouts) {
  const double y = won ? 1.0 : 0.0;
  // The playouts' own variance, p(1-p)/(n-1): what n playouts add to the
  // Brier score of the number the full budget converges to.
  const double n = playouts > 1 ? p * (1 - p) / (playouts - 1) : 0.0;
  const double b = (p - y) * (p - y), m = (base - y) * (base - y);
  ++count;
  brier += b;
  noise += n;
  material += m;
  flat += (0.5 - y) * (0.5 - y);
  diff += b - n - m;
  diff_sq += (b - n - m) * (b - n - m);
}

double Score::diff_se() const {
  if (count < 2) return 1.0;
  const double c = static_cast<double>(count), mean = diff / c;
  const double var = (diff_sq - c * mean * mean) / (c - 1);
  return std::sqrt(std::max(0.0, var) / c);
}

bool beats_material(const Score& s) {
  return s.count >= kMinStagePositions && s.mean(s.diff) < -s.diff_se();
}

StageScores stage_scores(const CalRecords& records) {
  StageScores out;
  for (const auto& [key, m] : records.matches) {
    if (m.winner <= 0) continue;  // draws and undecided matches are not scored
    const auto st = records.stages.find(key);
    for (const auto& pos : m.positions) {
      const CalStageLine* line = nullptr;
      if (st != records.stages.end())
        if (auto it = st->second.find(pos.phase); it != st->second.end()) line = &it->second;
      if (!line) {
        ++out.unstaged;
        continue;
      }
      if (std::abs(line->material - pos.material) > 1e-6) {
        ++out.mismatched;
        continue;
      }
      const auto stage = static_cast<std::size_t>(broadcast::win_stage(line->on_board, line->removed));
      out.by[key.first][pos.view == 'p' ? 1 : 0][stage].add(pos.p, pos.material, m.winner == 1, pos.playouts);
    }
  }
  return out;
}

}  // namespace facedown::bench
