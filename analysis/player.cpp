#include "analysis/player.h"

#include <algorithm>
#include <map>
#include <numeric>

#include "analysis/setup_count.h"
#include "engine/game.h"
#include "engine/view.h"

namespace facedown::analysis {

using namespace facedown::engine;

namespace {

std::size_t below(std::uint64_t& rng, std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(splitmix64(rng) % n); }

// Applies the events a game writes to a copy of the state: the lookahead plays
// a move through the game's own rules without a Match (no log, no clocks).
class StateResolver final : public Resolver {
 public:
  explicit StateResolver(MatchState& s) : s_(s) {}
  const MatchState& state() const override { return s_; }
  void emit(EventBody body) override {
    Event e;
    e.seq = ++seq_;
    e.t = s_.time;
    e.body = std::move(body);
    s_.apply(e);
  }

 private:
  MatchState& s_;
  int seq_ = 1 << 30;
};

// Which way is forward for each player: the mean rank of its own setup area (or
// fixed placement) against the other's.
std::array<double, 2> home_rank(const Game& game) {
  const Geometry& g = game.geometry();
  std::array<double, 2> sum{0, 0}, n{0, 0};
  for (Square s = 0; s < g.size(); ++s) {
    const int owner = game.setup_owner(s);
    if (owner == 1 || owner == 2) {
      sum[static_cast<std::size_t>(owner - 1)] += g.rank_of(s);
      n[static_cast<std::size_t>(owner - 1)] += 1;
    }
  }
  if (n[0] == 0 || n[1] == 0) {
    const auto fixed = game.fixed_placement();
    for (std::size_t p = 0; p < 2; ++p)
      for (const auto& pl : fixed[p]) {
        sum[p] += g.rank_of(pl.square);
        n[p] += 1;
      }
  }
  if (n[0] == 0 || n[1] == 0) return {0, 0};
  return {sum[0] / n[0], sum[1] / n[1]};
}

// Piece worths and the home ranks, computed once per decision.
struct Scorer {
  std::vector<double> worth;
  std::vector<bool> moves;  // per type: not a type that never moves
  std::array<double, 2> home{0, 0};
  double span = 1;
  int files = 1;
  explicit Scorer(const Game& game)
      : home(home_rank(game)), span(std::max(1.0, std::abs(home[0] - home[1]))), files(game.geometry().files()) {
    for (std::size_t t = 0; t < game.roster().size(); ++t) {
      worth.push_back(piece_worth(game, static_cast<PieceType>(t)));
      moves.push_back(!game.never_moves(static_cast<PieceType>(t)));
    }
  }
  double operator()(const MatchState& s, int me) const {
    if (s.result) return s.result->winner == me ? 1000.0 : s.result->winner == 0 ? 0.0 : -1000.0;
    double score = 0;
    for (const Piece& p : s.pieces) {
      if (p.square == kNoSquare) continue;
      double v = worth[static_cast<std::size_t>(p.type)];
      if (moves[static_cast<std::size_t>(p.type)]) {
        const double advance = std::abs(p.square / files - home[static_cast<std::size_t>(p.owner - 1)]) / span;
        v += 0.02 * std::min(1.5, advance);
      }
      score += p.owner == me ? v : -v;
    }
    return score;
  }
};

bool attacks(const MatchState& s, const Move& mv, int me) {
  const int there = s.piece_at(mv.to);
  return there >= 0 && s.pieces[static_cast<std::size_t>(there)].owner != me;
}

Move informed_move(const Match& m, const PieceTrail& trail, const PlayerOptions& o, std::vector<Move> moves,
                   std::uint64_t& rng) {
  const MatchState& s = m.state();
  const Game& game = m.game();
  const int me = s.to_move;
  // Shuffled (ties go to the first in this order), attacks first.
  for (std::size_t i = moves.size(); i > 1; --i) std::swap(moves[i - 1], moves[below(rng, i)]);
  std::stable_partition(moves.begin(), moves.end(), [&](const Move& mv) { return attacks(s, mv, me); });
  if (o.max_moves > 0 && moves.size() > static_cast<std::size_t>(o.max_moves)) moves.resize(static_cast<std::size_t>(o.max_moves));
  if (moves.size() == 1) return moves.front();
  const HiddenSampler sampler(game, s, me, trail, o.exact_draws);
  const Scorer scorer(game);
  std::vector<double> score(moves.size(), 0.0);
  const int samples = std::max(1, sampler.hidden().empty() ? 1 : o.samples);
  for (int k = 0; k < samples; ++k) {
    MatchState drawn = s;
    sampler.draw(drawn, rng);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      MatchState after = drawn;
      StateResolver r(after);
      game.play(r, moves[i]);
      for (int d = 0; d < 4 && after.pending.awaited(); ++d) game.decide_by_default(r);
      if (auto result = game.victory(after, me))
        score[i] += result->winner == me ? 1000.0 : result->winner == 0 ? 0.0 : -1000.0;
      else
        score[i] += scorer(after, me);
    }
  }
  std::size_t best = 0;
  for (std::size_t i = 1; i < moves.size(); ++i)
    if (score[i] > score[best] + 1e-9) best = i;
  return moves[best];
}

}  // namespace

