// [SECTION] Clock and referee controls: a large turn clock per player that changes
// colour near the limit, warnings and items left, the pause banner, and the
// dialogs for pause (with reason), resume, manual warning, resign, draw, award and
// void (showing what it will undo, reason required).
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "codec/script.h"
#include "console/correction_hold.h"
#include "console/event_text.h"
#include "console/move_preview.h"
#include "console/screens.h"
#include "console/hold_on_air.h"
#include "console/widgets.h"
#include "engine/options.h"
#include "engine/vocabulary.h"
#include "engine/view.h"
#include "ui/keys.h"
#include "ui/theme.h"

namespace facedown::console {

namespace {

using Dialog = PlayUi::Dialog;

ImU32 clock_colour(engine::Millis remaining) {
  if (remaining <= 10000) return ui::colour::kDanger;
  if (remaining <= 20000) return ui::colour::kWarning;
  return IM_COL32(240, 240, 240, 255);
}

}  // namespace

ClockFace player_clock_face(const engine::MatchState& st, int pl, engine::Millis now) {
  ClockFace f;
  const bool running = st.phase == engine::Phase::kPlaying && st.to_move == pl && !st.result;
  f.running = running;
  f.held = st.paused && !st.result;
  f.deciding = !st.result && (st.phase == engine::Phase::kAwaitingItems ||
                              (st.phase == engine::Phase::kAwaitingRevival && st.pending.player == pl));
  const long limit = engine::option_int(st.options, "turn_limit");
  f.elapsed = running || f.deciding ? period_elapsed_at(st, now) : 0;
  f.shown = f.elapsed;
  f.colour = IM_COL32(240, 240, 240, 255);
  if (running && limit > 0) {
    f.shown = limit * 1000 - f.elapsed;
    f.colour = clock_colour(f.shown);
  }
  // A decision (items, revival) counts down its own limit when there is one.
  const long decision = engine::option_int(st.options, "decision_limit");
  f.decision_limited = decision > 0;
  if (f.deciding && decision > 0) {
    f.shown = decision * 1000 - f.elapsed;
    f.colour = clock_colour(f.shown);
  }
  if (!running && !f.deciding) {
    f.colour = ui::colour::kMuted;
    if (limit > 0) f.shown = limit * 1000;  // an idle clock shows the full turn
  }
  // The turn that ran out stands at zero, in the danger colour: not the idle full
  // turn, which read as if the player had all their time.
  if (st.result && st.result->reason == "timeout" && st.result->winner == engine::other(pl) && limit > 0) {
    f.shown = 0;
    f.colour = ui::colour::kDanger;
  }
  return f;
}

void draw_player_clock(const engine::MatchState& st, int pl, engine::Millis now,
                       const ui::Fonts* fonts, const ui::Tr& tr, UiState& ui, float width, bool correction,
                       std::optional<engine::Millis> took) {
  const std::size_t i = static_cast<std::size_t>(pl - 1);
  ImGui::PushID(pl);
  const ClockFace face = player_clock_face(st, pl, now);
  const bool running = face.running, deciding = face.deciding;
  // A held clock never looks like a running one: no turn tint, amber digits and
  // the word on the name's line (a correction hold says so).
  const bool held = face.held && (running || deciding);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, held      ? IM_COL32(58, 46, 18, 255)
                                          : running ? (ui::player_colour(pl) & 0x60FFFFFFu)
                                                    : IM_COL32(30, 32, 38, 255));
  ImGui::BeginChild("clock", ImVec2(width, 128), true);
  ImGui::TextColored(ui::to_vec4(ui::player_colour(pl)), "P%d  %s", pl, st.players[i].c_str());
  if (held) {
    ImGui::SameLine();
    ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", tr(correction ? "clock.held_correction" : "clock.held"));
    ui.hits.record_last_item(fmt::format("clock.p{}.held", pl));
  }
  // A replay's stop after this player's move: the time the move took, not the
  // idle full turn.
  const bool show_took = took && !running && !deciding;
  if (show_took) {
    ImGui::SameLine();
    ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", tr("clock.took"));
    ui.hits.record_last_item(fmt::format("clock.p{}.took", pl));
  }
  const engine::Millis elapsed = face.elapsed, shown = show_took ? *took : face.shown;
  const ImU32 colour = held ? ui::colour::kWarning : face.colour;
  const bool decision_limited = face.decision_limited;
  // A decision without a limit counts up: its clock says so ("items: +0:10.5 taken")
  // in the small font, so it never reads as a countdown of time left.
  const bool on_items = st.phase == engine::Phase::kAwaitingItems;
  if (deciding && !decision_limited) {
    ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", tr(on_items ? "clock.items_taken" : "clock.revival_taken"));
    ImGui::PushFont(fonts && fonts->bold ? fonts->bold : ImGui::GetFont());
    ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "+%s", clock_text(elapsed).c_str());
    ImGui::PopFont();
  } else {
    if (deciding) {
      // The label shares the name's line: the clock keeps its place and size.
      ImGui::SameLine();
      ImGui::TextColored(ui::to_vec4(colour), "%s", tr(on_items ? "clock.items_left" : "clock.revival_left"));
    }
    ImGui::PushFont(fonts && fonts->large ? fonts->large : ImGui::GetFont());
    ImGui::TextColored(ui::to_vec4(colour), "%s", clock_text(shown).c_str());
    ImGui::PopFont();
  }
  ui.hits.record_last_item(fmt::format("clock.p{}", pl));
  std::string items;
  const char* keys[] = {"item.blind", "item.plus", "item.minus"};
  for (std::size_t k = 0; k < static_cast<std::size_t>(engine::kItemKinds); ++k) {
    // MatchState::items is what is left; a kind the match gave shows even at 0.
    const int left = st.items[i][k];
    if (left > 0 || st.items_used[i][k] > 0) items += fmt::format("{} {}  ", tr(keys[k]), left);
  }
  const long dq = engine::option_int(st.options, "warnings_to_dq");
  ImGui::TextColored(ui::to_vec4(st.warnings[i] > 0 ? ui::colour::kWarning : ui::colour::kMuted),
                     "%s %d/%ld   %s", tr("warnings"), st.warnings[i], dq, items.c_str());
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopID();
}

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

