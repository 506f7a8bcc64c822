// No accident seals a setup (console/setup_screen.cpp): typed text never reaches
// the screen's shortcuts while the setup field is in use, and Enter keeps the
// field; the seal dialog shows the setup, says when it is a shuffled one, and only
// a click on Seal or Ctrl+Enter (armed after a moment) seals — never a stray Enter.
#include <catch2/catch.hpp>

#include "console/match_library.h"
#include "console_driver.h"
#include "engine/registry.h"
#include "ui/keys.h"

using namespace facedown;
using console::testing::ConsoleDriver;

namespace {

void create(ConsoleDriver& d, const std::string& game) {
  d.frame(2);
  std::string preset;
  for (const auto& g : engine::all_games())
    if (g.id == game) preset = g.default_preset;
  REQUIRE(!preset.empty());
  REQUIRE(!d.console().create(console::CreateMatch{game, preset, {}, {"Ana", "Ben"}, 1, std::nullopt}, d.mono));
  d.frame(2);
}

const engine::Match& match(ConsoleDriver& d) { return d.console().session()->match(); }

bool lock_dialog_open(ConsoleDriver& d) {
  d.frame();
  return d.ui().hits.centre("setup.lock.confirm").has_value();
}

}  // namespace

TEST_CASE("Salpakan: text retyped after Enter stays text — no shuffle, no lock, no seal") {
  ConsoleDriver d(console::memory_library());
  create(d, "salpakan");
  d.click("setup.text");
  d.type("SPY:a1");
  d.press(ui::key::kEnter);
  CHECK(d.ui().setup.draft[0].size() == 1);  // read
  CHECK(d.ui().setup.typing);
  // The operator goes on typing as if the field still had the keyboard: S, L, C,
  // G, digits and Enter are all shortcuts of this screen when nobody types.
  d.type(" SPY:b1 1LT:c1");
  d.press(ui::key::kEnter);
  d.type(" G5:d1");
  d.press(ui::key::kEnter);
  d.frame(3);
  CHECK(!d.ui().setup.shuffled[0]);
  CHECK(!lock_dialog_open(d));
  CHECK(!match(d).state().setup_locked[0]);
  CHECK(d.ui().setup.player == 1);
  // Every keystroke went into the field: Enter kept it.
  CHECK(d.ui().setup.text[0] == "SPY:a1 SPY:b1 1LT:c1 G5:d1");
  CHECK(d.ui().setup.text_error.empty());
  CHECK(d.ui().setup.draft[0].size() == 4);
}

TEST_CASE("Number Janggi: the c of a square name never presses Clear") {
  ConsoleDriver d(console::memory_library());
  create(d, "number-janggi");
  d.click("setup.text");
  d.type("K:a1");
  d.press(ui::key::kEnter);
  REQUIRE(d.ui().setup.draft[0].size() == 1);
  d.type(" M:c1");
  d.press(ui::key::kEnter);
  CHECK(d.ui().setup.draft[0].size() == 2);
  CHECK(d.ui().setup.text[0] == "K:a1 M:c1");
  // A click elsewhere leaves the field: the shortcuts answer again.
  d.click("setup.reason");
  CHECK(!d.ui().setup.typing);
  d.press('C');
  CHECK(d.ui().setup.draft[0].empty());
}

TEST_CASE("the seal dialog shows the setup: Enter does not seal but an armed click does") {
  ConsoleDriver d(console::memory_library());
  create(d, "number-janggi");
  d.press('S');
  d.frame();
  CHECK(d.ui().setup.shuffled[0]);
  CHECK(d.ui().hits.centre("setup.shuffled"));  // said before sealing
  d.press('L');
  REQUIRE(lock_dialog_open(d));
  CHECK(d.ui().hits.centre("setup.lock.board"));        // the setup it will seal
  CHECK(d.ui().hits.centre("setup.lock.shuffled"));     // ... and that it is a shuffled one
  d.press(ui::key::kEnter);                              // a stray Enter
  d.press(ui::key::kEnter, /*ctrl=*/true);               // even Ctrl+Enter before it is armed
  d.click("setup.lock.confirm");                         // or a click meant for what stood there
  CHECK(!match(d).state().setup_locked[0]);
  CHECK(lock_dialog_open(d));
  d.mono += 800;
  d.press(ui::key::kEnter);
  CHECK(!match(d).state().setup_locked[0]);
  d.press(ui::key::kEnter, /*ctrl=*/true);  // deliberate
  CHECK(match(d).state().setup_locked[0]);
}

TEST_CASE("a setup touched by hand after Shuffle is no longer called shuffled") {
  ConsoleDriver d(console::memory_library());
  create(d, "number-janggi");
  d.press('S');
  REQUIRE(d.ui().setup.shuffled[0]);
  d.click_square("a1");  // picks the piece there up
  d.frame();
  CHECK(!d.ui().setup.shuffled[0]);
  CHECK(!d.ui().hits.centre("setup.shuffled"));
  d.press('S');
  d.click("setup.lock");
  d.click("setup.lock.cancel");
  CHECK(!match(d).state().setup_locked[0]);
  CHECK(d.ui().setup.shuffled[0]);  // Cancel keeps the draft and what it is
}
