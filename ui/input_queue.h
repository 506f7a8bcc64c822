// InputQueue: the window's key and character events, handed to ImGui in order and
// never faster than ImGui 1.86 can see them.
//
// ImGui 1.86 reads each key's state once a frame (io.KeysDown). A key pressed and
// released between two frames, which happens when a frame is slow (llvmpipe on a
// loaded machine) or a typist is fast, was never seen: a lost Tab sent a reason
// into the seconds field. The queue keeps GLFW's events and lets each frame take
// them in arrival order up to the first event that would change a key already
// changed in this frame; the rest wait for the next frame, so every press is seen
// down in one frame and up in a later one.
//
// Invariants: events leave in the order they came; within one take() no key goes
// both down and up; characters never overtake a key event (text typed after a Tab
// lands in the field the Tab moved to). Pure logic, no GLFW: tests drive it.
#pragma once
#include <cstddef>
#include <deque>
#include <functional>

namespace facedown::ui {

struct InputEvent {
  enum class Kind { kKey, kChar };
  Kind kind = Kind::kKey;
  int key = 0;       // GLFW key code (kKey)
  int scancode = 0;
  int action = 0;    // 0 release, 1 press, 2 repeat (GLFW's values)
  int mods = 0;
  unsigned codepoint = 0;  // kChar
};

class InputQueue {
 public:
  void push(const InputEvent& e) { events_.push_back(e); }
  // Hands this frame's events to deliver, in order; returns how many. Stops before
  // an event that would change, a second time this frame, a key's down state.
  std::size_t take(const std::function<void(const InputEvent&)>& deliver);
  // True while events wait for a later frame (the loop should not sleep then).
  bool pending() const { return !events_.empty(); }
  std::size_t size() const { return events_.size(); }

 private:
  std::deque<InputEvent> events_;
};

}  // namespace facedown::ui
