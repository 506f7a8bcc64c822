// What one viewer can deduce: for every piece that viewer cannot see now, the
// probability of each identity, under a uniform prior over every setup the game
// allows (its placement limits included) that is consistent with the viewer's
// stream. The engine judges consistency (stream_replay.h); the method and its
// limits are in docs/analysis.md.
//
// Exact when the constraints found are per piece or per small set of pieces
// (setup_count.h counts them and a few exact draws are replayed through the real
// game to confirm nothing joint was missed); otherwise a seeded rejection sampler
// over those constraints, each probability with its standard error. A
// probability is 1 only when every setup counted agrees.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/game.h"

namespace facedown::analysis {

struct AnalysisOptions {
  std::uint64_t seed = 1;
  int samples = 400;           // accepted draws the sampler aims for
  int max_draws = 8000;        // draws it may try
  std::size_t max_tuples = 256;  // joint identities a coupled set may list before it is sampled
  int verify_draws = 12;       // exact draws replayed through the real game before "exact" is claimed
  bool always_sample = false;  // sample even where the counting is exact (tests of the sampler)
  int max_replays = 4000;      // replays the learning may spend before it hands the rest to the sampler
};

enum class Method { kExact, kSampled };

struct PieceOdds {
  int owner = 0;
  engine::Square square = engine::kNoSquare;  // kNoSquare: removed
  int removed_index = -1;                     // its place in the owner's removed list
  engine::Square setup_square = engine::kNoSquare;  // where it stood at the setup (public)
  std::vector<double> p;                      // per roster type
  std::vector<double> se;                     // standard error per type (0 when exact)
  std::vector<bool> possible;                 // some counted setup gives it this type
};

struct Analysis {
  engine::Viewer viewer = engine::kPublic;
  std::size_t events = 0;  // stream events analysed
  Method method = Method::kExact;
  std::vector<PieceOdds> pieces;  // board (square order), then removed (owner, order)
  int draws = 0;                  // sampler: draws tried
  int accepted = 0;               // sampler: draws the real game reproduced
  std::vector<std::string> notes;  // why the result is sampled, in English
  std::optional<std::string> error;
};

// `stream`: every event as `viewer` saw it (engine::project), from the Opened event.
Analysis analyze(const engine::GameInfo& info, const std::vector<engine::Event>& stream, engine::Viewer viewer,
                 const AnalysisOptions& options = {});

}  // namespace facedown::analysis
