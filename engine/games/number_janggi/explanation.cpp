#include "engine/games/number_janggi/explanation.h"

#include <algorithm>

#include "engine/games/number_janggi/number_janggi.h"

namespace facedown::engine::number_janggi {

namespace {

using K = WordKind;

bool is_number(const std::optional<PieceType>& t) { return t && *t >= 0 && *t < kMineType; }
int printed(PieceType t) { return t + 1; }

// "; +1 used" when an item moved a public value off the printed number.
std::string item_note(const Words& w, const ShownSide& s, Lang lang) {
  if (!s.value || !is_number(s.type) || *s.value == printed(*s.type)) return "";
  const char* item = *s.value > printed(*s.type) ? "plus" : "minus";
  return render_phrase(w, "explain-item", {{"item", w.text(K::kItem, item, lang)}}, lang);
}

// The arithmetic of one pair whose values are both public; "" when it has none.
std::string arithmetic(const Words& w, const ShownPair& p, Lang lang) {
  if ((p.kind != "sum" && p.kind != "minus") || !p.mover.value || !p.enemy.value) return "";
  const int a = *p.mover.value, b = *p.enemy.value;
  const std::string outcome = w.text(K::kOutcome, p.outcome, lang);
  if (p.outcome == "both") {
    if (a == b) return render_phrase(w, "explain-equal", {{"mover", std::to_string(a)}, {"enemy", std::to_string(b)}, {"outcome", outcome}}, lang);
    // Unequal values that fell together: a tie on the printed numbers
    // (tie_compare=printed). "6 = 5" would be false; the printed numbers are equal.
    if (!is_number(p.mover.type) || !is_number(p.enemy.type)) return "";
    return render_phrase(w, "explain-equal-printed",
                         {{"mover", std::to_string(printed(*p.mover.type))},
                          {"enemy", std::to_string(printed(*p.enemy.type))},
                          {"outcome", outcome}},
                         lang);
  }
  if (p.outcome != "mover" && p.outcome != "enemy") return "";
  const int winner = p.outcome == "mover" ? a : b;
  const int lo = std::min(a, b), hi = std::max(a, b);
  if (p.kind == "minus")
    return render_phrase(w, "explain-minus",
                         {{"kind", w.text(K::kBattle, "minus", lang)},
                          {"high", std::to_string(hi)},
                          {"low", std::to_string(lo)},
                          {"difference", std::to_string(hi - lo)},
                          {"winner", std::to_string(winner)}},
                         lang);
  return render_phrase(w, "explain-sum",
                       {{"low", std::to_string(lo)},
                        {"high", std::to_string(hi)},
                        {"total", std::to_string(lo + hi)},
                        {"winner", std::to_string(winner)}},
                       lang);
}

// A Blind battle (Number Janggi hides a battle's kind only under Blind): what
// the public learns is which item was used, the other piece face up, and the
// outcome, so the line names the face-up piece and what happened to it
// ("Blind vs 7: the 7 is removed"). "" when neither side is public (both
// blinded): the shared "hidden battle: ..." line says all there is.
std::string blind(const Game& game, const ShownPair& p, Lang lang) {
  if (!p.kind.empty()) return "";
  const bool mover_public = p.mover.type.has_value(), enemy_public = p.enemy.type.has_value();
  if (mover_public == enemy_public) return "";
  const Words& w = game.words();
  const ShownSide& open = mover_public ? p.mover : p.enemy;
  const std::string piece = is_number(open.type) && open.value ? std::to_string(*open.value)
                                                               : piece_type_name(game, *open.type, lang);
  const std::string item = w.text(K::kItem, "blind", lang);
  const bool open_won = p.outcome == (mover_public ? "mover" : "enemy");
  const bool open_lost = p.outcome == (mover_public ? "enemy" : "mover");
  if (open_won || open_lost)
    return render_phrase(w, open_won ? "explain-blind-wins" : "explain-blind-removed", {{"item", item}, {"piece", piece}},
                         lang);
  return render_phrase(w, "explain-blind-outcome",
                       {{"item", item}, {"piece", piece}, {"outcome", w.text(K::kOutcome, p.outcome, lang)}}, lang);
}

}  // namespace

std::vector<Word> explanation_words() {
  return {
      {K::kPhrase, "explain-sum", "{low} + {high} = {total}: the {winner} wins", "{low} + {high} = {total}: {winner} 승리"},
      {K::kPhrase, "explain-minus", "{kind}: {high} - {low} = {difference}, the {winner} wins",
       "{kind}: {high} - {low} = {difference}, {winner} 승리"},
      {K::kPhrase, "explain-equal", "{mover} = {enemy}: {outcome}", "{mover} = {enemy}: {outcome}"},
      {K::kPhrase, "explain-equal-printed", "printed {mover} = {enemy}: {outcome}", "적힌 숫자 {mover} = {enemy}: {outcome}"},
      {K::kPhrase, "explain-item", "; {item} used", "; {item} 사용"},
      {K::kPhrase, "explain-blind-wins", "{item} vs {piece}: the {piece} wins", "{item} 대 {piece}: {piece} 승리"},
      {K::kPhrase, "explain-blind-removed", "{item} vs {piece}: the {piece} is removed", "{item} 대 {piece}: {piece} 제거"},
      {K::kPhrase, "explain-blind-outcome", "{item} vs {piece}: {outcome}", "{item} 대 {piece}: {outcome}"},
  };
}

std::vector<std::string> explain(const Game& game, const ShownBattle& battle, Lang lang) {
  if (battle.kind != ShownKind::kBattle) return explain_ranks_and_outcomes(game, battle, lang);
  const Words& w = game.words();
  std::vector<std::string> out;
  for (const ShownPair& p : battle.pairs) {
    std::string line = arithmetic(w, p, lang);
    if (line.empty()) line = blind(game, p, lang);
    if (line.empty()) {
      // No public arithmetic and no face-up side of a Blind battle: the kind's
      // word (or "hidden battle") and the outcome.
      line = explain_ranks_and_outcomes(game, ShownBattle{battle.kind, {p}, battle.removed}, lang).front();
    } else {  // an item a face-up piece used is public
      line += item_note(w, p.mover, lang) + item_note(w, p.enemy, lang);
    }
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace facedown::engine::number_janggi
