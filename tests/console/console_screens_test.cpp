// The console's other flows through its UI: every game of the engine can be set
// up and played from the console; an unfinished match is offered first and its
// clock paused on resume; a finished match replays step by step, by ply, at speed
// and from each viewer's side.
#include <algorithm>
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "console/option_words.h"
#include "console/screens.h"
#include "console/script_driver.h"
#include "console_driver.h"
#include "engine/registry.h"
#include "engine/vocabulary.h"
#include "engine/view.h"
#include "ui/keys.h"
#include "ui/theme.h"
#ifdef FACEDOWN_CONSOLE_HAS_STORE
#include "console/store_library.h"
#endif

using namespace facedown;
using console::testing::ConsoleDriver;

namespace {

void start_match(ConsoleDriver& d);

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Plays the full-match script into the console's library (no clicks needed here).
void play_script(ConsoleDriver& d) {
  auto loaded = console::ScriptDriver::load(read(FACEDOWN_SOURCE_DIR "/tests/console/scripts/full-match.txt"));
  REQUIRE(std::holds_alternative<console::ScriptDriver>(loaded));
  auto& driver = std::get<console::ScriptDriver>(loaded);
  REQUIRE(!driver.create(d.console(), d.mono));
  for (std::size_t i = 0; i < driver.size(); ++i) REQUIRE(!driver.play(d.console(), i, d.mono));
}

}  // namespace

TEST_CASE("every game can be created, set up and played from the console") {
  for (const auto& info : engine::all_games()) {
    DYNAMIC_SECTION(info.id) {
      ConsoleDriver d(console::memory_library());
      auto& c = d.console();
      d.frame(2);
      d.click("start.game");
      d.click("start.game." + info.id);
      // Only the chosen game's options are offered.
      for (const auto& [name, value] : c.ui().start.options) CHECK(info.find_option(name) != nullptr);
      d.click("start.create");
      INFO(c.ui().notice << c.ui().banner);
      REQUIRE(c.session());
      CHECK(c.session()->match().state().game == info.id);
      // A fixed placement (Gwangsanghui) has no setup to enter.
      for (int p = 1; p <= 2 && !c.session()->match().game().has_fixed_placement(); ++p) {
        d.press('0' + p);
        d.press('S');  // shuffle: the game's own random setup
        d.seal_setup();
        d.frame();
        REQUIRE(c.session()->match().state().setup_locked[static_cast<std::size_t>(p - 1)]);
      }
      d.press('G');
      REQUIRE(c.session()->match().state().started);
      // A few plies, each by clicking a legal move on the board and confirming.
      for (int ply = 0; ply < 4; ++ply) {
        const auto& m = c.session()->match();
        if (m.state().result || m.state().phase != engine::Phase::kPlaying) break;
        d.mono += 1000;
        const auto moves = m.legal_moves();
        REQUIRE(!moves.empty());
        const auto& g = m.game().geometry();
        const int before = m.state().ply;
        d.click_square(g.name(moves.front().from));
        d.click_square(g.name(moves.front().to));
        d.press(ui::key::kEnter);
        CHECK(c.session()->match().state().ply == before + 1);
        if (c.session()->match().state().pending.kind == "items") d.press(ui::key::kEnter);
      }
    }
  }
}

TEST_CASE("leaving the desk keeps the match running: choosing it again goes back to it") {
  ConsoleDriver d(console::memory_library());
  auto& c = d.console();
  start_match(d);
  d.click("ctl.back");
  d.frame();
  REQUIRE(c.ui().screen == console::Screen::kStart);
  REQUIRE(c.ui().hits.has("start.resume.1"));  // unfinished: offered first
  // The turn clock keeps running on the start screen: a 60 s turn times out.
  d.mono += 61000;
  d.frame(2);
  REQUIRE(c.session()->match().state().result);
  CHECK(c.session()->match().state().result->reason == "timeout");
  d.click("start.replay.1");  // finished now: offered for replay
  CHECK(c.ui().screen == console::Screen::kReplay);
}

