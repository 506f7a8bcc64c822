// Where the battle explainer sits: decided once here for every painter (the
// ImGui overlay calls it, the on-air JSON carries its answer as
// battle.explainer_lines and its bound battle.explainer_box). The theme gives the explainer's preferred place and
// width (its "explainer" element) and the region it may use (the "board"
// element, inside the graphics-safe area); this file moves the box, a line
// per pair (the theme's metrics.explainer: a line's height and the gap to the
// next), to the free place nearest the preferred one.
//
// Invariants: no line of it overlaps a square the battle involves (its
// fighters' squares and the move's from and to, with kExplainerClearance to
// spare) nor the caption's lower third nor the seal footer; it covers no
// piece on the board while there is a place off every piece (over empty
// squares, else beside the board: the safe area off the panels, the scorebug
// and the warning toast's place), and only then the fewest lines over
// pieces (the board full, kExplainerMaxLines lines); it stays inside
// the safe area and keeps off the banner's place while there is room
// elsewhere, and off the player panels and the win bar while there is room
// elsewhere with the banner's place kept (three or four lines: the panels
// first, then the banner's place). Where the battle's squares leave no room
// for the whole block (two squares far apart in one column), it splits into
// groups of lines before it would cover a panel; over every game's board no
// line lands on a panel (tests/overlay/explainer_place_test.cpp;
// docs/director.md). When the board region has no such place (involved
// squares across the whole board), the lines leave the board region for the
// rest of the safe area (beside the board, never over the scorebug).
#pragma once
#include <array>
#include <string>
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
// The squares with a piece on them (face up or down) in the model on air:
// the explainer keeps off them where it can (the board stays visible).
std::vector<engine::Square> occupied_squares(const OnAirModel& m);

// The explainer's lines' boxes for `lines` lines (at most kExplainerMaxLines)
// in the theme's `layout` ("landscape" | "portrait" | "faces") with the board
// drawn as `drawing`, in reading order: one block where there is room, else
// split in groups (each line explains one pair on its own), never over an
// involved square.
// `pieces`: the occupied squares (occupied_squares), kept clear where there is
// a place off them all. `widths`: each line's width (explainer_line_widths: its
// text in either language with its margins), at most the theme's; a group of
// lines is as wide as its widest, so a short explanation fits between ranks or
// files of pieces. Empty: every line the theme's width.
std::vector<ThemeRect> explainer_lines(const Theme& theme, std::string_view layout, const BoardDrawing& drawing,
                                       const std::vector<engine::Square>& involved, int lines,
                                       const std::vector<engine::Square>& pieces = {},
                                       const std::vector<float>& widths = {});

// Each line's width for explainer_lines: the widest of its texts (English and
// Korean, `texts[lang][line]`) at the theme's explainer size, an upper bound of
// either painter's advance (piece_labels.h label_width_bound), with the text
// margins and the line's frame each side; never under a third of the theme's
// width nor over it.
std::vector<float> explainer_line_widths(const Theme& theme, std::string_view layout,
                                         const std::array<std::vector<std::string>, 2>& texts);

// The box around explainer_lines (the frame's battle.explainer_box; the lines
// themselves are battle.explainer_lines). A split explainer's box may cover
// squares between its groups: it is a bound, not a painted place.
ThemeRect explainer_box(const Theme& theme, std::string_view layout, const BoardDrawing& drawing,
                        const std::vector<engine::Square>& involved, int lines,
                        const std::vector<engine::Square>& pieces = {}, const std::vector<float>& widths = {});

// The smallest box around `rects` (empty: a zero box).
ThemeRect bounding_box(const std::vector<ThemeRect>& rects);

}  // namespace facedown::broadcast
