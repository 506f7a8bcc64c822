#include "engine/attack_play.h"

#include "engine/vocabulary.h"

namespace facedown::engine {

Combat combat_by_type(AttackOutcome (*by_type)(PieceType, PieceType)) {
  return [by_type](const MatchState& s, int attacker, int defender) {
    return by_type(s.pieces[static_cast<std::size_t>(attacker)].type,
                   s.pieces[static_cast<std::size_t>(defender)].type);
  };
}

void step_or_attack(Resolver& r, const Move& move, const Combat& combat, AttackReveal reveal) {
  const MatchState& s = r.state();
  const int id = s.piece_at(move.from);
  const int target = s.piece_at(move.to);
  const int player = s.pieces[static_cast<std::size_t>(id)].owner;
  if (target < 0) {
    r.emit(Moved{player, s.ref(id), move.from, move.to});
    return;
  }
  PieceRef attacker = s.ref(id), defender = s.ref(target);
  Attack a{player, attacker, defender, move.from, move.to, combat(s, id, target), {}};
  if (reveal == AttackReveal::kBothRanks) {
    // Both ranks are announced, and the pieces that fought stay face up.
    a.attacker.hidden_from = 0;
    a.defender.hidden_from = 0;
    for (const PieceRef& pr : {a.attacker, a.defender})
      if (!s.pieces[static_cast<std::size_t>(pr.id)].revealed) a.revealed.push_back(pr);
  }
  r.emit(std::move(a));
}

std::vector<Word> flag_capture_words() {
  return {
      {WordKind::kReason, "flag-captured", "flag captured", "깃발 포획"},
      {WordKind::kDetail, "flag-captured", "{@player}'s flag was captured", "{@player}의 깃발이 잡힘"},
  };
}

std::optional<Result> flag_captured(const MatchState& s, PieceType flag) {
  for (const Piece& p : s.pieces)
    if (p.type == flag && p.square == kNoSquare)
      return Result{other(p.owner), "flag-captured", {"flag-captured", {{"player", seat_param(p.owner)}}}, {}};
  return std::nullopt;
}

}  // namespace facedown::engine
