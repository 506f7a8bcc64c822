// [SECTION] Clock and referee controls: a large turn clock per player that changes
// colour near the limit, warnings and items left, the pause banner, and the
// dialogs for pause (with reason), resume, manual warning, resign, draw, award and
// void (showing what it will undo, reason required).
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "codec/script.h"
#include "console/event_text.h"
#include "console/move_preview.h"
#include "console/screens.h"
#include "console/widgets.h"
#include "engine/options.h"
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

void draw_player_clock(const engine::MatchState& st, int pl, engine::Millis now,
                       const ui::Fonts* fonts, const ui::Tr& tr, UiState& ui, float width) {
  const std::size_t i = static_cast<std::size_t>(pl - 1);
  ImGui::PushID(pl);
  const bool running = st.phase == engine::Phase::kPlaying && st.to_move == pl && !st.result;
  const bool deciding = (st.phase == engine::Phase::kAwaitingItems ||
                         (st.phase == engine::Phase::kAwaitingRevival && st.pending.player == pl));
  ImGui::PushStyleColor(ImGuiCol_ChildBg, running ? (ui::player_colour(pl) & 0x60FFFFFFu)
                                                  : IM_COL32(30, 32, 38, 255));
  ImGui::BeginChild("clock", ImVec2(width, 128), true);
  ImGui::TextColored(ui::to_vec4(ui::player_colour(pl)), "P%d  %s", pl, st.players[i].c_str());
  const long limit = engine::option_int(st.options, "turn_limit");
  const engine::Millis elapsed = running || deciding ? period_elapsed_at(st, now) : 0;
  engine::Millis shown = elapsed;
  ImU32 colour = IM_COL32(240, 240, 240, 255);
  if (running && limit > 0) {
    shown = limit * 1000 - elapsed;
    colour = clock_colour(shown);
  }
  // A decision (items, revival) counts down its own limit when there is one.
  const long decision = engine::option_int(st.options, "decision_limit");
  if (deciding && decision > 0) {
    shown = decision * 1000 - elapsed;
    colour = clock_colour(shown);
  }
  if (!running && !deciding) {
    colour = ui::colour::kMuted;
    if (limit > 0) shown = limit * 1000;  // an idle clock shows the full turn
  }
  ImGui::PushFont(fonts && fonts->large ? fonts->large : ImGui::GetFont());
  ImGui::TextColored(ui::to_vec4(colour), "%s", clock_text(shown).c_str());
  ImGui::PopFont();
  ui.hits.record_last_item(fmt::format("clock.p{}", pl));
  std::string items;
  const char* keys[] = {"item.blind", "item.plus", "item.minus"};
  for (std::size_t k = 0; k < static_cast<std::size_t>(engine::kItemKinds); ++k) {
    const int left = st.items[i][k] - st.items_used[i][k];
    if (st.items[i][k] > 0) items += fmt::format("{} {}  ", tr(keys[k]), left);
  }
  const long dq = engine::option_int(st.options, "warnings_to_dq");
  ImGui::TextColored(ui::to_vec4(st.warnings[i] > 0 ? ui::colour::kWarning : ui::colour::kMuted),
                     "%s %d/%ld   %s", tr("warnings"), st.warnings[i], dq, items.c_str());
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopID();
}

