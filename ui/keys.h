// Key codes for shortcuts. ImGui 1.86 indexes io.KeysDown[] by the backend's own
// codes; the GLFW backend uses GLFW key codes, whose letters and digits are ASCII
// ('A' = 65, '0' = 48). These constants copy GLFW's values for the other keys so
// shortcut code and headless tests need no GLFW header.
#pragma once

namespace facedown::ui::key {
inline constexpr int kSpace = 32;
inline constexpr int kEscape = 256;
inline constexpr int kEnter = 257;
inline constexpr int kTab = 258;
inline constexpr int kBackspace = 259;
inline constexpr int kDelete = 261;
inline constexpr int kRight = 262;
inline constexpr int kLeft = 263;
inline constexpr int kDown = 264;
inline constexpr int kUp = 265;
inline constexpr int kHome = 268;
inline constexpr int kEnd = 269;
inline constexpr int kF1 = 290;  // kF1 + n - 1 is Fn
inline constexpr int kLeftShift = 340;
inline constexpr int kLeftControl = 341;
inline constexpr int kLeftAlt = 342;
}  // namespace facedown::ui::key
