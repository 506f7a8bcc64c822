// A correction never decides a match (console/correction_hold.h): a restoring void
// from the desk holds the clock, recorded, until the corrected move (which resumes
// and moves at one instant) or Resume; a wrong timeout is reinstated from the
// result panel; the result's buttons ignore a click aimed at what stood there a
// moment before; Award opens with no winner chosen.
#include <catch2/catch.hpp>

#include <imgui_internal.h>

#include "console/correction_hold.h"
#include "console/desk_command.h"
#include "console/match_library.h"
#include "console/script_driver.h"
#include "console/screens.h"
#include "console_driver.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "ui/keys.h"

using namespace facedown;
using console::testing::ConsoleDriver;
using Dialog = console::PlayUi::Dialog;

namespace {

// Player 2 is to move at 12 s of a Genius match (60 s turns).
const std::string kScript =
    "game number-janggi\npreset genius-2015\nplayer 1 \"Jang\"\nplayer 2 \"Kim\"\nfirst 1\n"
    "setup 1 10:a3 4:b3 1:c3 5:d3 6:e3 7:f3 M:a2 M:b2 2:c2 3:d2 8:e2 9:f2 K:a1 M:b1\n"
    "setup 2 2:b9 M:c9 M:d9 M:e9 K:f9 1:b8 3:c8 4:d8 5:e8 6:f8 9:c7 10:d7 7:e7 8:f7\n"
    "start\n@4 move b3-b4\n@9 move c7-c5\n@12 move a3-a5\n";

void play(ConsoleDriver& d) {
  auto loaded = console::ScriptDriver::load(kScript);
  REQUIRE(std::holds_alternative<console::ScriptDriver>(loaded));
  auto& driver = std::get<console::ScriptDriver>(loaded);
  REQUIRE(!driver.create(d.console(), d.mono));
  for (std::size_t i = 0; i < driver.size(); ++i) REQUIRE(!driver.play(d.console(), i, d.mono));
  d.frame(2);
}

const engine::Match& match(ConsoleDriver& d) { return d.console().session()->match(); }

// The turn clock of the player to move at the instant of log entry `upto` (its
// events folded, nothing later).
engine::Millis turn_elapsed_after(const engine::Match& m, std::size_t upto) {
  std::vector<engine::Event> head(m.log().begin(), m.log().begin() + static_cast<long>(upto) + 1);
  auto folded = engine::Match::from_log(m.info(), head);
  REQUIRE(std::holds_alternative<engine::Match>(folded));
  return std::get<engine::Match>(folded).state().period_elapsed();
}

// Player 2's wrong move at 40 s (28 s into the turn), voided with restore at 45 s.
void wrong_move_voided(ConsoleDriver& d) {
  d.mono += 28000;
  d.click_square("f7");
  d.click_square("e6");
  d.press(ui::key::kEnter);
  REQUIRE(match(d).state().to_move == 1);
  d.mono += 5000;
  d.press('V');
  REQUIRE(d.ui().play.dialog == Dialog::kVoid);
  REQUIRE(d.ui().play.void_restore);
  d.type("wrong square recorded");
  d.press(ui::key::kEnter);
  REQUIRE(d.ui().play.dialog == Dialog::kNone);
}

}  // namespace

TEST_CASE("a restoring void holds the clock until the corrected move, which resumes and moves at once") {
  ConsoleDriver d(console::memory_library());
  play(d);
  wrong_move_voided(d);
  const auto& st = match(d).state();
  REQUIRE(st.to_move == 2);
  CHECK(st.paused);
  CHECK(console::correction_held(match(d)));
  // Recorded: the pause is in the log with the correction's reason, right after the void.
  const auto& log = match(d).log();
  REQUIRE(std::holds_alternative<engine::Paused>(log.back().body));
  CHECK(std::get<engine::Paused>(log.back().body).reason == console::kCorrectionReason);
  CHECK(std::holds_alternative<engine::Voided>(log[log.size() - 2].body));
  // The public knows it is a correction hold (the desk's fixed marker), so the air
  // shows a held clock, not a PAUSED card (broadcast's correction_hold); a typed
  // reason stays the referee's.
  CHECK(std::get<engine::Paused>(engine::project(log.back(), engine::kPublic).body).reason == console::kCorrectionReason);
  engine::Event typed = log.back();
  std::get<engine::Paused>(typed.body).reason = "medical: player 2's flag is on a1";
  CHECK(std::get<engine::Paused>(engine::project(typed, engine::kPublic).body).reason.empty());
  // The screen says the clock is held and why; the held clock does not look running.
  d.frame();
  CHECK(d.ui().hits.has("status.paused"));
  CHECK(d.ui().hits.has("clock.p2.held"));
  CHECK(!d.ui().hits.has("clock.p1.held"));
  CHECK(console::player_clock_face(st, 2, d.ui().now).held);
  // Two minutes of a slow, careful correction: no timeout.
  d.mono += 120000;
  d.frame(3);
  CHECK(!match(d).state().result);
  CHECK(match(d).state().to_move == 2);
  // The corrected move is entered while the clock is held.
  const std::size_t before = match(d).log().size();
  d.click_square("f7");
  d.click_square("f6");
  REQUIRE(d.ui().play.preview);
  d.press(ui::key::kEnter);
  REQUIRE(match(d).state().to_move == 1);
  CHECK(!match(d).state().paused);
  CHECK(!console::correction_held(match(d)));
  d.frame();
  CHECK(!d.ui().hits.has("clock.p1.held"));  // running again, and it looks it
  // Resumed and Moved at one instant, and player 2 was charged 28 s, nothing more.
  REQUIRE(std::holds_alternative<engine::Resumed>(match(d).log()[before].body));
  REQUIRE(std::holds_alternative<engine::Moved>(match(d).log()[before + 1].body));
  CHECK(match(d).log()[before].t == match(d).log()[before + 1].t);
  CHECK(turn_elapsed_after(match(d), before) == 28000);
}