// One modal for every referee dialog, titled with its question (ImGui's id stays
// fixed behind ###). Dialogs that would let time decide the match hold the desk's
// match clock while open (holds_match_clock); the hold's own dialog comes after
// the pause it asks the reason for.
void draw_dialog(const engine::Match& match, const ui::Tr& tr, UiState& ui, std::vector<Action>& out) {
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

}  // namespace

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

void draw_clock(const MatchView& view, const ui::Tr& tr, UiState& ui, std::vector<Action>& out) {
  const engine::Match& match = *view.match;
  const auto& st = match.state();
  const float w = (ImGui::GetContentRegionAvail().x - 8.0f) * 0.33f;
  const bool correction = correction_held(match);
  draw_player_clock(st, 1, ui.now, view.fonts, tr, ui, w, correction);
  ImGui::SameLine();
  draw_player_clock(st, 2, ui.now, view.fonts, tr, ui, w, correction);
  ImGui::SameLine();
  ImGui::BeginChild("controls", ImVec2(0, 128), true);
  // The hold's reason is asked only once its pause is stored (not after a store error).
  if (ui.play.hold_pending) {
    ui.play.hold_pending = false;
    if (st.paused && ui.banner.empty() && ui.play.dialog == Dialog::kNone)
      open_dialog(ui, Dialog::kHold, 1, ImGui::IsKeyDown('P') ? 'P' : ui::key::kF1 + 4);
  }
  const bool live = st.started && !st.result && ui.banner.empty();
  const bool words = ui.banner.empty();  // note and caption: even after the end
  // Every button keeps its place whatever the phase: Pause and Resume share one
  // slot; once the result is confirmed nothing can change the match, only note
  // and caption (and replay) are offered, in the rows where they always stand,
  // and the hold on air where it always stands.
  const float pause_w = slot_width({tr("ctl.pause"), tr("ctl.resume")});
  if (st.closed) {
    const ImGuiStyle& style = ImGui::GetStyle();
    ImGui::Dummy(ImVec2(1.0f, ImGui::GetFrameHeight()));
    const float hold_x = slot_width({tr("ctl.resign")}) + slot_width({tr("ctl.draw")}) +
                         slot_width({tr("ctl.award")}) + 2 * style.ItemSpacing.x;
    ImGui::Dummy(ImVec2(hold_x, ImGui::GetFrameHeight()));
    ImGui::SameLine();
    draw_hold_on_air(tr, ui, true);
  } else {
    if (st.paused) {
      if (action_button(ui, "ctl.resume", tr("ctl.resume"), tr("ctl.resume_tip"), 'P', "P", live, false, pause_w)) {
        out.push_back(SubmitCommand{engine::ResumeCmd{}});
      }
    } else {
      // The hold: the pause is committed at once, the reason is asked afterwards.
      // F5 holds even while a text field has the keyboard or a words dialog is open.
      const bool hold_key = live && ImGui::IsKeyPressed(ui::key::kF1 + 4, false) &&
                            (ui.play.dialog == Dialog::kNone || !holds_match_clock(ui.play.dialog));
      if (action_button(ui, "ctl.pause", tr("ctl.pause"), tr("ctl.pause_tip"), 'P', "P / F5", live, false, pause_w) ||
          hold_key) {
        out.push_back(SubmitCommand{engine::PauseCmd{""}});
        ui.play.hold_pending = true;
      }
    }
    ImGui::SameLine();
    const int to_move = st.to_move != 0 ? st.to_move : 1;
    if (action_button(ui, "ctl.warn", tr("ctl.warn"), tr("ctl.warn_tip"), 'W', "W", live))
      open_dialog(ui, Dialog::kWarn, to_move, 'W');
    ImGui::SameLine();
    if (action_button(ui, "ctl.void", tr("ctl.void"), tr("ctl.void_tip"), 'V', "V",
                      match.voidable() > 0 && ui.banner.empty()))
      open_dialog(ui, Dialog::kVoid, 1, 'V');
    ImGui::SameLine();
    const bool turn_running = live && st.phase == engine::Phase::kPlaying && st.to_move != 0;
    if (action_button(ui, "ctl.clock", tr("ctl.clock"), tr("ctl.clock_tip"), 'K', "K", turn_running))
      open_dialog(ui, Dialog::kClock, to_move, 'K');
    if (action_button(ui, "ctl.resign", tr("ctl.resign"), tr("ctl.resign_tip"), 'R', "R", live, true))
      open_dialog(ui, Dialog::kResign, 0, 'R');
    ImGui::SameLine();
    if (action_button(ui, "ctl.draw", tr("ctl.draw"), tr("ctl.draw_tip"), 'D', "D", live, true))
      open_dialog(ui, Dialog::kDraw, 1, 'D');
    ImGui::SameLine();
    if (action_button(ui, "ctl.award", tr("ctl.award"), tr("ctl.award_tip"), 'A', "A", live, true))
      open_dialog(ui, Dialog::kAward, 0, 'A');
    // The director's hold on air sits in the row with room for it.
    ImGui::SameLine();
    draw_hold_on_air(tr, ui, st.started);
  }
  if (action_button(ui, "ctl.note", tr("ctl.note"), tr("ctl.note_tip"), 'N', "N", words))
    open_dialog(ui, Dialog::kNote, 1, 'N');
  ImGui::SameLine();
  if (action_button(ui, "ctl.caption", tr("ctl.caption"), tr("ctl.caption_tip"), 'T', "T", words)) {
    open_dialog(ui, Dialog::kCaption, 1, 'T');
    ui.play.caption.clear();
  }
  ImGui::SameLine();
  if (action_button(ui, "ctl.replay", tr("ctl.replay"), tr("ctl.replay_tip"), ui::key::kF1 + 5, "F6"))
    out.push_back(ReplayCurrent{});
  ImGui::SameLine();
  if (action_button(ui, "ctl.back", tr("ctl.back"), tr("ctl.back_tip")))
    out.push_back(BackToStart{});
  ImGui::EndChild();

  // One line always reserved for the pause and the caption on air, each in its
  // half: whether they show or not, the board and the move field never move.
  ImFont* bold = view.fonts && view.fonts->bold ? view.fonts->bold : ImGui::GetFont();
  const float line_h = std::max(ImGui::GetFontSize(), bold->FontSize);
  ImGui::BeginChild("status_line", ImVec2(0, line_h), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  const float half = ImGui::GetContentRegionAvail().x * 0.5f;
  if (st.paused && correction_held(match)) {
    // Why the clock stands still and what releases it: the desk's words, not a
    // typed reason, so the camera-safe desk shows them too.
    ImGui::PushFont(bold);
    elided_text(ui, "status.paused", ui::colour::kWarning, tr("status.correction_hold"),
                half - ImGui::GetStyle().ItemSpacing.x);
    ImGui::PopFont();
  } else if (st.paused) {
    // The reason is the referee's (the hold's comes later, as a note): shown here,
    // never on air, and on a camera-safe desk only as the public projection has
    // it (no reason). ASCII punctuation: every font of the desk has it.
    std::string reason;
    for (auto it = match.log().rbegin(); it != match.log().rend(); ++it)
      if (std::holds_alternative<engine::Paused>(it->body)) {
        const auto seen = engine::project(*it, ui.masked() ? engine::kPublic : engine::kReferee);
        reason = std::get<engine::Paused>(seen.body).reason;
        break;
      }
    ImGui::PushFont(bold);
    elided_text(ui, "status.paused", ui::colour::kWarning,
                reason.empty() ? std::string(tr("paused")) : fmt::format("{}: {}", tr("paused"), reason),
                half - ImGui::GetStyle().ItemSpacing.x);
    ImGui::PopFont();
  }
  if (st.caption) {
    // What the program shows: a caption cleared, timed out or taken down by the
    // result is the desk's text, no longer on air.
    ImGui::SetCursorPos(ImVec2(half, 0));
    elided_text(ui, "status.caption", view.caption_on_air ? ui::colour::kOk : ui::colour::kMuted,
                fmt::format("{}: {}", tr(view.caption_on_air ? "dlg.caption_on_air" : "dlg.caption_off_air"),
                            *st.caption),
                half);
  }
  ImGui::EndChild();
  draw_dialog(match, tr, ui, out);
}

}  // namespace facedown::console
