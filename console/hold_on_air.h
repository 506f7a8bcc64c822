// The director's hold on air: one button (and the H key) on the play screen
// that holds the overlay's picture (a battle in its explained phase, a result
// banner) and releases it. It writes the store's presentation table
// (db/presentation.h) through the library; it is no match command and the
// engine knows nothing of it. Its words are added to the console's catalog here.
#pragma once
#include "console/ui_state.h"
#include "ui/i18n.h"

namespace facedown::console {

void add_hold_on_air_phrases(ui::Catalog& catalog);

// "Hold on air" / "Release"; when pressed, asks the console (ui.play.on_air_request)
// to store the hold or the release after the frame.
void draw_hold_on_air(const ui::Tr& tr, UiState& ui, bool enabled);

}  // namespace facedown::console
