#include "broadcast/analysis_runner.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace facedown::broadcast {

db::Result<std::unique_ptr<AnalysisRunner>> AnalysisRunner::start(RunnerOptions options) {
  auto opened = db::PublicReader::open(options.db_path);
  if (auto* e = std::get_if<db::StoreError>(&opened)) return *e;
  std::unique_ptr<AnalysisRunner> r(
      new AnalysisRunner(std::move(options), std::move(std::get<db::PublicReader>(opened))));
  r->thread_ = std::thread([p = r.get()] { p->run(); });
  return r;
}

AnalysisRunner::AnalysisRunner(RunnerOptions options, db::PublicReader reader)
    : options_(std::move(options)), reader_(std::move(reader)) {}

AnalysisRunner::~AnalysisRunner() { stop(); }

void AnalysisRunner::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

std::shared_ptr<const OnAirAnalysis> AnalysisRunner::latest(db::MatchId match, int seq) const {
  std::lock_guard lock(mu_);
  if (match != results_match_) return nullptr;
  for (auto it = results_.rbegin(); it != results_.rend(); ++it)
    if ((*it)->seq <= seq) return *it;
  return nullptr;
}

void AnalysisRunner::publish(OnAirAnalysis record) {
  if (!record.win && !record.win_error && (last_win_ || last_win_error_)) {
    // The last finished win probability (or why it failed), with the row it belongs to.
    record.win = last_win_;
    record.win_error = last_win_error_;
    record.win_seq = last_win_seq_;
    record.win_ply = last_win_ply_;
  }
  auto shared = std::make_shared<const OnAirAnalysis>(std::move(record));
  {
    std::lock_guard lock(mu_);
    if (results_match_ != match_) {
      results_.clear();
      results_match_ = match_;
    }
    while (!results_.empty() && results_.back()->seq >= shared->seq) results_.pop_back();
    results_.push_back(std::move(shared));
    while (results_.size() > options_.keep) results_.pop_front();
  }
  ++finished_;
}

bool AnalysisRunner::read_rows(db::MatchId id) {
  bool any = false;
  constexpr int kChunk = 512;
  for (;;) {
    auto got = reader_.events_after(id, stream_->seq(), kChunk, true);
    auto* rows = std::get_if<std::vector<db::PublicEventRow>>(&got);
    if (!rows || rows->empty()) break;
    for (const auto& r : *rows) {
      const int ply = r.state.is_object() ? r.state.value("ply", 0) : 0;
      stream_->push(r.seq, r.event, ply);
      any = true;
    }
    if (stream_->error() || static_cast<int>(rows->size()) < kChunk) break;
  }
  return any;
}

void AnalysisRunner::run() {
#ifdef __linux__
  // The on-air thread comes first: this one takes what the cores have left.
  if (options_.lower_priority) setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
#endif
  while (!stopping_) {
    db::MatchId want = 0;
    if (options_.match) {
      want = options_.match();
    } else if (auto list = reader_.matches(); auto* l = std::get_if<std::vector<db::MatchSummary>>(&list)) {
      if (!l->empty()) want = l->back().id;
    }
    if (want != 0 && want != match_) {
      match_ = want;
      current_ = want;
      stream_.emplace(engine::kPublic, options_.analysis, games_);
      last_win_.reset();
      last_win_error_.reset();
      last_win_seq_ = last_win_ply_ = 0;
    }
    if (match_ == 0 || !stream_ || stream_->error()) {
      std::this_thread::sleep_for(options_.poll);
      continue;
    }
    if (!read_rows(match_)) {
      std::this_thread::sleep_for(options_.poll);
      continue;
    }
    // The deduction first (fast), then the win probability, unless rows came
    // meanwhile (then the newer deduction goes first again).
    publish(stream_->analyse(false));
    if (stopping_ || !options_.analysis.win_probability) continue;
    auto more = reader_.events_after(match_, stream_->seq(), 1, false);
    if (auto* rows = std::get_if<std::vector<db::PublicEventRow>>(&more); rows && !rows->empty()) continue;
    const int seq = stream_->seq();
    auto w = stream_->win();
    last_win_.reset();
    last_win_error_.reset();
    if (auto* ok = std::get_if<AnalysisWin>(&w)) last_win_ = *ok;
    else last_win_error_ = std::get<std::string>(w);
    last_win_seq_ = seq;
    auto latest = this->latest(match_, seq);
    if (latest && latest->seq == seq) {
      OnAirAnalysis again = *latest;
      again.win = last_win_;
      again.win_error = last_win_error_;
      again.win_seq = seq;
      again.win_ply = again.ply;
      last_win_ply_ = again.ply;
      publish(std::move(again));
    }
  }
}

}  // namespace facedown::broadcast
