// AnalysisRecords: the analysis as it aired, read back from the analysis file
// beside the store (db/analysis_file.h) by (match, row). Every output that
// shows an analysis reads it here, live or in a replay, so the same row shows
// the same bytes everywhere (broadcast/analysis_runner.h writes them).
//
// Invariants: at(match, seq) is the record of exactly that row or null, never
// another row's; it never waits for an analysis and never throws (a missing,
// busy, damaged or foreign file is null: the analysis elements stay off,
// everything else stays on air); safe from any thread.
#pragma once
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "broadcast/on_air_analysis.h"
#include "db/analysis_file.h"

namespace facedown::broadcast {

class AnalysisRecords {
 public:
  explicit AnalysisRecords(std::string store_path);
  // The public record of row `seq` of `match`, or null.
  std::shared_ptr<const OnAirAnalysis> at(std::int64_t match, int seq) const;

 private:
  std::string store_path_;
  mutable std::mutex mu_;
  mutable std::optional<db::AnalysisFile> file_;
  mutable std::int64_t version_ = -1;
  mutable std::chrono::steady_clock::time_point next_open_{};
  // Records read since the file last changed (a row's record may be replaced:
  // its win probability finishing), by (match, seq); null: none there.
  mutable std::map<std::pair<std::int64_t, int>, std::shared_ptr<const OnAirAnalysis>> read_;
};

}  // namespace facedown::broadcast
