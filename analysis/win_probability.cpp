#include "analysis/win_probability.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "analysis/count_math.h"
#include "analysis/stream_replay.h"
#include "engine/game.h"

namespace facedown::analysis {

using namespace facedown::engine;

namespace {

std::size_t below(std::uint64_t& rng, std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(splitmix64(rng) % n); }

double uniform(std::uint64_t& rng) { return static_cast<double>(splitmix64(rng) >> 11) * 0x1.0p-53; }

// The decided result of a finished match, exactly.
WinProbability decided(const Result& r) {
  WinProbability w;
  w.decided = true;
  if (r.winner == 0) w.draw = {1, 1, 1};
  else w.win[static_cast<std::size_t>(r.winner - 1)] = {1, 1, 1};
  return w;
}

// Runs playouts from `starts` (round robin) until the intervals are narrow enough.
WinProbability tally(const std::vector<const Match*>& starts, const std::vector<PieceTrail>& trails,
                     const WinOptions& o, std::uint64_t rng) {
  std::array<int, 2> wins{0, 0};
  int draws = 0, unfinished = 0, n = 0;
  const std::array<PlayerOptions, 2> players{o.policy, o.policy};
  const int cap = std::max(1, o.max_playouts);
  while (n < cap) {
    const int batch = std::min(std::max(1, o.batch), cap - n);
    for (int b = 0; b < batch; ++b, ++n) {
      const std::size_t at = static_cast<std::size_t>(n) % starts.size();
      Match m = *starts[at];
      PieceTrail trail = trails[at];
      const int winner = play_out(m, trail, players, rng, o.max_plies);
      if (winner == 1 || winner == 2) ++wins[static_cast<std::size_t>(winner - 1)];
      else if (winner == 0) ++draws;
      else ++unfinished;
    }
    if (n >= o.min_playouts) {
      const Share a = wilson(wins[0], n), b = wilson(wins[1], n);
      const double widest = std::max({a.high - a.p, a.p - a.low, b.high - b.p, b.p - b.low});
      if (widest <= o.half_width) break;
    }
  }
  WinProbability w;
  w.playouts = n;
  w.positions = static_cast<int>(starts.size());
  w.win = {wilson(wins[0], n), wilson(wins[1], n)};
  w.draw = wilson(draws, n);
  w.unfinished = n > 0 ? static_cast<double>(unfinished) / n : 0.0;
  return w;
}

// Identities for the stream's hidden slots, proposed from the deduction's odds
// (per block, the roster counts always kept); `pinned` are identities the
// stream itself shows.
std::vector<PieceType> propose(const StreamReplay& plan, const std::vector<const PieceOdds*>& odds_of_slot,
                               const std::map<int, PieceType>& pinned, std::size_t types, std::uint64_t& rng) {
  std::vector<PieceType> out(plan.slots().size(), 0);
  for (const Block& block : plan.blocks()) {
    std::vector<int> left = block.counts;
    left.resize(types, 0);
    std::vector<int> listed, rest;
    for (int slot : block.slots) {
      if (auto it = pinned.find(slot); it != pinned.end()) {
        out[static_cast<std::size_t>(slot)] = it->second;
        --left[static_cast<std::size_t>(it->second)];
      } else if (odds_of_slot[static_cast<std::size_t>(slot)]) {
        listed.push_back(slot);
      } else {
        rest.push_back(slot);
      }
    }
    for (std::size_t i = listed.size(); i > 1; --i) std::swap(listed[i - 1], listed[below(rng, i)]);
    auto pick = [&](int slot, const PieceOdds* odds) {
      std::vector<double> w(types, 0.0);
      double total = 0;
      for (std::size_t t = 0; t < types; ++t) {
        if (left[t] <= 0) continue;
        w[t] = odds ? (odds->possible[t] ? odds->p[t] : 0.0) : static_cast<double>(left[t]);
        total += w[t];
      }
      if (total <= 0)  // the odds and the counts left disagree: any type left
        for (std::size_t t = 0; t < types; ++t) total += (w[t] = left[t] > 0 ? static_cast<double>(left[t]) : 0.0);
      std::size_t chosen = 0;
      if (total > 0) {
        double x = uniform(rng) * total;
        for (chosen = 0; chosen + 1 < types && (w[chosen] <= 0 || x >= w[chosen]); ++chosen)
          if (w[chosen] > 0) x -= w[chosen];
      }
      out[static_cast<std::size_t>(slot)] = static_cast<PieceType>(chosen);
      --left[chosen];
    };
    for (int slot : listed) pick(slot, odds_of_slot[static_cast<std::size_t>(slot)]);
    for (int slot : rest) pick(slot, nullptr);
  }
  return out;
}

// The result a stream shows, when the match stands finished at its end: the last
// Ended that no later void undid and no reinstating clock took back. All public.
std::optional<Result> shown_result(const std::vector<Event>& stream) {
  std::optional<Result> result;
  int ended_seq = 0;
  for (const Event& e : stream) {
    if (const auto* end = std::get_if<Ended>(&e.body)) {
      result = Result{end->winner, end->reason, end->what, end->detail};
      ended_seq = e.seq;
    } else if (const auto* v = std::get_if<Voided>(&e.body)) {
      if (result && v->rewind_to <= ended_seq) result.reset();
    } else if (const auto* c = std::get_if<ClockSet>(&e.body)) {
      if (c->reinstate) result.reset();
    }
  }
  return result;
}

}  // namespace

Share wilson(int k, int n) {
  if (n <= 0) return {0, 0, 1};
  const double z = 1.959963984540054, nn = n, p = k / nn;
  const double denom = 1 + z * z / nn;
  const double centre = (p + z * z / (2 * nn)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
  return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

int play_out(Match& m, PieceTrail& trail, const std::array<PlayerOptions, 2>& players, std::uint64_t& rng, int max_plies) {
  int plies = 0;
  for (int guard = 0; guard < 4 * max_plies + 16; ++guard) {
    const MatchState& s = m.state();
    if (s.phase == Phase::kFinished) return s.result ? s.result->winner : 0;
    const Millis t = m.last_event_time();
    std::optional<Command> cmd;
    if (!s.setup_locked[0] || !s.setup_locked[1]) {
      const int p = s.setup_locked[0] ? 2 : 1;
      cmd = SetupCmd{p, m.game().random_setup(p, splitmix64(rng))};
    } else if (s.first == 0) {
      cmd = FirstCmd{1 + static_cast<int>(splitmix64(rng) % 2), std::nullopt};
    } else if (!s.started) {
      cmd = StartCmd{};
    } else if (s.paused) {
      cmd = ResumeCmd{};
    } else {
      if (plies >= max_plies) return -1;
      const int decider = s.phase == Phase::kDeciding && s.pending.player != 0 ? s.pending.player : s.to_move == 0 ? 1 : s.to_move;
      cmd = choose(m, trail, players[static_cast<std::size_t>(decider == 2 ? 1 : 0)], rng);
      if (!cmd) return -1;
      if (const auto* mv = std::get_if<MoveCmd>(&*cmd)) {
        trail.note_move(s, mv->move);
        ++plies;
      }
    }
    if (m.submit(*cmd, t).rejection) return -1;
  }
  return -1;
}

WinProbability referee_win_probability(const Match& m, const WinOptions& o) {
  if (m.state().phase == Phase::kFinished) return decided(m.state().result.value_or(Result{}));
  const std::vector<const Match*> starts{&m};
  const std::vector<PieceTrail> trails{PieceTrail::of_log(m.log())};
  return tally(starts, trails, o, stream_state(o.seed, kRefereePlayouts));
}

WinProbability viewer_win_probability(const GameInfo& info, const std::vector<Event>& stream, Viewer viewer,
                                      const WinOptions& o) {
  WinProbability fail;
  if (const auto result = shown_result(stream)) return decided(*result);
  auto planned = StreamReplay::plan(info, stream, viewer);
  if (auto* e = std::get_if<std::string>(&planned)) {
    fail.error = *e;
    return fail;
  }
  const StreamReplay& plan = std::get<StreamReplay>(planned);
  // Public data only: the seed given and the stream's length.
  std::uint64_t rng = stream_state(o.seed, kViewerPlayouts + stream.size());
  std::vector<const PieceOdds*> odds_of_slot(plan.slots().size(), nullptr);
  Analysis a;
  if (!plan.slots().empty()) {
    AnalysisOptions ao = o.analysis;
    ao.seed = splitmix64(rng);
    a = analyze(info, stream, viewer, ao);
    if (a.error) {
      fail.error = *a.error;
      return fail;
    }
    for (std::size_t i = 0; i < plan.slots().size(); ++i)
      for (const auto& piece : a.pieces)
        if (piece.owner == plan.slots()[i].owner && piece.setup_square == plan.slots()[i].square) odds_of_slot[i] = &piece;
  }
  const std::size_t types = info.roster.size();
  // The identities the stream shows (pieces the viewer has seen since) are pinned
  // first, from the replays themselves.
  std::map<int, PieceType> pinned;
  std::vector<Match> found;
  std::vector<PieceTrail> found_trails;  // the replays' (their matches keep only a recent log)
  for (int k = 0; k < std::max(1, o.max_position_draws) && static_cast<int>(found.size()) < std::max(1, o.positions); ++k) {
    const auto types_drawn = propose(plan, odds_of_slot, pinned, types, rng);
    ReplayTrace trace;
    const ReplayRun run = plan.run(info, types_drawn, stream.size(), &trace);
    bool learned = false;
    for (const auto& [slot, type] : trace.shown)
      if (pinned.emplace(slot, type).second) learned = true;
    if (run.consistent && trace.final) {
      found.push_back(std::move(*trace.final));
      found_trails.push_back(std::move(trace.trail));
    } else if (learned) {
      continue;
    }
    if (plan.slots().empty() && !found.empty()) break;  // nothing hidden: one position is the truth
  }
  if (found.empty()) {
    fail.error = "no position consistent with the stream was found in " + std::to_string(o.max_position_draws) + " draws";
    return fail;
  }
  if (found.front().state().phase == Phase::kFinished) return decided(found.front().state().result.value_or(Result{}));
  std::vector<const Match*> starts;
  for (const Match& m : found) starts.push_back(&m);
  return tally(starts, found_trails, o, splitmix64(rng));
}

ViewerWin::ViewerWin(const GameInfo& info, Viewer viewer, WinOptions options)
    : info_(info), viewer_(viewer), options_(std::move(options)) {}

const std::vector<Event>& ViewerWin::stream() const {
  if (error_) return own_;
  if (shared_) return shared_->stream();
  return plan_ ? plan_->stream() : own_;
}

void ViewerWin::push(const Event& e) {
  // shown_result's fold, one event at a time.
  if (const auto* end = std::get_if<Ended>(&e.body)) {
    shown_ = Result{end->winner, end->reason, end->what, end->detail};
    ended_seq_ = e.seq;
  } else if (const auto* v = std::get_if<Voided>(&e.body)) {
    if (shown_ && v->rewind_to <= ended_seq_) shown_.reset();
  } else if (const auto* c = std::get_if<ClockSet>(&e.body)) {
    if (c->reinstate) shown_.reset();
  }
  if (error_) {
    own_.push_back(e);
    return;
  }
  ++pushed_;
  std::optional<std::string> err;
  if (shared_) {
    // Its owner appended the event: a plan that did not take it refused it.
    if (shared_->stream().size() != pushed_) {
      error_ = "the stream was refused at event " + std::to_string(pushed_);
      own_.assign(shared_->stream().begin(), shared_->stream().end());
      own_.push_back(e);
    }
    return;
  }
  if (!plan_) {
    auto started = StreamReplay::start(info_, e, viewer_);
    if (auto* r = std::get_if<StreamReplay>(&started)) plan_.emplace(std::move(*r));
    else err = std::get<std::string>(started);
  } else {
    err = plan_->append(e);
  }
  if (err) {
    // No plan from here on (as viewer_win_probability's would fail): the
    // stream is kept for stream() only.
    error_ = *err;
    if (plan_) own_ = plan_->stream();
    plan_.reset();
    kept_.clear();
    own_.push_back(e);
  }
}

WinProbability ViewerWin::win(const Analysis* deduction) {
  WinProbability fail;
  if (shown_) return decided(*shown_);
  const StreamReplay* planned = shared_ ? shared_ : plan_ ? &*plan_ : nullptr;
  if (error_ || !planned || planned->stream().empty()) {
    fail.error = error_.value_or("the stream is empty");
    return fail;
  }
  const StreamReplay& plan = *planned;
  const std::vector<Event>& stream = plan.stream();
  const WinOptions& o = options_;
  // Public data only: the seed given and the stream's length.
  std::uint64_t rng = o.seed * 0x9E3779B97F4A7C15ull + 0x51ED270B27ull * (stream.size() + 1);
  if (plan.slots().size() != slots_) {
    kept_.clear();  // a new block: the kept identities do not cover it
    slots_ = plan.slots().size();
  }
  // The positions kept, advanced by the new events; those the stream ruled out go.
  std::vector<Position> found;
  for (auto& k : kept_) {
    ReplayTrace trace;
    const bool consistent = plan.advance(info_, k.types, k.cursor, stream.size(), &trace).consistent;
    for (const auto& [slot, type] : trace.shown) pinned_.emplace(slot, type);
    if (consistent) found.push_back(std::move(k));
  }
  kept_.clear();
  const int want = std::max(1, o.positions);
  const bool hidden = !plan.slots().empty();
  const bool more = static_cast<int>(found.size()) < want && (hidden || found.empty());
  const std::size_t types = info_.roster.size();
  std::vector<const PieceOdds*> odds_of_slot(plan.slots().size(), nullptr);
  Analysis own;
  if (hidden) {
    AnalysisOptions ao = o.analysis;
    ao.seed = splitmix64(rng);
    if (more) {
      // The odds the new positions are proposed from: the caller's deduction
      // of this stream, else one made as viewer_win_probability makes it.
      const Analysis* a = deduction;
      if (!a || a->error || a->events != stream.size()) {
        own = analyze(info_, stream, viewer_, ao);
        a = &own;
      }
      if (a->error) {
        fail.error = *a->error;
        return fail;
      }
      for (std::size_t i = 0; i < plan.slots().size(); ++i)
        for (const auto& piece : a->pieces)
          if (piece.owner == plan.slots()[i].owner && piece.setup_square == plan.slots()[i].square) odds_of_slot[i] = &piece;
    }
  }
  for (int k = 0; more && k < std::max(1, o.max_position_draws) && static_cast<int>(found.size()) < want; ++k) {
    Position pos{propose(plan, odds_of_slot, pinned_, types, rng), {}};
    ReplayTrace trace;
    const ReplayRun run = plan.advance(info_, pos.types, pos.cursor, stream.size(), &trace);
    bool learned = false;
    for (const auto& [slot, type] : trace.shown)
      if (pinned_.emplace(slot, type).second) learned = true;
    if (run.consistent) found.push_back(std::move(pos));
    else if (learned) continue;
    if (!hidden && !found.empty()) break;  // nothing hidden: one position is the truth
  }
  if (found.empty()) {
    fail.error = "no position consistent with the stream was found in " + std::to_string(o.max_position_draws) + " draws";
    return fail;
  }
  kept_ = std::move(found);
  const Match& first = *kept_.front().cursor.match;
  if (first.state().phase == Phase::kFinished) return decided(first.state().result.value_or(Result{}));
  std::vector<const Match*> starts;
  std::vector<PieceTrail> trails;
  for (const Position& p : kept_) {
    starts.push_back(&*p.cursor.match);
    trails.push_back(p.cursor.trail);
  }
  return tally(starts, trails, o, splitmix64(rng));
}

}  // namespace facedown::analysis
