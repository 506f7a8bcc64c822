// Colours and style shared by the console and the overlay, so a piece of player 1
// looks the same on the desk and on air. Colours are ImU32 (IM_COL32 layout).
#pragma once
#include <imgui.h>

namespace facedown::ui {

namespace colour {
inline constexpr ImU32 kBoard = IM_COL32(214, 186, 140, 255);
inline constexpr ImU32 kBoardAlt = IM_COL32(204, 174, 126, 255);
inline constexpr ImU32 kGrid = IM_COL32(90, 66, 40, 255);
inline constexpr ImU32 kMinusLine = IM_COL32(200, 30, 30, 255);
inline constexpr ImU32 kLake = IM_COL32(70, 130, 200, 255);
inline constexpr ImU32 kCamp = IM_COL32(120, 170, 90, 255);
inline constexpr ImU32 kHeadquarters = IM_COL32(160, 110, 170, 255);
inline constexpr ImU32 kPalace = IM_COL32(230, 210, 120, 255);
inline constexpr ImU32 kPlayer1 = IM_COL32(40, 90, 190, 255);
inline constexpr ImU32 kPlayer2 = IM_COL32(190, 45, 45, 255);
inline constexpr ImU32 kPieceText = IM_COL32(255, 255, 255, 255);
inline constexpr ImU32 kSelected = IM_COL32(255, 230, 60, 255);
inline constexpr ImU32 kTarget = IM_COL32(60, 220, 120, 200);
inline constexpr ImU32 kBattle = IM_COL32(255, 120, 0, 255);
inline constexpr ImU32 kLastMove = IM_COL32(255, 255, 255, 90);
inline constexpr ImU32 kSetupArea = IM_COL32(255, 255, 255, 50);
inline constexpr ImU32 kWarning = IM_COL32(240, 190, 40, 255);
inline constexpr ImU32 kDanger = IM_COL32(235, 60, 50, 255);
inline constexpr ImU32 kOk = IM_COL32(90, 200, 110, 255);
inline constexpr ImU32 kMuted = IM_COL32(150, 150, 160, 255);
}  // namespace colour

// The player's colour (1 or 2); grey for anything else.
ImU32 player_colour(int player);
ImVec4 to_vec4(ImU32 c);
// Dark style with slightly larger spacing for a desk used under pressure.
void apply_theme(ImGuiStyle& style);

}  // namespace facedown::ui
