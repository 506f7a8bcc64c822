// The list of games Facedown referees. An explicit function, not static
// registration: adding a game means adding one line here.
#pragma once
#include <string>
#include <vector>

#include "engine/game.h"

namespace facedown::engine {

std::vector<GameInfo> all_games();
// nullptr when no game has this id.
const GameInfo* find_game(const std::vector<GameInfo>& games, const std::string& id);

}  // namespace facedown::engine
