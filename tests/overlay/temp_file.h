// A fresh temporary directory for one test, removed afterwards (on /dev/shm when
// there is one: the store fsyncs every command).
#pragma once
#include <filesystem>
#include <random>
#include <string>

namespace facedown::overlay::testing {

class TempDir {
 public:
  TempDir() {
    namespace fs = std::filesystem;
    fs::path base = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
    std::random_device rd;
    path_ = base / ("facedown-overlay-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace facedown::overlay::testing
