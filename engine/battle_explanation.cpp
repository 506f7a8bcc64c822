#include "engine/battle_explanation.h"

#include "engine/game.h"
#include "engine/view.h"
#include "engine/vocabulary.h"

namespace facedown::engine {

namespace {

ShownSide side(const PieceRef& r) {
  ShownSide s;
  if (r.type != kHiddenType) s.type = r.type;
  s.value = r.value;
  return s;
}

}  // namespace

std::optional<ShownBattle> shown_battle(const Event& event) {
  // Only the public projection is read, so nothing hidden can reach the words.
  const Event pub = project(event, kPublic);
  return std::visit(
      Overloaded{
          [](const Battle& b) -> std::optional<ShownBattle> {
            ShownBattle s{ShownKind::kBattle, {}, static_cast<int>(b.removed.size())};
            for (const auto& p : b.pairs) s.pairs.push_back({p.kind, p.outcome, side(p.mover), side(p.enemy)});
            return s;
          },
          [](const Attack& a) -> std::optional<ShownBattle> {
            ShownBattle s{ShownKind::kAttack, {}, a.outcome == AttackOutcome::kBoth ? 2 : 1};
            s.pairs.push_back({"", outcome_name(a.outcome), side(a.attacker), side(a.defender)});
            return s;
          },
          [](const Removed& r) -> std::optional<ShownBattle> {
            ShownBattle s{ShownKind::kCapture, {}, static_cast<int>(r.pieces.size())};
            s.pairs.push_back({r.cause, "", {}, {}});
            return s;
          },
          [](const auto&) -> std::optional<ShownBattle> { return std::nullopt; }},
      pub.body);
}

std::string piece_type_name(const Game& game, PieceType type, Lang lang) {
  const auto& roster = game.roster();
  if (type < 0 || type >= static_cast<PieceType>(roster.size())) return "?";
  const PieceTypeSpec& spec = roster[static_cast<std::size_t>(type)];
  const std::string& name = lang == Lang::kKorean ? spec.name_ko : spec.name_en;
  return name.empty() ? spec.token : name;
}

std::vector<std::string> explain_ranks_and_outcomes(const Game& game, const ShownBattle& battle, Lang lang) {
  const Words& w = game.words();
  auto outcome = [&](const std::string& code) { return w.text(WordKind::kOutcome, code, lang); };
  std::vector<std::string> out;
  for (const ShownPair& p : battle.pairs) {
    switch (battle.kind) {
      case ShownKind::kCapture: {
        const std::string count = std::to_string(battle.removed);
        out.push_back(p.kind.empty() ? render_phrase(w, "explain-removed", {{"count", count}}, lang)
                                     : render_phrase(w, "explain-cause",
                                                     {{"cause", w.text(WordKind::kCause, p.kind, lang)}, {"count", count}},
                                                     lang));
        break;
      }
      case ShownKind::kAttack: {
        if (!p.mover.type || !p.enemy.type) {
          // Identities that stay hidden: only the outcome is public.
          out.push_back(outcome(p.outcome));
          break;
        }
        const Params names{{"attacker", piece_type_name(game, *p.mover.type, lang)},
                           {"defender", piece_type_name(game, *p.enemy.type, lang)},
                           {"outcome", outcome(p.outcome)}};
        const char* code = p.outcome == "attacker"   ? "explain-takes"
                           : p.outcome == "defender" ? "explain-stops"
                                                     : "explain-meets";
        out.push_back(render_phrase(w, code, names, lang));
        break;
      }
      case ShownKind::kBattle:
        out.push_back(p.kind.empty()
                          ? render_phrase(w, "explain-hidden", {{"outcome", outcome(p.outcome)}}, lang)
                          : render_phrase(w, "explain-kind",
                                          {{"kind", w.text(WordKind::kBattle, p.kind, lang)}, {"outcome", outcome(p.outcome)}},
                                          lang));
        break;
    }
  }
  return out;
}

}  // namespace facedown::engine
