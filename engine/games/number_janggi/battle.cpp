#include "engine/games/number_janggi/battle.h"

namespace facedown::engine::number_janggi {

PairOutcome fight(const Fighter& mover, const Fighter& enemy, bool minus_line,
                  const BattleRules& rules) {
  const bool mk = mover.cls == Class::kKing, ek = enemy.cls == Class::kKing;
  if (mk && ek) return {"kings", false, false};
  // A king loses to anything but a king; a mine it meets goes with it.
  if (mk) return {"king", true, enemy.cls == Class::kMine};
  if (ek) return {"king", mover.cls == Class::kMine, true};
  if (mover.cls == Class::kMine || enemy.cls == Class::kMine) return {"mine", true, true};

  const std::string kind = minus_line ? "minus" : "sum";
  const int a = mover.effective, b = enemy.effective;
  const bool tie = rules.tie_on_printed ? mover.printed == enemy.printed : a == b;
  if (tie || a == b) return {kind, true, true};
  // Both readings of the minus battle and the sum battle share one shape: a
  // "score" at or above 10 lets the higher value win, below it the lower wins.
  bool higher_wins;
  if (minus_line)
    higher_wins = rules.minus_threshold && (a > b ? a - b : b - a) >= 10;
  else
    higher_wins = a + b >= 10;
  const bool mover_wins = higher_wins ? a > b : a < b;
  return {kind, !mover_wins, mover_wins};
}

}  // namespace facedown::engine::number_janggi
