// Text the operator types (names, reasons, notes, captions) as the engine takes
// it: UTF-8, one line, bounded. Whatever passes here can be written back as a
// script line and read again (codec/script.h), stored, and dumped as JSON.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace facedown::engine {

// Longest name, reason, note or caption accepted.
inline constexpr std::size_t kMaxTextBytes = 4096;

// Why these bytes are not valid UTF-8 (or hold a NUL), or nullopt.
std::optional<std::string> utf8_problem(std::string_view bytes);
// Why this is not acceptable as a typed text: bad UTF-8, a control character
// other than tab (a line break could not be written back as one script line),
// or too long.
std::optional<std::string> text_problem(std::string_view text);

}  // namespace facedown::engine
