// Highlights: a match's story cut by itself. The moments that mattered, read
// from the public rows only (so a reel can leak nothing the broadcast did not
// show):
//   - the largest swings of the public win graph as it aired (at most three,
//     analysis/turning_points.h over the move steps), a swing across a
//     correction (a void) excluded: it undoes a mistake, it is not play; and
//     the jump to the decided result (the moment the next items tell);
//   - every battle that removed an objective piece the public saw fall, and the
//     battle that decided the match (the result in the same command);
//   - the result when no battle decided it (a resignation, a timeout);
//   - the final reveal, once the match is closed.
// Each gets a short lead-in and its animation; overlapping ones merge; the
// reel keeps them in match order and stays under the length asked by dropping
// the least important first (reveal, deciding battle, result, objectives, then
// swings by size).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "broadcast/battle_timing.h"
#include "broadcast/public_row.h"
#include "clip/clip_plan.h"
#include "engine/game.h"

namespace facedown::clip {

enum class MomentKind { kReveal, kDecidingBattle, kResult, kObjectiveBattle, kSwing };

struct StoryMoment {
  MomentKind kind = MomentKind::kSwing;
  int seq = 0;         // the row it happens at
  double from = 0;     // replayed wall time: the lead-in's start
  double to = 0;       // and the end of what it shows
  double weight = 0;   // a swing's size (share, 0-1); ranks swings
  std::string en, ko;  // the chapter's line
};

// Player 1's public win share as it aired after each row (index = row index),
// or nullopt where the analysis had none.
using AiredShares = std::vector<std::optional<double>>;

struct MatchStory {
  std::vector<StoryMoment> moments;  // in match order
  std::vector<int> battle_seqs;      // every battle's row
  bool closed = false;               // the final reveal may air
};

MatchStory match_story(const std::vector<broadcast::PublicRow>& rows, const std::vector<engine::GameInfo>& games,
                       const AiredShares& shares, const broadcast::BattleTiming& timing,
                       double lead_in = kLeadInSeconds);

// The reel: the story's moments under `max_seconds`, merged, in order, with
// one chapter per moment kept. Empty when the story has none.
ClipPlan highlight_plan(const MatchStory& story, double max_seconds, int fps);

}  // namespace facedown::clip
