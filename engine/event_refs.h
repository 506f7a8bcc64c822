// for_each_ref: every piece reference an event carries, in one fixed order
// (setup pieces; the moved piece; decision candidates; battle pairs, removed,
// revealed; attacker, defender, revealed; removed pieces; a decision's pieces by key).
// The one list of where events hold pieces: the analysis's replay reads them
// (const Event) and Match::retype rewrites them (Event). No allocation.
#pragma once
#include <type_traits>
#include <variant>

#include "engine/event.h"

namespace facedown::engine {

template <class E, class F>
  requires std::is_same_v<std::remove_const_t<E>, Event>
void for_each_ref(E& e, F&& f) {
  auto all = [&](auto& refs) {
    for (auto& r : refs) f(r);
  };
  std::visit(
      [&](auto& o) {
        using T = std::remove_const_t<std::remove_reference_t<decltype(o)>>;
        if constexpr (std::is_same_v<T, SetupLocked>) {
          all(o.pieces);
        } else if constexpr (std::is_same_v<T, Moved>) {
          f(o.piece);
        } else if constexpr (std::is_same_v<T, DecisionAwaited>) {
          all(o.candidates);
        } else if constexpr (std::is_same_v<T, Battle>) {
          for (auto& p : o.pairs) {
            f(p.mover);
            f(p.enemy);
          }
          all(o.removed);
          all(o.revealed);
        } else if constexpr (std::is_same_v<T, Attack>) {
          f(o.attacker);
          f(o.defender);
          all(o.revealed);
        } else if constexpr (std::is_same_v<T, Removed>) {
          all(o.pieces);
        } else if constexpr (std::is_same_v<T, Decided>) {
          for (auto& [key, fact] : o.facts)
            if (auto* r = std::get_if<PieceRef>(&fact.value)) f(*r);
        }
      },
      e.body);
}

}  // namespace facedown::engine
