// ScriptDriver: plays a match script (docs/match-script.md) through a Console the
// way an operator would — the header becomes a CreateMatch, each command a
// SubmitCommand dispatched at its `@T` on a monotonic clock the driver controls.
// The demo (facedown-console --demo) and the screenshot tests use it; every
// command still goes through the session and the store.
#pragma once
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "codec/script.h"
#include "console/console.h"

namespace facedown::console {

class ScriptDriver {
 public:
  static std::variant<ScriptDriver, std::string> load(const std::string& text);

  // Creates the match from the header (who moves first is left to the script).
  std::optional<std::string> create(Console& console, engine::Millis mono);
  std::size_t size() const { return lines_.size(); }
  const std::string& line(std::size_t i) const { return lines_[i]; }
  // Dispatches command i. `mono` is the clock before; it is moved to the
  // command's time. Returns the engine's refusal or the parse error.
  std::optional<std::string> play(Console& console, std::size_t i, engine::Millis& mono);

 private:
  codec::Header header_;
  std::vector<std::string> lines_;  // command lines, comments and blanks dropped
  engine::Millis start_mono_ = 0;
  bool started_ = false;
};

// The bundled demo final (assets/matches/demo-genius.txt) under this source tree.
std::string demo_script_path(const std::string& source_dir);

}  // namespace facedown::console
