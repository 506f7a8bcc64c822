// PublicFeed: follows one match of the store through the public reader (the
// connection that cannot read a secret row), for the live overlay and replay.
// It survives everything the studio can throw at it: the file not existing yet
// (it says so and keeps trying), the console crashing mid-write (SQLite commits
// whole transactions; the feed just sees no new rows), the file being replaced
// or unreadable (it closes and reopens). poll() is cheap when nothing changed:
// one `PRAGMA data_version`.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "broadcast/public_row.h"

namespace facedown::db {
class PublicReader;
}

namespace facedown::broadcast {

class PublicFeed final : public RowSource {
 public:
  // match: follow this match id; nullopt: follow the latest match (switching
  // when a newer one is created).
  PublicFeed(std::string path, std::optional<std::int64_t> match);
  ~PublicFeed();
  PublicFeed(const PublicFeed&) = delete;
  PublicFeed& operator=(const PublicFeed&) = delete;

  // Opens the file if needed, checks data_version and reads new rows. Returns
  // true when rows, seals or the followed match changed (the caller redraws).
  bool poll() override;

  const std::vector<PublicRow>& rows() const override { return rows_; }
  std::array<std::optional<SetupCommitment>, 2> commitments() const override { return commitments_; }
  std::optional<std::int64_t> match() const override { return current_; }
  // Rows read by the last poll that changed them; 0 after a switch of match.
  std::size_t fresh_from() const { return fresh_from_; }
  // What the feed waits for, with the file's path: for the logs, never on air.
  std::string message() const override { return message_; }
  std::uint64_t generation() const override { return generation_; }
  std::optional<DeskHeartbeat> heartbeat() const override { return heartbeat_; }
  std::optional<Presentation> presentation() const override { return presentation_; }
  std::vector<CueRecord> cues() const override { return cues_; }
  bool connected() const { return reader_ != nullptr; }

 private:
  bool read_new();
  void disconnect(std::string why);
  // The file's identity (device, inode) now; nullopt when it cannot be read.
  std::optional<std::pair<std::uint64_t, std::uint64_t>> file_identity() const;

  std::string path_;
  std::optional<std::int64_t> wanted_;
  std::optional<std::int64_t> current_;
  std::unique_ptr<db::PublicReader> reader_;
  std::optional<std::int64_t> data_version_;
  std::vector<PublicRow> rows_;
  std::array<std::optional<SetupCommitment>, 2> commitments_;
  std::optional<DeskHeartbeat> heartbeat_;
  std::optional<Presentation> presentation_;  // the director's hold (db presentation table)
  std::vector<CueRecord> cues_;               // the director's cues (db cues table), read so far
  std::size_t fresh_from_ = 0;
  std::uint64_t generation_ = 0;
  std::string message_;
  // Reopening is throttled (a broken file must not be reopened 60 times a
  // second), and the file's identity is rechecked now and then: a store deleted
  // and created again under the same name is a new file the old connection
  // would never see.
  double next_open_ = 0;
  double next_identity_check_ = 0;
  std::optional<std::pair<std::uint64_t, std::uint64_t>> identity_;
};


}  // namespace facedown::broadcast
