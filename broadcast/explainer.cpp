#include "broadcast/explainer.h"

#include <algorithm>
#include <array>

#include "broadcast/piece_labels.h"

namespace facedown::broadcast {

bool is_number_token(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

namespace {

// The labels of the last game and theme asked about (piece_labels.h decides
// them): a painter asks for every piece of every frame, the rule needs the
// board's drawing in each layout. Keyed by what the rule reads, so a reloaded
// theme or another game at the same address is never served stale labels.
struct LabelCache {
  const engine::Game* game = nullptr;
  std::size_t roster = 0;
  int files = 0, ranks = 0;
  std::array<float, 13> theme{};
  std::vector<TypeLabel> labels;
};

std::array<float, 13> theme_key(const Theme& t) {
  std::array<float, 13> k{};
  std::size_t i = 0;
  for (std::string_view layout : kThemeLayouts) {
    const ThemeRect r = t.element(layout, "board");
    for (float v : {r.x, r.y, r.w, r.h}) k[i++] = v;
  }
  k[i] = t.metric("tile.inset_fraction");
  return k;
}

const std::vector<TypeLabel>& labels_of(const engine::Game& g, const Theme& theme) {
  thread_local LabelCache cache;
  const auto key = theme_key(theme);
  const engine::Geometry& geo = g.geometry();
  if (cache.game != &g || cache.roster != g.roster().size() || cache.files != geo.files() ||
      cache.ranks != geo.ranks() || cache.theme != key)
    cache = {&g, g.roster().size(), geo.files(), geo.ranks(), key, piece_labels(g, theme)};
  return cache.labels;
}

}  // namespace

std::string piece_label(const OnAirModel& m, const std::string& token, Lang lang, const Theme* theme) {
  if (is_number_token(token) || !m.game || lang == Lang::kEn) return token;
  const auto& roster = m.game->roster();
  const auto& labels = labels_of(*m.game, theme ? *theme : built_in_theme());
  for (std::size_t i = 0; i < roster.size() && i < labels.size(); ++i)
    if (roster[i].token == token) return labels[i].ko;
  return token;
}

std::string piece_name(const OnAirModel& m, const std::string& token, Lang lang) {
  if (m.game)
    for (const auto& spec : m.game->roster())
      if (spec.token == token) {
        const std::string& n = lang == Lang::kKo ? spec.name_ko : spec.name_en;
        if (!n.empty()) return n;
      }
  return token;
}

namespace {

// What the model says of the battle, as the engine's ShownBattle: the model holds
// only what the public rows say, so the facts hold nothing hidden. A token the
// game does not know (a malformed row) counts as hidden.
engine::ShownBattle shown(const OnAirModel& m) {
  const BattleShow& b = *m.battle;
  engine::ShownBattle s;
  s.kind = b.kind == "attack" ? engine::ShownKind::kAttack
           : b.kind == "capture" ? engine::ShownKind::kCapture
                                 : engine::ShownKind::kBattle;
  auto side = [&](const std::optional<std::string>& token, const std::optional<int>& value) {
    engine::ShownSide out;
    if (token) out.type = m.game->parse_token(*token);
    out.value = value;
    return out;
  };
  for (const auto& p : b.pairs)
    s.pairs.push_back({p.kind, p.outcome, side(p.mover_token, p.mover_value), side(p.enemy_token, p.enemy_value)});
  for (const auto& f : b.fighters) s.removed += f.removed ? 1 : 0;
  return s;
}

}  // namespace

std::vector<std::string> battle_explainer(const OnAirModel& m, Lang lang) {
  if (!m.battle || !m.game) return {};
  return m.game->explain(shown(m), words_lang(lang));
}

}  // namespace facedown::broadcast
