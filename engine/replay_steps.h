// The steps of a replay: where a step by move stops and where the finer step by
// event stops. Every replay (the console's, the overlay's, the feed's replay
// page) uses these, so one press of an arrow means the same everywhere.
//
// A replay's position is how many events of the log are shown: 1 is the opening
// alone, n the whole log (a public row is one event, so the same count works over
// the store's public rows). Invariants of ReplaySteps: both lists ascend, start at
// 1 and end at n; every move stop is an event stop.
//   - A step by event shows one more accepted command (all its events) or one
//     event of time passing (a deadline that fired, cmd 0).
//   - A step by move stops after each command before the first turn (setups,
//     first, start), at the first turn, then where a move's resolution is over
//     (its battles, items and revival done, the next turn begun), at every end,
//     correction (void) and clock set, and at the last event.
#pragma once
#include <string_view>
#include <vector>

#include "engine/event.h"

namespace facedown::engine {

// What a replay needs of one event to place its steps.
struct StepMark {
  int cmd = 0;        // the accepted command it came from (0: time passing)
  bool turn = false;  // a turn began
  bool move = false;  // a piece moved or attacked
  bool stop = false;  // an end, a void or a clock set: always a stop
};

// From a stored event's type name (as event_type() writes it and public rows
// carry it) and its command number. An unknown name marks nothing.
StepMark step_mark(std::string_view type, int cmd);
StepMark step_mark(const Event& e);

struct ReplaySteps {
  std::vector<int> moves;
  std::vector<int> events;
};
// The steps over a log's marks (marks[i] is the event at position i + 1). An
// empty log has no steps.
ReplaySteps replay_steps(const std::vector<StepMark>& marks);
ReplaySteps replay_steps(const std::vector<Event>& log);

// The first stop after `position` (the last stop when none is); the last stop
// before it (the first stop when none is). Empty `stops`: `position` unchanged.
int stop_after(const std::vector<int>& stops, int position);
int stop_before(const std::vector<int>& stops, int position);

}  // namespace facedown::engine
