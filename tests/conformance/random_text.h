// Random texts for player names, reasons and toss seeds: printable ASCII, Hangul,
// other scripts, emoji, combining marks, quotes, backslashes, '#', '@', '=',
// spaces and tabs; with `controls`, also control characters (NUL, CR, ESC, DEL,
// C1 ...; never LF, which no script line can hold).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "engine/game.h"

namespace conformance {

inline void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Control characters a text may hold (as UTF-8).
inline const std::vector<std::string>& control_characters() {
  static const std::vector<std::string> c = {std::string(1, '\0'), "\r", "\x1b", "\x7f", "\x01", "\x08", "\x0b",
                                             "\x0c", "\x1f", "\xc2\x80", "\xc2\x85", "\xc2\x9b"};
  return c;
}

// Whether text holds a control character (C0 but tab, DEL, C1).
inline bool has_control(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\t') || c == 0x7F) return true;
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(text[i + 1]) <= 0x9F)
      return true;
  }
  return false;
}

// The text with every control character (C0 but tab, DEL, C1) replaced by '?'
// (not dropped: a reason must not become empty).
inline std::string replace_controls(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\t') || c == 0x7F) {
      out += '?';
    } else if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
      out += '?';
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

inline std::string random_text(std::uint64_t& rng, bool controls, std::size_t max_chars = 24) {
  using facedown::engine::splitmix64;
  auto below = [&](std::uint64_t n) { return n == 0 ? 0 : splitmix64(rng) % n; };
  static const std::vector<std::string> specials = {"\"", "\\", "#", " ", "\t", "\\\"", "\"\"", "@", "=", "\\\\"};
  static const std::vector<std::uint32_t> odd = {0xFEFF, 0x200B, 0x202E, 0x2028, 0x2029, 0xFFFD, 0x3000, 0x00A0};
  std::string out;
  const auto n = below(max_chars + 1);
  for (std::uint64_t i = 0; i < n; ++i) {
    switch (below(controls ? 11 : 10)) {
      case 0: case 1: case 2: out += static_cast<char>(0x20 + below(0x5F)); break;   // printable ASCII
      case 3: append_utf8(out, static_cast<std::uint32_t>(0xAC00 + below(0xD7A4 - 0xAC00))); break;  // Hangul
      case 4: out += specials[below(specials.size())]; break;
      case 5: append_utf8(out, static_cast<std::uint32_t>(0x00A0 + below(0x2000))); break;  // Latin, Greek, Cyrillic ...
      case 6: append_utf8(out, static_cast<std::uint32_t>(0x1F300 + below(0x300))); break;  // emoji
      case 7: append_utf8(out, static_cast<std::uint32_t>(0x0300 + below(0x70))); break;    // combining marks
      case 8: append_utf8(out, odd[below(odd.size())]); break;
      case 9: out += static_cast<char>('a' + below(26)); break;
      default: out += control_characters()[below(control_characters().size())];
    }
  }
  return out;
}

}  // namespace conformance
