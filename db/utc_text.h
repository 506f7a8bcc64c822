// A wall time (milliseconds since the epoch) as UTC text: for people (the
// store's refusals, "held by … since …", and the desk's outage note) and as
// ISO 8601 (the CLI's match list). Header only, so a GUI-free part of the
// console that does not link the store can use it.
#pragma once
#include <cstdint>
#include <ctime>
#include <string>

namespace facedown::db {

// `ms` as UTC through strftime's `format` (the result must fit 63 bytes).
inline std::string utc_formatted(std::int64_t ms, const char* format) {
  std::time_t secs = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[64];
  if (std::strftime(buf, sizeof buf, format, &tm) == 0) return {};
  return buf;
}

// "2026-12-05 06:04:23 UTC".
inline std::string utc_text(std::int64_t ms) { return utc_formatted(ms, "%Y-%m-%d %H:%M:%S UTC"); }

// ISO 8601, for machines and tables: "2026-12-05T06:04:23Z".
inline std::string utc_iso(std::int64_t ms) { return utc_formatted(ms, "%Y-%m-%dT%H:%M:%SZ"); }

}  // namespace facedown::db
