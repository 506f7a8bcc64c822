// The desk's answer to an outage (console/desk.h outage_pause), for tests that
// drive the store without the console: a Paused event with the store's marker
// at the gap's match time (the match's own when the engine refuses that) and a
// note of the outage. The console's own policy, with its words in both
// languages, is tested in tests/console/desk_test.cpp.
#pragma once
#include <string>
#include <vector>

#include "db/store.h"
#include "engine/time.h"

namespace facedown::testing {

inline db::OutagePolicy pause_at_gap() {
  return [](engine::Match& live, const db::OutageGap& gap) {
    std::vector<engine::Event> out;
    const engine::Millis was = live.state().time;
    auto sub = live.submit(engine::PauseCmd{db::kInterruptionReason}, gap.stopped_at);
    if (sub.rejection && gap.stopped_at != was) sub = live.submit(engine::PauseCmd{db::kInterruptionReason}, was);
    if (sub.rejection) return out;
    out = sub.events;
    auto noted = live.submit(engine::NoteCmd{"outage: the desk stopped at match time " +
                                             engine::format_seconds(live.state().time) + " s"},
                             live.state().time);
    out.insert(out.end(), noted.events.begin(), noted.events.end());
    return out;
  };
}

}  // namespace facedown::testing
