#include "engine/games/gwangsanghui/moves.h"

#include <algorithm>
#include <cstdlib>

#include "engine/games/gwangsanghui/gwangsanghui.h"

namespace facedown::engine::gwangsanghui {

namespace {

struct Dir {
  int df, dr;
};
constexpr Dir kOrthogonal[] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
constexpr Dir kDiagonal[] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
constexpr Dir kAll[] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

// Ranks counted from the player's own back rank: 1 .. 14.
int own_rank(int player, int rank0) { return player == 1 ? rank0 + 1 : kRanks - rank0; }

// Everything one generation needs about the position.
struct Ctx {
  const MatchState& s;
  const Geometry& g;
  const MoveRules& rules;
  int player;
  bool captures;  // captures are allowed now (contact made, or the rule off)
  std::vector<Move>& out;

  Square step(Square from, Dir d, int k = 1) const {
    return g.at(g.file_of(from) + d.df * k, g.rank_of(from) + d.dr * k);
  }
  bool empty(Square q) const { return q != kNoSquare && s.piece_at(q) < 0; }
  const Piece* at(Square q) const {
    const int id = s.piece_at(q);
    return id < 0 ? nullptr : &s.pieces[static_cast<std::size_t>(id)];
  }
  // Whether a piece that captures may end on an enemy standing on q.
  bool capturable(const Piece& target) const {
    if (target.owner == player || !captures) return false;
    return target.type != kAmbush || rules.ambush_capturable;
  }
  // A step or capture onto q by an ordinary piece (not the cannon, not the Ambush).
  void land(Square from, Square q) const {
    if (q == kNoSquare) return;
    const Piece* t = at(q);
    if (!t || capturable(*t)) out.push_back({from, q});
  }
};

void palace_steps(const Ctx& c, Square from) {
  const int palace = palace_of(c.g, from);
  if (palace < 0) return;  // never: palace pieces never leave their palace
  const int cf = c.g.file_of(from), cr = c.g.rank_of(from);
  for (Dir d : kAll) {
    const Square to = c.step(from, d);
    if (to == kNoSquare || palace_of(c.g, to) != palace) continue;
    if (d.df != 0 && d.dr != 0) {
      // Diagonals join the corners to the centre only: one end is the centre,
      // whose file and rank are both the palace's middle ones.
      auto centre = [&](int f, int r) { return f % 6 == 1 && (r == 2 || r == kRanks - 3); };
      if (!centre(cf, cr) && !centre(c.g.file_of(to), c.g.rank_of(to))) continue;
    }
    c.land(from, to);
  }
}

// Slides through empty points; `may_stand` filters where the piece may stop.
template <class Stand>
void slide(const Ctx& c, Square from, const Dir* dirs, std::size_t n, Stand may_stand) {
  for (std::size_t i = 0; i < n; ++i) {
    for (int k = 1;; ++k) {
      const Square to = c.step(from, dirs[i], k);
      if (to == kNoSquare) break;
      const Piece* t = c.at(to);
      if (may_stand(c.g.rank_of(to))) {
        if (!t || c.capturable(*t)) c.out.push_back({from, to});
      }
      if (t) break;
    }
  }
}

void cannon(const Ctx& c, Square from) {
  for (Dir d : kOrthogonal) {
    int k = 1;
    Square q = c.step(from, d, k);
    while (q != kNoSquare && !c.at(q)) q = c.step(from, d, ++k);
    if (q == kNoSquare || c.at(q)->type == kCannon) continue;  // no screen, or a cannon screen
    for (q = c.step(from, d, ++k); q != kNoSquare; q = c.step(from, d, ++k)) {
      const Piece* t = c.at(q);
      if (!t) {
        c.out.push_back({from, q});
        continue;
      }
      if (t->type != kCannon && c.capturable(*t)) c.out.push_back({from, q});
      break;
    }
  }
}

// The two diagonals that lead outward from an orthogonal first step.
void outward(Dir first, Dir out[2]) {
  if (first.df == 0) {
    out[0] = {1, first.dr};
    out[1] = {-1, first.dr};
  } else {
    out[0] = {first.df, 1};
    out[1] = {first.df, -1};
  }
}

// The leg the Horse, the Elephant and the Ambush share: an orthogonal first step
// onto an empty point p1, then each diagonal e leading outward from it; calls
// leg(p1, e) in that order.
template <class Leg>
void after_first_step(const Ctx& c, Square from, Leg leg) {
  for (Dir d : kOrthogonal) {
    const Square p1 = c.step(from, d);
    if (!c.empty(p1)) continue;
    Dir diag[2];
    outward(d, diag);
    for (Dir e : diag) leg(p1, e);
  }
}

void horse(const Ctx& c, Square from) {
  after_first_step(c, from, [&](Square p1, Dir e) { c.land(from, c.step(p1, e)); });
}

void elephant(const Ctx& c, Square from) {
  after_first_step(c, from, [&](Square p1, Dir e) {
    const Square p2 = c.step(p1, e);
    if (c.empty(p2)) c.land(from, c.step(p2, e));
  });
}

void traveler(const Ctx& c, Square from) {
  for (Dir d : kDiagonal)
    if (c.empty(c.step(from, d))) c.land(from, c.step(from, d, 2));
}

void ambush(const Ctx& c, Square from) {
  const std::size_t first = c.out.size();
  after_first_step(c, from, [&](Square p1, Dir e) {
    const Square p2 = c.step(p1, e);
    if (!c.empty(p2)) return;
    for (Dir f : kAll) {
      const Square to = c.step(p2, f);
      // Never a capture; any path will do, so each point is listed once.
      if (to == from || !c.empty(to)) continue;
      const Move m{from, to};
      if (std::find(c.out.begin() + static_cast<std::ptrdiff_t>(first), c.out.end(), m) == c.out.end())
        c.out.push_back(m);
    }
  });
}

}  // namespace

int palace_of(const Geometry& g, Square s) {
  if (!(g.terrain(s) & kPalace)) return -1;
  const int f = g.file_of(s), r = g.rank_of(s);
  return (f / 6) + (r > kRanks / 2 ? 3 : 0);
}

bool contact_made(const MatchState& s, const Geometry& g) {
  if (!s.removed[0].empty() || !s.removed[1].empty()) return true;
  for (const Piece& p : s.pieces)
    if ((p.type == kInfantry || p.type == kCavalry) && p.square != kNoSquare &&
        own_rank(p.owner, g.rank_of(p.square)) >= 8)
      return true;
  return false;
}

void movement(const MatchState& s, const Geometry& g, const MoveRules& rules, int player,
              std::vector<Move>& out) {
  const Ctx c{s, g, rules, player, !rules.contact_rule || contact_made(s, g), out};
  const int fwd = player == 1 ? 1 : -1;
  for (const Piece& p : s.pieces) {
    if (p.owner != player || p.square == kNoSquare) continue;
    const Square from = p.square;
    switch (p.type) {
      case kMarshal:
      case kAdvisor:
      case kGeneral: palace_steps(c, from); break;
      case kChariot: slide(c, from, kOrthogonal, 4, [](int) { return true; }); break;
      case kCannon: cannon(c, from); break;
      case kHorse: horse(c, from); break;
      case kElephant: elephant(c, from); break;
      case kTraveler: traveler(c, from); break;
      case kAmbush: ambush(c, from); break;
      case kVanguard:
        slide(c, from, kAll, 8, [&](int r) { return own_rank(player, r) >= 5; });
        break;
      case kRearguard:
        slide(c, from, kAll, 8, [&](int r) { return own_rank(player, r) <= 2; });
        break;
      case kOfficer:
        slide(c, from, kOrthogonal, 4, [&](int r) {
          const int own = own_rank(player, r);
          return own >= 2 && own <= 4;
        });
        break;
      case kInfantry:
        for (Dir d : {Dir{0, fwd}, Dir{1, 0}, Dir{-1, 0}}) c.land(from, c.step(from, d));
        break;
      case kCavalry:
        for (Dir d : {Dir{0, fwd}, Dir{1, fwd}, Dir{-1, fwd}, Dir{1, 0}, Dir{-1, 0}})
          c.land(from, c.step(from, d));
        break;
      default: break;
    }
  }
}

}  // namespace facedown::engine::gwangsanghui
