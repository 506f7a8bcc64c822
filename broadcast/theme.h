// Theme: the on-air look both painters read (feed/web/theme.json): where each
// element sits (a layout is a set of element placements, one layout per board
// orientation), the palette, the type sizes and the offsets inside each
// element (metrics: paddings, rows, insets). The ImGui overlay loads the
// file at start; the feed serves it to the browser page, which reads the same
// keys (feed/web/layout.js). A designer restyles both outputs by editing it.
// Invariant: a Theme that parse_theme returned has every element, colour and
// size named in kThemeElements, kThemeColours and kThemeSizes and every metric
// of kThemeMetrics, each finite and inside the canvas or its range, so a
// painter's lookup never misses.
#pragma once
#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

namespace facedown::broadcast {

// The canvas of a layout that names none (landscape, faces: a 16:9 picture).
// A layout may give its own ("canvas": portrait's is 1080x1920, a vertical
// picture); its placements lie inside it, and each painter fits that canvas
// into its output, centred (Theme::canvas).
inline constexpr float kThemeCanvasWidth = 1920.0f;
inline constexpr float kThemeCanvasHeight = 1080.0f;

// The names a theme must give (the schema; the values live in the file only).
// A new element adds its placement name here and in every layout of the file.
// `banner` is the result's card; `card` the pause's and standby's card;
// `toast` the warning's toast (off the board's rows, in the win bar's strip,
// which yields to it); `strap1`, `strap2` each player's name strap (the
// scorebug paints them where the layout shows no player panels: faces).
inline constexpr std::array<std::string_view, 20> kThemeElements = {
    "top_bar", "panel1", "panel2", "board", "explainer", "banner", "caption", "footer", "waiting",
    "board_compact", "slate", "reveal", "deduction", "win_bar", "feed_lost", "piece_odds", "toast", "card",
    "strap1", "strap2"};
inline constexpr std::array<std::string_view, 22> kThemeColours = {
    "panel", "panel_edge", "board", "grid", "text", "dim", "gold", "amber", "red", "minus", "lake",
    "p1", "p2", "p1_dark", "p2_dark", "shade", "chip", "chip_spent", "draw", "badge", "outline", "shadow"};
inline constexpr std::array<std::string_view, 26> kThemeSizes = {
    "waiting", "title", "preset", "clock", "mover", "next_warning", "status", "status_alone", "ply",
    "player_name", "panel_label", "chip_name", "chip_left", "chip_used", "explainer", "caption",
    "result_headline", "result_sentence", "card_headline", "card_sentence", "warning_line",
    "warning_text", "seal_title", "seal_hash", "seal_check", "replay"};
// Offsets inside an element (theme.json "metrics", GROUP.NAME): each with the
// range a value must lie in (canvas pixels, or 0..1 for a *_fraction).
struct ThemeMetric {
  std::string_view key;
  float min, max;
};
inline constexpr std::array<ThemeMetric, 214> kThemeMetrics = {{
    {"scorebug.pad_x", 0, 1080},
    // A player's name strap (faces): its colour bar's width, the name's left and top.
    {"scorebug.strap_bar_w", 0, 1080},
    {"scorebug.strap_name_x", 0, 1080},
    {"scorebug.strap_name_y", 0, 1080},
    {"scorebug.title_w", 0, 1080},
    {"scorebug.title_y", 0, 1080},
    {"scorebug.clock_y", 0, 1080},
    {"scorebug.clock_glow_w", 0, 1080},
    {"scorebug.clock_glow_inset", 0, 1080},
    {"scorebug.mover_bar_x", 0, 1080},
    {"scorebug.mover_bar_y", 0, 1080},
    {"scorebug.mover_bar_w", 0, 1080},
    {"scorebug.mover_bar_h", 0, 1080},
    {"scorebug.mover_x", 0, 1080},
    {"scorebug.mover_y", 0, 1080},
    {"scorebug.mover_w", 0, 1080},
    {"scorebug.next_warning_x", 0, 1080},
    {"scorebug.next_warning_y", 0, 1080},
    {"scorebug.next_warning_w", 0, 1080},
    {"scorebug.status_y", 0, 1080},
    {"scorebug.status_alone_y", 0, 1080},
    {"scorebug.ply_y", 0, 1080},
    {"panel.pad_x", 0, 1080},
    {"panel.head_h", 0, 1080},
    {"panel.name_y", 0, 1080},
    {"panel.head_gap", 0, 1080},
    {"panel.to_move_row", 0, 1080},
    {"panel.warnings_row", 0, 1080},
    {"panel.card_step", 0, 1080},
    {"panel.card_w", 0, 1080},
    {"panel.card_h", 0, 1080},
    {"panel.card_y", -50, 50},
    {"panel.items_row", 0, 1080},
    {"panel.chip_h", 0, 1080},
    {"panel.chip_step", 0, 1080},
    {"panel.chips_gap", 0, 1080},
    {"panel.chip_pad_x", 0, 1080},
    {"panel.chip_used_x", 0, 1080},
    {"panel.chip_used_inset", 0, 1080},
    {"panel.removed_row", 0, 1080},
    {"tray.tile_max", 8, 200},
    {"tray.tile_min", 8, 200},
    {"tray.tile_step", 1, 20},
    {"tray.bottom", 0, 1080},
    {"tile.inset_fraction", 0, 1},
    {"tile.label_fraction", 0, 1},
    {"tile.number_label_fraction", 0, 1},
    {"board.margin", 0, 1080},
    {"board.territory_inset", 0, 1080},
    {"board.lake_inset", 0, 1080},
    {"board.mark_inset", 0, 1080},
    {"board.last_from_inset", 0, 1080},
    {"board.last_to_inset", 0, 1080},
    {"board.minus_half_fraction", 0, 1},
    {"board.minus_thick_fraction", 0, 1},
    {"explainer.line_h", 0, 1080},
    {"explainer.line_gap", 0, 1080},
    {"banner.toast_card_x", 0, 1080},
    {"banner.toast_card_w", 0, 1080},
    {"banner.toast_card_h", 0, 1080},
    {"banner.toast_text_x", 0, 1080},
    {"banner.text_margin", 0, 1080},
    {"caption.bar_w", 0, 1080},
    {"caption.text_margin", 0, 1080},
    {"footer.pad_x", 0, 1080},
    {"footer.seal_title_y", 0, 1080},
    {"footer.seal_title_w", 0, 1080},
    {"footer.seal_bar_y", 0, 1080},
    {"footer.seal_bar_w", 0, 1080},
    {"footer.seal_bar_h", 0, 1080},
    {"footer.seal_hash_x", 0, 1080},
    {"footer.seal_hash_y", 0, 1080},
    {"footer.seal_step", 0, 1080},
    {"footer.seal_check_step", 0, 1080},
    {"footer.replay_y", 0, 1080},
    {"slate.bar_y", 0, 1080},
    {"slate.bar_h", 0, 1080},
    {"slate.bar_w_fraction", 0, 1},
    {"slate.name_y", 0, 1080},
    // The analysis layer (deduction, win bar): its text sizes are never under 24 px.
    {"analysis.pad_x", 0, 1080},
    {"analysis.text_mid_y", 0, 1080},
    {"analysis.bar_text", 24, 200},
    {"analysis.note_text", 24, 200},
    {"analysis.note_w", 0, 1920},
    {"analysis.fill_h", 0, 1080},
    {"analysis.fill_inset", 0, 1080},
    {"analysis.label_text", 24, 200},
    {"analysis.heat_label_y_fraction", 0, 1},
    {"analysis.odds_label_y_fraction", 0, 1},
    {"analysis.heat_inset", 0, 1080},
    {"analysis.full_label_cell", 0, 1080},
    {"analysis.short_label_cell", 0, 1080},
    // A win bar at least two_row_h high puts the names on a row of their own, the note on a second
    // row (its middle at note_row_mid_y) over the bar (on_air_analysis.h win_bar_parts).
    {"analysis.two_row_h", 0, 1080},
    {"analysis.note_row_mid_y", 0, 1080},
    // The deduction (deduction_view.h): the heat's fill opacity floor + span x sqrt(p), and the
    // headline's panel under the board (its gap, paddings, line height and text sizes).
    {"deduction.heat_floor_fraction", 0, 1},
    {"deduction.heat_span_fraction", 0, 1},
    {"deduction.headline_gap", 0, 200},
    {"deduction.headline_pad_x", 0, 200},
    {"deduction.headline_pad_y", 0, 200},
    {"deduction.headline_line", 24, 200},
    {"deduction.headline_text", 24, 200},
    {"deduction.legend_text", 24, 200},
    // The painters' look, once: line widths, corner radii, the tile tag badge (its text size and
    // tile overlap as fractions).
    {"stroke.panel_edge", 0, 50},
    {"stroke.to_move", 0, 50},
    {"stroke.warning_card", 0, 50},
    {"stroke.edge", 0, 50},
    {"stroke.grid", 0, 50},
    {"stroke.points", 0, 50},
    {"stroke.minus", 0, 50},
    {"stroke.terrain", 0, 50},
    {"stroke.last_from", 0, 50},
    {"stroke.last_to", 0, 50},
    {"stroke.tile_face", 0, 50},
    {"stroke.tile_back", 0, 50},
    {"stroke.explainer", 0, 50},
    {"stroke.result", 0, 50},
    {"stroke.card", 0, 50},
    {"stroke.seal_tick", 0, 50},
    {"stroke.shadow", 0, 50},
    {"radius.panel", 0, 200},
    {"radius.footer", 0, 200},
    {"radius.glow", 0, 200},
    {"radius.mover_bar", 0, 200},
    {"radius.board", 0, 200},
    {"radius.lake", 0, 200},
    {"radius.headquarters", 0, 200},
    {"radius.last_from", 0, 200},
    {"radius.last_to", 0, 200},
    {"radius.tile_fraction", 0, 1},
    {"radius.warning_card", 0, 200},
    {"radius.chip", 0, 200},
    {"radius.explainer", 0, 200},
    {"radius.caption", 0, 200},
    {"radius.caption_bar", 0, 200},
    {"radius.result", 0, 200},
    {"radius.card", 0, 200},
    {"radius.toast", 0, 200},
    {"radius.toast_card", 0, 200},
    {"radius.seal_bar", 0, 200},
    {"radius.slate_bar", 0, 200},
    {"radius.minus", 0, 200},
    {"radius.minus_badge", 0, 200},
    {"radius.card_large", 0, 200},
    {"tag.size_fraction", 0, 1},
    {"tag.pad_x", 0, 50},
    {"tag.stroke", 0, 50},
    {"tag.radius", 0, 50},
    {"tag.overlap_fraction", 0, 1},
    // The sealed setups' check: its box from the seal's x, the text after the drawn tick; the
    // hash's box ends before it (both painters fit the hash into it).
    {"footer.seal_hash_w", 0, 1080},
    {"footer.seal_check_x", 0, 1080},
    {"footer.seal_check_pad", 0, 200},
    // The footer's edge (both painters stroke it), the seal check's text top.
    {"stroke.footer", 0, 50},
    {"footer.seal_check_y", 0, 1080},
    // The warning toast's gold card: its top inside the toast.
    {"banner.toast_card_y", 0, 1080},
    // The reveal card's parts (overlay/reveal_draw.cpp, feed/web/reveal_paint.js):
    // the title's box, each finalist's column (colour bar, name, seal check) at
    // the card's sides, the board between the columns from board_y to board_bottom above the card's end.
    {"reveal.title_x", 0, 1080},
    {"reveal.title_y", 0, 1080},
    {"reveal.title_h", 0, 1080},
    {"reveal.side", 0, 1080},
    {"reveal.column_w", 0, 1080},
    {"reveal.bar_y", 0, 1080},
    {"reveal.bar_h", 0, 1080},
    {"reveal.name_y", 0, 1080},
    {"reveal.name_h", 0, 1080},
    {"reveal.check_y", 0, 1080},
    {"reveal.check_h", 0, 1080},
    {"reveal.board_gap", 0, 1080},
    {"reveal.board_y", 0, 1080},
    {"reveal.board_bottom", 0, 1080},
    // Text tops inside the banners (result, pause/standby card, warning toast)
    // and the item chips: ImGui places its glyph box there; the page's line
    // boxes follow the same numbers less its own line-box correction (overlay.css).
    {"banner.result_headline_y", 0, 1080},
    {"banner.result_sentence_y", 0, 1080},
    {"banner.card_headline_y", 0, 1080},
    {"banner.card_sentence_y", 0, 1080},
    {"banner.toast_line_y", 0, 1080},
    {"banner.toast_text_y", 0, 1080},
    {"panel.chip_name_y", 0, 1080},
    {"panel.chip_left_y", 0, 1080},
    {"panel.chip_used_y", 0, 1080},
    // The battle's highlight ring around a fighter (ImGui's ring, the page's glow): its inset from
    // the cell and its corner radius, as fractions of the cell.
    {"tile.glow_inset_fraction", 0, 1},
    {"radius.glow_fraction", 0, 1},
    // The slate's title: its box inside the slate (centred, r.w - 2 * title_x wide).
    {"slate.title_x", 0, 1080},
    {"slate.title_y", 0, 1080},
    {"slate.title_h", 0, 1080},
    // The seal check's box (its text shrinks into seal_check_w) and the drawn tick's box inside it.
    {"footer.seal_check_w", 0, 1080},
    {"footer.seal_check_h", 0, 1080},
    {"footer.tick_x", 0, 200},
    {"footer.tick_y", 0, 200},
    {"footer.tick_w", 0, 200},
    {"footer.tick_h", 0, 200},
    // The analysis layer's look: the heat cell's corners and strength (floor + span x p), the
    // certain place's gold ring, a label's side padding and shadow offset, the win bar's box and fill.
    {"analysis.heat_radius", 0, 200},
    {"analysis.heat_floor_fraction", 0, 1},
    {"analysis.heat_span_fraction", 0, 1},
    {"analysis.label_pad", 0, 200},
    {"analysis.label_shadow", 0, 50},
    {"stroke.heat_certain", 0, 50},
    {"stroke.win_bar", 0, 50},
    {"radius.win_bar", 0, 200},
    {"radius.win_fill", 0, 200},
    // The explainer's text margin each side of a line.
    {"explainer.text_margin", 0, 200},
    // The badge around a minus sign, beyond the sign on each side.
    {"board.minus_badge_pad", 0, 50},
    // Once painter-local (issue 17, the rest of "one theme"): the translucent shades, as the
    // opacity of their colour (the clock's glow, a territory, the palace's fill and lines, the last
    // move's gold frame, the battle's ring, a piece in a tray, a back's mark).
    {"alpha.clock_glow", 0, 1},
    {"alpha.territory", 0, 1},
    {"alpha.palace_fill", 0, 1},
    {"alpha.palace_line", 0, 1},
    {"alpha.last_from", 0, 1},
    {"alpha.glow", 0, 1},
    {"alpha.tray", 0, 1},
    {"alpha.back_mark", 0, 1},  // a back's diamond or dot in its owner's colour
    // A back's mark: the tile's diamond (its half-diagonal per face side), a disc's dot (its
    // diameter per the disc's).
    {"tile.back_mark_fraction", 0, 0.5},
    {"tile.back_dot_fraction", 0, 1},
    // The seal tick's elbow inside its box (x and y as fractions of the box).
    {"footer.tick_elbow_x_fraction", 0, 1},
    {"footer.tick_elbow_y_fraction", 0, 1},
    // The analysis labels' and the win bar's line per type size; the tag badge above and below its
    // text; the share of an item chip its name may take (the used count has the rest).
    {"analysis.line_factor", 1, 3},
    {"tag.pad_y", 0, 50},
    {"panel.chip_name_fraction", 0, 1},
}};
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
  float width = kThemeCanvasWidth, height = kThemeCanvasHeight;  // its canvas
  // The metrics this layout sets for itself ("metrics" inside the layout, the
  // same GROUP.NAME keys and ranges): a narrow canvas rearranges the scorebug.
  std::map<std::string, float, std::less<>> metrics;
};

