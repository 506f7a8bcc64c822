#include "tests/analysis/analysis_support.h"

#include <sstream>

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

std::string printed(const facedown::analysis::Analysis& a) {
  std::ostringstream out;
  out.precision(17);
  out << static_cast<int>(a.method) << " " << a.draws << " " << a.accepted << " " << (a.error ? *a.error : "") << "\n";
  for (const auto& n : a.notes) out << n << "\n";
  for (const auto& piece : a.pieces) {
    out << piece.owner << " " << piece.square << " " << piece.removed_index << " " << piece.setup_square << ":";
    for (std::size_t t = 0; t < piece.p.size(); ++t) out << " " << piece.p[t] << "/" << piece.se[t] << "/" << piece.possible[t];
    out << "\n";
  }
  return out.str();
}

}  // namespace analysis_test
