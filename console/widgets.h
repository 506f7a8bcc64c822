// Small console widgets: buttons that also answer to a keyboard shortcut, show it
// in their tooltip, and record themselves in the HitMap under a stable name.
#pragma once
#include <string>

#include "console/ui_state.h"

namespace facedown::console {

// A key pressed this frame while no text field has the keyboard.
bool shortcut_pressed(int key, bool ctrl = false);
// A key held (the reveal key).
bool key_held(int key);

// A shortcut's name for a tooltip: "Ctrl+R" (key_name is the bare key, "R").
std::string shortcut_name(const char* key_name, bool ctrl);

// A button named `hit` in the HitMap; pressed by a click or by `key` (0: none).
// The tooltip shows `tip` and the shortcut's name.
bool action_button(UiState& ui, const std::string& hit, const char* label, const char* tip,
                   int key = 0, const char* key_name = nullptr, bool enabled = true,
                   bool ctrl = false);

}  // namespace facedown::console
