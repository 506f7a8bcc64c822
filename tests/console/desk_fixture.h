// Test fixtures shared by the tests of the desk's presentation controls (the
// hold on air, the director's panel): a store file in a fresh temporary folder,
// and a short live match to put on the desk (two setups, start, one move).
#pragma once
#include <unistd.h>

#include <filesystem>
#include <string>

namespace facedown::console::testing {

struct TempStore {
  std::filesystem::path dir;
  explicit TempStore(const std::string& name) {
    dir = std::filesystem::temp_directory_path() / ("fd-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
  }
  ~TempStore() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  std::string file() const { return (dir / "desk.db").string(); }
};

inline constexpr const char* kShortMatch =
    "game number-janggi\npreset genius-2015\nplayer 1 \"Jang\"\nplayer 2 \"Kim\"\nfirst 1\n"
    "setup 1 10:a3 4:b3 1:c3 5:d3 6:e3 7:f3 M:a2 M:b2 2:c2 3:d2 8:e2 9:f2 K:a1 M:b1\n"
    "setup 2 2:b9 M:c9 M:d9 M:e9 K:f9 1:b8 3:c8 4:d8 5:e8 6:f8 9:c7 10:d7 7:e7 8:f7\n"
    "start\n@4 move b3-b4\n";

}  // namespace facedown::console::testing
