#include "broadcast/public_wins.h"

#include "broadcast/analysis_record.h"

namespace facedown::broadcast {

namespace {

// A step win's stored body: an analysis record holding the win alone, its
// deduction explicitly absent (`error`), so no reader can take it for one.
constexpr const char* kWinOnly = "win probability only: computed for a replay graph";

std::string step_win_text(int seq, int ply, const PublicWin& w) {
  OnAirAnalysis a;
  a.seq = seq;
  a.ply = ply;
  a.win = w.win;
  a.win_error = w.win ? std::nullopt : std::optional<std::string>(w.error.value_or("no win probability"));
  a.win_seq = seq;
  a.win_ply = ply;
  a.error = kWinOnly;
  return record_json(a).dump();
}

std::optional<PublicWin> step_win_from(const std::optional<std::string>& body, int seq, bool aired) {
  if (!body) return std::nullopt;
  auto a = record_from_text(*body);
  if (!a || a->seq != seq || a->win_seq != seq || (!a->win && !a->win_error)) return std::nullopt;
  return PublicWin{a->win, a->win ? std::nullopt : a->win_error, aired};
}

std::optional<PublicWin> read(db::AnalysisFile& file, db::MatchId match, int seq) {
  auto aired = file.get(match, kPublicRecords, seq);
  if (auto* body = std::get_if<std::optional<std::string>>(&aired))
    if (auto w = step_win_from(*body, seq, true)) return w;
  auto kept = file.get(match, kPublicStepWins, seq);
  if (auto* body = std::get_if<std::optional<std::string>>(&kept)) return step_win_from(*body, seq, false);
  return std::nullopt;
}

}  // namespace

PublicWins::PublicWins(std::string store_path, db::MatchId match) : store_path_(std::move(store_path)), match_(match) {}
PublicWins::PublicWins(PublicWins&&) noexcept = default;
PublicWins& PublicWins::operator=(PublicWins&&) noexcept = default;
PublicWins::~PublicWins() = default;

bool PublicWins::open_reader() {
  if (reader_) return true;
  auto opened = db::AnalysisFile::open_reader(store_path_);
  if (!std::holds_alternative<db::AnalysisFile>(opened)) return false;  // none yet: computed
  reader_.emplace(std::move(std::get<db::AnalysisFile>(opened)));
  return true;
}

std::optional<PublicWin> PublicWins::find(int seq) {
  if (match_ <= 0 || seq <= 0 || !open_reader()) return std::nullopt;
  return read(*reader_, match_, seq);
}

PublicWin PublicWins::keep(int seq, int ply, PublicWin computed, bool match_ended) {
  computed.aired = false;
  if (!match_ended || match_ <= 0 || seq <= 0) return computed;
  // The match's worker for this one write; a live worker (or another output
  // keeping a step) holds it otherwise, and this output shows its own number.
  auto lock = db::AnalysisWorkerLock::try_take(store_path_, match_);
  if (!lock) return computed;
  if (!writer_) {
    auto opened = db::AnalysisFile::open_writer(store_path_);
    if (!std::holds_alternative<db::AnalysisFile>(opened)) return computed;
    writer_.emplace(std::move(std::get<db::AnalysisFile>(opened)));
  }
  if (auto there = read(*writer_, match_, seq)) return *there;  // kept (or aired) first elsewhere
  writer_->put(match_, kPublicStepWins, seq, step_win_text(seq, ply, computed));
  return computed;
}

}  // namespace facedown::broadcast
