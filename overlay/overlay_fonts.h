// Fonts of the overlay: NanumGothic Bold (fonts-nanum) at two broadcast sizes,
// holding only the characters the overlay will draw (Latin, digits, its captions
// and the players' names). A full Hangul range at 88 px would need an atlas of
// hundreds of megabytes; the needed set is a few hundred glyphs, rebuilt when a
// new name arrives. Headless-safe: builds into an ImFontAtlas, no GL.
#pragma once
#include <string>
#include <vector>

struct ImFont;
struct ImFontAtlas;

namespace facedown::overlay {

inline constexpr const char* kFontDir = "/usr/share/fonts/truetype/nanum";
inline constexpr float kSmallFontPx = 36.0f;
inline constexpr float kLargeFontPx = 88.0f;

struct OverlayFonts {
  ImFont* small = nullptr;
  ImFont* large = nullptr;
  std::string error;  // empty on success
};

// Clears the atlas, adds both fonts for the characters of `text` and builds it.
OverlayFonts load_overlay_fonts(ImFontAtlas& atlas, const std::string& text, const std::string& font_dir = kFontDir);
// The code points of UTF-8 text (invalid bytes skipped).
std::vector<unsigned> codepoints(const std::string& text);
// Whether `font` has a glyph for every character of `text`.
bool font_covers(const ImFont& font, const std::string& text);

}  // namespace facedown::overlay
