// The referee's desk under time pressure and on camera: confirming the result,
// camera-safe texts that come from the engine's public projection (and stay
// byte-identical when only hidden identities differ), the hold, the void that
// restores the clock, the clock and caption dialogs, closing the window
// mid-match, and the refusals that say why.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "console/camera_safe.h"
#include "console/match_library.h"
#include "console/move_preview.h"
#include "console/screens.h"
#include "console/script_driver.h"
#include "console_driver.h"
#include <imgui_internal.h>
#include "console/widgets.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "ui/keys.h"

using namespace facedown;
using console::testing::ConsoleDriver;
using Dialog = console::PlayUi::Dialog;

namespace {

// The full-match setups (player 1's mine on a2, its 1 on c3), or the same with
// those two identities swapped: nothing the public ever sees differs.
std::string script(bool swapped, const std::string& extra_header = "") {
  const std::string p1 = swapped ? "setup 1 10:a3 4:b3 M:c3 5:d3 6:e3 7:f3 1:a2 M:b2 2:c2 3:d2 8:e2 9:f2 K:a1 M:b1"
                                 : "setup 1 10:a3 4:b3 1:c3 5:d3 6:e3 7:f3 M:a2 M:b2 2:c2 3:d2 8:e2 9:f2 K:a1 M:b1";
  return "game number-janggi\npreset genius-2015\n" + extra_header + "player 1 \"Jang\"\nplayer 2 \"Kim\"\n" +
         "first 1\n" + p1 + "\n" +
         "setup 2 2:b9 M:c9 M:d9 M:e9 K:f9 1:b8 3:c8 4:d8 5:e8 6:f8 9:c7 10:d7 7:e7 8:f7\n"
         "start\n@4 move b3-b4\n@9 move c7-c5\n@12 move a3-a5\n";
}

void play(ConsoleDriver& d, const std::string& text) {
  auto loaded = console::ScriptDriver::load(text);
  REQUIRE(std::holds_alternative<console::ScriptDriver>(loaded));
  auto& driver = std::get<console::ScriptDriver>(loaded);
  REQUIRE(!driver.create(d.console(), d.mono));
  for (std::size_t i = 0; i < driver.size(); ++i) {
    INFO(driver.line(i));
    REQUIRE(!driver.play(d.console(), i, d.mono));
  }
  d.frame(2);
}

const engine::Match& match(ConsoleDriver& d) { return d.console().session()->match(); }

engine::Square sq(ConsoleDriver& d, const std::string& name) { return *match(d).game().geometry().parse(name); }

}  // namespace

TEST_CASE("after the end the desk offers Confirm result: once closed only note and caption remain") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  auto& c = d.console();
  CHECK(!c.ui().hits.has("play.close"));  // not before the end
  d.press('R', true);
  d.click("dlg.player2");
  d.click("dlg.confirm");
  REQUIRE(match(d).state().result);
  d.frame();
  REQUIRE(c.ui().hits.has("play.close"));
  CHECK(c.ui().hits.has("ctl.void"));  // a misclick can still be voided before it
  d.mono += 1000;  // the result's buttons take input a moment after they appear
  d.press('C');  // the shortcut opens the confirmation
  REQUIRE(c.ui().play.dialog == Dialog::kClose);
  d.press(ui::key::kEnter);
  REQUIRE(match(d).state().closed);
  CHECK(std::holds_alternative<engine::Closed>(match(d).log().back().body));
  // Committed through the library like every command.
  auto stored = c.library().events(1);
  REQUIRE(std::holds_alternative<std::vector<engine::Event>>(stored));
  CHECK(std::holds_alternative<engine::Closed>(std::get<std::vector<engine::Event>>(stored).back().body));
  d.frame();
  CHECK(!c.ui().hits.has("play.close"));
  for (const char* hit : {"ctl.void", "ctl.pause", "ctl.warn", "ctl.resign", "ctl.draw", "ctl.award", "ctl.clock"}) {
    INFO(hit);
    CHECK(!c.ui().hits.has(hit));
  }
  CHECK(c.ui().hits.has("ctl.note"));
  CHECK(c.ui().hits.has("ctl.caption"));
  d.press('V');
  CHECK(c.ui().play.dialog == Dialog::kNone);
  // Note and caption still work.
  d.press('N');
  REQUIRE(c.ui().play.dialog == Dialog::kNote);
  d.type("result signed by both players");
  d.press(ui::key::kEnter);
  CHECK(std::holds_alternative<engine::Noted>(match(d).log().back().body));
  d.press('T');
  REQUIRE(c.ui().play.dialog == Dialog::kCaption);
  d.type("Kim wins the final");
  d.press(ui::key::kEnter);
  REQUIRE(match(d).state().caption);
  CHECK(*match(d).state().caption == "Kim wins the final");
  // Korean has its own words for it.
  CHECK(std::string(c.catalog().get(ui::Lang::kKorean, "play.confirm_result")) == "결과 확정");
}

