// The public row of an event: the event as the public may see it and the public
// state after it, both as compact JSON text. The store writes these and verify
// recomputes them with the same function, so the two can only agree or differ.
#pragma once
#include <string>

#include "engine/event.h"
#include "engine/match.h"

namespace facedown::db {

struct PublicProjection {
  std::string event;  // codec::event_to_json(engine::project(e, kPublic))
  std::string state;  // codec::state_to_json(match, kPublic)
};

// `after` is the match right after `event` was applied. Like canonical_payload,
// throws nlohmann's type_error.316 on a text that is not UTF-8 (the store refuses
// such an event before writing anything).
PublicProjection public_projection(const engine::Event& event, const engine::Match& after);

}  // namespace facedown::db
