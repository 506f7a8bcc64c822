// Match: the players' commands — move, items, revive. The game decides what
// they do; the match checks whose turn it is and finishes the resolution.
#include <algorithm>

#include "engine/match.h"
#include "engine/vocabulary.h"

namespace facedown::engine {

std::optional<Rejection> Match::decide_one(const MoveCmd& c) {
  const MatchState& s = state_;
  if (auto r = need_running()) return r;
  if (auto r = need_unpaused()) return r;
  if (s.phase == Phase::kAwaitingItems) return Rejection{"waiting for item declarations"};
  if (s.phase == Phase::kAwaitingRevival)
    return Rejection{"waiting for " + player_name(s.pending.player) + "'s revival choice"};
  const Geometry& g = game_->geometry();
  int id = s.piece_at(c.move.from);
  if (id < 0) return Rejection{"no piece on " + g.name(c.move.from)};
  int owner = s.pieces[static_cast<std::size_t>(id)].owner;
  if (owner != s.to_move)
    return Rejection{g.name(c.move.from) + " is " + player_name(owner) + "'s piece; " +
                     player_name(s.to_move) + " is to move"};
  const auto& moves = moves_of(s.to_move);
  if (std::find(moves.begin(), moves.end(), c.move) == moves.end())
    return Rejection{g.name(c.move.from) + "-" + g.name(c.move.to) + " is not a legal move"};
  game_->play(*this, c.move);
  finish_resolution();
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const ItemsCmd& c) {
  if (auto r = need_running()) return r;
  if (auto r = need_unpaused()) return r;
  if (state_.phase != Phase::kAwaitingItems) return Rejection{"no item declarations are awaited now"};
  if (auto r = game_->declare_items(*this, c)) return r;
  finish_resolution();
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const ReviveCmd& c) {
  if (auto r = need_running()) return r;
  if (auto r = need_unpaused()) return r;
  if (state_.phase != Phase::kAwaitingRevival) return Rejection{"no revival choice is awaited now"};
  if (auto r = game_->revive(*this, c)) return r;
  finish_resolution();
  return std::nullopt;
}

}  // namespace facedown::engine
