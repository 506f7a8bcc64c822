#include "feed/live_follower.h"

#include "broadcast/elements.h"
#include "feed/on_air_json.h"

namespace facedown::feed {

namespace {

std::int64_t system_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

db::Result<std::unique_ptr<LiveFollower>> LiveFollower::start(FollowOptions options) {
  auto opened = db::PublicReader::open(options.db_path);
  if (auto* e = std::get_if<db::StoreError>(&opened)) return *e;
  auto& reader = std::get<db::PublicReader>(opened);
  if (options.match) {
    auto m = reader.match(*options.match);
    if (auto* e = std::get_if<db::StoreError>(&m)) return *e;
  }
  std::unique_ptr<LiveFollower> f(new LiveFollower(std::move(options), std::move(reader)));
  if (f->options_.analysis) {
    broadcast::RunnerOptions ro;
    ro.db_path = f->options_.db_path;
    ro.match = [p = f.get()] { return p->match(); };
    ro.analysis = *f->options_.analysis;
    ro.delay = f->options_.analysis_delay;
    auto runner = broadcast::AnalysisRunner::start(std::move(ro));
    if (auto* e = std::get_if<db::StoreError>(&runner)) return *e;
    f->runner_ = std::move(std::get<std::unique_ptr<broadcast::AnalysisRunner>>(runner));
  }
  f->poll_once(true);
  f->thread_ = std::thread([p = f.get()] { p->run(); });
  return f;
}

LiveFollower::LiveFollower(FollowOptions options, db::PublicReader reader)
    : options_(std::move(options)), reader_(std::move(reader)) {}

LiveFollower::~LiveFollower() { stop(); }

void LiveFollower::stop() {
  stopping_ = true;
  log_.stop();
  if (thread_.joinable()) thread_.join();
  if (runner_) runner_->stop();
}

std::shared_ptr<const broadcast::OnAirAnalysis> LiveFollower::analysis_on_air(const broadcast::OnAirModel& m) const {
  // The record of the row whose board is on air (the held row while held).
  return runner_ ? runner_->at(m.match, m.last_seq) : nullptr;
}

std::int64_t LiveFollower::now_ms() const { return options_.wall_clock_ms ? options_.wall_clock_ms() : system_ms(); }

void LiveFollower::run() {
  auto last_forced = std::chrono::steady_clock::now();
  while (!stopping_) {
    std::this_thread::sleep_for(options_.poll);
    const auto now = std::chrono::steady_clock::now();
    const bool force = now - last_forced >= options_.phase_check;
    if (force) last_forced = now;
    poll_once(force);
  }
}

void LiveFollower::push(EventId id, const nlohmann::json& doc) {
  last_signature_ = phase_signature(doc);
  last_id_ = id;
  log_.push(Message{id, doc.dump()});
}

void LiveFollower::poll_once(bool force) {
  auto dv = reader_.data_version();
  auto* v = std::get_if<std::int64_t>(&dv);
  if (!v) return;  // a busy or vanished file: try again next poll
  if (*v != data_version_) {
    data_version_ = *v;
    read_changes();
  } else if (!force) {
    return;
  }
  // Time-driven changes after the last row: a battle's next phase, standby, a
  // toast ending. The clocks' running numbers alone are no change.
  if (match_.load() == 0) return;
  model_.analysis = analysis_on_air(model_);  // the row's analysis finishing is a change on air
  nlohmann::json doc = on_air_doc(model_, now_ms(), false, source_.director(), options_.theme.get());
  if (phase_signature(doc) != last_signature_) push(EventId{last_id_.match, last_id_.seq, last_id_.sub + 1}, doc);
}

broadcast::RowHistory LiveFollower::history(bool with_state) {
  const db::MatchId id = match_.load();
  return [this, id, with_state](int after_seq, int up_to_seq, std::size_t limit) {
    std::vector<broadcast::PublicRow> out;
    auto got = reader_.events_after(id, after_seq, static_cast<int>(limit), with_state);
    if (auto* rows = std::get_if<std::vector<db::PublicEventRow>>(&got))
      for (auto& r : *rows)
        if (r.seq <= up_to_seq) out.push_back(to_public_row(std::move(r)));
    return out;
  };
}

broadcast::OnAirModel LiveFollower::on_air_model() {
  broadcast::OnAirModel m = source_.model(history());
  m.analysis = analysis_on_air(m);
  return m;
}

void LiveFollower::read_changes() {
  // Which match: the one asked for, or the newest one.
  db::MatchId want = options_.match.value_or(0);
  if (!options_.match) {
    auto list = reader_.matches();
    if (auto* l = std::get_if<std::vector<db::MatchSummary>>(&list); l && !l->empty()) want = l->back().id;
  }
  if (want == 0) {
    if (!log_.latest())
      log_.push(Message{EventId{0, 0, 0}, on_air_text(broadcast::OnAirModel{}, now_ms(), false, {}, options_.theme.get())});
    return;
  }
  if (want != match_.load()) {
    source_.restart(want);
    last_cue_ = 0;
    model_ = broadcast::OnAirModel{};
    last_signature_.clear();
    last_id_ = EventId{want, 0, 0};
    match_ = want;
  }
  auto seals = reader_.seals(want);
  if (auto* s = std::get_if<std::vector<db::PublicSeal>>(&seals)) source_.set_commitments(to_commitments(*s));
  auto beat = reader_.heartbeat(want);
  if (auto* b = std::get_if<std::optional<db::Heartbeat>>(&beat)) {
    if (*b)
      source_.set_heartbeat(broadcast::DeskHeartbeat{static_cast<double>((*b)->match_ms) / 1000.0,
                                                     static_cast<double>((*b)->wall_ms) / 1000.0});
    else
      source_.set_heartbeat(std::nullopt);
  }
  // The director's cues, and the picture's hold: the console's (H) or a cue's.
  auto cued = reader_.cues(want, last_cue_);
  if (auto* c = std::get_if<std::vector<db::CueRow>>(&cued); c && !c->empty()) {
    std::vector<broadcast::CueRecord> more;
    for (const auto& r : *c) more.push_back({r.id, r.seq, static_cast<double>(r.wall_ms) / 1000.0, r.cue});
    last_cue_ = c->back().id;
    source_.add_cues(more);
  }
  auto hold = reader_.on_air_hold(want);
  if (auto* h = std::get_if<std::optional<db::OnAirHold>>(&hold)) source_.set_desk_hold(to_presentation(*h));
  const bool first = source_.last_seq() == 0;
  const auto on_hold = source_.hold();
  const bool held = on_hold && on_hold->held;
  const auto history = this->history();
  int last = 0;  // the last new row read
  if (first) {
    // A match already under way: its events, and only the few public states
    // the model needs (broadcast::catch_up), not every row's.
    broadcast::catch_up(source_.follower(), this->history(false), history, history);
    last = source_.last_seq();
  }
  // New rows in chunks: a first read of a long match never holds it all.
  constexpr int kChunk = 512;
  for (;;) {
    auto fresh = reader_.events_after(want, source_.last_seq(), kChunk);
    auto* got = std::get_if<std::vector<db::PublicEventRow>>(&fresh);
    if (!got || got->empty()) break;
    for (auto& row : *got) {
      last = row.seq;
      source_.add(to_public_row(std::move(row)), history);
      // One message per new row; on the first read of a match only the latest
      // (the full model, below): no client can have missed what came before
      // the feed saw it. Held: new rows wait off air; one message names the
      // latest row read.
      if (!first && !held) {
        model_ = on_air_model();
        push(EventId{want, last, 0}, on_air_doc(model_, now_ms(), false, source_.director(), options_.theme.get()));
      }
    }
    if (static_cast<int>(got->size()) < kChunk) break;
  }
  model_ = on_air_model();
  // Seals, the heartbeat or the hold moved and no row: the same rows, a
  // fresher model (a change on air is then found by the phase check).
  if (last > 0 && (first || held))
    push(EventId{want, last, 0}, on_air_doc(model_, now_ms(), false, source_.director(), options_.theme.get()));
}

}  // namespace facedown::feed
