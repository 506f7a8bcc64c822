#include "feed/replay_analysis.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>

#include "analysis/turning_points.h"
#include "broadcast/public_wins.h"
#include "broadcast/replay_steps.h"
#include "broadcast/win_story.h"
#include "codec/json.h"
#include "db/parsed_log.h"
#include "db/public_reader.h"
#include "engine/registry.h"
#include "feed/on_air_json.h"

namespace facedown::feed {

using nlohmann::json;

struct ReplayAnalysis::Entry {
  std::vector<engine::GameInfo> games = engine::all_games();
  std::optional<broadcast::StreamAnalysis> stream;  // the public view's, fed public rows
  std::optional<broadcast::WinStory> story;         // another view's, fed released referee events
  std::optional<broadcast::PublicWins> aired;       // the public view's: the analysis file's numbers
  int fed = 0;     // rows passed (fed to the story; the public stream only up to a step it computes)
  int stream_fed = 0;  // rows fed to the public stream
  int total = 0;   // rows the match had when last read (released ones, for a non-public view)
  int stored = 0;  // the match's events as the last request saw them
  json steps = json::array();
  // The log's corrections (voids, reinstated timeouts): their steps and what
  // they took back are never turning points (analysis/turning_points.h).
  std::vector<analysis::Correction> corrections;
  bool complete = false;
  bool queued = false;
  std::optional<std::string> error;
};

namespace {

// A step made when the rows ended there ("the last event" is always a stop) is
// no stop once more rows came: drop the trailing steps the longer match does
// not have, so the graph's steps are always the replay's own.
void drop_stale_steps(json& steps, const std::vector<int>& moves) {
  while (!steps.empty() &&
         !std::binary_search(moves.begin(), moves.end(), steps.back().at("position").get<int>()))
    steps.erase(steps.end() - 1);
}

}  // namespace

ReplayAnalysisOptions replay_analysis_options(std::string db_path) {
  ReplayAnalysisOptions o;
  o.db_path = std::move(db_path);
  o.analysis = broadcast::live_analysis_options();
  o.analysis.win.max_playouts = 200;
  o.analysis.win.min_playouts = 200;
  o.analysis.win.positions = 12;
  return o;
}

json replay_win_json(const broadcast::AnalysisWin& w) {
  auto one = [](const broadcast::AnalysisShare& s) {
    return json{{"p", std::round(s.p * 10000) / 10000}, {"low", std::round(s.low * 10000) / 10000},
                {"high", std::round(s.high * 10000) / 10000}};
  };
  return json{{"player1", one(w.win[0])}, {"player2", one(w.win[1])}, {"draw", one(w.draw)},
              {"decided", w.decided}, {"playouts", w.playouts}};
}

ReplayAnalysis::ReplayAnalysis(ReplayAnalysisOptions options) : options_(std::move(options)) {
  thread_ = std::thread([this] { run(); });
}

ReplayAnalysis::~ReplayAnalysis() { stop(); }

void ReplayAnalysis::stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

json ReplayAnalysis::turning_points(const json& steps, std::size_t n, const std::string& key) {
  std::vector<std::optional<double>> p1;
  std::vector<bool> game;
  for (const auto& s : steps) {
    game.push_back(s.value("game", true));
    const json& v = s.contains(key) ? s.at(key) : json();
    if (v.is_object() && v.contains("player1") && v.at("player1").is_object())
      p1.emplace_back(v.at("player1").at("p").get<double>());
    else
      p1.emplace_back(std::nullopt);
  }
  json out = json::array();
  for (const auto& t : analysis::turning_points(p1, game, n)) {
    const json& s = steps[t.index];
    out.push_back(json{{"position", s.at("position")}, {"ply", s.at("ply")}, {"swing", std::round(t.swing * 10000) / 10000}});
  }
  return out;
}

json ReplayAnalysis::get(db::MatchId id, engine::Viewer viewer, int stored) {
  std::lock_guard lock(mu_);
  const Key key{id, viewer};
  auto& e = entries_[key];
  if (!e) e = std::make_shared<Entry>();
  e->stored = std::max(e->stored, stored);
  // More is stored than the worker has read (a live match grew, the delay
  // released more): not complete until it has caught up.
  if (e->stored > e->total) e->complete = false;
  if (!e->queued) {  // look again: a live match may have grown
    e->queued = true;
    wanted_.push_back(key);
    cv_.notify_all();
  }
  const std::string name = codec::viewer_name(viewer);
  // A step that is a correction's (or taken back by one) says so: "game": false.
  json steps = e->steps;
  std::vector<int> positions;
  for (const auto& s : steps) positions.push_back(s.at("position").get<int>());
  const auto game = analysis::game_steps(positions, e->corrections);
  for (std::size_t i = 0; i < steps.size(); ++i)
    if (!game[i]) steps[i]["game"] = false;
  json j{{"match", id}, {"view", name}, {"total", e->total}, {"complete", e->complete}, {"steps", steps},
         {"turning_points", turning_points(steps, options_.turning_points, name)}};
  j["error"] = e->error ? json(*e->error) : json(nullptr);
  return j;
}

void ReplayAnalysis::run() {
#ifdef __linux__
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
#endif
  std::optional<db::PublicReader> reader;
  std::optional<db::DelayedReader> delayed;
  for (;;) {
    Key key;
    std::shared_ptr<Entry> e;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return stopping_ || !wanted_.empty(); });
      if (stopping_) return;
      key = wanted_.front();
      wanted_.pop_front();
      e = entries_[key];
    }
    if (key.second == engine::kPublic)
      run_public(key, e, reader);
    else
      run_released(key, e, delayed);
  }
}

