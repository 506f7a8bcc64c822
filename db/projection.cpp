#include "db/projection.h"

#include "codec/json.h"
#include "engine/view.h"

namespace facedown::db {

PublicProjection public_projection(const engine::Event& event, const engine::Match& after) {
  return PublicProjection{
      codec::event_to_json(engine::project(event, engine::kPublic), after.game()).dump(),
      codec::state_to_json(after, engine::kPublic).dump()};
}

}  // namespace facedown::db
