// A wall time (milliseconds since the epoch) as UTC text for people: the
// store's refusals ("held by … since …") and the desk's outage note. Header
// only, so a GUI-free part of the console that does not link the store can use it.
#pragma once
#include <cstdint>
#include <ctime>
#include <string>

namespace facedown::db {

// "2026-12-05 06:04:23 UTC".
inline std::string utc_text(std::int64_t ms) {
  std::time_t secs = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return buf;
}

}  // namespace facedown::db
