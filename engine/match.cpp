// Match: the log, its fold (with snapshots), time and deadlines, turns, and
// submit(). The commands themselves are decided in match_setup.cpp,
// match_play.cpp and match_referee.cpp.
//
// Index of this file:
//   [SECTION] construction
//   [SECTION] the log and its fold
//   [SECTION] time
//   [SECTION] turns
//   [SECTION] submit
//   [SECTION] names
#include "engine/match.h"

#include <algorithm>
#include <limits>

#include "engine/event_refs.h"
#include "engine/text.h"
#include "engine/vocabulary.h"

namespace facedown::engine {

// ---------------------------------------------------------------- [SECTION] construction

Match::Match(GameInfo info, std::unique_ptr<Game> game, const Options& options)
    : info_(std::make_shared<const GameInfo>(std::move(info))), game_(std::move(game)) {
  rules_.turn_limit = option_int(options, "turn_limit");
  rules_.warning_after = option_int(options, "warning_after");
  rules_.warnings_to_dq = option_int(options, "warnings_to_dq");
  rules_.decision_limit = option_int(options, "decision_limit");
  rules_.ply_limit = option_int(options, "ply_limit");
  auto on_timeout = options.find("on_timeout");
  rules_.timeout_loses = on_timeout == options.end() || on_timeout->second == "loss";
  auto no_moves = options.find("no_legal_moves");
  rules_.no_moves_draw = no_moves != options.end() && no_moves->second == "draw";
}
Match::Match(Match&&) noexcept = default;
Match::Match(const Match& o) : Match(o, 0) {}
Match::Match(const Match& o, std::size_t events)
    : info_(o.info_),
      game_(o.game_),
      rules_(o.rules_),
      version_(o.version_),
      state_(o.state_),
      base_(o.base_),
      last_t_(o.last_t_),
      started_forgotten_(o.started_forgotten_),
      entries_(o.entries_),
      commands_(o.commands_),
      snapshots_(o.snapshots_),
      now_(o.now_) {
  log_.reserve(std::max(events, o.log_.size()));
  log_.insert(log_.end(), o.log_.begin(), o.log_.end());
  effective_.reserve(std::max(events, o.effective_.size()));
  effective_.insert(effective_.end(), o.effective_.begin(), o.effective_.end());
}
Match& Match::operator=(const Match& o) {
  if (this != &o) *this = Match(o);
  return *this;
}
Match& Match::operator=(Match&&) noexcept = default;
Match::~Match() = default;

std::variant<Match, Rejection> Match::open(const GameInfo& info, const std::string& preset,
                                           const Options& overrides,
                                           const std::array<std::string, 2>& players) {
  for (std::size_t p = 0; p < 2; ++p)
    if (auto bad = text_problem(players[p]))
      return Rejection{player_name(static_cast<int>(p) + 1) + "'s name: " + *bad};
  auto resolved = resolve_options(info, preset, overrides);
  if (resolved.error) return Rejection{*resolved.error};
  Match m(info, info.make(resolved.options), resolved.options);
  m.state_ = m.initial_state();
  std::vector<Event> sink;
  m.sink_ = &sink;
  m.emit(Opened{info.id, preset, resolved.options, players});
  m.sink_ = nullptr;
  return m;
}

std::variant<Match, Rejection> Match::from_log(const GameInfo& info,
                                               const std::vector<Event>& log) {
  if (log.empty() || !std::holds_alternative<Opened>(log.front().body))
    return Rejection{"a match log must begin with its opened event"};
  const auto& opened = std::get<Opened>(log.front().body);
  if (opened.game != info.id)
    return Rejection{"the log is of game '" + opened.game + "', not '" + info.id + "'"};
  auto resolved = resolve_options(info, opened.preset, opened.options);
  if (resolved.error) return Rejection{*resolved.error};
  Match m(info, info.make(resolved.options), resolved.options);
  m.state_ = m.initial_state();
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (log[i].seq != static_cast<int>(i) + 1)
      return Rejection{"event " + std::to_string(i + 1) + " has sequence number " +
                       std::to_string(log[i].seq)};
    if (i > 0) {
      if (auto r = m.record(log[i])) return *r;
    } else {
      m.apply_event(log[i]);
    }
  }
  return m;
}