TEST_CASE("camera-safe is one switch, on by default, with hold-to-reveal") {
  ConsoleDriver d(console::memory_library());
  auto& c = d.console();
  CHECK(c.ui().camera_safe);
  play(d, script(false));
  CHECK(c.ui().camera_safe);  // creating a match keeps it
  CHECK(c.ui().masked());
  d.frame();
  REQUIRE(c.ui().hits.has("camera_safe"));
  REQUIRE(c.ui().hits.has("reveal"));
  d.press(ui::key::kF1 + 8);  // F9
  CHECK(!c.ui().camera_safe);
  CHECK(!c.ui().masked());
  d.press(ui::key::kF1 + 8);
  CHECK(c.ui().camera_safe);
  // Holding F8 reveals for as long as it is held.
  d.context().key(ui::key::kF1 + 7, true);
  d.frame();
  CHECK(!c.ui().masked());
  d.context().key(ui::key::kF1 + 7, false);
  d.frame();
  CHECK(c.ui().masked());
}

TEST_CASE("camera-safe texts are byte-identical when only hidden identities differ") {
  ConsoleDriver a(console::memory_library());
  ConsoleDriver b(console::memory_library());
  play(a, script(false));
  play(b, script(true));
  const ui::Tr tr{&a.console().catalog(), ui::Lang::kEnglish};
  // The move previewed on both desks: c5-c4 meets c3 (a 1 in one match, a mine in
  // the other) and b4 across the minus line.
  for (auto* d : {&a, &b}) {
    d->click_square("c5");
    d->click_square("c4");
    REQUIRE(d->ui().play.preview);
    REQUIRE(d->ui().masked());
  }
  const auto& pa = *a.ui().play.preview;
  const auto& pb = *b.ui().play.preview;
  // The referee's preview tells the mine (that is why it never shows on camera)...
  CHECK(pa.lines != pb.lines);
  bool mine_named = false;
  for (const auto& l : pb.lines) mine_named |= l.find("mine") != std::string::npos;
  CHECK(mine_named);
  // In Korean the kind comes from the game's words, never the raw code.
  const auto ko = console::preview_move(match(b), {*match(b).game().geometry().parse("c5"),
                                                   *match(b).game().geometry().parse("c4")},
                                        0, engine::Lang::kKorean);
  REQUIRE(ko);
  bool mine_ko = false;
  for (const auto& l : ko->lines) {
    mine_ko |= l.find("지뢰") != std::string::npos;
    CHECK(l.find("mine") == std::string::npos);
    CHECK(l.find("sum") == std::string::npos);
  }
  CHECK(mine_ko);
  // ...the camera-safe one is the public projection's, the same bytes on both.
  CHECK(!pa.public_lines.empty());
  CHECK(pa.public_lines == pb.public_lines);
  for (const auto& l : pb.public_lines) {
    CHECK(l.find("mine") == std::string::npos);
    CHECK(l.find("king") == std::string::npos);
  }
  // The board and the log, as the camera-safe desk draws them.
  const auto board_a = console::board_labels(engine::view_state(match(a).state(), engine::kPublic), match(a).game());
  const auto board_b = console::board_labels(engine::view_state(match(b).state(), engine::kPublic), match(b).game());
  CHECK(board_a == board_b);
  CHECK(console::log_lines(match(a), engine::kPublic, tr) == console::log_lines(match(b), engine::kPublic, tr));
  // The referee's own texts do differ: the property is not empty.
  CHECK(console::board_labels(engine::view_state(match(a).state(), engine::kReferee), match(a).game()) !=
        console::board_labels(engine::view_state(match(b).state(), engine::kReferee), match(b).game()));
  CHECK(console::log_lines(match(a), engine::kReferee, tr) != console::log_lines(match(b), engine::kReferee, tr));
}

