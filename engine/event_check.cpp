// Match::fits: whether a stored event can be folded into this state without
// breaking it. The engine writes only events that fit; this guards the fold
// against a file that was edited (or damaged) into events that do not, so a
// reader gets a Rejection instead of undefined behaviour.
#include "engine/match.h"
#include "engine/vocabulary.h"

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
            // The arriving piece may already be off the board (revive=remove-always).
            if (o.kind == Decision::kRevival && (!f.piece(o.piece_id) || !valid_player(o.player)))
              return no(what + ": an unknown arriving piece");
            return std::nullopt;
          },
          [&](const ItemsDeclared& o) -> std::optional<Rejection> {
            for (std::size_t p = 0; p < 2; ++p)
              if (o.choice[p].item && s.items[p][static_cast<std::size_t>(*o.choice[p].item)] <= 0)
                return no(what + ": an item the player does not hold");
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
          [&](const Revived& o) -> std::optional<Rejection> {
            if (!f.removed(o.piece.id, o.player) || !f.square(o.piece.square))
              return no(what + ": the revived piece is not a removed piece of that player");
            if (o.arriving && (!f.ref(*o.arriving) || !f.on_board(o.arriving->id)))
              return no(what + ": the arriving piece is not on the board");
            const int there = s.board[static_cast<std::size_t>(o.piece.square)];
            if (there >= 0 && !(o.arriving && there == o.arriving->id))
              return no(what + ": the revival square is taken");
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
