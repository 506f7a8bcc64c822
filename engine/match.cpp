#include "engine/match.h"

#include <algorithm>
#include <limits>

namespace facedown::engine {

namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

int other(int player) { return player == 1 ? 2 : 1; }

std::string player_name(int p) { return "player " + std::to_string(p); }

bool valid_player(int p) { return p == 1 || p == 2; }

}  // namespace

Match::Match(GameInfo info, std::unique_ptr<Game> game, const Options& options)
    : info_(std::move(info)), game_(std::move(game)) {
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
Match::Match(const Match& o)
    : info_(o.info_),
      game_(o.info_.make(o.state_.options)),
      rules_(o.rules_),
      version_(o.version_),
      state_(o.state_),
      log_(o.log_),
      effective_(o.effective_),
      entries_(o.entries_),
      commands_(o.commands_),
      now_(o.now_) {}
Match& Match::operator=(const Match& o) {
  if (this != &o) *this = Match(o);
  return *this;
}
Match& Match::operator=(Match&&) noexcept = default;
Match::~Match() = default;

std::variant<Match, Rejection> Match::open(const GameInfo& info, const std::string& preset,
                                           const Options& overrides,
                                           const std::array<std::string, 2>& players) {
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
    m.apply_event(log[i]);
  }
  return m;
}

std::optional<Rejection> Match::record(const Event& event) {
  if (event.seq != static_cast<int>(log_.size()) + 1)
    return Rejection{"event has sequence number " + std::to_string(event.seq) + ", expected " +
                     std::to_string(log_.size() + 1)};
  if (std::holds_alternative<Opened>(event.body))
    return Rejection{"a match has only one opened event"};
  apply_event(event);
  return std::nullopt;
}

MatchState Match::initial_state() const {
  MatchState s;
  s.board.assign(static_cast<std::size_t>(game_->geometry().size()), -1);
  auto inv = game_->initial_items();
  s.items = {inv, inv};
  return s;
}

// ---------------------------------------------------------------- the log

void Match::emit(EventBody body) {
  Event e;
  e.seq = static_cast<int>(log_.size()) + 1;
  e.t = now_;
  e.cmd = current_cmd_;
  if (current_command_) {
    e.command = std::move(current_command_);
    current_command_.reset();
  }
  e.body = std::move(body);
  apply_event(e);
  if (sink_) sink_->push_back(std::move(e));
}

void Match::apply_event(const Event& e) {
  ++version_;
  log_.push_back(e);
  effective_.push_back(true);
  if (e.command) {
    entries_.push_back(Entry{e.cmd, e.seq, std::holds_alternative<VoidCmd>(*e.command), false});
    commands_ = std::max(commands_, e.cmd);
  }
  if (const auto* v = std::get_if<Voided>(&e.body)) {
    for (std::size_t i = static_cast<std::size_t>(v->rewind_to - 1); i + 1 < log_.size(); ++i)
      effective_[i] = false;
    for (auto& entry : entries_)
      if (entry.first_seq >= v->rewind_to && entry.cmd != e.cmd) entry.voided = true;
    rebuild();
    state_.time = e.t;
    return;
  }
  state_.apply(e);
}

void Match::rebuild() {
  state_ = initial_state();
  for (std::size_t i = 0; i + 1 < log_.size(); ++i) {
    if (!effective_[i]) continue;
    if (std::holds_alternative<Voided>(log_[i].body))
      state_.time = log_[i].t;
    else
      state_.apply(log_[i]);
  }
}

int Match::voidable() const {
  int n = 0;
  for (const auto& e : entries_)
    if (!e.is_void && !e.voided) ++n;
  return n;
}

// ---------------------------------------------------------------- time

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
  } else if (s.phase == Phase::kAwaitingItems || s.phase == Phase::kAwaitingRevival) {
    if (long d = rules_.decision_limit; d > 0) consider(base + d * 1000);
  }
  return best;
}

