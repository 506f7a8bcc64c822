// Console paper cuts a real-window run found: lines that pushed the board down
// under the mouse, a store path that ran under the camera-safe switch, and a held
// shortcut whose key repeats typed into the dialog it had opened.
#include <catch2/catch.hpp>

#include <imgui_internal.h>

#include <algorithm>
#include <random>

#include "console/match_library.h"
#include "console/script_driver.h"
#include "console/widgets.h"
#include "console_driver.h"
#include "ui/keys.h"

using namespace facedown;
using console::testing::ConsoleDriver;
using Dialog = console::PlayUi::Dialog;

namespace {

const char* kScript =
    "game number-janggi\npreset genius-2015\nplayer 1 \"Jang\"\nplayer 2 \"Kim\"\nfirst 1\n"
    "setup 1 10:a3 4:b3 1:c3 5:d3 6:e3 7:f3 M:a2 M:b2 2:c2 3:d2 8:e2 9:f2 K:a1 M:b1\n"
    "setup 2 2:b9 M:c9 M:d9 M:e9 K:f9 1:b8 3:c8 4:d8 5:e8 6:f8 9:c7 10:d7 7:e7 8:f7\n"
    "start\n@4 move b3-b4\n@9 move c7-c5\n@12 move a3-a5\n";

void play(ConsoleDriver& d, const std::string& text = kScript) {
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

void submit(ConsoleDriver& d, const engine::Command& command) {
  d.console().dispatch(console::SubmitCommand{command}, d.mono);
  d.frame(2);
}

// Where the board and the typed move field are: what must not move.
struct Placement {
  ImVec2 board_origin;
  float cell = 0.0f;
  std::optional<std::pair<ImVec2, ImVec2>> move_field;
};

Placement placement(ConsoleDriver& d) {
  return {d.ui().board.origin, d.ui().board.cell, d.ui().hits.rect("play.move_text")};
}

void check_same_board(const Placement& a, const Placement& b) {
  CHECK(a.board_origin.x == b.board_origin.x);
  CHECK(a.board_origin.y == b.board_origin.y);
  CHECK(a.cell == b.cell);
}

void check_same_field(const Placement& a, const Placement& b) {
  REQUIRE(a.move_field);
  REQUIRE(b.move_field);
  CHECK(a.move_field->first.x == b.move_field->first.x);
  CHECK(a.move_field->first.y == b.move_field->first.y);
  CHECK(a.move_field->second.x == b.move_field->second.x);
  CHECK(a.move_field->second.y == b.move_field->second.y);
}

// Matches kept in memory under a given location: the header shows "match 1 in
// <location>" as the store library does with its file path.
class LocatedLibrary : public console::MatchLibrary {
 public:
  explicit LocatedLibrary(std::string location) : location_(std::move(location)) {}
  std::string location() const override { return location_; }
  console::Found<std::vector<console::MatchListing>> list() override {
    return std::vector<console::MatchListing>{};
  }
  console::Found<std::unique_ptr<console::MatchSession>> create(engine::Match opened) override {
    return std::make_unique<console::MatchSession>(
        std::move(opened),
        [](const engine::Match&, const std::vector<engine::Event>&) { return std::optional<std::string>{}; },
        [](int) { return std::optional<std::string>{}; }, location_, 1);
  }
  console::Found<std::unique_ptr<console::MatchSession>> resume(std::int64_t, const console::OutagePolicy&) override {
    return std::string("not kept");
  }
  console::Found<std::vector<engine::Event>> events(std::int64_t) override { return std::string("not kept"); }

 private:
  std::string location_;
};

bool valid_utf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0u) != 0x80u) return false;
    i += n;
  }
  return true;
}

}  // namespace

TEST_CASE("a caption and a pause line never move the board or the move field") {
  ConsoleDriver d(console::memory_library());
  play(d);
  const Placement plain = placement(d);
  REQUIRE(plain.move_field);
  CHECK(!d.ui().hits.has("status.caption"));

  submit(d, engine::CaptionCmd{"Final, game 3: Jang leads 2-0"});
  REQUIRE(d.ui().hits.has("status.caption"));  // the line is on screen
  const Placement captioned = placement(d);
  check_same_board(plain, captioned);
  check_same_field(plain, captioned);

  // Paused with a long reason, caption still on air: both lines show.
  submit(d, engine::PauseCmd{console::kResumeReason});
  REQUIRE(match(d).state().paused);
  REQUIRE(d.ui().hits.has("status.paused"));
  REQUIRE(d.ui().hits.has("status.caption"));
  check_same_board(plain, placement(d));

  // Resumed, caption taken down: the field is back exactly where it was.
  submit(d, engine::ResumeCmd{});
  submit(d, engine::CaptionCmd{std::nullopt});
  REQUIRE(!match(d).state().paused);
  CHECK(!d.ui().hits.has("status.paused"));
  const Placement after = placement(d);
  check_same_board(plain, after);
  check_same_field(plain, after);
}

