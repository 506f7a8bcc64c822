#include "ui/hit_map.h"

namespace facedown::ui {

void HitMap::record_last_item(const std::string& name) {
  record(name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void HitMap::record(const std::string& name, ImVec2 min, ImVec2 max) {
  rects_[name] = {min, max};
}

std::optional<ImVec2> HitMap::centre(const std::string& name) const {
  const auto it = rects_.find(name);
  if (it == rects_.end()) return std::nullopt;
  return ImVec2((it->second.first.x + it->second.second.x) * 0.5f,
                (it->second.first.y + it->second.second.y) * 0.5f);
}

std::optional<std::pair<ImVec2, ImVec2>> HitMap::rect(const std::string& name) const {
  const auto it = rects_.find(name);
  if (it == rects_.end()) return std::nullopt;
  return it->second;
}

}  // namespace facedown::ui
