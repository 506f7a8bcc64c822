// A temporary directory for store files, removed with its contents. On tmpfs
// (/dev/shm) when there is one: these tests check what a store reads back, not
// durability, and synchronous=FULL on a disk would make thousands of commits slow.
#pragma once
#include <unistd.h>

#include <filesystem>
#include <random>
#include <string>

namespace conformance {

class TempDir {
 public:
  TempDir() {
    static std::mt19937_64 gen{std::random_device{}()};
    std::error_code ec;
    std::filesystem::path base = "/dev/shm";
    if (!std::filesystem::is_directory(base, ec) || ::access(base.c_str(), W_OK) != 0)
      base = std::filesystem::temp_directory_path();
    path_ = base / ("facedown-test-" + std::to_string(::getpid()) + "-" + std::to_string(gen()));
    std::filesystem::create_directories(path_);
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

}  // namespace conformance
