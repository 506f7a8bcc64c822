// [SECTION] The referee's dialogs: one modal for each decision the desk takes in
// words (pause reason, warn, resign, draw, award, void, clock, caption, note,
// confirm result, reinstate), titled with its question. The ones that could decide
// the match hold the desk's match clock while open (holds_match_clock); resign and
// award open with nobody chosen; void shows what it undoes; reinstate speaks in
// time left. A dialog only appends the command it makes; the Desk carries it out.
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "codec/script.h"
#include "console/correction_hold.h"
#include "console/event_text.h"
#include "console/move_preview.h"
#include "console/screens.h"
#include "console/widgets.h"
#include "engine/options.h"
#include "engine/vocabulary.h"
#include "ui/keys.h"
#include "ui/theme.h"

namespace facedown::console {

using Dialog = PlayUi::Dialog;

namespace {

// The dialog's question, in the screen's language; also the modal's title.
const char* dialog_title(Dialog d) {
  switch (d) {
    case Dialog::kHold: return "dlg.hold";
    case Dialog::kWarn: return "dlg.warn";
    case Dialog::kResign: return "dlg.resign";
    case Dialog::kDraw: return "dlg.draw";
    case Dialog::kAward: return "dlg.award";
    case Dialog::kVoid: return "dlg.void";
    case Dialog::kClock: return "dlg.clock";
    case Dialog::kCaption: return "dlg.caption";
    case Dialog::kNote: return "dlg.note";
    case Dialog::kClose: return "dlg.close";
    case Dialog::kReinstate: return "dlg.reinstate";
    case Dialog::kNone: break;
  }
  return "";
}

// The player-choice radio buttons of warn, resign and award.
void draw_player_choice(const engine::MatchState& st, UiState& ui) {
  ImGui::RadioButton(fmt::format("P1 {}", st.players[0]).c_str(), &ui.play.dialog_player, 1);
  ui.hits.record_last_item("dlg.player1");
  ImGui::SameLine();
  ImGui::RadioButton(fmt::format("P2 {}", st.players[1]).c_str(), &ui.play.dialog_player, 2);
  ui.hits.record_last_item("dlg.player2");
}

// A text field that has the keyboard when the dialog opens (and again after an
// Enter that found it empty).
void draw_text_field(UiState& ui, const char* label, const std::string& hit, std::string& text, bool enter,
                     bool focus) {
  if (focus || (enter && text.empty())) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(360);
  ImGui::InputText(label, &text);
  ui.hits.record_last_item(hit);
}

}  // namespace

// One modal for every referee dialog, titled with its question (ImGui's id stays
// fixed behind ###). Dialogs that would let time decide the match hold the desk's
// match clock while open (holds_match_clock); the hold's own dialog comes after
// the pause it asks the reason for.
void draw_referee_dialog(const engine::Match& match, const ui::Tr& tr, UiState& ui, std::vector<Action>& out) {
  PlayUi& p = ui.play;
  if (p.dialog == Dialog::kNone) return;
  // Titled with its question; the id behind ### is the dialog's own.
  const std::string popup = fmt::format("{}###{}", tr(dialog_title(p.dialog)), dialog_title(p.dialog));
  if (!p.dialog_opened) {
    ImGui::OpenPopup(popup.c_str());
    p.dialog_opened = true;
  }
  if (!ImGui::BeginPopupModal(popup.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    p.dialog = Dialog::kNone;
    p.dialog_opened = false;
    return;
  }
  const auto& st = match.state();
  const bool appearing = ImGui::IsWindowAppearing();
  // Holding V past the key-repeat delay typed "vv" into the void's reason: the
  // characters queued in the frame the dialog opens, and while its key stays
  // held, are dropped before any field sees them. Released once, it types again.
  if (p.dialog_key != 0 && !ImGui::IsKeyDown(p.dialog_key)) p.dialog_key = 0;
  if (appearing || p.dialog_key != 0) ImGui::GetIO().InputQueueCharacters.resize(0);
  // Enter confirms even from inside a text field; without the text it puts the
  // cursor back there.
  const bool enter = ImGui::IsKeyPressed(ui::key::kEnter, false);
  if (holds_match_clock(p.dialog) && st.started && !st.result && !st.paused)
    ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", tr("dlg.clock_held"));
  bool ok = true;
  std::optional<engine::Command> command;
  switch (p.dialog) {
    case Dialog::kHold:
      // The match is already paused; the reason is the referee's note (never on air).
      draw_text_field(ui, tr("dlg.reason"), "dlg.reason", p.reason, false, appearing);
      if (!p.reason.empty()) command = engine::NoteCmd{p.reason};
      break;
    case Dialog::kWarn:
      draw_player_choice(st, ui);
      draw_text_field(ui, tr("dlg.reason"), "dlg.reason", p.reason, enter, appearing);
      ok = !p.reason.empty();
      command = engine::WarnCmd{p.dialog_player, p.reason};
      break;
    case Dialog::kResign:
      // Opens with nobody chosen: Ctrl+R then Enter resigns no one by accident.
      if (p.dialog_player == 0) ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", tr("dlg.resign_pick"));
      draw_player_choice(st, ui);
      ok = p.dialog_player != 0;
      command = engine::ResignCmd{p.dialog_player};
      break;
    case Dialog::kDraw: command = engine::DrawCmd{}; break;
    case Dialog::kAward:
      // Opens with no winner chosen: the operator picks one on purpose.
      if (p.dialog_player == 0) ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", tr("dlg.award_pick"));
      draw_player_choice(st, ui);
      draw_text_field(ui, tr("dlg.reason"), "dlg.reason", p.reason, enter, appearing);
      ok = !p.reason.empty() && p.dialog_player != 0;
      command = engine::AwardCmd{p.dialog_player, p.reason};
      break;
    case Dialog::kVoid: {
      const int most = match.voidable();
      ImGui::SetNextItemWidth(120);
      ImGui::InputInt(tr("dlg.void_count"), &p.void_count);
      ui.hits.record_last_item("dlg.void_count");
      p.void_count = std::clamp(p.void_count, 1, std::max(most, 1));
      const auto undone = voidable_commands(match, p.void_count);
      ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", tr("dlg.void_undoes"));
      for (const auto& line : undone) ImGui::BulletText("%s", line.c_str());
      if (most == 0) ImGui::TextColored(ui::to_vec4(ui::colour::kDanger), "%s", tr("dlg.nothing_to_void"));
      ImGui::Checkbox(tr("dlg.restore"), &p.void_restore);
      ui.hits.record_last_item("dlg.restore");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("dlg.restore_tip"));
      draw_text_field(ui, tr("dlg.reason"), "dlg.reason", p.reason, enter, appearing);
      ok = !p.reason.empty() && !undone.empty();
      command = engine::VoidCmd{p.void_count, p.reason, p.void_restore};
      break;
    }
    case Dialog::kReinstate:
    case Dialog::kClock: {
      if (p.dialog == Dialog::kReinstate) {
        const int out_player = st.result && st.result->winner != 0 ? engine::other(st.result->winner) : 1;
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
        ImGui::TextWrapped("%s", fmt::format(fmt::runtime(tr("dlg.reinstate_body")),
                                             st.players[static_cast<std::size_t>(out_player - 1)])
                                     .c_str());
        ImGui::PopTextWrapPos();
      }
      // The reinstatement speaks in time left, as the desk's clocks do ("45"
      // meant as 45 s left is 45 s left); a turn without a limit has only elapsed.
      const long limit_ms = engine::option_int(st.options, "turn_limit") * 1000;
      const bool in_left = p.dialog == Dialog::kReinstate && limit_ms > 0;
      if (in_left) {
        ImGui::Text("%s: %s", tr("dlg.left_now"), clock_text(std::max<engine::Millis>(0, limit_ms - st.turn_elapsed())).c_str());
      } else {
        const engine::Millis now = p.dialog == Dialog::kReinstate ? st.turn_elapsed() : period_elapsed_at(st, ui.now);
        ImGui::Text("%s: %s", tr("dlg.clock_now"), clock_text(now).c_str());
      }
      draw_text_field(ui, tr(in_left ? "dlg.left_seconds" : "dlg.clock_seconds"), "dlg.clock_seconds", p.clock_seconds,
                      false, appearing);
      draw_text_field(ui, tr("dlg.reason"), "dlg.reason", p.reason, false, false);
      auto ms = parse_seconds(p.clock_seconds);
      // Time left: more than nothing (none left is the timeout again), at most the turn.
      if (in_left && ms) ms = *ms > 0 && *ms <= limit_ms ? std::optional<engine::Millis>(limit_ms - *ms) : std::nullopt;
      if (!p.clock_seconds.empty() && !ms)
        ImGui::TextColored(ui::to_vec4(ui::colour::kDanger), "%s", tr(in_left ? "dlg.left_bad" : "dlg.clock_bad"));
      else if (in_left && ms)
        ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", fmt::format(fmt::runtime(tr("dlg.left_means")),
                                                                              clock_text(*ms)).c_str());
      ok = ms.has_value() && !p.reason.empty();
      if (ms) command = engine::ClockCmd{*ms, p.reason};
      break;
    }
    case Dialog::kCaption: {
      draw_text_field(ui, tr("dlg.caption_text"), "dlg.caption_text", p.caption, false, appearing);
      // The preview: exactly the text that goes on air, before it goes.
      ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", tr("dlg.caption_preview"));
      ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(0, 0, 0, 255));
      ImGui::BeginChild("caption_preview", ImVec2(360, 36), true);
      ImGui::TextUnformatted(p.caption.c_str());
      ImGui::EndChild();
      ImGui::PopStyleColor();
      ui.hits.record_last_item("dlg.caption_preview");
      if (st.caption) ImGui::TextWrapped("%s: %s", tr("dlg.caption_on_air"), st.caption->c_str());
      ok = !p.caption.empty();
      command = engine::CaptionCmd{p.caption};
      break;
    }
    case Dialog::kNote:
      draw_text_field(ui, tr("dlg.note_text"), "dlg.note_text", p.reason, enter, appearing);
      ok = !p.reason.empty();
      command = engine::NoteCmd{p.reason};
      break;
    case Dialog::kClose:
      // What it does, in the body: the title alone was cut off and said too little.
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
      ImGui::TextWrapped("%s", tr("dlg.close_body"));
      ImGui::PopTextWrapPos();
      command = engine::CloseCmd{};
      break;
    case Dialog::kNone: break;
  }
  const char* confirm = p.dialog == Dialog::kCaption ? tr("dlg.caption_put") : tr("confirm");
  if (action_button(ui, "dlg.confirm", confirm, confirm, 0, nullptr, ok) || (ok && enter)) {
    if (command) out.push_back(SubmitCommand{*command});
    p.dialog = Dialog::kNone;
    ImGui::CloseCurrentPopup();
  }
  if (p.dialog == Dialog::kCaption && st.caption) {
    ImGui::SameLine();
    if (action_button(ui, "dlg.caption_clear", tr("dlg.caption_clear"), tr("dlg.caption_clear"))) {
      out.push_back(SubmitCommand{engine::CaptionCmd{std::nullopt}});
      p.dialog = Dialog::kNone;
      ImGui::CloseCurrentPopup();
    }
  }
  if (p.dialog != Dialog::kNone) ImGui::SameLine();
  const bool escape = ImGui::IsKeyPressed(ui::key::kEscape, false);
  if (p.dialog != Dialog::kNone && (action_button(ui, "dlg.cancel", tr("cancel"), tr("cancel")) || escape)) {
    p.dialog = Dialog::kNone;
    ImGui::CloseCurrentPopup();
  }
  if (p.dialog == Dialog::kNone) {
    p.dialog_opened = false;
    p.dialog_key = 0;
  }
  ImGui::EndPopup();
}

