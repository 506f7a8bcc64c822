// The battle explainer's lines and the pieces' labels on air. The lines are the
// game's own (Game::explain, engine/battle_explanation.h): the arithmetic where
// values are public ("1 + 9 = 10: the 9 wins"), ranks where both are public
// ("Miner takes Bomb"), the outcome where hidden ("defender wins"), in both
// languages from the game's words. Broadcast only hands the game what the model
// says of the battle (a ShownBattle) and places the lines; no sentence of a game
// is written here. The model holds only what the public rows say, so no line can
// state a secret.
#pragma once
#include <string>
#include <vector>

#include "broadcast/model.h"
#include "broadcast/on_air_text.h"
#include "broadcast/theme.h"

namespace facedown::broadcast {

std::vector<std::string> battle_explainer(const OnAirModel& m, Lang lang);

// The label drawn on a piece with this token ("7", "M" / "지뢰", "K" / "왕",
// "K" / "기" where "기병" does not fit Gwangsanghui's discs): the game's labels
// that fit the pieces of `theme` (nullptr: the build's), broadcast/piece_labels.h.
std::string piece_label(const OnAirModel& m, const std::string& token, Lang lang, const Theme* theme = nullptr);
// A piece's name for a caption: the roster's name in the language ("Miner").
std::string piece_name(const OnAirModel& m, const std::string& token, Lang lang);
// Whether a token is a number ("7"): numbers are their own label in any language.
bool is_number_token(const std::string& s);

}  // namespace facedown::broadcast
