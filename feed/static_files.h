// The overlay's files (feed/web/): which request paths name a file there, and
// its content type. A path is refused unless every segment is a plain name
// (letters, digits, '-', '_', '.', not starting with '.'), its extension is one
// the feed serves, and the file, symlinks resolved, lies inside the root: no
// '..', no encoded or doubled separators, no hidden files, nothing else on disk.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

namespace facedown::feed {

// The content type for a file name's extension; nullopt: not served.
std::optional<std::string> content_type(const std::string& name);

// The file `request_path` (already URL-decoded, without the leading '/') names
// under `root`, if it is one the feed may send.
std::optional<std::filesystem::path> resolve_asset(const std::filesystem::path& root, const std::string& request_path);

// Where the web files are: `explicit_dir` when given; else share/facedown/web
// beside the installed executable; else the source tree's feed/web.
std::filesystem::path find_web_root(const std::string& explicit_dir, const std::filesystem::path& executable);

}  // namespace facedown::feed
