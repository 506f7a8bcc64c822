// Theme: the on-air look both painters read (feed/web/theme.json): where each
// element sits (a layout is a set of element placements, one layout per board
// orientation), the palette and the type sizes. The ImGui overlay loads the
// file at start; the feed serves it to the browser page, which reads the same
// keys (feed/web/layout.js). A designer restyles both outputs by editing it.
// Invariant: a Theme that parse_theme returned has every element, colour and
// size named in kThemeElements, kThemeColours and kThemeSizes, each finite and
// inside the canvas, so a painter's lookup never misses.
#pragma once
#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <variant>

namespace facedown::broadcast {

inline constexpr float kThemeCanvasWidth = 1920.0f;
inline constexpr float kThemeCanvasHeight = 1080.0f;

// The names a theme must give (the schema; the values live in the file only).
// A new element adds its placement name here and in every layout of the file.
inline constexpr std::array<std::string_view, 14> kThemeElements = {
    "top_bar", "panel1", "panel2", "board", "explainer", "banner", "caption", "footer", "waiting",
    "board_compact", "slate", "reveal", "deduction", "win_bar"};
inline constexpr std::array<std::string_view, 22> kThemeColours = {
    "panel", "panel_edge", "board", "grid", "text", "dim", "gold", "amber", "red", "minus", "lake",
    "p1", "p2", "p1_dark", "p2_dark", "shade", "chip", "chip_spent", "draw", "badge", "outline", "shadow"};
inline constexpr std::array<std::string_view, 26> kThemeSizes = {
    "waiting", "title", "preset", "clock", "mover", "next_warning", "status", "status_alone", "ply",
    "player_name", "panel_label", "chip_name", "chip_left", "chip_used", "explainer", "caption",
    "result_headline", "result_sentence", "card_headline", "card_sentence", "warning_line",
    "warning_text", "seal_title", "seal_hash", "seal_check", "replay"};
// The director's layouts (director.h): each its own set of placements.
inline constexpr std::array<std::string_view, 3> kThemeLayouts = {"landscape", "portrait", "faces"};

struct ThemeRect {
  float x = 0, y = 0, w = 0, h = 0;
};

struct Rgba {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
};

struct ThemeLayout {
  std::map<std::string, ThemeRect, std::less<>> elements;
};

struct Theme {
  float safe_fraction = 0.9f;
  std::map<std::string, Rgba, std::less<>> palette;
  std::map<std::string, float, std::less<>> type;
  std::map<std::string, ThemeLayout, std::less<>> layouts;

  // Lookups of the names above (a name not in the schema: black, 0, an empty rect).
  Rgba colour(std::string_view name) const;
  float size(std::string_view name) const;
  ThemeRect element(std::string_view layout, std::string_view name) const;
};

// The theme in `text`, or what is wrong with it (naming the key).
std::variant<Theme, std::string> parse_theme(std::string_view text);
// The theme in the file at `path`, or what is wrong (naming the file).
std::variant<Theme, std::string> load_theme(const std::filesystem::path& path);

// The build's copy of feed/web/theme.json (embedded when the build was
// configured): what a painter uses when it was given no theme file.
const Theme& built_in_theme();
// Where the theme file is for a program at `executable`: share/facedown/web
// beside the installed program, else the source tree's feed/web.
std::filesystem::path default_theme_path(const std::filesystem::path& executable);

}  // namespace facedown::broadcast
