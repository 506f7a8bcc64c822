// Gunjin Shogi (軍人将棋) — a Japanese land-battle game in which an umpire alone
// knows the pieces, adapted from the Shogi Club rules. docs/rules/gunjin-shogi.md
// has every ruling.
//
// The board has 9 files (a-i) and 9 ranks; headquarters stand on d1 f1 (player 1)
// and d9 f9 (player 2). Each player secretly places 31 pieces on 31 of the 36
// squares of their first four ranks (player 1 ranks 1-4, player 2 ranks 6-9); no
// mine on the squares in front of the headquarters (d4 f4 / d6 f6).
//
// Moves run along files and ranks and never jump: General down to Major 1 square,
// Captain to 2nd Lt up to 2, Cavalry up to 3, Engineer any distance, Spy, Tank and
// Flag 1; a move ends on an empty square or on the first enemy of its line (an
// attack). The Aircraft flies to any empty square or onto any enemy anywhere.
// Mines never move.
//
// Battles (combat.h) are symmetric except for the Flag and the mine. Attacking
// the Flag wins the game; a Flag that attacks falls with its target and (option
// `flag_attack`, default `loses`) its side loses. A piece other than a Tank,
// Aircraft or Engineer that enters an enemy headquarters, by moving or by winning
// a battle there, wins.
//
// Identities stay hidden even after battles: the public and the opponent see
// which squares emptied, never a piece. A player with no legal move loses.
#pragma once
#include "engine/game.h"

namespace facedown::engine::gunjin_shogi {

// Piece types in roster order: the ten ranks from General (0) down to Cavalry (9),
// then the specials.
enum : PieceType {
  kGeneral,       // "GEN"
  kLtGeneral,     // "LTG"
  kMajorGeneral,  // "MJG"
  kColonel,       // "COL"
  kLtColonel,     // "LTC"
  kMajor,         // "MAJ"
  kCaptain,       // "CPT"
  kLieutenant,    // "LT"
  kSecondLt,      // "2LT"
  kCavalry,       // "CAV"
  kSpy,           // "SPY"
  kAircraft,      // "AIR"
  kTank,          // "TNK"
  kEngineer,      // "ENG"
  kMine,          // "MIN"
  kFlag,          // "FLG"
};
inline constexpr int kPieceTypes = 16;
inline constexpr int kPiecesPerPlayer = 31;

GameInfo info();

}  // namespace facedown::engine::gunjin_shogi
