// `facedown analyze --win` over a stored match (docs/analysis.md, "Who is
// winning"): a number per move from each view asked, the end exactly, both
// languages, JSON; bad input is refused.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/db/temp_dir.h"
#include "tools/facedown/commands.h"

using namespace facedown;
using namespace facedown::db::testing;

namespace {

struct Run {
  int status = 0;
  std::string out, err;
};

Run analyze(const cli::AnalyzeArgs& args) {
  std::ostringstream out, err;
  Run r;
  r.status = cli::analyze(args, out, err);
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

}  // namespace

TEST_CASE("analyze --win says who is winning after every move", "[cli][analysis][win]") {
  TempDir dir;
  const auto db = dir.file("w.db");
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
  args.win = true;
  args.playouts = 40;

  SECTION("referee view, every ply, the end exactly, as JSON") {
    args.view = "referee";
    args.json = true;
    const Run r = analyze(args);
    REQUIRE(r.status == 0);
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j.is_array());
    REQUIRE(j.size() >= 5);
    CHECK(j[0]["ply"] == 0);
    for (std::size_t i = 0; i + 1 < j.size(); ++i) {
      const auto& w = j[i]["referee"];
      CHECK(w["decided"] == false);
      CHECK(w["playouts"] == 40);
      const double sum = w["player1"]["p"].get<double>() + w["player2"]["p"].get<double>() + w["draw"]["p"].get<double>() +
                         w["unfinished"].get<double>();
      CHECK(sum == Approx(1.0));
      CHECK(w["player1"]["low"].get<double>() <= w["player1"]["p"].get<double>());
    }
    // Player 1 wins the demo: the last moment shows it exactly.
    const auto& last = j.back()["referee"];
    CHECK(last["decided"] == true);
    CHECK(last["player1"]["p"] == 1.0);
    CHECK(last["player2"]["p"] == 0.0);
  }

  SECTION("both views at one ply, in English and Korean") {
    args.view = "both";
    args.ply = 2;
    const Run en = analyze(args);
    REQUIRE(en.status == 0);
    CHECK(en.out.find("who is winning (public, referee") != std::string::npos);
    CHECK(en.out.find("ply 2: public ") != std::string::npos);
    CHECK(en.out.find("; referee ") != std::string::npos);
    args.lang = "ko";
    const Run ko = analyze(args);
    REQUIRE(ko.status == 0);
    CHECK(ko.out.find("승률") != std::string::npos);
    CHECK(ko.out.find("무승부") != std::string::npos);
    // The same seed gives the same numbers.
    args.lang = "en";
    CHECK(analyze(args).out == en.out);
  }

  SECTION("bad input is refused") {
    args.view = "audience";
    CHECK(analyze(args).status == 2);
    args.view = "public";
    args.playouts = 0;
    CHECK(analyze(args).status == 2);
    args.playouts = 40;
    args.ply = -1;
    CHECK(analyze(args).status == 2);
    args.ply.reset();
    args.lang = "fr";
    CHECK(analyze(args).status == 2);
  }
}
