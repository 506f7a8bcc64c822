// The play screen's layout at the desk's 1280x800: the board takes the room it
// has (Gwangsanghui's 15x14 points were drawn at 26 px a cell), and every
// frequent control keeps its place between play, a move's preview, items,
// revival, the result and the closed match, so one click point never lands on
// another phase's different button.
#include <catch2/catch.hpp>

#include <imgui_internal.h>

#include <map>
#include <set>

#include "console/match_library.h"
#include "console/script_driver.h"
#include "console_driver.h"
#include "ui/keys.h"

using namespace facedown;
using console::testing::ConsoleDriver;

namespace {

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

using Rect = std::pair<ImVec2, ImVec2>;

// The frequent controls, and the slots several of them share in turn (the
// phase's confirmation, its alternative; Pause and Resume).
const std::vector<std::pair<std::string, std::vector<std::string>>> kSlots = {
    {"confirm slot", {"play.confirm", "items.confirm", "revive.confirm", "play.close"}},
    {"alternative slot", {"play.cancel", "revive.decline", "play.reinstate"}},
    {"pause slot", {"ctl.pause", "ctl.resume"}},
    {"warn", {"ctl.warn"}},
    {"void", {"ctl.void"}},
    {"clock", {"ctl.clock"}},
    {"resign", {"ctl.resign"}},
    {"draw", {"ctl.draw"}},
    {"award", {"ctl.award"}},
    {"hold on air", {"ctl.hold_on_air"}},
    {"note", {"ctl.note"}},
    {"caption", {"ctl.caption"}},
    {"replay", {"ctl.replay"}},
    {"back", {"ctl.back"}},
    {"typed move", {"play.move_text"}},
};

struct Seen {
  std::string phase, hit;
  Rect rect;
};

bool same(const Rect& a, const Rect& b) {
  return a.first.x == b.first.x && a.first.y == b.first.y && a.second.x == b.second.x && a.second.y == b.second.y;
}

// Records where each frequent control stands in this phase.
void record(ConsoleDriver& d, const std::string& phase, std::map<std::string, std::vector<Seen>>& seen) {
  d.frame(2);
  for (const auto& [slot, hits] : kSlots)
    for (const auto& hit : hits)
      if (auto r = d.ui().hits.rect(hit)) seen[slot].push_back({phase, hit, *r});
}

const char* kGenius =
    "game number-janggi\npreset genius-2015\nplayer 1 \"Jang Dong-min\"\nplayer 2 \"Kim Kyung-hoon\"\n"
    "setup 1 K:a1 M:b1 M:d1 M:e1 1:f1 4:a2 9:b2 8:d2 5:e2 6:f2 7:a3 2:d3 3:e3 10:f3\n"
    "setup 2 M:c9 M:d9 M:e9 10:f9 2:b8 3:c8 4:d8 5:e8 6:f8 1:b7 7:c7 8:d7 9:e7 K:f7\n"
    "first 2\nstart\n@4 move b7-c6\n@9 move a3-a5\n@15 move c6-c4\n@21 move a5-a7\n";

}  // namespace

TEST_CASE("the Gwangsanghui board uses the room it has at 1280x800") {
  ConsoleDriver d(console::memory_library(), ImVec2(1280, 800));
  play(d, "game gwangsanghui\nplayer 1 \"Kim\"\nplayer 2 \"Lee\"\nfirst 1\nstart\n");
  REQUIRE(match(d).state().started);
  const ui::BoardLayout& b = d.ui().board;
  REQUIRE(b.files == 15);
  REQUIRE(b.ranks == 14);
  INFO("cell " << b.cell << " px at origin " << b.origin.x << "," << b.origin.y);
  // Half the desk's width for 15 points (the side panel and the public board
  // keep the rest), no longer the height left over above a log 170 px tall.
  CHECK(b.cell >= 36.0f);
  // All of it on screen.
  CHECK(b.origin.y + b.cell * static_cast<float>(b.ranks) <= 800.0f);
  CHECK(b.origin.x + b.cell * static_cast<float>(b.files) <= 1280.0f * 0.5f + 8.0f);
  // The typed move field and the log stay beside it, right of the board.
  const auto field = d.ui().hits.rect("play.move_text");
  REQUIRE(field);
  CHECK(field->first.x >= b.origin.x + b.cell * static_cast<float>(b.files));
}

