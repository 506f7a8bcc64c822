// [SECTION] Play: the board with minus lines and terrain; click a piece, its legal
// destinations light up, click one, see every battle it would cause, confirm;
// item declarations and revival when the engine awaits them; the result of the
// last command for the operator beside exactly what the public sees.
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "console/event_text.h"
#include "console/correction_hold.h"
#include "console/move_preview.h"
#include "console/screens.h"
#include "console/widgets.h"
#include "engine/view.h"
#include "ui/keys.h"
#include "ui/theme.h"

namespace facedown::console {

namespace {

// How long the items', revival's and result's buttons ignore clicks and keys after
// they appear (longer than a double click, shorter than reading the panel).
constexpr engine::Millis kPanelClickGuardMs = 700;
// The most of the width the board may take (its height limits it first).
constexpr float kBoardShare = 0.5f;
using SidePanel = PlayUi::SidePanel;

bool contains(const std::vector<engine::Square>& v, engine::Square s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// Why a click on `sq` picks nothing: said in words the camera may see (no piece
// named while masked: "a mine never moves" would tell where a mine is).
std::string refusal(const engine::Match& match, engine::Square sq, const ui::Tr& tr, const UiState& ui) {
  const auto& st = match.state();
  const auto& game = match.game();
  const std::string name = game.geometry().name(sq);
  const int id = st.piece_at(sq);
  if (id < 0) return name + ": " + tr(ui.masked() ? "refuse.no_piece" : "refuse.empty");
  const auto& piece = st.pieces[static_cast<std::size_t>(id)];
  if (piece.owner != st.to_move) return fmt::format("{}: {} (P{})", name, tr("refuse.not_yours"), st.to_move);
  if (ui.masked()) return name + ": " + tr("refuse.no_legal");
  return fmt::format("{}: {} — {}", name, ui::piece_name(game.roster()[static_cast<std::size_t>(piece.type)], ui.lang),
                     tr("refuse.piece_no_legal"));
}

// Selects the piece on `from` and previews from-to; the notice says why when the
// move is not legal. Shared by board clicks and typed entry.
void choose_move(const engine::Match& match, engine::Square from, engine::Square to, const ui::Tr& tr,
                 UiState& ui) {
  PlayUi& p = ui.play;
  const auto moves = match.turn_moves();
  const engine::Move m{from, to};
  if (std::find(moves.begin(), moves.end(), m) != moves.end()) {
    p.selected = from;
    p.preview = preview_move(match, m, ui.now, words_lang(tr.lang));
    ui.notice.clear();
    return;
  }
  const auto& g = match.game().geometry();
  // The rule's reason ("a Mine never moves") names the piece: camera-safe, only
  // that the move is not legal.
  const std::string reasoned = fmt::format("{}-{}: {}: {}", g.name(from), g.name(to), tr("refuse.illegal"),
                                           match.why_illegal(engine::Move{from, to}));
  ui.notice = ui.masked() ? fmt::format("{}-{}: {}", g.name(from), g.name(to), tr("refuse.illegal")) : reasoned;
  ui.notice_revealed = {ui.notice, reasoned};
  p.selected = engine::kNoSquare;
}

void on_board_click(const engine::Match& match, engine::Square sq, const ui::Tr& tr, UiState& ui) {
  const auto& st = match.state();
  PlayUi& p = ui.play;
  const auto moves = match.turn_moves();
  const bool movable = std::any_of(moves.begin(), moves.end(),
                                   [&](const engine::Move& m) { return m.from == sq; });
  if (p.selected != engine::kNoSquare && sq != p.selected && !movable) {
    p.preview.reset();
    choose_move(match, p.selected, sq, tr, ui);
    return;
  }
  p.preview.reset();
  p.selected = movable && st.piece_at(sq) >= 0 ? sq : engine::kNoSquare;
  if (p.selected == engine::kNoSquare) {
    ui.notice = refusal(match, sq, tr, ui);
  } else {
    ui.notice.clear();
  }
}

// What the previewed move does; its Confirm and Cancel are the action row's.
void draw_move_preview(const ui::Tr& tr, UiState& ui, const engine::Game& game) {
  PlayUi& p = ui.play;
  const auto& g = game.geometry();
  ImGui::Text("%s %s-%s", tr("play.move"), g.name(p.preview->move.from).c_str(),
              g.name(p.preview->move.to).c_str());
  if (p.preview->lines.empty()) {
    ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", tr("play.no_battle"));
  } else {
    ImGui::TextColored(ui::to_vec4(ui::colour::kBattle), "%s (%zu)", tr("play.battles"),
                       p.preview->lines.size());
    // Camera-safe: the lines of the public projection, not the referee's kinds.
    for (const auto& line : ui.masked() ? p.preview->public_lines : p.preview->lines)
      ImGui::BulletText("%s", line.c_str());
    if (p.preview->items_follow) ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", tr("play.items_follow"));
  }
}

// Typed move entry: "c3c2" or "c3-c2", then Enter (then Enter again confirms).
void draw_move_entry(const engine::Match& match, const ui::Tr& tr, UiState& ui, float width) {
  PlayUi& p = ui.play;
  ImGui::SetNextItemWidth(width);
  const bool enter = ImGui::InputTextWithHint("##move_text", "c3-c2", &p.move_text,
                                              ImGuiInputTextFlags_EnterReturnsTrue);
  ui.hits.record_last_item("play.move_text");
  if (ImGui::IsItemHovered()) {
    // Above the field: beside the mouse it covered Confirm and Cancel.
    ImGui::SetNextWindowPos(ImVec2(ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y - 4.0f), ImGuiCond_Always,
                            ImVec2(0.0f, 1.0f));
    ImGui::SetTooltip("%s", tr("play.move_text_tip"));
  }
  if (!enter || p.move_text.empty()) return;
  const auto parsed = parse_move_text(match.game().geometry(), p.move_text);
  if (!parsed) {
    ui.notice = fmt::format("'{}': {}", p.move_text, tr("play.move_text_bad"));
    return;
  }
  choose_move(match, parsed->from, parsed->to, tr, ui);
  if (p.preview) p.move_text.clear();
}

// A decision of both players over the game's counters (Number Janggi's items):
// each player's counter or none, on one of their pieces in pending.squares; the
// decision the game words from them (nullopt while a square is missing).
std::optional<engine::DecideCmd> draw_counters(const engine::Match& match, const ui::Tr& tr, UiState& ui) {
  const auto& st = match.state();
  const auto& g = match.game().geometry();
  const auto& names = st.counters.names;
  PlayUi& p = ui.play;
  ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", tr("play.declare_" + st.pending.kind));
  std::vector<engine::DecisionPick> picks;
  bool complete = true;
  for (int pl = 1; pl <= 2; ++pl) {
    const std::size_t i = static_cast<std::size_t>(pl - 1);
    ImGui::PushID(pl);
    // Item buttons start in one column whatever the length of the name.
    const float column = ImGui::GetCursorPosX() + 190.0f;
    ImGui::PushClipRect(ImGui::GetCursorScreenPos(),
                        ImVec2(ImGui::GetCursorScreenPos().x + 184.0f, ImGui::GetCursorScreenPos().y + 200.0f), true);
    ImGui::TextColored(ui::to_vec4(ui::player_colour(pl)), "P%d %s", pl, st.players[i].c_str());
    ImGui::PopClipRect();
    // The next radio on this line, or under the first one when the side column
    // is too narrow for it (a wide board leaves it less room).
    auto next_radio = [&](const std::string& label) {
      const ImGuiStyle& style = ImGui::GetStyle();
      const float w = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label.c_str()).x;
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < w) {
        ImGui::NewLine();
        ImGui::SetCursorPosX(column);
      }
    };
    for (int k = 0; k <= static_cast<int>(names.size()); ++k) {
      const std::string name = k == 0 ? "none" : names[static_cast<std::size_t>(k - 1)];
      // MatchState::counters counts what is left.
      const int left = k == 0 ? 1 : st.counters.left[i][static_cast<std::size_t>(k - 1)];
      // Counter names are the game's words.
      const std::string label =
          k == 0 ? std::string(tr("item.none"))
                 : fmt::format("{} ({})", match.game().words().text(engine::WordKind::kItem, name, words_lang(tr.lang)),
                               left);
      if (k == 0) {
        ImGui::SameLine(column);
      } else {
        next_radio(label);
      }
      ImGui::BeginDisabled(left <= 0);
      if (ImGui::RadioButton(label.c_str(), p.item[i] == k)) p.item[i] = k;
      ui.hits.record_last_item(fmt::format("{}.p{}.{}", st.pending.kind, pl, name));
      ImGui::EndDisabled();
    }
    // The item goes on one of the player's own battling pieces.
    std::vector<engine::Square> own;
    for (auto sq : st.pending.squares) {
      const int id = st.piece_at(sq);
      if (id >= 0 && st.pieces[static_cast<std::size_t>(id)].owner == pl) own.push_back(sq);
    }
    if (!contains(own, p.item_square[i])) p.item_square[i] = own.size() == 1 ? own[0] : engine::kNoSquare;
    // The squares' row is always there, on a line of its own (disabled while no
    // item is chosen): choosing an item never pushes the other player's row down
    // under the mouse.
    ImGui::SetCursorPosX(column);
    ImGui::BeginDisabled(p.item[i] == 0);
    for (std::size_t k = 0; k < own.size(); ++k) {
      const std::string name = g.name(own[k]);
      if (k > 0) next_radio(name);
      if (ImGui::RadioButton(name.c_str(), p.item[i] != 0 && p.item_square[i] == own[k])) p.item_square[i] = own[k];
      ui.hits.record_last_item(fmt::format("{}.p{}.sq.{}", st.pending.kind, pl, name));
    }
    if (own.empty()) ImGui::Dummy(ImVec2(1.0f, ImGui::GetFrameHeight()));
    ImGui::EndDisabled();
    if (p.item[i] != 0 && static_cast<std::size_t>(p.item[i]) <= names.size()) {
      picks.push_back({pl, names[static_cast<std::size_t>(p.item[i] - 1)], -1, p.item_square[i], {}, false});
      if (p.item_square[i] == engine::kNoSquare) complete = false;
    }
    ImGui::PopID();
  }
  if (!complete) return std::nullopt;
  return match.game().word_picks(st, picks);
}

// A decision of one player over pieces and squares (Number Janggi's revival):
// a candidate piece and a square; the decision the game words from them
// (nullopt until both are chosen). Its phrases are the decision kind's.
std::optional<engine::DecideCmd> draw_pieces(const engine::Match& match, const ui::Tr& tr, UiState& ui) {
  const auto& st = match.state();
  const auto& game = match.game();
  const auto& g = game.geometry();
  const std::string& kind = st.pending.kind;
  PlayUi& p = ui.play;
  ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), tr("play." + kind), st.pending.player);
  ImGui::TextUnformatted(tr("play." + kind + ".piece"));
  for (int id : st.pending.candidates) {
    const auto& piece = st.pieces[static_cast<std::size_t>(id)];
    ImGui::SameLine();
    ImGui::PushID(id);
    // Camera-safe: a candidate the public may not know (a blinded number) reads
    // "?" — the engine's may_see decides, as for its own projection.
    const std::string label = ui::piece_label(game, piece.type);
    const bool shown = !ui.masked() || engine::may_see(piece, engine::kPublic);
    const std::string text = shown ? label : fmt::format("?##{}", id);
    if (ImGui::RadioButton(text.c_str(), p.decision_piece == id)) p.decision_piece = id;
    ui.hits.record_last_item(fmt::format("{}.piece.{}", tr("hit." + kind), label));
    ImGui::PopID();
  }
  ImGui::TextUnformatted(tr("play." + kind + ".square"));
  for (auto sq : st.pending.squares) {
    ImGui::SameLine();
    if (ImGui::RadioButton(g.name(sq).c_str(), p.decision_square == sq)) p.decision_square = sq;
    ui.hits.record_last_item(fmt::format("{}.sq.{}", tr("hit." + kind), g.name(sq)));
  }
  if (!p.decision_piece || p.decision_square == engine::kNoSquare) return std::nullopt;
  return game.word_picks(st, {{st.pending.player, {}, *p.decision_piece, p.decision_square, {}, false}});
}

