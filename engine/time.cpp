#include "engine/time.h"

namespace facedown::engine {

std::optional<Millis> parse_seconds(std::string_view text) {
  if (text.empty() || text.size() > 15) return std::nullopt;
  Millis whole = 0;
  std::size_t i = 0;
  bool any_digit = false;
  for (; i < text.size() && text[i] != '.'; ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    whole = whole * 10 + (text[i] - '0');
    any_digit = true;
  }
  Millis frac = 0;
  if (i < text.size()) {
    ++i;  // the '.'
    int digits = 0;
    for (; i < text.size(); ++i, ++digits) {
      if (text[i] < '0' || text[i] > '9' || digits >= 3) return std::nullopt;
      frac = frac * 10 + (text[i] - '0');
      any_digit = true;
    }
    for (; digits < 3; ++digits) frac *= 10;
  }
  if (!any_digit || whole > kMaxMillis / 1000) return std::nullopt;
  const Millis ms = whole * 1000 + frac;
  if (ms > kMaxMillis) return std::nullopt;
  return ms;
}

std::string format_seconds(Millis ms) {
  std::string out = std::to_string(ms / 1000);
  Millis frac = ms % 1000;
  if (frac != 0) {
    std::string f = std::to_string(frac + 1000).substr(1);
    while (!f.empty() && f.back() == '0') f.pop_back();
    out += "." + f;
  }
  return out;
}

}  // namespace facedown::engine
