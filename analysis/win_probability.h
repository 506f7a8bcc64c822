// Who is winning: the share of playouts each side wins from a position, draws
// counted apart, each with its 95 % (Wilson) interval. The playouts are whole
// games to the end, both sides played by the player of analysis/player.h (a
// cheap setting of it: one drawn position per decision, a few moves scored).
//
//  - The referee's view starts every playout from the true position.
//  - A viewer's view (public, or a player's) starts them from positions drawn
//    from what that viewer could deduce: identities proposed from the
//    deduction's odds (analysis::analyze), kept only when the whole stream
//    replays through the real game (the judge of stream_replay.h). The seed is
//    mixed with the stream's length only, so the number depends on the stream
//    and nothing else: byte-identical under swaps of never-seen identities.
//
// Playouts run in batches until each side's interval is at most ±half_width
// (and at least min_playouts ran), or max_playouts. A finished match gives its
// result exactly (100/0 or the draw) with no playouts. Deterministic by seed.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/deduction.h"
#include "analysis/piece_trail.h"
#include "analysis/player.h"
#include "engine/match.h"

namespace facedown::analysis {

struct WinOptions {
  std::uint64_t seed = 1;
  double half_width = 0.03;  // stop once both sides' 95 % intervals are this narrow (each way)
  int min_playouts = 200;
  int max_playouts = 1100;   // 1,068 playouts give ±3 points at 50 %
  int batch = 50;
  int max_plies = 600;       // a playout still running after this many moves is unfinished
  PlayerOptions policy{PlayerKind::kInformed, 1, 8, false};
  int positions = 24;            // viewer's view: distinct positions drawn from the deduction
  int max_position_draws = 600;  // candidates tried to find them
  AnalysisOptions analysis;      // the deduction the positions are drawn from
};

// A share with its 95 % Wilson interval.
struct Share {
  double p = 0;
  double low = 0;
  double high = 0;
};

struct WinProbability {
  std::array<Share, 2> win;  // [0] player 1, [1] player 2
  Share draw;
  double unfinished = 0;  // share of playouts cut at max_plies (neither a win nor a draw)
  int playouts = 0;
  int positions = 0;      // distinct starting positions (1 for the referee)
  bool decided = false;   // the match is over: its result, exactly
  std::optional<std::string> error;
};

// From the true position.
WinProbability referee_win_probability(const engine::Match& m, const WinOptions& options = {});

// From what `viewer` saw: `stream` is every event as that viewer saw it
// (engine::project), from the Opened event.
WinProbability viewer_win_probability(const engine::GameInfo& info, const std::vector<engine::Event>& stream,
                                      engine::Viewer viewer, const WinOptions& options = {});

// Plays `m` to its end with players[0] for player 1 and players[1] for player 2
// (a setup not yet locked is drawn at random, the first player too; a pause is
// resumed). Returns the winner, 0 for a draw, -1 when undecided after
// `max_plies` moves or when no one can decide.
int play_out(engine::Match& m, PieceTrail& trail, const std::array<PlayerOptions, 2>& players, std::uint64_t& rng,
             int max_plies);

// The 95 % Wilson interval of k successes in n.
Share wilson(int k, int n);

}  // namespace facedown::analysis
