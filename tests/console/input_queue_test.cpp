// InputQueue (ui/input_queue.h): every key press is seen down in one frame and up
// in a later one, in arrival order, characters never overtaking keys.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "ui/input_queue.h"

using facedown::ui::InputEvent;
using facedown::ui::InputQueue;

namespace {

InputEvent key(int k, int action) { return {InputEvent::Kind::kKey, k, 0, action, 0, 0}; }
InputEvent chr(unsigned c) { return {InputEvent::Kind::kChar, 0, 0, 0, 0, c}; }

// ImGui 1.86 as the queue feeds it: key state read once a frame, characters queued.
struct Frames {
  std::vector<std::vector<InputEvent>> frames;
  void run(InputQueue& q) {
    frames.emplace_back();
    q.take([&](const InputEvent& e) { frames.back().push_back(e); });
  }
};

constexpr int kTab = 258, kK = 75, kCtrl = 341, kR = 82;

}  // namespace

TEST_CASE("a press and release between two frames reach ImGui in two frames") {
  InputQueue q;
  q.push(key(kTab, 1));
  q.push(key(kTab, 0));
  Frames f;
  f.run(q);
  REQUIRE(f.frames[0].size() == 1);
  CHECK(f.frames[0][0].action == 1);
  CHECK(q.pending());
  f.run(q);
  REQUIRE(f.frames[1].size() == 1);
  CHECK(f.frames[1][0].action == 0);
  CHECK_FALSE(q.pending());
}

TEST_CASE("text typed after a Tab waits for the Tab's frame, never overtaking it") {
  // "59.5", Tab, "ok" typed within one slow frame: the seconds and the Tab's press
  // go first; the release and the reason's characters come a frame later.
  InputQueue q;
  for (char c : std::string("59.5")) q.push(chr(static_cast<unsigned>(c)));
  q.push(key(kTab, 1));
  q.push(key(kTab, 0));
  for (char c : std::string("ok")) q.push(chr(static_cast<unsigned>(c)));
  Frames f;
  f.run(q);
  f.run(q);
  REQUIRE(f.frames.size() == 2);
  CHECK(f.frames[0].size() == 5);  // 5 9 . 5 and Tab down
  CHECK(f.frames[0].back().kind == InputEvent::Kind::kKey);
  REQUIRE(f.frames[1].size() == 3);  // Tab up, o, k
  CHECK(f.frames[1][0].action == 0);
  CHECK(f.frames[1][1].codepoint == 'o');
}

TEST_CASE("a shortcut with Ctrl keeps Ctrl down in the frame its letter goes down") {
  InputQueue q;
  q.push(key(kCtrl, 1));
  q.push(key(kR, 1));
  q.push(key(kR, 0));
  q.push(key(kCtrl, 0));
  Frames f;
  f.run(q);
  f.run(q);
  REQUIRE(f.frames[0].size() == 2);  // Ctrl and R down together
  REQUIRE(f.frames[1].size() == 2);  // then both up
  CHECK(f.frames[1][0].key == kR);
  CHECK(f.frames[1][1].key == kCtrl);
}

TEST_CASE("repeats change no key state and never hold the queue") {
  InputQueue q;
  q.push(key(kK, 1));
  q.push(key(kK, 2));
  q.push(key(kK, 2));
  q.push(chr('k'));
  Frames f;
  f.run(q);
  CHECK(f.frames[0].size() == 4);
  CHECK_FALSE(q.pending());
}

TEST_CASE("random typing: order kept, no key changes twice in a frame, all delivered") {
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    InputQueue q;
    std::vector<InputEvent> pushed;
    std::vector<bool> down(8, false);
    const int n = std::uniform_int_distribution<int>(1, 60)(rng);
    for (int i = 0; i < n; ++i) {
      InputEvent e;
      if (rng() % 3 == 0) {
        e = chr(static_cast<unsigned>('a' + rng() % 26));
      } else {
        const int k = static_cast<int>(rng() % 8);
        e = key(k, down[static_cast<std::size_t>(k)] ? (rng() % 4 == 0 ? 2 : 0) : 1);
        if (e.action != 2) down[static_cast<std::size_t>(k)] = e.action == 1;
      }
      q.push(e);
      pushed.push_back(e);
    }
    Frames f;
    for (int frame = 0; q.pending() && frame < 1000; ++frame) f.run(q);
    CHECK_FALSE(q.pending());
    std::vector<InputEvent> got;
    for (const auto& frame : f.frames) {
      std::vector<int> changed;
      for (const auto& e : frame) {
        got.push_back(e);
        if (e.kind != InputEvent::Kind::kKey || e.action == 2) continue;
        for (int k : changed) CHECK(k != e.key);
        changed.push_back(e.key);
      }
    }
    REQUIRE(got.size() == pushed.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      CHECK(got[i].kind == pushed[i].kind);
      CHECK(got[i].key == pushed[i].key);
      CHECK(got[i].action == pushed[i].action);
      CHECK(got[i].codepoint == pushed[i].codepoint);
    }
  }
}
