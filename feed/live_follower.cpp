#include "feed/live_follower.h"

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
}

std::int64_t LiveFollower::now_ms() const { return options_.wall_clock_ms ? options_.wall_clock_ms() : system_ms(); }

void LiveFollower::run() {
  // Standby is a matter of time passing, so it is looked at a few times a second
  // even when nothing was committed.
  auto last_forced = std::chrono::steady_clock::now();
  while (!stopping_) {
    std::this_thread::sleep_for(options_.poll);
    const auto now = std::chrono::steady_clock::now();
    const bool force = now - last_forced > std::chrono::milliseconds(250);
    if (force) last_forced = now;
    poll_once(force);
  }
}

void LiveFollower::poll_once(bool force) {
  auto dv = reader_.data_version();
  if (auto* v = std::get_if<std::int64_t>(&dv)) {
    if (*v == data_version_ && !force) return;
    const bool changed = *v != data_version_;
    data_version_ = *v;
    if (changed) {
      // Which match: the one asked for, or the newest one.
      db::MatchId want = options_.match.value_or(0);
      if (!options_.match) {
        auto list = reader_.matches();
        if (auto* l = std::get_if<std::vector<db::MatchSummary>>(&list); l && !l->empty()) want = l->back().id;
      }
      if (want == 0) {
        if (!log_.latest()) log_.push(Message{EventId{0, 0, 0}, waiting_json()});
        return;
      }
      if (want != match_.load()) {
        rows_.clear();
        seals_.clear();
        last_data_.clear();
        last_id_ = EventId{want, 0, 0};
        match_ = want;
      }
      auto summary = reader_.match(want);
      if (auto* s = std::get_if<db::MatchSummary>(&summary)) summary_ = *s;
      else return;
      auto seals = reader_.seals(want);
      if (auto* s = std::get_if<std::vector<db::PublicSeal>>(&seals)) seals_ = std::move(*s);
      auto beat = reader_.heartbeat(want);
      if (auto* b = std::get_if<std::optional<db::Heartbeat>>(&beat)) heartbeat_ = *b;
      const int after = rows_.empty() ? 0 : rows_.back().seq;
      auto fresh = reader_.events_after(want, after);
      if (auto* r = std::get_if<std::vector<db::PublicEventRow>>(&fresh)) {
        const bool first = rows_.empty();
        const std::size_t before = rows_.size();
        for (auto& row : *r) rows_.push_back(std::move(row));
        const bool standby = heartbeat_ && now_ms() - heartbeat_->wall_ms > options_.standby_after_ms;
        // One message per new row; on the first read only the latest (the full
        // model), since no client can have missed what came before the feed.
        for (std::size_t i = first ? (rows_.empty() ? 0 : rows_.size() - 1) : before; i < rows_.size(); ++i) {
          OnAirInput in{&summary_, &rows_, i + 1, &seals_, standby};
          last_data_ = on_air_json(in);
          last_id_ = EventId{want, rows_[i].seq, 0};
          log_.push(Message{last_id_, last_data_});
        }
        if (rows_.empty() && !log_.latest()) {
          OnAirInput in{&summary_, &rows_, 0, &seals_, standby};
          last_data_ = on_air_json(in);
          log_.push(Message{last_id_, last_data_});
        }
      }
    }
    if (match_.load() == 0) return;
  } else {
    return;  // a busy or vanished file: try again next poll
  }
  // Time-driven changes at the same row: standby, seals opened by a later read.
  const bool standby = heartbeat_ && now_ms() - heartbeat_->wall_ms > options_.standby_after_ms;
  OnAirInput in{&summary_, &rows_, rows_.size(), &seals_, standby};
  std::string data = on_air_json(in);
  if (data != last_data_) {
    last_data_ = std::move(data);
    ++last_id_.sub;
    log_.push(Message{last_id_, last_data_});
  }
}

}  // namespace facedown::feed
