#include "ui/input_queue.h"

#include <vector>

namespace facedown::ui {

std::size_t InputQueue::take(const std::function<void(const InputEvent&)>& deliver) {
  std::vector<int> changed;  // keys whose down state changed in this frame
  std::size_t n = 0;
  while (!events_.empty()) {
    const InputEvent& e = events_.front();
    // A repeat changes no state; a press or release is a change of its key.
    if (e.kind == InputEvent::Kind::kKey && e.action != 2) {
      bool seen = false;
      for (int k : changed) seen = seen || k == e.key;
      if (seen) break;
      changed.push_back(e.key);
    }
    deliver(e);
    events_.pop_front();
    ++n;
  }
  return n;
}

}  // namespace facedown::ui
