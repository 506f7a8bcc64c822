#include "engine/match_state.h"
#include "engine/positions.h"
#include "engine/vocabulary.h"

#include <algorithm>
#include <type_traits>
#include <utility>

namespace facedown::engine {

std::string MatchState::status() const {
  if (phase == Phase::kFinished) return "finished";
  if (paused) return "paused";
  switch (phase) {
    case Phase::kSetup: return "setup";
    case Phase::kReady: return "ready";
    case Phase::kPlaying: return "playing";
    case Phase::kDeciding: return "awaiting-" + pending.kind;
    case Phase::kFinished: return "finished";
  }
  return "setup";
}

Millis MatchState::period_elapsed() const {
  Millis now = paused ? pause_start : time;
  return now - period_start - paused_total;
}

Millis MatchState::turn_elapsed() const {
  if (phase == Phase::kFinished) return ended_turn_elapsed;
  if (phase != Phase::kPlaying || to_move == 0) return 0;
  return period_elapsed();
}

void MatchState::set_period_elapsed(Millis elapsed) {
  period_start += period_elapsed() - elapsed;
}

void MatchState::exempt_span(Millis span) {
  // A paused period is already not charged; its pause covers the span.
  if (!paused) paused_total += span;
}

namespace {

void start_period(MatchState& s, Millis t) {
  s.period_start = t;
  s.paused_total = 0;
  s.pause_start = t;
  s.timed_warnings = 0;
}

void remove_piece(MatchState& s, int id) {
  Piece& p = s.pieces[static_cast<std::size_t>(id)];
  if (p.square != kNoSquare) s.board[static_cast<std::size_t>(p.square)] = -1;
  p.square = kNoSquare;
  s.removed[static_cast<std::size_t>(p.owner - 1)].push_back(id);
}

// Moves a piece from its square to `to` (which must be empty of other pieces).
void relocate(MatchState& s, int id, Square to) {
  Piece& p = s.pieces[static_cast<std::size_t>(id)];
  if (p.square != kNoSquare && s.board[static_cast<std::size_t>(p.square)] == id)
    s.board[static_cast<std::size_t>(p.square)] = -1;
  s.board[static_cast<std::size_t>(to)] = id;
  p.square = to;
}

// What every move (a step or an attack) does besides moving pieces: it is a ply,
// it ends the mover's turn, and any decision it causes starts timing now.
void count_move(MatchState& s, int player, Square from, Square to, Millis t) {
  s.last_from = from;
  s.last_to = to;
  ++s.ply;
  s.mover = player;
  s.to_move = 0;
  start_period(s, t);
}

void reveal(MatchState& s, const PieceRef& r) {
  if (r.id >= 0) s.pieces[static_cast<std::size_t>(r.id)].revealed = true;
}

}  // namespace

void MatchState::apply(const Event& e) {
  // After the end the match clock stands at the moment the game ended; what comes
  // later (notes, captions, close) keeps its own time in the log only. A timeout
  // taken back starts the clock again, at its own time.
  const auto* reinstating = std::get_if<ClockSet>(&e.body);
  if (phase != Phase::kFinished || (reinstating && reinstating->reinstate)) time = e.t;
  // An event a void found took effect at its deadline (`at`): the clocks it starts
  // start then, and an end stops the match clock then. The match clock otherwise
  // stands at the void's time (`t`).
  const Millis when = e.when();
  if (std::holds_alternative<Ended>(e.body)) time = when;
  // A timeout warning's restart of the turn clock is known to the next event only.
  const std::optional<Millis> after_timeout_warning = std::exchange(timeout_warning_elapsed, std::nullopt);
  std::visit(
      Overloaded{
          [&](const Opened& o) {
            game = o.game;
            preset = o.preset;
            options = o.options;
            players = o.players;
          },
          [&](const SetupLocked& o) {
            for (const PieceRef& r : o.pieces) {
              int id = static_cast<int>(pieces.size());
              pieces.push_back(Piece{o.player, r.type, r.square, false});
              board[static_cast<std::size_t>(r.square)] = id;
            }
            setup_locked[static_cast<std::size_t>(o.player - 1)] = true;
            if (setup_locked[0] && setup_locked[1] && first != 0) phase = Phase::kReady;
          },
          [&](const FirstChosen& o) {
            first = o.player;
            toss_seed = o.toss_seed;
            if (setup_locked[0] && setup_locked[1]) phase = Phase::kReady;
          },
          [&](const Started&) {
            started = true;
            phase = Phase::kPlaying;
          },
          [&](const TurnStarted& o) {
            phase = Phase::kPlaying;
            to_move = o.player;
            pending = Pending{};
            removed_at_turn_start = {removed[0].size(), removed[1].size()};
            turn_positions.push_back(engine::position_key(*this, PositionKind::kOwners, o.player));
            piece_positions.push_back(engine::position_key(*this, PositionKind::kOwnersAndTypes, o.player));
            start_period(*this, when);
            if (paused) pause_start = when;
          },
          [&](const Moved& o) {
            relocate(*this, board[static_cast<std::size_t>(o.from)], o.to);
            count_move(*this, o.player, o.from, o.to, when);
          },
          [&](const DecisionAwaited& o) {
            phase = Phase::kDeciding;
            to_move = 0;
            pending.kind = o.kind;
            pending.player = o.player;
            pending.piece_id = o.piece_id;
            pending.squares = o.squares;
            pending.candidates.clear();
            for (const auto& c : o.candidates) pending.candidates.push_back(c.id);
            pending.choices = o.choices;
            start_period(*this, when);
          },
          [&](const Battle& o) {
            for (const auto& r : o.revealed) reveal(*this, r);
            for (const auto& r : o.removed) remove_piece(*this, r.id);
          },
          [&](const Attack& o) {
            for (const auto& r : o.revealed) reveal(*this, r);
            const int attacker = o.attacker.id, defender = o.defender.id;
            if (o.outcome != AttackOutcome::kAttacker) remove_piece(*this, attacker);
            if (o.outcome != AttackOutcome::kDefender) remove_piece(*this, defender);
            if (o.outcome == AttackOutcome::kAttacker) relocate(*this, attacker, o.to);
            count_move(*this, o.player, o.from, o.to, when);
          },
          [&](const Removed& o) {
            // A removal announces only the identities the event made public
            // (Hasami's captured guards stay face down; its leader does not).
            for (const auto& r : o.pieces) {
              if (r.hidden_from == 0) reveal(*this, r);
              remove_piece(*this, r.id);
            }
          },
          [&](const Decided& o) {
            // The facts' roles, in this order: pieces taken off, pieces put back, counters spent.
            for (const auto& [key, f] : o.facts)
              if (const auto* r = std::get_if<PieceRef>(&f.value); r && f.role == FactRole::kTaken) {
                reveal(*this, *r);
                remove_piece(*this, r->id);
              }
            for (const auto& [key, f] : o.facts)
              if (const auto* r = std::get_if<PieceRef>(&f.value); r && f.role == FactRole::kPlaced) {
                auto& list = removed[static_cast<std::size_t>(r->owner - 1)];
                list.erase(std::remove(list.begin(), list.end(), r->id), list.end());
                relocate(*this, r->id, r->square);
                pieces[static_cast<std::size_t>(r->id)].revealed = true;
              }
            for (const auto& [key, f] : o.facts)
              if (const auto* name = std::get_if<std::string>(&f.value); name && f.role == FactRole::kSpent) {
                const int k = counters.index(*name);
                if (k < 0 || f.player < 1 || f.player > 2) continue;
                --counters.left[static_cast<std::size_t>(f.player - 1)][static_cast<std::size_t>(k)];
                ++counters.used[static_cast<std::size_t>(f.player - 1)][static_cast<std::size_t>(k)];
              }
            pending = Pending{};
            phase = Phase::kPlaying;
          },
          [&](const Warned& o) {
            warnings[static_cast<std::size_t>(o.player - 1)] = o.total;
            if (o.kind == "time") ++timed_warnings;
            if (o.kind == "timeout") {
              // The turn reached its limit: its clock starts again (on_timeout=warning).
              timeout_warning_elapsed = when - period_start - paused_total;
              start_period(*this, when);
            }
          },
          [&](const Paused&) {
            paused = true;
            pause_start = when;
          },
          [&](const Resumed&) {
            paused = false;
            paused_total += when - pause_start;
          },
          [&](const Ticked&) {},
          [&](const Ended& o) {
            // A disqualification by a timeout warning stops the turn clock at the
            // limit, as a timeout does, not at the restart the warning made.
            ended_turn_elapsed = after_timeout_warning && o.reason == "disqualified" ? *after_timeout_warning
                                                                                   : turn_elapsed();
            result = Result{o.winner, o.reason, o.what, o.detail};
            phase = Phase::kFinished;
            to_move = 0;
            paused = false;
            pending = Pending{};
          },
          [&](const Voided&) {},
          [&](const ClockSet& o) {
            if (o.reinstate) {
              // The arbiter's adjustment after an irregularity: the timed-out turn
              // again, paused from now with `elapsed` run (its timed warnings kept).
              phase = Phase::kPlaying;
              to_move = o.player;
              result.reset();
              paused = true;
              pause_start = when;
              paused_total = 0;
              period_start = when - o.elapsed;
              return;
            }
            set_period_elapsed(o.elapsed);
          },
          [&](const Noted&) {},
          [&](const Captioned& o) { caption = o.text; },
          [&](const Closed&) { closed = true; },
      },
      e.body);
}

std::uint64_t MatchState::position_key(int side_to_move) const {
  return engine::position_key(*this, PositionKind::kOwners, side_to_move);
}

PieceRef MatchState::ref(int id) const {
  const Piece& p = pieces[static_cast<std::size_t>(id)];
  return PieceRef{id, p.owner, p.type, p.square, std::nullopt,
                  p.revealed ? std::uint8_t{0} : hidden_but_owner(p.owner)};
}

std::optional<std::string> MatchState::check_invariants() const {
  std::vector<int> seen(pieces.size(), 0);
  for (std::size_t s = 0; s < board.size(); ++s) {
    int id = board[s];
    if (id < 0) continue;
    if (id >= static_cast<int>(pieces.size())) return "board holds an unknown piece id";
    if (pieces[static_cast<std::size_t>(id)].square != static_cast<Square>(s))
      return "piece " + std::to_string(id) + " is not where the board says";
    ++seen[static_cast<std::size_t>(id)];
  }
  for (std::size_t o = 0; o < 2; ++o)
    for (int id : removed[o]) {
      const Piece& p = pieces[static_cast<std::size_t>(id)];
      if (p.square != kNoSquare) return "a removed piece is still on the board";
      if (p.owner != static_cast<int>(o) + 1) return "a removed piece is in the wrong list";
      ++seen[static_cast<std::size_t>(id)];
    }
  for (std::size_t id = 0; id < pieces.size(); ++id)
    if (seen[id] != 1) return "piece " + std::to_string(id) + " is counted " + std::to_string(seen[id]) + " times";
  if (to_move != 0 && phase != Phase::kPlaying) return "to_move set outside a running turn";
  if (phase == Phase::kFinished && !result) return "finished without a result";
  for (const auto& inv : counters.left)
    for (int n : inv)
      if (n < 0) return "negative counter";
  return std::nullopt;
}

}  // namespace facedown::engine