struct Theme {
  float safe_fraction = 0.9f;
  std::map<std::string, Rgba, std::less<>> palette;
  std::map<std::string, float, std::less<>> type;
  std::map<std::string, ThemeLayout, std::less<>> layouts;
  std::map<std::string, float, std::less<>> metrics;  // "panel.head_h" -> 96

  // Lookups of the names above (a name not in the schema: black, 0, an empty rect).
  Rgba colour(std::string_view name) const;
  float size(std::string_view name) const;
  ThemeRect element(std::string_view layout, std::string_view name) const;
  float metric(std::string_view key) const;  // "GROUP.NAME" of kThemeMetrics
  // The layout's canvas {0, 0, width, height} (an unknown layout: the default 1920x1080),
  // and its graphics-safe area (the safe_fraction of it, centred).
  ThemeRect canvas(std::string_view layout) const;
  ThemeRect safe_area(std::string_view layout) const;
  // The theme a painter of `layout` reads: this one with the layout's own
  // metrics over the shared ones (itself when the layout sets none, and a
  // layout's own theme answers with itself). Lives as long as this theme;
  // built once by parse_theme.
  const Theme& in_layout(std::string_view layout) const;

  // parse_theme's per-layout themes (in_layout), shared by copies of this one.
  std::shared_ptr<const std::map<std::string, Theme, std::less<>>> layout_themes;
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
