// DeskCommand: one match-script command given to the live desk from outside the
// window (the control API, the script driver), parsed by codec/script.h and
// carried out by the Desk (desk.h) exactly as the operator's own command: at the
// desk's match time, through the session, so the store comes first. What happened
// is the Desk's outcome, never read back from the screen. A refusal changes nothing.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "console/console.h"

namespace facedown::console {

struct DeskRefusal {
  enum class Kind {
    kRefused,     // not a command, or the engine refused it
    kNoMatch,     // no live match on the desk
    kStoreError,  // the store failed (the desk shows its banner): nothing was recorded
  };
  Kind kind = Kind::kRefused;
  std::string reason;
};

// Dispatches `command` at the desk's match time and says why it did not happen.
// The script driver and the control API share it.
std::optional<DeskRefusal> submit_to_desk(Console& console, const engine::Command& command,
                                          engine::Millis mono);

// One line of match-script syntax without `@T` (the desk's clock gives the time;
// a leading `@T` is refused). A single trailing newline is allowed.
std::optional<DeskRefusal> give_desk_command(Console& console, std::string_view line,
                                             engine::Millis mono);

}  // namespace facedown::console
