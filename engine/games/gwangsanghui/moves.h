// Gwangsanghui's movement: the points each piece reaches from where it stands,
// with the blocking points, the palaces, the cannon's screen, the contact rule
// and the Ambush's immunity. Repetition is not decided here (gwangsanghui.cpp
// filters these moves by it).
#pragma once
#include <vector>

#include "engine/geometry.h"
#include "engine/match_state.h"

namespace facedown::engine::gwangsanghui {

struct MoveRules {
  bool contact_rule = true;       // no captures before contact
  bool ambush_capturable = false;
};

// The palace (0-5) holding a point, or -1.
int palace_of(const Geometry& g, Square s);

// Whether some earlier move ended with an Infantry or Cavalry in its enemy half.
// Neither can step back, and before contact nothing can be captured, so this is
// "one stands there now, or some piece was ever captured".
bool contact_made(const MatchState& s, const Geometry& g);

// Appends every move of `player` by the movement rules (repetition aside).
void movement(const MatchState& s, const Geometry& g, const MoveRules& rules, int player,
              std::vector<Move>& out);

}  // namespace facedown::engine::gwangsanghui
