// Fonts for every Facedown screen: NanumGothic from Debian's fonts-nanum, with the
// Korean glyph ranges in the body font so Hangul labels and names always render.
// The large fonts (clocks, captions) hold Latin, digits and only the Hangul of the
// strings given (player names), because a full Hangul atlas at 40+ px is huge.
// Headless-safe: builds into an ImFontAtlas; no GL involved.
#pragma once
#include <string>
#include <vector>

struct ImFont;
struct ImFontAtlas;

namespace facedown::ui {

struct FontSpec {
  float body_size = 18.0f;
  float large_size = 44.0f;
  float huge_size = 0.0f;              // 0: no third font
  std::vector<std::string> large_text;  // extra glyphs the large/huge fonts must hold
  std::string font_dir = FACEDOWN_FONT_DIR;
};

struct Fonts {
  ImFont* body = nullptr;
  ImFont* bold = nullptr;   // body size, bold face
  ImFont* large = nullptr;  // clocks
  ImFont* huge = nullptr;   // nullptr unless requested
};

// Adds the fonts to the atlas (first font added becomes ImGui's default) and
// builds it. Returns the fonts, or an error naming the file that failed.
struct FontLoad {
  Fonts fonts;
  std::string error;  // empty on success
};
FontLoad load_fonts(ImFontAtlas& atlas, const FontSpec& spec);

}  // namespace facedown::ui
