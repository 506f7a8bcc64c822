#include "feed/static_files.h"

#include <algorithm>
#include <array>
#include <utility>

namespace facedown::feed {

namespace fs = std::filesystem;

std::optional<std::string> content_type(const std::string& name) {
  static constexpr std::array<std::pair<const char*, const char*>, 12> kTypes = {{
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".webp", "image/webp"},
      {".woff2", "font/woff2"},
      {".ttf", "font/ttf"},
      {".otf", "font/otf"},
      {".txt", "text/plain; charset=utf-8"},
  }};
  const auto dot = name.rfind('.');
  if (dot == std::string::npos) return std::nullopt;
  const std::string ext = name.substr(dot);
  for (const auto& [e, type] : kTypes)
    if (ext == e) return std::string(type);
  return std::nullopt;
}

namespace {

bool plain_segment(const std::string& s) {
  if (s.empty() || s.size() > 128 || s[0] == '.') return false;
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '_' || c == '.';
    if (!ok) return false;
  }
  return true;
}

}  // namespace

std::optional<fs::path> resolve_asset(const fs::path& root, const std::string& request_path) {
  if (request_path.empty() || request_path.size() > 512) return std::nullopt;
  std::size_t start = 0;
  while (true) {
    const auto slash = request_path.find('/', start);
    const std::string seg = request_path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (!plain_segment(seg)) return std::nullopt;
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  if (!content_type(request_path)) return std::nullopt;
  std::error_code ec;
  const fs::path base = fs::canonical(root, ec);
  if (ec) return std::nullopt;
  const fs::path file = fs::canonical(base / request_path, ec);
  if (ec || !fs::is_regular_file(file, ec)) return std::nullopt;
  // Inside the root once symlinks are resolved.
  auto [b, f] = std::mismatch(base.begin(), base.end(), file.begin(), file.end());
  if (b != base.end()) return std::nullopt;
  return file;
}

fs::path find_web_root(const std::string& explicit_dir, const fs::path& executable) {
  if (!explicit_dir.empty()) return explicit_dir;
  std::error_code ec;
  const fs::path installed = executable.parent_path().parent_path() / "share" / "facedown" / "web";
  if (fs::is_directory(installed, ec)) return installed;
#ifdef FACEDOWN_FEED_WEB_DIR
  return FACEDOWN_FEED_WEB_DIR;
#else
  return installed;
#endif
}

}  // namespace facedown::feed
