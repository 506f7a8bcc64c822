// The board widget: draws one engine StateView on a game's Geometry — squares,
// terrain (lakes, camps, headquarters, palaces), border marks (minus lines),
// pieces in their owner's colour, face-down pieces blank — plus the operator's
// marks (selection, legal targets, battles, last move). It decides nothing about
// secrecy: it shows exactly the view it is given, or less when a side is masked.
// Works for every game: size, terrain and piece tokens come from the Game; a
// geometry whose pieces stand on points (Geometry::on_points) is drawn as lines
// through the cell centres with its palaces' diagonals, the cells kept for input.
#pragma once
#include <imgui.h>

#include <array>
#include <functional>
#include <optional>
#include <vector>

#include "engine/game.h"
#include "engine/view.h"
#include "ui/i18n.h"

namespace facedown::ui {

struct BoardModel {
  const engine::Game* game = nullptr;
  const engine::StateView* view = nullptr;
  Lang lang = Lang::kEnglish;
  // Draw this owner's pieces face down even when the view shows them (the console
  // may be on camera). Index 0: player 1.
  std::array<bool, 2> masked{false, false};
  bool flipped = false;  // player 2's side at the bottom
  engine::Square selected = engine::kNoSquare;
  engine::Square last_from = engine::kNoSquare;
  engine::Square last_to = engine::kNoSquare;
  std::vector<engine::Square> targets;  // legal destinations
  std::vector<engine::Square> battles;  // squares of a previewed battle
  int setup_player = 0;                 // tint this player's setup area (0: none)
};

// Where the board landed on screen: tests and input use it to find squares.
struct BoardLayout {
  ImVec2 origin{0, 0};  // top-left of the squares
  float cell = 0.0f;
  int files = 0;
  int ranks = 0;
  bool flipped = false;
  ImVec2 centre(engine::Square s) const;
  engine::Square square_at(ImVec2 p) const;  // kNoSquare outside
};

struct BoardResult {
  BoardLayout layout;
  std::optional<engine::Square> clicked;  // left click released on a square
  std::optional<engine::Square> hovered;
};

// Draws the board as one ImGui item of the given size (square cells, centred,
// with file letters and rank numbers). `id` distinguishes several boards.
BoardResult draw_board(const char* id, const BoardModel& model, ImVec2 size);

// For a geometry whose pieces stand on points (Geometry::on_points): the lines
// through every point and, over a tint, the two diagonals of every 3x3 palace
// (kPalace terrain). `centre` maps a square to its point on screen, so any
// board drawing (the console's, the overlay's) can use it with its own layout.
void draw_point_lines(ImDrawList* dl, const engine::Geometry& g,
                      const std::function<ImVec2(engine::Square)>& centre, ImU32 line, ImU32 palace_fill,
                      float thickness);

// Short label of a piece type (its script token, e.g. "7", "M", "K").
const char* piece_label(const engine::Game& game, engine::PieceType type);

}  // namespace facedown::ui
