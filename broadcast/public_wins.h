// PublicWins: the public win probability at a stored match's move steps, for
// the replay graphs (the console's, console/replay_graph.h; the replay page's,
// feed/replay_analysis.h), read from the analysis file beside the store
// (db/analysis_file.h) so that every output shows the same bytes for the same
// row: the number that aired at a row is the one its graph point shows.
//
// Where a row has no aired win of its own (the match was played with the
// analysis off, the live worker skipped the row, or its record carries an
// earlier row's win), the caller computes it, and keep() writes it to the file
// as a step win (view kPublicStepWins, never the aired records' view, so a
// replay of what aired still shows nothing there) when this process may be
// the match's worker: the match has ended (nothing live will analyse it again)
// and no one holds its db::AnalysisWorkerLock, taken for that one write. Later
// graphs of the match, in any process, read it instead of computing it: once
// per machine. A match in play keeps its lock for its live worker, so a step
// computed for it is shown but not kept.
//
// Invariants: only the public view, from public rows only, is ever read or
// written here (the referee's and the players' lines never reach the file);
// an aired record is never replaced; of two outputs that computed one step
// the first kept wins, and keep() returns it to the second; a missing, busy
// or damaged file only means computing (nothing throws).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "broadcast/on_air_analysis.h"
#include "db/analysis_file.h"

namespace facedown::broadcast {

// The analysis file's view for step wins computed for replays (the public's).
inline constexpr const char* kPublicStepWins = "public-win";

struct PublicWin {
  std::optional<AnalysisWin> win;    // null: it could not be made (error says why)
  std::optional<std::string> error;
  bool aired = false;                // the aired record's; false: computed for replays
  bool operator==(const PublicWin&) const = default;
};

class PublicWins {
 public:
  PublicWins(std::string store_path, db::MatchId match);
  PublicWins(PublicWins&&) noexcept;
  PublicWins& operator=(PublicWins&&) noexcept;
  ~PublicWins();

  // The win of row `seq` as the file has it: the aired record's own (its
  // win_seq is that row), else a step win kept earlier; nullopt: neither.
  std::optional<PublicWin> find(int seq);
  // A win computed for row `seq` (find() had none): written as the row's step
  // win when the match has ended and its lock is free. Returns what every
  // output shows for that row: the file's when another output kept one first.
  PublicWin keep(int seq, int ply, PublicWin computed, bool match_ended);

 private:
  bool open_reader();
  std::string store_path_;
  db::MatchId match_ = 0;
  std::optional<db::AnalysisFile> reader_, writer_;
};

}  // namespace facedown::broadcast