void ReplayAnalysis::end_pass(Entry& e, std::optional<std::string> error) {
  std::lock_guard lock(mu_);
  e.queued = false;
  if (error) e.error = std::move(error);
}

void ReplayAnalysis::set_total(Entry& e, int rows) {
  std::lock_guard lock(mu_);
  if (e.total != rows) e.complete = false;  // more to work out: not complete meanwhile
  e.total = rows;
}

void ReplayAnalysis::record_steps(Entry& e, const std::vector<int>& moves, const std::string& key,
                                  const StepSource& src) {
  int last_done = 0;
  {
    std::lock_guard lock(mu_);
    drop_stale_steps(e.steps, moves);
    if (!e.steps.empty()) last_done = e.steps.back().at("position").get<int>();
  }
  for (int position : moves) {
    if (position <= last_done) continue;
    {
      std::lock_guard lock(mu_);
      if (stopping_) return;
    }
    while (e.fed < position && e.fed < src.rows) src.feed(e.fed++);
    if (auto err = src.error()) return end_pass(e, std::move(err));
    json share = nullptr;
    auto w = src.win();
    if (auto* ok = std::get_if<broadcast::AnalysisWin>(&w)) share = replay_win_json(*ok);
    const int ply = src.ply(position);
    json step{{"position", position}, {"ply", ply}, {key, share}};
    if (src.aired) step["aired"] = src.aired();
    std::lock_guard lock(mu_);
    e.steps.push_back(std::move(step));
  }
  std::lock_guard lock(mu_);
  // Complete once every event the match had when asked is read and done.
  e.complete = src.rows > 0 && src.rows >= e.stored;
  e.queued = false;
}

// A step computed while the live worker was behind (a match in play) takes
// its row's record once it has aired: the line stays the one that aired.
void ReplayAnalysis::take_aired_since(Entry& e) {
  std::vector<std::pair<int, broadcast::PublicWin>> found;
  {
    std::vector<int> computed;
    {
      std::lock_guard lock(mu_);
      for (const auto& s : e.steps)
        if (s.value("aired", true) == false) computed.push_back(s.at("position").get<int>());
    }
    for (int position : computed)
      if (auto w = e.aired->find(position); w && w->aired) found.emplace_back(position, *w);
  }
  if (found.empty()) return;
  std::lock_guard lock(mu_);
  for (auto& s : e.steps)
    for (const auto& [position, w] : found)
      if (s.at("position") == position) {
        s["public"] = w.win ? replay_win_json(*w.win) : json(nullptr);
        s["aired"] = true;
      }
}

