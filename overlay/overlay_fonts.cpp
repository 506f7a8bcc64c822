#include "overlay/overlay_fonts.h"

#include <imgui.h>

#include <filesystem>

namespace facedown::overlay {

namespace {

// Decodes UTF-8 (invalid bytes are skipped); ImGui's own decoder is internal.
template <class F>
void each_codepoint(const std::string& s, F&& f) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    unsigned cp = 0;
    std::size_t n = 0;
    if (c < 0x80) cp = c, n = 1;
    else if ((c & 0xE0) == 0xC0) cp = c & 0x1Fu, n = 2;
    else if ((c & 0xF0) == 0xE0) cp = c & 0x0Fu, n = 3;
    else if ((c & 0xF8) == 0xF0) cp = c & 0x07u, n = 4;
    else {
      ++i;
      continue;
    }
    if (i + n > s.size()) break;
    for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    f(cp);
    i += n;
  }
}

}  // namespace

std::vector<unsigned> codepoints(const std::string& text) {
  std::vector<unsigned> out;
  each_codepoint(text, [&](unsigned cp) { out.push_back(cp); });
  return out;
}

OverlayFonts load_overlay_fonts(ImFontAtlas& atlas, const std::string& text, const std::string& font_dir) {
  OverlayFonts out;
  const std::string path = font_dir + "/NanumGothicBold.ttf";
  if (!std::filesystem::exists(path)) {
    out.error = "font not found: " + path + " (install fonts-nanum)";
    return out;
  }
  atlas.Clear();
  ImFontGlyphRangesBuilder builder;
  builder.AddText(" ?0123456789");  // the fallback glyph and digits, always
  each_codepoint(text, [&](unsigned cp) {
    if (cp <= 0xFFFF) builder.AddChar(static_cast<ImWchar>(cp));
  });
  ImVector<ImWchar> ranges;
  builder.BuildRanges(&ranges);
  ImFontConfig config;
  config.OversampleH = 2;
  config.OversampleV = 1;
  out.small = atlas.AddFontFromFileTTF(path.c_str(), kSmallFontPx, &config, ranges.Data);
  out.large = atlas.AddFontFromFileTTF(path.c_str(), kLargeFontPx, &config, ranges.Data);
  if (!out.small || !out.large || !atlas.Build()) out.error = "could not build the overlay font atlas from " + path;
  atlas.ClearInputData();  // the ranges vector dies here; the atlas must not keep pointing at it
  return out;
}

bool font_covers(const ImFont& font, const std::string& text) {
  bool all = true;
  each_codepoint(text, [&](unsigned cp) {
    if (cp > 0xFFFF || cp < 0x20) return;
    if (!font.FindGlyphNoFallback(static_cast<ImWchar>(cp))) all = false;
  });
  return all;
}

}  // namespace facedown::overlay
