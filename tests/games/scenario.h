// Test helpers for game scenarios: setup lines built from a few fixed pieces plus
// a deterministic filler, scripts run through the codec's runner, and the state
// JSON as any viewer sees it.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "codec/script_runner.h"
#include "engine/game.h"
#include "engine/match.h"

namespace facedown::test {

// "setup P TOKEN:SQUARE ..." for `game`: the `fixed` pieces (square -> token; the
// token "." keeps a square empty) and the rest of the roster filled in from the
// back rank forward, in reverse roster order (flags and bombs at the back).
std::string setup_line(const std::string& game, int player, const std::map<std::string, std::string>& fixed);

// "setup P ..." from the game's own seeded setup (valid for every game).
std::string seeded_setup_line(const std::string& game, int player, std::uint64_t seed);

// A script: header for `game` (with option lines), both setups (an empty one is
// left out: a fixed placement takes none), `first 1`, `start`, then the given
// command lines.
std::string script(const std::string& game, const std::vector<std::string>& options,
                   const std::string& setup1, const std::string& setup2,
                   const std::vector<std::string>& commands);

// A position built by hand: pieces on an otherwise empty board. As a Resolver it
// applies a game's events to itself, as Match would, and keeps them.
struct Position final : engine::Resolver {
  explicit Position(const engine::Game& game) : g(game.geometry()) {
    s.board.assign(static_cast<std::size_t>(g.size()), -1);
  }
  void put(int owner, engine::PieceType t, const char* sq) {
    s.pieces.push_back(engine::Piece{owner, t, *g.parse(sq), false});
    s.board[static_cast<std::size_t>(*g.parse(sq))] = static_cast<int>(s.pieces.size()) - 1;
  }
  const engine::MatchState& state() const override { return s; }
  void emit(engine::EventBody body) override {
    engine::Event e;
    e.seq = static_cast<int>(events.size()) + 1;
    e.body = std::move(body);
    s.apply(e);
    events.push_back(e);
  }
  // "1", "2" or "." for an empty square.
  std::string owner(const char* sq) const {
    const int id = s.piece_at(*g.parse(sq));
    return id < 0 ? "." : std::to_string(s.pieces[static_cast<std::size_t>(id)].owner);
  }
  const engine::Geometry& g;
  engine::MatchState s;
  std::vector<engine::Event> events;
};

struct Played {
  engine::Match match;
  std::vector<std::string> errors;
};
// Runs a script; the match must open.
Played play(const std::string& text);

nlohmann::json state(const engine::Match& m, engine::Viewer v = engine::kReferee);
// The events the given viewer sees, as JSON lines.
std::vector<nlohmann::json> stream(const engine::Match& m, engine::Viewer v);
// The last event of a type ("attack", "ended"), as the viewer sees it; null if none.
nlohmann::json last_event(const engine::Match& m, const std::string& type,
                          engine::Viewer v = engine::kReferee);

const engine::GameInfo& game_info(const std::string& id);

// The script in the "Example" code block of docs/rules/<id>.md, comments dropped.
std::string doc_example(const std::string& id);

}  // namespace facedown::test
