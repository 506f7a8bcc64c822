// The console's MatchLibrary over the SQLite event store (db/store.h): every
// command's events are appended in one transaction before the console shows them;
// locked setups show their commitment hash from the public seals.
#pragma once
#include <memory>
#include <string>
#include <variant>

#include "console/match_library.h"

namespace facedown::console {

// Opens (or creates) the store at `path`; the error names the file and the cause.
std::variant<std::unique_ptr<MatchLibrary>, std::string> store_library(const std::string& path);

}  // namespace facedown::console
