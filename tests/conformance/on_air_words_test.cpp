// Words on air: the on-air JSON of random matches of every game and
// preset, after every row, holds no untranslated key in either language: every
// rendered text (each {en, ko} pair: result sentence and headline, reason, battle
// kinds, outcomes and captions, items, warnings) is non-empty, has no "reason." /
// "battle." / "item." / "ev." key, no bare code with words of its own
// ("flag-captured"), no "{param}" left and no seat name ("player 1") when names
// are set; a code's Korean word is never the code itself. The words come from the
// game's table, so removing a game's word makes this fail.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <set>

#include "broadcast/model.h"
#include "broadcast/on_air_json.h"
#include "engine/event_words.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "engine/words.h"
#include "tests/conformance/random_match.h"
#include "tests/overlay/overlay_support.h"

using namespace facedown;
using nlohmann::json;

namespace {

int sessions() {
  int n = 4;
  if (const char* s = std::getenv("FACEDOWN_CONFORMANCE_SESSIONS")) n = std::min(n, std::max(1, std::atoi(s)));
  return n;
}

struct Context {
  std::set<std::string> codes;  // every code the match's public events carry
  engine::Names names;
};

void check_line(const std::string& line, const Context& c, const std::string& where) {
  INFO(where << ": \"" << line << "\"");
  CHECK(!line.empty());
  for (const char* key : {"reason.", "battle.", "item.", "ev.", "outcome.", "warn."})
    CHECK(line.find(key) == std::string::npos);
  CHECK(engine::unexpanded_placeholder(line).empty());
  for (const char* seat : {"player 1", "player 2", "플레이어 1", "플레이어 2"}) CHECK(line.find(seat) == std::string::npos);
  for (const std::string& code : c.codes)
    if (code.find('-') != std::string::npos) CHECK(line.find(code) == std::string::npos);
}

// Every {en, ko} pair in the document, wherever it is.
void check_rendered(const json& j, const Context& c, const std::string& where) {
  if (j.is_object()) {
    if (j.size() == 2 && j.contains("en") && j.contains("ko")) {
      for (const char* lang : {"en", "ko"}) {
        const json& v = j.at(lang);
        if (v.is_string()) check_line(v.get<std::string>(), c, where + "." + lang);
        else if (v.is_array())
          for (const auto& line : v) check_line(line.get<std::string>(), c, where + "." + lang);
        else FAIL_CHECK(where << "." << lang << " is neither text nor lines: " << v.dump());
      }
      return;
    }
    for (const auto& [k, v] : j.items()) check_rendered(v, c, where + "." + k);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) check_rendered(j[i], c, where + "[" + std::to_string(i) + "]");
  }
}

// A code beside its word: the Korean word is never the (ASCII) code itself.
void check_word(const json& obj, const char* code_key, const char* text_key, const std::string& where) {
  if (!obj.is_object() || !obj.contains(code_key) || !obj.at(code_key).is_string()) return;
  const std::string code = obj.at(code_key).get<std::string>();
  if (code.empty() || !obj.contains(text_key) || obj.at(text_key).is_null()) return;
  INFO(where << " " << code_key << " '" << code << "' " << obj.at(text_key).dump());
  CHECK(obj.at(text_key).at("ko").get<std::string>() != code);
  CHECK(!obj.at(text_key).at("en").get<std::string>().empty());
}

void check_document(const json& j, const Context& c, const std::string& where) {
  check_rendered(j, c, where);
  if (j.at("result").is_object()) {
    const json& r = j.at("result");
    check_word(r, "reason", "reason_text", where + " result");
    // The headline and sentence name the winner; Korean is not English.
    const int winner = r.at("winner").is_number_integer() ? r.at("winner").get<int>() : 0;
    if ((winner == 1 || winner == 2) && r.at("reason") != "disqualified")
      for (const char* lang : {"en", "ko"})
        CHECK(r.at("headline").at(lang).get<std::string>().find(c.names[static_cast<std::size_t>(winner - 1)]) == 0);
    CHECK(r.at("sentence").at("en") != r.at("sentence").at("ko"));
  }
  if (j.at("battle").is_object())
    for (const json& p : j.at("battle").at("pairs")) {
      check_word(p, "kind", "kind_text", where + " battle pair");
      check_word(p, "outcome", "outcome_text", where + " battle pair");
    }
  if (j.at("warning").is_object()) check_word(j.at("warning"), "kind", "kind_text", where + " warning");
  for (const json& u : j.at("items").at("used")) check_word(u, "item", "text", where + " item");
}

}  // namespace

TEST_CASE("on-air words: the on-air JSON of random matches holds no untranslated key, in both languages") {
  const std::vector<engine::GameInfo> games = engine::all_games();
  int documents = 0, results = 0, battles = 0;
  for (const engine::GameInfo& info : games) {
    for (const engine::Preset& preset : info.presets) {
      for (int i = 0; i < sessions(); ++i) {
        conformance::SessionConfig config;
        config.seed = 0x0a1a0000u + static_cast<std::uint64_t>(i) * 7919u;
        config.max_commands = 160;
        // Names with a hyphen and Hangul, as on air.
        config.text = [seat = 0](const char* what) mutable -> std::string {
          if (std::string(what) == "player") return ++seat == 1 ? "김경훈" : "Lee Sang-min";
          return std::string("typed ") + what;
        };
        const conformance::Session session = conformance::play_session(info, preset.id, config);
        Context c;
        c.names = session.match.state().players;
        for (const engine::Event& raw : session.match.log())
          for (const engine::CodeUse& u : engine::codes_of(engine::project(raw, engine::kPublic).body))
            c.codes.insert(u.code);
        const auto rows = overlay::testing::public_rows(session.match, 1.7e9, 1.0);
        for (std::size_t n = 1; n <= rows.size(); ++n) {
          const broadcast::OnAirModel m = broadcast::derive_model(rows, n, games);
          INFO(info.id << "/" << preset.id << " seed " << config.seed << " row " << n << " " << rows[n - 1].type);
          CHECK(m.problems.empty());
          // Mid-battle (captions on) and long after (the result banner shown).
          for (double later : {0.5, 30.0}) {
            const json j = broadcast::on_air_json(m, rows[n - 1].wall_time + later, broadcast::OnAirOptions{});
            check_document(j, c, info.id + "/" + preset.id);
            ++documents;
            results += j.at("result").is_object() ? 1 : 0;
            battles += j.at("battle").is_object() ? 1 : 0;
          }
        }
      }
    }
  }
  // The check saw what it is about.
  CHECK(documents > 1000);
  CHECK(results > 0);
  CHECK(battles > 0);
}