#ifdef FACEDOWN_CONSOLE_HAS_STORE
TEST_CASE("after a crash the unfinished match is offered first and resumes paused, the outage noted in the desk's words") {
  // The store reports the gap; the desk pauses and writes the note, in its language.
  const bool korean = GENERATE(false, true);
  const auto path = (std::filesystem::temp_directory_path() /
                     (korean ? "facedown-console-resume-ko.db" : "facedown-console-resume.db")).string();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  auto open = [&] {
    auto lib = console::store_library(path);
    REQUIRE(std::holds_alternative<std::unique_ptr<console::MatchLibrary>>(lib));
    return std::move(std::get<std::unique_ptr<console::MatchLibrary>>(lib));
  };
  std::size_t events = 0;
  {
    ConsoleDriver d(open());
    start_match(d);
    d.mono += 3000;
    d.frame();
    events = d.console().session()->match().log().size();
  }  // the console goes away mid-turn
  ConsoleDriver d(open());
  auto& c = d.console();
  if (korean) c.ui().lang = ui::Lang::kKorean;
  d.frame(2);
  REQUIRE(c.ui().hits.has("start.resume.1"));
  d.press('R');  // resumes the newest unfinished match
  REQUIRE(c.ui().screen == console::Screen::kMatch);
  const auto& log = c.session()->match().log();
  // The pause, then the note that records the outage.
  REQUIRE(log.size() == events + 2);
  const auto* note = std::get_if<engine::Noted>(&log.back().body);
  REQUIRE(note);
  INFO(note->text);
  if (korean) {
    CHECK(note->text.rfind("중단: 심판석이 경기 시간 ", 0) == 0);
    CHECK(note->text.find("outage") == std::string::npos);
  } else {
    CHECK(note->text.rfind("outage: the desk stopped at match time ", 0) == 0);
  }
  CHECK(note->text.find("UTC") != std::string::npos);  // the last sign of life and the resume, dated
  const auto* paused = std::get_if<engine::Paused>(&log[events].body);
  REQUIRE(paused);
  CHECK(paused->reason == console::kResumeReason);
  CHECK(c.session()->match().state().paused);
  d.press('P');  // resume the clock: no reason needed
  CHECK(!c.session()->match().state().paused);
}
#endif

TEST_CASE("the turn that timed out shows its clock at zero, live and in replay, not the full turn") {
  ConsoleDriver d(console::memory_library());
  auto& c = d.console();
  play_script(d);
  d.mono += 70000;  // the timeout
  d.frame(2);
  const auto& st = c.session()->match().state();
  REQUIRE(st.result);
  REQUIRE(st.result->reason == "timeout");
  const int loser = engine::other(st.result->winner);
  const auto lost = console::player_clock_face(st, loser, st.time);
  CHECK(lost.shown == 0);
  CHECK(lost.colour == ui::colour::kDanger);
  const auto won = console::player_clock_face(st, st.result->winner, st.time);
  CHECK(won.shown == 60000);  // idle: the full turn
  CHECK(won.colour == ui::colour::kMuted);

  // In replay: the step before the timeout runs the loser's clock down, the
  // timeout's step stands it at zero.
  const auto log = c.session()->match().log();
  c.dispatch(console::BackToStart{}, d.mono);
  d.frame();
  d.click("start.replay.1");
  REQUIRE(c.ui().screen == console::Screen::kReplay);
  d.press(ui::key::kEnd);
  const auto& end = c.replay_match()->state();
  REQUIRE(end.result);
  CHECK(console::player_clock_face(end, loser, end.time).shown == 0);
  d.press(ui::key::kLeft);
  const auto& before = c.replay_match()->state();
  REQUIRE(!before.result);
  const auto running = console::player_clock_face(before, loser, before.time);
  CHECK(running.running);
  CHECK(running.shown > 0);
  CHECK(running.shown <= 60000);
}