namespace {

// One modal for every referee dialog; `title` is its popup id.
void draw_dialog(const engine::Match& match, const ui::Tr& tr, UiState& ui, std::vector<Action>& out) {
  PlayUi& p = ui.play;
  if (p.dialog == Dialog::kNone) return;
  if (!p.dialog_opened) {
    ImGui::OpenPopup("referee_dialog");
    p.dialog_opened = true;
  }
  if (!ImGui::BeginPopupModal("referee_dialog", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    p.dialog = Dialog::kNone;
    p.dialog_opened = false;
    return;
  }
  const auto& st = match.state();
  bool needs_reason = false, needs_player = false;
  const char* title = "";
  switch (p.dialog) {
    case Dialog::kPause: title = "dlg.pause"; needs_reason = true; break;
    case Dialog::kWarn: title = "dlg.warn"; needs_reason = true; needs_player = true; break;
    case Dialog::kResign: title = "dlg.resign"; needs_player = true; break;
    case Dialog::kDraw: title = "dlg.draw"; break;
    case Dialog::kAward: title = "dlg.award"; needs_reason = true; needs_player = true; break;
    case Dialog::kVoid: title = "dlg.void"; needs_reason = true; break;
    case Dialog::kNone: break;
  }
  ImGui::TextUnformatted(tr(title));
  if (needs_player) {
    ImGui::RadioButton(fmt::format("P1 {}", st.players[0]).c_str(), &p.dialog_player, 1);
    ui.hits.record_last_item("dlg.player1");
    ImGui::SameLine();
    ImGui::RadioButton(fmt::format("P2 {}", st.players[1]).c_str(), &p.dialog_player, 2);
    ui.hits.record_last_item("dlg.player2");
  }
  std::vector<std::string> undone;
  if (p.dialog == Dialog::kVoid) {
    const int most = match.voidable();
    ImGui::SetNextItemWidth(120);
    ImGui::InputInt(tr("dlg.void_count"), &p.void_count);
    ui.hits.record_last_item("dlg.void_count");
    p.void_count = std::clamp(p.void_count, 1, std::max(most, 1));
    undone = voidable_commands(match, p.void_count);
    ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", tr("dlg.void_undoes"));
    for (const auto& line : undone) ImGui::BulletText("%s", line.c_str());
    if (most == 0) ImGui::TextColored(ui::to_vec4(ui::colour::kDanger), "%s", tr("dlg.nothing_to_void"));
  }
  // Enter confirms even from inside the reason field; without a reason it puts
  // the cursor back there.
  const bool enter = ImGui::IsKeyPressed(ui::key::kEnter, false);
  if (needs_reason) {
    if (ImGui::IsWindowAppearing() || (enter && p.reason.empty())) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(360);
    ImGui::InputText(tr("dlg.reason"), &p.reason);
    ui.hits.record_last_item("dlg.reason");
  }
  const bool ok = (!needs_reason || !p.reason.empty()) &&
                  (p.dialog != Dialog::kVoid || !undone.empty());
  if (action_button(ui, "dlg.confirm", tr("confirm"), tr("confirm"), 0, nullptr, ok) || (ok && enter)) {
    switch (p.dialog) {
      case Dialog::kPause: out.push_back(SubmitCommand{engine::PauseCmd{p.reason}}); break;
      case Dialog::kWarn: out.push_back(SubmitCommand{engine::WarnCmd{p.dialog_player, p.reason}}); break;
      case Dialog::kResign: out.push_back(SubmitCommand{engine::ResignCmd{p.dialog_player}}); break;
      case Dialog::kDraw: out.push_back(SubmitCommand{engine::DrawCmd{}}); break;
      case Dialog::kAward: out.push_back(SubmitCommand{engine::AwardCmd{p.dialog_player, p.reason}}); break;
      case Dialog::kVoid: out.push_back(SubmitCommand{engine::VoidCmd{p.void_count, p.reason}}); break;
      case Dialog::kNone: break;
    }
    p.dialog = Dialog::kNone;
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  const bool escape = ImGui::IsKeyPressed(ui::key::kEscape, false);
  if (action_button(ui, "dlg.cancel", tr("cancel"), tr("cancel")) || escape) {
    p.dialog = Dialog::kNone;
    ImGui::CloseCurrentPopup();
  }
  if (p.dialog == Dialog::kNone) p.dialog_opened = false;
  ImGui::EndPopup();
}

void open_dialog(UiState& ui, Dialog d, int player) {
  ui.play.dialog = d;
  ui.play.dialog_opened = false;
  ui.play.reason.clear();
  ui.play.dialog_player = player;
  ui.play.void_count = 1;
}

}  // namespace

std::vector<std::string> voidable_commands(const engine::Match& match, int n) {
  // Walk back over accepted, still-effective commands that are not voids.
  std::vector<std::string> out;
  const auto& log = match.log();
  const auto& effective = match.in_effect();
  for (std::size_t i = log.size(); i-- > 0 && static_cast<int>(out.size()) < n;) {
    const auto& e = log[i];
    if (!e.command || !effective[i]) continue;
    if (std::holds_alternative<engine::VoidCmd>(*e.command)) continue;
    if (std::holds_alternative<engine::Voided>(e.body)) continue;
    out.insert(out.begin(), fmt::format("#{} @{}  {}", e.cmd, engine::format_seconds(e.t),
                                        codec::format_command(*e.command, match.game())));
  }
  return out;
}

void draw_clock(const MatchView& view, const ui::Tr& tr, UiState& ui, std::vector<Action>& out) {
  const engine::Match& match = *view.match;
  const auto& st = match.state();
  const float w = (ImGui::GetContentRegionAvail().x - 8.0f) * 0.33f;
  draw_player_clock(st, 1, ui.now, view.fonts, tr, ui, w);
  ImGui::SameLine();
  draw_player_clock(st, 2, ui.now, view.fonts, tr, ui, w);
  ImGui::SameLine();
  ImGui::BeginChild("controls", ImVec2(0, 128), true);
  const bool live = st.started && !st.result && ui.banner.empty();
  if (st.paused) {
    if (action_button(ui, "ctl.resume", tr("ctl.resume"), tr("ctl.resume_tip"), 'P', "P", live)) {
      out.push_back(SubmitCommand{engine::ResumeCmd{}});
    }
  } else {
    if (action_button(ui, "ctl.pause", tr("ctl.pause"), tr("ctl.pause_tip"), 'P', "P", live))
      open_dialog(ui, Dialog::kPause, 1);
  }
  ImGui::SameLine();
  const int to_move = st.to_move != 0 ? st.to_move : 1;
  if (action_button(ui, "ctl.warn", tr("ctl.warn"), tr("ctl.warn_tip"), 'W', "W", live))
    open_dialog(ui, Dialog::kWarn, to_move);
  ImGui::SameLine();
  if (action_button(ui, "ctl.void", tr("ctl.void"), tr("ctl.void_tip"), 'V', "V",
                    match.voidable() > 0 && ui.banner.empty()))
    open_dialog(ui, Dialog::kVoid, 1);
  if (action_button(ui, "ctl.resign", tr("ctl.resign"), tr("ctl.resign_tip"), 'R', "Ctrl+R", live, true))
    open_dialog(ui, Dialog::kResign, to_move);
  ImGui::SameLine();
  if (action_button(ui, "ctl.draw", tr("ctl.draw"), tr("ctl.draw_tip"), 'D', "Ctrl+D", live, true))
    open_dialog(ui, Dialog::kDraw, 1);
  ImGui::SameLine();
  if (action_button(ui, "ctl.award", tr("ctl.award"), tr("ctl.award_tip"), 'A', "Ctrl+A", live, true))
    open_dialog(ui, Dialog::kAward, 1);
  if (action_button(ui, "ctl.replay", tr("ctl.replay"), tr("ctl.replay_tip"), ui::key::kF1 + 5, "F6"))
    out.push_back(ReplayCurrent{});
  ImGui::SameLine();
  if (action_button(ui, "ctl.back", tr("ctl.back"), tr("ctl.back_tip")))
    out.push_back(BackToStart{});
  ImGui::EndChild();

  if (st.paused) {
    std::string reason;
    for (auto it = match.log().rbegin(); it != match.log().rend(); ++it)
      if (const auto* pz = std::get_if<engine::Paused>(&it->body)) {
        reason = pz->reason;
        break;
      }
    ImGui::PushFont(view.fonts && view.fonts->bold ? view.fonts->bold : ImGui::GetFont());
    ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s — %s", tr("paused"), reason.c_str());
    ImGui::PopFont();
  }
  draw_dialog(match, tr, ui, out);
}

}  // namespace facedown::console
