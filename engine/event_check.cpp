// Match::fits: whether a stored event can be folded into this state without
// breaking it. The engine writes only events that fit; this guards the fold
// against a file that was edited (or damaged) into events that do not, so a
// reader gets a Rejection instead of undefined behaviour.
#include "engine/match.h"
#include "engine/vocabulary.h"

#include <algorithm>

namespace facedown::engine {

namespace {

struct Fit {
  const MatchState& s;
  int squares = 0;
  int roster = 0;

  bool square(Square q) const { return q >= 0 && q < squares; }
  bool piece(int id) const { return id >= 0 && id < static_cast<int>(s.pieces.size()); }
  bool on_board(int id) const { return piece(id) && s.pieces[static_cast<std::size_t>(id)].square != kNoSquare; }
  bool removed(int id, int owner) const {
    if (!piece(id) || !valid_player(owner)) return false;
    for (int r : s.removed[static_cast<std::size_t>(owner - 1)])
      if (r == id) return true;
    return false;
  }
  bool type(PieceType t) const { return t >= 0 && t < roster; }
  // A piece named by an event: a known piece, of this owner.
  bool ref(const PieceRef& r) const {
    return piece(r.id) && s.pieces[static_cast<std::size_t>(r.id)].owner == r.owner;
  }
};

}  // namespace

std::optional<Rejection> Match::fits(const Event& e) const {
  const MatchState& s = state_;
  const Fit f{s, game_->geometry().size(), static_cast<int>(game_->roster().size())};
  auto no = [](const std::string& why) { return std::optional<Rejection>(Rejection{why}); };
  const char* type = event_type(e.body);
  const std::string what = std::string("event ") + std::to_string(e.seq) + " (" + type + ")";
  if (e.t < 0 || e.t > kMaxMillis) return no(what + ": its time is out of range");
  if (e.at && (*e.at < 0 || *e.at > e.t)) return no(what + ": it takes effect after its own time");
  return std::visit(
      Overloaded{
          [&](const Opened&) { return no(what + ": a match has only one opened event"); },
          [&](const SetupLocked& o) -> std::optional<Rejection> {
            if (!valid_player(o.player)) return no(what + ": no such player");
            if (game_->has_fixed_placement()) return no(what + ": this game has a fixed placement and no setup");
            int next = static_cast<int>(s.pieces.size());
            for (const auto& r : o.pieces) {
              if (r.id != next++ || r.owner != o.player || !f.type(r.type) || !f.square(r.square) ||
                  s.board[static_cast<std::size_t>(r.square)] >= 0)
                return no(what + ": a piece does not fit the board");
            }
            return std::nullopt;
          },
          [&](const Moved& o) -> std::optional<Rejection> {
            if (!f.square(o.from) || !f.square(o.to) || s.board[static_cast<std::size_t>(o.from)] < 0 ||
                (s.board[static_cast<std::size_t>(o.to)] >= 0 && o.to != o.from))
              return no(what + ": no such move on this board");
            return std::nullopt;
          },
          [&](const DecisionAwaited& o) -> std::optional<Rejection> {
            for (Square q : o.squares)
              if (!f.square(q)) return no(what + ": a square off the board");
            for (const auto& c : o.candidates)
              if (!f.ref(c)) return no(what + ": an unknown candidate");
            // The piece it is about may already be off the board (revive=remove-always).
            if (o.kind.empty() || (o.piece_id >= 0 && !f.piece(o.piece_id)) ||
                (o.player != 0 && !valid_player(o.player)))
              return no(what + ": an unknown decision, piece or player");
            return std::nullopt;
          },
          [&](const Battle& o) -> std::optional<Rejection> {
            for (const auto& r : o.revealed)
              if (!f.ref(r)) return no(what + ": an unknown piece");
            for (const auto& r : o.removed)
              if (!f.ref(r) || !f.on_board(r.id)) return no(what + ": a removed piece not on the board");
            return std::nullopt;
          },
          [&](const Attack& o) -> std::optional<Rejection> {
            if (!f.ref(o.attacker) || !f.ref(o.defender) || !f.square(o.from) || !f.square(o.to) ||
                s.board[static_cast<std::size_t>(o.from)] != o.attacker.id ||
                s.board[static_cast<std::size_t>(o.to)] != o.defender.id)
              return no(what + ": the attack does not fit the board");
            for (const auto& r : o.revealed)
              if (!f.ref(r)) return no(what + ": an unknown piece");
            return std::nullopt;
          },
          [&](const Removed& o) -> std::optional<Rejection> {
            for (const auto& r : o.pieces)
              if (!f.ref(r) || !f.on_board(r.id)) return no(what + ": a removed piece not on the board");
            return std::nullopt;
          },
          [&](const Decided& o) -> std::optional<Rejection> {
            // Each fact's role must fit the board the fold will change.
            std::vector<int> taken;
            for (const auto& [key, fact] : o.facts) {
              const auto* r = std::get_if<PieceRef>(&fact.value);
              if (const auto* sq = std::get_if<SquareFact>(&fact.value); sq && !f.square(sq->square))
                return no(what + ": a square off the board");
              if (r && fact.role == FactRole::kTaken) {
                if (!f.ref(*r) || !f.on_board(r->id)) return no(what + ": a piece taken off is not on the board");
                taken.push_back(r->id);
              }
              // A spent counter: a name (null spends nothing).
              if (const auto* name = std::get_if<std::string>(&fact.value); name && fact.role == FactRole::kSpent) {
                const int k = s.counters.index(*name);
                if (!valid_player(fact.player) || k < 0 ||
                    s.counters.left[static_cast<std::size_t>(fact.player - 1)][static_cast<std::size_t>(k)] <= 0)
                  return no(what + ": a counter the player does not hold");
              }
            }
            for (const auto& [key, fact] : o.facts) {
              const auto* r = std::get_if<PieceRef>(&fact.value);
              if (!r || fact.role != FactRole::kPlaced) continue;
              if (!f.removed(r->id, r->owner) || !f.square(r->square))
                return no(what + ": the piece put back is not a removed piece of its owner");
              const int there = s.board[static_cast<std::size_t>(r->square)];
              if (there >= 0 && std::find(taken.begin(), taken.end(), there) == taken.end())
                return no(what + ": the square it goes back to is taken");
            }
            return std::nullopt;
          },
          [&](const TurnStarted& o) -> std::optional<Rejection> {
            if (!valid_player(o.player)) return no(what + ": no such player");
            return std::nullopt;
          },
          [&](const Warned& o) -> std::optional<Rejection> {
            if (!valid_player(o.player)) return no(what + ": no such player");
            return std::nullopt;
          },
          [&](const FirstChosen& o) -> std::optional<Rejection> {
            if (!valid_player(o.player)) return no(what + ": no such player");
            return std::nullopt;
          },
          [&](const Voided& o) -> std::optional<Rejection> {
            if (o.rewind_to < 2 || o.rewind_to > static_cast<int>(base_ + log_.size()) ||
                static_cast<std::size_t>(o.rewind_to - 1) < base_)
              return no(what + ": it rewinds to event " + std::to_string(o.rewind_to) + ", outside the log");
            return std::nullopt;
          },
          [&](const ClockSet& o) -> std::optional<Rejection> {
            if (!valid_player(o.player)) return no(what + ": no such player");
            if (o.elapsed < 0 || o.elapsed > kMaxMillis) return no(what + ": the elapsed time is out of range");
            if (o.reinstate && (s.phase != Phase::kFinished || !s.result || s.result->reason != "timeout" ||
                                s.result->winner != other(o.player)))
              return no(what + ": only a timeout of that player can be taken back");
            return std::nullopt;
          },
          [&](const auto&) -> std::optional<Rejection> { return std::nullopt; },
      },
      e.body);
}

}  // namespace facedown::engine
