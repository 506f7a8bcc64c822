#include "console/widgets.h"

#include <imgui.h>
#include <imgui_internal.h>

namespace facedown::console {

bool shortcut_pressed(int key, bool ctrl) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || key <= 0) return false;
  if (io.KeyCtrl != ctrl) return false;
  // While a dialog is open, only the dialog's own buttons answer to keys.
  const bool any_popup = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
  if (any_popup && !(ImGui::GetCurrentWindowRead()->Flags & ImGuiWindowFlags_Popup)) return false;
  return ImGui::IsKeyPressed(key, false);
}

bool key_held(int key) { return ImGui::IsKeyDown(key); }

std::string shortcut_name(const char* key_name, bool ctrl) {
  return std::string(ctrl ? "Ctrl+" : "") + (key_name ? key_name : "");
}

bool action_button(UiState& ui, const std::string& hit, const char* label, const char* tip,
                   int key, const char* key_name, bool enabled, bool ctrl) {
  if (!enabled) ImGui::BeginDisabled();
  ImGui::PushID(hit.c_str());
  bool pressed = ImGui::Button(label);
  ImGui::PopID();
  ui.hits.record_last_item(hit);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    if (key_name) {
      ImGui::SetTooltip("%s  [%s]", tip, shortcut_name(key_name, ctrl).c_str());
    } else {
      ImGui::SetTooltip("%s", tip);
    }
  }
  if (!enabled) {
    ImGui::EndDisabled();
    return false;
  }
  if (key != 0 && shortcut_pressed(key, ctrl)) pressed = true;
  return pressed;
}

}  // namespace facedown::console
