// Glyphs from the words: the ImGui overlay's font atlas, built as the overlay
// builds it (glyphs_needed), holds every character of every word each game
// declares (engine/words.h tables from all_games() and shared_words()), every
// roster name, every on-air phrase, and every text an on-air frame of a random
// session of every game and preset carries, in both languages. The lists come
// from the tables and the frames, never by hand: a word, phrase or symbol added
// anywhere without reaching the atlas fails here (it would paint as "?").
#include <catch2/catch.hpp>

#include <set>

#include "broadcast/explainer.h"
#include "engine/battle_explanation.h"
#include "broadcast/on_air_glyphs.h"
#include "broadcast/on_air_json.h"
#include "engine/registry.h"
#include "engine/words.h"
#include "imgui_frame.h"
#include "overlay/overlay_draw.h"
#include "overlay_support.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;
using nlohmann::json;

namespace {

// Every string in a document (keys excluded): what a painter may draw from it.
void strings_of(const json& j, std::vector<std::string>& out) {
  if (j.is_string()) out.push_back(j.get<std::string>());
  else if (j.is_structured())
    for (const auto& v : j) strings_of(v, out);
}

// The characters of `text` the font lacks, as UTF-8 (empty when covered).
std::string missing(const ImFont& font, const std::string& text) {
  std::string out;
  for (unsigned cp : codepoints(text)) {
    if (cp < 0x20 || cp > 0xFFFF || font.FindGlyphNoFallback(static_cast<ImWchar>(cp))) continue;
    std::string one;
    if (cp < 0x80) one += static_cast<char>(cp);
    else if (cp < 0x800) one += {static_cast<char>(0xC0 | (cp >> 6)), static_cast<char>(0x80 | (cp & 0x3F))};
    else
      one += {static_cast<char>(0xE0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3F)),
              static_cast<char>(0x80 | (cp & 0x3F))};
    out += one;
  }
  return out;
}

void require_covered(const OverlayFonts& f, const std::string& text, const std::string& where) {
  INFO(where << ": \"" << text << "\"");
  CHECK(missing(*f.small, text).empty());
  CHECK(missing(*f.large, text).empty());
}

// Every line the game's explanation (Game::explain) can write, from its tables:
// every pair of roster types in an attack with each outcome, every battle word
// with each outcome (kind public and hidden), every removal cause, and every
// pair of values 0..11 under each battle word and outcome (the arithmetic with
// +1 / -1 notes where a value is off the printed number), in both languages.
std::vector<std::string> every_explanation(const engine::Game& game) {
  using engine::ShownBattle;
  using engine::ShownKind;
  using engine::WordKind;
  const engine::Words& words = game.words();
  auto codes = [&](WordKind kind) {
    std::vector<std::string> out;
    for (const auto* table : {&words.own(), &words.shared()})
      for (const auto& w : *table)
        if (w.kind == kind) out.push_back(w.code);
    return out;
  };
  std::vector<ShownBattle> battles;
  const auto types = static_cast<engine::PieceType>(game.roster().size());
  for (const char* outcome : {"attacker", "defender", "both"}) {
    battles.push_back({ShownKind::kAttack, {{"", outcome, {}, {}}}, 1});
    for (engine::PieceType a = 0; a < types; ++a)
      for (engine::PieceType d = 0; d < types; ++d) battles.push_back({ShownKind::kAttack, {{"", outcome, {a, {}}, {d, {}}}}, 1});
  }
  for (const auto& cause : codes(WordKind::kCause)) battles.push_back({ShownKind::kCapture, {{cause, "", {}, {}}}, 3});
  battles.push_back({ShownKind::kCapture, {{"", "", {}, {}}}, 1});
  auto kinds = codes(WordKind::kBattle);
  kinds.push_back("");
  for (const auto& kind : kinds)
    for (const char* outcome : {"mover", "enemy", "both", "none"}) {
      battles.push_back({ShownKind::kBattle, {{kind, outcome, {}, {}}}, 1});
      for (engine::PieceType a = 0; a < types; ++a)
        for (int v = 0; v <= 11; ++v)
          battles.push_back({ShownKind::kBattle, {{kind, outcome, {a, v}, {a, 11 - v}}}, 2});
    }
  std::vector<std::string> out;
  for (const auto& b : battles)
    for (auto lang : {engine::Lang::kEnglish, engine::Lang::kKorean})
      for (auto& line : game.explain(b, lang)) out.push_back(std::move(line));
  return out;
}

}  // namespace

