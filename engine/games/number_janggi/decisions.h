// Number Janggi's two decisions (engine/decision.h), as the match script and
// the log write them:
//  - items: after a battling move both players declare, sealed, an item or
//    none: `items 1=plus:c5 2=none`; the event `items-declared` lists both
//    ({"items": {"1": {"item", "square"}, "2": null}}), each item a counter spent;
//  - revival: the player whose number reached the far rank brings a removed
//    number back on an empty back-rank square, `revive 7:b1`, or declines,
//    `revive decline`; the events `revived` (the piece put back, and under
//    optional-swap the arriving piece taken off) and `revival-declined`.
// Reading a statement checks its form only; the rules check it against the
// match (number_janggi.cpp).
#pragma once
#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/game.h"

namespace facedown::engine::number_janggi {

enum class Item { kBlind = 0, kPlus = 1, kMinus = 2 };
inline constexpr int kItemKinds = 3;
const char* item_name(Item item);  // "blind" | "plus" | "minus"
std::optional<Item> parse_item(const std::string& name);

struct ItemChoice {
  std::optional<Item> item;  // nullopt: "none"
  Square square = kNoSquare;
  bool operator==(const ItemChoice&) const = default;
};
using ItemChoices = std::array<ItemChoice, 2>;  // [0] player 1, [1] player 2

struct RevivalChoice {
  bool decline = false;
  PieceType type = 0;
  Square square = kNoSquare;
};

// The decision kinds (DecisionAwaited::kind) and script verbs.
inline constexpr const char* kItemsKind = "items";
inline constexpr const char* kRevivalKind = "revival";

// A statement's tokens (the verb first) read as a decision, or why not.
std::variant<ItemChoices, std::string> read_items(const Game& game, const std::vector<std::string>& tokens);
std::variant<RevivalChoice, std::string> read_revival(const Game& game, const std::vector<std::string>& tokens);
// The statements as the script writes them.
std::string word_items(const Game& game, const ItemChoices& choices);
std::string word_revival(const Game& game, const RevivalChoice& choice);

// The statements as commands (tests and tools): items (none by default), a
// revival, a declined revival.
DecideCmd items_cmd(const Game& game, const ItemChoices& choices = {});
DecideCmd revive_cmd(const Game& game, PieceType type, Square square);
DecideCmd decline_cmd();

// The decision events, and back.
Decided items_declared(const Game& game, const ItemChoices& choices);
Decided revived(int player, const std::optional<PieceRef>& arriving, const PieceRef& piece);
Decided revival_declined(int player);
std::optional<ItemChoices> items_of(const Decided& event);
std::vector<DecidedSpec> decided_specs();

}  // namespace facedown::engine::number_janggi
