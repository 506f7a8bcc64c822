#include "broadcast/director_json.h"

namespace facedown::broadcast {

nlohmann::json director_json(const DirectorState& s) {
  nlohmann::json elements = nlohmann::json::object();
  for (std::size_t i = 0; i < kElementCount; ++i) {
    const auto e = static_cast<Element>(i);
    const auto hold = s.hold_of(e);
    elements[std::string(element_name(e))] = {
        {"shown", s.is_shown(e)},
        {"held", hold.has_value()},
        {"holdable", holdable(e)},  // so no page keeps its own list of what a hold may take
        {"label", {{"en", element_label(e, false)}, {"ko", element_label(e, true)}}},
    };
  }
  return {
      {"layout", layout_name(s.layout)},
      {"elements", elements},
      {"battle_seconds", s.battle_seconds.value_or(kDefaultExplainSeconds)},
      {"caption_timeout", s.caption_timeout},
      {"caption_keep", s.caption_keep},
  };
}

}  // namespace facedown::broadcast