std::optional<Rejection> Match::record(const Event& event) {
  if (event.seq != static_cast<int>(base_ + log_.size()) + 1)
    return Rejection{"event has sequence number " + std::to_string(event.seq) + ", expected " +
                     std::to_string(base_ + log_.size() + 1)};
  if (std::holds_alternative<Opened>(event.body))
    return Rejection{"a match has only one opened event"};
  if (auto r = fits(event)) return r;
  apply_event(event);
  return std::nullopt;
}

MatchState Match::initial_state() const {
  MatchState s;
  s.board.assign(static_cast<std::size_t>(game_->geometry().size()), -1);
  const CounterSpec counters = game_->counters();
  s.counters.names = counters.names;
  s.counters.left = {counters.initial, counters.initial};
  s.counters.used = {std::vector<int>(counters.names.size(), 0), std::vector<int>(counters.names.size(), 0)};
  // A fixed placement is part of the empty match (no event places it): every
  // fold starts from it, and both setups count as locked.
  const auto fixed = game_->fixed_placement();
  for (int p = 1; p <= 2; ++p) {
    const auto& placements = fixed[static_cast<std::size_t>(p - 1)];
    if (placements.empty()) continue;
    for (const Placement& pl : placements) {
      s.board[static_cast<std::size_t>(pl.square)] = static_cast<int>(s.pieces.size());
      s.pieces.push_back(Piece{p, pl.type, pl.square, true});
    }
    s.setup_locked[static_cast<std::size_t>(p - 1)] = true;
  }
  return s;
}

// ---------------------------------------------------------------- [SECTION] the log and its fold

void Match::emit(EventBody body) {
  Event e;
  e.seq = static_cast<int>(base_ + log_.size()) + 1;
  e.t = now_;
  e.cmd = current_cmd_;
  e.at = due_at_;
  if (current_command_) {
    e.command = std::move(current_command_);
    current_command_.reset();
  }
  e.body = std::move(body);
  // Engine-made text is written once, here: the English of its code with seat
  // names, the `detail` (or warning reason) old readers show.
  if (auto* o = std::get_if<Ended>(&e.body); o && o->detail.empty() && !o->what.empty())
    o->detail = english_detail(game_->words(), o->what);
  if (auto* o = std::get_if<Warned>(&e.body); o && o->reason.empty() && !o->what.empty())
    o->reason = english_detail(game_->words(), o->what);
  apply_event(e);
  if (sink_) sink_->push_back(std::move(e));
}

void Match::apply_event(const Event& e) {
  ++version_;
  log_.push_back(e);
  effective_.push_back(true);
  if (e.command) {
    entries_.push_back(Entry{e.cmd, e.seq, !is_uncounted(*e.command), false});
    commands_ = std::max(commands_, e.cmd);
  }
  if (const auto* v = std::get_if<Voided>(&e.body)) {
    // Everything from the first undone event on is out of effect, but notes and
    // captions: a void never undoes them.
    // (A void never reaches before the history kept: decide and fits refuse it.)
    for (std::size_t i = static_cast<std::size_t>(v->rewind_to - 1) - base_; i + 1 < log_.size(); ++i)
      if (!std::holds_alternative<Noted>(log_[i].body) && !std::holds_alternative<Captioned>(log_[i].body))
        effective_[i] = false;
    for (auto& entry : entries_)
      if (entry.first_seq >= v->rewind_to && entry.cmd != e.cmd) entry.voided = true;
    // Snapshots inside the undone span no longer describe the state.
    const auto keep = static_cast<std::size_t>(v->rewind_to - 1);
    while (!snapshots_.empty() && snapshots_.back().first > keep) snapshots_.pop_back();
    rebuild();
  } else {
    state_.apply(e);
  }
  if ((base_ + log_.size()) % kSnapshotEvery == 0) take_snapshot();
}

void Match::forget_history(std::size_t keep) {
  const std::size_t size = base_ + log_.size();
  // The base: the latest snapshot at least `keep` events back (every fold the
  // match may still do, a void's or a late refusal's, starts from it or later).
  std::size_t base = base_;
  for (const auto& [at, snapshot] : snapshots_)
    if (at + keep <= size && at > base) base = at;
  if (keep == 0 && size > base) {
    snapshots_.emplace_back(size, state_);
    base = size;
  }
  if (base > base_) {
    const std::size_t drop = base - base_;
    for (std::size_t i = 0; i < drop; ++i)
      if (std::holds_alternative<Started>(log_[i].body)) started_forgotten_ = true;
    last_t_ = log_[drop - 1].t;
    log_.erase(log_.begin(), log_.begin() + static_cast<std::ptrdiff_t>(drop));
    effective_.erase(effective_.begin(), effective_.begin() + static_cast<std::ptrdiff_t>(drop));
    // A command whose first event is forgotten can no longer be voided.
    std::erase_if(entries_, [&](const Entry& e) { return static_cast<std::size_t>(e.first_seq) <= base; });
    std::erase_if(snapshots_, [&](const auto& s) { return s.first < base; });
    base_ = base;
  }
  // The next base: a snapshot every keep / 2 events at least.
  const std::size_t last = snapshots_.empty() ? 0 : snapshots_.back().first;
  if (keep > 0 && size >= last + std::max<std::size_t>(1, keep / 2) && size > base_) snapshots_.emplace_back(size, state_);
}