TEST_CASE("a finished match replays by step, by ply, at speed, from every side") {
  ConsoleDriver d(console::memory_library());
  auto& c = d.console();
  play_script(d);
  d.mono += 70000;  // the timeout
  d.frame(2);
  REQUIRE(c.session()->match().state().result);
  const auto log = c.session()->match().log();
  c.dispatch(console::BackToStart{}, d.mono);
  d.frame();
  d.click("start.replay.1");
  REQUIRE(c.ui().screen == console::Screen::kReplay);
  auto& r = c.ui().replay;
  CHECK(r.cursor == 1);
  d.press(ui::key::kRight);  // before the first turn, one command: `first 1`
  CHECK(r.cursor == 2);
  d.press(ui::key::kEnd);
  CHECK(r.cursor == static_cast<int>(log.size()));
  REQUIRE(c.replay_match()->state().result);
  d.press(ui::key::kLeft);  // back over the timeout
  CHECK(r.cursor == static_cast<int>(log.size()) - 1);
  CHECK(!c.replay_match()->state().result);
  // The arrows step by move: each stop is a new turn with one more ply (or the end);
  // Shift steps by event.
  d.press(ui::key::kHome);
  int steps = 0, last_ply = 0;
  while (r.cursor < static_cast<int>(log.size()) && steps < 200) {
    d.press(ui::key::kRight);
    ++steps;
    const auto& st = c.replay_match()->state();
    if (st.ply > 0 && !st.result) {
      CHECK(st.ply <= last_ply + 1);  // never two plies at once (a void may take some back)
      CHECK(st.phase == engine::Phase::kPlaying);  // never half a move: no decision pending
    }
    last_ply = st.ply;
  }
  CHECK(r.cursor == static_cast<int>(log.size()));
  const int by_move = steps;
  d.press(ui::key::kHome);
  steps = 0;
  while (r.cursor < static_cast<int>(log.size()) && steps < 400) {
    d.context().key(ui::key::kLeftShift, true);
    d.press(ui::key::kRight);
    d.context().key(ui::key::kLeftShift, false);
    ++steps;
  }
  CHECK(steps > by_move);

  // Jump to ply 3: the position after three moves, before the fourth began.
  r.jump_ply = 3;
  d.press('J');
  CHECK(c.replay_match()->state().ply == 3);
  const int at_ply3 = r.cursor;
  CHECK(std::holds_alternative<engine::Moved>(log[static_cast<std::size_t>(at_ply3)].body));

  // Viewers: the public sees no identity of an unrevealed piece, the referee all.
  d.press(ui::key::kF1 + 3);
  CHECK(r.viewer == engine::kPublic);
  const auto pub = engine::view_state(c.replay_match()->state(), engine::kPublic);
  CHECK(std::none_of(pub.board.begin(), pub.board.end(),
                     [](const engine::SquareView& s) { return s.type && !s.revealed; }));
  d.press(ui::key::kF1);
  CHECK(r.viewer == engine::kReferee);

  // Playing at 4x: 8 s of match time pass in 2 s of wall time.
  d.press('4');
  CHECK(r.speed == 4);
  const auto t0 = c.replay_match()->state().time;
  d.press(ui::key::kSpace);
  REQUIRE(r.playing);
  for (int i = 0; i < 40; ++i) {
    d.mono += 50;
    d.frame();
  }
  const auto t1 = c.replay_match()->state().time;
  CHECK(t1 > t0);
  CHECK(t1 <= t0 + 8000);
  d.press(ui::key::kSpace);
  CHECK(!r.playing);
}

namespace {

// A started Number Janggi match (shuffled setups) on the desk.
void start_match(ConsoleDriver& d) {
  d.frame(2);
  d.click("start.create");
  REQUIRE(d.console().session());
  for (int p = 1; p <= 2; ++p) {
    d.press('S');
    d.seal_setup();
    d.frame();
  }
  d.press('G');
  REQUIRE(d.console().session()->match().state().started);
}

}  // namespace

TEST_CASE("two manual warnings disqualify, and the game-over band says so") {
  ConsoleDriver d(console::memory_library());
  start_match(d);
  auto& c = d.console();
  for (int i = 0; i < 2; ++i) {
    d.mono += 2000;
    d.press('W');
    REQUIRE(c.ui().play.dialog == console::PlayUi::Dialog::kWarn);
    d.click("dlg.player2");
    d.click("dlg.reason");
    d.type("touching the board");
    d.click("dlg.confirm");
    CHECK(c.session()->match().state().warnings[1] == i + 1);
  }
  const auto& st = c.session()->match().state();
  REQUIRE(st.result);
  CHECK(st.result->reason == "disqualified");
  CHECK(st.result->winner == 1);
  d.frame();
  CHECK(c.ui().hits.has("clock.p1"));
  // Controls that would change a finished match are disabled; void still works.
  d.press('P');
  CHECK(c.ui().play.dialog == console::PlayUi::Dialog::kNone);
  d.press('V');
  CHECK(c.ui().play.dialog == console::PlayUi::Dialog::kVoid);
  d.press(ui::key::kEscape);
  CHECK(c.ui().play.dialog == console::PlayUi::Dialog::kNone);
}

