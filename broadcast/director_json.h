// The director's state as JSON, for the control API, the director's page, the
// on-air frame and the TV cut: {"layout", "elements": {NAME: {"shown", "held",
// "label": {"en", "ko"}}}, "layout_drops": {LAYOUT: [NAME, ...]} (what taking
// that layout would take off air: elements.h layout_drops), "battle_seconds",
// "caption_timeout", "caption_keep"}.
#pragma once
#include <nlohmann/json.hpp>

#include "broadcast/director.h"

namespace facedown::broadcast {

nlohmann::json director_json(const DirectorState& s);

}  // namespace facedown::broadcast
