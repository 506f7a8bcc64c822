// Where the battle explainer sits: decided once here for every painter (the
// ImGui overlay calls it, the on-air JSON carries its answer as
// battle.explainer_box). The theme gives the explainer's preferred place and
// width (its "explainer" element) and the region it may use (the "board"
// element, inside the graphics-safe area); this file moves the box, a line
// per pair (the theme's metrics.explainer: a line's height and the gap to the
// next), to the free place nearest the preferred one.
//
// Invariants: the box never overlaps a square the battle involves (its
// fighters' squares and the move's from and to, with kExplainerClearance to
// spare) nor the caption's lower third nor the seal footer; it stays inside
// the safe area and keeps off the banner's place while there is room
// elsewhere, and off the player panels and the win bar while there is room
// elsewhere with the banner's place kept (three or four lines: the panels
// first, then the banner's place). A panel is covered only when the battle's
// squares leave no other room (tests/overlay/explainer_place_test.cpp counts
// how often over every game's board; docs/director.md says it). When the
// board region has no such place (involved squares across the whole board),
// the box leaves the board region for the rest of the safe area (beside the
// board, never over the scorebug).
#pragma once
#include <string_view>
#include <vector>

#include "broadcast/board_drawing.h"
#include "broadcast/model.h"
#include "broadcast/theme.h"

namespace facedown::broadcast {

inline constexpr int kExplainerMaxLines = 4;       // more pairs are not explained on air
inline constexpr float kExplainerClearance = 6;    // kept free around an involved square

// The canvas rectangle of square `s` when `drawing` is fitted (centred,
// square cells) into `space`: the same fit both painters make.
ThemeRect board_square_box(const BoardDrawing& drawing, const ThemeRect& space, engine::Square s);

// The squares the battle on air involves (its fighters, the move's from and to).
std::vector<engine::Square> involved_squares(const OnAirModel& m);

// The explainer's box for `lines` lines in the theme's `layout`
// ("landscape" | "portrait") with the board drawn as `drawing`.
ThemeRect explainer_box(const Theme& theme, std::string_view layout, const BoardDrawing& drawing,
                        const std::vector<engine::Square>& involved, int lines);

}  // namespace facedown::broadcast
