#include "tests/analysis/analysis_support.h"

#include "engine/view.h"

namespace analysis_test {

using namespace facedown::engine;

std::vector<Event> stream_of(const Match& m, Viewer viewer) {
  std::vector<Event> out;
  for (const Event& e : m.log()) out.push_back(project(e, viewer));
  return out;
}

const Piece& truth_of(const Match& m, const facedown::analysis::PieceOdds& odds) {
  const MatchState& s = m.state();
  const int id = odds.square != kNoSquare ? s.piece_at(odds.square)
                                          : s.removed[static_cast<std::size_t>(odds.owner - 1)]
                                                     [static_cast<std::size_t>(odds.removed_index)];
  return s.pieces[static_cast<std::size_t>(id)];
}

}  // namespace analysis_test