TEST_CASE("a Number Janggi board is no smaller than it was at 1280x800") {
  ConsoleDriver d(console::memory_library(), ImVec2(1280, 800));
  play(d, kGenius);
  // The log used to take 170 px under the board: 6x9 cells of 42 px.
  CHECK(d.ui().board.cell >= 42.0f);
  CHECK(d.ui().board.origin.y + d.ui().board.cell * 9.0f <= 800.0f);
}

TEST_CASE("the frequent controls keep their places through play, preview, items, revival, result and close") {
  std::map<std::string, std::vector<Seen>> seen;
  {
    ConsoleDriver d(console::memory_library(), ImVec2(1280, 800));
    play(d, kGenius);
    record(d, "play", seen);

    // A move's preview: Confirm and Cancel.
    d.click_square("c4");
    d.click_square("c3");
    REQUIRE(d.ui().play.preview);
    record(d, "preview", seen);

    // Confirmed: a battle asks for items, in the slot where Confirm stood.
    const ImVec2 confirm = *d.ui().hits.centre("play.confirm");
    d.press(ui::key::kEnter);
    REQUIRE(match(d).state().pending.kind == "items");
    record(d, "items", seen);
    // A second click aimed at Confirm a moment ago declares nothing.
    d.click_at(confirm);
    CHECK(match(d).state().pending.kind == "items");
    d.mono += 1000;
    d.click("items.confirm");
    REQUIRE(match(d).state().phase == engine::Phase::kPlaying);

    // Paused: Resume stands where Pause stood.
    d.press('P');
    REQUIRE(match(d).state().paused);
    d.frame();  // the reason field takes the keyboard
    d.type("camera");
    d.press(ui::key::kEnter);
    REQUIRE(d.ui().play.dialog == console::PlayUi::Dialog::kNone);
    record(d, "paused", seen);
    d.press('P');
    REQUIRE(!match(d).state().paused);

    // The result: a timeout, with Reinstate beside Confirm result.
    d.mono += 70000;
    d.frame(2);
    REQUIRE(match(d).state().result);
    REQUIRE(match(d).state().result->reason == "timeout");
    record(d, "result", seen);
    d.mono += 1000;
    d.click("play.close");
    d.press(ui::key::kEnter);
    REQUIRE(match(d).state().closed);
    record(d, "closed", seen);
  }
  {
    // The revival (assets/matches/demo-genius.txt up to it): Revive and Decline.
    ConsoleDriver d(console::memory_library(), ImVec2(1280, 800));
    play(d, std::string(kGenius) +
                "@26 move c4-c3\n@31 items 1=none 2=blind:c3\n@50 move f3-f4\n@55 move c3-c2\n"
                "@60 items 1=plus:d2 2=none\n@66 move a7-a9\n");
    REQUIRE(match(d).state().pending.kind == "revival");
    record(d, "revival", seen);
  }

  std::set<std::string> phases;
  for (const auto& [slot, list] : seen) {
    REQUIRE(!list.empty());
    for (const auto& s : list) {
      phases.insert(s.phase);
      INFO(slot << ": " << s.hit << " in " << s.phase << " at " << s.rect.first.x << "," << s.rect.first.y << " - "
                << s.rect.second.x << "," << s.rect.second.y << "; first " << list.front().hit << " in "
                << list.front().phase << " at " << list.front().rect.first.x << "," << list.front().rect.first.y);
      CHECK(same(s.rect, list.front().rect));
    }
  }
  // Each slot held each phase's own button.
  std::set<std::string> confirm_hits, alternative_hits;
  for (const auto& s : seen["confirm slot"]) confirm_hits.insert(s.hit);
  for (const auto& s : seen["alternative slot"]) alternative_hits.insert(s.hit);
  CHECK(confirm_hits == std::set<std::string>{"play.confirm", "items.confirm", "revive.confirm", "play.close"});
  CHECK(alternative_hits == std::set<std::string>{"play.cancel", "revive.decline", "play.reinstate"});
  CHECK(phases == std::set<std::string>{"play", "preview", "items", "paused", "result", "closed", "revival"});
}

