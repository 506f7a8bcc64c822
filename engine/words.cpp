#include "engine/words.h"

namespace facedown::engine {

namespace {

using K = WordKind;

const Word* search(const std::vector<Word>& table, WordKind kind, std::string_view code) {
  for (const Word& w : table)
    if (w.kind == kind && w.code == code) return &w;
  return nullptr;
}

// Replaces {name} and {@name} in a template; an unknown parameter is left as it
// is, so the conformance check sees it.
std::string expand(const Words& words, const std::string& tmpl, const Detail& d, Lang lang,
                   const Names& names) {
  std::string out;
  for (std::size_t i = 0; i < tmpl.size();) {
    const std::size_t close = tmpl[i] == '{' ? tmpl.find('}', i) : std::string::npos;
    if (close == std::string::npos) {
      out += tmpl[i++];
      continue;
    }
    const bool seat = tmpl[i + 1] == '@';
    const std::string name = tmpl.substr(i + (seat ? 2 : 1), close - i - (seat ? 2 : 1));
    auto it = d.params.find(name);
    if (it == d.params.end()) {
      out += tmpl.substr(i, close - i + 1);
    } else if (seat) {
      const int n = it->second == "1" ? 1 : it->second == "2" ? 2 : 0;
      out += n ? seat_text(words, n, lang, names) : it->second;
    } else {
      out += it->second;
    }
    i = close + 1;
  }
  return out;
}

}  // namespace

const char* word_kind_name(WordKind kind) {
  switch (kind) {
    case K::kReason: return "reason";
    case K::kBattle: return "battle";
    case K::kItem: return "item";
    case K::kWarning: return "warning";
    case K::kOutcome: return "outcome";
    case K::kCause: return "cause";
    case K::kDetail: return "detail";
    case K::kPhrase: return "phrase";
  }
  return "?";
}

std::vector<Word> shared_words() {
  return {
      // Result reasons the engine itself decides (Match, the referee's commands).
      {K::kReason, "timeout", "timeout", "시간 초과"},
      {K::kReason, "disqualified", "disqualified", "실격"},
      {K::kReason, "resigned", "resigned", "기권"},
      {K::kReason, "draw-agreed", "draw agreed", "합의 무승부"},
      {K::kReason, "awarded", "awarded by the referee", "심판 판정"},
      {K::kReason, "no-legal-moves", "no legal move", "둘 수 있는 수 없음"},
      {K::kReason, "ply-limit", "move limit reached", "수 제한 도달"},
      // Their details. {@x}: the name of seat x; {x}: the value as it is.
      {K::kDetail, "timeout", "{@player} did not move within {limit} s", "{@player}: {limit}초 안에 두지 않음"},
      {K::kDetail, "disqualified", "{@player} received {count} warnings", "{@player}: 경고 {count}회로 실격"},
      {K::kDetail, "resigned", "{@player} resigned", "{@player} 기권"},
      {K::kDetail, "draw-agreed", "both players agreed to a draw", "양측이 무승부에 합의"},
      {K::kDetail, "awarded", "the referee awarded the game to {@winner}", "심판이 {@winner}에게 승리를 판정"},
      {K::kDetail, "no-legal-moves", "{@player} has no legal move", "{@player}: 둘 수 있는 수 없음"},
      {K::kDetail, "ply-limit", "the ply limit of {limit} was reached", "수 제한 {limit}수에 도달"},
      {K::kDetail, "warn-timeout", "did not move within {limit} s", "{limit}초 안에 두지 않음"},
      {K::kDetail, "warn-time", "turn reached {elapsed} s", "차례 시간 {elapsed}초 도달"},
      // Warning kinds.
      {K::kWarning, "time", "time", "시간"},
      {K::kWarning, "manual", "referee", "심판"},
      {K::kWarning, "timeout", "timeout", "시간 초과"},
      // Outcomes: an attack's, and a battle pair's (Number Janggi).
      {K::kOutcome, "attacker", "attacker wins", "공격자 승"},
      {K::kOutcome, "defender", "defender wins", "수비자 승"},
      {K::kOutcome, "both", "both removed", "둘 다 제거"},
      {K::kOutcome, "mover", "mover wins", "이동한 말 승"},
      {K::kOutcome, "enemy", "defender wins", "상대 말 승"},
      {K::kOutcome, "none", "nothing removed", "제거 없음"},
      // Sentence parts.
      {K::kPhrase, "wins", "{@winner} wins", "{@winner} 승리"},
      {K::kPhrase, "draw", "draw", "무승부"},
      {K::kPhrase, "attack", "attack", "공격"},
      {K::kPhrase, "seat", "player {seat}", "플레이어 {seat}"},
      // The battle explainer's sentences every game may use (engine/battle_explanation.h):
      // ranks where both are public, kind and outcome, a capture's cause and count.
      {K::kPhrase, "explain-takes", "{attacker} takes {defender}", "{attacker} → {defender}: {attacker} 승리"},
      {K::kPhrase, "explain-stops", "{defender} stops {attacker}", "{attacker} → {defender}: {defender} 승리"},
      {K::kPhrase, "explain-meets", "{attacker} → {defender}: {outcome}", "{attacker} → {defender}: {outcome}"},
      {K::kPhrase, "explain-kind", "{kind}: {outcome}", "{kind}: {outcome}"},
      {K::kPhrase, "explain-hidden", "hidden battle: {outcome}", "비공개 전투: {outcome}"},
      {K::kPhrase, "explain-removed", "{count} removed", "{count}개 제거"},
      {K::kPhrase, "explain-cause", "{cause}: {count} removed", "{cause}: {count}개 제거"},
  };
}

Words::Words() : shared_(shared_words()) {}

Words::Words(std::vector<Word> own) : own_(std::move(own)), shared_(shared_words()) {}

const Word* Words::find(WordKind kind, std::string_view code) const {
  if (const Word* w = search(own_, kind, code)) return w;
  return search(shared_, kind, code);
}

std::string Words::text(WordKind kind, std::string_view code, Lang lang) const {
  const Word* w = find(kind, code);
  return w ? w->in(lang) : std::string(code);
}

std::string seat_text(const Words& words, int seat, Lang lang, const Names& names) {
  if ((seat == 1 || seat == 2) && !names[static_cast<std::size_t>(seat - 1)].empty())
    return names[static_cast<std::size_t>(seat - 1)];
  const Word* w = words.find(K::kPhrase, "seat");
  return expand(words, w ? w->in(lang) : "player {seat}", Detail{"seat", {{"seat", std::to_string(seat)}}},
                lang, names);
}

std::string render(const Words& words, const Detail& detail, Lang lang, const Names& names) {
  if (detail.empty()) return {};
  const Word* w = words.find(K::kDetail, detail.code);
  return w ? expand(words, w->in(lang), detail, lang, names) : detail.code;
}

std::string render_phrase(const Words& words, std::string_view code, const Params& params, Lang lang) {
  const Word* w = words.find(K::kPhrase, code);
  return w ? expand(words, w->in(lang), Detail{std::string(code), params}, lang, Names{}) : std::string(code);
}

std::string english_detail(const Words& words, const Detail& detail) {
  return render(words, detail, Lang::kEnglish, Names{});
}

std::string winner_text(const Words& words, int winner, Lang lang, const Names& names) {
  if (winner != 1 && winner != 2) return words.text(K::kPhrase, "draw", lang);
  const Word* w = words.find(K::kPhrase, "wins");
  return expand(words, w ? w->in(lang) : "{@winner} wins", Detail{"wins", {{"winner", seat_param(winner)}}},
                lang, names);
}

std::string result_sentence(const Words& words, int winner, std::string_view reason,
                            const Detail& detail, Lang lang, const Names& names) {
  std::string what = words.declared(K::kDetail, detail.code) ? render(words, detail, lang, names)
                                                             : words.text(K::kReason, reason, lang);
  return what + ": " + winner_text(words, winner, lang, names);
}

std::string unexpanded_placeholder(std::string_view line) {
  for (std::size_t open = line.find('{'); open != std::string_view::npos; open = line.find('{', open + 1)) {
    const std::size_t close = line.find('}', open);
    if (close == std::string_view::npos) return {};
    const std::string_view inside = line.substr(open + 1, close - open - 1);
    bool word = !inside.empty();
    for (char c : inside)
      word = word && (c == '@' || c == '_' || c == '-' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'));
    if (word) return std::string(line.substr(open, close - open + 1));
  }
  return {};
}

}  // namespace facedown::engine
