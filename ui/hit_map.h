// HitMap: where named widgets were drawn in the last frame. Screens record their
// important buttons here so headless tests (and scripted demos) can click them by
// name instead of by guessed coordinates. Cleared at the start of every frame.
#pragma once
#include <imgui.h>

#include <map>
#include <optional>
#include <string>
#include <utility>

namespace facedown::ui {

class HitMap {
 public:
  void clear() { rects_.clear(); }
  // Records the last ImGui item under this name.
  void record_last_item(const std::string& name);
  void record(const std::string& name, ImVec2 min, ImVec2 max);
  // The centre of the named widget, if it was drawn.
  std::optional<ImVec2> centre(const std::string& name) const;
  // Its rectangle (min, max), if it was drawn.
  std::optional<std::pair<ImVec2, ImVec2>> rect(const std::string& name) const;
  bool has(const std::string& name) const { return rects_.count(name) != 0; }
  // Every recorded widget, by name (the console's --hits file for real-window tests).
  const std::map<std::string, std::pair<ImVec2, ImVec2>>& all() const { return rects_; }

 private:
  std::map<std::string, std::pair<ImVec2, ImVec2>> rects_;
};

}  // namespace facedown::ui
