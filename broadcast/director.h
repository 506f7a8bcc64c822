// The director's cues: what the director shows, hides, holds and times on air,
// as short text commands ("show scorebug", "layout faces", "hold explainer")
// that the store keeps as presentation rows (db/cues.h), public and never match
// events: a cue changes nothing of the match, and the engine knows nothing of it.
//
// DirectorState is the fold of a match's cues in order. The same fold gives the
// program (the stored cues) and the preview (stored plus pending ones), so the
// director's page, the console, the control API and every output agree.
//
// Invariants: parse_cue(cue_text(c)) == c for every cue; a cue refused by
// parse_cue or check_cue changes nothing; the scorebug (the live turn clock) can
// never be held, so a held picture never freezes a clock; only what is on air
// is held (hiding the last of the held elements releases their hold).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "broadcast/battle_timing.h"

namespace facedown::broadcast {

// The named parts of the on-air picture. Each has its own place per layout (the
// theme) and its own in/out animation.
enum class Element {
  kBoard,          // the board, full size
  kBoardCompact,   // the board, small, beside a camera shot
  kScorebug,       // names, turn clock, warnings
  kPlayers,        // the player panels and their trays
  kExplainer,      // the battle explainer (beside the board)
  kCaption,        // the director's caption, a lower third
  kResult,         // the result
  kReveal,         // both setups, after `close`
  kStandby,        // "standby" when the desk is gone
  kSlate,          // a title card: the game and both finalists
  kDeduction,      // what the audience can deduce: the objective's heat map, piece odds (on_air_analysis.h)
  kWinBar,         // who is winning: both names and the public win probability
  kFeedLost,       // "feed lost": never on in a frame (the feed is gone when it happens); the page turns it on
  kPieceOdds,      // every face-down piece's likeliest identities with their odds (on_air_analysis.h), for the director
};
inline constexpr std::size_t kElementCount = 14;

// Sets of element placements in the theme; each says which elements it shows
// until the director cues otherwise.
enum class Layout { kLandscape, kPortrait, kFaces };
inline constexpr std::size_t kLayoutCount = 3;

std::string_view element_name(Element e);            // "board-compact"
std::optional<Element> element_from_name(std::string_view name);
std::string_view element_label(Element e, bool korean);  // for the desk's buttons
std::string_view layout_name(Layout l);                  // "faces"
std::optional<Layout> layout_from_name(std::string_view name);
std::string_view layout_label(Layout l, bool korean);
// Which elements a layout shows when it is taken.
bool shown_by_default(Layout l, Element e);
// Whether a layout keeps `e` cued when it is taken over a state that has it
// cued: the analysis elements (deduction, win bar, piece odds), for which every layout has
// a place of its own (the deduction on its board, the win bar in its strip;
// tests/overlay/placement_test.cpp). Every other element follows the layout's
// set; the desk says what taking a layout drops (elements.h layout_drops).
bool kept_by_layout(Layout l, Element e);
// The picture's elements draw one moment of the match (the board, its trays, the
// battle on it, the result it led to), so they are held together: a held
// explainer beside a live board would explain a battle the board no longer shows.
bool in_picture(Element e);
// What a hold may keep: the picture and the caption. The scorebug carries the
// live clock and is never held; standby, slate and reveal do not change anyway.
bool holdable(Element e);

inline constexpr double kMinBattleSeconds = kMinExplainSeconds;
inline constexpr double kMaxBattleSeconds = 30.0;
inline constexpr double kMaxCaptionSeconds = 600.0;

struct Cue {
  enum class Kind {
    kShow,            // show ELEMENT
    kHide,            // hide ELEMENT
    kLayout,          // layout NAME (resets every element to the layout's set)
    kHold,            // hold ELEMENT (its content stays as it is now)
    kRelease,         // release ELEMENT
    kBattleSeconds,   // battle-seconds S (how long a battle is explained)
    kCaptionTimeout,  // caption-timeout S | caption-timeout off
    kCaptionKeep,     // caption-keep on|off (keep a caption past the result)
    kCaptionClear,    // caption-clear (takes the caption now on air off)
  };
  Kind kind = Kind::kShow;
  Element element = Element::kBoard;  // show, hide, hold, release
  Layout layout = Layout::kLandscape; // layout
  double seconds = 0;                 // battle-seconds, caption-timeout (0: off)
  bool on = false;                    // caption-keep
  bool operator==(const Cue&) const = default;
};

// A cue from its text: lower case words separated by spaces. The error names
// what was wrong and lists what would have been accepted.
std::variant<Cue, std::string> parse_cue(std::string_view text);
// The cue's canonical text (what the store keeps).
std::string cue_text(const Cue& c);

struct HeldElement {
  int seq = 0;         // the last public row on air when the hold began
  double wall = 0;     // when it began (seconds since the epoch)
};

struct DirectorState {
  Layout layout = Layout::kLandscape;
  std::array<bool, kElementCount> shown{};  // set by the layout, then by show/hide
  std::optional<HeldElement> picture_hold;  // board, players, explainer, result
  std::optional<HeldElement> caption_hold;
  // How long a battle is explained; nullopt: the output's own default (the
  // overlay's --battle-seconds, else kDefaultExplainSeconds).
  std::optional<double> battle_seconds;
  double caption_timeout = 0;          // 0: a caption stays until cleared
  bool caption_keep = false;           // false: a caption set before the result leaves at it
  double caption_cleared_wall = 0;     // captions committed at or before this are off

  DirectorState();  // the landscape layout, nothing held
  bool is_shown(Element e) const { return shown[static_cast<std::size_t>(e)]; }
  // The hold that keeps `e` (none for what is never held).
  std::optional<HeldElement> hold_of(Element e) const;
};

// Whether `c` may follow `s`: nullopt, or why not ("release board: it is not
// held"). Showing what is shown or hiding what is hidden is allowed (a Companion
// button pressed twice changes nothing).
std::optional<std::string> check_cue(const DirectorState& s, const Cue& c);

// `s` after `c`, cued when `seq` was the last public row and at wall time
// `wall` (seconds since the epoch). Applies only what check_cue allows.
DirectorState apply_cue(DirectorState s, const Cue& c, int seq, double wall);

// One stored cue (db/cues.h's row, as the broadcast side reads it).
struct CueRecord {
  std::int64_t id = 0;
  int seq = 0;      // the last public row when it was cued
  double wall = 0;  // seconds since the epoch
  std::string text;
};

// The fold of stored cues in order. A row whose text does not parse or does not
// fit is skipped and named in `problems` (a store written by hand, or by a newer
// version), never an abort.
DirectorState fold_cues(const std::vector<CueRecord>& cues, std::vector<std::string>* problems = nullptr);
// What aired at a replayed moment: the cues given by `until_wall` (the replayed
// row's commit), folded; none before the first row (`rows_shown` 0). Every
// replay (the overlay's, the feed's /replay pages) folds with this.
DirectorState fold_cues_until(const std::vector<CueRecord>& cues, double until_wall, std::size_t rows_shown);

}  // namespace facedown::broadcast