// The public view: every public row (the stream needs them all; a few hundred
// to a few thousand).
void ReplayAnalysis::run_public(const Key& key, const std::shared_ptr<Entry>& e,
                                std::optional<db::PublicReader>& reader) {
  const db::MatchId id = key.first;
  if (!reader) {
    auto opened = db::PublicReader::open(options_.db_path);
    if (auto* err = std::get_if<db::StoreError>(&opened)) return end_pass(*e, err->message);
    reader.emplace(std::move(std::get<db::PublicReader>(opened)));
  }
  std::vector<db::PublicEventRow> rows;
  for (int after = 0;;) {
    auto got = reader->events_after(id, after, 512, true);
    if (auto* err = std::get_if<db::StoreError>(&got)) return end_pass(*e, err->message);
    auto& chunk = std::get<std::vector<db::PublicEventRow>>(got);
    if (chunk.empty()) break;
    after = chunk.back().seq;
    for (auto& r : chunk) rows.push_back(std::move(r));
  }
  std::vector<engine::StepMark> marks;
  for (const auto& r : rows) {
    db::PublicEventRow copy{r.match, r.seq, r.type, r.t, r.wall_ms, r.event, json()};
    marks.push_back(broadcast::step_mark(to_public_row(std::move(copy))));
  }
  const engine::ReplaySteps steps = engine::replay_steps(marks);
  {
    std::vector<analysis::CorrectionMark> cm;
    for (const auto& r : rows) {
      analysis::CorrectionMark c;
      c.type = r.type;
      if (r.event.is_object()) {
        if (const auto it = r.event.find("rewind_to"); it != r.event.end() && it->is_number_integer()) c.rewind_to = it->get<int>();
        if (const auto it = r.event.find("reinstate"); it != r.event.end() && it->is_boolean()) c.reinstate = it->get<bool>();
      }
      cm.push_back(std::move(c));
    }
    auto found = analysis::corrections(cm);
    std::lock_guard lock(mu_);
    e->corrections = std::move(found);
  }
  set_total(*e, static_cast<int>(rows.size()));
  if (rows.empty()) {
    std::lock_guard lock(mu_);
    e->error = "no rows";
  }
  if (!e->stream) e->stream.emplace(engine::kPublic, options_.analysis, e->games);
  if (!e->aired) e->aired.emplace(options_.db_path, id);
  const bool ended = std::any_of(rows.begin(), rows.end(), [](const db::PublicEventRow& r) { return r.type == "ended"; });
  take_aired_since(*e);
  auto ply_of = [&](const db::PublicEventRow& r) { return r.state.is_object() ? r.state.value("ply", 0) : 0; };
  StepSource src;
  src.rows = static_cast<int>(rows.size());
  // The rows are fed to the stream only when a step must be computed: a step
  // that aired takes the analysis file's number (broadcast/public_wins.h).
  src.feed = [](int) {};
  src.error = [&] { return e->stream->error(); };
  bool aired = false;
  src.win = [&]() -> std::variant<broadcast::AnalysisWin, std::string> {
    auto shown = [&](const broadcast::PublicWin& w) -> std::variant<broadcast::AnalysisWin, std::string> {
      aired = w.aired;
      if (w.win) return *w.win;
      return w.error.value_or("no win probability");
    };
    const auto& row = rows[static_cast<std::size_t>(e->fed - 1)];  // the step's row
    if (auto w = e->aired->find(row.seq)) return shown(*w);
    while (e->stream_fed < e->fed) {
      const auto& r = rows[static_cast<std::size_t>(e->stream_fed++)];
      e->stream->push(r.seq, r.event, ply_of(r));
    }
    if (auto err = e->stream->error()) return *err;
    broadcast::PublicWin computed;
    auto w = e->stream->win();
    if (auto* ok = std::get_if<broadcast::AnalysisWin>(&w)) computed.win = *ok;
    else computed.error = std::get<std::string>(w);
    return shown(e->aired->keep(row.seq, ply_of(row), computed, ended));
  };
  src.aired = [&] { return aired; };
  src.ply = [&](int position) { return ply_of(rows[static_cast<std::size_t>(position - 1)]); };
  record_steps(*e, steps.moves, codec::viewer_name(key.second), src);
}

// Player 1's, player 2's or the referee's view: only what the delayed reader
// releases is read, so no step past the delay's edge can be made here.
void ReplayAnalysis::run_released(const Key& key, const std::shared_ptr<Entry>& e,
                                  std::optional<db::DelayedReader>& reader) {
  const db::MatchId id = key.first;
  if (!reader) {
    db::DelayedReaderOptions ro;
    ro.delay_ms = std::max<std::int64_t>(0, options_.delay_ms);
    ro.wall_clock_ms = options_.wall_clock_ms;
    auto opened = db::DelayedReader::open(options_.db_path, ro);
    if (auto* err = std::get_if<db::StoreError>(&opened)) return end_pass(*e, err->message);
    reader.emplace(std::move(std::get<db::DelayedReader>(opened)));
  }
  std::vector<db::StoredEvent> rows;
  for (int after = 0;;) {
    auto got = reader->released_after(id, after, 512);
    if (auto* err = std::get_if<db::StoreError>(&got)) return end_pass(*e, err->message);
    auto& chunk = std::get<std::vector<db::ReleasedEvent>>(got);
    if (chunk.empty()) break;
    after = chunk.back().seq;
    for (auto& r : chunk) rows.push_back(db::StoredEvent{r.seq, r.type, r.t, r.wall_ms, std::move(r.payload), {}});
  }
  set_total(*e, static_cast<int>(rows.size()));
  if (rows.empty()) return end_pass(*e, std::nullopt);  // nothing released yet: no steps, not complete
  auto parsed = db::parse_log(rows, e->games);
  if (auto* f = std::get_if<db::ParseFailure>(&parsed))
    return end_pass(*e, "event " + std::to_string(f->seq) + ": " + f->reason);
  const auto& events = std::get<db::ParsedLog>(parsed).events;
  {
    auto found = analysis::corrections(events);
    std::lock_guard lock(mu_);
    e->corrections = std::move(found);
  }
  if (!e->story) e->story.emplace(key.second, options_.analysis, e->games);
  StepSource src;
  src.rows = static_cast<int>(events.size());
  src.feed = [&](int i) {
    e->story->push(rows[static_cast<std::size_t>(i)].seq, events[static_cast<std::size_t>(i)]);
  };
  src.error = [&] { return e->story->error(); };
  src.win = [&] { return e->story->win(); };
  src.ply = [&](int) { return e->story->ply(); };
  record_steps(*e, engine::replay_steps(events).moves, codec::viewer_name(key.second), src);
}

}  // namespace facedown::feed