TEST_CASE("a refused correction leaves the clock held: Resume releases it") {
  ConsoleDriver d(console::memory_library());
  play(d);
  wrong_move_voided(d);
  REQUIRE(console::correction_held(match(d)));
  // A mine never moves: refused with the rule's reason, and the clock stays held.
  const std::size_t before = match(d).log().size();
  d.click_square("c9");
  d.click_square("c8");
  CHECK(!d.ui().play.preview);
  auto refused = console::give_desk_command(d.console(), "move c9-c8", d.mono);
  REQUIRE(refused);
  CHECK(refused->reason.find("a Mine never moves") != std::string::npos);
  CHECK(match(d).log().size() == before);
  CHECK(console::correction_held(match(d)));
  d.mono += 61000;
  d.frame(2);
  CHECK(!match(d).state().result);
  // Resume releases the hold: the clock runs from where it was (28 s).
  d.press('P');
  CHECK(!match(d).state().paused);
  CHECK(!console::correction_held(match(d)));
  d.mono += 31000;
  d.frame(2);
  CHECK(!match(d).state().result);  // 28 + 31 s: still in time
  d.mono += 1500;
  d.frame(2);
  REQUIRE(match(d).state().result);  // past 60 s: the turn limit, this time for real
  CHECK(match(d).state().result->reason == "timeout");
}

TEST_CASE("the control API's void ... restore holds the clock too: a void without restore does not") {
  ConsoleDriver d(console::memory_library());
  play(d);
  d.mono += 3000;
  REQUIRE(!console::give_desk_command(d.console(), "move f7-e6", d.mono));
  d.mono += 2000;
  REQUIRE(!console::give_desk_command(d.console(), "void 1 \"wrong square\" restore", d.mono));
  CHECK(console::correction_held(match(d)));
  d.mono += 90000;
  d.frame(2);
  CHECK(!match(d).state().result);
  REQUIRE(!console::give_desk_command(d.console(), "move f7-f6", d.mono));
  CHECK(match(d).state().to_move == 1);
  CHECK(!match(d).state().paused);

  ConsoleDriver plain(console::memory_library());
  play(plain);
  plain.mono += 3000;
  REQUIRE(!console::give_desk_command(plain.console(), "move f7-e6", plain.mono));
  REQUIRE(!console::give_desk_command(plain.console(), "void 1 \"wrong square\"", plain.mono));
  CHECK(!match(plain).state().paused);
  CHECK(!console::correction_held(match(plain)));
}

TEST_CASE("a hold survives a restart of the desk: it is the recorded pause") {
  auto library = console::memory_library();
  auto* lib = library.get();
  ConsoleDriver d(std::move(library));
  play(d);
  wrong_move_voided(d);
  auto events = lib->events(1);
  REQUIRE(std::holds_alternative<std::vector<engine::Event>>(events));
  const auto& log = std::get<std::vector<engine::Event>>(events);
  auto rebuilt = engine::Match::from_log(match(d).info(), log);
  REQUIRE(std::holds_alternative<engine::Match>(rebuilt));
  CHECK(console::correction_held(std::get<engine::Match>(rebuilt)));
}

