#include "engine/end_checks.h"

#include "engine/vocabulary.h"

namespace facedown::engine {

bool ply_limit_reached(const MatchState& s) {
  const long limit = option_int(s.options, "ply_limit");
  return limit > 0 && s.ply >= limit;
}

std::optional<Result> no_legal_moves_result(const Game& game, const MatchState& s, int player) {
  std::vector<Move> moves;
  game.legal_moves(s, player, moves);
  if (!moves.empty()) return std::nullopt;
  auto it = s.options.find("no_legal_moves");
  const bool draw = it != s.options.end() && it->second == "draw";
  return Result{draw ? 0 : other(player), "no-legal-moves", {"no-legal-moves", {{"player", seat_param(player)}}}, {}};
}

}  // namespace facedown::engine
