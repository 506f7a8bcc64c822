// Match time as integer milliseconds. The engine never reads a clock: every time
// it sees arrives inside a command. Integers keep deadline comparisons exact
// (a Genius move at exactly 60.000 s is late).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace facedown::engine {

using Millis = std::int64_t;

// The latest match time (and the longest elapsed time) the engine takes: 10^9 s,
// about 31 years. Far past any match, and exact as a double of seconds in JSON.
inline constexpr Millis kMaxMillis = 1'000'000'000'000;

// "61.5" -> 61500. At most three decimals; no sign, no exponent; at most kMaxMillis.
std::optional<Millis> parse_seconds(std::string_view text);
// 61500 -> "61.5", 60000 -> "60", 5 -> "0.005".
std::string format_seconds(Millis ms);

}  // namespace facedown::engine
