// What every viewer knows of each piece beyond its face: where it was set up and
// whether it has ever moved. Both are public (setups are stored in square order
// and moves show their squares), so a side may use them for the other side's
// face-down pieces: a piece that moved is not a type that never moves, and a
// piece set up on a square holds a type allowed there (Game::check_placement).
// Pieces are labelled by the engine's piece id, which is fixed by the setup
// squares (square order), so the label carries no identity.
#pragma once
#include <cstdint>
#include <vector>

#include "engine/command.h"
#include "engine/event.h"
#include "engine/game.h"
#include "engine/match_state.h"

namespace facedown::analysis {

struct PieceTrail {
  std::vector<bool> moved;                  // by piece id
  std::vector<engine::Square> setup_square;  // by piece id; kNoSquare: not set up by a SetupLocked
  mutable std::vector<std::uint64_t> placeable_;  // memo of placeable(); 0: not computed yet

  // From a match's log (referee form: events name piece ids).
  static PieceTrail of_log(const std::vector<engine::Event>& log);
  // The same one event at a time (a replay keeps its trail as it goes, as its
  // match forgets its log: stream_replay.h).
  void note(const engine::Event& e);
  // The piece on move.from moves (call before the move is played).
  void note_move(const engine::MatchState& s, const engine::Move& move);
  bool has_moved(int id) const { return id >= 0 && static_cast<std::size_t>(id) < moved.size() && moved[static_cast<std::size_t>(id)]; }
  // The types (bit t) Game::check_placement allows on the piece's setup square
  // (every type when it was not set up by a SetupLocked); memoised per piece.
  std::uint64_t placeable(const engine::Game& game, int id, int owner) const;
  engine::Square setup_of(int id) const {
    return id >= 0 && static_cast<std::size_t>(id) < setup_square.size() ? setup_square[static_cast<std::size_t>(id)]
                                                                          : engine::kNoSquare;
  }
};

}  // namespace facedown::analysis
