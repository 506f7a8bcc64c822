// Match: the players' commands — a move, a decision (engine/decision.h). The game
// decides what they do; the match checks whose turn it is and finishes the resolution.
#include <algorithm>

#include "engine/match.h"
#include "engine/vocabulary.h"

namespace facedown::engine {

std::optional<Rejection> Match::decide_one(const MoveCmd& c) {
  const MatchState& s = state_;
  if (auto r = need_running()) return r;
  if (auto r = need_unpaused()) return r;
  if (s.phase == Phase::kDeciding) return Rejection{game_->awaiting(s)};
  const Geometry& g = game_->geometry();
  int id = s.piece_at(c.move.from);
  if (id < 0) return Rejection{"no piece on " + g.name(c.move.from)};
  int owner = s.pieces[static_cast<std::size_t>(id)].owner;
  if (owner != s.to_move)
    return Rejection{g.name(c.move.from) + " is " + player_name(owner) + "'s piece; " +
                     player_name(s.to_move) + " is to move"};
  // A game that reports its identity questions is asked about this move only
  // (engine/identity_reads.h); for the others the turn's list is kept.
  const bool legal = game_->reports_identity_reads()
                         ? game_->is_legal_move(s, s.to_move, c.move)
                         : std::ranges::find(moves_of(s.to_move), c.move) != moves_of(s.to_move).end();
  if (!legal)
    return Rejection{g.name(c.move.from) + "-" + g.name(c.move.to) + " is not a legal move: " + why_illegal(c.move)};
  game_->play(*this, c.move);
  finish_resolution();
  return std::nullopt;
}

std::string Match::why_illegal(const Move& move) const {
  const MatchState& s = state_;
  const Geometry& g = game_->geometry();
  const int id = s.piece_at(move.from);
  if (id < 0) return "no piece on " + g.name(move.from);
  const Piece& piece = s.pieces[static_cast<std::size_t>(id)];
  const std::string& name = game_->roster()[static_cast<std::size_t>(piece.type)].name_en;
  if (game_->never_moves(piece.type)) return "a " + name + " never moves";
  if (move.to < 0 || move.to >= g.size()) return "no such square";
  const int there = s.piece_at(move.to);
  if (there >= 0 && s.pieces[static_cast<std::size_t>(there)].owner == piece.owner)
    return g.name(move.to) + " holds " + player_name(piece.owner) + "'s own piece";
  // The game's own rules are the judge: the piece alone on an empty board shows
  // what it may do from there, so no game's movement is written twice.
  MatchState alone = s;
  alone.board.assign(alone.board.size(), -1);
  alone.removed = {};
  alone.pieces = {piece};
  alone.board[static_cast<std::size_t>(piece.square)] = 0;
  std::vector<Move> free_moves;
  game_->legal_moves(alone, piece.owner, free_moves);
  if (std::find(free_moves.begin(), free_moves.end(), move) == free_moves.end())
    return "a " + name + " cannot go from " + g.name(move.from) + " to " + g.name(move.to);
  if (there >= 0)
    return g.name(move.to) + " is occupied by " + player_name(s.pieces[static_cast<std::size_t>(there)].owner) +
           "'s piece";
  return "the way from " + g.name(move.from) + " to " + g.name(move.to) + " is blocked";
}

std::optional<Rejection> Match::decide_one(const DecideCmd& c) {
  if (auto r = need_running()) return r;
  if (auto r = need_unpaused()) return r;
  // The game says what is awaited, or that nothing of this kind is.
  if (auto r = game_->decide(*this, c)) return r;
  finish_resolution();
  return std::nullopt;
}

}  // namespace facedown::engine