TEST_CASE("the overlay's atlas holds every word, name and phrase of every game, from the tables", "[glyphs]") {
  const auto games = engine::all_games();
  for (const auto& info : games) {
    // The atlas the overlay builds for a match of this game (names typed in Hangul too).
    conformance::SessionConfig config;
    config.max_commands = 4;
    config.text = [](const char* what) { return std::string(what) == "player" ? "김경훈 Kim" : "reason"; };
    const auto session = conformance::play_session(info, info.default_preset, config);
    const auto rows = public_rows(session.match, 1000, 1);
    const OnAirModel m = derive_model(rows, rows.size(), games);
    REQUIRE(m.opened);
    ImGuiFrame frame(glyphs_needed(m, Lang::kKo));
    const auto& f = frame.fonts();
    const std::string g = info.id;
    require_covered(f, info.name_en + info.name_ko, g + " name");
    for (const auto* table : {&info.words, &m.words.shared()})
      for (const auto& w : *table) {
        require_covered(f, w.en, g + " word " + w.code);
        require_covered(f, w.ko, g + " word " + w.code);
      }
    for (const auto& spec : info.roster) {
      require_covered(f, spec.token + spec.name_en + spec.name_ko, g + " piece " + spec.token);
      for (Lang l : {Lang::kEn, Lang::kKo}) require_covered(f, piece_label(m, spec.token, l), g + " label");
    }
    for (int p = 0; p < kPhraseCount; ++p)
      for (Lang l : {Lang::kEn, Lang::kKo}) require_covered(f, phrase(l, static_cast<Phrase>(p)), "phrase");
    require_covered(f, m.players[0] + m.players[1], g + " players");
    // Every line the game's battle explanation can write (its phrases are words
    // of the tables above; this renders them with every name and number).
    std::set<std::string> lines;
    for (const auto& line : every_explanation(*m.game)) lines.insert(line);
    CHECK(lines.size() > 3);
    for (const auto& line : lines) require_covered(f, line, g + " explanation");
  }
}

TEST_CASE("an atlas without a character of the explanation's phrases is caught", "[glyphs]") {
  // The check above fails on a missing glyph: leave the arrow and Capture Flag's
  // "승" out of the list the atlas is built from, and the lines that carry them
  // are reported as missing exactly those characters.
  const auto games = engine::all_games();
  const engine::GameInfo* cf = nullptr;
  for (const auto& g : games)
    if (g.id == "capture-flag") cf = &g;
  REQUIRE(cf);
  const auto game = cf->make(engine::resolve_options(*cf, cf->default_preset, {}).options);
  std::string glyphs = broadcast::on_air_characters(games);
  for (const std::string& cut : {std::string("\xE2\x86\x92"), std::string("승")})
    for (auto at = glyphs.find(cut); at != std::string::npos; at = glyphs.find(cut)) glyphs.erase(at, cut.size());
  const engine::ShownBattle miner_takes_bomb{
      engine::ShownKind::kAttack, {{"", "attacker", {game->parse_token("3"), {}}, {game->parse_token("B"), {}}}}, 1};
  const auto ko = game->explain(miner_takes_bomb, engine::Lang::kKorean);
  REQUIRE(ko.size() == 1);
  {
    ImGuiFrame frame(glyphs);
    CHECK(missing(*frame.fonts().small, ko[0]) == "\xE2\x86\x92승");
  }
  // Built from the full list, nothing is missing (one ImGui context at a time).
  ImGuiFrame full(broadcast::on_air_characters(games));
  CHECK(missing(*full.fonts().small, ko[0]).empty());
}

TEST_CASE("the overlay's atlas holds every text of every on-air frame of random sessions of every game",
          "[glyphs]") {
  const auto games = engine::all_games();
  std::set<std::string> seen_texts;
  for (const auto& info : games) {
    for (const auto& preset : info.presets) {
      for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        conformance::SessionConfig config;
        config.seed = seed * 104729 + 3;
        config.max_commands = 160;
        const auto session = conformance::play_session(info, preset.id, config);
        const auto rows = public_rows(session.match, 1000, 1);
        const OnAirModel last = derive_model(rows, rows.size(), games);
        ImGuiFrame frame(glyphs_needed(last, Lang::kEn));
        const std::string where = info.id + "/" + preset.id + " seed " + std::to_string(seed);
        for (std::size_t n = 1; n <= rows.size(); ++n) {
          const OnAirModel m = derive_model(rows, n, games);
          const double t = rows[n - 1].wall_time;
          std::vector<std::string> texts;
          // Mid-battle (the explainer's lines) and later (result, trays).
          for (double dt : {1.0, 9.0}) strings_of(on_air_json(m, t + dt, OnAirOptions{}), texts);
          for (Lang l : {Lang::kEn, Lang::kKo})
            for (const auto& line : battle_explainer(m, l)) texts.push_back(line);
          for (const auto& s : texts)
            if (seen_texts.insert(s).second) require_covered(frame.fonts(), s, where + " row " + std::to_string(n));
        }
      }
    }
  }
  // The explainer's arrow was among them (a Capture Flag or Gunjin attack with both ranks public).
  bool arrow = false;
  for (const auto& s : seen_texts) arrow = arrow || s.find("\xE2\x86\x92") != std::string::npos;
  CHECK(arrow);
}
