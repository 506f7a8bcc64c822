// The final reveal: both players' setups, as the store published them with
// their seals, once the referee has confirmed the result (`close`). Decided
// here once: the on-air JSON carries it ("reveal") and both painters draw it
// (overlay/reveal_draw.h, feed/web/reveal_paint.js).
//
// Invariants: before `close` there is no reveal, whatever the model's
// commitments hold (the rules open no setup before `close`: a `void` can still
// take an ending back), so nothing here can depend on a face-down identity
// before then; a line of a setup text that names no square of the board or no
// piece of the game is skipped, never guessed.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "broadcast/model.h"

namespace facedown::broadcast {

struct RevealedPiece {
  engine::Square square = engine::kNoSquare;
  std::string token;  // the printed token ("K", "10")
};

struct RevealedSetup {
  int player = 0;
  std::vector<RevealedPiece> pieces;  // in the setup text's order (square order)
  std::optional<bool> verified;       // whether setup+salt hash to the published seal
};

struct Reveal {
  std::array<std::optional<RevealedSetup>, 2> setups;  // seat 1, seat 2; a seat with no published setup: nullopt
};

// The pieces of a sealed setup's text (db/sealed_setup.h: a header, then one
// "<square> <token>" line per piece).
std::vector<RevealedPiece> parse_setup_text(const engine::Game& game, std::string_view text);

// The reveal on air: nullopt before `close`, or when no setup was published.
std::optional<Reveal> reveal_on_air(const OnAirModel& m);

// The board the reveal shows: `m` with every piece of both setups face up on
// its starting square, and no battle or last move.
OnAirModel reveal_board(const OnAirModel& m, const Reveal& r);

}  // namespace facedown::broadcast
