#include "broadcast/explainer.h"

#include <algorithm>

namespace facedown::broadcast {

bool is_number_token(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string piece_label(const OnAirModel& m, const std::string& token, Lang lang) {
  if (is_number_token(token) || !m.game || lang == Lang::kEn) return token;
  for (const auto& spec : m.game->roster())
    if (spec.token == token && !spec.name_ko.empty() && spec.name_ko.size() <= 6) return spec.name_ko;
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
