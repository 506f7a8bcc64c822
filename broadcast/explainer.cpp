#include "broadcast/explainer.h"

#include <algorithm>
#include <cstdlib>
#include <fmt/format.h>

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

std::string explainer_fixed_text() {
  // Every literal of the formats below, in both languages.
  return "+-=:;, → 승리 사용 used takes stops the wins";
}

namespace {

// "+1 used" when an item changed a public value from the printed one.
std::string item_note(const std::optional<int>& value, const std::optional<std::string>& token, Lang lang) {
  if (!value || !token || !is_number_token(*token)) return "";
  const int printed = std::stoi(*token);
  if (*value == printed) return "";
  return fmt::format("; {}{} {}", *value > printed ? "+" : "-", std::abs(*value - printed),
                     lang == Lang::kKo ? "사용" : "used");
}

std::string number_pair(const OnAirModel& m, const BattleShow::Pair& p, Lang lang) {
  const bool ko = lang == Lang::kKo;
  const int a = *p.mover_value, b = *p.enemy_value;
  const int lo = std::min(a, b), hi = std::max(a, b);
  const int w = p.outcome == "mover" ? a : b;
  const std::string wins = ko ? fmt::format("{} 승리", w) : fmt::format("the {} wins", w);
  if (p.outcome == "both") return fmt::format("{} = {}: {}", a, b, outcome_text(m, lang, p.outcome));
  if (p.kind == "minus")
    return fmt::format("{}: {} - {} = {}, {}", battle_kind_text(m, lang, p.kind), hi, lo, hi - lo, wins);
  return fmt::format("{} + {} = {}: {}", lo, hi, lo + hi, wins);
}

}  // namespace

std::vector<std::string> battle_explainer(const OnAirModel& m, Lang lang) {
  std::vector<std::string> out;
  if (!m.battle) return out;
  const bool ko = lang == Lang::kKo;
  for (const auto& p : m.battle->pairs) {
    std::string line;
    if (m.battle->kind == "capture") {
      const std::string count =
          fmt::format(fmt::runtime(phrase(lang, Phrase::kRemovedCount)), m.battle->fighters.size());
      line = p.kind.empty() ? count : fmt::format("{}: {}", cause_text(m, lang, p.kind), count);
    } else if (m.battle->kind == "attack") {
      if (p.mover_token && p.enemy_token) {
        const std::string a = piece_name(m, *p.mover_token, lang), d = piece_name(m, *p.enemy_token, lang);
        if (p.outcome == "attacker") line = ko ? fmt::format("{} → {}: {} 승리", a, d, a) : fmt::format("{} takes {}", a, d);
        else if (p.outcome == "defender") line = ko ? fmt::format("{} → {}: {} 승리", a, d, d) : fmt::format("{} stops {}", d, a);
        else line = fmt::format("{} → {}: {}", a, d, outcome_text(m, lang, p.outcome));
      } else {
        // Identities that stay hidden: only the outcome is public.
        line = outcome_text(m, lang, p.outcome);
      }
    } else if ((p.kind == "sum" || p.kind == "minus") && p.mover_value && p.enemy_value) {
      line = number_pair(m, p, lang) + item_note(p.mover_value, p.mover_token, lang) +
             item_note(p.enemy_value, p.enemy_token, lang);
    } else if (!p.kind.empty()) {
      // A public kind without public values: the game's words for kind and outcome.
      line = fmt::format("{}: {}", battle_kind_text(m, lang, p.kind), outcome_text(m, lang, p.outcome));
    } else {
      line = fmt::format("{}: {}", phrase(lang, Phrase::kHiddenBattle), outcome_text(m, lang, p.outcome));
    }
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace facedown::broadcast