TEST_CASE("the hold pauses at once: its reason comes after, as a note") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  auto& c = d.console();
  const auto before = match(d).log().size();
  d.press('P');
  // Committed before anything is typed, with no reason yet.
  REQUIRE(match(d).state().paused);
  REQUIRE(match(d).log().size() == before + 1);
  const auto* paused = std::get_if<engine::Paused>(&match(d).log().back().body);
  REQUIRE(paused);
  CHECK(paused->reason.empty());
  REQUIRE(c.ui().play.dialog == Dialog::kHold);
  // The operator takes 90 s to type: the 60 s turn does not run out.
  d.mono += 90000;
  d.frame();  // the reason field takes the keyboard
  d.type("player asked for the referee");
  d.press(ui::key::kEnter);
  CHECK(!match(d).state().result);
  const auto* note = std::get_if<engine::Noted>(&match(d).log().back().body);
  REQUIRE(note);
  CHECK(note->text == "player asked for the referee");
  d.frame();
  // The banner reads plainly (no dash the bold font lacks).
  d.press('P');
  CHECK(!match(d).state().paused);
}

TEST_CASE("dialogs are titled with their question, not an internal id") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  d.press('V');
  d.frame();
  bool found = false;
  for (ImGuiWindow* w : GImGui->Windows) {
    const std::string name = w->Name;
    if (name.find("###dlg.void") == std::string::npos || !w->Active) continue;
    found = true;
    CHECK(name == "Void the last commands###dlg.void");
  }
  CHECK(found);
  d.press(ui::key::kEscape);
  d.press('C', false);  // nothing: not the end
  d.ui().lang = ui::Lang::kKorean;
  d.press('W');
  d.frame();
  found = false;
  for (ImGuiWindow* w : GImGui->Windows) {
    const std::string name = w->Name;
    if (name.find("###dlg.warn") == std::string::npos || !w->Active) continue;
    found = true;
    CHECK(name == "플레이어에게 경고###dlg.warn");
  }
  CHECK(found);
}

TEST_CASE("the void dialog holds the clock and restores it by default, as one command") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  auto& c = d.console();
  // Player 2 is to move at 12 s; a wrong move is entered at 40 s.
  d.mono += 28000;
  d.click_square("f7");
  d.click_square("e6");
  d.press(ui::key::kEnter);
  REQUIRE(match(d).state().to_move == 1);
  d.mono += 20000;
  d.press('V');
  REQUIRE(c.ui().play.dialog == Dialog::kVoid);
  CHECK(c.ui().play.void_restore);
  // The log's times, not "@40.000".
  const auto undone = console::voidable_commands(match(d), 1);
  REQUIRE(undone.size() == 1);
  CHECK(undone[0].find("0:40.0") != std::string::npos);
  CHECK(undone[0].find('@') == std::string::npos);
  // 90 s of typing: the match clock stands, no deadline fires.
  const auto at_open = c.match_time(d.mono);
  d.mono += 90000;
  d.frame(3);
  CHECK(c.match_time(d.mono) == at_open);
  CHECK(!match(d).state().result);
  d.type("wrong square recorded");
  const auto log_before = match(d).log().size();
  d.press(ui::key::kEnter);
  REQUIRE(c.ui().play.dialog == Dialog::kNone);
  REQUIRE(match(d).log().size() > log_before);
  const auto& last = match(d).log()[log_before];
  const auto* v = std::get_if<engine::Voided>(&last.body);
  REQUIRE(v);
  CHECK(v->restore);
  REQUIRE(last.command);
  const auto* cmd = std::get_if<engine::VoidCmd>(&*last.command);
  REQUIRE(cmd);
  CHECK(cmd->restore);
  CHECK(cmd->count == 1);
  // Player 2 is to move again with the turn clock as it was at the wrong move
  // (28 s used), not charged the correction.
  REQUIRE(match(d).state().to_move == 2);
  CHECK(console::period_elapsed_at(match(d).state(), c.match_time(d.mono)) == 28000);
  // After the dialog, time goes on from where it was held.
  d.mono += 1000;
  d.frame();
  CHECK(c.match_time(d.mono) == at_open + 1000);
}

