#include "broadcast/win_names.h"

#include <algorithm>
#include <limits>
#include <vector>

#include "broadcast/elements.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/piece_labels.h"

namespace facedown::broadcast {

namespace {

std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ' ') {
      if (!cur.empty()) out.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

// The length in bytes of the UTF-8 character starting at s[i].
std::size_t char_len(const std::string& s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  return std::min(n, s.size() - i);
}

std::string first_char(const std::string& s) { return s.empty() ? s : s.substr(0, char_len(s, 0)); }

// The advance of each printable ASCII character (32-126), in thousandths of an
// em, of NanumGothic Bold (fonts-nanum's NanumGothicBold.ttf, its hmtx table):
// the overlay's font, and the page's whenever its first choice (Noto Sans CJK
// KR, narrower in Latin) is missing. Anything else counts a full em (Hangul is
// 0.94 em there). tests/overlay/analysis_draw_test.cpp draws the results with
// the real font and checks them whole.
constexpr int kAdvance[95] = {
    280, 424, 430, 606, 606, 1090, 727, 303, 363, 363, 606, 654, 303, 363, 303, 375, 606, 606, 606, 606,
    606, 606, 606, 606, 606, 606, 303, 303, 547, 654, 547, 545, 872, 727, 606, 672, 727, 576, 503, 797,
    727, 242, 363, 641, 484, 969, 727, 787, 577, 787, 622, 545, 545, 727, 666, 1029, 666, 666, 545, 363,
    966, 363, 654, 545, 242, 545, 606, 484, 606, 545, 363, 606, 606, 242, 269, 520, 242, 908, 606, 606,
    606, 606, 363, 424, 363, 606, 484, 848, 510, 464, 484, 303, 242, 303, 654};

}  // namespace

float name_width(const std::string& s, float size) {
  float em = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    em += c >= 32 && c < 127 ? static_cast<float>(kAdvance[c - 32]) / 1000.0f : 1.0f;
    i += char_len(s, i);
  }
  return em * size;
}

std::string fitted_name(const std::string& name, const std::string& suffix, float width, float size) {
  const auto fits = [&](const std::string& n) { return name_width(n + suffix, size) <= width; };
  if (fits(name)) return name;
  const auto w = words(name);
  if (w.size() > 1) {
    std::string initials;
    for (std::size_t i = 0; i + 1 < w.size(); ++i) initials += first_char(w[i]) + ". ";
    if (fits(initials + w.back())) return initials + w.back();
    if (fits(w.back())) return w.back();
  }
  // Cut at a character, with an ellipsis: the longest that fits, at least one character.
  const std::string base = w.size() > 1 ? w.back() : name;
  std::string best = first_char(base) + "…";
  for (std::size_t i = 0; i < base.size();) {
    i += char_len(base, i);
    const std::string cut = base.substr(0, i) + "…";
    if (!fits(cut)) break;
    best = cut;
  }
  return best;
}

float win_name_room(const Theme& theme, int seat) {
  float room = std::numeric_limits<float>::max();
  for (std::string_view layout : kThemeLayouts) {
    const ThemeRect place = theme.element(layout, "win_bar");
    if (place.w <= 0) continue;
    room = std::min(room, win_bar_parts(theme, place).name[seat == 1 ? 0 : 1].w);
  }
  return room == std::numeric_limits<float>::max() ? 0 : room;
}

std::string win_bar_name(const std::string& name, const Theme& theme, int seat) {
  // At the painters' floor: both shrink a side to its place down to 24 px before they would cut it.
  return fitted_name(name, " 100%", win_name_room(theme, seat), kLabelMinSize);
}

}  // namespace facedown::broadcast
