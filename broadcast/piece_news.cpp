#include "broadcast/piece_news.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "broadcast/explainer.h"
#include "broadcast/on_air_analysis.h"

namespace facedown::broadcast {

namespace {

long whole_percent(double p) { return std::lround(std::clamp(p, 0.0, 1.0) * 100); }

bool is_certain(const PieceOddsShown& piece) {
  return piece.certain || (!piece.odds.empty() && piece.odds.front().p >= kCertainP);
}

}  // namespace

double start_share(const engine::Game& g, const std::string& token) {
  double total = 0, mine = 0;
  for (const auto& spec : g.roster()) {
    total += spec.count;
    if (spec.token == token) mine += spec.count;
  }
  return total > 0 ? mine / total : 0;
}

std::vector<std::string> top_tokens(const PieceOddsShown& piece) {
  std::vector<std::string> out;
  if (piece.odds.empty()) return out;
  const long top = whole_percent(piece.odds.front().p);
  for (const auto& o : piece.odds)
    if (out.empty() || whole_percent(o.p) == top) out.push_back(o.token);
  return out;
}

bool piece_is_news(const engine::Game& g, const PieceOddsShown& piece) {
  if (piece.odds.empty()) return false;
  const auto objective = g.objective();
  double s = 0;
  for (const auto& t : top_tokens(piece)) {
    // The objective's places are the heat's and the headline's to say, once.
    if (objective && g.token(*objective) == t) return false;
    s = std::max(s, start_share(g, t));
  }
  if (s >= 1) return false;  // every piece of the setup is this: nothing learnt
  const double p = piece.odds.front().p;
  if (p <= s) return false;
  return is_certain(piece) || p >= s + (1 - s) / kNewsGapShare;
}

std::string piece_odds_label(const OnAirModel& m, const PieceOddsShown& piece, Lang lang, const Theme* theme) {
  if (piece.odds.empty()) return {};
  std::string names;
  for (const auto& t : top_tokens(piece)) names += (names.empty() ? "" : "/") + piece_label(m, t, lang, theme);
  if (is_certain(piece)) return names;
  return fmt::format("{} {}%", names, whole_percent(piece.odds.front().p));
}

}  // namespace facedown::broadcast
