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
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/deduction.h"
#include "analysis/piece_trail.h"
#include "analysis/player.h"
#include "analysis/stream_replay.h"
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

// The viewer's win probability as the stream grows, for live use
// (broadcast/stream_analysis.h). viewer_win_probability plans and replays the
// whole stream, and analyses it afresh, on every call: its cost grows with the
// match. Here the positions found are kept with their replays and advanced by
// the new events only; the ones the stream rules out are dropped and the rest
// topped up as there (identities proposed from the deduction's odds, kept
// when the whole stream replays), so while the stream rules none out (pauses,
// notes, a long wait) a call costs the new events and the playouts, whatever
// the match's length. The deduction is the caller's (the live Analyzer's
// result for the same stream), or one made as there when none is given.
//
// Invariant: every position is consistent with the stream (the replay judges,
// as there), and everything is drawn from the stream and the seed (mixed with
// the stream's length), never from what the viewer did not see. Not the same
// number as viewer_win_probability's, bit for bit: the positions carried over
// were drawn at an earlier length, and the odds they are drawn from are the
// live deduction's; the same estimate in law.
class ViewerWin {
 public:
  ViewerWin(const engine::GameInfo& info, engine::Viewer viewer, WinOptions options);
  // The next event of the viewer's stream (the first must be Opened).
  void push(const engine::Event& e);
  // Replays the plan of `plan` (the live Analyzer's, of the same stream: its
  // owner appends every event pushed here) instead of a plan of its own, so
  // the stream is held once. Call before the first push.
  void share_plan(const StreamReplay* plan) { shared_ = plan; }
  // Every event pushed (empty when the first was refused).
  const std::vector<engine::Event>& stream() const;
  // `deduction`: the viewer's deduction of the stream pushed so far (its
  // `events` must be the stream's length), or null to make one.
  WinProbability win(const Analysis* deduction = nullptr);
  // Positions kept between calls (tests).
  std::size_t kept() const { return kept_.size(); }

 private:
  struct Position {
    std::vector<engine::PieceType> types;
    ReplayCursor cursor;
  };
  engine::GameInfo info_;
  engine::Viewer viewer_;
  WinOptions options_;
  std::optional<StreamReplay> plan_;  // its own, when none is shared
  const StreamReplay* shared_ = nullptr;
  std::size_t pushed_ = 0;
  std::optional<std::string> error_;
  std::vector<engine::Event> own_;  // the stream, once it has no plan (an error)
  // The result the stream shows (as shown_result reads it), kept as it grows.
  std::optional<engine::Result> shown_;
  int ended_seq_ = 0;
  std::vector<Position> kept_;
  std::map<int, engine::PieceType> pinned_;  // identities the stream shows, by slot
  std::size_t slots_ = 0;                    // slots when the positions were kept
};

// Plays `m` to its end with players[0] for player 1 and players[1] for player 2
// (a setup not yet locked is drawn at random, the first player too; a pause is
// resumed). Returns the winner, 0 for a draw, -1 when undecided after
// `max_plies` moves or when no one can decide.
int play_out(engine::Match& m, PieceTrail& trail, const std::array<PlayerOptions, 2>& players, std::uint64_t& rng,
             int max_plies);

// The 95 % Wilson interval of k successes in n.
Share wilson(int k, int n);

}  // namespace facedown::analysis
