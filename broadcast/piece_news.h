// When a face-down piece's deduction is news, worth a label on air (the
// director's `deduction` element), and how its odds read: the one rule both
// painters follow (they paint the frame's choice, never decide it).
//
// The rule (docs/on-air.md "Deduction", docs/analysis.md "On air"):
//   - a piece's top odds are its likeliest identity's probability p, with every
//     identity tied with it (the same whole percent) named beside it;
//   - its share at the start, s, is that identity's share of its owner's setup
//     (the roster's count over the roster's total); for a tie the largest share;
//   - it is news when s < 1 and either it is certain (one identity left) or
//     p >= s + (1 - s) / kNewsGapShare: the deduction has closed at least a
//     third of the way from the starting share to certainty;
//   - except when one of those identities is the game's objective (King,
//     Flag, ...): where the objective may be is the heat's and the headline's
//     to say, once, never a label as well.
// Invariants: a piece whose top odds are at (or under) its starting share is
// never news; a piece every setup piece shares the identity of (s = 1) is
// never news; the text always carries the probability unless the piece is
// certain ("MIN 62%", "BMB/MIN 33%", certain "MIN").
#pragma once
#include <string>
#include <vector>

#include "broadcast/on_air_text.h"
#include "engine/game.h"

namespace facedown::broadcast {

struct OnAirModel;
struct PieceOddsShown;
struct Theme;

inline constexpr double kNewsGapShare = 3;      // news: a third of the way from s to certainty
inline constexpr double kCertainP = 0.9995;     // odds at least this are shown as certain

// The share of `token` in one player's setup at the start (0 when the roster has no such token).
double start_share(const engine::Game& g, const std::string& token);

// The likeliest identities of a piece: the first, and every one shown with it
// at the same whole percent (a tie), in the frame's order.
std::vector<std::string> top_tokens(const PieceOddsShown& piece);

// Whether the deduction about `piece` is news (the rule above).
bool piece_is_news(const engine::Game& g, const PieceOddsShown& piece);

// The piece's label: its top identities and their probability ("MIN 62%",
// "BMB/MIN 33%"); certain: the identity alone ("MIN"). "" without odds.
// Names are the board's labels (piece_label, in `theme`).
std::string piece_odds_label(const OnAirModel& m, const PieceOddsShown& piece, Lang lang, const Theme* theme = nullptr);

}  // namespace facedown::broadcast
