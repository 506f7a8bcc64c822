// The codes an event carries, by word kind: what a screen looks up in the
// game's words to show the event. One list, so the conformance check and any
// front end agree on which fields are codes (and which are typed text, which is
// never looked up).
#pragma once
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/words.h"

namespace facedown::engine {

struct CodeUse {
  WordKind kind = WordKind::kReason;
  std::string code;
};

// Every code in the event: an Ended's reason and detail code, a Warned's kind and
// detail code, a battle's kinds and outcomes, an attack's outcome, a removal's
// cause, the items declared. Blank fields (views that may not know) are left out.
std::vector<CodeUse> codes_of(const EventBody& body);

// The event's engine-made details (Ended, Warned), for rendering checks.
std::vector<Detail> details_of(const EventBody& body);

// The codes of the event that `words` does not declare, or declares without
// English or Korean text, as "kind:code" (empty: all declared).
std::vector<std::string> undeclared_codes(const Words& words, const EventBody& body);

}  // namespace facedown::engine
