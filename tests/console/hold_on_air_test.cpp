// The director's "Hold on air" button (console/hold_on_air.h) in a headless
// ImGui frame: shown on the play screen, pressed by a click or by H, it writes
// the store's presentation table where the overlay's public reader reads it,
// and its label turns to "Release". Words in both languages.
#include <catch2/catch.hpp>

#include <filesystem>
#include <unistd.h>

#include "console/widgets.h"
#include "console_driver.h"
#include "console/hold_on_air.h"
#include "console/script_driver.h"
#include "console/store_library.h"
#include "db/public_reader.h"

using namespace facedown;
using console::testing::ConsoleDriver;

namespace {

struct TempStore {
  std::filesystem::path dir;
  TempStore() {
    dir = std::filesystem::temp_directory_path() / ("fd-hold-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
  }
  ~TempStore() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  std::string file() const { return (dir / "hold.db").string(); }
};

constexpr const char* kScript =
    "game number-janggi\npreset genius-2015\nplayer 1 \"Jang\"\nplayer 2 \"Kim\"\nfirst 1\n"
    "setup 1 10:a3 4:b3 1:c3 5:d3 6:e3 7:f3 M:a2 M:b2 2:c2 3:d2 8:e2 9:f2 K:a1 M:b1\n"
    "setup 2 2:b9 M:c9 M:d9 M:e9 K:f9 1:b8 3:c8 4:d8 5:e8 6:f8 9:c7 10:d7 7:e7 8:f7\n"
    "start\n@4 move b3-b4\n";

std::optional<db::OnAirHold> stored_hold(const std::string& path, std::int64_t id) {
  auto reader = db::PublicReader::open(path);
  REQUIRE(std::holds_alternative<db::PublicReader>(reader));
  auto hold = std::get<db::PublicReader>(reader).on_air_hold(id);
  REQUIRE(std::holds_alternative<std::optional<db::OnAirHold>>(hold));
  return std::get<std::optional<db::OnAirHold>>(hold);
}

}  // namespace

TEST_CASE("hold on air: the button and H hold and release the overlay's picture through the store") {
  TempStore tmp;
  auto lib = console::store_library(tmp.file());
  REQUIRE(std::holds_alternative<std::unique_ptr<console::MatchLibrary>>(lib));
  ConsoleDriver d(std::move(std::get<std::unique_ptr<console::MatchLibrary>>(lib)));
  auto loaded = console::ScriptDriver::load(kScript);
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
