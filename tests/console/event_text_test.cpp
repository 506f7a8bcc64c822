// The log's text: every event of a full match has a line in both languages, and a
// public line never names a piece the public may not know.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "codec/script_runner.h"
#include "console/console.h"
#include "console/event_text.h"
#include "engine/view.h"

using namespace facedown;

TEST_CASE("every event reads in English and Korean: public lines keep secrets") {
  std::ifstream in(FACEDOWN_SOURCE_DIR "/tests/console/scripts/full-match.txt");
  std::stringstream ss;
  ss << in.rdbuf();
  auto run = codec::run_script(ss.str());
  REQUIRE(run.errors.empty());
  REQUIRE(run.match);
  run.match->advance(130000);
  ui::Catalog catalog;
  console::add_console_phrases(catalog);
  const auto& game = run.match->game();
  for (ui::Lang lang : {ui::Lang::kEnglish, ui::Lang::kKorean}) {
    const ui::Tr tr{&catalog, lang};
    for (const auto& e : run.match->log()) {
      const std::string referee = console::describe(e, game, tr);
      const std::string pub = console::describe(engine::project(e, engine::kPublic), game, tr);
      INFO(referee);
      CHECK(!referee.empty());
      // No phrase key left untranslated ("ev.", "reason.", "outcome." ...).
      // The public line too (a kind the public may not know is blank there).
      for (const char* prefix : {"ev.", "reason.", "outcome.", "battle.", "warn.", "item."}) {
        CHECK(referee.find(prefix) == std::string::npos);
        CHECK(pub.find(prefix) == std::string::npos);
      }
      // A reason the public may not read leaves no dangling colon behind.
      CHECK(pub.back() != ':');
      CHECK(pub.back() != ' ');
      if (const auto* locked = std::get_if<engine::SetupLocked>(&e.body)) {
        // The referee line names the pieces, the public one none of them.
        CHECK(referee.find(ui::piece_name(game.roster()[11], lang)) != std::string::npos);
        CHECK(pub.find(ui::piece_name(game.roster()[11], lang)) == std::string::npos);
        CHECK(pub.find(tr("hidden")) != std::string::npos);
        (void)locked;
      }
    }
  }
  // Every way a match of any game ends reads in both languages.
  for (ui::Lang lang : {ui::Lang::kEnglish, ui::Lang::kKorean}) {
    const ui::Tr tr{&catalog, lang};
    for (const char* reason : {"timeout", "disqualified", "resigned", "draw-agreed", "awarded", "no-legal-moves",
                               "ply-limit", "king-captured", "flag-captured"}) {
      engine::Event e;
      e.body = engine::Ended{1, reason, ""};
      INFO(reason);
      CHECK(console::describe(e, game, tr).find("reason.") == std::string::npos);
    }
  }
  // Engine-made details read in the screen's language with the players' names:
  // never "player 2", never the English detail on a Korean screen.
  {
    const engine::Names names{"Kim", "Lee"};
    engine::Event e;
    e.body = engine::Ended{1, "king-captured", "player 2's king was removed", {"king-removed", {{"player", "2"}}}};
    const ui::Tr ko{&catalog, ui::Lang::kKorean}, en{&catalog, ui::Lang::kEnglish};
    const std::string korean = console::describe(e, game, ko, names);
    INFO(korean);
    CHECK(korean.find("Lee의 왕이 제거됨") != std::string::npos);
    CHECK(korean.find("Kim 승리") != std::string::npos);
    CHECK(korean.find("king") == std::string::npos);
    CHECK(korean.find("player") == std::string::npos);
    CHECK(console::describe(e, game, en, names).find("Lee's king was removed: Kim wins") != std::string::npos);
    engine::Event w;
    w.body = engine::Warned{2, "time", "turn reached 300 s", 1, {"warn-time", {{"elapsed", "300"}}}};
    const std::string warned = console::describe(w, game, ko, names);
    INFO(warned);
    CHECK(warned.find("Lee") != std::string::npos);
    CHECK(warned.find("차례 시간 300초 도달") != std::string::npos);
    CHECK(warned.find("turn reached") == std::string::npos);
  }
  CHECK(console::clock_text(61500) == "1:01.5");
  CHECK(console::clock_text(-5) == "0:00.0");
}