void Match::reserve(std::size_t events) {
  log_.reserve(events);
  effective_.reserve(events);
}

bool Match::retype(int id, PieceType type) { return retype(std::vector<std::pair<int, PieceType>>{{id, type}}); }

bool Match::retype(const std::vector<std::pair<int, PieceType>>& changes) {
  // One pass over the log for every piece changed (the analysis retypes a
  // dozen pieces at once: a pass each cost about a replay).
  if (!game_->reports_identity_reads()) return false;
  constexpr PieceType kKeep = std::numeric_limits<PieceType>::min();
  std::vector<PieceType> to(state_.pieces.size(), kKeep);
  for (const auto& [id, type] : changes) {
    if (id < 0 || static_cast<std::size_t>(id) >= state_.pieces.size() || type < 0 ||
        static_cast<std::size_t>(type) >= game_->roster().size())
      return false;
    to[static_cast<std::size_t>(id)] = type;
  }
  const auto new_type = [&](int id) {
    return id >= 0 && static_cast<std::size_t>(id) < to.size() ? to[static_cast<std::size_t>(id)] : kKeep;
  };
  for (Event& e : log_) {
    if (auto* setup = std::get_if<SetupLocked>(&e.body)) {
      for (const PieceRef& r : setup->pieces)
        if (const PieceType t = new_type(r.id); t != kKeep)
          if (auto* cmd = e.command ? std::get_if<SetupCmd>(&*e.command) : nullptr)
            for (auto& p : cmd->placements)
              if (p.square == r.square) p.type = t;
    }
    for_each_ref(e, [&](PieceRef& r) {
      if (const PieceType t = new_type(r.id); t != kKeep) r.type = t;
    });
  }
  for (const auto& [id, type] : changes) {
    state_.pieces[static_cast<std::size_t>(id)].type = type;
    for (auto& [size, snapshot] : snapshots_)
      if (static_cast<std::size_t>(id) < snapshot.pieces.size()) snapshot.pieces[static_cast<std::size_t>(id)].type = type;
  }
  moves_version_ = ~std::uint64_t{0};  // recomputed from the new state when asked
  return true;
}

void Match::take_snapshot() { snapshots_.emplace_back(base_ + log_.size(), state_); }

void Match::apply_void_clock(const Event& e, const Voided& v) {
  const Millis first_undone = log_[static_cast<std::size_t>(v.rewind_to - 1) - base_].t;
  if (state_.phase == Phase::kFinished) return;  // the clock stopped at the end
  state_.time = e.t;
  if (v.restore && state_.started && state_.phase != Phase::kFinished)
    state_.exempt_span(e.t - first_undone);
}

void Match::rebuild() {
  // The fold of the events in effect before the Voided marker (the last entry),
  // from the nearest snapshot, then what the marker itself does to the clock.
  // Indices here are into log_ (the history kept; a snapshot at its start
  // whenever some is forgotten).
  const std::size_t upto = log_.size() - 1;
  std::size_t from = 0;
  state_ = initial_state();
  for (auto it = snapshots_.rbegin(); it != snapshots_.rend(); ++it)
    if (it->first >= base_ && it->first - base_ <= upto) {
      state_ = it->second;
      from = it->first - base_;
      break;
    }
  for (std::size_t i = from; i < upto; ++i) {
    if (!effective_[i]) continue;
    if (const auto* v = std::get_if<Voided>(&log_[i].body))
      apply_void_clock(log_[i], *v);
    else
      state_.apply(log_[i]);
  }
  apply_void_clock(log_.back(), std::get<Voided>(log_.back().body));
}

int Match::voidable() const {
  if (state_.closed) return 0;
  int n = 0;
  for (const auto& e : entries_)
    if (e.counted && !e.voided) ++n;
  return n;
}

