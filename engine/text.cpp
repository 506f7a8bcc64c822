#include "engine/text.h"

#include <cstdint>

namespace facedown::engine {

std::optional<std::string> utf8_problem(std::string_view line) {
  // UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing past U+10FFFF.
  for (std::size_t i = 0; i < line.size();) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (c == 0) return std::string("a NUL byte (not text)");
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t n = 0;
    std::uint32_t cp = 0, min = 0;
    if ((c & 0xE0) == 0xC0) {
      n = 1, cp = c & 0x1Fu, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      n = 2, cp = c & 0x0Fu, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      n = 3, cp = c & 0x07u, min = 0x10000;
    } else {
      return "not valid UTF-8 (byte " + std::to_string(i + 1) + ")";
    }
    for (std::size_t k = 1; k <= n; ++k) {
      if (i + k >= line.size()) return "not valid UTF-8 (byte " + std::to_string(i + 1) + ": cut short)";
      const auto cc = static_cast<unsigned char>(line[i + k]);
      if ((cc & 0xC0) != 0x80) return "not valid UTF-8 (byte " + std::to_string(i + 1) + ")";
      cp = (cp << 6) | (cc & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return "not valid UTF-8 (byte " + std::to_string(i + 1) + ")";
    i += n + 1;
  }
  return std::nullopt;
}

std::optional<std::string> text_problem(std::string_view text) {
  if (auto bad = utf8_problem(text)) return bad;
  for (char c : text)
    if (static_cast<unsigned char>(c) < 0x20 && c != '\t')
      return "a control character (byte " + std::to_string(static_cast<int>(c)) + ")";
  if (text.size() > kMaxTextBytes) return "longer than " + std::to_string(kMaxTextBytes) + " bytes";
  return std::nullopt;
}

}  // namespace facedown::engine
