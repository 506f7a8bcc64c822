// Games own their words: over random sessions of every
// game and every preset, every code an event emits (result reasons, details,
// battle kinds, outcomes, items, causes, warning kinds), in the referee's and the
// public's view, is declared by the game or the shared table with English and
// Korean text; every detail renders in both languages with the players' names,
// no placeholder left and no seat name ("player 1") where names are set. The
// tables themselves: no duplicates, both languages, the same placeholders.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <set>

#include "engine/event_words.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "engine/words.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::engine;

namespace {

int sessions() {
  int n = 12;
  if (const char* s = std::getenv("FACEDOWN_CONFORMANCE_SESSIONS")) n = std::min(n, std::max(1, std::atoi(s)));
  return n;
}

// The placeholders of a template ("{@player}", "{limit}"), as a set.
std::set<std::string> placeholders(const std::string& text) {
  std::set<std::string> out;
  for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
    const std::size_t close = text.find('}', open);
    if (close == std::string::npos) break;
    out.insert(text.substr(open, close - open + 1));
  }
  return out;
}

void check_table(const std::vector<Word>& table, const std::string& whose) {
  std::set<std::pair<int, std::string>> seen;
  for (const Word& w : table) {
    INFO(whose << " " << word_kind_name(w.kind) << ":" << w.code);
    CHECK(!w.code.empty());
    CHECK(!w.en.empty());
    CHECK(!w.ko.empty());
    CHECK(seen.insert({static_cast<int>(w.kind), w.code}).second);
    CHECK(placeholders(w.en) == placeholders(w.ko));
  }
}

const Names kNames{"Kim Kyung-hoon", "Lee Sang-min"};

// A rendered line must hold no untranslated part.
void check_line(const std::string& line, const std::vector<CodeUse>& codes) {
  INFO(line);
  CHECK(!line.empty());
  CHECK(unexpanded_placeholder(line).empty());
  for (const char* seat : {"player 1", "player 2", "플레이어 1", "플레이어 2"}) CHECK(line.find(seat) == std::string::npos);
  // A code that has words of its own never shows bare ("flag-captured").
  for (const CodeUse& c : codes)
    if (c.code.find('-') != std::string::npos) CHECK(line.find(c.code) == std::string::npos);
}

}  // namespace

TEST_CASE("words: every table declares each code once, in both languages, with the same placeholders") {
  check_table(shared_words(), "shared");
  for (const GameInfo& info : all_games()) {
    check_table(info.words, info.id);
    // The game's Words are the table its GameInfo declares.
    auto game = info.make(resolve_options(info, info.default_preset, {}).options);
    REQUIRE(game);
    CHECK(game->words().own().size() == info.words.size());
    // The sentence parts every screen uses are there.
    for (const char* part : {"wins", "draw", "seat"}) CHECK(game->words().declared(WordKind::kPhrase, part));
  }
}

TEST_CASE("words: every code a random match of any game emits is declared, and renders with names") {
  for (const GameInfo& info : all_games()) {
    for (const Preset& preset : info.presets) {
      std::set<std::string> seen;  // kind:code, to show what the sessions reached
      for (int i = 0; i < sessions(); ++i) {
        conformance::SessionConfig config;
        config.seed = 0x5eed0000u + static_cast<std::uint64_t>(i) * 7919u;
        config.max_commands = 160;
        conformance::Session session = conformance::play_session(info, preset.id, config);
        const Words& words = session.match.game().words();
        const Names names{session.match.state().players[0], session.match.state().players[1]};
        for (const Event& raw : session.match.log()) {
          for (Viewer v : {kReferee, kPublic}) {
            const Event e = project(raw, v);
            INFO(info.id << "/" << preset.id << " seed " << config.seed << " event " << e.seq << " "
                         << event_type(e.body) << " viewer " << static_cast<int>(v));
            const auto missing = undeclared_codes(words, e.body);
            CHECK(missing.empty());
            for (const auto& m : missing) FAIL_CHECK("undeclared: " << m);
            const auto codes = codes_of(e.body);
            for (const CodeUse& c : codes) seen.insert(std::string(word_kind_name(c.kind)) + ":" + c.code);
            for (const Detail& d : details_of(e.body)) {
              CHECK(words.declared(WordKind::kDetail, d.code));
              for (Lang lang : {Lang::kEnglish, Lang::kKorean}) check_line(render(words, d, lang, kNames), codes);
              // The English `detail` old readers show is the same template with seats.
              if (const auto* ended = std::get_if<Ended>(&e.body); ended && ended->reason != "awarded" && v == kReferee)
                CHECK(ended->detail == english_detail(words, d));
            }
            if (const auto* ended = std::get_if<Ended>(&e.body)) {
              for (Lang lang : {Lang::kEnglish, Lang::kKorean}) {
                const std::string line = result_sentence(words, ended->winner, ended->reason, ended->what, lang, kNames);
                check_line(line, codes);
                if (ended->winner != 0)  // the winner is named
                  CHECK(line.find(kNames[static_cast<std::size_t>(ended->winner - 1)]) != std::string::npos);
              }
            }
          }
        }
        (void)names;
      }
      INFO(info.id << "/" << preset.id);
      // The sessions reach results and outcomes, so the check above is not vacuous.
      CHECK(std::any_of(seen.begin(), seen.end(), [](const std::string& s) { return s.rfind("reason:", 0) == 0; }));
      // Battles or captures: Hidden Hasami has no battles, only removals by a cause.
      CHECK(std::any_of(seen.begin(), seen.end(), [](const std::string& s) {
        return s.rfind("outcome:", 0) == 0 || s.rfind("cause:", 0) == 0;
      }));
    }
  }
}

