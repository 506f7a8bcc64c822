#include "analysis/piece_trail.h"

#include <variant>

namespace facedown::analysis {

using namespace facedown::engine;

namespace {

void grow(PieceTrail& t, int id) {
  if (id < 0) return;
  const auto need = static_cast<std::size_t>(id) + 1;
  if (t.moved.size() < need) t.moved.resize(need, false);
  if (t.setup_square.size() < need) t.setup_square.resize(need, kNoSquare);
}

void mark_moved(PieceTrail& t, int id) {
  if (id < 0) return;
  grow(t, id);
  t.moved[static_cast<std::size_t>(id)] = true;
}

}  // namespace

PieceTrail PieceTrail::of_log(const std::vector<Event>& log) {
  PieceTrail t;
  for (const Event& e : log) t.note(e);
  return t;
}

void PieceTrail::note(const Event& e) {
  if (const auto* s = std::get_if<SetupLocked>(&e.body)) {
    for (const auto& ref : s->pieces) {
      if (ref.id < 0) continue;
      grow(*this, ref.id);
      setup_square[static_cast<std::size_t>(ref.id)] = ref.square;
    }
  } else if (const auto* m = std::get_if<Moved>(&e.body)) {
    // A voided move still proved the piece may move: the engine accepted it.
    mark_moved(*this, m->piece.id);
  } else if (const auto* a = std::get_if<Attack>(&e.body)) {
    mark_moved(*this, a->attacker.id);
  }
}

std::uint64_t PieceTrail::placeable(const Game& game, int id, int owner) const {
  const Square setup = setup_of(id);
  if (setup == kNoSquare || id < 0) return ~std::uint64_t{0};
  if (placeable_.size() <= static_cast<std::size_t>(id)) placeable_.resize(static_cast<std::size_t>(id) + 1, 0);
  std::uint64_t& memo = placeable_[static_cast<std::size_t>(id)];
  if (memo == 0) {
    memo = std::uint64_t{1} << 63;  // computed (no roster has 64 types)
    for (std::size_t t = 0; t < game.roster().size() && t < 63; ++t)
      if (!game.check_placement(owner, Placement{static_cast<PieceType>(t), setup})) memo |= std::uint64_t{1} << t;
  }
  return memo;
}

void PieceTrail::note_move(const MatchState& s, const Move& move) { mark_moved(*this, s.piece_at(move.from)); }

}  // namespace facedown::analysis
