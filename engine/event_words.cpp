#include "engine/event_words.h"

#include "engine/vocabulary.h"

namespace facedown::engine {

std::vector<CodeUse> codes_of(const EventBody& body) {
  std::vector<CodeUse> out;
  auto add = [&](WordKind kind, const std::string& code) {
    if (!code.empty()) out.push_back({kind, code});
  };
  std::visit(Overloaded{
                 [&](const Ended& o) {
                   add(WordKind::kReason, o.reason);
                   add(WordKind::kDetail, o.what.code);
                 },
                 [&](const Warned& o) {
                   add(WordKind::kWarning, o.kind);
                   add(WordKind::kDetail, o.what.code);
                 },
                 [&](const Battle& o) {
                   for (const auto& p : o.pairs) {
                     add(WordKind::kBattle, p.kind);
                     add(WordKind::kOutcome, p.outcome);
                   }
                 },
                 [&](const Attack& o) { add(WordKind::kOutcome, outcome_name(o.outcome)); },
                 [&](const Removed& o) { add(WordKind::kCause, o.cause); },
                 [&](const Decided& o) {
                   // A counter a decision spends is one of the game's items (words of kind kItem).
                   for (const auto& [key, fact] : o.facts)
                     if (const auto* name = std::get_if<std::string>(&fact.value); name && fact.role == FactRole::kSpent)
                       add(WordKind::kItem, *name);
                 },
                 [](const auto&) {},
             },
             body);
  return out;
}

std::vector<Detail> details_of(const EventBody& body) {
  if (const auto* e = std::get_if<Ended>(&body); e && !e->what.empty()) return {e->what};
  if (const auto* w = std::get_if<Warned>(&body); w && !w->what.empty()) return {w->what};
  return {};
}

std::vector<std::string> undeclared_codes(const Words& words, const EventBody& body) {
  std::vector<std::string> out;
  for (const CodeUse& c : codes_of(body)) {
    const Word* w = words.find(c.kind, c.code);
    if (!w || w->en.empty() || w->ko.empty()) out.push_back(std::string(word_kind_name(c.kind)) + ":" + c.code);
  }
  return out;
}

}  // namespace facedown::engine