Match::Checkpoint Match::checkpoint(const Command& command) const {
  Checkpoint cp{log_.size(), entries_.size(), commands_, now_, std::nullopt, std::nullopt};
  if (std::holds_alternative<VoidCmd>(command)) {
    cp.effective = effective_;
    cp.entries = entries_;
  }
  return cp;
}

void Match::roll_back(Checkpoint cp) {
  log_.resize(cp.log_size);
  effective_.resize(cp.log_size);
  entries_.resize(cp.entries_size);
  if (cp.effective) effective_ = std::move(*cp.effective);
  if (cp.entries) entries_ = std::move(*cp.entries);
  commands_ = cp.commands;
  now_ = cp.now;
  while (!snapshots_.empty() && snapshots_.back().first > base_ + cp.log_size) snapshots_.pop_back();
  // The state is the fold of what is left: from the nearest snapshot.
  std::size_t from = 0;
  state_ = initial_state();
  if (!snapshots_.empty()) {
    from = snapshots_.back().first - base_;
    state_ = snapshots_.back().second;
  }
  for (std::size_t i = from; i < log_.size(); ++i) {
    if (!effective_[i]) continue;
    if (const auto* v = std::get_if<Voided>(&log_[i].body))
      apply_void_clock(log_[i], *v);
    else
      state_.apply(log_[i]);
  }
  ++version_;
}

// ---------------------------------------------------------------- [SECTION] time

std::optional<Millis> Match::next_deadline() const {
  const MatchState& s = state_;
  if (!s.started || s.phase == Phase::kFinished || s.paused) return std::nullopt;
  const Millis base = s.period_start + s.paused_total;
  std::optional<Millis> best;
  auto consider = [&](Millis d) {
    if (!best || d < *best) best = d;
  };
  if (s.phase == Phase::kPlaying && s.to_move != 0) {
    if (long limit = rules_.turn_limit; limit > 0) consider(base + limit * 1000);
    if (long w = rules_.warning_after; w > 0)
      consider(base + w * 1000 * (s.timed_warnings + 1));
  } else if (s.phase == Phase::kDeciding) {
    if (long d = rules_.decision_limit; d > 0) consider(base + d * 1000);
  }
  return best;
}

bool Match::fire_deadlines(Millis t, bool found_by_void) {
  while (true) {
    auto d = next_deadline();
    if (!d || *d > t) return true;
    if (firings_left_ <= 0) {
      overflowed_ = true;
      return false;
    }
    --firings_left_;
    // After a void the state stands at the void's time, later than a re-derived
    // deadline: the events are written at the current time so the log's times
    // never go back, and carry the deadline's own time (`at`), when they took
    // effect, so the clocks and the result are the ones the deadline gives.
    const Millis due = found_by_void ? *d : std::max(*d, state_.time);
    now_ = std::max(due, state_.time);
    if (due < now_) due_at_ = due;
    fire_one(*d);
    due_at_.reset();
  }
}

void Match::fire_one(Millis d) {
  const MatchState& s = state_;
  const Millis base = s.period_start + s.paused_total;
  if (s.phase == Phase::kPlaying) {
    long limit = rules_.turn_limit;
    int player = s.to_move;
    // A timeout and a warning at the same instant: the timeout wins.
    if (limit > 0 && base + limit * 1000 == d) {
      if (rules_.timeout_loses) {
        emit(Ended{other(player), "timeout", {},
                   {"timeout", {{"player", seat_param(player)}, {"limit", std::to_string(limit)}}}});
      } else {
        warn(player, "timeout", "", {"warn-timeout", {{"limit", std::to_string(limit)}}});
      }
    } else {
      warn(player, "time", "", {"warn-time", {{"elapsed", format_seconds(d - base)}}});
    }
  } else {
    game_->decide_by_default(*this);
    finish_resolution();
  }
}

void Match::warn(int player, const std::string& kind, const std::string& reason, Detail what) {
  int total = state_.warnings[static_cast<std::size_t>(player - 1)] + 1;
  emit(Warned{player, kind, reason, total, std::move(what)});
  long dq = rules_.warnings_to_dq;
  if (dq > 0 && total >= dq)
    emit(Ended{other(player), "disqualified", {},
               {"disqualified", {{"player", seat_param(player)}, {"count", std::to_string(total)}}}});
}

