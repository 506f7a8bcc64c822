// What one viewer can deduce: for every piece that viewer cannot see now, the
// probability of each identity, under a uniform prior over every setup the game
// allows (its placement limits included) that is consistent with the viewer's
// stream. The engine judges consistency (stream_replay.h); the method and its
// limits are in docs/analysis.md.
//
// Exact when the constraints found are per piece or per small set of pieces
// (setup_count.h counts them and a few exact draws are replayed through the real
// game to confirm nothing joint was missed); otherwise a seeded rejection sampler
// over those constraints, each probability with its 95 % interval (Wilson's
// over the draws' worth in independent draws, holding the estimate) and an
// error bar (the interval's longer side over 1.96), the pieces that never
// fought averaging their exact odds given each draw's other identities, which
// keeps the same posterior with less noise. A probability is 1 only when every
// setup counted agrees. Seeds s and s + 1 give unrelated random streams.
// When no draw replays but the learning's candidate replays the whole stream,
// the odds start from it (one ancestor, wide intervals) rather than no answer.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/game.h"

namespace facedown::analysis {

class StreamReplay;

struct AnalysisOptions {
  std::uint64_t seed = 1;
  int samples = 400;           // accepted draws the sampler aims for
  int max_draws = 8000;        // draws it may try
  std::size_t max_tuples = 256;  // joint identities a coupled set may list before it is sampled
  int verify_draws = 12;       // exact draws replayed through the real game before "exact" is claimed
  bool always_sample = false;  // sample even where the counting is exact (tests of the sampler)
  int max_replays = 4000;      // replays the learning may spend before it hands the rest to the sampler
  // Analyzer: the fresh draws one analysis() may try when it still keeps accepted
  // draws from earlier ones (bounds a live update's time; the kept draws and the
  // fresh ones are both uniform over the consistent setups, so fewer of them
  // only widen the standard errors). 0: max_draws.
  int update_draws = 1000;
  // Sampled odds: the counting's odds weigh as this many accepted draws
  // (p = (tally + prior_draws * counted) / (accepted + prior_draws)). A few
  // hundred rejection draws are noisier than what outcome-only battles teach about
  // pieces that never fought; 40 measured best of 1, 15 and 40 (docs/analysis.md).
  double prior_draws = 40;
  // The same where the fresh draws come from the battle forest (battle_forest.h),
  // whose draws keep every battle learned: one draw's worth, so an identity the
  // counting allows is never shown as impossible nor certain, while 800
  // independent draws can reach a standard error of 0.02.
  double forest_prior_draws = 1;
  // Where the draws come from the battle forest, the pieces that never fought
  // (and whose learning is exact piece by piece) are Rao-Blackwellized: each
  // draw adds their exact odds given its other identities instead of the one
  // identity it gave them (RestOdds, battle_forest.h; the same posterior, less
  // noise). false: count the draws' identities (tests compare the two).
  bool rao_blackwell = true;
  // Analyzer: when the stream kills kept draws and fresh ones do not make up
  // the number, survivors are copied and moved by Metropolis steps (swap two
  // identities of one block, kept when the whole stream replays): at most
  // `rejuvenate_steps` replays per analysis(), `rejuvenate_moves` per copy.
  // 0 steps: off (the plain rejection sampler). analyze() never keeps draws,
  // so it never rejuvenates.
  int rejuvenate_steps = 1000;
  int rejuvenate_moves = 4;
  // ... only when fewer than this share of `samples` are left after the fresh
  // draws: copies are correlated, and where the plain sampler keeps most of its
  // draws (Salpakan) topping it up with copies measured worse (docs/analysis.md).
  double rejuvenate_below = 0.5;
  // Events the fresh draws and Metropolis steps of one analysis() may replay,
  // all told (0: no bound). A deterministic bound on an update's time for live
  // use (Number Janggi's replays cost about 3 µs an event on the bench machine,
  // docs/performance.md): the sampler stops early and says so with wider error
  // bars, and the next update goes on from the draws it kept.
  long update_events = 0;
};

enum class Method { kExact, kSampled };

struct PieceOdds {
  int owner = 0;
  engine::Square square = engine::kNoSquare;  // kNoSquare: removed
  int removed_index = -1;                     // its place in the owner's removed list
  engine::Square setup_square = engine::kNoSquare;  // where it stood at the setup (public)
  std::vector<double> p;                      // per roster type
  std::vector<double> se;                     // error bar per type: the interval's longer side over 1.96 (0 when exact)
  std::vector<bool> possible;                 // some counted setup gives it this type
  // The 95 % interval per type (p itself when exact; p lies inside it).
  std::vector<double> low, high;
};

struct Analysis {
  engine::Viewer viewer = engine::kPublic;
  std::size_t events = 0;  // stream events analysed
  Method method = Method::kExact;
  std::vector<PieceOdds> pieces;  // board (square order), then removed (owner, order)
  int draws = 0;                  // sampler: draws tried
  int accepted = 0;               // sampler: draws the real game reproduced (rejuvenated copies included)
  int independent = 0;            // sampler: distinct fresh draws they descend from
  int moves = 0;                  // sampler: Metropolis steps tried in this update
  long proposals = 0;             // sampler: battle-forest proposals in this update (most cost no replay)
  int rao_blackwellized = 0;      // sampler: hidden pieces whose odds average exact conditional odds
  std::vector<std::string> notes;  // why the result is sampled, in English
  std::optional<std::string> error;
};

// `stream`: every event as `viewer` saw it (engine::project), from the Opened event.
// The same as an Analyzer fed the whole stream and asked once.
Analysis analyze(const engine::GameInfo& info, const std::vector<engine::Event>& stream, engine::Viewer viewer,
                 const AnalysisOptions& options = {});

// The analysis of one viewer's stream as it grows, for live use: push() each
// event as it comes, analysis() whenever a result is wanted. What is learned
// about every command that is over is kept (a command's group is learned once,
// when the next one begins), and the replays of the current identities, of the
// verification draws and of the sampler's accepted draws are kept as matches
// that advance with the stream, so an event costs the trials of the pieces it
// names and the new events' replays, not a replay of the whole match per trial.
//
// Invariant: the learning is a function of the stream so far, so an exact
// analysis() equals analyze() of the same stream byte for byte. The sampler's
// accepted draws that stay consistent are kept (they remain uniform over the
// setups consistent with the longer stream) and topped up with fresh ones, so a
// sampled result equals analyze()'s in law (within its standard errors), not
// draw for draw. A SetupLocked that hides pieces starts the learning afresh.
class Analyzer {
 public:
  Analyzer(const engine::GameInfo& info, engine::Viewer viewer, const AnalysisOptions& options = {});
  Analyzer(Analyzer&&) noexcept;
  Analyzer& operator=(Analyzer&&) noexcept;
  ~Analyzer();

  // The next event of the stream (the first must be Opened).
  void push(const engine::Event& event);
  // What the viewer can deduce from the events pushed so far.
  Analysis analysis();
  std::size_t events() const;
  // The plan of the stream pushed so far (null before the opening, or when the
  // stream was refused from the start): a live caller's own replays may share
  // it rather than keep a copy of the stream (broadcast/stream_analysis.h).
  const StreamReplay* plan() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace facedown::analysis
