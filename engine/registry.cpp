#include "engine/registry.h"

#include "engine/games/capture_flag/capture_flag.h"
#include "engine/games/gunjin_shogi/gunjin_shogi.h"
#include "engine/games/gwangsanghui/gwangsanghui.h"
#include "engine/games/hidden_hasami/hidden_hasami.h"
#include "engine/games/luzhanqi_mini/luzhanqi_mini.h"
#include "engine/games/number_janggi/number_janggi.h"
#include "engine/games/salpakan/salpakan.h"

namespace facedown::engine {

std::vector<GameInfo> all_games() {
  std::vector<GameInfo> games;
  games.push_back(number_janggi::info());
  games.push_back(capture_flag::info());
  games.push_back(salpakan::info());
  games.push_back(luzhanqi_mini::info());
  games.push_back(gunjin_shogi::info());
  games.push_back(hidden_hasami::info());
  games.push_back(gwangsanghui::info());
  return games;
}

const GameInfo* find_game(const std::vector<GameInfo>& games, const std::string& id) {
  for (const auto& g : games)
    if (g.id == id) return &g;
  return nullptr;
}

}  // namespace facedown::engine
