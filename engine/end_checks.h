// End checks a game's victory() runs itself when its rules put them before the
// ply limit, which Match checks right after victory() and before the next turn's
// "no legal move" check (Gunjin, Hasami: no legal move, then repetition, then the
// ply limit).
#pragma once
#include <optional>

#include "engine/game.h"

namespace facedown::engine {

// Whether the move just made reaches the match's ply limit.
bool ply_limit_reached(const MatchState& s);

// The result when `player` (now to move) has no legal move, as Match would write
// it (the `no_legal_moves` option decides loss or draw); nullopt when it has one.
std::optional<Result> no_legal_moves_result(const Game& game, const MatchState& s, int player);

}  // namespace facedown::engine
