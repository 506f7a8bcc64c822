#include "engine/board_game.h"

namespace facedown::engine {

GameInfo board_game_info(GameNames names, std::vector<PieceTypeSpec> roster, std::vector<Word> words) {
  GameInfo g;
  g.id = std::move(names.id);
  g.name_en = std::move(names.name_en);
  g.name_ko = std::move(names.name_ko);
  g.default_preset = std::move(names.default_preset);
  g.roster = std::move(roster);
  g.words = std::move(words);
  g.options = shared_option_specs();
  return g;
}

}  // namespace facedown::engine
