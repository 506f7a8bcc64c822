#include "ui/theme.h"

namespace facedown::ui {

ImU32 player_colour(int player) {
  if (player == 1) return colour::kPlayer1;
  if (player == 2) return colour::kPlayer2;
  return colour::kMuted;
}

ImVec4 to_vec4(ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); }

void apply_theme(ImGuiStyle& style) {
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 4.0f;
  style.FrameRounding = 3.0f;
  style.FramePadding = ImVec2(8.0f, 5.0f);
  style.ItemSpacing = ImVec2(8.0f, 6.0f);
  style.WindowBorderSize = 1.0f;
}

}  // namespace facedown::ui
