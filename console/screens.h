// The console's screens as free functions: each draws from a const view of the
// match (or the library listing) and the UiState, and appends Actions. None of
// them changes the match; none decides what is secret (boards draw engine views).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "console/actions.h"
#include "console/match_library.h"
#include "console/ui_state.h"
#include "engine/game.h"
#include "engine/match.h"
#include "ui/fonts.h"
#include "ui/i18n.h"

namespace facedown::console {

struct StartView {
  const std::vector<engine::GameInfo>* games = nullptr;
  const std::vector<MatchListing>* matches = nullptr;
  std::string location;  // the database
  std::string error;     // listing failed
};

struct MatchView {
  const engine::Match* match = nullptr;
  std::array<std::optional<std::string>, 2> commitments;  // sealed setups
  std::string label;     // where the match is stored
  const ui::Fonts* fonts = nullptr;
  // A result the clock decided waits this long before it airs (desk.h's grace).
  std::optional<engine::Millis> grace_left;
  // The match's caption is on the director's program now (console/on_program.h).
  bool caption_on_air = true;
};

void draw_start(const StartView& view, const ui::Tr& tr, UiState& ui, std::vector<Action>& out);
// Setups, who moves first and start (phase kSetup / kReady).
void draw_setup(const MatchView& view, const ui::Tr& tr, UiState& ui, std::vector<Action>& out);
// Board, move flow, decisions, result and public preview (started matches).
void draw_play(const MatchView& view, const ui::Tr& tr, UiState& ui, std::vector<Action>& out);
// The two turn clocks and the referee's controls (pause, warn, resign, draw, award, void).
void draw_clock(const MatchView& view, const ui::Tr& tr, UiState& ui, std::vector<Action>& out);
// What one player's big clock shows at `now`: the turn's time left (or used,
// without a limit), a decision's, the idle full turn, or zero for the turn that
// timed out. Live and in replay.
struct ClockFace {
  bool running = false;           // this player's turn runs
  bool deciding = false;          // an items or revival decision runs for them
  bool decision_limited = false;  // that decision counts down a limit
  bool held = false;              // it would run, but the match is paused (a hold, a correction)
  engine::Millis elapsed = 0;     // of the running period
  engine::Millis shown = 0;       // the big figure
  ImU32 colour = 0;
};
ClockFace player_clock_face(const engine::MatchState& st, int player, engine::Millis now);
// One player's clock box (name, turn clock at `now`, warnings, the game's
// counters left, named in the game's `words`). A paused match's running clock
// is drawn held (`correction`: a correction hold).
void draw_player_clock(const engine::MatchState& st, const engine::Words& words, int player, engine::Millis now,
                       const ui::Fonts* fonts, const ui::Tr& tr, UiState& ui, float width,
                       bool correction = false, std::optional<engine::Millis> took = std::nullopt);
// Every event with its time; voided ones struck through.
void draw_log(const engine::Match& match, engine::Viewer viewer, const ui::Tr& tr,
              std::size_t max_rows = 0);
void draw_replay(const engine::Match& at, const ui::Fonts* fonts, const ui::Tr& tr, UiState& ui,
                 std::vector<Action>& out);

// Replay stepping: the cursor (last seq shown) after one command group forward/back
// (Shift+arrows), or after one move with its resolution (the arrows).
int replay_step_forward(const std::vector<engine::Event>& events, int cursor);
int replay_step_back(const std::vector<engine::Event>& events, int cursor);
int replay_move_forward(const std::vector<engine::Event>& events, int cursor);
int replay_move_back(const std::vector<engine::Event>& events, int cursor);

// "10:a1 9:b1 " — the typed-setup hint in this game's own tokens and territory.
std::string typed_setup_example(const engine::Game& game, int player);
// A typed move, "c3c2" or "c3-c2" (any case); nullopt when it names no two squares.
std::optional<engine::Move> parse_move_text(const engine::Geometry& g, const std::string& text);
// Seconds as typed ("20.5", "20,5"), to ms; nullopt unless a plain non-negative number.
std::optional<engine::Millis> parse_seconds(const std::string& text);
// Whether this dialog holds the desk's match clock while it is open (so no
// deadline can decide the match while the operator types): every referee dialog
// but the ones for words (note, caption) and the hold's reason (already paused).
bool holds_match_clock(PlayUi::Dialog d);
// Opens a referee dialog with its fields cleared. `key`: the dialog's shortcut (0:
// none); remembered only when it is what opened the dialog, i.e. held now, so its
// letter never lands in the dialog's text.
void open_dialog(UiState& ui, PlayUi::Dialog d, int player, int key);

// The open referee dialog (ui.play.dialog), as a modal; the command it makes goes to `out`.
void draw_referee_dialog(const engine::Match& match, const ui::Tr& tr, UiState& ui, std::vector<Action>& out);

// The commands a `void N` would undo now, newest last, as script lines.
std::vector<std::string> voidable_commands(const engine::Match& match, int n);

}  // namespace facedown::console