TEST_CASE("restore can be switched off in the void dialog") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  auto& c = d.console();
  d.mono += 5000;
  d.press('V');
  d.click("dlg.restore");
  CHECK(!c.ui().play.void_restore);
  d.click("dlg.reason");
  d.type("typo");
  d.press(ui::key::kEnter);
  const auto* v = std::get_if<engine::Voided>(&match(d).log().back().body);
  if (!v) {
    for (const auto& e : match(d).log())
      if (const auto* x = std::get_if<engine::Voided>(&e.body)) v = x;
  }
  REQUIRE(v);
  CHECK(!v->restore);
}

TEST_CASE("the clock action sets the running turn's elapsed time with a reason") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  auto& c = d.console();
  d.mono += 3000;
  d.press('K');
  REQUIRE(c.ui().play.dialog == Dialog::kClock);
  d.type("20.5");
  d.click("dlg.confirm");  // no reason yet: refused
  CHECK(c.ui().play.dialog == Dialog::kClock);
  d.click("dlg.reason");
  d.type("stopwatch of the floor referee");
  d.click("dlg.confirm");
  REQUIRE(c.ui().play.dialog == Dialog::kNone);
  const auto* set = std::get_if<engine::ClockSet>(&match(d).log().back().body);
  REQUIRE(set);
  CHECK(set->elapsed == 20500);
  CHECK(set->reason == "stopwatch of the floor referee");
  CHECK(console::period_elapsed_at(match(d).state(), c.match_time(d.mono)) == 20500);
  // The public learns that the clock was set, not why.
  const auto pub = engine::project(match(d).log().back(), engine::kPublic);
  CHECK(std::get<engine::ClockSet>(pub.body).reason.empty());
}

TEST_CASE("a caption is previewed, put on air and taken down") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  auto& c = d.console();
  d.press('T');
  REQUIRE(c.ui().play.dialog == Dialog::kCaption);
  d.type("Semi-final, game 2");
  d.frame();
  CHECK(c.ui().hits.has("dlg.caption_preview"));
  CHECK(!match(d).state().caption);  // previewed, not on air yet
  d.click("dlg.confirm");
  REQUIRE(match(d).state().caption);
  CHECK(*match(d).state().caption == "Semi-final, game 2");
  d.press('T');
  d.frame();
  REQUIRE(c.ui().hits.has("dlg.caption_clear"));
  d.click("dlg.caption_clear");
  CHECK(!match(d).state().caption);
  CHECK(std::holds_alternative<engine::Captioned>(match(d).log().back().body));
}

TEST_CASE("closing the window mid-match asks, then pauses (committed) before exit") {
  SECTION("no live match: close at once") {
    ConsoleDriver d(console::memory_library());
    d.frame(2);
    CHECK(d.console().request_close(d.mono));
  }
  SECTION("a running match: asked, cancelled, asked again, confirmed") {
    ConsoleDriver d(console::memory_library());
    play(d, script(false));
    auto& c = d.console();
    CHECK(!c.request_close(d.mono));
    d.frame();
    REQUIRE(c.ui().hits.has("quit.confirm"));
    d.press(ui::key::kEscape);
    CHECK(!c.ui().quit_asked);
    CHECK(!c.exit_ready());
    CHECK(!match(d).state().paused);
    CHECK(!c.request_close(d.mono));
    // While the question stands the clock is held: no timeout.
    d.mono += 120000;
    d.frame(2);
    CHECK(!match(d).state().result);
    d.press(ui::key::kEnter);
    REQUIRE(c.exit_ready());
    REQUIRE(match(d).state().paused);
    const auto* paused = std::get_if<engine::Paused>(&match(d).log().back().body);
    REQUIRE(paused);
    CHECK(paused->reason == console::kQuitReason);
    auto stored = c.library().events(1);
    REQUIRE(std::holds_alternative<std::vector<engine::Event>>(stored));
    CHECK(std::holds_alternative<engine::Paused>(std::get<std::vector<engine::Event>>(stored).back().body));
  }
  SECTION("a paused match closes without asking") {
    ConsoleDriver d(console::memory_library());
    play(d, script(false));
    d.press('P');
    d.press(ui::key::kEscape);
    CHECK(d.console().request_close(d.mono));
  }
}