TEST_CASE("resign, draw and award end the match through their dialogs") {
  SECTION("resign") {
    ConsoleDriver d(console::memory_library());
    start_match(d);
    d.press('R', true);
    d.click("dlg.player1");
    d.click("dlg.confirm");
    const auto& r = d.console().session()->match().state().result;
    REQUIRE(r);
    CHECK(r->winner == 2);
    CHECK(r->reason == "resigned");
  }
  SECTION("draw") {
    ConsoleDriver d(console::memory_library());
    start_match(d);
    d.press('D', true);
    d.press(ui::key::kEnter);
    const auto& r = d.console().session()->match().state().result;
    REQUIRE(r);
    CHECK(r->winner == 0);
  }
  SECTION("award needs a reason") {
    ConsoleDriver d(console::memory_library());
    start_match(d);
    d.press('A', true);
    d.click("dlg.player2");
    d.click("dlg.confirm");  // disabled without a reason
    CHECK(!d.console().session()->match().state().result);
    d.click("dlg.reason");
    d.type("player 1 left the studio");
    d.press(ui::key::kEnter);
    const auto& r = d.console().session()->match().state().result;
    REQUIRE(r);
    CHECK(r->winner == 2);
    CHECK(r->reason == "awarded");
  }
}

TEST_CASE("a replay's move stop shows what the move took on its mover's clock, not a full turn") {
  ConsoleDriver d(console::memory_library());
  auto& c = d.console();
  play_script(d);
  c.dispatch(console::ReplayCurrent{}, d.mono);
  d.frame(2);
  // Back to the stop after the last move: the next turn has started.
  const auto& log = c.ui().replay.events;
  int last_move = -1;
  for (int k = 0; k < static_cast<int>(log.size()); ++k)
    if (std::holds_alternative<engine::Moved>(log[static_cast<std::size_t>(k)].body)) last_move = k;
  REQUIRE(last_move > 0);
  const int mover = std::get<engine::Moved>(log[static_cast<std::size_t>(last_move)].body).player;
  c.ui().replay.cursor = static_cast<int>(log.size());
  d.frame(2);
  REQUIRE(c.ui().replay.took);
  CHECK(c.ui().replay.took->first == mover);
  // a7-a9 at 60 s: P1's turn began at 37 s, held from 40 s to 55 s by a pause,
  // so the move took 3 s + 5 s (not the 23 s between, nor a full turn).
  CHECK(mover == 1);
  CHECK(c.ui().replay.took->second == 8000);
  CHECK(d.ui().hits.has("clock.p" + std::to_string(mover) + ".took"));
  CHECK(!d.ui().hits.has("clock.p" + std::to_string(engine::other(mover)) + ".took"));
}

TEST_CASE("every option value a game offers reads in Korean on the start screen, its id kept") {
  ui::Catalog catalog;
  console::add_option_words(catalog);
  const ui::Tr ko{&catalog, ui::Lang::kKorean}, en{&catalog, ui::Lang::kEnglish};
  int values = 0;
  for (const auto& g : engine::all_games())
    for (const auto& spec : g.options)
      for (const auto& c : spec.choices) {
        INFO(g.id << " " << spec.name << " = " << c);
        if (!c.empty() && c[0] >= '0' && c[0] <= '9') {  // a number reads the same in both
          CHECK(console::option_value_label(ko, c) == c);
          continue;
        }
        ++values;
        CHECK(catalog.has("optval." + c));
        CHECK(console::option_value_label(en, c) == c);
        const auto label = console::option_value_label(ko, c);
        CHECK(label != c);
        CHECK(label.find("(" + c + ")") != std::string::npos);
      }
  CHECK(values > 0);
}

TEST_CASE("every preset and a listed match's status read in Korean on the start screen, ids kept") {
  ui::Catalog catalog;
  console::add_option_words(catalog);
  const ui::Tr ko{&catalog, ui::Lang::kKorean}, en{&catalog, ui::Lang::kEnglish};
  int presets = 0;
  auto ascii = [](const std::string& s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  };
  for (const auto& g : engine::all_games())
    for (const auto& p : g.presets) {
      INFO(g.id << " preset " << p.id);
      ++presets;
      CHECK(console::preset_label(en, p) == p.id);
      const auto label = console::preset_label(ko, p);
      CHECK(label.size() > p.id.size() + 3);
      CHECK(label.find("(" + p.id + ")") != std::string::npos);
      CHECK_FALSE(ascii(label));  // a Korean name in front, not the bare id
    }
  CHECK(presets >= 8);
  for (const char* status : {"setup", "ready", "playing", "paused", "awaiting-items", "awaiting-revival", "finished"}) {
    INFO(status);
    CHECK(console::status_label(en, status) == status);
    CHECK_FALSE(ascii(console::status_label(ko, status)));
  }
}