TEST_CASE("status lines never overlap each other, however long") {
  ConsoleDriver d(console::memory_library());
  play(d);
  const std::string long_text(400, 'x');
  submit(d, engine::CaptionCmd{long_text});
  submit(d, engine::PauseCmd{long_text});
  const auto paused = d.ui().hits.rect("status.paused");
  const auto caption = d.ui().hits.rect("status.caption");
  REQUIRE(paused);
  REQUIRE(caption);
  CHECK(paused->second.x <= caption->first.x);
  CHECK(caption->second.x <= 1280.0f);
}

TEST_CASE("a long store path in the header is elided before the camera-safe switch") {
  std::string english = "/work/";
  for (int i = 0; i < 30; ++i) english += "very-long-directory-name/";
  std::string korean = "/home/운영자/";
  for (int i = 0; i < 30; ++i) korean += "결승전-기록-보관소/";
  for (const auto& [path, lang] : {std::pair{english + "match.db", ui::Lang::kEnglish},
                                   std::pair{korean + "경기.db", ui::Lang::kKorean},
                                   std::pair{korean + "경기.db", ui::Lang::kEnglish}}) {
    DYNAMIC_SECTION(path.substr(0, 12) << (lang == ui::Lang::kKorean ? " ko" : " en")) {
      ConsoleDriver d(std::make_unique<LocatedLibrary>(path));
      d.ui().lang = lang;
      play(d);
      const auto label = d.ui().hits.rect("header.label");
      const auto camera_safe = d.ui().hits.rect("camera_safe");
      REQUIRE(label);
      REQUIRE(camera_safe);
      CHECK(label->second.x <= camera_safe->first.x);
      CHECK(label->first.y < camera_safe->second.y);  // on the same line
      // Nor under the Control API button between them, nor that under the switch.
      const auto api = d.ui().hits.rect("control_api");
      REQUIRE(api);
      CHECK(label->second.x <= api->first.x);
      CHECK(api->second.x <= camera_safe->first.x);
      // The whole path is in the tooltip.
      const ImVec2 centre((label->first.x + label->second.x) * 0.5f, (label->first.y + label->second.y) * 0.5f);
      d.context().mouse_to(centre);
      d.frame(2);
      const ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
      REQUIRE(tip);
      CHECK(tip->Active);
      CHECK(tip->Size.x > label->second.x - label->first.x);
    }
  }
}

TEST_CASE("a short path is shown whole, without a tooltip") {
  ConsoleDriver d(std::make_unique<LocatedLibrary>("/srv/final.db"));
  play(d);
  const auto label = d.ui().hits.rect("header.label");
  REQUIRE(label);
  d.context().mouse_to(ImVec2((label->first.x + label->second.x) * 0.5f, (label->first.y + label->second.y) * 0.5f));
  d.frame(2);
  const ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
  CHECK((tip == nullptr || !tip->Active));
}

TEST_CASE("elide_middle fits any width, keeps both ends and never splits a code point") {
  ui::HeadlessContext ctx;
  ctx.begin_frame();
  const std::vector<std::string> pieces = {"a", "/", "db", "경기", "운영자", "-", "결승전", "x", "é"};
  std::mt19937 rng(20261201);
  for (int round = 0; round < 400; ++round) {
    std::string text;
    const int n = std::uniform_int_distribution<int>(0, 60)(rng);
    for (int i = 0; i < n; ++i)
      text += pieces[std::uniform_int_distribution<std::size_t>(0, pieces.size() - 1)(rng)];
    const float width = std::uniform_real_distribution<float>(0.0f, 600.0f)(rng);
    INFO(text << " in " << width);
    const std::string out = console::elide_middle(text, width);
    CHECK(valid_utf8(out));
    if (ImGui::CalcTextSize(text.c_str()).x <= width) {
      CHECK(out == text);
      continue;
    }
    const auto dots = out.find("...");
    REQUIRE(dots != std::string::npos);
    CHECK(text.compare(0, dots, out, 0, dots) == 0);  // a start of the text
    const std::string tail = out.substr(dots + 3);
    CHECK(text.compare(text.size() - tail.size(), tail.size(), tail) == 0);  // and its end
    // Fits, unless even "..." alone does not.
    if (ImGui::CalcTextSize("...").x <= width) CHECK(ImGui::CalcTextSize(out.c_str()).x <= width);
    CHECK(out.size() < text.size() + 3);
  }
  ctx.end_frame();
}

