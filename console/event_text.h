// One line of text per event, for the log, the result panel and the public
// preview. It describes whatever event it is given: pass project(e, viewer) for a
// viewer's line, so hidden pieces read "hidden" because the engine blanked them.
#pragma once
#include <string>

#include "engine/event.h"
#include "engine/game.h"
#include "ui/i18n.h"

namespace facedown::console {

std::string describe(const engine::Event& event, const engine::Game& game, const ui::Tr& tr);
// "7 (P1) at c5" or "hidden (P2) at d6".
std::string describe_piece(const engine::PieceRef& piece, const engine::Game& game,
                           const ui::Tr& tr);
// "1:23.4" style clock text for match time.
std::string clock_text(engine::Millis ms);

}  // namespace facedown::console
