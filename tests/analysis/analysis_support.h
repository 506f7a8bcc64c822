// Helpers of the analysis tests: a viewer's stream of a match, and the true
// identity behind each piece an analysis lists.
#pragma once
#include <string>
#include <vector>

#include "analysis/deduction.h"
#include "engine/match.h"

namespace analysis_test {

// Every event of the match's log as `viewer` saw it.
std::vector<facedown::engine::Event> stream_of(const facedown::engine::Match& m, facedown::engine::Viewer viewer);

// The piece an analysis line is about, in the match's current state.
const facedown::engine::Piece& truth_of(const facedown::engine::Match& m, const facedown::analysis::PieceOdds& odds);

// Everything an analysis says, as text (probabilities to 17 digits), for
// byte-for-byte comparisons.
std::string printed(const facedown::analysis::Analysis& a);

}  // namespace analysis_test
