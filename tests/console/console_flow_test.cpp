// Plays tests/console/scripts/full-match.txt through the console's UI with a
// simulated mouse and keyboard — both setups (tray + clicks, typed text), moves,
// a multi-battle with items, a revival, pause/resume, a void and a timeout — and
// checks that the store holds exactly the events the script gives the engine.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "codec/json.h"
#include "codec/script_runner.h"
#include "console/correction_hold.h"
#include "console/move_preview.h"
#include "console/screens.h"
#include "console_driver.h"
#include "ui/keys.h"
#ifdef FACEDOWN_CONSOLE_HAS_STORE
#include "console/store_library.h"
#include "db/store.h"
#endif

using namespace facedown;
using console::testing::ConsoleDriver;

namespace {

// The script as the desk carries it out: a restoring void holds the clock (a
// pause at its instant) and the next play resumes at its own instant.
std::string with_desk_holds(const std::string& script) {
  std::istringstream in(script);
  std::string line, out;
  bool held = false;
  while (std::getline(in, line)) {
    const std::string at = line.substr(0, line.find(' '));
    const std::string rest = line.substr(line.find(' ') + 1);
    const bool play = rest.rfind("move ", 0) == 0 || rest.rfind("items ", 0) == 0 || rest.rfind("revive ", 0) == 0;
    if (held && play) {
      out += at + " resume\n";
      held = false;
    }
    out += line + "\n";
    if (rest.rfind("void ", 0) == 0 && line.size() > 8 && line.substr(line.size() - 8) == " restore") {
      out += at + " pause \"" + console::kCorrectionReason + "\"\n";
      held = true;
    }
  }
  return out;
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The referee JSON of every event, for comparing logs.
std::vector<std::string> dump(const std::vector<engine::Event>& log, const engine::Game& game) {
  std::vector<std::string> out;
  for (const auto& e : log) out.push_back(codec::event_to_json(e, game).dump());
  return out;
}

struct Library {
  std::unique_ptr<console::MatchLibrary> library;
  std::string path;
};

Library make_library(const std::string& name) {
#ifdef FACEDOWN_CONSOLE_HAS_STORE
  const auto path = (std::filesystem::temp_directory_path() / ("facedown-console-" + name + ".db")).string();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  auto lib = console::store_library(path);
  REQUIRE(std::holds_alternative<std::unique_ptr<console::MatchLibrary>>(lib));
  return {std::move(std::get<std::unique_ptr<console::MatchLibrary>>(lib)), path};
#else
  (void)name;
  return {console::memory_library(), ""};
#endif
}

const engine::Millis kStart = 5000;  // monotonic time of the start command
void at(ConsoleDriver& d, double seconds) { d.mono = kStart + static_cast<engine::Millis>(seconds * 1000); }

void move(ConsoleDriver& d, const std::string& from, const std::string& to) {
  d.click_square(from);
  REQUIRE(d.ui().play.selected != engine::kNoSquare);
  d.click_square(to);
  REQUIRE(d.ui().play.preview.has_value());
  d.press(ui::key::kEnter);
}

}  // namespace

TEST_CASE("a full Number Janggi match played through the console UI ends up in the store") {
  auto lib = make_library("flow");
  ConsoleDriver d(std::move(lib.library));
  auto& c = d.console();
  d.frame(2);
  REQUIRE(c.ui().screen == console::Screen::kStart);

  // Start screen: names typed over the defaults, player 1 first, create.
  d.click("start.player1");
  d.press('A', true);
  d.type("Jang Dong-min");
  d.click("start.player2");
  d.press('A', true);
  d.type("Kim Kyung-hoon");
  d.click("start.first1");
  d.click("start.create");
  REQUIRE(c.session() != nullptr);
  REQUIRE(c.ui().screen == console::Screen::kMatch);
  const auto& match = [&]() -> const engine::Match& { return c.session()->match(); };
  CHECK(match().state().players[0] == "Jang Dong-min");
  CHECK(match().state().first == 1);

  // Player 1's setup: tray, then square, for every piece; masked while not revealed.
  const std::vector<std::pair<std::string, std::string>> p1 = {
      {"10", "a3"}, {"4", "b3"}, {"1", "c3"}, {"5", "d3"}, {"6", "e3"}, {"7", "f3"}, {"M", "a2"},
      {"M", "b2"}, {"2", "c2"}, {"3", "d2"}, {"8", "e2"}, {"9", "f2"}, {"K", "a1"}, {"M", "b1"}};
  // A wrong square first: player 2's territory is refused, nothing placed.
  d.click("setup.tray.K");
  d.click_square("a8");
  CHECK(c.ui().setup.draft[0].empty());
  for (const auto& [token, square] : p1) {
    d.click("setup.tray." + token);
    d.click_square(square);
  }
  REQUIRE(c.ui().setup.draft[0].size() == 14);
  CHECK(!c.session()->match().game().check_setup(1, c.ui().setup.draft[0]));
  d.seal_setup();
  REQUIRE(match().state().setup_locked[0]);
  d.frame();
#ifdef FACEDOWN_CONSOLE_HAS_STORE
  // The store seals the setup: the console shows its commitment, not the pieces.
  const auto commitment = c.session()->commitment(1);
  REQUIRE(commitment);
  CHECK(commitment->size() == 64);
#endif
  CHECK(c.ui().setup.draft[0].empty());  // the secret left the UI
  CHECK(c.ui().setup.player == 2);

  // Player 2's setup typed, first with a mistake whose reason is shown inline.
  d.click("setup.text");
  d.type("2:b9 M:c9 M:d9 M:e9 K:f9 1:b8 3:c8 4:d8 5:e8 6:f8 9:c7 10:d7 7:e7");
  d.press(ui::key::kEnter);
  d.frame();
  REQUIRE(c.ui().setup.draft[1].size() == 13);
  const auto reason = c.session()->match().game().check_setup(2, c.ui().setup.draft[1]);
  REQUIRE(reason);
  CHECK(reason->reason.find("missing: 8") != std::string::npos);
  d.click("setup.text");
  d.press(ui::key::kEnd);
  d.type(" 8:f7");
  d.press(ui::key::kEnter);
  REQUIRE(c.ui().setup.draft[1].size() == 14);
  d.seal_setup();  // a click: the field still has the keyboard
  REQUIRE(match().state().setup_locked[1]);

  // Start: the match clock begins at this monotonic instant.
  d.mono = kStart;
  d.press('G');
  REQUIRE(match().state().started);

  at(d, 4);
  move(d, "b3", "b4");
  at(d, 9);
  move(d, "c7", "c5");
  at(d, 12);
  move(d, "a3", "a5");
  at(d, 20);
  // The multi-battle: c4 meets b4 across the minus line and c3 by sum.
  d.click_square("c5");
  d.click_square("c4");
  REQUIRE(c.ui().play.preview);
  CHECK(c.ui().play.preview->lines.size() == 2);
  CHECK(c.ui().play.preview->items_follow);
  d.press(ui::key::kEnter);
  REQUIRE(match().state().pending.kind == "items");
  at(d, 25);
  d.click("items.p1.plus");
  d.click("items.p1.sq.b4");
  d.click("items.confirm");
  REQUIRE(match().state().phase == engine::Phase::kPlaying);
  CHECK(match().state().removed[0].size() == 1);  // player 1's 1 fell on c3

  at(d, 30);
  move(d, "a5", "a7");
  at(d, 34);
  move(d, "f7", "e6");
  // A correction: void the last command, with what it undoes shown and a reason.
  at(d, 36);
  d.press('V');
  CHECK(c.ui().play.dialog == console::PlayUi::Dialog::kVoid);
  CHECK(console::voidable_commands(match(), 1) ==
        std::vector<std::string>{"#11 0:34.0  move f7-e6"});  // times as the log shows them
  CHECK(c.ui().play.void_restore);  // on by default
  d.press(ui::key::kEnter);  // refused: the reason is required
  CHECK(c.ui().play.dialog == console::PlayUi::Dialog::kVoid);
  d.type("wrong square recorded");
  d.press(ui::key::kEnter);
  CHECK(c.ui().play.dialog == console::PlayUi::Dialog::kNone);
  REQUIRE(match().state().to_move == 2);
  at(d, 37);
  move(d, "f7", "f6");

  // The hold: P pauses at once (committed), the reason is asked afterwards and
  // logged as a note.
  at(d, 40);
  d.press('P');
  REQUIRE(match().state().paused);
  CHECK(c.ui().play.dialog == console::PlayUi::Dialog::kHold);
  at(d, 44);  // the operator types; the match is paused meanwhile
  d.frame();  // the reason field takes the keyboard
  d.type("camera change");
  d.press(ui::key::kEnter);
  CHECK(c.ui().play.dialog == console::PlayUi::Dialog::kNone);
  REQUIRE(std::holds_alternative<engine::Noted>(match().log().back().body));
  CHECK(match().log().back().t == 44000);
  at(d, 55);
  d.press('P');
  REQUIRE(!match().state().paused);

  at(d, 60);
  move(d, "a7", "a9");
  REQUIRE(match().state().pending.kind == "items");
  at(d, 62);
  d.click("items.p2.minus");
  d.click("items.confirm");
  REQUIRE(match().state().pending.kind == "revival");
  d.frame();  // the revival appears (its buttons take input a moment later)
  at(d, 65);
  d.click("revive.piece.1");
  d.click_square("f1");
  d.press(ui::key::kEnter);
  REQUIRE(match().state().phase == engine::Phase::kPlaying);
  REQUIRE(match().state().to_move == 2);

  // Player 2 lets the clock run: the engine ends the match at 125 s.
  at(d, 130);
  d.frame(2);
  REQUIRE(match().state().result);
  CHECK(match().state().result->reason == "timeout");
  CHECK(match().state().result->winner == 1);

  // The same script through the engine gives exactly the same log...
  auto run = codec::run_script(with_desk_holds(read(FACEDOWN_SOURCE_DIR "/tests/console/scripts/full-match.txt")));
  REQUIRE(run.errors.empty());
  REQUIRE(run.match);
  run.match->advance(130000);
  const auto expected = dump(run.match->log(), run.match->game());
  CHECK(dump(match().log(), match().game()) == expected);
  // ...and the library (the store) holds it.
  auto stored = c.library().events(1);
  REQUIRE(std::holds_alternative<std::vector<engine::Event>>(stored));
  CHECK(dump(std::get<std::vector<engine::Event>>(stored), match().game()) == expected);
}

TEST_CASE("a refused command changes nothing and its reason is shown") {
  ConsoleDriver d(console::memory_library());
  auto& c = d.console();
  d.frame(2);
  d.click("start.create");
  REQUIRE(c.session());
  const auto size = c.session()->match().log().size();
  c.dispatch(console::SubmitCommand{engine::StartCmd{}}, d.mono);
  CHECK(c.session()->match().log().size() == size);
  CHECK(c.ui().notice.find("setup") != std::string::npos);
}

TEST_CASE("a store that fails stops play with a banner and the match stays as stored") {
  int calls = 0;
  bool fail = false;
  auto lib = console::memory_library();
  ConsoleDriver d(std::move(lib));
  auto& c = d.console();
  d.frame(2);
  d.click("start.create");
  REQUIRE(c.session());
  // Swap in a session whose journal fails on demand, over the same match.
  auto* s = c.session();
  engine::Match copy = std::get<engine::Match>(engine::Match::from_log(s->match().info(), s->match().log()));
  *s = console::MatchSession(
      std::move(copy),
      [&](const engine::Match&, const std::vector<engine::Event>&) -> std::optional<std::string> {
        ++calls;
        if (fail) return std::string("/tmp/x.db: the disk is full (SQLITE_FULL)");
        return std::nullopt;
      },
      nullptr, "test");
  d.click("setup.shuffle");
  d.click("setup.lock");
  fail = true;
  const auto before = c.session()->match().log().size();
  d.mono += 800;
  d.click("setup.lock.confirm");
  CHECK(calls == 1);
  CHECK(c.session()->match().log().size() == before);
  CHECK(!c.session()->match().state().setup_locked[0]);
  CHECK(c.ui().banner.find("disk is full") != std::string::npos);
  // While the banner stands, nothing else is submitted.
  c.dispatch(console::SubmitCommand{engine::PauseCmd{"x"}}, d.mono);
  CHECK(calls == 1);
  // Retry after the disk was freed: the same lock goes through.
  fail = false;
  d.click("banner.retry");
  CHECK(c.ui().banner.empty());
  d.seal_setup();
  CHECK(c.session()->match().state().setup_locked[0]);
}
