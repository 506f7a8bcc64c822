// Number Janggi's pair battle: the outcome of one moved piece against one
// orthogonally adjacent enemy, from effective values (after +1/-1 items).
// Pure and small so each worked example of the rulebook is a one-line test.
#pragma once
#include <string>

namespace facedown::engine::number_janggi {

enum class Class { kNumber, kMine, kKing };

struct Fighter {
  Class cls = Class::kNumber;
  int printed = 0;    // 1..10 for numbers
  int effective = 0;  // printed +/- an item (0..11)
};

struct BattleRules {
  bool tie_on_printed = false;       // tie_compare=printed
  bool minus_threshold = false;      // minus_rule=threshold
};

struct PairOutcome {
  std::string kind;  // "sum" | "minus" | "mine" | "king" | "kings"
  bool mover_removed = false;
  bool enemy_removed = false;
};

PairOutcome fight(const Fighter& mover, const Fighter& enemy, bool minus_line,
                  const BattleRules& rules);

}  // namespace facedown::engine::number_janggi
