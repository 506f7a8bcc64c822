// The desk as a service (console/desk.h), driven without a window: a command and
// a time in, its outcome out — the events stored, the engine's refusal with its
// reason, a store error that stops play until acknowledged, a correction hold —
// and the match clock it keeps (held, released, started by `start`).
#include <catch2/catch.hpp>

#include "codec/script.h"
#include "console/correction_hold.h"
#include "console/desk.h"
#include "console/match_library.h"
#include "console/on_program.h"
#include "engine/registry.h"
#include "console/console.h"

using namespace facedown;
using console::Desk;
using console::DeskOutcome;

namespace {

struct Fixture {
  Desk desk;
  bool fail = false;  // the store refuses while set
  int stored = 0;     // commands the store took
  engine::Millis mono = 1000;

  Fixture() {
    const auto games = engine::all_games();
    const auto* info = engine::find_game(games, "number-janggi");
    REQUIRE(info);
    auto opened = engine::Match::open(*info, "genius-2015", {}, {"Jang", "Kim"});
    REQUIRE(std::holds_alternative<engine::Match>(opened));
    desk.open(std::make_unique<console::MatchSession>(
                  std::move(std::get<engine::Match>(opened)),
                  [this](const engine::Match&, const std::vector<engine::Event>&) -> std::optional<std::string> {
                    if (fail) return std::string("disk full");
                    ++stored;
                    return std::nullopt;
                  },
                  nullptr, "test"),
              mono);
  }
  const engine::Match& match() { return desk.session()->match(); }
  engine::Command command(const std::string& line) {
    std::vector<bool> quoted;
    auto tokens = codec::tokenize(line, &quoted);
    REQUIRE(std::holds_alternative<std::vector<std::string>>(tokens));
    auto parsed = codec::parse_command(std::get<std::vector<std::string>>(tokens), match().game(), quoted);
    INFO(line);
    REQUIRE(std::holds_alternative<codec::TimedCommand>(parsed));
    return std::get<codec::TimedCommand>(parsed).command;
  }
  DeskOutcome give(const std::string& line) { return desk.submit(command(line), mono); }
  // Both setups, start at `mono`, player 1 moves b3-b4 at 4 s.
  void started() {
    for (const char* line :
         {"first 1", "setup 1 10:a3 4:b3 1:c3 5:d3 6:e3 7:f3 M:a2 M:b2 2:c2 3:d2 8:e2 9:f2 K:a1 M:b1",
          "setup 2 2:b9 M:c9 M:d9 M:e9 K:f9 1:b8 3:c8 4:d8 5:e8 6:f8 9:c7 10:d7 7:e7 8:f7", "start"})
      REQUIRE(give(line).done());
    mono += 4000;
    REQUIRE(give("move b3-b4").done());
  }
};

}  // namespace

TEST_CASE("desk: the match clock starts with start, and a held clock stands still") {
  Fixture f;
  CHECK(f.desk.time(f.mono + 5000) == 0);  // no clock before the match starts
  f.started();
  CHECK(f.match().log().back().t == 4000);
  CHECK(f.desk.time(f.mono + 1000) == 5000);
  f.desk.hold_clock(f.mono + 1000);
  CHECK(f.desk.clock_held());
  CHECK(f.desk.time(f.mono + 60000) == 5000);  // the dialog's minutes are nobody's
  f.desk.release_clock(f.mono + 60000);
  CHECK(f.desk.time(f.mono + 61000) == 6000);
}

TEST_CASE("desk: a refusal carries the engine's reason and changes nothing") {
  Fixture f;
  f.started();
  const auto size = f.match().log().size();
  const int stored = f.stored;
  const DeskOutcome out = f.give("move a1-a2");  // player 2 is to move
  REQUIRE(out.refusal);
  CHECK(!out.refusal->empty());
  CHECK(!out.store_error);
  CHECK(out.events.empty());
  CHECK(f.match().log().size() == size);
  CHECK(f.stored == stored);
}

TEST_CASE("desk: a store error stops play until it is acknowledged") {
  Fixture f;
  f.started();
  const auto size = f.match().log().size();
  f.fail = true;
  DeskOutcome out = f.give("pause \"drink\"");
  REQUIRE(out.store_error);
  CHECK(*out.store_error == "disk full");
  CHECK(f.desk.stopped());
  CHECK(f.match().log().size() == size);  // the match as stored
  f.fail = false;
  // Stopped: nothing is tried, and time does not fire deadlines into the store.
  out = f.give("pause \"drink\"");
  REQUIRE(out.store_error);
  CHECK(out.store_error->find("stopped") != std::string::npos);
  CHECK(f.desk.advance(f.mono + 120000).events.empty());
  CHECK(f.match().log().size() == size);
  f.desk.acknowledge_store_error();
  out = f.give("pause \"drink\"");
  CHECK(out.done());
  CHECK(f.match().state().paused);
}

