// The director's "Hold on air" button (console/hold_on_air.h) in a headless
// ImGui frame: shown on the play screen, pressed by a click or by H, it writes
// the store's presentation table where the overlay's public reader reads it,
// and its label turns to "Release". Words in both languages.
#include <catch2/catch.hpp>

#include <filesystem>
#include <unistd.h>

#include "console/widgets.h"
#include "console_driver.h"
#include "desk_fixture.h"
#include "console/hold_on_air.h"
#include "console/script_driver.h"
#include "console/store_library.h"
#include "db/public_reader.h"

using namespace facedown;
using console::testing::ConsoleDriver;
using console::testing::TempStore;
using console::testing::kShortMatch;

namespace {

std::optional<db::OnAirHold> stored_hold(const std::string& path, std::int64_t id) {
  auto reader = db::PublicReader::open(path);
  REQUIRE(std::holds_alternative<db::PublicReader>(reader));
  auto hold = std::get<db::PublicReader>(reader).on_air_hold(id);
  REQUIRE(std::holds_alternative<std::optional<db::OnAirHold>>(hold));
  return std::get<std::optional<db::OnAirHold>>(hold);
}

}  // namespace

TEST_CASE("hold on air: the button and H hold and release the overlay's picture through the store") {
  TempStore tmp("hold");
  auto lib = console::store_library(tmp.file());
  REQUIRE(std::holds_alternative<std::unique_ptr<console::MatchLibrary>>(lib));
  ConsoleDriver d(std::move(std::get<std::unique_ptr<console::MatchLibrary>>(lib)));
  auto loaded = console::ScriptDriver::load(kShortMatch);
  REQUIRE(std::holds_alternative<console::ScriptDriver>(loaded));
  auto& driver = std::get<console::ScriptDriver>(loaded);
  REQUIRE(!driver.create(d.console(), d.mono));
  for (std::size_t i = 0; i < driver.size(); ++i) REQUIRE(!driver.play(d.console(), i, d.mono));
  d.frame(2);
  REQUIRE(d.console().session());
  const std::int64_t id = d.console().session()->id();
  const int last_seq = d.console().session()->match().log().back().seq;
  REQUIRE(d.ui().hits.has("ctl.hold_on_air"));
  CHECK_FALSE(stored_hold(tmp.file(), id));

  d.click("ctl.hold_on_air");
  CHECK(d.ui().play.on_air_held);
  auto held = stored_hold(tmp.file(), id);
  REQUIRE(held);
  CHECK(held->held);
  CHECK(held->held_seq == last_seq);
  // Not a match command: the log did not grow.
  CHECK(d.console().session()->match().log().back().seq == last_seq);

  d.press('H');  // the shortcut releases
  CHECK_FALSE(d.ui().play.on_air_held);
  held = stored_hold(tmp.file(), id);
  REQUIRE(held);
  CHECK_FALSE(held->held);
  d.press('H');
  CHECK(d.ui().play.on_air_held);
  CHECK(stored_hold(tmp.file(), id)->held);
}

TEST_CASE("hold on air: its words exist in English and Korean") {
  ui::Catalog c;
  console::add_hold_on_air_phrases(c);
  for (const char* key : {"ctl.hold_on_air", "ctl.release_on_air", "ctl.hold_on_air_tip", "ctl.release_on_air_tip"}) {
    INFO(key);
    REQUIRE(c.has(key));
    CHECK(std::string(c.get(ui::Lang::kEnglish, key)) != key);
    CHECK(std::string(c.get(ui::Lang::kKorean, key)) != c.get(ui::Lang::kEnglish, key));
  }
  CHECK(std::string(c.get(ui::Lang::kEnglish, "ctl.hold_on_air")) == "Hold on air");
  CHECK(std::string(c.get(ui::Lang::kEnglish, "ctl.release_on_air")) == "Release");
  CHECK(console::shortcut_name("H", false) == "H");
}
