// On-air model, explainer and JSON board of Gunjin Shogi, Hidden Hasami and Gwangsanghui, over
// random matches (several seeds, every prefix that ends on a battle or a
// capture): Gunjin Shogi shows a battle's outcome only (identities stay hidden),
// Gwangsanghui names both pieces (everything is public), Hidden Hasami never
// shows which stone is the leader before the end; the board JSON says how to
// draw each (on points with palaces; stones).
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "broadcast/explainer.h"
#include "broadcast/model.h"
#include "broadcast/on_air_json.h"
#include "engine/registry.h"
#include "overlay_support.h"

using namespace facedown;
using namespace facedown::overlay::testing;

namespace {

const engine::GameInfo& game(const std::string& id) {
  static const std::vector<engine::GameInfo> games = engine::all_games();
  const engine::GameInfo* info = engine::find_game(games, id);
  REQUIRE(info);
  return *info;
}

std::set<std::string> roster_names(const engine::GameInfo& info) {
  std::set<std::string> out;
  for (const auto& spec : info.roster) {
    out.insert(spec.name_en);
    out.insert(spec.name_ko);
  }
  return out;
}

bool mentions_any(const std::string& line, const std::set<std::string>& names) {
  return std::any_of(names.begin(), names.end(), [&](const std::string& n) { return !n.empty() && line.find(n) != std::string::npos; });
}

// The models just after every row of `type` in random matches of the game.
std::vector<OnAirModel> models_after(const std::string& id, const std::string& type, int seeds = 6) {
  std::vector<OnAirModel> out;
  const engine::GameInfo& info = game(id);
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(seeds); ++seed) {
    const auto rows = public_rows(random_match(info, info.default_preset, seed, 160));
    for (std::size_t i = 0; i < rows.size(); ++i)
      if (rows[i].type == type) out.push_back(derive_model(rows, i + 1, engine::all_games()));
  }
  return out;
}

}  // namespace

TEST_CASE("Gunjin Shogi battles: the outcome only, no identity, in both languages") {
  const auto models = models_after("gunjin-shogi", "attack");
  REQUIRE(models.size() >= 5);
  const auto names = roster_names(game("gunjin-shogi"));
  for (const OnAirModel& m : models) {
    REQUIRE(m.battle);
    CHECK(m.problems.empty());
    for (const auto& f : m.battle->fighters) CHECK_FALSE(f.token);
    for (Lang lang : {Lang::kEn, Lang::kKo}) {
      const auto lines = broadcast::battle_explainer(m, lang);
      REQUIRE(lines.size() == 1);
      CHECK_FALSE(mentions_any(lines[0], names));
      if (lang == Lang::kEn) {
        // The shared outcome words: who won, never with what.
        const std::set<std::string> allowed{"attacker wins", "defender wins", "both removed"};
        CHECK(allowed.count(lines[0]) == 1);
      }
    }
    // Nothing on the board names a piece either, before the end.
    if (!m.result)
      for (const auto& p : m.board)
        if (p) CHECK_FALSE(p->token);
  }
}

TEST_CASE("Gunjin Shogi: the headquarters squares are on air as terrain") {
  const auto models = models_after("gunjin-shogi", "moved", 1);
  REQUIRE_FALSE(models.empty());
  const auto j = broadcast::on_air_json(models.front(), models.front().row_wall_time, {});
  int hq = 0;
  for (const auto& sq : j.at("board").at("squares"))
    for (const auto& t : sq.at("terrain")) hq += t == "headquarters";
  CHECK(hq >= 2);  // one a side at least
  CHECK(j.at("board").at("on_points") == false);
  CHECK(j.at("board").at("stones") == false);
}

TEST_CASE("Gwangsanghui captures: both pieces named (\"Chariot takes Cannon\")") {
  const auto models = models_after("gwangsanghui", "attack");
  REQUIRE(models.size() >= 5);
  const auto& info = game("gwangsanghui");
  for (const OnAirModel& m : models) {
    REQUIRE(m.battle);
    CHECK(m.problems.empty());
    REQUIRE(m.battle->pairs.size() == 1);
    const auto& p = m.battle->pairs[0];
    REQUIRE(p.mover_token);
    REQUIRE(p.enemy_token);
    const auto lines = broadcast::battle_explainer(m, Lang::kEn);
    REQUIRE(lines.size() == 1);
    const std::string a = broadcast::piece_name(m, *p.mover_token, Lang::kEn);
    const std::string d = broadcast::piece_name(m, *p.enemy_token, Lang::kEn);
    CHECK(lines[0] == a + " takes " + d);
    CHECK(std::any_of(info.roster.begin(), info.roster.end(), [&](const auto& s) { return s.name_en == a; }));
    // Every piece on the board is face up.
    for (const auto& piece : m.board)
      if (piece) CHECK(piece->token);
  }
}