TEST_CASE("desk: a restoring void holds the clock and the corrected move resumes and plays at one instant") {
  Fixture f;
  f.started();
  f.mono += 3000;  // 7 s
  DeskOutcome out = f.give("void 1 \"wrong square\" restore");
  REQUIRE(out.done());
  CHECK(out.held);
  CHECK(console::correction_held(f.match()));
  CHECK(std::holds_alternative<engine::Paused>(out.events.back().body));
  // A refused correction leaves the clock held, with the engine's reason.
  f.mono += 30000;
  out = f.give("move b3-b9");
  REQUIRE(out.refusal);
  CHECK(!out.refusal->empty());
  CHECK(out.events.empty());
  CHECK(console::correction_held(f.match()));
  out = f.give("move b3-b4");
  REQUIRE(out.done());
  CHECK(out.released);
  CHECK(!f.match().state().paused);
  REQUIRE(out.events.size() >= 2);
  CHECK(std::holds_alternative<engine::Resumed>(out.events.front().body));
  // One instant (37 s, when the corrected move was given): the held half
  // minute ran on nobody's clock.
  CHECK(out.events.front().t == 37000);
  CHECK(out.events.back().t == 37000);
}

TEST_CASE("desk: a timeout falls due as time passes, stored once") {
  Fixture f;
  f.started();
  DeskOutcome out = f.desk.advance(f.mono + 30000);
  CHECK(out.events.empty());
  out = f.desk.advance(f.mono + 61000);  // player 2's 60 s turn has run out
  CHECK(!out.events.empty());
  CHECK(f.desk.advance(f.mono + 62000).events.empty());
}

TEST_CASE("desk: quitting pauses a running match first and a stopped one needs nothing") {
  Fixture f;
  CHECK(f.desk.quit(f.mono).events.empty());  // not started
  f.started();
  f.fail = true;
  DeskOutcome out = f.desk.quit(f.mono + 1000);
  CHECK(out.store_error);
  CHECK(f.desk.running());
  f.fail = false;
  out = f.desk.quit(f.mono + 1000);  // tried again even though play is stopped
  REQUIRE(out.done());
  REQUIRE(f.match().state().paused);
  const auto* p = std::get_if<engine::Paused>(&f.match().log().back().body);
  REQUIRE(p);
  CHECK(p->reason == console::kQuitReason);
  CHECK(f.desk.quit(f.mono + 2000).events.empty());
}

TEST_CASE("desk: with no match a command says so") {
  Desk desk;
  const DeskOutcome out = desk.submit(engine::ResumeCmd{}, 0);
  CHECK(out.no_match);
  CHECK(out.refusal);
}

TEST_CASE("desk: a timeout is stored at once, but its result airs after the grace (held at the moment before)") {
  Fixture f;
  std::vector<std::pair<bool, int>> holds;  // (held, commands stored when it was asked)
  f.desk.set_on_air([&](bool held) -> std::optional<std::string> {
    holds.emplace_back(held, f.stored);
    return std::nullopt;
  });
  f.desk.set_result_grace(4000);
  f.started();
  const int before = f.stored;
  DeskOutcome out = f.desk.advance(f.mono + 61000);  // player 2's turn runs out
  REQUIRE(f.match().state().result);
  CHECK(out.grace);
  CHECK(f.stored == before + 1);  // the engine's record: stored at once
  REQUIRE(holds.size() == 1);
  CHECK(holds[0] == std::make_pair(true, before));  // held before the ending was stored
  CHECK(f.desk.grace_left(f.mono + 61000) == 4000);
  CHECK(f.desk.grace_left(f.mono + 63000) == 2000);
  f.desk.advance(f.mono + 64999);
  CHECK(holds.size() == 1);
  f.desk.advance(f.mono + 65000);  // the grace ran out: the result airs
  REQUIRE(holds.size() == 2);
  CHECK(!holds[1].first);
  CHECK(!f.desk.grace_left(f.mono + 65000));
}

TEST_CASE("desk: Reinstate or Air now end the grace and a director's hold outlasts it") {
  Fixture f;
  std::vector<bool> holds;
  f.desk.set_on_air([&](bool held) -> std::optional<std::string> {
    holds.push_back(held);
    return std::nullopt;
  });
  f.started();
  SECTION("reinstated: what it made of the match airs") {
    f.desk.advance(f.mono + 61000);
    REQUIRE(f.desk.grace_left(f.mono + 61000));
    f.mono += 62000;
    REQUIRE(f.give("clock 20 \"the desk clock was wrong\"").done());
    CHECK(!f.match().state().result);
    CHECK(holds == std::vector<bool>{true, false});
    CHECK(!f.desk.grace_left(f.mono));
  }
  SECTION("a note leaves it running; Air now ends it") {
    f.desk.advance(f.mono + 61000);
    f.mono += 61500;
    REQUIRE(f.give("note \"checking the stopwatch\"").done());
    CHECK(f.desk.grace_left(f.mono));
    f.desk.air_now();
    CHECK(holds == std::vector<bool>{true, false});
    CHECK(!f.desk.grace_left(f.mono));
  }
  SECTION("the director held the picture first: the grace neither holds nor releases") {
    REQUIRE(!f.desk.hold_on_air(true));
    f.desk.advance(f.mono + 61000);
    CHECK(f.match().state().result);
    f.desk.advance(f.mono + 70000);
    CHECK(holds == std::vector<bool>{true});
    CHECK(f.desk.on_air_held());
  }
  SECTION("no grace: the result airs at once") {
    f.desk.set_result_grace(0);
    const DeskOutcome out = f.desk.advance(f.mono + 61000);
    CHECK(f.match().state().result);
    CHECK(!out.grace);
    CHECK(holds.empty());
  }
}

