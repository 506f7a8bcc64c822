// The director's panel at the desk (console/director_panel.h) in a headless
// ImGui frame: F7 opens it, its buttons and Ctrl+1..3 fire cues through the
// store (where the feed and the overlay read them), the program it shows is the
// stored one, a refused cue is shown and stores nothing, and no cue is ever a
// match event.
#include <catch2/catch.hpp>

#include <filesystem>
#include <unistd.h>

#include "console/director_panel.h"
#include "console/script_driver.h"
#include "console/store_library.h"
#include "console_driver.h"
#include "desk_fixture.h"
#include "db/public_reader.h"
#include "ui/keys.h"

using namespace facedown;
using console::testing::ConsoleDriver;
using console::testing::TempStore;
using console::testing::kShortMatch;

namespace {

// The cues the overlay's public reader finds, in order.
std::vector<std::string> stored_cues(const std::string& path, std::int64_t id) {
  auto reader = db::PublicReader::open(path);
  REQUIRE(std::holds_alternative<db::PublicReader>(reader));
  auto cues = std::get<db::PublicReader>(reader).cues(id);
  REQUIRE(std::holds_alternative<std::vector<db::CueRow>>(cues));
  std::vector<std::string> out;
  for (const auto& c : std::get<std::vector<db::CueRow>>(cues)) out.push_back(c.cue);
  return out;
}

}  // namespace

TEST_CASE("director's panel: F7, its buttons and Ctrl+1..3 fire cues through the store, never match events") {
  TempStore tmp("director");
  auto lib = console::store_library(tmp.file());
  REQUIRE(std::holds_alternative<std::unique_ptr<console::MatchLibrary>>(lib));
  ConsoleDriver d(std::move(std::get<std::unique_ptr<console::MatchLibrary>>(lib)));
  auto loaded = console::ScriptDriver::load(kShortMatch);
  REQUIRE(std::holds_alternative<console::ScriptDriver>(loaded));
  auto& driver = std::get<console::ScriptDriver>(loaded);
  REQUIRE(!driver.create(d.console(), d.mono));
  for (std::size_t i = 0; i < driver.size(); ++i) REQUIRE(!driver.play(d.console(), i, d.mono));
  const std::int64_t id = d.console().session()->id();
  const std::size_t events = d.console().session()->match().log().size();
  d.frame(2);
  CHECK_FALSE(d.ui().director.open);

  d.press(ui::key::kF1 + 6);  // F7
  REQUIRE(d.ui().director.open);
  d.frame();
  REQUIRE(d.ui().director.program);
  CHECK(d.ui().director.program->layout == broadcast::Layout::kLandscape);

  d.click("dir.layout.faces");
  CHECK(stored_cues(tmp.file(), id) == std::vector<std::string>{"layout faces"});
  REQUIRE(d.ui().director.program);
  CHECK(d.ui().director.program->layout == broadcast::Layout::kFaces);

  d.click("dir.board");  // hidden in the faces layout: the button shows it
  CHECK(stored_cues(tmp.file(), id).back() == "show board");
  d.click("dir.hold");
  CHECK(stored_cues(tmp.file(), id).back() == "hold board");
  REQUIRE(d.ui().director.program);
  CHECK(d.ui().director.program->picture_hold.has_value());
  d.click("dir.hold");  // now "Release picture"
  CHECK(stored_cues(tmp.file(), id).back() == "release board");

  // Ctrl+2: the portrait layout, with the panel open or closed.
  d.press(ui::key::kF1 + 6);
  CHECK_FALSE(d.ui().director.open);
  d.press('2', true);
  CHECK(stored_cues(tmp.file(), id).back() == "layout portrait");
  CHECK(d.ui().director.error.empty());

  // A cue is no match event: the log is as it was.
  CHECK(d.console().session()->match().log().size() == events);
}

TEST_CASE("director's panel: without a match it says so and fires nothing") {
  ConsoleDriver d(console::memory_library());
  d.frame(2);
  d.press(ui::key::kF1 + 6);
  CHECK(d.ui().director.open);
  d.press('1', true);
  d.frame();
  CHECK(d.ui().director.request.empty());
  CHECK_FALSE(d.ui().director.program);
}

