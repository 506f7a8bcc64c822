// Small console widgets: buttons that also answer to a keyboard shortcut, show it
// in their tooltip, and record themselves in the HitMap under a stable name; text
// that never runs past its room (elided in the middle, whole in a tooltip).
#pragma once
#include <imgui.h>

#include <initializer_list>
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
// The tooltip shows `tip` and the shortcut's name. `width` > 0: that wide
// whatever the label (a slot several buttons share in turn).
bool action_button(UiState& ui, const std::string& hit, const char* label, const char* tip,
                   int key = 0, const char* key_name = nullptr, bool enabled = true,
                   bool ctrl = false, float width = 0.0f);

// One width for every button that may stand in a slot in turn: the widest of
// their labels with the frame's padding, so the slot keeps its place and size.
float slot_width(std::initializer_list<const char*> labels);

// `text` as it fits in `max_width` pixels of the current font: whole, or its
// start and end around "..." (ASCII: every font of the desk has it). Cuts only
// between UTF-8 code points, so Hangul is never split.
std::string elide_middle(const std::string& text, float max_width);

// One line of text in at most `max_width` pixels, recorded as `hit`; when it had
// to be elided the whole text is in its tooltip.
void elided_text(UiState& ui, const std::string& hit, ImU32 colour, const std::string& text, float max_width);

}  // namespace facedown::console