void open_dialog(UiState& ui, Dialog d, int player, int key) {
  ui.play.dialog = d;
  ui.play.dialog_key = key > 0 && ImGui::IsKeyDown(key) ? key : 0;
  ui.play.dialog_opened = false;
  ui.play.reason.clear();
  ui.play.dialog_player = player;
  ui.play.void_count = 1;
  ui.play.void_restore = true;
  ui.play.clock_seconds.clear();
}

bool holds_match_clock(Dialog d) {
  switch (d) {
    case Dialog::kWarn: case Dialog::kResign: case Dialog::kDraw: case Dialog::kAward:
    case Dialog::kVoid: case Dialog::kClock: case Dialog::kClose: case Dialog::kReinstate:
      return true;
    case Dialog::kNone: case Dialog::kHold: case Dialog::kCaption: case Dialog::kNote:
      return false;
  }
  return false;
}

std::optional<engine::Millis> parse_seconds(const std::string& text) {
  // Digits, one decimal separator, up to three decimals: no exceptions, no locale.
  long long whole = 0, frac = 0;
  int digits = 0, decimals = 0;
  bool point = false;
  for (char c : text) {
    if (c == '.' || c == ',') {
      if (point) return std::nullopt;
      point = true;
    } else if (c >= '0' && c <= '9') {
      if (point) {
        if (++decimals > 3) return std::nullopt;
        frac = frac * 10 + (c - '0');
      } else {
        if (++digits > 9) return std::nullopt;
        whole = whole * 10 + (c - '0');
      }
    } else {
      return std::nullopt;
    }
  }
  if (digits == 0 && decimals == 0) return std::nullopt;
  for (int i = decimals; i < 3; ++i) frac *= 10;
  return static_cast<engine::Millis>(whole * 1000 + frac);
}

std::vector<std::string> voidable_commands(const engine::Match& match, int n) {
  // Walk back over accepted, still-effective commands that a void counts.
  std::vector<std::string> out;
  const auto& log = match.log();
  const auto& effective = match.in_effect();
  for (std::size_t i = log.size(); i-- > 0 && static_cast<int>(out.size()) < n;) {
    const auto& e = log[i];
    if (!e.command || !effective[i]) continue;
    if (engine::is_uncounted(*e.command)) continue;
    if (std::holds_alternative<engine::Voided>(e.body)) continue;
    // Times as the log shows them ("1:56.1").
    out.insert(out.begin(), fmt::format("#{} {}  {}", e.cmd, clock_text(e.t),
                                        codec::format_command(*e.command, match.game())));
  }
  return out;
}

}  // namespace facedown::console