TEST_CASE("desk: a caption is on air only as the program shows it (cleared, timed out, gone at the result, held)") {
  using console::caption_on_program;
  broadcast::DirectorState d;  // landscape: the caption element shown
  REQUIRE(d.is_shown(broadcast::Element::kCaption));
  CHECK(caption_on_program(d, 100, std::nullopt, 150));
  // The director's timeout took it down.
  d.caption_timeout = 30;
  CHECK(caption_on_program(d, 100, std::nullopt, 129));
  CHECK(!caption_on_program(d, 100, std::nullopt, 130));
  d.caption_timeout = 0;
  // Cleared after it was set; a new caption after the clear shows.
  d.caption_cleared_wall = 120;
  CHECK(!caption_on_program(d, 100, std::nullopt, 150));
  CHECK(caption_on_program(d, 121, std::nullopt, 150));
  // The result takes it down unless kept.
  CHECK(!caption_on_program(d, 121, 140.0, 150));
  d.caption_keep = true;
  CHECK(caption_on_program(d, 121, 140.0, 150));
  // Hidden: not on air; held: on air whatever else.
  d.shown[static_cast<std::size_t>(broadcast::Element::kCaption)] = false;
  CHECK(!caption_on_program(d, 121, std::nullopt, 150));
  d.shown[static_cast<std::size_t>(broadcast::Element::kCaption)] = true;
  d.caption_cleared_wall = 500;
  d.caption_hold = broadcast::HeldElement{3, 90};
  CHECK(caption_on_program(d, 121, std::nullopt, 150));
}

TEST_CASE("desk: quitting during a grace airs the result (never left held)") {
  Fixture f;
  std::vector<bool> holds;
  f.desk.set_on_air([&](bool held) -> std::optional<std::string> {
    holds.push_back(held);
    return std::nullopt;
  });
  f.started();
  f.desk.advance(f.mono + 61000);
  REQUIRE(f.desk.grace_left(f.mono + 61000));
  f.desk.quit(f.mono + 62000);
  CHECK(holds == std::vector<bool>{true, false});
}

TEST_CASE("desk: an outage is paused at the last sign of life and noted in the desk's words, English and Korean") {
  ui::Catalog catalog;
  console::add_console_phrases(catalog);
  for (const auto lang : {ui::Lang::kEnglish, ui::Lang::kKorean}) {
    Fixture f;
    f.started();  // player 2's turn from 4 s
    engine::Match live = f.match();
    // The store found the desk alive at 9.5 s of match time, 65 s before the resume.
    const console::Outage gap{9'500, 1'700'000'000'000, 1'700'000'065'000};
    const auto events = console::outage_pause(ui::Tr{&catalog, lang})(live, gap);
    REQUIRE(events.size() == 2);
    const auto* p = std::get_if<engine::Paused>(&events[0].body);
    REQUIRE(p);
    CHECK(p->reason == console::kResumeReason);
    CHECK(events[0].t == 9'500);
    CHECK(live.state().paused);
    CHECK(live.state().turn_elapsed() == 5'500);  // what ran before the outage, nothing of it
    const auto* note = std::get_if<engine::Noted>(&events[1].body);
    REQUIRE(note);
    INFO(note->text);
    if (lang == ui::Lang::kEnglish)
      CHECK(note->text == "outage: the desk stopped at match time 9.5 s (2023-11-14 22:13:20 UTC, last sign of life); "
                          "resumed 2023-11-14 22:14:25 UTC (65.0 s later)");
    else
      CHECK(note->text == "중단: 심판석이 경기 시간 9.5초에 멈춤 (마지막 신호 2023-11-14 22:13:20 UTC); "
                          "2023-11-14 22:14:25 UTC에 재개 (65.0초 후)");
  }
  // A gap the engine cannot pause at (before the last event) pauses at the match's own time.
  Fixture f;
  f.started();
  engine::Match live = f.match();
  const auto events = console::outage_pause(ui::Tr{&catalog, ui::Lang::kEnglish})(live, console::Outage{1'000, 0, 0});
  REQUIRE(events.size() == 2);
  CHECK(events[0].t == f.match().state().time);
  CHECK(std::get<engine::Noted>(events[1].body).text == "outage: the desk stopped at match time " +
                                                            engine::format_seconds(f.match().state().time) + " s; resumed");
}
