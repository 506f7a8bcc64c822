#include "engine/registry.h"

#include "engine/games/number_janggi/number_janggi.h"

namespace facedown::engine {

std::vector<GameInfo> all_games() {
  std::vector<GameInfo> games;
  games.push_back(number_janggi::info());
  return games;
}

const GameInfo* find_game(const std::vector<GameInfo>& games, const std::string& id) {
  for (const auto& g : games)
    if (g.id == id) return &g;
  return nullptr;
}

}  // namespace facedown::engine