TEST_CASE("a wrong timeout is reinstated from the result panel, with a reason") {
  ConsoleDriver d(console::memory_library());
  play(d);
  d.mono += 61000;  // player 2 runs out of time
  d.frame(2);
  REQUIRE(match(d).state().result);
  REQUIRE(match(d).state().result->reason == "timeout");
  d.frame();
  REQUIRE(d.ui().hits.has("play.reinstate"));
  d.mono += 1000;
  d.click("play.reinstate");
  REQUIRE(d.ui().play.dialog == Dialog::kReinstate);
  d.frame(2);  // the dialog appears; its seconds field takes the keyboard
  // Time left, as every clock on the desk shows it: 0 left is the timeout again.
  d.type("0");
  d.click("dlg.reason");
  d.type("the desk's clock was started late");
  d.click("dlg.confirm");
  CHECK(d.ui().play.dialog == Dialog::kReinstate);
  CHECK(match(d).state().result);
  d.click("dlg.clock_seconds");
  d.press(ui::key::kBackspace);
  d.type("25");  // 25 s left of the 60 s turn: 35 s used
  d.click("dlg.reason");
  d.press(ui::key::kEnd);
  for (int i = 0; i < 40; ++i) d.press(ui::key::kBackspace);
  d.click("dlg.confirm");  // no reason yet: refused
  CHECK(d.ui().play.dialog == Dialog::kReinstate);
  d.click("dlg.reason");
  d.type("the desk's clock was started late");
  d.click("dlg.confirm");
  REQUIRE(d.ui().play.dialog == Dialog::kNone);
  const auto& st = match(d).state();
  CHECK(!st.result);
  CHECK(st.paused);
  CHECK(st.to_move == 2);
  CHECK(st.turn_elapsed() == 35000);
  const auto* set = std::get_if<engine::ClockSet>(&match(d).log().back().body);
  REQUIRE(set);
  CHECK(set->reinstate);
  CHECK(set->reason == "the desk's clock was started late");
  // Only a timeout offers it.
  d.press('R', true);
  d.click("dlg.player1");
  d.click("dlg.confirm");
  REQUIRE(match(d).state().result);
  d.mono += 1000;
  d.frame(2);
  CHECK(d.ui().hits.has("play.close"));
  CHECK(!d.ui().hits.has("play.reinstate"));
}

TEST_CASE("Confirm result ignores a click aimed at the panel that stood there a moment before") {
  ConsoleDriver d(console::memory_library());
  play(d);
  d.mono += 61000;
  d.frame();  // the timeout lands: the result panel appears in this frame
  REQUIRE(match(d).state().result);
  const auto at = d.ui().hits.centre("play.close");
  REQUIRE(at);
  d.click_at(*at);  // the operator's click, aimed at what stood there
  CHECK(d.ui().play.dialog == Dialog::kNone);
  d.press('C');
  CHECK(d.ui().play.dialog == Dialog::kNone);
  d.mono += 800;
  d.click("play.close");
  REQUIRE(d.ui().play.dialog == Dialog::kClose);
  d.frame(4);  // an auto-sized window takes its size over a few frames
  // The title fits its window, and the body says what confirming does.
  ImGuiWindow* w = ImGui::FindWindowByName("Confirm the result###dlg.close");
  REQUIRE(w);
  CHECK(w->Size.x > ImGui::CalcTextSize("Confirm the result").x + 2 * ImGui::GetStyle().WindowPadding.x);
  CHECK(w->Size.y > 3 * ImGui::GetFontSize());  // more than a title and a button row
}

TEST_CASE("Award opens with no winner selected, and cannot be confirmed until one is") {
  ConsoleDriver d(console::memory_library());
  play(d);
  d.press('A', true);
  REQUIRE(d.ui().play.dialog == Dialog::kAward);
  CHECK(d.ui().play.dialog_player == 0);
  d.type("conduct");
  d.press(ui::key::kEnter);
  CHECK(d.ui().play.dialog == Dialog::kAward);
  CHECK(!match(d).state().result);
  d.click("dlg.player1");
  d.click("dlg.confirm");
  REQUIRE(match(d).state().result);
  CHECK(match(d).state().result->winner == 1);
}

TEST_CASE("Resign opens with nobody selected: Ctrl+R then Enter resigns no one") {
  ConsoleDriver d(console::memory_library());
  play(d);
  d.press('R', true);
  REQUIRE(d.ui().play.dialog == Dialog::kResign);
  CHECK(d.ui().play.dialog_player == 0);
  d.press(ui::key::kEnter);
  CHECK(d.ui().play.dialog == Dialog::kResign);
  CHECK(!match(d).state().result);
  d.click("dlg.player2");
  d.click("dlg.confirm");
  REQUIRE(match(d).state().result);
  CHECK(match(d).state().result->winner == 1);
}

TEST_CASE("a typed move's refusal gives the engine's reason (camera-safe: only while reveal is held)") {
  ConsoleDriver d(console::memory_library());
  play(d);  // player 2 to move; c9 holds a Mine
  REQUIRE(d.ui().camera_safe);
  d.click("play.move_text");
  d.type("c9c8");
  d.press(ui::key::kEnter);
  const std::string masked = d.ui().notice;
  CHECK(masked.find("c9-c8") != std::string::npos);
  CHECK(masked.find("Mine") == std::string::npos);  // on camera: no identity
  const std::string why = match(d).why_illegal(engine::Move{*match(d).game().geometry().parse("c9"),
                                                            *match(d).game().geometry().parse("c8")});
  REQUIRE(!why.empty());
  CHECK(d.ui().notice_revealed.second.find(why) != std::string::npos);
  CHECK(d.ui().notice_revealed.first == masked);
  d.ui().camera_safe = false;
  d.click("play.move_text");
  d.press(ui::key::kEnter);
  CHECK(d.ui().notice.find(why) != std::string::npos);
}
