// What the director's `deduction` and `piece-odds` elements show, decided once
// for both painters (the frame's analysis.deduction, docs/on-air.md): the
// headline (per side, where its objective piece may be: "Where is Lee's King?"
// and a few squares, each with its number), a one-line legend, the objective's
// heat (a colour scale readable from 1 %), and each face-down piece's label
// with whether it is news (piece_news.h).
//
// Invariants: every text that names an identity carries its probability
// unless certain; a label is shown only on a cell at least its `cell` wide
// (label_min_cell: its width bound at the theme's label size and the room to
// sit at its row without leaving its cell), so labels stay inside their own
// cells and never touch a neighbour's; the headline's squares are a prefix of
// the likeliest places, at most kHeadlineSquares. Index 0 is English, 1 Korean.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "broadcast/on_air_analysis.h"
#include "broadcast/theme.h"
#include "engine/geometry.h"

namespace facedown::broadcast {

inline constexpr std::size_t kHeadlineSquares = 3;

// One line of the headline: its lead ("Where is Lee's King?") and its squares,
// in variants of 1..n squares with each variant's width bound at the headline's
// size; a painter shows the longest variant that fits its half of the line.
struct HeadlineLine {
  int seat = 0;  // 0: not about one side (a game with no objective)
  std::array<std::string, 2> lead;
  std::array<std::vector<std::string>, 2> places;
  std::array<std::vector<float>, 2> places_w;
  bool operator==(const HeadlineLine&) const = default;
};

// One of the objective's places on the board.
struct HeatPlace {
  int seat = 0;
  engine::Square square = engine::kNoSquare;
  double p = 0;
  float strength = 0;   // the fill's opacity (heat_strength)
  bool certain = false; // ringed in gold
  bool seen = false;    // the audience sees the piece face up: its ring only, never a fill over its face
  std::array<std::string, 2> text;  // its number ("17%") on the headline's squares; "" elsewhere or when certain
  std::array<float, 2> cell{};      // the smallest cell that text fits (label_min_cell)
  bool operator==(const HeatPlace&) const = default;
};

// A face-down piece's label.
struct PieceLabel {
  int owner = 0;
  engine::Square square = engine::kNoSquare;
  bool certain = false;
  bool news = false;                // the deduction element labels it (piece_is_news); piece-odds labels every piece
  std::array<std::string, 2> text;  // "MIN 62%", "BMB/MIN 33%", certain "MIN" (piece_odds_label)
  std::array<float, 2> cell{};
  bool operator==(const PieceLabel&) const = default;
};

struct DeductionView {
  std::vector<HeadlineLine> headline;  // a line per side with an objective off the audience's sight, or one line
  std::array<std::string, 2> legend;
  std::vector<HeatPlace> heat;
  std::vector<PieceLabel> pieces;  // square order
  bool operator==(const DeductionView&) const = default;
};

DeductionView deduction_view(const OnAirModel& m, const OnAirAnalysis& a, const Theme& theme);

// The heat's fill opacity for a place of probability p: metrics
// deduction.heat_floor_fraction + heat_span_fraction x sqrt(p), so 3 % is
// already most of the way from nothing to 13 % (a square root scale).
float heat_strength(const Theme& theme, double p);

// The smallest cell (canvas px) a label `text` fits at the theme's label size
// on a row at `y_fraction` of the cell: its width bound plus metrics
// analysis.label_pad a side, and a cell tall enough for the label to stay
// label_pad inside it at its row and clear of the other row's label (so two
// labels, in one cell or in neighbours, are always 2 x label_pad apart).
float label_min_cell(const Theme& theme, const std::string& text, float y_fraction);

// The headline's panel under the board the deduction lies on (`board`: its
// drawn rectangle, framed metrics board.margin round it; `place`: its
// placement, whose width the panel takes), with
// `lines` lines and the legend: per line a lead (left) and squares (right
// half); a painter shows the longest squares' variant that fits the right half
// and gives the lead the rest of the line (the variant's width bound less).
struct HeadlineParts {
  bool shown = true;  // false: the panel would lie over the caption on air (the caption is read instead)
  ThemeRect panel;
  std::vector<ThemeRect> lead, places;  // per line
  ThemeRect legend;
  float text_size = 0, legend_size = 0;
};
// `caption`: the caption's placement when the caption element is on air (nullptr: off).
HeadlineParts headline_parts(const Theme& theme, const ThemeRect& place, const ThemeRect& board, std::size_t lines,
                             const ThemeRect* caption = nullptr);

// Every character the deduction's own words can put on screen (the overlay's glyphs: on_air_glyphs.h).
std::string deduction_characters();

// The frame's analysis.deduction object (docs/on-air.md).
nlohmann::json deduction_json(const OnAirModel& m, const DeductionView& v);

}  // namespace facedown::broadcast
