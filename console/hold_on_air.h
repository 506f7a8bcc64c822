// The director's hold on air: one button (and the H key) on the play screen
// that holds the overlay's picture (a battle in its explained phase, a result
// banner) and releases it. It writes the store's presentation table
// (db/presentation.h) through the library; it is no match command and the
// engine knows nothing of it. Its words are added to the console's catalog here.
#pragma once
#include <vector>

#include "console/actions.h"
#include "console/ui_state.h"
#include "ui/i18n.h"

namespace facedown::console {

void add_hold_on_air_phrases(ui::Catalog& catalog);

// "Hold on air" / "Release"; appends HoldOnAir{!held} when pressed.
void draw_hold_on_air(const ui::Tr& tr, UiState& ui, std::vector<Action>& out, bool enabled);

}  // namespace facedown::console