double piece_worth(const Game& game, PieceType t) {
  if (game.objective() && *game.objective() == t) return 20.0;
  int top = 0;
  for (const auto& spec : game.roster()) top = std::max(top, spec.value);
  const int v = game.roster()[static_cast<std::size_t>(t)].value;
  return 1.0 + (top > 0 ? static_cast<double>(v) / top : 0.0);
}

double position_score(const Game& game, const MatchState& s, int me) { return Scorer(game)(s, me); }

struct HiddenSampler::Counter {
  SetupCounter counter;
};

HiddenSampler::HiddenSampler(const Game& game, const MatchState& s, int me, const PieceTrail& trail, bool exact) {
  const int opp = 3 - me;
  const auto& roster = game.roster();
  counts_.assign(roster.size(), 0);
  for (std::size_t t = 0; t < roster.size(); ++t) counts_[t] = roster[t].count;
  const Viewer viewer = me == 1 ? kPlayer1 : kPlayer2;
  for (std::size_t id = 0; id < s.pieces.size(); ++id) {
    const Piece& p = s.pieces[id];
    if (p.owner != opp) continue;
    if (may_see(p, viewer)) {
      --counts_[static_cast<std::size_t>(p.type)];
      continue;
    }
    ids_.push_back(static_cast<int>(id));
  }
  for (int& c : counts_) c = std::max(c, 0);
  if (ids_.empty()) return;
  // Each hidden piece: the types its setup square allows and, once it moved, that move.
  std::map<std::vector<PieceType>, std::vector<int>> groups;
  allowed_.resize(ids_.size());
  for (std::size_t i = 0; i < ids_.size(); ++i) {
    const std::uint64_t placeable = trail.placeable(game, ids_[i], opp);
    for (std::size_t t = 0; t < roster.size(); ++t) {
      const auto type = static_cast<PieceType>(t);
      if (counts_[t] == 0) continue;
      if (trail.has_moved(ids_[i]) && game.never_moves(type)) continue;
      if (t < 64 && !(placeable >> t & 1u)) continue;
      allowed_[i].push_back(type);
    }
    groups[allowed_[i]].push_back(static_cast<int>(i));
  }
  const int total = std::accumulate(counts_.begin(), counts_.end(), 0);
  if (total != static_cast<int>(ids_.size())) return;  // revivals and such: counts alone
  for (const auto& allowed : allowed_)
    if (allowed.empty()) return;
  sequential_ = !exact;
  if (sequential_) {
    order_.resize(ids_.size());
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    std::stable_sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) { return allowed_[a].size() < allowed_[b].size(); });
    return;
  }
  std::vector<CountGroup> units;
  for (auto& [allowed, slots] : groups) {
    if (allowed.empty()) return;
    units.push_back(CountGroup{0, slots, allowed});
  }
  auto c = std::make_shared<Counter>(Counter{SetupCounter({counts_}, units, {}, ids_.size())});
  if (c->counter.total() > 0) counter_ = std::move(c);
}

