// The analysis on air: what the audience can deduce (the objective piece's heat
// map per side, each face-down piece's identity odds) and who is winning (the
// public win probability with its interval), as a plain record the on-air
// frame carries under "analysis" (docs/on-air.md) and both painters draw
// (the director's `deduction`, `piece-odds` and `win-bar` elements).
//
// Invariants: a record is made from one viewer's stream only (live: the public
// rows; broadcast/analysis_runner.h), and names the row (`seq`) and ply it
// belongs to; the frame shows the last finished record at or before the row on
// air, never one of a later row. broadcast/ keeps no analysis code: the record
// is filled by the runner, which links facedown::analysis.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "broadcast/director.h"
#include "broadcast/on_air_text.h"
#include "broadcast/theme.h"
#include "engine/geometry.h"

namespace facedown::broadcast {

struct OnAirModel;

struct AnalysisShare {
  double p = 0, low = 0, high = 0;
  bool operator==(const AnalysisShare&) const = default;
};

struct AnalysisWin {
  std::array<AnalysisShare, 2> win;  // [0] seat 1
  AnalysisShare draw;
  bool decided = false;  // the match is over: its result, exactly
  int playouts = 0;
  bool operator==(const AnalysisWin&) const = default;
};

// One place the objective piece of a side may be.
struct ObjectivePlace {
  engine::Square square = engine::kNoSquare;  // kNoSquare: off the board
  int lost = 0;                               // off the board: its place in the removed tray (1-based)
  double p = 0;
  bool operator==(const ObjectivePlace&) const = default;
};

struct TokenOdds {
  std::string token;
  double p = 0;
  double se = 0;  // 0 when exact
  bool operator==(const TokenOdds&) const = default;
};

// A face-down piece on the board and its most likely identities.
struct PieceOddsShown {
  int owner = 0;
  engine::Square square = engine::kNoSquare;
  std::vector<TokenOdds> odds;  // most likely first, at most kOddsShown
  bool certain = false;
  bool operator==(const PieceOddsShown&) const = default;
};
inline constexpr std::size_t kOddsShown = 3;

struct OnAirAnalysis {
  std::string view = "public";  // whose point of view ("public", "player1", "player2")
  int seq = 0;                  // the last row of the stream analysed
  int ply = 0;                  // moves made by then
  bool exact = true;            // false: sampled (odds carry standard errors)
  std::string objective;        // the objective piece's token; empty: the game has none
  std::array<std::vector<ObjectivePlace>, 2> objective_places;  // per seat, most likely first
  std::vector<PieceOddsShown> pieces;                           // square order
  std::array<std::vector<std::string>, 2> headlines;            // [0] English, [1] Korean
  std::optional<AnalysisWin> win;                               // null: not computed (yet)
  std::optional<std::string> win_error;  // why the last win probability could not be made (then `win` is null)
  int win_seq = 0, win_ply = 0;  // the row (and ply) the win probability belongs to (<= seq: the last finished)
  std::optional<std::string> error;                             // the deduction could not be made
  bool operator==(const OnAirAnalysis&) const = default;
};

// The frame's "analysis" object for `a` over the model on air (square names,
// labels, the objective where the audience sees it face up, and the
// deduction's view: deduction_view.h). Its piece labels are those of `theme`
// (nullptr: the build's), the theme the painters draw with
// (broadcast/piece_labels.h), as the board's are.
nlohmann::json analysis_json(const OnAirModel& m, const OnAirAnalysis& a, const Theme* theme = nullptr);

// What the deduction and piece-odds elements paint (the headline, the legend,
// the heat, each piece's label and whether it is news) is decided once in
// broadcast/deduction_view.h; analysis_json carries it.
// The win bar's side of a seat: its name and chance ("Kim 62%"; seat 2
// mirrored: "38% Lee"). The name is shortened to fit the bar before the number
// could be pushed out (broadcast/win_names.h, by the metrics of `theme`,
// nullptr: the build's), so both painters paint the same string.
std::string win_side_text(const OnAirModel& m, const AnalysisWin& w, int seat, const Theme* theme = nullptr);
// The win bar's note: how the numbers read, in plain words
// (broadcast/win_words.h: "about even", "small edge", "clear lead", "nearly
// won"; "팽팽", "약간 우세", "뚜렷한 우세", "거의 확정"); "" when the match is
// decided (the numbers are then its result).
std::string win_note(const OnAirAnalysis& a, Lang lang);

// The win bar's inside, from its placement `place` in the theme's layout (the
// same pixels in both painters: feed/web/analysis_paint.js winBarParts). Each
// text's rectangle is its line: the text is centred on its middle, inside its
// width. One row (the names at the ends, the note between them) when the
// placement is shorter than metrics.analysis.two_row_h; a taller placement
// (portrait, where the bar is only as wide as the board) puts the names on a
// row of their own, half the width each, and the note on a second row over
// the bar, so a long name ("Kim Kyung-hoon 62%") is whole at the bar's size.
struct WinBarParts {
  bool two_rows = false;
  std::array<ThemeRect, 2> name;  // [0] seat 1, left-aligned; [1] seat 2, right-aligned
  float name_size = 0;            // metrics.analysis.bar_text
  ThemeRect note;                 // centred
  float note_size = 0;            // metrics.analysis.note_text
  ThemeRect fill;                 // the bar along the bottom
};
WinBarParts win_bar_parts(const Theme& theme, const ThemeRect& place);

// The model's analysis, when it describes the row the model shows (its board):
// a record of another row is never shown, whoever attached it.
bool analysis_shown(const OnAirModel& m);

// Whether the director's `deduction`, `piece-odds` or `win-bar` element has
// something to show: empty, or why not ("no analysis yet").
std::string analysis_idle(const OnAirModel& m, Element e);

}  // namespace facedown::broadcast