TEST_CASE("words: an undeclared code is caught, a declared one renders with names in both languages") {
  const GameInfo* cf = nullptr;
  const auto games = all_games();
  cf = find_game(games, "capture-flag");
  REQUIRE(cf);
  const Words words(cf->words);
  // A code no table declares is reported, with its kind.
  Ended bogus{1, "flag-stolen", "", {"flag-stolen", {{"player", "2"}}}};
  const auto missing = undeclared_codes(words, bogus);
  REQUIRE(missing.size() == 2);
  CHECK(missing[0] == "reason:flag-stolen");
  CHECK(missing[1] == "detail:flag-stolen");
  // The game's word: English and Korean, the player's name, the winner named.
  const Detail lost{"flag-captured", {{"player", "2"}}};
  CHECK(render(words, lost, Lang::kEnglish, kNames) == "Lee Sang-min's flag was captured");
  CHECK(render(words, lost, Lang::kKorean, kNames) == "Lee Sang-min의 깃발이 잡힘");
  CHECK(result_sentence(words, 1, "flag-captured", lost, Lang::kEnglish, kNames) ==
        "Lee Sang-min's flag was captured: Kim Kyung-hoon wins");
  CHECK(result_sentence(words, 1, "flag-captured", lost, Lang::kKorean, kNames) ==
        "Lee Sang-min의 깃발이 잡힘: Kim Kyung-hoon 승리");
  // Without names, seats; the JSON's English detail is that.
  CHECK(english_detail(words, lost) == "player 2's flag was captured");
  CHECK(render(words, lost, Lang::kKorean, Names{}) == "플레이어 2의 깃발이 잡힘");
  // A shared code: the timeout, in plain words.
  const Detail late{"timeout", {{"player", "1"}, {"limit", "60"}}};
  CHECK(result_sentence(words, 2, "timeout", late, Lang::kEnglish, kNames) ==
        "Kim Kyung-hoon did not move within 60 s: Lee Sang-min wins");
  // Old logs have no detail code: the reason's word stands in, in the language.
  CHECK(result_sentence(words, 0, "ply-limit", Detail{}, Lang::kKorean, kNames) == "수 제한 도달: 무승부");
  // A missing parameter stays visible, so the checks above would catch it.
  CHECK(unexpanded_placeholder(render(words, Detail{"timeout", {{"player", "1"}}}, Lang::kEnglish, kNames)) ==
        "{limit}");
  CHECK(battle_kind_text(Words(find_game(games, "number-janggi")->words), "minus", Lang::kKorean) == "마이너스 선");
}

TEST_CASE("words: every option and preset of every game has its Korean name and description") {
  // The desk's start screen reads them in Korean mode (an English help sentence on
  // a Korean screen was one of the operator's paper cuts).
  auto hangul = [](const std::string& s) {
    for (std::size_t i = 0; i + 2 < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c >= 0xEA && c <= 0xED) return true;  // lead bytes of U+AC00..U+D7A3
    }
    return false;
  };
  for (const GameInfo& g : all_games()) {
    for (const OptionSpec& o : g.options) {
      INFO(g.id << " option " << o.name);
      CHECK(hangul(o.name_ko));
      CHECK(hangul(o.help_ko));
    }
    for (const Preset& p : g.presets) {
      INFO(g.id << " preset " << p.id);
      CHECK(hangul(p.description_ko));
    }
  }
}
