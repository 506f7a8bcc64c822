#include "console/widgets.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <vector>

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
                   int key, const char* key_name, bool enabled, bool ctrl, float width) {
  if (!enabled) ImGui::BeginDisabled();
  ImGui::PushID(hit.c_str());
  bool pressed = ImGui::Button(label, ImVec2(width, 0.0f));
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

float slot_width(std::initializer_list<const char*> labels) {
  float w = 0.0f;
  for (const char* l : labels) w = std::max(w, ImGui::CalcTextSize(l).x);
  return w + 2 * ImGui::GetStyle().FramePadding.x;
}

std::string elide_middle(const std::string& text, float max_width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= max_width) return text;
  // Byte offsets where code points start (continuation bytes are 10xxxxxx).
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0u) != 0x80u) starts.push_back(i);
  starts.push_back(text.size());
  const std::size_t n = starts.size() - 1;
  if (n == 0) return text;
  // k code points kept, the end (the file name) favoured: the widest that fits.
  auto with = [&](std::size_t k) {
    const std::size_t tail = (k + 1) / 2;
    const std::size_t head = k - tail;
    return text.substr(0, starts[head]) + "..." + text.substr(starts[n - tail]);
  };
  std::size_t lo = 0, hi = n - 1;  // with(lo) is the fallback even when it does not fit
  while (lo < hi) {
    const std::size_t mid = (lo + hi + 1) / 2;
    if (ImGui::CalcTextSize(with(mid).c_str()).x <= max_width) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return with(lo);
}

void elided_text(UiState& ui, const std::string& hit, ImU32 colour, const std::string& text, float max_width) {
  const std::string shown = elide_middle(text, max_width);
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextUnformatted(shown.c_str());
  ImGui::PopStyleColor();
  ui.hits.record_last_item(hit);
  if (shown != text && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
}

}  // namespace facedown::console
