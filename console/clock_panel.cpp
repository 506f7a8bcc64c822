// [SECTION] Clock and referee controls: a large turn clock per player that changes
// colour near the limit (drawn held while paused), warnings and items left, the
// referee's buttons and the status strip (pause, caption). The dialogs they open
// are referee_dialogs.cpp's.
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
  f.deciding = !st.result && st.phase == engine::Phase::kDeciding && (st.pending.player == 0 || st.pending.player == pl);
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

void draw_player_clock(const engine::MatchState& st, const engine::Words& words, int pl, engine::Millis now,
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
  // The label is the decision kind's ("clock.items_taken", "clock.revival_taken").
  const std::string kind = st.pending.kind;
  if (deciding && !decision_limited) {
    ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", tr("clock." + kind + "_taken"));
    ImGui::PushFont(fonts && fonts->bold ? fonts->bold : ImGui::GetFont());
    ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "+%s", clock_text(elapsed).c_str());
    ImGui::PopFont();
  } else {
    if (deciding) {
      // The label shares the name's line: the clock keeps its place and size.
      ImGui::SameLine();
      ImGui::TextColored(ui::to_vec4(colour), "%s", tr("clock." + kind + "_left"));
    }
    ImGui::PushFont(fonts && fonts->large ? fonts->large : ImGui::GetFont());
    ImGui::TextColored(ui::to_vec4(colour), "%s", clock_text(shown).c_str());
    ImGui::PopFont();
  }
  ui.hits.record_last_item(fmt::format("clock.p{}", pl));
  std::string items;
  for (std::size_t k = 0; k < st.counters.names.size(); ++k) {
    // The game's counters, what is left; a kind the match gave shows even at 0.
    const int left = st.counters.left[i][k];
    if (left > 0 || st.counters.used[i][k] > 0) items += fmt::format("{} {}  ", words.text(engine::WordKind::kItem, st.counters.names[k], words_lang(tr.lang)), left);
  }
  const long dq = engine::option_int(st.options, "warnings_to_dq");
  ImGui::TextColored(ui::to_vec4(st.warnings[i] > 0 ? ui::colour::kWarning : ui::colour::kMuted),
                     "%s %d/%ld   %s", tr("warnings"), st.warnings[i], dq, items.c_str());
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopID();
}

void draw_clock(const MatchView& view, const ui::Tr& tr, UiState& ui, std::vector<Action>& out) {
  const engine::Match& match = *view.match;
  const auto& st = match.state();
  const float w = (ImGui::GetContentRegionAvail().x - 8.0f) * 0.33f;
  const bool correction = correction_held(match);
  draw_player_clock(st, match.game().words(), 1, ui.now, view.fonts, tr, ui, w, correction);
  ImGui::SameLine();
  draw_player_clock(st, match.game().words(), 2, ui.now, view.fonts, tr, ui, w, correction);
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
  draw_referee_dialog(match, tr, ui, out);
}

}  // namespace facedown::console
