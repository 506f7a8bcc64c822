// The step-or-attack move shared by the attack games (Capture Flag, Salpakan,
// Luzhanqi Mini and the games like them): onto an empty square a move is a Moved
// event; onto an enemy it is an Attack whose outcome the game's combat decides,
// with the identities the game's reveal policy makes public. One home, so a new
// attack game supplies its combat and policy instead of a copy of play().
// Also the words these games share (the flag captured), declared once here.
#pragma once
#include <functional>
#include <vector>

#include "engine/game.h"

namespace facedown::engine {

// What the public learns of the two pieces of an attack.
enum class AttackReveal {
  kOutcomeOnly,  // only who was removed: both identities stay as they were
  kBothRanks,    // both ranks are announced and the pieces stay face up
};

// Who wins when the piece `attacker_id` attacks `defender_id` in this state.
using Combat = std::function<AttackOutcome(const MatchState& s, int attacker_id, int defender_id)>;
// A combat that looks only at the two piece types.
Combat combat_by_type(AttackOutcome (*by_type)(PieceType attacker, PieceType defender));

// Carries out a legal move: Moved onto an empty square, Attack onto an enemy.
void step_or_attack(Resolver& r, const Move& move, const Combat& combat, AttackReveal reveal);

// "flag-captured" (reason and detail, parameter player = the loser), for games
// whose flag is taken by an attack.
std::vector<Word> flag_capture_words();
// Decided when a player's flag is off the board: the other player wins.
std::optional<Result> flag_captured(const MatchState& s, PieceType flag);

}  // namespace facedown::engine