TEST_CASE("director's panel: never over the referee's buttons or past the window, never on the start screen, cued is not on air") {
  TempStore tmp("director-place");
  auto lib = console::store_library(tmp.file());
  REQUIRE(std::holds_alternative<std::unique_ptr<console::MatchLibrary>>(lib));
  ConsoleDriver d(std::move(std::get<std::unique_ptr<console::MatchLibrary>>(lib)), ImVec2(1280, 800));
  auto loaded = console::ScriptDriver::load(kShortMatch);
  REQUIRE(std::holds_alternative<console::ScriptDriver>(loaded));
  auto& driver = std::get<console::ScriptDriver>(loaded);
  REQUIRE(!driver.create(d.console(), d.mono));
  for (std::size_t i = 0; i < driver.size(); ++i) REQUIRE(!driver.play(d.console(), i, d.mono));
  d.frame(2);
  d.press(ui::key::kF1 + 6);  // F7
  d.frame(3);
  const auto panel = d.ui().hits.rect("dir.panel");
  REQUIRE(panel);
  CHECK(panel->first.x >= 0);
  CHECK(panel->first.y >= 0);
  CHECK(panel->second.x <= 1280);
  CHECK(panel->second.y <= 800);
  auto overlaps = [&](const std::pair<ImVec2, ImVec2>& r) {
    return r.first.x < panel->second.x && panel->first.x < r.second.x && r.first.y < panel->second.y &&
           panel->first.y < r.second.y;
  };
  for (const char* hit : {"ctl.pause", "ctl.warn", "ctl.void", "ctl.clock", "ctl.resign", "ctl.draw", "ctl.award",
                          "ctl.hold_on_air", "ctl.note", "ctl.caption", "ctl.replay", "ctl.back", "play.confirm",
                          "play.cancel", "play.move_text"}) {
    INFO(hit);
    const auto r = d.ui().hits.rect(hit);
    REQUIRE(r);
    CHECK(!overlaps(*r));
  }
  // Standby, feed lost, result and the setups wait for their moment: cued, not on air.
  broadcast::DirectorState all;
  all.shown.fill(true);
  for (auto e : {broadcast::Element::kStandby, broadcast::Element::kResult, broadcast::Element::kReveal,
                 broadcast::Element::kFeedLost, broadcast::Element::kExplainer})
    CHECK(std::string(console::element_state_key(all, e)) == "dir.cued");
  CHECK(std::string(console::element_state_key(all, broadcast::Element::kBoard)) == "dir.on");
  CHECK(std::string(console::element_state_key(broadcast::DirectorState{}, broadcast::Element::kStandby)) != "dir.on");
  // On the start screen the program's buttons are not offered.
  d.click("ctl.back");
  d.frame(2);
  REQUIRE(d.ui().screen == console::Screen::kStart);
  CHECK(!d.ui().hits.has("dir.board"));
  CHECK(!d.ui().hits.has("dir.layout.faces"));
}

// Item 5 of issue 32: the panel says what each layout would drop, in both
// languages; a cued analysis element is never among it (every layout keeps it).
TEST_CASE("director's panel: each layout says what it drops, never the cued analysis") {
  using broadcast::Layout;
  broadcast::DirectorState s;
  CHECK(console::layout_drops_line(s, Layout::kLandscape, false).empty());
  const std::string faces = console::layout_drops_line(s, Layout::kFaces, false);
  CHECK(faces.rfind("Faces drops: ", 0) == 0);
  CHECK(faces.find("Board") != std::string::npos);
  CHECK(faces.find("Players") != std::string::npos);
  CHECK(console::layout_drops_line(s, Layout::kFaces, true).find("얼굴 적용 시 빠짐: ") == 0);
  for (const char* cue : {"show deduction", "show win-bar", "show slate"})
    s = broadcast::apply_cue(s, std::get<broadcast::Cue>(broadcast::parse_cue(cue)), 0, 0);
  for (int l = 0; l < 3; ++l) {
    const std::string line = console::layout_drops_line(s, static_cast<Layout>(l), false);
    INFO(line);
    CHECK(line.find("Slate") != std::string::npos);  // a title card no layout keeps
    CHECK(line.find("Deduction") == std::string::npos);
    CHECK(line.find("Win bar") == std::string::npos);
  }
}
