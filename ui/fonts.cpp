#include "ui/fonts.h"

#include <imgui.h>

#include <filesystem>

namespace facedown::ui {

namespace {

// Latin, Latin-1 and a few punctuation blocks: enough for names, times and symbols.
const ImWchar kLatinRanges[] = {0x0020, 0x00FF, 0x2010, 0x2027, 0x2190, 0x21FF,
                                0x25A0, 0x25FF, 0x2600, 0x26FF, 0};

}  // namespace

FontLoad load_fonts(ImFontAtlas& atlas, const FontSpec& spec) {
  FontLoad out;
  const std::string regular = spec.font_dir + "/NanumGothic.ttf";
  const std::string bold = spec.font_dir + "/NanumGothicBold.ttf";
  for (const auto& path : {regular, bold}) {
    if (!std::filesystem::exists(path)) {
      out.error = "font not found: " + path + " (install fonts-nanum)";
      return out;
    }
  }
  ImFontConfig body_config;
  body_config.OversampleH = 1;  // Hangul atlas size stays moderate
  body_config.PixelSnapH = true;
  out.fonts.body = atlas.AddFontFromFileTTF(regular.c_str(), spec.body_size, &body_config,
                                            atlas.GetGlyphRangesKorean());
  ImFontConfig symbols;
  symbols.MergeMode = true;
  symbols.OversampleH = 1;
  atlas.AddFontFromFileTTF(regular.c_str(), spec.body_size, &symbols, kLatinRanges);
  out.fonts.bold = atlas.AddFontFromFileTTF(bold.c_str(), spec.body_size, &body_config,
                                            atlas.GetGlyphRangesKorean());

  // Large fonts: Latin plus the Hangul of the given strings. The atlas only reads
  // glyph ranges while building, so it is built here and its input data dropped.
  ImFontGlyphRangesBuilder builder;
  builder.AddRanges(kLatinRanges);
  for (const auto& text : spec.large_text) builder.AddText(text.c_str());
  ImVector<ImWchar> ranges;
  builder.BuildRanges(&ranges);
  ImFontConfig large_config;
  large_config.OversampleH = 2;
  out.fonts.large = atlas.AddFontFromFileTTF(bold.c_str(), spec.large_size, &large_config,
                                             ranges.Data);
  if (spec.huge_size > 0.0f) {
    out.fonts.huge = atlas.AddFontFromFileTTF(bold.c_str(), spec.huge_size, &large_config,
                                              ranges.Data);
  }
  if (!out.fonts.body || !out.fonts.bold || !out.fonts.large || !atlas.Build()) {
    out.error = "could not build the font atlas from " + spec.font_dir;
  }
  atlas.ClearInputData();
  return out;
}

}  // namespace facedown::ui
