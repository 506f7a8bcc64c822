#include "broadcast/piece_labels.h"

#include <algorithm>
#include <limits>

#include "broadcast/board_drawing.h"
#include "broadcast/elements.h"
#include "broadcast/explainer.h"
#include "engine/words.h"

namespace facedown::broadcast {

namespace {

// The first UTF-8 character of `s` ("기" of "기병").
std::string first_character(const std::string& s) {
  if (s.empty()) return s;
  const auto lead = static_cast<unsigned char>(s[0]);
  const std::size_t n = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  return s.substr(0, std::min(n, s.size()));
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

}  // namespace

float piece_label_room(const engine::Game& g, const Theme& theme) {
  float cell = std::numeric_limits<float>::max();
  for (std::string_view layout : kThemeLayouts) {
    const ThemeRect r = theme.element(layout, "board");
    const BoardDrawing d = board_drawing(g.geometry(), theme_layout_portrait(layout));
    if (d.columns <= 0 || d.rows <= 0) continue;
    cell = std::min({cell, r.w / static_cast<float>(d.columns), r.h / static_cast<float>(d.rows)});
  }
  if (cell == std::numeric_limits<float>::max()) return 0;
  return cell * (1 - 2 * theme.metric("tile.inset_fraction")) * kLabelRoomFraction;
}

float label_width_bound(const std::string& s, float size) {
  float em = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      em += c == ' ' ? 0.35f : c == 'M' || c == 'W' || c == 'm' || c == 'w' ? 1.0f : 0.8f;
      ++i;
    } else {
      em += 1;  // Hangul, CJK and other wide characters: at most a full em
      i += c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    }
  }
  return em * size;
}

std::vector<TypeLabel> piece_labels(const engine::Game& g, const Theme& theme) {
  const auto& roster = g.roster();
  const float room = piece_label_room(g, theme);
  const auto fits = [&](const std::string& s) { return label_width_bound(s, kLabelMinSize) <= room; };
  // The full Korean name of each type (the token where the roster has none).
  std::vector<std::string> full;
  for (const auto& spec : roster) full.push_back(spec.name_ko.empty() ? spec.token : spec.name_ko);
  // A short form is unique when no other type's name is it or starts with it,
  // and no other type was given it already.
  std::vector<TypeLabel> out;
  const auto unique = [&](const std::string& s, std::size_t self) {
    for (std::size_t j = 0; j < roster.size(); ++j) {
      if (j == self) continue;
      if (starts_with(full[j], s) || roster[j].token == s) return false;
      if (j < out.size() && out[j].ko == s) return false;
    }
    return !s.empty();
  };
  const engine::Words& words = g.words();
  for (std::size_t i = 0; i < roster.size(); ++i) {
    const auto& spec = roster[i];
    TypeLabel l{spec.token, spec.token};
    if (!is_number_token(spec.token)) {
      if (fits(full[i])) {
        l.ko = full[i];
      } else {
        std::vector<std::string> candidates;
        const std::string code = "label-" + spec.token;
        if (words.declared(engine::WordKind::kPhrase, code))
          candidates.push_back(words.text(engine::WordKind::kPhrase, code, engine::Lang::kKorean));
        candidates.push_back(first_character(full[i]));
        for (const auto& c : candidates)
          if (fits(c) && unique(c, i)) {
            l.ko = c;
            break;
          }
      }
    }
    out.push_back(std::move(l));
  }
  return out;
}

float tray_tile_floor(const engine::Game& g, const Theme& theme, bool korean) {
  float widest = 0;
  for (const TypeLabel& l : piece_labels(g, theme)) widest = std::max(widest, label_width_bound(korean ? l.ko : l.en, kLabelMinSize));
  const float face = (1 - 2 * theme.metric("tile.inset_fraction")) * kLabelRoomFraction;
  if (face <= 0) return 0;
  // Never more than the game's smallest board piece: every label fits that one (the rule above for
  // a Korean name; a token, never shortened, by measure), and the bound overstates Latin capitals.
  return std::min(widest, piece_label_room(g, theme)) / face;
}

float tray_tile(const Theme& theme, float floor, float w, float h, std::size_t shown) {
  const float lowest = std::max(theme.metric("tray.tile_min"), floor);
  const float step = std::max(1.0f, theme.metric("tray.tile_step"));
  float tile = std::max(theme.metric("tray.tile_max"), floor);
  while (tile > lowest) {
    const auto fit = static_cast<std::size_t>(w / tile) * static_cast<std::size_t>(std::max(0.0f, h / tile));
    if (fit >= shown) break;
    tile = std::max(lowest, tile - step);
  }
  return tile;
}

}  // namespace facedown::broadcast
