// The steps of a replay over the store's public rows: engine/replay_steps.h read
// from each row's type and command number (a public row is one event, so the
// positions are the same counts as over the referee's log). The overlay's replay
// and the feed's /replay/M/steps use this; the console uses the engine's log.
#pragma once
#include <vector>

#include "broadcast/public_row.h"
#include "engine/replay_steps.h"

namespace facedown::broadcast {

inline engine::StepMark step_mark(const PublicRow& r) {
  int cmd = 0;
  if (r.event.is_object())
    if (const auto it = r.event.find("cmd"); it != r.event.end() && it->is_number_integer()) cmd = it->get<int>();
  return engine::step_mark(r.type, cmd);
}

inline engine::ReplaySteps replay_steps(const std::vector<PublicRow>& rows) {
  std::vector<engine::StepMark> marks;
  marks.reserve(rows.size());
  for (const PublicRow& r : rows) marks.push_back(step_mark(r));
  return engine::replay_steps(marks);
}

}  // namespace facedown::broadcast
