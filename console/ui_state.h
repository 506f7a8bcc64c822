// UiState: everything the console remembers between frames that is not the match
// (the match lives in the MatchSession). Drafts, selections, open dialogs and text
// buffers. No UI state lives in static locals, so a test can build a console,
// drive it and inspect this struct.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "broadcast/director.h"
#include "broadcast/on_air_analysis.h"
#include "console/replay_graph.h"
#include "engine/command.h"
#include "engine/event.h"
#include "ui/board_widget.h"
#include "ui/hit_map.h"
#include "ui/i18n.h"

namespace facedown::console {

enum class Screen { kStart, kMatch, kReplay };

struct StartForm {
  int game = 0;  // index into all_games()
  std::string preset;
  std::map<std::string, std::string> options;  // current values, every option present
  std::array<std::string, 2> players{"Player 1", "Player 2"};
  int first = 1;  // 1, 2, or 0: coin toss
  std::string toss_seed;
  bool initialised = false;
};

struct SetupUi {
  int player = 1;  // whose setup is being entered
  std::array<std::vector<engine::Placement>, 2> draft;
  std::optional<engine::PieceType> tray;  // piece picked from the tray
  std::array<std::string, 2> text;        // "K:a1 M:b1 ..." typed
  std::string text_error;
  std::uint64_t shuffle_seed = 1;
  bool confirm_lock = false;
  // The draft came from Shuffle and was not touched since: said before sealing.
  std::array<bool, 2> shuffled{false, false};
  // The typed-setup field is in use: from its first keystroke until a click
  // elsewhere or Esc, letters and digits are text, never the screen's shortcuts
  // (Enter keeps the field focused, so retyped text stays in it).
  bool typing = false;
  // When the seal dialog opened (monotonic): its Seal button arms after a moment.
  engine::Millis lock_since = 0;
};

// A move chosen on the board and waiting for confirmation, with its preview.
struct MovePreview {
  engine::Move move;
  std::size_t log_size = 0;                  // the log it was computed on
  std::vector<engine::Square> battle_squares;
  std::vector<std::string> lines;            // the referee's: "c5 x c6 (sum)"
  std::vector<std::string> public_lines;     // the same battles projected for the public
  bool items_follow = false;                 // a decision of both players will be asked
};

struct PlayUi {
  engine::Square selected = engine::kNoSquare;
  std::optional<MovePreview> preview;
  // The decision panel's draft (engine/decision.h, DecisionPick). A decision of
  // both players: per player the counter chosen (0 none, 1 + its index in the
  // game's counters) and its square. A decision of one: the candidate piece
  // and its square.
  std::array<int, 2> item{0, 0};
  std::array<engine::Square, 2> item_square{engine::kNoSquare, engine::kNoSquare};
  std::optional<int> decision_piece;  // piece id
  engine::Square decision_square = engine::kNoSquare;
  std::string decision_choice;  // a decision over the choices the game lists
  // Dialogs: which is open, and its fields. kHold asks the reason of a pause
  // that already happened (it becomes a note); kClose confirms the result.
  enum class Dialog { kNone, kHold, kWarn, kResign, kDraw, kAward, kVoid, kClock, kCaption, kNote, kClose, kReinstate };
  Dialog dialog = Dialog::kNone;
  bool dialog_opened = false;  // the popup was opened (OpenPopup called)
  // The shortcut key that opened the dialog, while it is still held: its letter
  // and the OS's repeats of it are the shortcut's, never the dialog's text.
  int dialog_key = 0;
  std::string reason;
  int dialog_player = 1;
  int void_count = 1;
  bool hold_pending = false;  // a hold was asked: its reason is asked once the pause is stored
  bool void_restore = true;  // the correction time is not charged to the turn clock
  std::string clock_seconds;  // the Clock dialog's elapsed time, as typed ("20.5")
  std::string caption;        // the caption being written (previewed before it goes on air)
  std::string move_text;      // typed move entry: "c3c2" or "c3-c2"
  bool on_air_held = false;   // the director holds the overlay's picture (console/hold_on_air.h)
  std::optional<bool> on_air_request;  // pressed this frame: hold (true) or release; the console stores it
  // Which panel stands in the play screen's side column, and since when
  // (monotonic): the items', revival's and result's buttons take no click or key
  // for a moment, so a click aimed at the panel that stood there before (in the
  // same action-row slot) decides nothing.
  // The decision panel's shapes: kCounters, both players over the game's counters;
  // kPieces, one player over pieces and squares; kChoices, one over the choices the game lists.
  enum class SidePanel { kMove, kCounters, kPieces, kChoices, kResult };
  SidePanel panel = SidePanel::kMove;
  std::optional<engine::Millis> panel_since;
  std::size_t last_result_log = 0;  // log size before the last command (result panel)
  std::size_t result_end = 0;
};

// The director's panel (director_panel.h).
struct DirectorPanelUi {
  bool open = false;
  std::optional<std::int64_t> match;                // whose program is below
  std::optional<broadcast::DirectorState> program;  // as last read (nullopt: read it)
  std::vector<std::string> request;  // cues pressed this frame; the console fires them after it
  std::string error;                 // the last refusal or store failure
};

struct ReplayUi {
  std::vector<engine::Event> events;
  std::string title;
  int cursor = 1;  // events shown: seq 1..cursor
  int speed = 1;   // 1, 2 or 4
  bool playing = false;
  double replay_time_ms = 0;  // match time the playback has reached
  engine::Viewer viewer = engine::kReferee;
  int jump_ply = 0;
  bool from_live = false;  // opened from the match on the desk: back goes there
  // What the last move before the cursor took, by its mover (replay_screen.cpp),
  // worked out once per cursor.
  int took_cursor = -1;
  std::optional<std::pair<int, engine::Millis>> took;
  // The win-probability graph (console/replay_graph.h): the worker's latest
  // snapshot, taken each frame (null: nothing finished yet), and where it was
  // painted last.
  std::shared_ptr<const ReplayGraphData> graph;
  ReplayGraphLayout graph_layout;
  // The analysis as it aired at the cursor's row (the analysis file beside the
  // store, broadcast/analysis_records.h; null: none aired there), its headline
  // and win probability written under the result (replay_screen.cpp).
  std::shared_ptr<const broadcast::OnAirAnalysis> aired;
};

struct UiState {
  ui::Lang lang = ui::Lang::kEnglish;
  Screen screen = Screen::kStart;
  ui::HitMap hits;
  ui::BoardLayout board;  // the main board as last drawn
  // One camera-safe switch for setup, board, log and preview: while it is on, the
  // console shows only the engine's public projection, unless reveal is held.
  bool camera_safe = true;
  bool reveal = false;    // the reveal key (or button) is held this frame
  bool reveal_button = false;  // the on-screen reveal button was held last frame
  bool masked() const { return camera_safe && !reveal; }
  // Closing the window mid-match: asked first; a confirmed close pauses, then exits.
  bool quit_asked = false;
  // The Control API dialog (control_panel.h): open, a copy done, the token on screen.
  bool control_open = false;
  bool control_copied = false;
  bool control_token_shown = false;
  std::string banner;     // a store error: play stops until it is resolved
  std::string notice;     // the last rejection, shown until the next action
  // A camera-safe refusal and the same with its reason (which may name a hidden
  // piece): the top bar shows the second while reveal is held and the first is
  // still the notice.
  std::pair<std::string, std::string> notice_revealed;
  StartForm start;
  SetupUi setup;
  PlayUi play;
  DirectorPanelUi director;
  ReplayUi replay;
  engine::Millis now = 0;   // match time this frame
  engine::Millis mono = 0;  // monotonic time this frame (any origin)
};

}  // namespace facedown::console
