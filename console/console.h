// Console: the operator's window over the desk — a match library, the Desk (the
// live session, its clock and its policies, desk.h) and the UiState. frame() draws
// the whole window into the current ImGui frame and then carries out what the
// screens asked for: match commands through the Desk (store first), whose outcome
// the UI then only shows. It never touches GL or GLFW, so tests drive it headless
// with simulated input and a fake monotonic clock.
#pragma once
#include <memory>
#include <optional>
#include <vector>

#include "console/actions.h"
#include "console/control_panel.h"
#include "console/desk.h"
#include "console/match_library.h"
#include "console/match_session.h"
#include "console/replay_graph.h"
#include "console/ui_state.h"
#include "engine/game.h"
#include "engine/match.h"
#include "ui/fonts.h"
#include "ui/i18n.h"

namespace facedown::broadcast {
class AnalysisRecords;
}

namespace facedown::console {

class Console {
 public:
  Console(std::unique_ptr<MatchLibrary> library, const ui::Fonts* fonts);

  // One frame at monotonic time `mono_ms` (any origin; only differences count).
  void frame(engine::Millis mono_ms);
  // Carries out one action now (the screens' way in; tests and the demo use it too).
  void dispatch(const Action& action, engine::Millis mono_ms);
  // Creates a match and puts it on the desk; the reason when it could not (also shown).
  std::optional<std::string> create(const CreateMatch& action, engine::Millis mono_ms);
  // One match command through the desk; the UI shows its outcome (refusal line,
  // store banner, result panel). The control API and the script driver use it.
  DeskOutcome submit(const engine::Command& command, engine::Millis mono_ms);

  UiState& ui() { return ui_; }
  const UiState& ui() const { return ui_; }
  MatchSession* session() { return desk_.session(); }
  const MatchSession* session() const { return desk_.session(); }
  Desk& desk() { return desk_; }
  MatchLibrary& library() { return *library_; }
  const ui::Catalog& catalog() const { return catalog_; }
  // The match as the replay shows it (nullptr outside replay).
  const engine::Match* replay_match();
  // Match time at this monotonic time (0 until the match clock starts). While a
  // dialog that holds the match clock is open it stands still.
  engine::Millis match_time(engine::Millis mono_ms) const { return desk_.time(mono_ms); }

  // The window asks to close. True: the program may exit now (no live match on the
  // desk). False: the operator is asked first; a confirmed close pauses the match
  // (committed) and then exit_ready() turns true.
  bool request_close(engine::Millis mono_ms);
  bool exit_ready() const { return exit_ready_; }
  // Whether closing now needs the operator's confirmation and a pause.
  bool match_running() const { return desk_.running(); }
  // The control API's address and token for its dialog (unset: turned off).
  void set_control(ControlInfo info) { control_ = std::move(info); }
  const std::optional<ControlInfo>& control() const { return control_; }
  // How long a result the clock decided waits before it airs (0: at once).
  void set_result_grace(engine::Millis ms) { desk_.set_result_grace(ms); }
  // The replay graph's playouts (console/replay_graph.h); for the next replay opened.
  void set_replay_graph_options(broadcast::StreamAnalysisOptions options) { replay_graph_options_ = std::move(options); }

 private:
  void draw_top_bar(const ui::Tr& tr);
  void draw_quit_dialog(const ui::Tr& tr, std::vector<Action>& out);
  void hold_match_clock(engine::Millis mono_ms);
  void draw_match_screen(const ui::Tr& tr, std::vector<Action>& out);
  void tick_replay(engine::Millis mono_ms);
  void refresh_list();
  // "match 3 in /srv/final.db", in the screen's language.
  std::string session_title(const ui::Tr& tr) const;
  void enter_match(std::unique_ptr<MatchSession> session, engine::Millis mono_ms);
  // What the UI shows of a desk outcome: the banner, the refusal line, the result panel.
  void show(const DeskOutcome& outcome, std::size_t log_before);

  std::unique_ptr<MatchLibrary> library_;
  const ui::Fonts* fonts_;
  ui::Catalog catalog_;
  std::vector<engine::GameInfo> games_;
  Desk desk_;
  // When this desk stored the match's caption and its result (seconds since the
  // epoch; 0 / unset: before this desk, unknown): what the program shows depends on them.
  double caption_wall_ = 0;
  std::optional<double> result_wall_;
  UiState ui_;
  std::vector<MatchListing> listing_;
  std::string listing_error_;
  std::size_t listed_log_size_ = 0;  // the desk's log size when the list was read
  bool exit_ready_ = false;
  std::optional<ControlInfo> control_;
  // Replay cache.
  std::optional<engine::Match> replay_match_;
  int replay_cursor_built_ = -1;
  engine::Millis last_mono_ = 0;
  engine::Millis replay_since_step_ = 0;
  // The replay's graph, worked out beside the UI (made with the first replay).
  void start_replay_graph(std::int64_t match);
  broadcast::StreamAnalysisOptions replay_graph_options_ = replay_graph_options();
  std::unique_ptr<ReplayGraphWorker> replay_graph_;
  // The analysis as it aired, read back for the replayed match (null: no store).
  std::shared_ptr<broadcast::AnalysisRecords> aired_;
  std::int64_t aired_match_ = 0;
};

// The console's own phrases (English and Korean), added to the shared catalog.
void add_console_phrases(ui::Catalog& catalog);
// Text the large font must hold besides Latin (the game-over band in Korean).
std::vector<std::string> large_font_text();

}  // namespace facedown::console
