// Every line the console's event text renders (the log, the result panel, the
// public preview) from random matches of every game and preset, in English and
// Korean, referee and public views: no untranslated key ("reason.", "battle.",
// "item.", "outcome.", "warn.", "ev."), no bare code with words of its own
// ("flag-captured"), no "{param}" left, no seat name where names are set, and the
// result banner names the winner.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "console/console.h"
#include "console/event_text.h"
#include "engine/event_words.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::engine;

namespace {

int sessions() {
  int n = 8;
  if (const char* s = std::getenv("FACEDOWN_CONFORMANCE_SESSIONS")) n = std::min(n, std::max(1, std::atoi(s)));
  return n;
}

void check_line(const std::string& line, const std::vector<CodeUse>& codes) {
  INFO(line);
  CHECK(!line.empty());
  for (const char* key : {"reason.", "battle.", "item.", "outcome.", "warn.", "ev.", "refuse."})
    CHECK(line.find(key) == std::string::npos);
  CHECK(unexpanded_placeholder(line).empty());
  for (const char* seat : {"player 1", "player 2", "플레이어 1", "플레이어 2"}) CHECK(line.find(seat) == std::string::npos);
  for (const CodeUse& c : codes)
    if (c.code.find('-') != std::string::npos) CHECK(line.find(c.code) == std::string::npos);
}

}  // namespace

TEST_CASE("console words: every rendered line of random matches is translated, with names") {
  ui::Catalog catalog;
  console::add_console_phrases(catalog);
  for (const GameInfo& info : all_games()) {
    for (const Preset& preset : info.presets) {
      for (int i = 0; i < sessions(); ++i) {
        conformance::SessionConfig config;
        config.seed = 0xc0de0000u + static_cast<std::uint64_t>(i) * 104729u;
        config.max_commands = 160;
        // Names with a hyphen and Hangul, as on air.
        config.text = [seat = 0](const char* what) mutable -> std::string {
          if (std::string(what) == "player") return ++seat == 1 ? "김경훈" : "Lee Sang-min";
          return std::string("typed ") + what;
        };
        conformance::Session session = conformance::play_session(info, preset.id, config);
        const Game& game = session.match.game();
        const Names names = session.match.state().players;
        for (ui::Lang lang : {ui::Lang::kEnglish, ui::Lang::kKorean}) {
          const ui::Tr tr{&catalog, lang};
          for (const Event& raw : session.match.log()) {
            for (Viewer v : {kReferee, kPublic}) {
              const Event e = project(raw, v);
              INFO(info.id << "/" << preset.id << " seed " << config.seed << " " << event_type(e.body) << " lang "
                           << static_cast<int>(lang) << " viewer " << static_cast<int>(v));
              check_line(console::describe(e, game, tr, names), codes_of(e.body));
            }
          }
          if (const auto& r = session.match.state().result) {
            const std::string banner = console::result_text(*r, game.words(), tr, names);
            INFO(banner);
            check_line(banner, {{WordKind::kReason, r->reason}, {WordKind::kDetail, r->what.code}});
            if (r->winner != 0) CHECK(banner.find(names[static_cast<std::size_t>(r->winner - 1)]) != std::string::npos);
          }
        }
      }
    }
  }
}
