// [SECTION] The event log: every event with its match time, as `viewer` may see
// it; events undone by a void stay listed, greyed and marked.
#include <imgui.h>

#include "console/event_text.h"
#include "console/screens.h"
#include "engine/view.h"
#include "ui/theme.h"

namespace facedown::console {

void draw_log(const engine::Match& match, engine::Viewer viewer, const ui::Tr& tr,
              std::size_t max_rows) {
  const auto& log = match.log();
  const auto& effective = match.in_effect();
  if (!ImGui::BeginTable("log", 4,
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                             ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerV)) {
    return;
  }
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("#");
  ImGui::TableSetupColumn(tr("log.time"));
  ImGui::TableSetupColumn(tr("log.command"));
  ImGui::TableSetupColumn(tr("log.event"), ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  const std::size_t first = max_rows > 0 && log.size() > max_rows ? log.size() - max_rows : 0;
  // Only the visible rows are described and drawn: a long final stays cheap.
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(log.size() - first));
  while (clipper.Step())
  for (std::size_t i = first + static_cast<std::size_t>(clipper.DisplayStart);
       i < first + static_cast<std::size_t>(clipper.DisplayEnd); ++i) {
    const engine::Event e = engine::project(log[i], viewer);
    const bool voided = i < effective.size() && !effective[i];
    ImGui::TableNextRow();
    if (voided) ImGui::PushStyleColor(ImGuiCol_Text, ui::colour::kMuted);
    ImGui::TableNextColumn();
    ImGui::Text("%d", log[i].seq);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(clock_text(log[i].t).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%s%s", log[i].cmd > 0 ? "c" : "", log[i].cmd > 0 ? std::to_string(log[i].cmd).c_str() : tr("log.time_passed"));
    ImGui::TableNextColumn();
    const std::string text = describe(e, match.game(), tr, match.state().players);
    if (voided) {
      ImGui::Text("[%s] %s", tr("log.voided"), text.c_str());
    } else {
      ImGui::TextUnformatted(text.c_str());
    }
    if (voided) ImGui::PopStyleColor();
  }
  // Follow the newest event unless the operator scrolled up.
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 4.0f) ImGui::SetScrollHereY(1.0f);
  ImGui::EndTable();
}

}  // namespace facedown::console
