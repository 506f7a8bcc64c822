// One viewer's analysis of a match as its rows arrive, turned into the on-air
// record (on_air_analysis.h): the rows' event JSON (the public rows' own, or a
// player's projection on the TV cut) is read back into engine events with the
// game the Opened row names, fed to an incremental analysis::Analyzer, and on
// request the deduction (objective places, piece odds, headlines) and the win
// probability (analysis/win_probability.h) are made for the stream so far.
//
// Invariant: the record is a function of the rows pushed, the options and when
// it was asked (the Analyzer and the playouts are seeded from the options and
// the stream's length; the Analyzer's draws and the win's positions carry over
// from one request to the next), so a stream that differs only in identities
// the viewer never saw gives the same record. No clock, no thread:
// broadcast/analysis_runner.h runs it beside the live follower.
//
// Bounded (issue 31): what it keeps does not grow with the match beyond the
// stream itself (one copy: the Analyzer's plan, which the win's replays
// share), and a request costs the rows since the last one, not the match so
// far: the replays' matches forget their history (analysis/stream_replay.h),
// and the win probability keeps its positions (analysis::ViewerWin) instead
// of replaying the whole stream on every request. docs/performance.md,
// "Bounded: the analysis beside a long match".

#pragma once
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/deduction.h"
#include "analysis/win_probability.h"
#include "broadcast/on_air_analysis.h"
#include "engine/game.h"

namespace facedown::broadcast {

struct StreamAnalysisOptions {
  analysis::AnalysisOptions deduction;
  analysis::WinOptions win;
  bool win_probability = true;  // false: the deduction only
  // Bound the deduction per game for live use (tune_for_live) once the opening
  // names the game; the options above are used as they are otherwise.
  bool tune_per_game = false;
};

// The live bounds of one game's deduction, the game's own (GameInfo::live_analysis,
// beside its roster), measured in docs/performance.md ("Speed round"): Number Janggi's sampled moments replay at most 2,000 events
// (its p99 per event under 5 ms), Capture Flag's at most 100,000 (its worst
// moment from 478 to about 170 ms); Salpakan and Luzhanqi Mini aim for 800 draws
// (with the battle forest's draws, most sampled results at a standard error of
// 0.02 everywhere) and replay at most 100,000 events an update, Gunjin Shogi at
// most 25,000 ("Battle forest" in docs/performance.md). Other games keep the
// defaults. A bound only widens the error bars it reports.
void tune_for_live(const std::string& game, analysis::AnalysisOptions& options);

// Options bounded for live use: the deduction's defaults tuned per game
// (tune_for_live), and playouts that stop at ±3 points (or 1,100), cheap
// settings of the informed player.
StreamAnalysisOptions live_analysis_options();

class StreamAnalysis {
 public:
  StreamAnalysis(engine::Viewer viewer, StreamAnalysisOptions options, const std::vector<engine::GameInfo>& games);
  StreamAnalysis(StreamAnalysis&&) noexcept;
  StreamAnalysis& operator=(StreamAnalysis&&) noexcept;
  ~StreamAnalysis();

  // The next row: its event JSON (the viewer's projection) and the ply after it.
  // The first must be the Opened row. An unreadable row stops the analysis for
  // this match (the error says which row); nothing aborts.
  void push(int seq, const nlohmann::json& event, int ply);
  // The same with the event already read (the viewer's projection, engine::project).
  void push_event(int seq, engine::Event event, int ply);
  // Rows pushed (the last one's seq: 0 before any).
  int seq() const;
  std::optional<std::string> error() const;

  // The deduction for the stream so far; the win probability too when
  // `with_win` (and the options allow it).
  OnAirAnalysis analyse(bool with_win);
  // The win probability alone, or why it could not be made.
  std::variant<AnalysisWin, std::string> win();

  const engine::GameInfo* info() const;
  const engine::Game* game() const;
  const std::vector<engine::Event>& stream() const;

 private:
  bool open(const std::string& game, const std::string& preset, const nlohmann::json& options, int seq);
  struct State;
  std::unique_ptr<State> s_;
};

// The on-air form of a win probability (nullopt when it could not be made).
std::optional<AnalysisWin> to_on_air(const analysis::WinProbability& w);

}  // namespace facedown::broadcast
