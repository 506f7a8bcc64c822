// One line of text per event, for the log, the result panel and the public
// preview. It describes whatever event it is given: pass project(e, viewer) for a
// viewer's line, so hidden pieces read "hidden" because the engine blanked them.
// Every code an event carries (reasons, battle kinds, items, outcomes, details)
// reads from the game's words (engine/words.h), in tr's language, with the
// players' names when given; the console keeps no list of a game's codes.
#pragma once
#include <string>

#include "engine/event.h"
#include "engine/game.h"
#include "ui/i18n.h"

namespace facedown::console {

// `names`: the players' names by seat (empty: "player 1", "플레이어 1").
std::string describe(const engine::Event& event, const engine::Game& game, const ui::Tr& tr,
                     const engine::Names& names = {});
// The words' language for a screen's language.
engine::Lang words_lang(ui::Lang lang);
// The result in plain words: "Kim did not move within 60 s: Lee wins".
std::string result_text(const engine::Result& result, const engine::Words& words, const ui::Tr& tr,
                        const engine::Names& names);
// A result reason's word ("flag captured"), for lists that have no detail.
std::string reason_text(const engine::Words& words, const std::string& reason, const ui::Tr& tr);
// "7 (P1) at c5" or "hidden (P2) at d6".
std::string describe_piece(const engine::PieceRef& piece, const engine::Game& game,
                           const ui::Tr& tr);
// "1:23.4" style clock text for match time.
std::string clock_text(engine::Millis ms);

}  // namespace facedown::console
