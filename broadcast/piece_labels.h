// What each piece type shows on air, in English and Korean: the labels that
// fit. A number is its own label; in English a piece shows its token ("M",
// "SPY", never shortened: the test measures that every token fits); in Korean its roster name ("지뢰", "기병") when that fits the piece
// at the minimum type size (24 px), else a short form. The fit rule is decided
// here, once for both painters (overlay/overlay_draw.cpp, feed/web/scene.js),
// per game and theme:
//   - the room: the smallest cell the theme's `board` placement gives the game
//     in any of its layouts (landscape, portrait, faces), less the tile's inset
//     on both sides (metrics tile.inset_fraction: a tile's or a disc's face),
//     times kLabelRoomFraction (both painters shrink a label to that share of
//     the face, never under 24 px);
//   - a label's width: an upper bound of its advance at 24 px (a Hangul or
//     other wide character and M or W 1 em, another ASCII letter or digit
//     0.8 em, a space 0.35 em), wide enough for either painter's font (measured in
//     tests/overlay/piece_label_fit_test.cpp and tests/browser/overlay_test.mjs);
//   - a Korean name that does not fit gives way to, in this order, the first
//     that fits and is unique: the game's declared short word (a phrase
//     `label-TOKEN` of its words, as Salpakan's "5성" for 5성 장군), the name's
//     first syllable when no other type's name starts with it or is it
//     ("기병" -> "기"), the token.
// Invariant: two types of a roster never share a label in a language (a short
// form is taken only when unique; the test checks every game and preset).
// The compact board and the reveal's board draw smaller pieces with the same
// labels. The trays fit them: a tray tile is never narrower than the widest
// label of the roster in the frame's language at 24 px needs (tray_tile_floor),
// so the removed pieces' labels fit as the board's do.
#pragma once
#include <string>
#include <vector>

#include "broadcast/theme.h"
#include "engine/game.h"

namespace facedown::broadcast {

inline constexpr float kLabelMinSize = 24;          // canvas px, as the painters' floor
inline constexpr float kLabelRoomFraction = 0.95f;  // of a face's width, as both painters shrink to

struct TypeLabel {
  std::string en, ko;
};

// The room a label has on this game's smallest board piece (canvas px).
float piece_label_room(const engine::Game& g, const Theme& theme);
// An upper bound of `s`'s width at `size` px in either painter's font.
float label_width_bound(const std::string& s, float size);
// Every roster type's labels, in roster order.
std::vector<TypeLabel> piece_labels(const engine::Game& g, const Theme& theme);

// The smallest tray tile (canvas px) whose face holds every label of the
// roster in one language at 24 px: the widest label's bound over
// kLabelRoomFraction of the face (the tile less metrics tile.inset_fraction on
// both sides), at most the game's smallest board piece (whose face every label
// fits: piece_label_room). The frame carries it (layout.tray_tile_en, tray_tile_ko).
float tray_tile_floor(const engine::Game& g, const Theme& theme, bool korean);
// The tray's tile size for `shown` pieces in a tray `w` x `h`: from
// max(tray.tile_max, floor) down by tray.tile_step until all fit, never under
// max(tray.tile_min, floor) (both painters: overlay_draw.cpp, scene.js trayTile).
float tray_tile(const Theme& theme, float floor, float w, float h, std::size_t shown);

}  // namespace facedown::broadcast
