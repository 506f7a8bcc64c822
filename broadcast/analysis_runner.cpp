#include "broadcast/analysis_runner.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "broadcast/analysis_record.h"
#include "broadcast/win_shown.h"

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
    : options_(std::move(options)), reader_(std::move(reader)), records_(options_.db_path) {}

AnalysisRunner::~AnalysisRunner() { stop(); }

void AnalysisRunner::stop() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

std::shared_ptr<const OnAirAnalysis> AnalysisRunner::at(db::MatchId match, int seq) const {
  return records_.at(match, seq);
}

void AnalysisRunner::publish(OnAirAnalysis record) {
  if (!record.win && !record.win_error && (last_win_ || last_win_error_)) {
    // The last finished win probability (or why it failed), with the row it belongs to.
    record.win = last_win_;
    record.win_error = last_win_error_;
    record.win_seq = last_win_seq_;
    record.win_ply = last_win_ply_;
  }
  if (!writer_) return;
  if (options_.delay.count() > 0) std::this_thread::sleep_for(options_.delay);
  // A record that cannot be written (a full disk) is not shown: the analysis
  // elements stay off, everything else stays on air.
  if (!writer_->put(match_, kPublicRecords, record.seq, record_json(record).dump())) ++finished_;
  last_ = std::move(record);
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

void AnalysisRunner::follow(db::MatchId want) {
  if (want == match_) return;
  match_ = want;
  current_ = want;
  lock_.reset();
  working_ = false;
  stream_.reset();
  last_.reset();
  last_win_.reset();
  last_win_error_.reset();
  last_win_seq_ = last_win_ply_ = 0;
  next_try_ = {};
}

void AnalysisRunner::work() {
  if (!lock_) {
    const auto now = std::chrono::steady_clock::now();
    if (now < next_try_) return;
    next_try_ = now + options_.takeover;
    lock_ = db::AnalysisWorkerLock::try_take(options_.db_path, match_);
    if (!lock_) return;
    if (!writer_) {
      auto opened = db::AnalysisFile::open_writer(options_.db_path);
      if (!std::holds_alternative<db::AnalysisFile>(opened)) {
        lock_.reset();  // cannot write beside the store: another runner may
        return;
      }
      writer_.emplace(std::move(std::get<db::AnalysisFile>(opened)));
    }
    working_ = true;
    stream_.emplace(engine::kPublic, options_.analysis, games_);
    resume_shown();
  }
  if (!stream_ || stream_->error() || !read_rows(match_)) return;
  // The deduction first (fast), then the win probability, unless rows came
  // meanwhile (then the newer deduction goes first again).
  publish(stream_->analyse(false));
  if (stopping_ || !options_.analysis.win_probability) return;
  auto more = reader_.events_after(match_, stream_->seq(), 1, false);
  if (auto* rows = std::get_if<std::vector<db::PublicEventRow>>(&more); rows && !rows->empty()) return;
  const int seq = stream_->seq();
  auto w = stream_->win();
  last_win_error_.reset();
  // The bar's shown value, folded (win_shown.h): it moves only when the new
  // estimate leaves the shown one's interval. A failure shows no bar and
  // starts the fold again.
  if (auto* ok = std::get_if<AnalysisWin>(&w)) {
    last_win_ = fold_shown_win(last_win_, *ok);
  } else {
    last_win_.reset();
    last_win_error_ = std::get<std::string>(w);
  }
  last_win_seq_ = seq;
  if (last_ && last_->seq == seq) {
    OnAirAnalysis again = *last_;
    again.win = last_win_;
    again.win_error = last_win_error_;
    again.win_seq = seq;
    again.win_ply = again.ply;
    last_win_ply_ = again.ply;
    publish(std::move(again));
  }
}

void AnalysisRunner::resume_shown() {
  // A worker taking over (the last one died) goes on from the shown value
  // the file's newest record of the match carries, so the fold is one over
  // the match's records whoever wrote them.
  auto last = writer_->last_seq(match_, kPublicRecords);
  const int* seq = std::get_if<int>(&last);
  if (!seq || *seq <= 0) return;
  auto got = writer_->get(match_, kPublicRecords, *seq);
  auto* body = std::get_if<std::optional<std::string>>(&got);
  if (!body || !*body) return;
  auto a = record_from_text(**body);
  if (!a || (!a->win && !a->win_error)) return;
  last_win_ = a->win;
  last_win_error_ = a->win_error;
  last_win_seq_ = a->win_seq;
  last_win_ply_ = a->win_ply;
}

void AnalysisRunner::watch_file() {
  if (!watcher_) {
    auto opened = db::AnalysisFile::open_reader(options_.db_path);
    if (!std::holds_alternative<db::AnalysisFile>(opened)) return;
    watcher_.emplace(std::move(std::get<db::AnalysisFile>(opened)));
  }
  auto dv = watcher_->data_version();
  auto* v = std::get_if<std::int64_t>(&dv);
  if (!v) {
    watcher_.reset();
    return;
  }
  if (*v != watched_version_) {
    watched_version_ = *v;
    ++version_;
  }
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
    follow(want);
    const std::uint64_t before = finished_.load();
    if (match_ != 0) work();
    watch_file();
    if (finished_.load() == before) std::this_thread::sleep_for(options_.poll);
  }
}

}  // namespace facedown::broadcast
