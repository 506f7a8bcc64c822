// Presets and options of the three games: the default preset, every legal value
// of every option, refused values with their reasons, and the clock options in play.
#include <catch2/catch.hpp>

#include "engine/match.h"
#include "tests/games/scenario.h"

using namespace facedown;
using namespace facedown::engine;
using nlohmann::json;

namespace {

const char* const kGames[] = {"capture-flag", "salpakan", "luzhanqi-mini", "gunjin-shogi", "hidden-hasami"};

std::optional<std::string> open_error(const GameInfo& info, const std::string& preset, const Options& o) {
  auto m = Match::open(info, preset, o, {"A", "B"});
  if (auto* r = std::get_if<Rejection>(&m)) return r->reason;
  return std::nullopt;
}

}  // namespace

TEST_CASE("games: one standard preset, every option value accepted", "[games][options]") {
  for (const char* id : kGames) {
    INFO(id);
    const GameInfo& info = test::game_info(id);
    CHECK(info.default_preset == "standard");
    REQUIRE(info.find_preset("standard"));
    REQUIRE(info.find_option("ply_limit"));
    CHECK(info.find_option("ply_limit")->default_value == "0");
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
    CHECK(*open_error(info, "standard", {{"items", "none"}}) == "unknown option 'items' for " + std::string(id));
    CHECK(open_error(info, "genius-2015", {})->rfind("unknown preset 'genius-2015' for " + std::string(id), 0) == 0);
  }
}

TEST_CASE("games: a script without a preset plays the standard one", "[games][options]") {
  for (const char* id : kGames) {
    auto p = test::play(test::script(id, {}, test::seeded_setup_line(id, 1, 1), test::seeded_setup_line(id, 2, 2), {}));
    CHECK(p.errors.empty());
    CHECK(test::state(p.match)["preset"] == "standard");
    CHECK(test::state(p.match)["status"] == "playing");
    CHECK(!test::state(p.match).contains("items"));
  }
}

TEST_CASE("games: the shared clock options work in every game", "[games][options]") {
  for (const char* id : kGames) {
    INFO(id);
    const std::string s1 = test::seeded_setup_line(id, 1, 5), s2 = test::seeded_setup_line(id, 2, 6);
    auto loss = test::play(test::script(id, {"turn_limit=30"}, s1, s2, {"@31 tick"}));
    CHECK(test::state(loss.match)["result"] == json({{"winner", 2}, {"reason", "timeout"}}));
    auto warned = test::play(test::script(id, {"turn_limit=30", "on_timeout=warning", "warnings_to_dq=0"}, s1, s2,
                                          {"@31 tick"}));
    CHECK(test::state(warned.match)["status"] == "playing");
    CHECK(test::state(warned.match)["warnings"]["1"] == 1);
  }
}
