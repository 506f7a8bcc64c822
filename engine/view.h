// The three audiences of a match (OpenSpiel's private-information model):
// the referee sees everything; player N sees own pieces and whatever is public;
// the public (studio, overlay) sees positions, owners, revealed identities,
// battle outcomes, items used, clocks, warnings, results. These functions are
// the only place that turns that rule into data; UI code draws what they return.
#pragma once
#include <array>
#include <optional>
#include <vector>

#include "engine/event.h"
#include "engine/match_state.h"

namespace facedown::engine {

// Whether `viewer` may know the identity of this piece now.
bool may_see(const Piece& piece, Viewer viewer);

// The event as `viewer` may see it: hidden identities blanked, internal ids and
// the command text dropped (the referee gets the event unchanged).
Event project(const Event& event, Viewer viewer);

struct SquareView {
  Square square = kNoSquare;
  int owner = 0;
  std::optional<PieceType> type;  // nullopt: face down for this viewer
  bool revealed = false;
};

struct RemovedView {
  int owner = 0;
  std::optional<PieceType> type;
};

struct StateView {
  std::vector<SquareView> board;                          // occupied squares, square order
  std::array<std::vector<std::optional<PieceType>>, 2> removed;  // removal order
};

StateView view_state(const MatchState& state, Viewer viewer);

}  // namespace facedown::engine
