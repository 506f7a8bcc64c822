#include "engine/replay_steps.h"

#include <algorithm>

namespace facedown::engine {

StepMark step_mark(std::string_view type, int cmd) {
  StepMark m;
  m.cmd = cmd;
  m.turn = type == "turn-started";
  m.move = type == "moved" || type == "attack";
  m.stop = type == "ended" || type == "voided" || type == "clock-set";
  return m;
}

StepMark step_mark(const Event& e) { return step_mark(event_type(e.body), e.cmd); }

ReplaySteps replay_steps(const std::vector<StepMark>& marks) {
  ReplaySteps steps;
  const int n = static_cast<int>(marks.size());
  if (n == 0) return steps;
  steps.moves.push_back(1);
  steps.events.push_back(1);
  bool turns = false, moved = false;
  // The opening (position 1) is always shown; groups start after it.
  for (int from = 1; from < n;) {
    // A group: the events of one accepted command, or one event of time passing.
    const int cmd = marks[static_cast<std::size_t>(from)].cmd;
    int to = from + 1;
    while (cmd != 0 && to < n && marks[static_cast<std::size_t>(to)].cmd == cmd) ++to;
    bool turn = false, stop = false;
    for (int i = from; i < to; ++i) {
      const StepMark& m = marks[static_cast<std::size_t>(i)];
      turn = turn || m.turn;
      moved = moved || m.move;
      stop = stop || m.stop;
    }
    steps.events.push_back(to);
    // Before the first turn every command is a stop; after it, a move is over
    // when the next turn begins.
    if (!turns || (moved && turn) || stop) {
      steps.moves.push_back(to);
      moved = false;
    }
    turns = turns || turn;
    from = to;
  }
  if (steps.moves.back() != n) steps.moves.push_back(n);
  return steps;
}

ReplaySteps replay_steps(const std::vector<Event>& log) {
  std::vector<StepMark> marks;
  marks.reserve(log.size());
  for (const Event& e : log) marks.push_back(step_mark(e));
  return replay_steps(marks);
}

int stop_after(const std::vector<int>& stops, int position) {
  if (stops.empty()) return position;
  const auto it = std::upper_bound(stops.begin(), stops.end(), position);
  return it == stops.end() ? stops.back() : *it;
}

int stop_before(const std::vector<int>& stops, int position) {
  if (stops.empty()) return position;
  const auto it = std::lower_bound(stops.begin(), stops.end(), position);
  return it == stops.begin() ? stops.front() : *std::prev(it);
}

}  // namespace facedown::engine
