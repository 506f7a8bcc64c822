#include "broadcast/analysis_records.h"

#include "broadcast/analysis_record.h"

namespace facedown::broadcast {

namespace {

// Records kept between changes of the file (a painter asks for one or two rows).
constexpr std::size_t kReadKept = 64;

}  // namespace

AnalysisRecords::AnalysisRecords(std::string store_path) : store_path_(std::move(store_path)) {}

std::shared_ptr<const OnAirAnalysis> AnalysisRecords::at(std::int64_t match, int seq) const {
  if (match <= 0 || seq <= 0) return nullptr;
  std::lock_guard lock(mu_);
  const auto now = std::chrono::steady_clock::now();
  if (!file_) {
    if (now < next_open_) return nullptr;
    next_open_ = now + std::chrono::milliseconds(250);  // no file yet: not tried 60 times a second
    auto opened = db::AnalysisFile::open_reader(store_path_);
    if (!std::holds_alternative<db::AnalysisFile>(opened)) return nullptr;
    file_.emplace(std::move(std::get<db::AnalysisFile>(opened)));
    version_ = -1;
  }
  auto dv = file_->data_version();
  auto* v = std::get_if<std::int64_t>(&dv);
  if (!v) {
    file_.reset();  // damaged or vanished: opened again later
    read_.clear();
    return nullptr;
  }
  if (*v != version_) {
    version_ = *v;
    read_.clear();
  }
  const auto key = std::make_pair(match, seq);
  if (auto it = read_.find(key); it != read_.end()) return it->second;
  auto got = file_->get(match, kPublicRecords, seq);
  auto* body = std::get_if<std::optional<std::string>>(&got);
  if (!body) return nullptr;  // busy: asked again next frame
  std::shared_ptr<const OnAirAnalysis> record;
  if (*body)
    if (auto a = record_from_text(**body); a && a->seq == seq) record = std::make_shared<const OnAirAnalysis>(std::move(*a));
  if (read_.size() >= kReadKept) read_.clear();
  read_.emplace(key, record);
  return record;
}

}  // namespace facedown::broadcast
