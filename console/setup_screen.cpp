// [SECTION] Secret setups: one player at a time, tray + click or typed text,
// shuffle/clear, the game's reasons inline, masked unless the reveal key is held,
// explicit and final lock; then who moves first and start.
//
// No accident seals a setup: while the typed field is in use (SetupUi::typing)
// letters and digits never reach a shortcut, and Enter keeps the field focused;
// the seal dialog shows the setup it will seal (camera-safe respected), says when
// it is a shuffled one, and seals only by a click on its button or Ctrl+Enter once
// armed (so a stray Enter or a retyped "L" cannot give it).
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "codec/script.h"
#include "console/screens.h"
#include "console/widgets.h"
#include "engine/view.h"
#include "ui/keys.h"
#include "ui/theme.h"

namespace facedown::console {

namespace {

int placed_count(const std::vector<engine::Placement>& draft, engine::PieceType type) {
  return static_cast<int>(std::count_if(draft.begin(), draft.end(),
                                        [&](const engine::Placement& p) { return p.type == type; }));
}

// Parses "K:a1 M:b1 ..." with the match-script parser (one parser for the format).
std::optional<std::string> parse_setup_text(const engine::Game& game, int player,
                                            const std::string& text,
                                            std::vector<engine::Placement>& out) {
  auto tokens = codec::tokenize(fmt::format("setup {} {}", player, text));
  if (auto* e = std::get_if<std::string>(&tokens)) return *e;
  auto parsed = codec::parse_command(std::get<std::vector<std::string>>(tokens), game);
  if (auto* e = std::get_if<std::string>(&parsed)) return *e;
  const auto& cmd = std::get<codec::TimedCommand>(parsed).command;
  const auto* setup = std::get_if<engine::SetupCmd>(&cmd);
  if (!setup) return std::string("not a setup");  // never thrown, whatever was typed
  out = setup->placements;
  return std::nullopt;
}

void place(const engine::Game& game, const ui::Tr& tr, UiState& ui, engine::Square sq) {
  SetupUi& s = ui.setup;
  auto& draft = s.draft[static_cast<std::size_t>(s.player - 1)];
  const auto it = std::find_if(draft.begin(), draft.end(),
                               [&](const engine::Placement& p) { return p.square == sq; });
  s.shuffled[static_cast<std::size_t>(s.player - 1)] = false;  // touched by hand
  if (s.tray) {
    // Only the player's own territory; the refusal says so.
    if (game.setup_owner(sq) != s.player) {
      ui.notice = fmt::format("{}: {} (P{})", game.geometry().name(sq), tr("refuse.territory"), s.player);
      return;
    }
    ui.notice.clear();
    if (it != draft.end()) draft.erase(it);
    draft.push_back({*s.tray, sq});
    const auto& spec = game.roster()[static_cast<std::size_t>(*s.tray)];
    if (placed_count(draft, *s.tray) >= spec.count) s.tray.reset();
  } else if (it != draft.end()) {
    s.tray = it->type;  // pick the piece back up
    draft.erase(it);
  } else {
    ui.notice = game.geometry().name(sq) + ": " + tr("refuse.tray_first");
  }
}

// A square of the player's territory for the typed-setup hint: the t-th one.
engine::Square home_square(const engine::Game& game, int player, std::size_t t) {
  const auto& g = game.geometry();
  std::size_t seen = 0;
  for (engine::Square sq = 0; sq < g.size(); ++sq)
    if (game.setup_owner(sq) == player && seen++ == t) return sq;
  return 0;
}

// Keeps SetupUi::typing: on from the field's first use, off after a click that
// is not on the field, or Esc. Called right after the field is drawn.
void note_typing(SetupUi& s) {
  if (ImGui::IsItemActive()) {
    s.typing = true;
  } else if (s.typing && ((ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !ImGui::IsItemHovered()) ||
                          ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false))) {
    s.typing = false;
  }
}

// How long the seal dialog's button stays unarmed: a click or key aimed at what
// stood there before cannot seal.
constexpr engine::Millis kSealArmMs = 700;

// The seal dialog: the setup it will seal, drawn as the desk shows it (face down
// while camera-safe), the shuffle warning, and a Seal button that only a click
// (or Ctrl+Enter) gives once armed. Esc (or Cancel) goes back to the draft.
void draw_seal_dialog(const std::string& popup, ui::BoardModel model, const ui::Tr& tr, UiState& ui,
                      std::vector<Action>& out) {
  SetupUi& s = ui.setup;
  const std::size_t pi = static_cast<std::size_t>(s.player - 1);
  if (!ImGui::BeginPopupModal(popup.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::Text(tr("setup.lock_confirm"), s.player);
  if (s.shuffled[pi]) {
    ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", tr("setup.shuffled"));
    ui.hits.record_last_item("setup.lock.shuffled");
  }
  model.setup_player = 0;  // a picture, not a place to click
  // Camera-safe: face down, as on the desk; the reveal key shows it.
  if (ui.masked()) ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", tr("setup.seal_masked"));
  ImGui::BeginChild("seal_board", ImVec2(420, 300), false);
  ui::draw_board("seal_board", model, ImVec2(420, 300));
  ImGui::EndChild();
  ui.hits.record_last_item("setup.lock.board");
  const bool armed = ui.mono - s.lock_since >= kSealArmMs;
  // A click, or Ctrl+Enter: a stray Enter and retyped letters never seal.
  if (action_button(ui, "setup.lock.confirm", tr("setup.seal"), tr("setup.seal_tip"), ui::key::kEnter, "Enter",
                    armed, /*ctrl=*/true)) {
    out.push_back(SubmitCommand{engine::SetupCmd{s.player, s.draft[pi]}});
    s.confirm_lock = false;
    s.typing = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (action_button(ui, "setup.lock.cancel", tr("cancel"), tr("cancel"), ui::key::kEscape, "Esc")) {
    s.confirm_lock = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace

std::string typed_setup_example(const engine::Game& game, int player) {
  std::string out;
  const auto& roster = game.roster();
  for (std::size_t t = 0; t < roster.size() && t < 2; ++t)
    out += fmt::format("{}:{} ", roster[t].token, game.geometry().name(home_square(game, player, t)));
  return out;
}

void draw_setup(const MatchView& view, const ui::Tr& tr, UiState& ui, std::vector<Action>& out) {
  const engine::Match& match = *view.match;
  const engine::Game& game = match.game();
  const auto& st = match.state();
  SetupUi& s = ui.setup;
  if (st.setup_locked[static_cast<std::size_t>(s.player - 1)] &&
      !st.setup_locked[static_cast<std::size_t>(2 - s.player)]) {
    s.player = 3 - s.player;  // go on with the player still to lock
  }
  const std::size_t pi = static_cast<std::size_t>(s.player - 1);
  auto& draft = s.draft[pi];
  const bool locked = st.setup_locked[pi];
  // Letters and digits are the screen's shortcuts only while nobody is typing.
  if (locked) s.typing = false;
  const bool keys = !s.typing;

  // Board: locked setups as the public sees them (face down), the draft on top.
  engine::StateView board = engine::view_state(st, engine::kPublic);
  if (!locked) {
    for (const auto& p : draft) board.board.push_back({p.square, s.player, p.type, false});
  }
  ui::BoardModel model;
  model.game = &game;
  model.view = &board;
  model.lang = ui.lang;
  // The draft is not in the match yet, so no projection covers it: camera-safe
  // draws it face down (locked setups are the public view already).
  model.masked = {ui.masked(), ui.masked()};
  model.setup_player = locked ? 0 : s.player;
  model.flipped = s.player == 2;

  const float board_w = ImGui::GetContentRegionAvail().x * 0.5f;
  ImGui::BeginChild("setup_board", ImVec2(board_w, 0), false);
  const auto result =
      ui::draw_board("board", model, ImVec2(board_w, ImGui::GetContentRegionAvail().y));
  ui.board = result.layout;
  if (result.clicked && !locked) place(game, tr, ui, *result.clicked);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("setup_side", ImVec2(0, 0), false);

  for (int p = 1; p <= 2; ++p) {
    if (p == 2) ImGui::SameLine();
    const bool active = p == s.player;
    if (active) ImGui::PushStyleColor(ImGuiCol_Button, ui::player_colour(p));
    const std::string label = fmt::format("{} — {}{}", p == 1 ? tr("viewer.player1") : tr("viewer.player2"),
                                          st.players[static_cast<std::size_t>(p - 1)],
                                          st.setup_locked[static_cast<std::size_t>(p - 1)] ? tr("setup.locked_mark") : "");
    if (action_button(ui, fmt::format("setup.player{}", p), label.c_str(), tr("setup.switch_tip"),
                      keys ? '0' + p : 0, p == 1 ? "1" : "2")) {
      s.player = p;
      s.tray.reset();
    }
    if (active) ImGui::PopStyleColor();
  }
  ImGui::Separator();

  if (locked && game.has_fixed_placement()) {
    ImGui::TextWrapped("%s", tr("setup.fixed"));
  } else if (locked) {
    ImGui::TextColored(ui::to_vec4(ui::colour::kOk), "%s", tr("setup.locked"));
    const auto& commitment = view.commitments[pi];
    if (commitment) {
      ImGui::TextUnformatted(tr("setup.commitment"));
      ImGui::TextWrapped("%s", commitment->c_str());
    } else {
      ImGui::TextWrapped("%s", tr("setup.sealed_no_hash"));
    }
  } else {
    // Tray of the pieces still to place.
    ImGui::TextUnformatted(tr("setup.tray"));
    const auto& roster = game.roster();
    for (std::size_t t = 0; t < roster.size(); ++t) {
      // Too many placed (typed) reads ×0; the setup's own reason says what is wrong.
      const int left = std::max(0, roster[t].count - placed_count(draft, static_cast<int>(t)));
      if (t % 7 != 0) ImGui::SameLine();
      const bool picked = s.tray && *s.tray == static_cast<int>(t);
      if (picked) ImGui::PushStyleColor(ImGuiCol_Button, ui::colour::kSelected & 0xC0FFFFFFu);
      ImGui::BeginDisabled(left <= 0);
      const std::string label = fmt::format("{} ×{}##tray{}", roster[t].token, left, t);
      if (ImGui::Button(label.c_str(), ImVec2(64, 0))) s.tray = static_cast<int>(t);
      ui.hits.record_last_item(fmt::format("setup.tray.{}", roster[t].token));
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", ui::piece_name(roster[t], ui.lang));
      ImGui::EndDisabled();
      if (picked) ImGui::PopStyleColor();
    }
    // The hint names this game's own tokens.
    ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), tr("setup.tray_help"),
                       typed_setup_example(game, s.player).c_str());

    // Typed entry, masked like the board.
    ImGui::SetNextItemWidth(-90);
    const ImGuiInputTextFlags flags =
        ImGuiInputTextFlags_EnterReturnsTrue | (ui.masked() ? ImGuiInputTextFlags_Password : 0);
    const bool entered = ImGui::InputText("##setup_text", &s.text[pi], flags);
    ui.hits.record_last_item("setup.text");
    note_typing(s);
    // Enter reads the text and keeps the field: whatever is typed next is text.
    if (entered) ImGui::SetKeyboardFocusHere(-1);
    ImGui::SameLine();
    const bool apply = action_button(ui, "setup.apply", tr("setup.apply"), tr("setup.apply_tip")) || entered;
    if (apply) {
      std::vector<engine::Placement> parsed;
      if (auto e = parse_setup_text(game, s.player, s.text[pi], parsed)) {
        s.text_error = *e;
      } else {
        s.text_error.clear();
        draft = parsed;
        s.shuffled[pi] = false;
        s.tray.reset();
      }
    }

    if (action_button(ui, "setup.shuffle", tr("setup.shuffle"), tr("setup.shuffle_tip"), keys ? 'S' : 0, "S")) {
      draft = game.random_setup(s.player, s.shuffle_seed++);
      s.shuffled[pi] = true;
      s.tray.reset();
    }
    ImGui::SameLine();
    if (action_button(ui, "setup.clear", tr("setup.clear"), tr("setup.clear_tip"), keys ? 'C' : 0, "C")) {
      draft.clear();
      s.text[pi].clear();
      s.shuffled[pi] = false;
      s.tray.reset();
    }

    // What is wrong (the typed text's error first, then the setup's own reason,
    // whose "missing:" list runs long for 31 or 40 pieces), wrapped inside a box
    // of three lines: the buttons around it never move.
    const auto reason = game.check_setup(s.player, draft);
    ImGui::BeginChild("setup_reason", ImVec2(0, 3.0f * ImGui::GetTextLineHeightWithSpacing()), false);
    ImGui::PushTextWrapPos(0.0f);
    if (s.shuffled[pi]) {
      ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", tr("setup.shuffled"));
      ui.hits.record_last_item("setup.shuffled");
    }
    if (!s.text_error.empty()) {
      ImGui::TextColored(ui::to_vec4(ui::colour::kDanger), "%s", s.text_error.c_str());
    } else if (reason) {
      ImGui::TextColored(ui::to_vec4(ui::colour::kDanger), "%s", reason->reason.c_str());
    } else {
      ImGui::TextColored(ui::to_vec4(ui::colour::kOk), "%s", tr("setup.valid"));
    }
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
    ui.hits.record_last_item("setup.reason");
    const std::string lock_popup = fmt::format("{}###lock_setup", tr("setup.lock"));
    if (action_button(ui, "setup.lock", tr("setup.lock"), tr("setup.lock_tip"), keys ? 'L' : 0, "L", !reason)) {
      s.confirm_lock = true;
      s.lock_since = ui.mono;
      ImGui::OpenPopup(lock_popup.c_str());
    }
    draw_seal_dialog(lock_popup, model, tr, ui, out);
  }
  ImGui::Separator();
  if (st.first != 0) {
    ImGui::Text("%s: P%d %s", tr("start.first"), st.first,
                st.players[static_cast<std::size_t>(st.first - 1)].c_str());
    if (st.toss_seed) ImGui::Text("%s \"%s\"", tr("toss"), st.toss_seed->c_str());
  } else {
    for (int p = 1; p <= 2; ++p) {
      if (p == 2) ImGui::SameLine();
      if (action_button(ui, fmt::format("setup.first{}", p),
                        fmt::format("{} P{}", tr("start.first"), p).c_str(), tr("start.first"))) {
        out.push_back(SubmitCommand{engine::FirstCmd{p, std::nullopt}});
      }
    }
  }
  const bool ready = st.setup_locked[0] && st.setup_locked[1] && st.first != 0;
  if (action_button(ui, "setup.start", tr("setup.start"), tr("setup.start_tip"), keys ? 'G' : 0, "G", ready)) {
    out.push_back(SubmitCommand{engine::StartCmd{}});
  }
  ImGui::EndChild();
}

}  // namespace facedown::console
