// Players for every game, on the engine's legal moves, each deciding only from
// what its side may know: its own pieces, what it sees of the other side
// (engine::may_see), and the public trail (analysis/piece_trail.h: setup squares,
// which pieces moved). The other side's face-down identities are never read:
// the informed player draws them (HiddenSampler) uniformly over the assignments
// the roster counts, the trail and the placement limits allow, and overwrites
// every one of them before it looks ahead.
//
//  - kRandom: a uniformly random legal move (a decision: the game's random choice,
//    Game::choose_decision).
//  - kGreedy: fights whenever it can: a random move onto an enemy piece, else
//    one that ends beside an enemy piece (front, back, left, right), else any.
//  - kInformed: every legal move (or `max_moves` of them, attacks first) is
//    played through the game's own rules (Game::play, a pending decision
//    resolved by Game::decide_by_default) on `samples` drawn positions; it takes
//    the move with the best mean score (a win, a loss, else material by roster
//    strength with the objective piece worth most, plus a little for advancing),
//    ties broken at random.
// At a decision the game chooses for the player (Game::choose_decision, given the
// player kind and the piece worths): Number Janggi declares no items (a limit:
// docs/analysis.md) and brings back its strongest number.
// Deterministic: the same match, trail, options and rng give the same command.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "analysis/piece_trail.h"
#include "engine/match.h"

namespace facedown::analysis {

enum class PlayerKind { kRandom, kGreedy, kInformed };

struct PlayerOptions {
  PlayerKind kind = PlayerKind::kInformed;
  int samples = 6;    // drawn positions per decision (informed)
  int max_moves = 0;  // moves scored per decision (informed); 0: all
  // Draw the hidden identities exactly uniformly (the counting library) or, for
  // playouts where the counter's set-up per decision dominates, one at a time,
  // the most constrained piece first (close to uniform, not exactly).
  bool exact_draws = true;
};

// The command the side that must decide now would give: a move or a decision. nullopt when no player has to decide (not
// started, paused, finished).
std::optional<engine::Command> choose(const engine::Match& m, const PieceTrail& trail, const PlayerOptions& options,
                                      std::uint64_t& rng);

// Draws identities for the pieces of `me`'s opponent that `me` cannot see, over
// the counting library (setup_count.h): the roster counts left once the pieces
// `me` sees are taken out, each piece allowed the types its setup square allows
// and, once it moved, only types that move. Uniform over those assignments
// (other evidence, such as outcome-only battles, is not used: a limit).
class HiddenSampler {
 public:
  HiddenSampler(const engine::Game& game, const engine::MatchState& s, int me, const PieceTrail& trail,
                bool exact = true);
  // Piece ids whose identity is drawn.
  const std::vector<int>& hidden() const { return ids_; }
  // Overwrites every hidden piece's type in `s` (a copy of the state given).
  void draw(engine::MatchState& s, std::uint64_t& rng) const;

 private:
  std::vector<int> ids_;
  std::vector<std::vector<engine::PieceType>> allowed_;  // per hidden piece
  std::vector<int> counts_;                              // per type, left for the hidden pieces
  struct Counter;
  std::shared_ptr<const Counter> counter_;  // null: the constraints admit nothing; draw from counts alone
  bool sequential_ = false;                 // draw one piece at a time, in order_
  std::vector<std::size_t> order_;
};

// The informed player's score of a position for `me`, without lookahead:
// +-1000 for a decided game (0 for a draw), else the material difference by
// piece worth and a small bonus for advancing. Exposed for the material baseline.
double position_score(const engine::Game& game, const engine::MatchState& s, int me);
// A piece type's worth: 1 plus its strength share; the objective piece 20.
double piece_worth(const engine::Game& game, engine::PieceType t);

}  // namespace facedown::analysis
