// LoadedRows: a finished read of one match's public rows, seals and cues, as a
// RowSource for the replay session (a clip reads the store once, then renders
// from memory; tests hand rows they made).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "broadcast/public_row.h"

namespace facedown::clip {

class LoadedRows final : public broadcast::RowSource {
 public:
  explicit LoadedRows(std::vector<broadcast::PublicRow> rows,
                      std::array<std::optional<broadcast::SetupCommitment>, 2> seals = {},
                      std::vector<broadcast::CueRecord> cues = {}, std::int64_t match = 0)
      : rows_(std::move(rows)), seals_(std::move(seals)), cues_(std::move(cues)), match_(match) {}
  bool poll() override {
    const bool first = !polled_;
    polled_ = true;
    return first;
  }
  const std::vector<broadcast::PublicRow>& rows() const override { return rows_; }
  std::array<std::optional<broadcast::SetupCommitment>, 2> commitments() const override { return seals_; }
  std::string message() const override { return {}; }
  std::vector<broadcast::CueRecord> cues() const override { return cues_; }
  std::optional<std::int64_t> match() const override { return match_; }

 private:
  std::vector<broadcast::PublicRow> rows_;
  std::array<std::optional<broadcast::SetupCommitment>, 2> seals_;
  std::vector<broadcast::CueRecord> cues_;
  std::int64_t match_ = 0;
  bool polled_ = false;
};

}  // namespace facedown::clip
