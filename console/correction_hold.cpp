#include "console/correction_hold.h"

#include <variant>

namespace facedown::console {

bool correction_held(const engine::Match& match) {
  if (!match.state().paused) return false;
  const auto& log = match.log();
  const auto& effective = match.in_effect();
  for (std::size_t i = log.size(); i-- > 0;) {
    if (!effective[i]) continue;
    if (const auto* p = std::get_if<engine::Paused>(&log[i].body)) return p->reason == kCorrectionReason || p->reason == kOldCorrectionReason;
    if (std::holds_alternative<engine::Resumed>(log[i].body)) return false;
  }
  return false;
}

bool holds_after(const engine::Command& command, const engine::Match& after) {
  const auto* v = std::get_if<engine::VoidCmd>(&command);
  const auto& st = after.state();
  return v && v->restore && st.started && !st.result && !st.paused;
}

bool releases_hold(const engine::Command& command) {
  return std::holds_alternative<engine::MoveCmd>(command) || std::holds_alternative<engine::DecideCmd>(command);
}

}  // namespace facedown::console