TEST_CASE("refused input says why") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  auto& c = d.console();
  // Player 2 is to move. A mine never moves; on camera the refusal does not say
  // it is a mine.
  d.click_square("d9");
  CHECK(c.ui().play.selected == engine::kNoSquare);
  CHECK(c.ui().notice.find("d9") != std::string::npos);
  CHECK(c.ui().notice.find("no legal move") != std::string::npos);
  CHECK(c.ui().notice.find("Mine") == std::string::npos);
  c.ui().camera_safe = false;
  d.click_square("d9");
  CHECK(c.ui().notice.find("Mine") != std::string::npos);
  c.ui().camera_safe = true;
  // An illegal destination.
  d.click_square("f7");
  REQUIRE(c.ui().play.selected == sq(d, "f7"));
  d.click_square("f3");
  CHECK(!c.ui().play.preview);
  CHECK(c.ui().notice.find("f7-f3: not a legal move") != std::string::npos);
  // The opponent's piece.
  d.click_square("a5");
  CHECK(c.ui().notice.find("not a piece of the player to move") != std::string::npos);
}

TEST_CASE("a square outside the territory is refused with its reason during setup") {
  ConsoleDriver d(console::memory_library());
  d.frame(2);
  d.click("start.create");
  d.click("setup.tray.K");
  d.click_square("a8");
  CHECK(d.ui().setup.draft[0].empty());
  CHECK(d.ui().notice.find("a8: outside the player's setup territory (P1)") != std::string::npos);
  // In Korean too.
  d.ui().lang = ui::Lang::kKorean;
  d.click_square("a9");
  CHECK(d.ui().notice.find("배치 구역 밖") != std::string::npos);
  d.ui().lang = ui::Lang::kEnglish;
  d.click_square("a1");
  CHECK(d.ui().setup.draft[0].size() == 1);
  CHECK(d.ui().notice.empty());
}

TEST_CASE("moves can be typed: c3c2 or c3-c2, then Enter") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  auto& c = d.console();
  const int ply = match(d).state().ply;
  d.click("play.move_text");
  d.type("f7-f6");
  d.press(ui::key::kEnter);
  REQUIRE(c.ui().play.preview);
  CHECK(c.ui().play.preview->move == engine::Move{sq(d, "f7"), sq(d, "f6")});
  d.press(ui::key::kEnter);
  CHECK(match(d).state().ply == ply + 1);
  d.click("play.move_text");
  d.type("A5A6");
  d.press(ui::key::kEnter);
  REQUIRE(c.ui().play.preview);
  d.press(ui::key::kEnter);
  CHECK(match(d).state().ply == ply + 2);
  // Not legal, or not a move at all: the notice says which.
  d.click("play.move_text");
  d.type("f6f3");
  d.press(ui::key::kEnter);
  CHECK(!c.ui().play.preview);
  CHECK(c.ui().notice.find("not a legal move") != std::string::npos);
  const auto& g = match(d).game().geometry();
  CHECK(!console::parse_move_text(g, "zz"));
  CHECK(!console::parse_move_text(g, ""));
  CHECK(!console::parse_move_text(g, "c3c99999999999999999"));
  CHECK(console::parse_move_text(g, "c3 c2"));
}

TEST_CASE("typed seconds parse without throwing") {
  CHECK(console::parse_seconds("20.5") == 20500);
  CHECK(console::parse_seconds("20,25") == 20250);
  CHECK(console::parse_seconds("0") == 0);
  CHECK(console::parse_seconds(".5") == 500);
  CHECK(!console::parse_seconds(""));
  CHECK(!console::parse_seconds("-1"));
  CHECK(!console::parse_seconds("1e9"));
  CHECK(!console::parse_seconds("1.2.3"));
  CHECK(!console::parse_seconds("99999999999999999999"));
  CHECK(!console::parse_seconds("1.0001"));
  CHECK(!console::parse_seconds("\xff"));
}