// A decision of one player over the choices the game lists (a bid): the
// player, the decision's kind in the game's words, one button per choice.
std::optional<engine::DecideCmd> draw_choices(const engine::Match& match, const ui::Tr& tr, UiState& ui) {
  const auto& st = match.state();
  const auto& game = match.game();
  const std::string& kind = st.pending.kind;
  PlayUi& p = ui.play;
  const int pl = st.pending.player;
  const std::string who = pl == 1 || pl == 2 ? st.players[static_cast<std::size_t>(pl - 1)] : std::string();
  ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "P%d %s: %s", pl, who.c_str(),
                     game.words().text(engine::WordKind::kPhrase, kind, words_lang(tr.lang)).c_str());
  for (const std::string& choice : st.pending.choices) {
    ImGui::SameLine();
    if (ImGui::RadioButton(choice.c_str(), p.decision_choice == choice)) p.decision_choice = choice;
    ui.hits.record_last_item(fmt::format("{}.choice.{}", kind, choice));
  }
  if (p.decision_choice.empty()) return std::nullopt;
  return game.word_picks(st, {{pl, {}, -1, engine::kNoSquare, p.decision_choice, false}});
}

// The result: a full-width band in the winner's colour, unmistakable.
void draw_game_over(const engine::Match& match, const MatchView& view, const ui::Tr& tr, UiState& ui,
                    std::vector<Action>& out) {
  const auto& st = match.state();
  const auto& r = *st.result;
  const ImU32 c = r.winner == 0 ? ui::colour::kWarning : ui::player_colour(r.winner);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, c);
  ImGui::BeginChild("game_over", ImVec2(0, 96), true);
  ImGui::PushFont(view.fonts && view.fonts->large ? view.fonts->large : ImGui::GetFont());
  const std::string title =
      r.winner == 0 ? std::string(tr("game_over.draw")) : fmt::format("{} — P{} {}", tr("game_over"), r.winner, tr("wins"));
  // Beside a wide board the side column is narrow: the title shrinks to fit,
  // never cut ("P1 wi…").
  const float room = ImGui::GetContentRegionAvail().x;
  const float wide = ImGui::CalcTextSize(title.c_str()).x;
  if (wide > room && wide > 0.0f) ImGui::SetWindowFontScale(room / wide);
  ImGui::TextUnformatted(title.c_str());
  ui.hits.record_last_item("game_over.title");
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopFont();
  // What happened in plain words, then the winner by name, from the game's words:
  // "Kim did not move within 60 s: Lee wins" ("TIMEOUT: Lee" read as if Lee lost).
  ImGui::TextUnformatted(result_text(r, match.game().words(), tr, st.players).c_str());
  ImGui::EndChild();
  ui.hits.record_last_item("game_over.band");
  ImGui::PopStyleColor();
  if (st.closed) ImGui::TextColored(ui::to_vec4(ui::colour::kOk), "%s", tr("play.closed"));
  // The clock decided it: the audience sees it once the grace runs out, or now.
  if (view.grace_left && !st.closed) {
    if (action_button(ui, "play.air_now", tr("play.air_now"), tr("play.air_now_tip"))) out.push_back(AirNow{});
    ImGui::SameLine();
    ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s",
                       fmt::format(fmt::runtime(tr("play.airs_in")), clock_text(*view.grace_left)).c_str());
    ui.hits.record_last_item("play.airs_in");
  }
}

