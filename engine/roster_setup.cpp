#include "engine/roster_setup.h"
#include "engine/vocabulary.h"

namespace facedown::engine {

std::optional<Rejection> check_roster_setup(
    const Game& game, int player, const std::vector<Placement>& placements, const SetupWording& wording,
    const std::function<std::optional<Rejection>(const Placement&)>& limit) {
  const Geometry& g = game.geometry();
  const auto& roster = game.roster();
  const std::string who = player_name(player);
  std::vector<int> counts(roster.size(), 0);
  std::vector<bool> used(static_cast<std::size_t>(g.size()), false);
  for (const auto& p : placements) {
    if (p.type < 0 || p.type >= static_cast<int>(roster.size())) return Rejection{"unknown piece"};
    if (p.square < 0 || p.square >= g.size()) return Rejection{"a square is off the board"};
    if (game.setup_owner(p.square) != player)
      return Rejection{g.name(p.square) + " is not in " + who + "'s " + wording.area};
    if (used[static_cast<std::size_t>(p.square)]) return Rejection{"two pieces on " + g.name(p.square)};
    used[static_cast<std::size_t>(p.square)] = true;
    if (limit)
      if (auto r = limit(p)) return r;
    ++counts[static_cast<std::size_t>(p.type)];
  }
  for (std::size_t t = 0; t < roster.size(); ++t)
    if (counts[t] > roster[t].count)
      return Rejection{"too many " + roster[t].token + " (" + roster[t].name_en + "): " +
                       std::to_string(counts[t]) + " placed, the roster has " + std::to_string(roster[t].count)};
  std::string missing;
  for (std::size_t t = 0; t < roster.size(); ++t)
    for (int n = counts[t]; n < roster[t].count; ++n) missing += " " + roster[t].token;
  if (!missing.empty()) return Rejection{who + " must " + wording.complete + "; missing:" + missing};
  return std::nullopt;
}

}  // namespace facedown::engine
