// OnAirFrame: the on-air picture at one moment, decided once. frame_at() asks
// every decider of broadcast/ (which elements are on, which banner, the
// battle's moment, the clock and its next changes, the toast's end, the trays
// as shown and as they will be, the explainer's boxes, the reveal, whether the
// analysis is shown, the parts inside the win bar and the reveal) and puts the
// answers and the words for them, in both languages, in one value. Every
// output only paints it: the on-air JSON is its serialisation
// (on_air_json.h), the ImGui overlay paints a `const OnAirFrame&`
// (overlay/overlay_draw.h), and the page interpolates between the frames it is
// given (feed/web/scene.js).
//
// Invariants: a frame holds only what the public rows hold (the model it was
// built from is a public model); it refers to that model (`model`), which must
// outlive it; nothing in it depends on the output that will paint it except
// the options it was built with (layout, theme, timing, the output's own
// battle moment).
#pragma once
#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "broadcast/battle_timing.h"
#include "broadcast/director.h"
#include "broadcast/elements.h"
#include "broadcast/model.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/on_air_rules.h"
#include "broadcast/on_air_text.h"
#include "broadcast/reveal.h"
#include "broadcast/theme.h"

namespace facedown::broadcast {

// A text on air in both languages.
struct Both {
  std::string en, ko;
  const std::string& in(Lang l) const { return l == Lang::kKo ? ko : en; }
};

struct OnAirOptions {
  BattleTiming timing;                 // the explainer's duration (--battle-seconds), unless the director set one
  DirectorState director;              // the director's cues folded (director.h): elements, layout, holds
  std::string orientation = "landscape";  // layout hint: "landscape" | "portrait"
  bool replay = false;                 // the document describes a replayed moment
  // The look the painters read (feed/web/theme.json): where the battle
  // explainer goes depends on its placements. nullptr: the build's copy.
  const Theme* theme = nullptr;
  // The output's own moment of the battle on air (the overlay's: a battle the
  // operator skipped there, or a replay's animation while its clock stands);
  // nullopt: battle_moment at `now`.
  std::optional<BattleMoment> moment;
};

struct FrameClock {
  ClockShown shown;
  std::string text;               // "0:07"; empty when not visible
  std::string next_warning_text;  // empty when there is no next warning
  double next_level_at = 0;       // wall time the level changes (0: none)
  int to_move = 0;                // whose clock (0: not visible)
};

struct FrameWarning {
  WarningShown warning;
  Both kind_text, text, line;
  int of = 0;               // the count that disqualifies (or more, once past)
  bool toast = false;       // its toast is on air now
  double toast_until = 0;   // when the toast goes off (wall time)
};

struct FrameResult {
  ResultShown result;
  Both reason_text, headline, sentence;
  std::string colour;  // the palette's "p1" | "p2" | "draw"
  bool shown = false;  // false while the last battle still animates
};

struct FramePair {
  std::string kind, outcome;
  std::optional<Both> kind_text, outcome_text;
};

struct FrameBattle {
  BattleMoment moment;
  std::vector<std::optional<Both>> fighter_labels;  // by fighter, as the model's battle lists them
  std::vector<std::optional<Both>> fighter_tags;    // by fighter: the hiding counter's tag ("BLIND"), or none
  std::vector<FramePair> pairs;
  std::array<std::vector<std::string>, 2> lines;    // the explainer's lines, [0] English, [1] Korean
  // Where each of the theme's layouts puts the lines, and their bound (explainer_place.h).
  std::map<std::string, std::vector<ThemeRect>, std::less<>> line_boxes;
  std::map<std::string, ThemeRect, std::less<>> box;
};

// A player's panel: the tray as shown now, while the battle on air animates
// and once it is done (a page animating on its own clock switches between
// the last two), with the labels of its tiles (where they go: FrameParts).
struct FramePlayer {
  bool to_move = false;
  std::size_t tray_shown = 0;       // removed pieces in the tray now
  std::size_t tray_during = 0;      // ... while the battle on air animates (its losers join at its end)
  std::size_t tray_after = 0;       // ... once it has faded
  std::vector<std::optional<Both>> removed_labels;  // every removed piece (null: face down), removal order
  std::vector<int> counters_used;   // by the game's counters (model.counters.names)
};

// The reveal card's parts (canvas pixels).
struct RevealParts {
  ThemeRect title, board;
  std::array<ThemeRect, 2> bar, name, check;
};

// The parts inside elements for one of the theme's layouts, in canvas pixels:
// a page asked for another layout than the frame's finds its own.
struct FrameParts {
  RevealParts reveal;
  WinBarParts win_bar;
  std::array<ThemeRect, 2> tray_box;  // per player: the removed tiles' region in the panel
  // A tray tile's side per player and language ([player][0] English, [1] Korean):
  // now, while the battle on air animates, once it is done.
  std::array<std::array<float, 2>, 2> tile_now{}, tile_during{}, tile_after{};
};

struct OnAirFrame {
  const OnAirModel* model = nullptr;  // the facts painted (board, names, counts); outlives the frame
  double now = 0;                     // wall time (replay: the replayed moment)
  bool replay = false;
  bool standby = false;               // the desk went quiet (desk_standby)
  std::string placements = "landscape";  // the theme's layout ("landscape" | "portrait" | "faces")
  Layout layout = Layout::kLandscape;    // the director's
  const Theme* theme = nullptr;          // never null in a frame from frame_at
  BattleTiming timing;                   // the director's, else the output's
  BattleMoment moment;                   // the battle on air at `now`
  ElementsShown elements;
  ElementsShown elements_after_battle;   // once the battle on air has finished animating (a page's own clock)
  std::string deduction = "board";       // the board the heat map lies on (deduction_placement)
  bool straps = false;                   // the scorebug paints the players' name straps (name_straps_on)
  Banner banner = Banner::kNone, banner_after_battle = Banner::kNone;
  std::optional<Element> banner_element, banner_after_battle_element;  // null: no banner on air
  // The rest is empty before the match opens (model->opened && model->game).
  FrameClock clock;
  std::optional<FrameWarning> warning;
  std::optional<FrameResult> result;
  std::optional<FrameBattle> battle;
  std::array<FramePlayer, 2> players;
  std::vector<std::optional<Both>> board_labels;  // by square: the face-up piece's label (null: none or a back)
  std::vector<char> in_battle;                    // by square: its piece is a fighter the battle animation draws
  std::vector<Both> counter_names;                // the game's counters in its words (model.counters.names)
  std::optional<Both> status_text;                // the caption under the clock
  bool analysis = false;                          // the model's analysis is this row's and shown
  std::optional<Reveal> reveal;                   // after `close`
  std::optional<OnAirModel> reveal_model;         // the board the reveal shows (reveal_board)
  std::vector<std::optional<Both>> reveal_labels; // by square of reveal_model
  std::map<std::string, FrameParts, std::less<>> parts;  // per theme layout (kThemeLayouts)
  std::array<float, 2> tray_tile_floor{0, 0};     // per language (piece_labels.h tray_tile_floor)

  const ElementState& operator[](Element e) const { return elements[e]; }
  // The parts for the frame's own placements.
  const FrameParts& here() const;
  bool opened() const { return model && model->opened && model->game; }
};

// The frame at wall time `now_wall` (replay: the replayed moment).
OnAirFrame frame_at(const OnAirModel& m, double now_wall, const OnAirOptions& o);

// Whether the picture changes with time alone (an animation, a running clock, a
// toast): an output may sleep until the next row when it does not.
bool frame_moves(const OnAirFrame& f);

// The reveal card's parts inside its placement `r` (the theme's metrics.reveal):
// each finalist's column at a side of the board; in a card taller than wide
// (portrait's vertical canvas) both columns share the top and the board lies
// under them, the card's whole width.
RevealParts reveal_parts(const ThemeRect& r, const Theme& theme);
// Where a player panel's removed tiles go inside the panel `panel` (the
// theme's metrics.panel rows above it: the name, whose move, the warnings, the
// rows of the game's `counters` when it has any (one chip each), the "removed"
// label; metrics.tray.bottom below).
ThemeRect tray_box(const Theme& theme, const ThemeRect& panel, std::size_t counters);

}  // namespace facedown::broadcast