void Match::fire_deadlines(Millis t) {
  while (true) {
    auto d = next_deadline();
    if (!d || *d > t) break;
    // After a void the state may stand later than a re-derived deadline; the
    // event is stamped at the current time so the log's times never go back.
    now_ = std::max(*d, state_.time);
    const MatchState& s = state_;
    const Millis base = s.period_start + s.paused_total;
    if (s.phase == Phase::kPlaying) {
      long limit = rules_.turn_limit;
      int player = s.to_move;
      // A timeout and a warning at the same instant: the timeout wins.
      if (limit > 0 && base + limit * 1000 == *d) {
        if (rules_.timeout_loses) {
          emit(Ended{other(player), "timeout",
                     player_name(player) + " did not move within " + std::to_string(limit) + " s"});
        } else {
          warn(player, "timeout", "did not move within " + std::to_string(limit) + " s");
        }
      } else {
        warn(player, "time", "turn reached " + format_seconds(*d - base) + " s");
      }
    } else {
      game_->decide_by_default(*this);
      finish_resolution();
    }
  }
}

void Match::warn(int player, const std::string& kind, const std::string& reason) {
  int total = state_.warnings[static_cast<std::size_t>(player - 1)] + 1;
  emit(Warned{player, kind, reason, total});
  long dq = rules_.warnings_to_dq;
  if (dq > 0 && total >= dq)
    emit(Ended{other(player), "disqualified",
               player_name(player) + " received " + std::to_string(total) + " warnings"});
}

std::vector<Event> Match::advance(Millis t) {
  std::vector<Event> out;
  if (t <= state_.time) return out;
  sink_ = &out;
  current_cmd_ = 0;
  current_command_.reset();
  fire_deadlines(t);
  sink_ = nullptr;
  return out;
}

// ---------------------------------------------------------------- turns

void Match::begin_turn(int player) {
  if (moves_of(player).empty()) {
    bool draw = rules_.no_moves_draw;
    emit(Ended{draw ? 0 : other(player), "no-legal-moves", player_name(player) + " has no legal move"});
    return;
  }
  const bool fresh = moves_player_ == player && moves_version_ == version_;
  emit(TurnStarted{player});
  // TurnStarted changes who moves and the clock, never the position, so the moves
  // just found are still the legal ones (legal_moves reads the position only).
  if (fresh) moves_version_ = version_;
}

