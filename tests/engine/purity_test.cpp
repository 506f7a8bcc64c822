// engine/ is the standard library only: no UI, storage, logging or formatting
// library may creep in (architecture.md). Reads every engine source file.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

namespace fs = std::filesystem;

TEST_CASE("engine sources include only the standard library and the engine") {
  const std::regex include_re(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  const std::vector<std::string> forbidden = {"imgui", "GLFW", "glfw", "glad", "sqlite", "spdlog", "fmt/", "nlohmann", "CLI/", "openssl"};
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(FACEDOWN_SOURCE_DIR) / "engine")) {
    if (!entry.is_regular_file()) continue;
    auto ext = entry.path().extension().string();
    if (ext != ".h" && ext != ".cpp") continue;
    ++files;
    std::ifstream in(entry.path());
    std::string line;
    while (std::getline(in, line)) {
      std::smatch m;
      if (!std::regex_search(line, m, include_re)) continue;
      const std::string header = m[1];
      for (const auto& bad : forbidden) {
        INFO(entry.path().string() << ": " << line);
        CHECK(header.find(bad) == std::string::npos);
      }
      bool is_engine = header.rfind("engine/", 0) == 0;
      bool is_std = header.find('/') == std::string::npos && header.find('.') == std::string::npos;
      INFO(entry.path().string() << " includes " << header);
      CHECK((is_engine || is_std));
    }
  }
  CHECK(files > 10);
}
