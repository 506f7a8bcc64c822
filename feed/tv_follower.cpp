#include "feed/tv_follower.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "broadcast/director_json.h"
#include "codec/json.h"

namespace facedown::feed {

db::Result<std::unique_ptr<TvFollower>> TvFollower::start(TvOptions options) {
  db::DelayedReaderOptions ro;
  ro.delay_ms = options.delay_ms;
  ro.wall_clock_ms = options.wall_clock_ms;
  auto opened = db::DelayedReader::open(options.db_path, ro);
  if (auto* e = std::get_if<db::StoreError>(&opened)) return *e;
  std::unique_ptr<TvFollower> f(new TvFollower(std::move(options), std::move(std::get<db::DelayedReader>(opened))));
  if (f->options_.analysis) f->analysis_ = std::make_unique<TvAnalysis>(*f->options_.analysis, f->options_.db_path, f->options_.theme);
  f->poll_once();
  f->thread_ = std::thread([p = f.get()] { p->run(); });
  return f;
}

TvFollower::TvFollower(TvOptions options, db::DelayedReader reader)
    : options_(std::move(options)), reader_(std::move(reader)) {}

TvFollower::~TvFollower() { stop(); }

void TvFollower::stop() {
  stopping_ = true;
  log_.stop();
  if (thread_.joinable()) thread_.join();
  if (analysis_) analysis_->stop();
}

void TvFollower::release_analyses() {
  if (!analysis_) return;
  for (auto& a : analysis_->take_finished()) {
    const std::int64_t match = a.value("match", std::int64_t{0});
    if (match != match_ || released_ == 0) continue;  // a match the cut has left
    nlohmann::json j = {{"match", match},
                        {"seq", released_},
                        {"type", "analysis"},
                        {"analysis", std::move(a)},
                        {"director", broadcast::director_json(director_)}};
    log_.push(Message{EventId{match, released_, ++cue_sub_}, j.dump()});
  }
}

void TvFollower::run() {
  while (!stopping_) {
    std::this_thread::sleep_for(options_.poll);
    poll_once();
  }
}

void TvFollower::follow(db::MatchId id) {
  match_ = id;
  released_ = 0;
  cues_.clear();
  last_cue_ = 0;
  cue_sub_ = 0;
  director_ = broadcast::DirectorState{};
  game_.reset();
  live_.reset();
  problem_.clear();
}

// The TV picture is the live picture D later, so it changes match when the
// live one did, D later: the current match goes on releasing (its last events,
// its result) until the next match's opening is itself released, and only then
// does the feed follow the next match.
void TvFollower::poll_once() {
  const db::MatchId want = options_.match ? options_.match() : 0;
  if (want == 0) return;
  if (match_ == 0) follow(want);
  if (want == match_) {
    next_.clear();  // the live feed came back: nothing to hand over to
  } else if (want > match_) {
    // Every match opened after the one on air, up to the live feed's, in
    // order: the live feed can pass a match by between two of these polls (one
    // opened and played within them, or never followed live at all), and the
    // cut airs it all the same. Ids that name no match are dropped below.
    for (db::MatchId id = std::max(match_, next_.empty() ? db::MatchId{0} : next_.back()) + 1; id <= want; ++id)
      next_.push_back(id);
  } else if (next_.empty() || next_.back() != want) {
    next_.push_back(want);  // back to an older match (never with --latest)
  }
  release_current();
  auto opening_released = [this](db::MatchId id) {
    auto opened = reader_.released_after(id, 0, 1);
    auto* first = std::get_if<std::vector<db::ReleasedEvent>>(&opened);
    return first && !first->empty();
  };
  while (!next_.empty()) {
    if (!opening_released(next_.front())) {
      // Matches open in id order, so a later queued match out while this one
      // is not means this id holds no match (or none with events): skip it.
      const bool later_out = std::any_of(std::next(next_.begin()), next_.end(), opening_released);
      if (!later_out) break;
      next_.pop_front();
      continue;
    }
    // The next opening is out: whatever of this match was committed before it
    // is out too (released since the call above, perhaps); send it, then switch.
    release_current();
    follow(next_.front());
    next_.pop_front();
    release_current();
  }
  release_analyses();
}

void TvFollower::release_cues_before(std::deque<db::CueRow>& cues, std::optional<std::int64_t> before_wall_ms) {
  while (!cues.empty() && (!before_wall_ms || cues.front().wall_ms < *before_wall_ms)) {
    const db::CueRow c = cues.front();
    cues.pop_front();
    cues_.push_back({c.id, c.seq, static_cast<double>(c.wall_ms) / 1000.0, c.cue});
    last_cue_ = c.id;
    director_ = broadcast::fold_cues(cues_);
    nlohmann::json j = {{"match", c.match_id},
                        {"seq", released_},
                        {"type", "cue"},
                        {"cue", {{"id", c.id}, {"seq", c.seq}, {"text", c.cue}}},
                        {"committed_ms", c.wall_ms},
                        {"released_ms", c.wall_ms + reader_.delay_ms()},
                        {"director", broadcast::director_json(director_)}};
    log_.push(Message{EventId{c.match_id, released_, ++cue_sub_}, j.dump()});
  }
}

void TvFollower::release_current() {
  if (!problem_.empty()) return;
  // The director's cues air D late too, in their place among the events.
  std::deque<db::CueRow> cues;
  auto cued = reader_.released_cues(match_, last_cue_);
  if (auto* c = std::get_if<std::vector<db::CueRow>>(&cued)) cues.assign(c->begin(), c->end());
  auto got = reader_.released_after(match_, released_);
  auto* events = std::get_if<std::vector<db::ReleasedEvent>>(&got);
  if (!events || events->empty()) {
    if (released_ > 0) release_cues_before(cues, std::nullopt);  // a cue needs its match opened on air first
    return;
  }
  for (const auto& r : *events) {
    if (released_ > 0) release_cues_before(cues, r.wall_ms);
    nlohmann::json payload = nlohmann::json::parse(r.payload, nullptr, false);
    if (!live_) {
      // The Opened row names the game; parse_log makes the Game that reads the rest.
      db::StoredEvent row{r.seq, r.type, r.t, r.wall_ms, r.payload, {}};
      auto parsed = db::parse_log({row}, games_);
      if (auto* f = std::get_if<db::ParseFailure>(&parsed)) {
        problem_ = f->reason;
        return;
      }
      auto& log = std::get<db::ParsedLog>(parsed);
      auto m = engine::Match::from_log(*log.info, log.events);
      if (!std::holds_alternative<engine::Match>(m)) {
        problem_ = "the opened event does not fold";
        return;
      }
      game_ = std::move(log.game);
      live_.emplace(std::move(std::get<engine::Match>(m)));
    } else {
      if (payload.is_discarded()) {
        problem_ = "seq " + std::to_string(r.seq) + ": the payload is not JSON";
        return;
      }
      std::variant<engine::Event, std::string> e = std::string();
      try {
        e = codec::event_from_json(payload, *game_);
      } catch (const std::exception& ex) {
        e = std::string(ex.what());
      }
      if (auto* err = std::get_if<std::string>(&e)) {
        problem_ = "seq " + std::to_string(r.seq) + ": " + *err;
        return;
      }
      if (auto rej = live_->record(std::get<engine::Event>(e))) {
        problem_ = "seq " + std::to_string(r.seq) + " does not fold";
        return;
      }
    }
    released_ = r.seq;
    if (analysis_) analysis_->push(r.match, r.seq, live_->log().back(), live_->state().ply);
    nlohmann::json j = {{"match", r.match},
                        {"seq", r.seq},
                        {"type", r.type},
                        {"t", r.t},
                        {"committed_ms", r.wall_ms},
                        {"released_ms", r.wall_ms + reader_.delay_ms()},
                        {"event", payload},
                        {"state", codec::state_to_json(*live_, engine::kReferee)},
                        {"director", broadcast::director_json(director_)}};
    cue_sub_ = 0;
    log_.push(Message{EventId{r.match, r.seq, 0}, j.dump()});
  }
  release_cues_before(cues, std::nullopt);
}

}  // namespace facedown::feed