TEST_CASE("with items=blind:2 one Blind leaves one, still offered") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false, "option items=blind:2\n"));
  auto& c = d.console();
  const auto blind = static_cast<std::size_t>(match(d).state().counters.index("blind"));
  CHECK(match(d).state().counters.left[0][blind] == 2);
  // Play until a battle asks for items; player 1 declares a Blind each time it can.
  int declared = 0;
  for (int ply = 0; ply < 60 && declared < 2 && !match(d).state().result; ++ply) {
    const auto& st = match(d).state();
    if (st.pending.kind == "items") {
      d.frame();
      d.click("items.p1.blind");
      // The radio answers only while it is enabled: it must be while one is left.
      REQUIRE(c.ui().play.item[0] == 1 + static_cast<int>(blind));
      if (declared == 1) CHECK(st.counters.left[0][blind] == 1);
      if (c.ui().play.item_square[0] == engine::kNoSquare) {
        // choose the first of player 1's own battling squares
        for (auto s : st.pending.squares) {
          const int id = st.piece_at(s);
          if (id >= 0 && st.pieces[static_cast<std::size_t>(id)].owner == 1) {
            c.ui().play.item_square[0] = s;
            break;
          }
        }
      }
      d.frame();
      d.mono += 1000;  // the items' buttons take input a moment after they appear
      d.click("items.confirm");
      if (match(d).state().pending.kind != "items") ++declared;
      continue;
    }
    if (st.pending.kind == "revival") {
      c.dispatch(console::SubmitCommand{match(d).game().default_decision(st)}, d.mono);
      continue;
    }
    // Prefer a move that causes a battle.
    const auto moves = match(d).legal_moves();
    REQUIRE(!moves.empty());
    engine::Move pick = moves.front();
    for (const auto& m : moves) {
      const auto p = console::preview_move(match(d), m, 0);
      if (p && p->items_follow) {
        pick = m;
        break;
      }
    }
    d.mono += 1000;
    c.dispatch(console::SubmitCommand{engine::MoveCmd{pick}}, d.mono);
    d.frame();
  }
  CHECK(declared == 2);
  CHECK(match(d).state().counters.left[0][blind] == 0);
}

TEST_CASE("a store that throws is a banner, not a terminated desk") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  auto& c = d.console();
  auto* s = c.session();
  engine::Match copy = std::get<engine::Match>(engine::Match::from_log(s->match().info(), s->match().log()));
  bool fail = true;
  *s = console::MatchSession(
      std::move(copy),
      [&](const engine::Match&, const std::vector<engine::Event>&) -> std::optional<std::string> {
        if (fail) throw std::runtime_error("[json.exception.type_error.316] invalid UTF-8 byte");
        return std::nullopt;
      },
      nullptr, "test");
  const auto size = c.session()->match().log().size();
  d.press('P');
  CHECK(c.session()->match().log().size() == size);  // nothing shown that was not stored
  CHECK(!c.session()->match().state().paused);
  CHECK(c.ui().banner.find("invalid UTF-8") != std::string::npos);
  CHECK(c.ui().play.dialog == Dialog::kNone);  // no reason asked for a pause that did not happen
  fail = false;
  d.click("banner.retry");
  d.press('P');
  CHECK(c.session()->match().state().paused);
  CHECK(c.ui().play.dialog == Dialog::kHold);
}

TEST_CASE("small words: shortcuts, the typed-setup hint of each game") {
  CHECK(console::shortcut_name("R", true) == "Ctrl+R");  // not "Ctrl+Ctrl+R"
  CHECK(console::shortcut_name("P", false) == "P");
  for (const auto& info : engine::all_games()) {
    DYNAMIC_SECTION(info.id) {
      auto opened = engine::Match::open(info, info.default_preset, {}, {"A", "B"});
      REQUIRE(std::holds_alternative<engine::Match>(opened));
      const auto& game = std::get<engine::Match>(opened).game();
      if (game.has_fixed_placement()) continue;  // no setup to type (Gwangsanghui)
      const auto hint = console::typed_setup_example(game, 1);
      // Its own first token, on its own territory.
      CHECK(hint.rfind(game.roster()[0].token + ":", 0) == 0);
      const auto sq = game.geometry().parse(hint.substr(game.roster()[0].token.size() + 1,
                                                        hint.find(' ') - game.roster()[0].token.size() - 1));
      REQUIRE(sq);
      CHECK(game.setup_owner(*sq) == 1);
      if (info.id == "capture-flag") CHECK(hint.find("K:") == std::string::npos);
    }
  }
}

TEST_CASE("a refusal never moves the board under the mouse") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  d.frame();
  const ImVec2 before = d.ui().board.centre(sq(d, "d9"));
  d.click_square("d9");  // a mine: refused, the notice appears
  REQUIRE(!d.ui().notice.empty());
  d.frame();
  const ImVec2 after = d.ui().board.centre(sq(d, "d9"));
  CHECK(after.x == before.x);
  CHECK(after.y == before.y);
}

