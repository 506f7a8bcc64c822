// Bounded (issue 31): the analysis beside a long match keeps state that does
// not grow with the match, and gives the same results. A replay's match
// forgets its history beyond a few commands (engine::Match::forget_history)
// yet replays exactly as one that kept it, a void that undoes what it forgot
// included; the live deduction over a long stream is the one-shot deduction;
// the viewer's win probability keeps its positions through a stretch that
// rules none out; and the live analysis's heap grows by the stream's own
// events only (two copies of it), not by a replay's log per kept draw.
#include <malloc.h>

#include <catch2/catch.hpp>

#include "analysis/deduction.h"
#include "analysis/stream_replay.h"
#include "analysis/win_probability.h"
#include "codec/json.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "tests/analysis/analysis_support.h"

using namespace facedown;
using namespace facedown::engine;
using facedown::analysis::ReplayCursor;
using facedown::analysis::StreamReplay;

namespace {

// Random setups and moves (never one that ends the match) for `move_events`
// events, then `pairs` pause/resume pairs: how long matches are long.
Match long_match(const GameInfo& info, std::uint64_t seed, std::size_t move_events, int pairs) {
  Match m = std::get<Match>(Match::open(info, info.default_preset, {}, {"A", "B"}));
  std::uint64_t rng = seed;
  while (m.log().size() < move_events) {
    const MatchState& s = m.state();
    std::optional<Command> c;
    if (!s.setup_locked[0] || !s.setup_locked[1]) {
      const int p = s.setup_locked[0] ? 2 : 1;
      c = SetupCmd{p, m.game().random_setup(p, splitmix64(rng))};
    } else if (s.first == 0) {
      c = FirstCmd{1, std::nullopt};
    } else if (!s.started) {
      c = StartCmd{};
    } else if (s.phase == Phase::kDeciding) {
      c = m.game().default_decision(s);  // no items, a declined revival
    } else {
      const auto moves = m.legal_moves();
      if (moves.empty()) break;
      c = MoveCmd{moves[splitmix64(rng) % moves.size()]};
    }
    Match before = m;
    auto sub = m.submit(*c, s.started ? s.time + 1000 : s.time);  // the clock stands still before start
    if (sub.rejection || m.state().phase == Phase::kFinished) {
      m = std::move(before);
      break;
    }
  }
  for (int i = 0; i < pairs; ++i) {
    const Millis t = std::max(m.state().time, m.last_event_time());
    const auto paused = m.submit(PauseCmd{"break"}, t);
    INFO((paused.rejection ? paused.rejection->reason : std::string()));
    REQUIRE_FALSE(paused.rejection);
    REQUIRE_FALSE(m.submit(ResumeCmd{}, t).rejection);
  }
  return m;
}

// The true identity of every slot of the viewer's stream (in stream order).
std::vector<PieceType> true_types(const Match& m, Viewer viewer) {
  std::vector<PieceType> out;
  for (const Event& e : m.log())
    if (const auto* s = std::get_if<SetupLocked>(&e.body)) {
      const auto seen = project(e, viewer);
      const auto& shown = std::get<SetupLocked>(seen.body).pieces;
      for (std::size_t i = 0; i < s->pieces.size(); ++i)
        if (shown[i].type == kHiddenType) out.push_back(s->pieces[i].type);
    }
  return out;
}

std::string state_text(const Match& m) { return codec::state_to_json(m, kReferee).dump(); }

double heap_bytes() {
  const struct mallinfo2 mi = mallinfo2();
  return static_cast<double>(mi.uordblks + mi.hblkhd);
}

}  // namespace

TEST_CASE("Bounded: a replay kept through a long stream keeps a few commands of log and replays alike",
          "[analysis][bounded]") {
  const auto games = all_games();
  for (const char* id : {"number-janggi", "salpakan"}) {
    INFO(id);
    const GameInfo& info = *find_game(games, id);
    const Match m = long_match(info, 11, 120, 1500);
    const auto stream = analysis_test::stream_of(m, kPublic);
    const auto types = true_types(m, kPublic);
    auto started = StreamReplay::start(info, stream[0], kPublic);
    auto& plan = std::get<StreamReplay>(started);
    ReplayCursor live;
    std::size_t most = 0;
    for (std::size_t i = 1; i < stream.size(); ++i) {
      REQUIRE_FALSE(plan.append(stream[i]));
      REQUIRE(plan.advance(info, types, live, plan.stream().size()).consistent);
      most = std::max(most, live.match->log().size());
    }
    // The log kept stays within a few commands, whatever the stream's length.
    CHECK(most <= 2 * StreamReplay::kReplayHistory + 8);
    CHECK(live.match->forgotten() + live.match->log().size() == m.log().size());
    CHECK(state_text(*live.match) == state_text(m));
    // The trail it kept is the one the whole log gives.
    const auto trail = analysis::PieceTrail::of_log(m.log());
    CHECK(live.trail.moved == trail.moved);
    CHECK(live.trail.setup_square == trail.setup_square);
  }
}