void Match::finish_resolution() {
  if (state_.phase == Phase::kFinished || state_.pending.kind != Decision::kNone) return;
  int mover = state_.mover;
  if (auto result = game_->victory(state_, mover)) {
    emit(Ended{result->winner, result->reason, result->detail});
    return;
  }
  long limit = rules_.ply_limit;
  if (limit > 0 && state_.ply >= limit) {
    emit(Ended{0, "ply-limit", "the ply limit of " + std::to_string(limit) + " was reached"});
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
  if (state_.phase == Phase::kPlaying && state_.to_move != 0 && !state_.paused) return moves_of(state_.to_move);
  return {};
}

// ---------------------------------------------------------------- commands

std::optional<Rejection> Match::check_time(const Command& command, Millis t) const {
  if (t < state_.time)
    return Rejection{"time goes backwards: " + format_seconds(t) + " s is before " +
                     format_seconds(state_.time) + " s"};
  // Before start the clock stands still: at 0, or where a void that took back the
  // start left it (a restart then happens at that time, not back at 0).
  if (!state_.started && t != state_.time && !std::holds_alternative<VoidCmd>(command))
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
  out.events.reserve(4);
  sink_ = &out.events;
  current_cmd_ = 0;
  current_command_.reset();
  // Every command, a void included, first lets time pass: a deadline that fell due
  // before it is adjudicated at the deadline, so the log does not depend on whether
  // a refused command or the console's advance() happened to come in between.
  fire_deadlines(t);
  now_ = std::max(t, state_.time);
  current_cmd_ = commands_ + 1;
  current_command_ = command;
  out.rejection = decide(command);
  current_command_.reset();
  current_cmd_ = 0;
  sink_ = nullptr;
  return out;
}

std::optional<Rejection> Match::decide(const Command& command) {
  const MatchState& s = state_;
  const bool finished = s.phase == Phase::kFinished;
  if (finished && !std::holds_alternative<VoidCmd>(command))
    return Rejection{"the game is over (" + s.result->reason + "); only void is accepted"};

  auto need_running = [&]() -> std::optional<Rejection> {
    if (!s.started) return Rejection{"the match has not started"};
    return std::nullopt;
  };
  auto need_unpaused = [&]() -> std::optional<Rejection> {
    if (s.paused) return Rejection{"the match is paused; resume first"};
    return std::nullopt;
  };

  return std::visit(
      Overloaded{
          [&](const SetupCmd& c) -> std::optional<Rejection> {
            if (s.started) return Rejection{"setups are locked once the match has started"};
            if (!valid_player(c.player)) return Rejection{"player must be 1 or 2"};
            if (s.setup_locked[static_cast<std::size_t>(c.player - 1)])
              return Rejection{player_name(c.player) + "'s setup is already locked (void it to change it)"};
            if (auto r = game_->check_setup(c.player, c.placements)) return r;
            SetupLocked ev{c.player, {}};
            for (const auto& p : c.placements)
              ev.pieces.push_back(PieceRef{-1, c.player, p.type, p.square, std::nullopt,
                                           hidden_but_owner(c.player)});
            std::sort(ev.pieces.begin(), ev.pieces.end(),
                      [](const PieceRef& a, const PieceRef& b) { return a.square < b.square; });
            int next_id = static_cast<int>(s.pieces.size());
            for (auto& r : ev.pieces) r.id = next_id++;
            emit(std::move(ev));
            return std::nullopt;
          },
          [&](const FirstCmd& c) -> std::optional<Rejection> {
            if (s.started) return Rejection{"the match has already started"};
            if (!valid_player(c.player)) return Rejection{"player must be 1 or 2"};
            if (s.first != 0)
              return Rejection{"who moves first is already decided (" + player_name(s.first) + ")"};
            emit(FirstChosen{c.player, c.toss_seed});
            return std::nullopt;
          },
          [&](const StartCmd&) -> std::optional<Rejection> {
            if (s.started) return Rejection{"the match has already started"};
            if (!s.setup_locked[0]) return Rejection{"player 1's setup is missing"};
            if (!s.setup_locked[1]) return Rejection{"player 2's setup is missing"};
            if (s.first == 0) return Rejection{"who moves first is not decided (use first)"};
            emit(Started{});
            begin_turn(s.first);
            return std::nullopt;
          },
          [&](const MoveCmd& c) -> std::optional<Rejection> {
            if (auto r = need_running()) return r;
            if (auto r = need_unpaused()) return r;
            if (s.phase == Phase::kAwaitingItems) return Rejection{"waiting for item declarations"};
            if (s.phase == Phase::kAwaitingRevival)
              return Rejection{"waiting for " + player_name(s.pending.player) + "'s revival choice"};
            const Geometry& g = game_->geometry();
            int id = s.piece_at(c.move.from);
            if (id < 0) return Rejection{"no piece on " + g.name(c.move.from)};
            int owner = s.pieces[static_cast<std::size_t>(id)].owner;
            if (owner != s.to_move)
              return Rejection{g.name(c.move.from) + " is " + player_name(owner) + "'s piece; " +
                               player_name(s.to_move) + " is to move"};
            const auto& moves = moves_of(s.to_move);
            if (std::find(moves.begin(), moves.end(), c.move) == moves.end())
              return Rejection{g.name(c.move.from) + "-" + g.name(c.move.to) + " is not a legal move"};
            game_->play(*this, c.move);
            finish_resolution();
            return std::nullopt;
          },
          [&](const ItemsCmd& c) -> std::optional<Rejection> {
            if (auto r = need_running()) return r;
            if (auto r = need_unpaused()) return r;
            if (s.phase != Phase::kAwaitingItems)
              return Rejection{"no item declarations are awaited now"};
            if (auto r = game_->declare_items(*this, c)) return r;
            finish_resolution();
            return std::nullopt;
          },
          [&](const ReviveCmd& c) -> std::optional<Rejection> {
            if (auto r = need_running()) return r;
            if (auto r = need_unpaused()) return r;
            if (s.phase != Phase::kAwaitingRevival) return Rejection{"no revival choice is awaited now"};
            if (auto r = game_->revive(*this, c)) return r;
            finish_resolution();
            return std::nullopt;
          },
          [&](const TickCmd&) -> std::optional<Rejection> {
            if (auto r = need_running()) return r;
            emit(Ticked{});
            return std::nullopt;
          },
          [&](const PauseCmd& c) -> std::optional<Rejection> {
            if (auto r = need_running()) return r;
            if (s.paused) return Rejection{"the match is already paused"};
            emit(Paused{c.reason});
            return std::nullopt;
          },
          [&](const ResumeCmd&) -> std::optional<Rejection> {
            if (!s.paused) return Rejection{"the match is not paused"};
            emit(Resumed{});
            return std::nullopt;
          },
          [&](const WarnCmd& c) -> std::optional<Rejection> {
            if (auto r = need_running()) return r;
            if (!valid_player(c.player)) return Rejection{"player must be 1 or 2"};
            warn(c.player, "manual", c.reason);
            return std::nullopt;
          },
          [&](const ResignCmd& c) -> std::optional<Rejection> {
            if (auto r = need_running()) return r;
            if (!valid_player(c.player)) return Rejection{"player must be 1 or 2"};
            emit(Ended{other(c.player), "resigned", player_name(c.player) + " resigned"});
            return std::nullopt;
          },
          [&](const DrawCmd&) -> std::optional<Rejection> {
            if (auto r = need_running()) return r;
            emit(Ended{0, "draw-agreed", "both players agreed to a draw"});
            return std::nullopt;
          },
          [&](const AwardCmd& c) -> std::optional<Rejection> {
            if (!valid_player(c.player)) return Rejection{"player must be 1 or 2"};
            if (c.reason.empty()) return Rejection{"an award needs a reason"};
            emit(Ended{c.player, "awarded", c.reason});
            return std::nullopt;
          },
          [&](const VoidCmd& c) -> std::optional<Rejection> {
            if (c.count < 1) return Rejection{"void needs a count of at least 1"};
            if (c.reason.empty()) return Rejection{"void needs a reason"};
            int available = voidable();
            if (c.count > available)
              return Rejection{"cannot void " + std::to_string(c.count) + " commands: only " +
                               std::to_string(available) + " can be voided"};
            Voided v{c.count, c.reason, {}, 0};
            int left = c.count;
            for (auto it = entries_.rbegin(); it != entries_.rend() && left > 0; ++it) {
              if (it->is_void || it->voided) continue;
              v.commands.insert(v.commands.begin(), it->cmd);
              v.rewind_to = it->first_seq;
              --left;
            }
            emit(std::move(v));
            fire_deadlines(now_);
            return std::nullopt;
          },
      },
      command);
}

const char* item_name(Item item) {
  switch (item) {
    case Item::kBlind: return "blind";
    case Item::kPlus: return "plus";
    case Item::kMinus: return "minus";
  }
  return "?";
}

std::optional<Item> parse_item(const std::string& name) {
  if (name == "blind") return Item::kBlind;
  if (name == "plus") return Item::kPlus;
  if (name == "minus") return Item::kMinus;
  return std::nullopt;
}

const char* outcome_name(AttackOutcome o) {
  switch (o) {
    case AttackOutcome::kAttacker: return "attacker";
    case AttackOutcome::kDefender: return "defender";
    case AttackOutcome::kBoth: return "both";
  }
  return "both";
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
          [](const ItemsDeclared&) { return "items-declared"; },
          [](const Battle&) { return "battle"; },
          [](const Attack&) { return "attack"; },
          [](const Removed&) { return "removed"; },
          [](const Revived&) { return "revived"; },
          [](const RevivalDeclined&) { return "revival-declined"; },
          [](const Warned&) { return "warned"; },
          [](const Paused&) { return "paused"; },
          [](const Resumed&) { return "resumed"; },
          [](const Ticked&) { return "ticked"; },
          [](const Ended&) { return "ended"; },
          [](const Voided&) { return "voided"; },
      },
      body);
}

}  // namespace facedown::engine
