// The small vocabulary every part of the engine (and the codec) shares: the two
// seats, how a seat is named in engine-made text, and the visitor helper for
// std::variant. One home each, so no file keeps a copy of its own.
#pragma once
#include <string>

namespace facedown::engine {

// The opponent of seat 1 or 2.
inline constexpr int other(int player) { return player == 1 ? 2 : 1; }
inline constexpr bool valid_player(int player) { return player == 1 || player == 2; }

// "player 2": how a rejection (the operator's message) names a seat. Event text
// never does: details are codes with seats as parameters (engine/words.h), which
// the screens render with the players' names.
inline std::string player_name(int player) { return "player " + std::to_string(player); }

// std::visit(Overloaded{[](const A&) {...}, [](const B&) {...}}, v)
template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace facedown::engine