TEST_CASE("Create match stays reachable at 1280x800 with the coin toss chosen") {
  ConsoleDriver d(console::memory_library(), ImVec2(1280, 800));
  d.frame(2);
  d.click("start.toss");
  d.frame(2);
  const auto create = d.ui().hits.centre("start.create");
  REQUIRE(create);
  CHECK(create->y < 800.0f - 10.0f);
  d.click("start.toss_seed");
  d.type("final 2026");
  d.click("start.create");
  REQUIRE(d.console().session());
  CHECK(d.console().session()->match().state().toss_seed);
}

TEST_CASE("every referee dialog holds the match clock while the operator types") {
  for (int key : {'W', 'K'}) {
    DYNAMIC_SECTION("key " << static_cast<char>(key)) {
      ConsoleDriver d(console::memory_library());
      play(d, script(false));
      auto& c = d.console();
      d.press(key);
      REQUIRE(c.ui().play.dialog != Dialog::kNone);
      const auto held = c.match_time(d.mono);
      d.mono += 120000;  // two turn limits
      d.frame(3);
      CHECK(!match(d).state().result);
      CHECK(c.match_time(d.mono) == held);
      d.press(ui::key::kEscape);
      d.mono += 500;
      d.frame();
      CHECK(c.match_time(d.mono) == held + 500);  // and runs on from there
    }
  }
  SECTION("a caption does not hold it") {
    ConsoleDriver d(console::memory_library());
    play(d, script(false));
    d.press('T');
    REQUIRE(d.ui().play.dialog == Dialog::kCaption);
    const auto t0 = d.console().match_time(d.mono);
    d.mono += 1000;
    d.frame();
    CHECK(d.console().match_time(d.mono) == t0 + 1000);
  }
}

TEST_CASE("when the store refuses the closing pause, the desk stays and says so") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  auto& c = d.console();
  auto* s = c.session();
  engine::Match copy = std::get<engine::Match>(engine::Match::from_log(s->match().info(), s->match().log()));
  *s = console::MatchSession(
      std::move(copy),
      [](const engine::Match&, const std::vector<engine::Event>&) -> std::optional<std::string> {
        return std::string("disk full");
      },
      nullptr, "test");
  CHECK(!c.request_close(d.mono));
  d.frame();
  d.click("quit.confirm");
  CHECK(!c.exit_ready());
  CHECK(c.ui().banner.find("disk full") != std::string::npos);
  CHECK(c.ui().quit_asked);  // asked again, now with a way out
  d.frame();
  d.click("quit.anyway");
  CHECK(c.exit_ready());
}

TEST_CASE("F5 holds even while the operator is typing") {
  SECTION("in the move field") {
    ConsoleDriver d(console::memory_library());
    play(d, script(false));
    d.click("play.move_text");
    d.type("f7");
    d.press(ui::key::kF1 + 4);
    CHECK(match(d).state().paused);
  }
  SECTION("in the caption dialog") {
    ConsoleDriver d(console::memory_library());
    play(d, script(false));
    d.press('T');
    d.type("Game 3");
    d.press(ui::key::kF1 + 4);
    CHECK(match(d).state().paused);
    CHECK(d.ui().play.dialog == Dialog::kCaption);  // the caption being written stays
    CHECK(d.ui().play.caption == "Game 3");
  }
}

TEST_CASE("a replay opened from a camera-safe desk starts from the public's side") {
  ConsoleDriver d(console::memory_library());
  play(d, script(false));
  d.press(ui::key::kF1 + 5);  // F6
  REQUIRE(d.ui().screen == console::Screen::kReplay);
  CHECK(d.ui().replay.viewer == engine::kPublic);
}

TEST_CASE("odd text typed into the desk's fields is refused, never thrown") {
  const std::vector<std::string> odd = {"\"", "\"open", "# comment", "@5 move a1-a2", "setup 2 K:a9", "K:zz9",
                                        std::string(3000, 'K'), "K:a1 K:a1 K:a1", "\\", "1e999", "-", "c3--c2"};
  ConsoleDriver d(console::memory_library());
  d.frame(2);
  d.click("start.create");
  for (const auto& text : odd) {
    INFO(text.substr(0, 40));
    d.ui().setup.text[0] = text;
    d.click("setup.apply");
    CHECK(d.console().session()->match().log().size() == 2);  // nothing submitted
  }
  play(d, script(false));
  for (const auto& text : odd) {
    INFO(text.substr(0, 40));
    d.ui().play.move_text = text;
    d.click("play.move_text");
    d.press(ui::key::kEnter);
    CHECK(!d.ui().play.preview);
    CHECK(!console::parse_seconds(text));
  }
}
