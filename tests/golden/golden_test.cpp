// Golden files: full matches (script in) through `facedown play`, compared with
// checked-in outputs: the referee and public event streams and the final state
// JSON as the referee and the public see it. FACEDOWN_UPDATE_GOLDEN=1 rewrites
// the expected files (review them by eye against the rulebook before committing).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tools/facedown/commands.h"

namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// `facedown play` on a script; fails the test unless every line was accepted.
std::string play(const std::string& script, const std::string& view, bool final) {
  facedown::cli::PlayArgs args;
  args.view = view;
  args.final = final;
  std::istringstream in(script);
  std::ostringstream out, err;
  const int status = facedown::cli::play(args, in, out, err);
  INFO(err.str());
  CHECK(status == 0);
  CHECK(err.str().empty());
  return out.str();
}

void check_golden(const std::string& name, const fs::path& script_path) {
  const fs::path dir = fs::path(FACEDOWN_SOURCE_DIR) / "tests/golden/expected";
  const std::string script = read(script_path);
  REQUIRE_FALSE(script.empty());
  const std::vector<std::pair<std::string, std::string>> outputs = {
      {name + ".referee.jsonl", play(script, "referee", false)},
      {name + ".public.jsonl", play(script, "public", false)},
      {name + ".final.json", play(script, "referee", true)},
      {name + ".public-final.json", play(script, "public", true)},
  };
  const char* update = std::getenv("FACEDOWN_UPDATE_GOLDEN");
  for (const auto& [file, text] : outputs) {
    INFO(file);
    if (update && std::string(update) == "1") {
      std::ofstream(dir / file, std::ios::binary) << text;
      WARN("rewrote " << (dir / file).string());
      continue;
    }
    REQUIRE(fs::exists(dir / file));
    const std::string expected = read(dir / file);
    if (expected != text) {
      // Point at the first differing line.
      std::istringstream a(expected), b(text);
      std::string la, lb;
      int n = 0;
      while (true) {
        ++n;
        const bool ga = static_cast<bool>(std::getline(a, la)), gb = static_cast<bool>(std::getline(b, lb));
        if (!ga && !gb) break;
        if (!ga || !gb || la != lb) {
          FAIL_CHECK(file << " line " << n << " differs\nexpected: " << (ga ? la : "<end>") << "\nactual:   "
                          << (gb ? lb : "<end>"));
          break;
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("golden: the bundled demo final") {
  check_golden("demo-genius", fs::path(FACEDOWN_SOURCE_DIR) / "assets/matches/demo-genius.txt");
}

TEST_CASE("golden: RSF warnings and disqualification") {
  check_golden("rsf-warnings", fs::path(FACEDOWN_SOURCE_DIR) / "tests/golden/matches/rsf-warnings.txt");
}

TEST_CASE("golden: options off the presets, a void after the end, an agreed draw") {
  check_golden("options-void", fs::path(FACEDOWN_SOURCE_DIR) / "tests/golden/matches/options-void.txt");
}
