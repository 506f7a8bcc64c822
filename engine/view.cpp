#include "engine/view.h"
#include "engine/pause_reasons.h"
#include "engine/vocabulary.h"

namespace facedown::engine {

namespace {

void blank(PieceRef& r, Viewer v) {
  if (v == kReferee) return;
  r.id = -1;
  if (r.hidden_from & viewer_bit(v)) {
    r.type = kHiddenType;
    r.value.reset();
  }
}

}  // namespace

bool may_see(const Piece& piece, Viewer viewer) {
  return viewer == kReferee || piece.revealed || piece.owner == static_cast<int>(viewer);
}

Event project(const Event& event, Viewer viewer) {
  if (viewer == kReferee) return event;
  Event e = event;
  e.command.reset();
  std::visit(Overloaded{
                 [&](SetupLocked& o) {
                   for (auto& r : o.pieces) blank(r, viewer);
                 },
                 [&](Moved& o) { blank(o.piece, viewer); },
                 [&](DecisionAwaited& o) {
                   o.piece_id = -1;
                   // Only candidates this viewer may know are listed: a count of
                   // face-down ones would tell a blinded number from a mine.
                   std::erase_if(o.candidates,
                                 [&](const PieceRef& r) { return (r.hidden_from & viewer_bit(viewer)) != 0; });
                   for (auto& r : o.candidates) blank(r, viewer);
                 },
                 [&](Battle& o) {
                   for (auto& p : o.pairs) {
                     // The kind of a pair ("mine", "sum", ...) tells what a piece is,
                     // so a viewer who may not know either piece does not get it.
                     if ((p.mover.hidden_from | p.enemy.hidden_from) & viewer_bit(viewer)) p.kind.clear();
                     blank(p.mover, viewer);
                     blank(p.enemy, viewer);
                   }
                   for (auto& r : o.removed) blank(r, viewer);
                   for (auto& r : o.revealed) blank(r, viewer);
                 },
                 [&](Attack& o) {
                   blank(o.attacker, viewer);
                   blank(o.defender, viewer);
                   for (auto& r : o.revealed) blank(r, viewer);
                 },
                 [&](Removed& o) {
                   for (auto& r : o.pieces) blank(r, viewer);
                 },
                 [&](Decided& o) {
                   for (auto& [key, fact] : o.facts)
                     if (auto* r = std::get_if<PieceRef>(&fact.value)) blank(*r, viewer);
                 },
                 // The referee's typed words never leave the desk: the event says
                 // what happened, not why (the desk's fixed marker of a correction
                 // hold excepted: engine/pause_reasons.h).
                 [&](Paused& o) {
                   if (!pause_reason_public(o.reason)) o.reason.clear();
                 },
                 [&](Warned& o) {
                   if (o.kind == "manual") o.reason.clear();
                 },
                 [&](Ended& o) {
                   if (o.reason == "awarded") o.detail.clear();
                 },
                 [&](Voided& o) { o.reason.clear(); },
                 [&](ClockSet& o) { o.reason.clear(); },
                 [&](Noted& o) { o.text.clear(); },
                 [](auto&) {},
             },
             e.body);
  return e;
}

StateView view_state(const MatchState& state, Viewer viewer) {
  StateView out;
  for (std::size_t sq = 0; sq < state.board.size(); ++sq) {
    int id = state.board[sq];
    if (id < 0) continue;
    const Piece& p = state.pieces[static_cast<std::size_t>(id)];
    SquareView v{static_cast<Square>(sq), p.owner, std::nullopt, p.revealed};
    if (may_see(p, viewer)) v.type = p.type;
    out.board.push_back(v);
  }
  for (std::size_t o = 0; o < 2; ++o)
    for (int id : state.removed[o]) {
      const Piece& p = state.pieces[static_cast<std::size_t>(id)];
      out.removed[o].push_back(may_see(p, viewer) ? std::optional<PieceType>(p.type) : std::nullopt);
    }
  return out;
}

}  // namespace facedown::engine
