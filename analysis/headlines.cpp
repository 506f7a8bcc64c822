#include "analysis/headlines.h"

#include <algorithm>
#include <cmath>

namespace facedown::analysis {

using namespace facedown::engine;

namespace {

std::string percent(double p) {
  const long v = std::lround(p * 1000);
  return std::to_string(v / 10) + "." + std::to_string(v % 10) + "%";
}

std::string player(int owner, Lang lang) {
  return lang == Lang::kKorean ? "플레이어 " + std::to_string(owner) : "Player " + std::to_string(owner);
}

std::string piece_name(const Game& game, PieceType t, Lang lang) {
  const auto& spec = game.roster()[static_cast<std::size_t>(t)];
  return lang == Lang::kKorean ? spec.name_ko : spec.name_en;
}

int possible_count(const PieceOdds& piece) {
  return static_cast<int>(std::count(piece.possible.begin(), piece.possible.end(), true));
}

}  // namespace

std::vector<Place> objective_places(const Game& game, const Analysis& a, int owner) {
  std::vector<Place> out;
  const auto objective = game.objective();
  if (!objective) return out;
  const auto t = static_cast<std::size_t>(*objective);
  for (const auto& piece : a.pieces)
    if (piece.owner == owner && t < piece.possible.size() && piece.possible[t])
      out.push_back({&piece, piece.p[t], piece.se[t]});
  std::stable_sort(out.begin(), out.end(), [](const Place& x, const Place& y) { return x.p > y.p; });
  return out;
}

std::string place_name(const Game& game, const PieceOdds& piece, Lang lang) {
  if (piece.square != kNoSquare) return game.geometry().name(piece.square);
  const std::string n = std::to_string(piece.removed_index + 1);
  return lang == Lang::kKorean ? "잡힌 말 " + n : "off the board (lost #" + n + ")";
}

std::vector<std::string> headlines(const Game& game, const Analysis& a, Lang lang) {
  std::vector<std::string> out;
  const bool ko = lang == Lang::kKorean;
  if (const auto objective = game.objective()) {
    const std::string what = piece_name(game, *objective, lang);
    for (int owner : {1, 2}) {
      const auto places = objective_places(game, a, owner);
      if (places.empty()) continue;
      const std::string who = player(owner, lang);
      if (places.size() <= 3) {
        std::string list;
        for (std::size_t i = 0; i < places.size(); ++i) {
          if (i > 0) list += ko ? " 또는 " : (i + 1 == places.size() ? " or " : ", ");
          list += place_name(game, *places[i].piece, lang);
        }
        if (places.size() == 1 && possible_count(*places[0].piece) == 1)
          out.push_back(ko ? who + "의 " + what + "은(는) " + list + "에 있다"
                           : who + "'s " + what + " is on " + list);
        else
          out.push_back(ko ? who + "의 " + what + "은(는) " + list + " 중 하나에 있다"
                           : who + "'s " + what + " is on " + list);
      }
      std::string odds;
      for (std::size_t i = 0; i < places.size() && i < 5; ++i) {
        if (i > 0) odds += ", ";
        odds += place_name(game, *places[i].piece, lang) + " " + percent(places[i].p);
      }
      if (places.size() > 5) odds += ko ? " 외 " + std::to_string(places.size() - 5) + "곳" : ", " + std::to_string(places.size() - 5) + " more";
      out.push_back(ko ? who + "의 " + what + ": " + odds : who + "'s " + what + ": " + odds);
    }
  }
  for (const auto& piece : a.pieces) {
    if (possible_count(piece) != 1) continue;
    const auto t = static_cast<PieceType>(std::find(piece.possible.begin(), piece.possible.end(), true) -
                                          piece.possible.begin());
    const std::string where = place_name(game, piece, lang);
    out.push_back(ko ? where + "은(는) " + player(piece.owner, lang) + "의 " + piece_name(game, t, lang)
                     : where + " is " + player(piece.owner, lang) + "'s " + piece_name(game, t, lang));
  }
  return out;
}

}  // namespace facedown::analysis
