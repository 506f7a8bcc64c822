// The Control API dialog: where the desk's remote control listens and its bearer
// token, for setting up a Companion page. The token stays hidden unless its
// reveal button is held (the desk may be on camera); copying needs no reveal.
#pragma once
#include <optional>
#include <string>

#include "console/ui_state.h"
#include "ui/i18n.h"

namespace facedown::console {

struct ControlInfo {
  std::string url;    // "http://127.0.0.1:8089"; empty: not listening
  std::string token;  // empty: no token
  std::string error;  // why it is not listening (empty: turned off, or listening)
};

// The top bar's button that opens the dialog (named "control_api" in the HitMap).
void draw_control_button(const ui::Tr& tr, UiState& ui);
// The dialog itself, while ui.control_open.
void draw_control_dialog(const std::optional<ControlInfo>& info, const ui::Tr& tr, UiState& ui);
// Its phrases, English and Korean.
void add_control_phrases(ui::Catalog& catalog);

}  // namespace facedown::console