void HiddenSampler::draw(MatchState& s, std::uint64_t& rng) const {
  if (ids_.empty()) return;
  std::vector<PieceType> types;
  if (sequential_) {
    // Most constrained first, each weighted by the counts left among its types.
    types.assign(ids_.size(), 0);
    std::vector<int> left = counts_;
    for (std::size_t i : order_) {
      long total = 0;
      for (PieceType t : allowed_[i]) total += left[static_cast<std::size_t>(t)];
      const bool free = total == 0;  // a dead end: any type left
      if (free)
        for (int c : left) total += c;
      long x = total > 0 ? static_cast<long>(below(rng, static_cast<std::size_t>(total))) : 0;
      PieceType chosen = allowed_[i].front();
      for (std::size_t t = 0; t < left.size(); ++t) {
        const auto type = static_cast<PieceType>(t);
        if (!free && std::find(allowed_[i].begin(), allowed_[i].end(), type) == allowed_[i].end()) continue;
        if (x < left[t]) {
          chosen = type;
          break;
        }
        x -= left[t];
      }
      types[i] = chosen;
      if (left[static_cast<std::size_t>(chosen)] > 0) --left[static_cast<std::size_t>(chosen)];
    }
  } else if (counter_) {
    types = counter_->counter.draw(rng);
  } else {
    // The counts alone, shuffled over the pieces (padded when they do not add up).
    for (std::size_t t = 0; t < counts_.size(); ++t)
      for (int k = 0; k < counts_[t]; ++k) types.push_back(static_cast<PieceType>(t));
    while (types.size() < ids_.size()) types.push_back(static_cast<PieceType>(below(rng, counts_.size())));
    for (std::size_t i = types.size(); i > 1; --i) std::swap(types[i - 1], types[below(rng, i)]);
    types.resize(ids_.size());
  }
  for (std::size_t i = 0; i < ids_.size(); ++i) s.pieces[static_cast<std::size_t>(ids_[i])].type = types[i];
}

std::optional<Command> choose(const Match& m, const PieceTrail& trail, const PlayerOptions& options, std::uint64_t& rng) {
  const MatchState& s = m.state();
  if (!s.started || s.paused || s.phase == Phase::kFinished) return std::nullopt;
  if (s.phase == Phase::kDeciding) {
    // The game decides as the player would: at random, or the strongest choice by piece worth.
    DecisionPolicy policy{options.kind == PlayerKind::kRandom, {}};
    for (std::size_t t = 0; t < m.game().roster().size(); ++t)
      policy.worth.push_back(piece_worth(m.game(), static_cast<PieceType>(t)));
    return m.game().choose_decision(s, policy, rng);
  }
  auto moves = m.legal_moves();
  if (moves.empty()) return std::nullopt;
  switch (options.kind) {
    case PlayerKind::kRandom:
      return MoveCmd{moves[below(rng, moves.size())]};
    case PlayerKind::kGreedy: {
      // Onto an enemy piece first, else next to one (Number Janggi fights from
      // beside, Hidden Hasami captures so), else anything.
      const Geometry& g = m.game().geometry();
      std::vector<Move> onto, beside;
      for (const Move& mv : moves) {
        if (attacks(s, mv, s.to_move)) {
          onto.push_back(mv);
          continue;
        }
        const int f = g.file_of(mv.to), r = g.rank_of(mv.to);
        for (const auto& [df, dr] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
          if (f + df < 0 || f + df >= g.files() || r + dr < 0 || r + dr >= g.ranks()) continue;
          const int there = s.piece_at(g.at(f + df, r + dr));
          if (there >= 0 && there != s.piece_at(mv.from) && s.pieces[static_cast<std::size_t>(there)].owner != s.to_move) {
            beside.push_back(mv);
            break;
          }
        }
      }
      const auto& from = !onto.empty() ? onto : !beside.empty() ? beside : moves;
      return MoveCmd{from[below(rng, from.size())]};
    }
    case PlayerKind::kInformed:
      return MoveCmd{informed_move(m, trail, options, std::move(moves), rng)};
  }
  return std::nullopt;
}

}  // namespace facedown::analysis