std::vector<Event> Match::advance(Millis t) {
  std::vector<Event> out;
  if (t <= state_.time) return out;
  sink_ = &out;
  current_cmd_ = 0;
  current_command_.reset();
  // Never refuses: deadlines past the bound fire on the next call.
  firings_left_ = kMaxDeadlineFirings;
  overflowed_ = false;
  fire_deadlines(t);
  sink_ = nullptr;
  return out;
}

// ---------------------------------------------------------------- [SECTION] turns

void Match::begin_turn(int player) {
  if (game_->reports_identity_reads() ? !game_->has_legal_move(state_, player) : moves_of(player).empty()) {
    bool draw = rules_.no_moves_draw;
    emit(Ended{draw ? 0 : other(player), "no-legal-moves", {}, {"no-legal-moves", {{"player", seat_param(player)}}}});
    return;
  }
  const bool fresh = moves_player_ == player && moves_version_ == version_;
  emit(TurnStarted{player});
  // TurnStarted changes who moves and the clock, never the position, so the moves
  // just found are still the legal ones (legal_moves reads the position only).
  if (fresh) moves_version_ = version_;
}

void Match::finish_resolution() {
  if (state_.phase == Phase::kFinished || state_.pending.awaited()) return;
  int mover = state_.mover;
  if (auto result = game_->victory(state_, mover)) {
    emit(Ended{result->winner, result->reason, result->detail, result->what});
    return;
  }
  long limit = rules_.ply_limit;
  if (limit > 0 && state_.ply >= limit) {
    emit(Ended{0, "ply-limit", {}, {"ply-limit", {{"limit", std::to_string(limit)}}}});
    return;
  }
  begin_turn(other(mover));
}

const std::vector<Move>& Match::moves_of(int player) const {
  if (moves_player_ != player || moves_version_ != version_) {
    moves_.clear();
    game_->legal_moves(state_, player, moves_);
    moves_player_ = player;
    moves_version_ = version_;
  }
  return moves_;
}

std::vector<Move> Match::legal_moves() const {
  if (state_.paused) return {};
  return turn_moves();
}

std::vector<Move> Match::turn_moves() const {
  if (state_.phase == Phase::kPlaying && state_.to_move != 0) return moves_of(state_.to_move);
  return {};
}

// ---------------------------------------------------------------- [SECTION] submit

std::optional<Rejection> Match::check_time(const Command& command, Millis t) const {
  if (t > kMaxMillis) return Rejection{"the time " + format_seconds(t) + " s is past the latest match time"};
  // The log's last time, not the state's: after the end the match clock stands
  // still while later commands keep their own (later) times.
  const Millis latest = std::max(state_.time, last_event_time());
  if (t < latest)
    return Rejection{"time goes backwards: " + format_seconds(t) + " s is before " + format_seconds(latest) + " s"};
  // Before start the clock stands still: at 0, or where a void that took back the
  // start left it (a restart then happens at that time, not back at 0).
  // A void may come later than that only once a start was given (and voided).
  const bool restart = std::holds_alternative<VoidCmd>(command) &&
                       (started_forgotten_ || std::any_of(log_.begin(), log_.end(),
                                   [](const Event& e) { return std::holds_alternative<Started>(e.body); }));
  if (!state_.started && t != state_.time && !restart)
    return Rejection{"the match clock has not started: time must be " + format_seconds(state_.time) +
                     " before start"};
  return std::nullopt;
}

Match::Submitted Match::submit(const Command& command, Millis t) {
  Submitted out;
  if (auto r = check_time(command, t)) {
    out.rejection = r;
    return out;
  }
  const Checkpoint cp = checkpoint(command);
  out.events.reserve(4);
  sink_ = &out.events;
  current_cmd_ = 0;
  current_command_.reset();
  firings_left_ = kMaxDeadlineFirings;
  overflowed_ = false;
  // Every command, a void included, first lets time pass: a deadline that fell due
  // before it is adjudicated at the deadline, so the log does not depend on whether
  // a refused command or the console's advance() happened to come in between.
  if (fire_deadlines(t)) {
    now_ = std::max(t, state_.time);
    current_cmd_ = commands_ + 1;
    current_command_ = command;
    out.rejection = decide(command);  // a void or a clock setting may fire more
  }
  current_command_.reset();
  current_cmd_ = 0;
  sink_ = nullptr;
  if (overflowed_) {
    roll_back(cp);
    out.events.clear();
    out.rejection = Rejection{"the time " + format_seconds(t) + " s would fire more than " +
                              std::to_string(kMaxDeadlineFirings) +
                              " deadlines in one command (turn-clock warnings); nothing was changed"};
  }
  return out;
}

