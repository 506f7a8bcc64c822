// The analysis file: the public analysis of a store's matches, kept beside the
// store in a SQLite file of its own (`<store>.analysis`), so that it is computed
// once on a machine and every output (the feed, every overlay, replays) reads
// the same bytes for the same row.
//
// Invariants:
// - The store is never written: the desk stays its only writer, and nothing
//   here can delay a commit (another file, another lock).
// - One worker per match writes (AnalysisWorkerLock: a lock on the match's byte
//   of `<store>.analysis.lock`, released by the kernel when its holder dies,
//   kill -9 included, so another follower of that match takes over); any number
//   read.
// - A record is keyed by (match, view, seq): the row of the viewer's stream it
//   describes. Its body is the analysis record's JSON (broadcast/analysis_record.h);
//   this file never parses it. A record may be replaced (the same row's win
//   probability finished later), never moved to another row.
// - The content is derived: losing it loses nothing (synchronous=NORMAL), and
//   a damaged or foreign file only hides the analysis (a clear error).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "db/error.h"

namespace facedown::db {

using MatchId = std::int64_t;

// `<store>.analysis`: where the analysis of the store at `store_path` is kept.
std::string analysis_path(const std::string& store_path);

class AnalysisFile {
 public:
  // The writer's connection: creates the file (and its schema) when missing.
  static Result<AnalysisFile> open_writer(const std::string& store_path);
  // A reader's: read-only; kNotFound while no worker has created it yet.
  static Result<AnalysisFile> open_reader(const std::string& store_path);
  AnalysisFile(AnalysisFile&&) noexcept;
  AnalysisFile& operator=(AnalysisFile&&) noexcept;
  ~AnalysisFile();

  // Writes (or replaces) the record of one row.
  Failure put(MatchId match, const std::string& view, int seq, const std::string& body);
  // The record of exactly that row; nullopt when there is none (yet).
  Result<std::optional<std::string>> get(MatchId match, const std::string& view, int seq);
  // The last row with a record (0: none).
  Result<int> last_seq(MatchId match, const std::string& view);
  // Changes whenever another connection committed (PRAGMA data_version).
  Result<std::int64_t> data_version();
  const std::string& path() const;

 private:
  struct Impl;
  explicit AnalysisFile(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The one-worker lock of one match. try_take never waits: nullopt while another
// process (or another AnalysisWorkerLock in this one) holds that match's. An
// open-file-description lock (F_OFD_SETLK) on the byte at offset `match`: one
// file for every match, each lock owned by its own descriptor, so two holders
// in one process exclude each other as two processes do.
class AnalysisWorkerLock {
 public:
  static std::optional<AnalysisWorkerLock> try_take(const std::string& store_path, MatchId match);
  AnalysisWorkerLock(AnalysisWorkerLock&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  AnalysisWorkerLock& operator=(AnalysisWorkerLock&& o) noexcept;
  ~AnalysisWorkerLock();

 private:
  explicit AnalysisWorkerLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace facedown::db
