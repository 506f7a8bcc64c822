// What a battle meant, in words: the battle explainer's lines are written by the
// game (Game::explain), as its result reasons are, from a ShownBattle — what the
// public may know of one battle, attack or capture: each pair's battle kind and
// outcome, and the identities and values the public view shows.
//
// Invariant: a ShownBattle holds nothing hidden from the public. shown_battle()
// builds it from the event's public projection (project(event, kPublic)), and
// the broadcast model builds it from the public rows, so an explanation cannot
// state a hidden identity, whatever a game's explain() does with it
// (tests/games/battle_explanation_test.cpp swaps hidden identities and compares).
//
// The sentences are phrases of the words tables (WordKind::kPhrase, codes
// "explain-..."): the shared ones below for ranks and outcomes, a game's own for
// its arithmetic. So every character an explanation can carry is in the tables
// (the overlay's font atlas is built from them), and both languages come from
// one place.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/piece.h"
#include "engine/words.h"

namespace facedown::engine {

class Game;

// One side of a pair as the public sees it.
struct ShownSide {
  std::optional<PieceType> type;  // nullopt: hidden from the public
  std::optional<int> value;       // the effective value, when public (Number Janggi)
  bool operator==(const ShownSide&) const = default;
};

struct ShownPair {
  // A battle's: the battle word ("sum", "mine"), empty where the public may not
  // know it. A capture's: the removal's cause ("custodian"), or empty.
  std::string kind;
  // "mover" | "enemy" | "both" | "none" (battles); "attacker" | "defender" |
  // "both" (attacks); empty for a capture.
  std::string outcome;
  ShownSide mover, enemy;  // an attack's mover is the attacker
  bool operator==(const ShownPair&) const = default;
};

enum class ShownKind { kBattle, kAttack, kCapture };

struct ShownBattle {
  ShownKind kind = ShownKind::kBattle;
  std::vector<ShownPair> pairs;  // a capture has one pair: its cause
  int removed = 0;               // how many pieces left the board (a capture's count)
  bool operator==(const ShownBattle&) const = default;
};

// The public's ShownBattle of a Battle, Attack or Removed event (any view of it:
// it is projected for the public first); nullopt for other events.
std::optional<ShownBattle> shown_battle(const Event& event);

// The explanation every game without arithmetic of its own gives (Game::explain's
// default): per pair, both ranks where both are public ("Miner takes Bomb",
// "Bomb stops Scout", "스파이 → 원수: 스파이 승리"), the outcome's word where
// either is hidden ("attacker wins"), a battle's kind and outcome ("mine: both
// removed") or "hidden battle: ..." where its kind is hidden; a capture's cause
// and how many fell ("sandwiched: 2 removed").
std::vector<std::string> explain_ranks_and_outcomes(const Game& game, const ShownBattle& battle, Lang lang);

// A piece type's name in a language (the roster's; its token when unnamed).
std::string piece_type_name(const Game& game, PieceType type, Lang lang);

}  // namespace facedown::engine
