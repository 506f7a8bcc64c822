// Presets and options of every registered game without items (Number Janggi's are
// in tests/number_janggi): the default preset, every legal value of every option,
// refused values with their reasons, and the clock options in play. The games come
// from all_games(), so a new game is checked here without an edit.
#include <catch2/catch.hpp>

#include "engine/match.h"
#include "engine/registry.h"
#include "tests/games/scenario.h"

using namespace facedown;
using namespace facedown::engine;
using nlohmann::json;

namespace {

std::vector<std::string> game_ids() {
  std::vector<std::string> ids;
  for (const GameInfo& g : all_games())
    if (!g.find_option("items")) ids.push_back(g.id);
  return ids;
}

// A seeded setup line, or none for a game with a fixed placement (it takes no setup).
std::string setup_line(const std::string& id, int player, std::uint64_t seed) {
  const GameInfo& info = test::game_info(id);
  auto game = info.make(resolve_options(info, info.default_preset, {}).options);
  return game->has_fixed_placement() ? std::string() : test::seeded_setup_line(id, player, seed);
}

std::optional<std::string> open_error(const GameInfo& info, const std::string& preset, const Options& o) {
  auto m = Match::open(info, preset, o, {"A", "B"});
  if (auto* r = std::get_if<Rejection>(&m)) return r->reason;
  return std::nullopt;
}

}  // namespace

TEST_CASE("games: one standard preset, every option value accepted", "[games][options]") {
  REQUIRE(game_ids().size() >= 2);
  for (const std::string& id : game_ids()) {
    INFO(id);
    const GameInfo& info = test::game_info(id);
    CHECK(info.default_preset == "standard");
    REQUIRE(info.find_preset("standard"));
    // Every game has the shared ply limit; its default is the game's own (0: none,
    // as in the hidden games; Gwangsanghui's rules stop at 400).
    const OptionSpec* ply = info.find_option("ply_limit");
    REQUIRE(ply);
    CHECK(ply->kind == OptionSpec::Kind::kInteger);
    CHECK(std::stoi(ply->default_value) >= ply->min);
    CHECK(std::stoi(ply->default_value) <= ply->max);
    CHECK(!open_error(info, "standard", {}));
    for (const auto& spec : info.options) {
      INFO(spec.name);
      if (spec.kind == OptionSpec::Kind::kChoice) {
        for (const auto& c : spec.choices) CHECK(!open_error(info, "standard", {{spec.name, c}}));
        CHECK(open_error(info, "standard", {{spec.name, "nonsense"}})->find("option " + spec.name + " must be one of") == 0);
      } else if (spec.kind == OptionSpec::Kind::kInteger) {
        CHECK(!open_error(info, "standard", {{spec.name, std::to_string(spec.min)}}));
        CHECK(!open_error(info, "standard", {{spec.name, std::to_string(spec.max)}}));
        CHECK(open_error(info, "standard", {{spec.name, std::to_string(spec.max + 1)}})->find("must be between") !=
              std::string::npos);
      }
    }
    CHECK(*open_error(info, "standard", {{"items", "none"}}) == "unknown option 'items' for " + id);
    CHECK(open_error(info, "genius-2015", {})->rfind("unknown preset 'genius-2015' for " + id, 0) == 0);
  }
}

TEST_CASE("games: a script without a preset plays the standard one", "[games][options]") {
  for (const std::string& id : game_ids()) {
    INFO(id);
    auto p = test::play(test::script(id, {}, setup_line(id, 1, 1), setup_line(id, 2, 2), {}));
    CHECK(p.errors.empty());
    CHECK(test::state(p.match)["preset"] == "standard");
    CHECK(test::state(p.match)["status"] == "playing");
    CHECK(!test::state(p.match).contains("items"));
  }
}

TEST_CASE("games: the shared clock options work in every game", "[games][options]") {
  for (const std::string& id : game_ids()) {
    INFO(id);
    const std::string s1 = setup_line(id, 1, 5), s2 = setup_line(id, 2, 6);
    auto loss = test::play(test::script(id, {"turn_limit=30"}, s1, s2, {"@31 tick"}));
    CHECK(test::state(loss.match)["result"] == json({{"winner", 2}, {"reason", "timeout"}}));
    auto warned = test::play(test::script(id, {"turn_limit=30", "on_timeout=warning", "warnings_to_dq=0"}, s1, s2,
                                          {"@31 tick"}));
    CHECK(test::state(warned.match)["status"] == "playing");
    CHECK(test::state(warned.match)["warnings"]["1"] == 1);
  }
}