TEST_CASE("a held shortcut never types into the dialog it opened") {
  struct Case {
    const char* name;
    int key;
    bool ctrl;
    char typed;
    Dialog dialog;
  };
  for (const Case& k : {Case{"void", 'V', false, 'v', Dialog::kVoid}, Case{"warn", 'W', false, 'w', Dialog::kWarn},
                        Case{"clock", 'K', false, 'k', Dialog::kClock}, Case{"note", 'N', false, 'n', Dialog::kNote},
                        Case{"caption", 'T', false, 't', Dialog::kCaption},
                        Case{"award", 'A', true, 'a', Dialog::kAward},
                        Case{"hold", 'P', false, 'p', Dialog::kHold}}) {
    DYNAMIC_SECTION(k.name) {
      ConsoleDriver d(console::memory_library());
      play(d);
      auto& ctx = d.context();
      if (k.ctrl) ctx.key(ui::key::kLeftControl, true);
      ctx.key(k.key, true);
      ctx.type(std::string(1, k.typed));  // the press types its letter
      d.frame();
      // Ctrl let go first, the letter still held: the OS repeats it.
      if (k.ctrl) ctx.key(ui::key::kLeftControl, false);
      for (int i = 0; i < 40; ++i) {
        ctx.type(std::string(1, k.typed));
        d.frame();
      }
      REQUIRE(d.ui().play.dialog == k.dialog);
      ctx.key(k.key, false);
      d.frame();
      auto& p = d.ui().play;
      std::string& field = k.dialog == Dialog::kClock ? p.clock_seconds
                           : k.dialog == Dialog::kCaption ? p.caption
                                                          : p.reason;
      CHECK(field.empty());
      // Released, the key types again: only the shortcut's own press is dropped.
      d.type("12");
      ctx.key(k.key, true);
      ctx.type(std::string(1, k.typed));
      d.frame();
      ctx.key(k.key, false);
      d.frame();
      CHECK(field == "12" + std::string(1, k.typed));
    }
  }
}

TEST_CASE("a dialog opened by a click drops nothing the operator types") {
  ConsoleDriver d(console::memory_library());
  play(d);
  d.click("ctl.void");
  REQUIRE(d.ui().play.dialog == Dialog::kVoid);
  CHECK(d.ui().play.dialog_key == 0);
  d.frame();
  d.type("bad square");
  CHECK(d.ui().play.reason == "bad square");
  d.press(ui::key::kEnter);
  const auto& log = match(d).log();
  CHECK(std::any_of(log.begin(), log.end(),
                    [](const engine::Event& e) { return std::holds_alternative<engine::Voided>(e.body); }));
}

TEST_CASE("a camera-safe desk shows the pause without its reason: reveal shows it") {
  ConsoleDriver d(console::memory_library());
  play(d);
  REQUIRE(d.ui().camera_safe);
  submit(d, engine::PauseCmd{"player 2 is unwell and needs a doctor"});
  const auto masked = d.ui().hits.rect("status.paused");
  REQUIRE(masked);
  d.context().key(ui::key::kF1 + 7, true);  // F8 held: reveal
  d.frame(2);
  const auto revealed = d.ui().hits.rect("status.paused");
  d.context().key(ui::key::kF1 + 7, false);
  REQUIRE(revealed);
  CHECK(revealed->second.x - revealed->first.x > masked->second.x - masked->first.x + 100.0f);
}

TEST_CASE("the store-error banner never moves the board: its retry still answers") {
  ConsoleDriver d(console::memory_library());
  play(d);
  const Placement plain = placement(d);
  d.ui().banner = "disk is full";
  d.frame(2);
  REQUIRE(d.ui().hits.has("banner.retry"));
  check_same_board(plain, placement(d));
  d.click("banner.retry");
  CHECK(d.ui().banner.empty());
  check_same_board(plain, placement(d));
}
