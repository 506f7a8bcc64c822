// Bid Duel: a test game whose decision is a one-player bid, to show that a game
// with a decision of its own needs nothing outside its folder (issue 35).
//
// 3 files x 5 ranks. Each player sets up two pawns, face down, on their first
// rank (player 1 on rank 1, player 2 on rank 5). A pawn steps one square
// forward or sideways onto an empty square; nothing is ever captured. A pawn
// that reaches the far rank leaves the board and its owner bids, sealed from
// no one: `bid 1` spends the player's one chip and wins the game ("outbid"),
// `bid 0` keeps it and play goes on. A bid that runs out of time is 0. The
// generic cycle ends the rest (no legal moves, the ply limit).
//
// Everything the engine, codec, store, desk and feed need of the bid comes
// from the game: its verb, the choices it lists, its event's facts (the chip
// spent, the pawn taken off), its counters ("chip"), its words.
#pragma once
#include "engine/game.h"

namespace facedown::testgames::bid_duel {

engine::GameInfo info();

}  // namespace facedown::testgames::bid_duel
