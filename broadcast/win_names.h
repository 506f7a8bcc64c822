// A name on the win bar, shortened before its number is (issue 32 item 3): a
// long name ("Alexandra Kowalczyk-Brenna") never pushes its percentage out of
// the bar. Decided here once, so both painters paint the same string.
//
// The room is the narrowest name place the theme's win_bar placements give
// (win_bar_parts over every layout); a text's width is its advance in the
// painters' font (name_width: NanumGothic Bold's measured advances) at 24 px,
// the size both painters shrink a side to before they would cut it; the
// number's room is always that of "100%", so a name does not change as its
// number does.
//
// Invariants: fitted_name returns the first of these that fits with the
// suffix: the name; its words but the last as initials ("A. Kowalczyk-Brennan");
// the last word; the name cut at a character with "…" (at least one
// character, then "…" even when that does not fit). Never splits a UTF-8
// character. A name that fits is returned unchanged.
#pragma once
#include <string>

#include "broadcast/theme.h"

namespace facedown::broadcast {

std::string fitted_name(const std::string& name, const std::string& suffix, float width, float size);

// The width of `s` at `size` px in the painters' font (canvas px).
float name_width(const std::string& s, float size);

// The room for a seat's side ("Kim 62%") on the win bar: the narrowest over
// the theme's layouts (canvas px).
float win_name_room(const Theme& theme, int seat);

// The name as the win bar shows it for `seat` under `theme`.
std::string win_bar_name(const std::string& name, const Theme& theme, int seat);

}  // namespace facedown::broadcast
