#include "console/director_panel.h"

#include <imgui.h>

#include "broadcast/elements.h"
#include "console/director_cues.h"
#include "console/ui_state.h"
#include "console/widgets.h"
#include "ui/keys.h"
#include "ui/theme.h"

namespace facedown::console {

using broadcast::Element;
using broadcast::Layout;

void add_director_phrases(ui::Catalog& catalog) {
  catalog.add({
      {"dir.title", "Director", "연출"},
      {"dir.button_tip", "Show, hide and hold the on-air elements", "방송 화면 요소를 보이고 숨기고 고정합니다"},
      {"dir.layout", "Layout", "레이아웃"},
      {"dir.layout_tip", "Take this layout: its elements show, the others hide", "이 레이아웃을 적용합니다"},
      {"dir.show", "Show", "보이기"},
      {"dir.hide", "Hide", "숨기기"},
      {"dir.hold", "Hold picture", "화면 고정"},
      {"dir.release", "Release picture", "화면 고정 해제"},
      {"dir.hold_tip", "Hold the board, players, battle and result as they are; the clock stays live",
       "판, 선수, 전투, 결과를 지금 그대로 고정합니다. 시계는 계속 갑니다"},
      {"dir.caption_clear", "Clear caption", "자막 지우기"},
      {"dir.on", "on air", "방송 중"},
      {"dir.cued", "cued", "대기"},
      {"dir.cued_tip", "Shown when its moment comes (a battle, the result, a lost desk or feed)",
       "때가 오면 나옵니다 (전투, 결과, 데스크나 피드 끊김)"},
      {"dir.off", "off", "꺼짐"},
      {"dir.held", "held", "고정"},
      {"dir.no_match", "No match on the desk: nothing to cue", "경기가 없어 연출할 수 없습니다"},
      {"dir.page", "Preview and Take: the director's page at /director of the control API",
       "미리보기와 송출: 제어 API의 /director 페이지"},
  });
}

namespace {

bool waits_for_moment(Element e) {
  switch (e) {
    case Element::kExplainer:
    case Element::kResult:
    case Element::kReveal:
    case Element::kStandby:
    case Element::kFeedLost:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string layout_drops_line(const broadcast::DirectorState& s, Layout l, bool korean) {
  const auto drops = broadcast::layout_drops(s, l);
  if (drops.empty()) return {};
  std::string out = std::string(broadcast::layout_label(l, korean)) + (korean ? " 적용 시 빠짐: " : " drops: ");
  for (std::size_t i = 0; i < drops.size(); ++i)
    out += (i ? ", " : "") + std::string(broadcast::element_label(drops[i], korean));
  return out;
}

const char* element_state_key(const broadcast::DirectorState& s, Element e) {
  if (!s.is_shown(e)) return "dir.off";
  if (s.hold_of(e)) return "dir.held";
  return waits_for_moment(e) ? "dir.cued" : "dir.on";
}

void draw_director_panel(const ui::Tr& tr, UiState& ui, bool match) {
  DirectorPanelUi& d = ui.director;
  if (shortcut_pressed(ui::key::kF1 + 6)) d.open = !d.open;
  // The layouts answer at any time in a match: the director's most frequent cue.
  if (match)
    for (int i = 0; i < static_cast<int>(broadcast::kLayoutCount); ++i)
      if (shortcut_pressed('1' + i, true))
        d.request.push_back("layout " + std::string(broadcast::layout_name(static_cast<Layout>(i))));
  if (!d.open) return;
  // The bottom right corner, inside the window: the referee's buttons (top right,
  // beside the clocks) and the action row stay uncovered, and it never moves.
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x - 8.0f, vp->Pos.y + vp->Size.y - 8.0f), ImGuiCond_Always,
                          ImVec2(1.0f, 1.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(vp->Size.x * 0.5f, vp->Size.y - 220.0f));
  const std::string title = std::string(tr("dir.title")) + "  [F7]###director_panel";
  if (!ImGui::Begin(title.c_str(), &d.open,
                    ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse |
                        ImGuiWindowFlags_NoMove)) {
    ImGui::End();
    return;
  }
  ui.hits.record("dir.panel", ImGui::GetWindowPos(),
                 ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                        ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
  if (!match || !d.program) {
    ImGui::TextUnformatted(tr("dir.no_match"));
    ImGui::End();
    return;
  }
  const bool korean = ui.lang == ui::Lang::kKorean;
  const broadcast::DirectorState& s = *d.program;
  ImGui::TextUnformatted(tr("dir.layout"));
  for (int i = 0; i < static_cast<int>(broadcast::kLayoutCount); ++i) {
    const auto l = static_cast<Layout>(i);
    ImGui::SameLine();
    const std::string label = std::string(s.layout == l ? "> " : "") + std::string(broadcast::layout_label(l, korean));
    const std::string key = std::to_string(i + 1);
    if (action_button(ui, "dir.layout." + std::string(broadcast::layout_name(l)), label.c_str(), tr("dir.layout_tip"),
                      0, key.c_str(), true, true))
      d.request.push_back("layout " + std::string(broadcast::layout_name(l)));
  }
  // What each layout would take off air (a cued analysis element stays: broadcast::kept_by_layout),
  // in a box of fixed size, as wide as the layout row: whatever the list says, the panel keeps its
  // size and its buttons their places (it is anchored at its bottom right), so a button never moves
  // under the operator's pointer between two clicks.
  const float row_w = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x - ImGui::GetCursorPosX();
  ImGui::BeginChild("dir.drops", ImVec2(row_w, 3.0f * ImGui::GetTextLineHeightWithSpacing()), false);
  ImGui::PushStyleColor(ImGuiCol_Text, ui::to_vec4(ui::colour::kMuted));
  for (int i = 0; i < static_cast<int>(broadcast::kLayoutCount); ++i) {
    const auto l = static_cast<Layout>(i);
    const std::string drops = layout_drops_line(s, l, korean);
    if (drops.empty()) continue;
    ImGui::TextWrapped("%s", drops.c_str());
    ui.hits.record_last_item("dir.drops." + std::string(broadcast::layout_name(l)));
  }
  ImGui::PopStyleColor();
  ImGui::EndChild();
  ImGui::Separator();
  if (ImGui::BeginTable("director_elements", 3, ImGuiTableFlags_SizingFixedFit)) {
    for (std::size_t i = 0; i < broadcast::kElementCount; ++i) {
      const auto e = static_cast<Element>(i);
      const std::string name(broadcast::element_name(e));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(std::string(broadcast::element_label(e, korean)).c_str());
      ImGui::TableNextColumn();
      const bool shown = s.is_shown(e);
      const std::string_view state = element_state_key(s, e);
      const bool cued = state == "dir.cued";
      ImGui::TextColored(ui::to_vec4(shown && !cued ? ui::colour::kOk : ui::colour::kMuted), "%s", tr(state.data()));
      ui.hits.record_last_item("dir.state." + name);
      if (cued && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("dir.cued_tip"));
      ImGui::TableNextColumn();
      if (action_button(ui, "dir." + name, tr(shown ? "dir.hide" : "dir.show"), tr("dir.button_tip")))
        d.request.push_back((shown ? "hide " : "show ") + name);
    }
    ImGui::EndTable();
  }
  ImGui::Separator();
  // The picture holds together (broadcast/director.h): any of its elements on air names it.
  const bool held = s.picture_hold.has_value();
  std::optional<Element> on_air;
  for (std::size_t i = 0; i < broadcast::kElementCount && !on_air; ++i)
    if (broadcast::in_picture(static_cast<Element>(i)) && s.is_shown(static_cast<Element>(i)))
      on_air = static_cast<Element>(i);
  if (action_button(ui, "dir.hold", tr(held ? "dir.release" : "dir.hold"), tr("dir.hold_tip"), 0, nullptr,
                    held || on_air.has_value()))
    d.request.push_back((held ? "release " : "hold ") + std::string(broadcast::element_name(on_air.value_or(Element::kBoard))));
  ImGui::SameLine();
  if (action_button(ui, "dir.caption_clear", tr("dir.caption_clear"), tr("dir.caption_clear")))
    d.request.push_back("caption-clear");
  if (!d.error.empty()) ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", d.error.c_str());
  // Wrapped at the layout row's width, as the drops: a sentence never widens the panel.
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + row_w);
  ImGui::PushStyleColor(ImGuiCol_Text, ui::to_vec4(ui::colour::kMuted));
  ImGui::TextWrapped("%s", tr("dir.page"));
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  ImGui::End();
}

void fire_director_request(MatchLibrary& library, std::optional<std::int64_t> match, DirectorPanelUi& panel) {
  if (panel.match != match) panel.program.reset();  // another match: its own program
  panel.match = match;
  if (!match) {
    panel.request.clear();
    return;
  }
  if (!panel.request.empty()) {
    auto refused = take_cues(library, *match, panel.request);
    panel.error = refused.value_or("");
    panel.request.clear();
    panel.program.reset();  // reread below: the store says what the program is now
  }
  if (!panel.program) {
    auto program = program_of(library, *match);
    if (auto* e = std::get_if<std::string>(&program)) panel.error = *e;
    else panel.program = std::get<broadcast::DirectorState>(program);
  }
}

}  // namespace facedown::console
