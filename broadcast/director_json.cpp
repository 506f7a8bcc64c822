#include "broadcast/director_json.h"

#include "broadcast/elements.h"

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
  // What taking each layout would drop (elements.h layout_drops): the desk says it,
  // so no cued element leaves air unannounced.
  nlohmann::json drops = nlohmann::json::object();
  for (std::size_t i = 0; i < kLayoutCount; ++i) {
    const auto l = static_cast<Layout>(i);
    nlohmann::json names = nlohmann::json::array();
    for (Element e : layout_drops(s, l)) names.push_back(element_name(e));
    drops[std::string(layout_name(l))] = std::move(names);
  }
  return {
      {"layout", layout_name(s.layout)},
      {"layout_drops", std::move(drops)},
      {"elements", elements},
      {"battle_seconds", s.battle_seconds.value_or(kDefaultExplainSeconds)},
      {"caption_timeout", s.caption_timeout},
      {"caption_keep", s.caption_keep},
  };
}

}  // namespace facedown::broadcast