namespace {

// The typed text a command carries, if any, and what it is called in an error.
std::optional<std::pair<const char*, const std::string*>> typed_text(const Command& command) {
  using R = std::optional<std::pair<const char*, const std::string*>>;
  return std::visit(Overloaded{
                        [](const PauseCmd& c) -> R { return R{{"the reason", &c.reason}}; },
                        [](const WarnCmd& c) -> R { return R{{"the reason", &c.reason}}; },
                        [](const AwardCmd& c) -> R { return R{{"the reason", &c.reason}}; },
                        [](const VoidCmd& c) -> R { return R{{"the reason", &c.reason}}; },
                        [](const ClockCmd& c) -> R { return R{{"the reason", &c.reason}}; },
                        [](const NoteCmd& c) -> R { return R{{"the note", &c.text}}; },
                        [](const CaptionCmd& c) -> R {
                          if (!c.text) return std::nullopt;
                          return R{{"the caption", &*c.text}};
                        },
                        [](const FirstCmd& c) -> R {
                          if (!c.toss_seed) return std::nullopt;
                          return R{{"the toss seed", &*c.toss_seed}};
                        },
                        [](const auto&) -> R { return std::nullopt; },
                    },
                    command);
}

}  // namespace

std::optional<Rejection> Match::decide(const Command& command) {
  const MatchState& s = state_;
  if (auto text = typed_text(command))
    if (auto bad = text_problem(*text->second)) return Rejection{std::string(text->first) + ": " + *bad};
  if (s.closed && !std::holds_alternative<NoteCmd>(command) && !std::holds_alternative<CaptionCmd>(command))
    return Rejection{"the match is closed (" + s.result->reason + "); only note and caption are accepted"};
  if (s.phase == Phase::kFinished && !std::holds_alternative<VoidCmd>(command) &&
      !std::holds_alternative<ClockCmd>(command) && !is_uncounted(command))
    return Rejection{"the game is over (" + s.result->reason + "); only void, note, caption and close are accepted"};
  return std::visit([&](const auto& c) { return decide_one(c); }, command);
}

std::optional<Rejection> Match::need_running() const {
  if (!state_.started) return Rejection{"the match has not started"};
  return std::nullopt;
}

std::optional<Rejection> Match::need_unpaused() const {
  if (state_.paused) return Rejection{"the match is paused; resume first"};
  return std::nullopt;
}

// ---------------------------------------------------------------- [SECTION] names

bool is_uncounted(const Command& command) {
  return std::holds_alternative<VoidCmd>(command) || std::holds_alternative<NoteCmd>(command) ||
         std::holds_alternative<CaptionCmd>(command) || std::holds_alternative<CloseCmd>(command);
}

const char* outcome_name(AttackOutcome o) {
  switch (o) {
    case AttackOutcome::kAttacker: return "attacker";
    case AttackOutcome::kDefender: return "defender";
    case AttackOutcome::kBoth: return "both";
  }
  return "both";
}

std::optional<AttackOutcome> parse_outcome(const std::string& name) {
  for (AttackOutcome o : {AttackOutcome::kAttacker, AttackOutcome::kDefender, AttackOutcome::kBoth})
    if (name == outcome_name(o)) return o;
  return std::nullopt;
}

const char* event_type(const EventBody& body) {
  return std::visit(
      Overloaded{
          [](const Opened&) { return "opened"; },
          [](const SetupLocked&) { return "setup-locked"; },
          [](const FirstChosen&) { return "first-chosen"; },
          [](const Started&) { return "started"; },
          [](const TurnStarted&) { return "turn-started"; },
          [](const Moved&) { return "moved"; },
          [](const DecisionAwaited&) { return "decision-awaited"; },
          [](const Battle&) { return "battle"; },
          [](const Attack&) { return "attack"; },
          [](const Removed&) { return "removed"; },
          [](const Decided& o) { return o.type.c_str(); },
          [](const Warned&) { return "warned"; },
          [](const Paused&) { return "paused"; },
          [](const Resumed&) { return "resumed"; },
          [](const Ticked&) { return "ticked"; },
          [](const Ended&) { return "ended"; },
          [](const Voided&) { return "voided"; },
          [](const ClockSet&) { return "clock-set"; },
          [](const Noted&) { return "noted"; },
          [](const Captioned&) { return "captioned"; },
          [](const Closed&) { return "closed"; },
      },
      body);
}

}  // namespace facedown::engine
