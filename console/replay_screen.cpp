// [SECTION] Replay: any stored match, stepped command by command, jumped to a ply
// or played at 1x/2x/4x; seen as the referee, either player or the public; the
// clocks as they stood. The match shown is the engine's fold of the log prefix.
// Beside the log, the match's win-probability graph (console/replay_graph.h).
#include <fmt/format.h>
#include <imgui.h>

#include "console/event_text.h"
#include "console/move_preview.h"
#include "console/screens.h"
#include "console/widgets.h"
#include "engine/replay_steps.h"
#include "engine/view.h"
#include "ui/keys.h"
#include "ui/theme.h"

namespace facedown::console {

// The steps are the engine's (engine/replay_steps.h): the overlay and the feed's
// replay page stop at the same places.
int replay_move_forward(const std::vector<engine::Event>& events, int cursor) {
  return engine::stop_after(engine::replay_steps(events).moves, cursor);
}

int replay_move_back(const std::vector<engine::Event>& events, int cursor) {
  return engine::stop_before(engine::replay_steps(events).moves, cursor);
}

int replay_step_forward(const std::vector<engine::Event>& events, int cursor) {
  return engine::stop_after(engine::replay_steps(events).events, cursor);
}

int replay_step_back(const std::vector<engine::Event>& events, int cursor) {
  return engine::stop_before(engine::replay_steps(events).events, cursor);
}

namespace {

// What the last move before `cursor` took, by its mover: a move's stop lands on
// the next turn's start, where both clocks would read a full turn.
std::optional<std::pair<int, engine::Millis>> last_move_took(const engine::Match& at,
                                                              const std::vector<engine::Event>& events, int cursor) {
  for (int k = std::min(cursor, static_cast<int>(events.size())) - 1; k > 0; --k) {
    const auto* moved = std::get_if<engine::Moved>(&events[static_cast<std::size_t>(k)].body);
    if (!moved) continue;
    if (at.state().phase == engine::Phase::kPlaying && at.state().to_move == moved->player) return std::nullopt;
    const std::vector<engine::Event> before(events.begin(), events.begin() + k);
    auto folded = engine::Match::from_log(at.info(), before);
    if (!std::holds_alternative<engine::Match>(folded)) return std::nullopt;
    return std::make_pair(moved->player,
                          period_elapsed_at(std::get<engine::Match>(folded).state(), events[static_cast<std::size_t>(k)].t));
  }
  return std::nullopt;
}

}  // namespace

void draw_replay(const engine::Match& at, const ui::Fonts* fonts, const ui::Tr& tr, UiState& ui,
                 std::vector<Action>& out) {
  ReplayUi& r = ui.replay;
  const auto& st = at.state();
  const int n = static_cast<int>(r.events.size());
  ImGui::Text("%s — %s", tr("replay.title"), r.title.c_str());

  if (action_button(ui, "replay.first", "|<", tr("replay.first_tip"), ui::key::kHome, "Home")) r.cursor = 1;
  ImGui::SameLine();
  // Arrows step by move (a move with its battles, items and revival); with Shift,
  // by event (one command, or one deadline).
  const bool fine = ImGui::GetIO().KeyShift;
  if (action_button(ui, "replay.back", "<", tr("replay.back_tip"), ui::key::kLeft, "Left"))
    r.cursor = fine ? replay_step_back(r.events, r.cursor) : replay_move_back(r.events, r.cursor);
  ImGui::SameLine();
  if (action_button(ui, "replay.play", r.playing ? tr("replay.pause") : tr("replay.play"),
                    tr("replay.play_tip"), ui::key::kSpace, "Space")) {
    r.playing = !r.playing;
    r.replay_time_ms = static_cast<double>(st.time);
  }
  ImGui::SameLine();
  if (action_button(ui, "replay.forward", ">", tr("replay.forward_tip"), ui::key::kRight, "Right"))
    r.cursor = fine ? replay_step_forward(r.events, r.cursor) : replay_move_forward(r.events, r.cursor);
  ImGui::SameLine();
  if (action_button(ui, "replay.last", ">|", tr("replay.last_tip"), ui::key::kEnd, "End")) r.cursor = n;
  ImGui::SameLine();
  for (int speed : {1, 2, 4}) {
    const std::string label = fmt::format("{}x", speed);
    const bool current = speed == r.speed;
    if (current) ImGui::PushStyleColor(ImGuiCol_Button, ui::colour::kOk & 0xA0FFFFFFu);
    const char key = static_cast<char>('0' + speed);
    const std::string key_name(1, key);
    if (action_button(ui, "replay.speed" + label, label.c_str(), tr("replay.speed_tip"), key,
                      key_name.c_str()))
      r.speed = speed;
    if (current) ImGui::PopStyleColor();
    ImGui::SameLine();
  }
  ImGui::SetNextItemWidth(110);
  ImGui::InputInt(tr("replay.ply"), &r.jump_ply);
  ImGui::SameLine();
  if (action_button(ui, "replay.jump", tr("replay.jump"), tr("replay.jump_tip"), 'J', "J")) {
    // The last event before ply jump_ply + 1 began.
    auto m = engine::Match::from_log(at.info(), {r.events.front()});
    int target = n;
    if (auto* match = std::get_if<engine::Match>(&m)) {
      for (int i = 1; i < n; ++i) {
        const auto& e = r.events[static_cast<std::size_t>(i)];
        if (match->record(e)) break;
        if (match->state().ply > r.jump_ply) {
          target = i;  // seq i is the event before
          break;
        }
      }
    }
    r.cursor = std::max(target, 1);
  }
  ImGui::SameLine();
  if (action_button(ui, "replay.back_start", r.from_live ? tr("replay.back_live") : tr("ctl.back"),
                    r.from_live ? tr("replay.back_live") : tr("ctl.back_tip"), ui::key::kEscape, "Esc"))
    // Built in place: moving a temporary Action here trips GCC 12's false
    // -Wmaybe-uninitialized at -O3 (the release build of the quick start).
    out.emplace_back(std::in_place_type<BackToStart>);

  const engine::Viewer viewers[] = {engine::kReferee, engine::kPlayer1, engine::kPlayer2, engine::kPublic};
  ImGui::TextUnformatted(tr("replay.view_as"));
  for (int i = 0; i < 4; ++i) {
    ImGui::SameLine();
    const int key = ui::key::kF1 + i;
    const std::string key_name = fmt::format("F{}", i + 1);
    if (ImGui::RadioButton(tr(ui::viewer_key(viewers[i])), r.viewer == viewers[i]) ||
        shortcut_pressed(key))
      r.viewer = viewers[i];
    ui.hits.record_last_item(fmt::format("replay.viewer.{}", i));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s  [%s]", tr("replay.view_tip"), key_name.c_str());
  }
  ImGui::SameLine();
  ImGui::Text("   %s %d/%d   %s %d   %s %s", tr("replay.event"), r.cursor, n, tr("ply"), st.ply,
              tr("replay.match_time"), clock_text(st.time).c_str());

  const engine::Millis now = r.playing ? static_cast<engine::Millis>(r.replay_time_ms) : st.time;
  const float w = (ImGui::GetContentRegionAvail().x - 8.0f) * 0.5f;
  if (r.took_cursor != r.cursor) {
    r.took = last_move_took(at, r.events, r.cursor);
    r.took_cursor = r.cursor;
  }
  auto took = [&](int pl) { return r.took && r.took->first == pl ? std::optional(r.took->second) : std::nullopt; };
  draw_player_clock(st, at.game().words(), 1, now, fonts, tr, ui, w, false, took(1));
  ImGui::SameLine();
  draw_player_clock(st, at.game().words(), 2, now, fonts, tr, ui, w, false, took(2));

  const engine::StateView view = engine::view_state(st, r.viewer);
  ui::BoardModel model;
  model.game = &at.game();
  model.view = &view;
  model.lang = ui.lang;
  model.last_from = st.last_from;
  model.last_to = st.last_to;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float board_w = std::min(avail.x * 0.45f, avail.y * 0.8f);
  ImGui::BeginChild("replay_board", ImVec2(board_w, 0), false);
  ui.board = ui::draw_board("board", model, ImVec2(board_w, ImGui::GetContentRegionAvail().y)).layout;
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("replay_log", ImVec2(0, 0), false);
  if (st.result) {
    const auto& res = *st.result;
    ImGui::TextColored(ui::to_vec4(res.winner == 0 ? ui::colour::kWarning : ui::player_colour(res.winner)),
                       "%s", result_text(res, at.game().words(), tr, st.players).c_str());
  }
  // The analysis as it aired at this row: the deduction's headline and the win
  // bar's numbers, the bytes the overlay and the feed showed (analysis file).
  if (r.aired) {
    const bool ko = ui.lang == ui::Lang::kKorean;
    ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", ko ? "당시 방송된 분석:" : "Analysis as aired:");
    for (const std::string& line : r.aired->headlines[ko ? 1 : 0]) ImGui::TextWrapped("%s", line.c_str());
    if (r.aired->win) {
      const auto& aired_win = *r.aired->win;
      ImGui::Text("%s %.0f%%  ·  %s %.0f%%", st.players[0].c_str(), 100 * aired_win.win[0].p, st.players[1].c_str(),
                  100 * aired_win.win[1].p);
    }
    ui.hits.record_last_item("replay.aired");
  }
  // The story of the whole match: the referee's line only when the board beside
  // it shows the referee's view (it tells no more than the board does).
  r.graph_layout = draw_replay_graph(r.graph.get(), r.cursor, r.viewer == engine::kReferee, 150.0f, tr, ui.hits);
  draw_log(at, r.viewer, tr);
  ImGui::EndChild();
}

}  // namespace facedown::console
