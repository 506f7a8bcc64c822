// The battle explainer's words: one caption per pair of the latest battle,
// stating the arithmetic where the values are public ("1 + 9 = 10: the 9 wins",
// "minus line: 9 - 1 = 8, the 1 wins", "+1 used", "mine: both removed"), ranks
// where both identities are public ("Miner takes Bomb"), and only the outcome
// where they stay hidden ("defender wins"). Kinds and outcomes are the game's
// words (engine/words.h); only the sentence around them is the overlay's. It
// reads only the model, which holds only what the public rows say, so it cannot
// state a secret.
#pragma once
#include <string>
#include <vector>

#include "broadcast/model.h"
#include "broadcast/on_air_text.h"

namespace facedown::broadcast {

std::vector<std::string> battle_explainer(const OnAirModel& m, Lang lang);

// The label drawn on a piece with this token ("7", "M" / "지뢰", "K" / "왕").
std::string piece_label(const OnAirModel& m, const std::string& token, Lang lang);
// A piece's name for a caption: the roster's name in the language ("Miner").
std::string piece_name(const OnAirModel& m, const std::string& token, Lang lang);
// The fixed text around the game's words in the explainer's lines, both
// languages (arrows, "takes", "승리", the arithmetic's signs): for font atlases.
std::string explainer_fixed_text();
// Whether a token is a number ("7"): numbers are their own label in any language.
bool is_number_token(const std::string& s);

}  // namespace facedown::broadcast
