// What matters first in an analysis, in the screen's language: per side, where
// the game's objective piece (Game::objective: king, flag, leader, marshal) can
// be and with what probability, and which face-down pieces are certain ("c7 is
// a Mine", "Player 2's King is on b9 or c9"). Piece names are the game's roster
// names in English and Korean; a place is a square or "off the board".
#pragma once
#include <string>
#include <vector>

#include "analysis/deduction.h"
#include "engine/game.h"
#include "engine/words.h"

namespace facedown::analysis {

struct Place {
  const PieceOdds* piece = nullptr;
  double p = 0;
  double se = 0;
};

// The places the objective piece of `owner` may be, most likely first (empty
// when the game has no objective or the viewer sees it).
std::vector<Place> objective_places(const engine::Game& game, const Analysis& a, int owner);

// Where a listed piece is: "c7", or "off the board (3rd lost)" / "잡힌 말 3".
std::string place_name(const engine::Game& game, const PieceOdds& piece, engine::Lang lang);

// The sentences: one per side about its objective, then one per certain piece.
std::vector<std::string> headlines(const engine::Game& game, const Analysis& a, engine::Lang lang);

}  // namespace facedown::analysis
