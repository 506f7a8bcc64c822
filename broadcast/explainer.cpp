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

namespace {

// "+1 used" when an item changed a public value from the printed one.
std::string item_note(const std::optional<int>& value, const std::optional<std::string>& token, Lang lang) {
  if (!value || !token || !is_number_token(*token)) return "";
  const int printed = std::stoi(*token);
  if (*value == printed) return "";
  return fmt::format("; {}{} {}", *value > printed ? "+" : "-", std::abs(*value - printed),
                     lang == Lang::kKo ? "사용" : "used");
}

std::string number_pair(const BattleShow::Pair& p, Lang lang) {
  const bool ko = lang == Lang::kKo;
  const int a = *p.mover_value, b = *p.enemy_value;
  const int lo = std::min(a, b), hi = std::max(a, b);
  const int w = p.outcome == "mover" ? a : b;
  const std::string wins = ko ? fmt::format("{} 승리", w) : fmt::format("the {} wins", w);
  if (p.outcome == "both") return fmt::format("{} = {}: {}", a, b, ko ? "둘 다 제거" : "both removed");
  if (p.kind == "minus")
    return fmt::format("{}: {} - {} = {}, {}", ko ? "마이너스 선" : "minus line", hi, lo, hi - lo, wins);
  return fmt::format("{} + {} = {}: {}", lo, hi, lo + hi, wins);
}

}  // namespace

std::vector<std::string> battle_explainer(const OnAirModel& m, Lang lang) {
  std::vector<std::string> out;
  if (!m.battle) return out;
  const bool ko = lang == Lang::kKo;
  for (const auto& p : m.battle->pairs) {
    std::string line;
    if (m.battle->kind == "attack") {
      if (p.mover_token && p.enemy_token) {
        const std::string a = piece_name(m, *p.mover_token, lang), d = piece_name(m, *p.enemy_token, lang);
        if (p.outcome == "attacker") line = ko ? fmt::format("{} → {}: {} 승리", a, d, a) : fmt::format("{} takes {}", a, d);
        else if (p.outcome == "defender") line = ko ? fmt::format("{} → {}: {} 승리", a, d, d) : fmt::format("{} stops {}", d, a);
        else line = ko ? fmt::format("{} → {}: 둘 다 제거", a, d) : fmt::format("{} and {}: both removed", a, d);
      } else {
        // Identities that stay hidden: only the outcome is public.
        if (p.outcome == "attacker") line = ko ? "수비 말 제거" : "defender removed";
        else if (p.outcome == "defender") line = ko ? "공격 말 제거" : "attacker removed";
        else line = ko ? "둘 다 제거" : "both removed";
      }
    } else if ((p.kind == "sum" || p.kind == "minus") && p.mover_value && p.enemy_value) {
      line = number_pair(p, lang) + item_note(p.mover_value, p.mover_token, lang) +
             item_note(p.enemy_value, p.enemy_token, lang);
    } else if (p.kind == "mine") {
      line = ko ? "지뢰: 둘 다 제거" : "mine: both removed";
    } else if (p.kind == "king") {
      line = ko ? "왕이 싸움: 왕 제거" : "the king fought: the king is removed";
    } else if (p.kind == "kings") {
      line = ko ? "왕 대 왕: 아무 일도 없음" : "king against king: nothing happens";
    } else if (p.outcome == "mover") {
      line = ko ? "비공개 전투: 수비한 말 제거" : "hidden battle: the defending piece is removed";
    } else if (p.outcome == "enemy") {
      line = ko ? "비공개 전투: 움직인 말 제거" : "hidden battle: the moving piece is removed";
    } else if (p.outcome == "both") {
      line = ko ? "비공개 전투: 둘 다 제거" : "hidden battle: both removed";
    } else {
      line = ko ? "비공개 전투: 제거 없음" : "hidden battle: nothing is removed";
    }
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace facedown::broadcast