void draw_result_panel(const engine::Match& match, const ui::Tr& tr, UiState& ui) {
  const auto& log = match.log();
  const std::size_t from = std::min(ui.play.last_result_log, log.size());
  const std::size_t to = std::min(ui.play.result_end, log.size());
  if (ImGui::BeginTable("result", 2, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableSetupColumn(tr(ui.masked() ? "play.operator_masked" : "play.operator_sees"));
    ImGui::TableSetupColumn(tr("play.public_sees"));
    ImGui::TableHeadersRow();
    for (std::size_t i = from; i < to; ++i) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      // Camera-safe: the operator's column too shows only what the public may see.
      ImGui::TextWrapped("%s", describe(engine::project(log[i], ui.masked() ? engine::kPublic : engine::kReferee),
                                        match.game(), tr, match.state().players).c_str());
      ImGui::TableNextColumn();
      ImGui::TextWrapped("%s",
                         describe(engine::project(log[i], engine::kPublic), match.game(), tr, match.state().players).c_str());
    }
    ImGui::EndTable();
  }
}

}  // namespace

std::optional<engine::Move> parse_move_text(const engine::Geometry& g, const std::string& text) {
  std::string t;
  for (char c : text)
    if (c != '-' && c != ' ') t += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  // Square names have no fixed length ("a1", "a10"): try every split.
  for (std::size_t i = 2; i + 2 <= t.size(); ++i) {
    const auto from = g.parse(t.substr(0, i));
    const auto to = g.parse(t.substr(i));
    if (from && to) return engine::Move{*from, *to};
  }
  return std::nullopt;
}