TEST_CASE("Gwangsanghui on air: a board of points with six 3x3 palaces") {
  const auto models = models_after("gwangsanghui", "moved", 1);
  REQUIRE_FALSE(models.empty());
  const auto j = broadcast::on_air_json(models.front(), models.front().row_wall_time, {});
  const auto& b = j.at("board");
  CHECK(b.at("on_points") == true);
  CHECK(b.at("stones") == false);
  CHECK(b.at("files") == 15);
  CHECK(b.at("ranks") == 14);
  int palace = 0;
  for (const auto& sq : b.at("squares"))
    for (const auto& t : sq.at("terrain")) palace += t == "palace";
  CHECK(palace == 6 * 9);
}

TEST_CASE("Hidden Hasami: stones alike on air, the leader never shown before the end") {
  const auto& info = game("hidden-hasami");
  int captures = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const auto rows = public_rows(random_match(info, info.default_preset, seed, 200));
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (rows[i].type == "removed") ++captures;
      const OnAirModel m = derive_model(rows, i + 1, engine::all_games());
      CHECK(m.problems.empty());
      if (m.result || !m.game) continue;
      // No board piece has a public role; a capture names none either, but the
      // leader's, which is announced as it falls.
      if (m.battle)
        for (const auto& f : m.battle->fighters)
          if (f.token) CHECK((*f.token == "L" && f.removed));
      // A custodian capture is explained on air: its cause and how many fell.
      if (rows[i].type == "removed") {
        REQUIRE(m.battle);
        CHECK(m.battle->kind == "capture");
        const auto en = broadcast::battle_explainer(m, broadcast::Lang::kEn);
        const auto ko = broadcast::battle_explainer(m, broadcast::Lang::kKo);
        REQUIRE(en.size() == 1);
        REQUIRE(ko.size() == 1);
        CHECK(en[0] == fmt::format("sandwiched: {} removed", m.battle->fighters.size()));
        CHECK(ko[0] == fmt::format("협공으로 잡힘: {}개 제거", m.battle->fighters.size()));
      }
      for (const auto& p : m.board)
        if (p) CHECK_FALSE(p->token);
      // The JSON says the same: stones, every token null.
      if (i % 7 == 0) {
        const auto j = broadcast::on_air_json(m, m.row_wall_time, {});
        CHECK(j.at("board").at("stones") == true);
        CHECK(j.at("board").at("on_points") == false);
        for (const auto& sq : j.at("board").at("squares"))
          if (!sq.at("piece").is_null()) CHECK(sq.at("piece").at("token").is_null());
      }
    }
  }
  CHECK(captures > 0);  // the matches did capture by custodian
}

// The browser overlay's shots of every game and preset (tests/browser/overlay_test.mjs)
// draw these documents; they must stay what broadcast/ makes of a real match
// (the ImGui overlay's goldens paint the same frames: screenshot_test.cpp).
// FACEDOWN_UPDATE_GOLDEN=1 rewrites them.
TEST_CASE("browser fixtures of every game and preset are the on-air JSON of a real mid-match") {
  for (const GameFrame& f : every_game_frame()) {
    INFO(f.name);
    const OnAirModel& m = f.model;
    REQUIRE(m.opened);
    REQUIRE_FALSE(m.result);
    const auto doc = broadcast::on_air_json(m, m.row_wall_time + 10, {});
    const std::string file = std::string(FACEDOWN_SOURCE_DIR) + "/tests/browser/fixtures/" + f.name + ".json";
    const char* update = std::getenv("FACEDOWN_UPDATE_GOLDEN");
    if (update && std::string(update) == "1") {
      std::ofstream(file) << doc.dump(1) << "\n";
      WARN("fixture rewritten: " << file);
      continue;
    }
    std::ifstream in(file);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    CHECK(nlohmann::json::parse(text.str()) == doc);
  }
}
