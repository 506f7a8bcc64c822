#include "console/control_token.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace facedown::console {

namespace {

constexpr std::size_t kTokenBytes = 32;

bool is_token(std::string_view t) {
  if (t.size() != 2 * kTokenBytes) return false;
  for (char c : t)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

std::string why(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

}  // namespace

std::string default_control_token_path() {
  std::filesystem::path base;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) {
    base = xdg;
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    base = std::filesystem::path(home) / ".config";
  } else {
    base = ".";
  }
  return (base / "facedown" / "control-token").string();
}

std::variant<ControlToken, std::string> random_control_token() {
  std::array<unsigned char, kTokenBytes> bytes{};
  const int fd = ::open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return why("cannot open", "/dev/urandom");
  std::size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      return why("cannot read", "/dev/urandom");
    }
    got += static_cast<std::size_t>(n);
  }
  ::close(fd);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string token;
  for (unsigned char b : bytes) {
    token += kHex[b >> 4];
    token += kHex[b & 0xf];
  }
  return ControlToken{token};
}

std::variant<ControlToken, std::string> load_or_create_control_token(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    std::ifstream in(path);
    if (!in) return "cannot read the control token " + path;
    std::stringstream ss;
    ss << in.rdbuf();
    std::string token = ss.str();
    while (!token.empty() && (token.back() == '\n' || token.back() == '\r')) token.pop_back();
    if (!is_token(token)) return "the control token file " + path + " does not hold 64 hex digits";
    // Whatever loosened it, the secret is the user's alone.
    ::chmod(path.c_str(), S_IRUSR | S_IWUSR);
    return ControlToken{token};
  }
  auto made = random_control_token();
  if (auto* e = std::get_if<std::string>(&made)) return *e;
  const std::string& token = std::get<ControlToken>(made).hex;
  const auto dir = std::filesystem::path(path).parent_path();
  if (!dir.empty()) std::filesystem::create_directories(dir, ec);
  // O_EXCL: two consoles starting at once must not both write (one wins, both read it).
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, S_IRUSR | S_IWUSR);
  if (fd < 0) {
    if (errno == EEXIST) return load_or_create_control_token(path);
    return why("cannot create the control token", path);
  }
  const std::string line = token + "\n";
  const bool written = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  const bool closed = ::close(fd) == 0;
  if (!written || !closed) {
    ::unlink(path.c_str());
    return why("cannot write the control token", path);
  }
  return ControlToken{token};
}

bool same_secret(std::string_view given, std::string_view expected) {
  unsigned char diff = given.size() == expected.size() ? 0 : 1;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const char g = i < given.size() ? given[i] : '\0';
    diff = static_cast<unsigned char>(diff | (g ^ expected[i]));
  }
  return diff == 0;
}

}  // namespace facedown::console