TEST_CASE("Bounded: a void that undoes what a replay forgot replays from the start, and a forgetful match refuses it",
          "[analysis][bounded]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "number-janggi");
  Match m = long_match(info, 5, 100, 300);
  // The engine: a match that forgot refuses a void of commands it forgot, and
  // takes one of those it kept as the whole match does.
  Match forgetful = m;
  forgetful.forget_history(StreamReplay::kReplayHistory);
  CHECK(forgetful.forgotten() > 0);
  CHECK(forgetful.log().size() < m.log().size());
  CHECK(forgetful.voidable() < m.voidable());
  {
    Match whole = m;
    const std::string before = state_text(forgetful);
    CHECK(forgetful.submit(VoidCmd{250, "far back", false}, m.state().time).rejection);
    CHECK(state_text(forgetful) == before);
    const auto a = whole.submit(VoidCmd{3, "near", false}, m.state().time);
    const auto b = forgetful.submit(VoidCmd{3, "near", false}, m.state().time);
    REQUIRE_FALSE(a.rejection);
    REQUIRE_FALSE(b.rejection);
    REQUIRE(a.events.size() == b.events.size());
    for (std::size_t i = 0; i < a.events.size(); ++i) {
      CHECK(a.events[i].seq == b.events[i].seq);
      CHECK(a.events[i].body == b.events[i].body);
    }
    CHECK(state_text(whole) == state_text(forgetful));
  }
  // The analysis: a cursor that forgot meets a void of 250 commands (500
  // events back) and still replays the stream, as a replay from the start does.
  const auto types = true_types(m, kPublic);
  const auto before_void = analysis_test::stream_of(m, kPublic);
  REQUIRE_FALSE(m.submit(VoidCmd{250, "far back", false}, m.state().time).rejection);
  const auto stream = analysis_test::stream_of(m, kPublic);
  auto started = StreamReplay::start(info, stream[0], kPublic);
  auto& plan = std::get<StreamReplay>(started);
  for (std::size_t i = 1; i < before_void.size(); ++i) REQUIRE_FALSE(plan.append(stream[i]));
  ReplayCursor live;
  REQUIRE(plan.advance(info, types, live, plan.stream().size()).consistent);
  REQUIRE(live.match->forgotten() > 0);
  for (std::size_t i = before_void.size(); i < stream.size(); ++i) REQUIRE_FALSE(plan.append(stream[i]));
  const auto run = plan.advance(info, types, live, plan.stream().size());
  CHECK(run.consistent);
  CHECK(state_text(*live.match) == state_text(m));
  ReplayCursor fresh;
  const auto again = plan.advance(info, types, fresh, plan.stream().size());
  CHECK(again.consistent);
  CHECK(again.matched == run.matched);
  CHECK(state_text(*fresh.match) == state_text(m));
}

TEST_CASE("Bounded: the live deduction over a long stream is the one-shot one, and its heap grows by the stream only",
          "[analysis][bounded]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "number-janggi");
  const Match m = long_match(info, 3, 150, 2000);
  const auto stream = analysis_test::stream_of(m, kPublic);
  analysis::Analyzer live(info, kPublic);
  double heap_at_1000 = 0;
  std::size_t at_1000 = 0;
  analysis::Analysis last;
  for (std::size_t i = 0; i < stream.size(); ++i) {
    live.push(stream[i]);
    if (i % 97 == 96 || i + 1 == stream.size()) last = live.analysis();
    if (i + 1 == 1000) {
      malloc_trim(0);
      heap_at_1000 = heap_bytes();
      at_1000 = i + 1;
    }
  }
  REQUIRE_FALSE(last.error);
  malloc_trim(0);
  const double per_event = (heap_bytes() - heap_at_1000) / static_cast<double>(stream.size() - at_1000);
  INFO("heap per event " << per_event << " B (the stream's own events: about " << sizeof(Event) << " B each)");
  // The Analyzer's plan holds one copy of the stream; the kept replays (12
  // verification draws or hundreds of sampled ones) hold a few commands each.
  // Before, each held a log of the whole match: 13 copies or more. (The
  // win's replays share the plan: broadcast/stream_analysis.cpp.)
  CHECK(per_event < 3.0 * static_cast<double>(sizeof(Event)));
  if (last.method == analysis::Method::kExact)
    CHECK(analysis_test::printed(last) == analysis_test::printed(analysis::analyze(info, stream, kPublic)));
}

TEST_CASE("Bounded: the viewer's win probability keeps its positions through a stretch that rules none out",
          "[analysis][bounded]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "number-janggi");
  const Match m = long_match(info, 9, 150, 400);
  const auto stream = analysis_test::stream_of(m, kPublic);
  analysis::WinOptions o;
  o.min_playouts = o.max_playouts = 40;
  analysis::ViewerWin win(info, kPublic, o);
  std::size_t pushed = 0;
  for (; pushed < 160 && pushed < stream.size(); ++pushed) win.push(stream[pushed]);
  const auto first = win.win();
  REQUIRE_FALSE(first.error);
  REQUIRE(win.kept() == static_cast<std::size_t>(o.positions));
  for (; pushed < stream.size(); ++pushed) {
    win.push(stream[pushed]);
    if (pushed % 100 != 0) continue;
    const auto w = win.win();
    REQUIRE_FALSE(w.error);
    CHECK(w.positions == o.positions);
    CHECK(win.kept() == static_cast<std::size_t>(o.positions));
    CHECK(w.win[0].p + w.win[1].p + w.draw.p <= 1.0 + 1e-9);
  }
  CHECK(win.stream().size() == stream.size());
  // The one-shot number of the same stream is the same estimate (within its
  // intervals: both from 24 consistent positions and 40 playouts).
  const auto once = analysis::viewer_win_probability(info, stream, kPublic, o);
  const auto now = win.win();
  REQUIRE_FALSE(once.error);
  CHECK(std::abs(once.win[0].p - now.win[0].p) < 0.5);
}