TEST_CASE("the items panel: choosing one player's item never moves the other player's row") {
  ConsoleDriver d(console::memory_library(), ImVec2(1280, 800));
  play(d, std::string(kGenius) + "@26 move c4-c3\n");
  REQUIRE(match(d).state().pending.kind == "items");
  d.mono += 1000;
  d.frame(2);
  // Every item control of both players, before and after each choice.
  auto rects = [&] {
    std::map<std::string, Rect> out;
    for (int pl = 1; pl <= 2; ++pl)
      for (const char* k : {"none", "blind", "plus", "minus"}) {
        const std::string hit = "items.p" + std::to_string(pl) + "." + k;
        if (auto r = d.ui().hits.rect(hit)) out[hit] = *r;
      }
    for (const char* hit : {"items.confirm", "play.move_text"})
      if (auto r = d.ui().hits.rect(hit)) out[hit] = *r;
    return out;
  };
  const auto before = rects();
  REQUIRE(before.count("items.p2.minus"));
  REQUIRE(before.count("items.confirm"));
  for (const std::string choice : {"items.p1.blind", "items.p1.plus", "items.p2.minus", "items.p1.none"}) {
    d.click(choice);
    d.frame();
    const auto after = rects();
    for (const auto& [hit, r] : before) {
      INFO("after " << choice << ": " << hit << " at " << after.at(hit).first.y << ", was " << r.first.y);
      CHECK(same(after.at(hit), r));
    }
  }
  // The squares' rows stay inside the details box, above the action row.
  const float confirm_top = before.at("items.confirm").first.y;
  const auto& g = match(d).game().geometry();
  int squares = 0;
  for (engine::Square sq = 0; sq < g.size(); ++sq)
    for (int pl = 1; pl <= 2; ++pl)
      if (auto r = d.ui().hits.rect("items.p" + std::to_string(pl) + ".sq." + g.name(sq))) {
        ++squares;
        CHECK(r->second.y <= confirm_top);
      }
  CHECK(squares >= 2);
}

TEST_CASE("the typed move's tooltip stands above its field, off Confirm and Cancel") {
  ConsoleDriver d(console::memory_library(), ImVec2(1280, 800));
  play(d, kGenius);
  d.frame();
  const auto field = d.ui().hits.rect("play.move_text");
  REQUIRE(field);
  d.context().mouse_to(ImVec2((field->first.x + field->second.x) / 2, (field->first.y + field->second.y) / 2));
  d.frame(3);
  ImGuiWindow* tip = nullptr;
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if ((w->Flags & ImGuiWindowFlags_Tooltip) && w->Active) tip = w;
  REQUIRE(tip);
  const ImVec2 a = tip->Pos, b(tip->Pos.x + tip->Size.x, tip->Pos.y + tip->Size.y);
  CHECK(b.y <= field->first.y);
  for (const char* hit : {"play.confirm", "play.cancel"}) {
    const auto r = d.ui().hits.rect(hit);
    REQUIRE(r);
    INFO(hit);
    CHECK(!(r->first.x < b.x && a.x < r->second.x && r->first.y < b.y && a.y < r->second.y));
  }
}

TEST_CASE("the GAME OVER band's title fits beside a wide board, in both languages") {
  ConsoleDriver d(console::memory_library(), ImVec2(1280, 800));
  play(d, "game gwangsanghui\nplayer 1 \"Kim\"\nplayer 2 \"Lee\"\nfirst 1\nstart\n@5 resign 2\n");
  REQUIRE(match(d).state().result);
  for (int lang = 0; lang < 2; ++lang) {
    d.frame(2);
    const auto band = d.ui().hits.rect("game_over.band");
    const auto title = d.ui().hits.rect("game_over.title");
    REQUIRE(band);
    REQUIRE(title);
    INFO("title " << title->first.x << "-" << title->second.x << " in band " << band->first.x << "-" << band->second.x);
    CHECK(title->second.x <= band->second.x);
    d.press(ui::key::kF1 + 11);  // F12: the other language
  }
}
