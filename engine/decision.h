// A decision is a node of the game where named players choose (OpenSpiel's
// simultaneous and turn nodes): Number Janggi's sealed items and its revival, a
// bid. The engine holds what is awaited (DecisionAwaited: its kind, who decides,
// the choices as the game lists them) and the facts a decision wrote (Decided);
// only the game reads, checks, applies and words them.
//
// A Decided event is a set of facts under dotted keys ("items.1.item"), which is
// its JSON as the codec writes it; a fact's role is the bookkeeping the fold does
// without the game: a piece put back on the board, a piece taken off, a counter
// spent. The game declares each decision event's facts (DecidedSpec), so a stored
// event reads back to the same facts with the same roles.
// Invariants: a fact's key never names an envelope key (seq, t, type, cmd,
// command, at); a key that is a prefix of another holds null (a choice of none).
#pragma once
#include <array>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "engine/geometry.h"
#include "engine/piece.h"

namespace facedown::engine {

// A square a decision names (written by its name).
struct SquareFact {
  Square square = kNoSquare;
  bool operator==(const SquareFact&) const = default;
};

struct PieceRef;

enum class FactKind { kNumber, kText, kSquare, kPiece };
enum class FactRole {
  kPlain,   // said, nothing to fold
  kPlaced,  // a piece back on the board at its square, face up, out of its owner's removed list
  kTaken,   // a piece off the board, face up, appended to its owner's removed list
  kSpent,   // text: the name of a counter of `player` that the decision used
};

struct FactSpec {
  std::string key;
  FactKind kind = FactKind::kText;
  FactRole role = FactRole::kPlain;
  int player = 0;  // kSpent: whose counter
  std::string on;  // kSpent: the key of the square fact the counter was used on ("" none)
};

// One decision event of a game: its type word ("revived") and its facts.
struct DecidedSpec {
  std::string type;
  std::vector<FactSpec> facts;
};

// The game's counters (Number Janggi's items: blind, plus, minus): their codes
// (words of kind kItem) in the order the panels list them, how many each player
// holds at the start, and the key the state JSON lists them under ("items").
// Empty names: the game has none.
struct CounterSpec {
  std::string group;
  std::vector<std::string> names;
  std::vector<int> initial;
  // The counters whose use keeps the piece it was used on hidden through a
  // battle: the broadcast tags that fighter with the counter's word ("BLIND").
  std::vector<std::string> hiding;
};

// What each player has left and has used of the game's counters (the panels'
// "Blind 1/1"); folded from the decisions' kSpent facts.
struct Counters {
  std::vector<std::string> names;
  std::array<std::vector<int>, 2> left;
  std::array<std::vector<int>, 2> used;
  // The index of a counter's name; -1 when the game has no such counter.
  int index(const std::string& name) const {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == name) return static_cast<int>(i);
    return -1;
  }
  bool operator==(const Counters&) const = default;
};

// A desk's pick at the awaited decision (its decision panel): a deciding
// player's counter (by name; empty: none) on a square of the pending squares;
// or a candidate piece onto a square; or one of the listed choices; or a decline.
struct DecisionPick {
  int player = 0;
  std::string counter;
  int piece = -1;
  Square square = kNoSquare;
  std::string choice;
  bool decline = false;
};

// How the analysis' players choose at a decision (analysis/player.h): at random,
// or the strongest choice by the given worth of a piece type.
struct DecisionPolicy {
  bool random = false;
  std::vector<double> worth;  // by piece type
};

// The live analysis' budget a game carries beside its roster (GameInfo::live_analysis,
// read by broadcast/stream_analysis.cpp); each 0 keeps the analysis' default
// (analysis/deduction.h, AnalysisOptions).
struct AnalysisTuning {
  int samples = 0;
  long update_events = 0;
  int update_draws = 0;
  double prior_draws = 0;
};

}  // namespace facedown::engine
