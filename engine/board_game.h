// What every game of engine/games holds alike: the three tables a Game answers
// with — its board (geometry and terrain), its roster and its words — made once
// when the game is made and never changed after its constructor; and the
// GameInfo every game's info() starts from. A game derives from BoardGame,
// marks its terrain in its constructor and writes only its rules.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "engine/game.h"

namespace facedown::engine {

class BoardGame : public Game {
 public:
  const Geometry& geometry() const override { return geometry_; }
  const std::vector<PieceTypeSpec>& roster() const override { return roster_; }
  const Words& words() const override { return words_; }

 protected:
  BoardGame(Geometry geometry, std::vector<PieceTypeSpec> roster, std::vector<Word> words)
      : geometry_(std::move(geometry)), roster_(std::move(roster)), words_(std::move(words)) {}

  Geometry geometry_;
  std::vector<PieceTypeSpec> roster_;
  Words words_;
};

// Who a game is: its id and names, as GameInfo spells them.
struct GameNames {
  std::string id;
  std::string name_en;
  std::string name_ko;
  std::string default_preset;
};

// A GameInfo with the names, roster and words and the shared options; the game
// adds its own options, presets, make and tuning.
GameInfo board_game_info(GameNames names, std::vector<PieceTypeSpec> roster, std::vector<Word> words);

}  // namespace facedown::engine
