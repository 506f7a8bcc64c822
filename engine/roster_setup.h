// The setup check every game with a secret setup shares: each placement is a
// known piece on its own square of the player's setup area, and together they
// are exactly the game's roster. Games add their own placement limits through
// `limit` (Luzhanqi's mines, bombs and flag), checked after area and overlap.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"

namespace facedown::engine {

struct SetupWording {
  std::string area;      // "territory (ranks 1-3)": "a4 is not in player 1's <area>"
  std::string complete;  // "place all 14 pieces": "player 1 must <complete>; missing: ..."
};

std::optional<Rejection> check_roster_setup(
    const Game& game, int player, const std::vector<Placement>& placements, const SetupWording& wording,
    const std::function<std::optional<Rejection>(const Placement&)>& limit = {});

}  // namespace facedown::engine