void draw_play(const MatchView& view, const ui::Tr& tr, UiState& ui, std::vector<Action>& out) {
  const engine::Match& match = *view.match;
  const auto& st = match.state();
  const engine::Game& game = match.game();
  PlayUi& p = ui.play;
  if (p.preview && p.preview->log_size != match.log().size()) p.preview.reset();
  // A correction hold pauses the clock, not the desk: the corrected move is entered
  // while it holds, and entering it resumes (console/correction_hold.h).
  const bool can_move =
      st.phase == engine::Phase::kPlaying && (!st.paused || correction_held(match)) && ui.banner.empty();
  if (!can_move) p.selected = engine::kNoSquare;

  // Board: the referee's view, or the public's while camera-safe (the engine's
  // projection: the board widget is given nothing the public may not know).
  const engine::StateView board = engine::view_state(st, ui.masked() ? engine::kPublic : engine::kReferee);
  ui::BoardModel model;
  model.game = &game;
  model.view = &board;
  model.lang = ui.lang;
  model.selected = p.selected;
  model.last_from = st.last_from;
  model.last_to = st.last_to;
  if (p.selected != engine::kNoSquare) {
    for (const auto& m : match.turn_moves())
      if (m.from == p.selected) model.targets.push_back(m.to);
  }
  if (p.preview) model.battles = p.preview->battle_squares;
  // A decision of both players marks its squares as battles; one player's, as targets.
  const bool deciding = st.phase == engine::Phase::kDeciding;
  if (deciding && st.pending.player == 0) model.battles = st.pending.squares;
  if (deciding && st.pending.player != 0) model.targets = st.pending.squares;

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // As wide as the board's shape allows at this height (22 px of coordinates), up
  // to half the width: a wide board (Gwangsanghui's 15x14 points) takes what the
  // side panel and the public board can spare.
  const auto& geo = game.geometry();
  const float board_w = std::min(avail.x * kBoardShare, (avail.y - 22.0f) * static_cast<float>(geo.files()) /
                                                            static_cast<float>(geo.ranks()) + 30.0f);
  ImGui::BeginChild("play_board", ImVec2(board_w, 0), false);
  const auto result = ui::draw_board("board", model, ImVec2(board_w, ImGui::GetContentRegionAvail().y));
  ui.board = result.layout;
  if (result.clicked) {
    if (can_move) on_board_click(match, *result.clicked, tr, ui);
    if (deciding && st.pending.player != 0 && contains(st.pending.squares, *result.clicked))
      p.decision_square = *result.clicked;
  }
  ImGui::EndChild();
  ImGui::SameLine();

  const float pub_w = std::min(ImGui::GetContentRegionAvail().x * 0.34f, 330.0f);
  ImGui::BeginChild("play_side", ImVec2(-pub_w - 8.0f, 0), false);
  ImGui::Text("%s %d   %s: %s", tr("ply"), st.ply, tr("phase"), tr(ui::phase_key(st.phase, st.pending.kind)));
  if (st.phase == engine::Phase::kPlaying) {
    ImGui::SameLine();
    ImGui::TextColored(ui::to_vec4(ui::player_colour(st.to_move)), "  %s: P%d %s", tr("turn"),
                       st.to_move, st.players[static_cast<std::size_t>(st.to_move - 1)].c_str());
  }
  ImGui::Separator();

  // Which panel stands here. Items, revival and the result take no click or key
  // for a moment after they appear: a click (or Enter) aimed at the panel that
  // stood here a moment before must not decide them.
  const SidePanel panel = st.result                   ? SidePanel::kResult
                          : !deciding                   ? SidePanel::kMove
                          : !st.pending.choices.empty() ? SidePanel::kChoices
                          : st.pending.player == 0      ? SidePanel::kCounters
                                                        : SidePanel::kPieces;
  if (!p.panel_since || p.panel != panel) {
    p.panel = panel;
    p.panel_since = ui.mono;
  }
  const bool settled = panel == SidePanel::kMove || ui.mono - *p.panel_since >= kPanelClickGuardMs;

  // The details first, each phase's own, drawn into a box of one height, so the
  // action row below them stands in one place in every phase.
  std::optional<engine::DecideCmd> decided;
  const float details_h = std::max(ImGui::GetFrameHeightWithSpacing() * 5.0f,
                                   96.0f + ImGui::GetTextLineHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y);
  ImGui::BeginChild("side_details", ImVec2(0, details_h), false);
  switch (panel) {
    case SidePanel::kResult: draw_game_over(match, view, tr, ui, out); break;
    case SidePanel::kCounters: decided = draw_counters(match, tr, ui); break;
    case SidePanel::kPieces: decided = draw_pieces(match, tr, ui); break;
    case SidePanel::kChoices: decided = draw_choices(match, tr, ui); break;
    case SidePanel::kMove:
      if (p.preview) draw_move_preview(tr, ui, game);
      else if (can_move) ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", tr("play.pick_piece"));
      break;
  }
  ImGui::EndChild();

  // The action row: [typed move] [the phase's confirmation] [its alternative],
  // each slot one size in every phase and language.
  const float primary_w = slot_width({tr("confirm"), tr("play.declare"), tr("play.revival.confirm"), tr("play.confirm_result")});
  const float secondary_w = slot_width({tr("cancel"), tr("play.decline"), tr("play.reinstate")});
  const float field_w = 120.0f;
  if (panel == SidePanel::kMove && can_move && !p.preview) {
    draw_move_entry(match, tr, ui, field_w);
  } else {
    ImGui::Dummy(ImVec2(field_w, ImGui::GetFrameHeight()));
  }
  ImGui::SameLine();
  switch (panel) {
    case SidePanel::kMove:
      if (action_button(ui, "play.confirm", tr("confirm"), tr("play.confirm_tip"), ui::key::kEnter, "Enter",
                        p.preview.has_value(), false, primary_w))
        out.push_back(SubmitCommand{engine::MoveCmd{p.preview->move}});
      ImGui::SameLine();
      if (action_button(ui, "play.cancel", tr("cancel"), tr("play.cancel_tip"), ui::key::kEscape, "Esc",
                        p.preview.has_value(), false, secondary_w)) {
        p.preview.reset();
        p.selected = engine::kNoSquare;
      }
      break;
    case SidePanel::kCounters:
      if (action_button(ui, tr("hit." + st.pending.kind) + std::string(".confirm"), tr("play.declare"),
                        tr("play.declare_tip"), ui::key::kEnter, "Enter", decided.has_value() && settled, false,
                        primary_w))
        out.push_back(SubmitCommand{*decided});
      break;
    case SidePanel::kChoices:
      if (action_button(ui, st.pending.kind + ".confirm", tr("confirm"), tr("play.confirm_tip"), ui::key::kEnter,
                        "Enter", decided.has_value() && settled, false, primary_w))
        out.push_back(SubmitCommand{*decided});
      break;
    case SidePanel::kPieces: {
      const std::string hit = tr("hit." + st.pending.kind);
      if (action_button(ui, hit + ".confirm", tr("play." + st.pending.kind + ".confirm"),
                        tr("play." + st.pending.kind + ".tip"), ui::key::kEnter, "Enter",
                        decided.has_value() && settled, false, primary_w))
        out.push_back(SubmitCommand{*decided});
      ImGui::SameLine();
      const auto decline = game.word_picks(st, {{st.pending.player, {}, -1, engine::kNoSquare, {}, true}});
      if (action_button(ui, hit + ".decline", tr("play.decline"), tr("play.decline_tip"), 'D', "D",
                        settled && decline.has_value(), false, secondary_w))
        out.push_back(SubmitCommand{*decline});
      break;
    }
    case SidePanel::kResult: {
      // Closed: nothing left to confirm; the slot stays empty.
      const bool open = ui.banner.empty() && settled;
      if (st.closed) {
        ImGui::Dummy(ImVec2(primary_w, ImGui::GetFrameHeight()));
      } else if (action_button(ui, "play.close", tr("play.confirm_result"), tr("play.confirm_result_tip"), 'C', "C",
                               open, false, primary_w)) {
        p.dialog = PlayUi::Dialog::kClose;
        p.dialog_opened = false;
      }
      // A timeout can be taken back (contract: `clock` after a timeout reinstates);
      // K, as the clock action it is (that one is off once the game is over).
      if (st.result->reason == "timeout" && !st.closed) {
        ImGui::SameLine();
        if (action_button(ui, "play.reinstate", tr("play.reinstate"), tr("play.reinstate_tip"), 'K', "K", open,
                          false, secondary_w))
          open_dialog(ui, PlayUi::Dialog::kReinstate, 1, 'K');
      }
      break;
    }
  }
  ImGui::Separator();
  // The last command's result for the operator beside the public's, then the log:
  // beside the board, which keeps the full height.
  const float log_h = std::max(ImGui::GetContentRegionAvail().y * 0.5f, 120.0f);
  ImGui::BeginChild("result_panel", ImVec2(0, -log_h), false);
  draw_result_panel(match, tr, ui);
  ImGui::EndChild();
  ImGui::BeginChild("match_log", ImVec2(0, 0), true);
  // Camera-safe: the log is the engine's public projection unless reveal is held.
  draw_log(match, ui.masked() ? engine::kPublic : engine::kReferee, tr);
  ImGui::EndChild();

  ImGui::EndChild();
  ImGui::SameLine();

  // What the audience sees now: the public view of the board.
  ImGui::BeginChild("play_public", ImVec2(0, 0), false);
  ImGui::TextUnformatted(tr("play.public_board"));
  const engine::StateView pub = engine::view_state(st, engine::kPublic);
  ui::BoardModel pub_model;
  pub_model.game = &game;
  pub_model.view = &pub;
  pub_model.lang = ui.lang;
  pub_model.last_from = st.last_from;
  pub_model.last_to = st.last_to;
  const ImVec2 room = ImGui::GetContentRegionAvail();
  ui::draw_board("public_board", pub_model, ImVec2(room.x, std::max(room.y - 4.0f, 60.0f)));
  ImGui::EndChild();
}

}  // namespace facedown::console
