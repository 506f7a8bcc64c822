// Number Janggi's battle explainer: what each pair's battle meant, from what the
// public knows. Where both values are public, the arithmetic that decided it
// ("1 + 9 = 10: the 9 wins", "minus line: 9 - 1 = 8, the 1 wins", "4 = 4: both
// removed"; under tie_compare=printed, "printed 5 = 5: both removed"), and each
// +1 / -1 an effective value shows ("; +1 used"). Where either side is hidden
// (Blind; kings kept secret), the kind's word or "hidden battle" with the
// outcome, as every game says it (explain_ranks_and_outcomes). Its sentences are
// Number Janggi's phrases (explanation_words), so both languages and every
// character come from the words table.
#pragma once
#include <string>
#include <vector>

#include "engine/game.h"

namespace facedown::engine::number_janggi {

// The phrases the explanation uses (WordKind::kPhrase, "explain-..."), part of
// the game's words.
std::vector<Word> explanation_words();

std::vector<std::string> explain(const Game& game, const ShownBattle& battle, Lang lang);

}  // namespace facedown::engine::number_janggi
