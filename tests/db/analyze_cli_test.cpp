// `facedown analyze` over a stored match (docs/analysis.md): the odds a viewer
// could deduce, as text in both languages and as JSON; bad input is refused.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "db/store.h"
#include "tests/db/random_operator.h"
#include "tests/db/temp_dir.h"
#include "tools/facedown/commands.h"

using namespace facedown;
using namespace facedown::db::testing;

namespace {

struct Run {
  int status = 0;
  std::string out, err;
};

template <class F>
Run call(F f) {
  std::ostringstream out, err;
  Run r;
  r.status = f(out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

std::string demo_script() {
  std::ifstream in(std::string(FACEDOWN_SOURCE_DIR) + "/assets/matches/demo-genius.txt");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Run analyze(cli::AnalyzeArgs args) {
  return call([&](auto& o, auto& e) { return cli::analyze(args, o, e); });
}

}  // namespace

TEST_CASE("analyze gives each viewer's odds of a stored match", "[cli][analysis]") {
  TempDir dir;
  const auto db = dir.file("a.db");
  {
    std::istringstream in(demo_script());
    std::ostringstream out, err;
    cli::PlayArgs args;
    args.db = db;
    REQUIRE(cli::play(args, in, out, err) == 0);
  }
  cli::AnalyzeArgs args;
  args.db = db;
  args.match = 1;

  SECTION("before any move every hidden piece has its roster share") {
    args.ply = 0;
    args.json = true;
    auto r = analyze(args);
    INFO(r.err);
    REQUIRE(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["method"] == "exact");
    REQUIRE(j["pieces"].size() == 28);  // both setups, face down
    for (const auto& piece : j["pieces"]) {
      CHECK(piece["odds"]["M"].get<double>() == Approx(3.0 / 14));
      CHECK(piece["odds"]["K"].get<double>() == Approx(1.0 / 14));
      CHECK(piece["certain"] == false);
    }
    CHECK(j["objective"]["piece"] == "K");
    CHECK(j["objective"]["player1"].size() == 14);
  }

  SECTION("exact odds come with their interval, the odds themselves") {
    args.json = true;
    auto r = analyze(args);
    REQUIRE(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j["method"] == "exact");
    for (const auto& piece : j["pieces"])
      for (const auto& [token, p] : piece["odds"].items()) {
        CHECK(piece["interval"][token][0].get<double>() == p.get<double>());
        CHECK(piece["interval"][token][1].get<double>() == p.get<double>());
      }
  }

  SECTION("a player sees none of their own pieces in the list") {
    args.view = "player1";
    args.json = true;
    auto r = analyze(args);
    REQUIRE(r.status == 0);
    for (const auto& piece : nlohmann::json::parse(r.out)["pieces"]) CHECK(piece["owner"] == 2);
  }

  SECTION("text in English and Korean names the objective") {
    auto en = analyze(args);
    REQUIRE(en.status == 0);
    CHECK(en.out.find("Number Janggi") != std::string::npos);
    CHECK(en.out.find("'s King") != std::string::npos);
    args.lang = "ko";
    auto ko = analyze(args);
    REQUIRE(ko.status == 0);
    CHECK(ko.out.find("숫자장기") != std::string::npos);
    CHECK(ko.out.find("의 왕") != std::string::npos);
  }

  SECTION("bad input is refused with a reason") {
    for (const char* view : {"referee", "audience"}) {
      args.view = view;
      auto r = analyze(args);
      CHECK(r.status == 2);
      CHECK(r.err.find("unknown view") != std::string::npos);
    }
    args.view = "public";
    args.lang = "fr";
    CHECK(analyze(args).status == 2);
    args.lang = "en";
    args.match = 7;
    CHECK(analyze(args).status == 2);
    args.match = 1;
    args.ply = -1;
    CHECK(analyze(args).status == 2);
  }
}

TEST_CASE("analyze --json gives sampled odds their 95 % interval, p inside it", "[cli][analysis]") {
  // A Gunjin Shogi match a few dozen commands in: too many setups to count, so sampled.
  TempDir dir;
  const auto db_path = dir.file("g.db");
  auto opened = db::Store::open(db_path);
  REQUIRE(std::holds_alternative<db::Store>(opened));
  auto& store = std::get<db::Store>(opened);
  engine::Match match = db::testing::open_random_match(3, "gunjin-shogi");
  const auto id = std::get<db::MatchId>(store.create_match(match));
  db::testing::RandomOperator op(3, false);
  for (int i = 0; i < 40; ++i) {
    const auto evs = op.step(match);
    if (evs.empty()) break;
    REQUIRE_FALSE(store.append(id, match, evs));
  }
  cli::AnalyzeArgs args;
  args.db = db_path;
  args.match = id;
  args.json = true;
  const auto r = analyze(args);
  INFO(r.err);
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["method"] == "sampled");
  int wide = 0;
  for (const auto& piece : j["pieces"]) {
    REQUIRE(piece.contains("interval"));
    for (const auto& [token, p] : piece["odds"].items()) {
      const double low = piece["interval"][token][0].get<double>(), high = piece["interval"][token][1].get<double>();
      CHECK(low <= p.get<double>());
      CHECK(p.get<double>() <= high);
      CHECK(low >= 0.0);
      CHECK(high <= 1.0);
      wide += high - low > 1e-9;
    }
  }
  CHECK(wide > 0);  // sampled odds are uncertain somewhere
}
