#include "analysis/deduction.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "analysis/count_math.h"
#include "analysis/learner.h"
#include "analysis/setup_count.h"
#include "analysis/stream_replay.h"
#include "engine/event_refs.h"
#include "engine/view.h"

namespace facedown::analysis {

using namespace facedown::engine;

namespace {

// A draw kept with its replay (the verification draws and the sampler's
// accepted ones), advanced as the stream grows.
struct Particle {
  std::vector<PieceType> types;
  ReplayCursor cursor;
  // The fresh draw it descends from (rejuvenation copies a draw and moves it):
  // particles of one ancestor are correlated, so the standard errors count
  // ancestors, not particles (see the sampler in Analyzer::analysis).
  std::uint64_t ancestor = 0;
};

void collect(Analysis& a, const StreamReplay& replay, const Match& final, const std::vector<int>& id_slot,
             const std::vector<std::vector<double>>& p, const std::vector<std::vector<double>>& se,
             const std::vector<std::vector<double>>& low, const std::vector<std::vector<double>>& high,
             const std::vector<std::vector<double>>& proposal) {
  const MatchState& s = final.state();
  auto add = [&](int id, Square square, int removed_index) {
    const Piece& piece = s.pieces[static_cast<std::size_t>(id)];
    if (may_see(piece, a.viewer)) return;
    if (static_cast<std::size_t>(id) >= id_slot.size() || id_slot[static_cast<std::size_t>(id)] < 0) return;
    const auto slot = static_cast<std::size_t>(id_slot[static_cast<std::size_t>(id)]);
    PieceOdds odds{piece.owner, square, removed_index, replay.slots()[slot].square, p[slot], se[slot], {}, low[slot], high[slot]};
    for (double q : proposal[slot]) odds.possible.push_back(q > 0);
    a.pieces.push_back(std::move(odds));
  };
  for (std::size_t sq = 0; sq < s.board.size(); ++sq)
    if (s.board[sq] >= 0) add(s.board[sq], static_cast<Square>(sq), -1);
  for (std::size_t o = 0; o < 2; ++o)
    for (std::size_t i = 0; i < s.removed[o].size(); ++i) add(s.removed[o][i], kNoSquare, static_cast<int>(i));
}

}  // namespace

struct Analyzer::State {
  State(const GameInfo& i, Viewer v, const AnalysisOptions& o) : info(i), viewer(v), options(o) {}
  GameInfo info;
  Viewer viewer;
  AnalysisOptions options;
  std::size_t events = 0;
  std::optional<std::string> error;  // the stream's shape, for good
  std::optional<StreamReplay> replay;
  std::unique_ptr<Game> game;
  std::optional<Learner> learned;        // the groups that are over
  // The last analysis() learned the then-last group on a copy: when the next
  // event begins a new group, that group is over as learned, and the copy
  // becomes the learning kept (it saw exactly the events the group has).
  std::optional<Learner> last;
  std::size_t last_events = 0;
  std::optional<std::string> start_error;  // the slots allow no setup (until a new block)
  std::size_t blocks = 0;
  std::uint64_t rng = 0;
  std::vector<Particle> verifiers, accepted;
  std::uint64_t ancestors = 0;  // fresh draws made so far (each particle's ancestor id)
  CountCache counts;  // the counting of clusters whose constraints did not change
  // The Rao-Blackwellization's conditional odds, kept while its inputs (the
  // unfought pieces' groups and the roster) stay the same: the kept draws'
  // histograms mostly recur from one update to the next.
  std::optional<RestOdds> rest_odds;
  // The battle forest's counts of the unfought pieces per histogram, kept
  // between updates (a block's groups mostly stay the same from one update to
  // the next, and its histograms recur; battle_forest.h).
  RestCountCache rest_counts;
  // The last update's counter and the learning it counted (same_constraints).
  std::optional<SetupCounter> counter;
  std::optional<Learner> counted;

  // A new block: the learning starts afresh over every slot.
  void restart() {
    blocks = replay->blocks().size();
    learned.emplace(info, *replay, options, *game);
    start_error = learned->start();
    rng = stream_state(options.seed, kSamplerStream);  // seeds s and s + 1: unrelated streams
    rest_odds.reset();
    verifiers.clear();
    accepted.clear();
    counts = CountCache{};  // its totals and its blocks' fills
    rest_counts = {};
    counter.reset();
    counted.reset();
    last.reset();
  }
};

Analyzer::Analyzer(const GameInfo& info, Viewer viewer, const AnalysisOptions& options)
    : state_(std::make_unique<State>(info, viewer, options)) {
  if (viewer == kReferee) state_->error = "the referee sees every piece: nothing to deduce";
}
Analyzer::Analyzer(Analyzer&&) noexcept = default;
Analyzer& Analyzer::operator=(Analyzer&&) noexcept = default;
Analyzer::~Analyzer() = default;

std::size_t Analyzer::events() const { return state_->events; }

const StreamReplay* Analyzer::plan() const { return state_->replay ? &*state_->replay : nullptr; }

void Analyzer::push(const Event& event) {
  State& st = *state_;
  ++st.events;
  if (st.error) return;
  if (!st.replay) {
    auto started = StreamReplay::start(st.info, event, st.viewer);
    if (auto* err = std::get_if<std::string>(&started)) {
      st.error = *err;
      return;
    }
    st.replay.emplace(std::move(std::get<StreamReplay>(started)));
    const auto* opened = std::get_if<Opened>(&event.body);
    st.game = st.info.make(resolve_options(st.info, opened->preset, opened->options).options);
    st.restart();
    return;
  }
  if (auto err = st.replay->append(event)) {
    st.error = *err;
    return;
  }
  const std::size_t groups = st.replay->groups();
  if (st.replay->blocks().size() != st.blocks) {
    st.restart();
  } else if (st.last && st.last_events + 1 == st.replay->stream().size() &&
             st.replay->group_of(st.last_events) != st.replay->group_of(st.last_events - 1)) {
    st.learned = std::move(st.last);
  }
  st.last.reset();
  // Every group but the last is over: learn it once, for good.
  if (!st.start_error) st.learned->learn_to(groups - 1);
}

Analysis Analyzer::analysis() {
  State& st = *state_;
  Analysis a;
  a.viewer = st.viewer;
  a.events = st.events;
  if (!st.error && !st.replay) st.error = "the stream is empty";
  if (st.error) {
    a.error = st.error;
    return a;
  }
  if (st.start_error) {
    a.error = st.start_error;
    return a;
  }
  const StreamReplay& replay = *st.replay;
  const std::size_t size = replay.stream().size();
  const std::size_t types = st.game->roster().size();
  const AnalysisOptions& options = st.options;
  // The last group may still grow: it is learned on a copy.
  Learner work = *st.learned;
  work.learn_to(replay.groups());
  st.last = work;
  st.last_events = size;
  const Match* final = nullptr;
  const ReplayCursor* candidate = nullptr;  // the learning's candidate, replayed through the whole stream
  std::vector<int> id_slot;
  // By piece id: named by an event other than a setup or a move (the replay's
  // cursor keeps it; its match forgets its log, stream_replay.h).
  const std::vector<bool>* named_beyond_moves = nullptr;
  if (!work.fallback()) {
    if (ReplayCursor* c = work.current_replay()) {
      candidate = c;
      final = &*c->match;
      id_slot = c->id_slot;
      named_beyond_moves = &c->named_beyond_moves;
    } else {
      work.give_up("the identities learned one command at a time do not replay the whole stream");
    }
  }
  if (work.loosen_coupled()) work.give_up("many pieces fought face down: their joint identities are sampled");
  // The counter of the last update while the constraints are the same: the
  // CountCache keeps its totals and marginals, but fresh draws from a coupled
  // counting fill its programme, which only the counter keeps (Gunjin
  // Shogi: 200 ms an update rebuilt; the same draws either way).
  if (!st.counter || !st.counted || !st.counted->same_constraints(work)) {
    st.counter.emplace(work.make_counter());
    st.counter->use_cache(&st.counts);
    st.counted.emplace(work);
  }
  const SetupCounter& counter = *st.counter;
  if (counter.total() <= 0) {
    a.error = "no setup the game allows gives this stream";
    return a;
  }
  const auto proposal = counter.marginals(types);
  // A kept accepted draw stays when the counting still allows it and it still
  // replays (then it is a uniform draw of the consistent setups as they are now).
  auto advance_kept = [&](Particle& k) {
    return work.supports(k.types) && replay.advance(st.info, k.types, k.cursor, size).consistent;
  };
  // A fresh draw's replay starts from the candidate's replay of the groups
  // that are over, retyped, when no command there asked a question the draw
  // answers otherwise (Learner::start_for): the same run as from the start.
  auto fresh = [&] {
    Particle k{counter.draw(st.rng), {}, ++st.ancestors};
    k.cursor = st.learned->start_for(k.types, size);
    return k;
  };
  // Where battles couple pieces beyond what the counting keeps (loosened
  // coupled sets, learned edges), fresh draws come from the battle forest:
  // exact and uniform over the setups that keep every battle learned, so they
  // mostly replay (battle_forest.h). Built once the result is known sampled.
  std::optional<BattleForest> forest;
  if (work.exact() && !work.fallback()) {
    std::vector<Particle> kept;
    for (std::size_t i = 0; i < static_cast<std::size_t>(std::max(0, options.verify_draws)) && work.exact(); ++i) {
      // A kept draw the counting still allows is a draw of it like a fresh one.
      const bool reuse = i < st.verifiers.size() && work.supports(st.verifiers[i].types);
      Particle k = reuse ? std::move(st.verifiers[i]) : fresh();
      if (!replay.advance(st.info, k.types, k.cursor, size).consistent) {
        work.give_up("a setup allowed piece by piece does not replay: the constraints are joint");
        break;
      }
      kept.push_back(std::move(k));
    }
    st.verifiers = std::move(kept);
  }
  if (options.always_sample) work.give_up("sampling was asked for");
  std::vector<std::vector<double>> p = proposal, se(replay.slots().size(), std::vector<double>(types, 0.0));
  std::vector<std::vector<double>> low = proposal, high = proposal;
  if (!work.exact()) {
    a.method = Method::kSampled;
    std::vector<Particle> kept;
    for (auto& k : st.accepted)
      if (static_cast<int>(kept.size()) < options.samples && advance_kept(k)) kept.push_back(std::move(k));
    const int budget = !kept.empty() && options.update_draws > 0 ? std::min(options.update_draws, options.max_draws)
                                                                   : options.max_draws;
    // Events replayed by this update's fresh draws and Metropolis steps, against
    // `update_events` (a deterministic stand-in for time).
    long spent = 0;
    const long cap = options.update_events > 0 ? options.update_events : std::numeric_limits<long>::max();
    if (work.loosen_coupled() || work.has_edges()) forest.emplace(work.make_forest(&st.rest_counts));
    while (static_cast<int>(kept.size()) < options.samples && a.draws < budget && spent < cap) {
      ++a.draws;
      Particle k;
      if (forest) {
        // Proposals the roster rejects cost no replay; a fresh draw gets a bounded number.
        // Against `update_events`, a proposal is charged what it cost: 2
        // replayed events (the tree's message passing and the checks) plus, for
        // each block whose unfought pieces it counted afresh (a histogram the
        // cache had not seen), one event per 10 states of that counting's
        // programme (Gunjin Shogi's blocks, 4,000 states: 400 events, about
        // the 0.3-0.5 ms such a counting takes; docs/performance.md).
        const long before = a.proposals;
        const long double states = st.rest_counts.states;
        auto types_drawn = forest->draw(st.rng, 256, &a.proposals);
        spent += 2 * (a.proposals - before) + static_cast<long>((st.rest_counts.states - states) / 10);
        if (!types_drawn) continue;
        k = Particle{std::move(*types_drawn), {}, ++st.ancestors};
        k.cursor = st.learned->start_for(k.types, size);
      } else {
        k = fresh();
      }
      const ReplayRun run = replay.advance(st.info, k.types, k.cursor, size);
      // Counted as the replay from the start it stands for, so the draws made do
      // not depend on where it started.
      spent += static_cast<long>(run.consistent ? run.matched : run.failed_event) + 1;
      if (run.consistent) kept.push_back(std::move(k));
    }
    // Always an answer: when no draw replayed (a proposal far looser than the
    // game: outcome-only battles in a one-shot analyze(), which keeps no draws
    // to rejuvenate) but the learning's candidate replays the whole stream, a
    // consistent setup is known, and resample-move starts from it. Its copies
    // descend from that one ancestor, so the error bars say how little they
    // show (about [0.05, 0.95] for an identity in between), where the result
    // used to be "no consistent setup among N draws".
    if (kept.empty() && candidate && options.rejuvenate_steps > 0 && work.supports(work.candidate())) {
      kept.push_back(Particle{work.candidate(), *candidate, ++st.ancestors});
      work.give_up("no fresh draw replayed: the odds rest on Metropolis moves from the setup the learning found");
    }
    // Resample-move: when the stream killed kept draws and fresh ones are too
    // rarely consistent to replace them (outcome-only battles), survivors are
    // copied and moved by Metropolis steps that swap two identities of one block
    // and keep the swap when the whole stream still replays. The survivors are
    // uniform over the consistent setups, and a step whose target is that
    // uniform law (a symmetric proposal kept exactly when consistent) preserves
    // it, so every particle stays a uniform draw; copies of one ancestor are
    // correlated, which the standard errors below account for.
    if (!kept.empty() && static_cast<double>(kept.size()) < options.rejuvenate_below * options.samples &&
        options.rejuvenate_steps > 0) {
      const std::size_t base = kept.size();
      kept.reserve(static_cast<std::size_t>(options.samples));  // `parent` stays valid
      int steps = 0;
      const auto& slots = replay.slots();
      while (static_cast<int>(kept.size()) < options.samples && steps < options.rejuvenate_steps && spent < cap) {
        const Particle& parent = kept[splitmix64(st.rng) % base];
        Particle child{parent.types, {}, parent.ancestor};
        bool moved = false;
        for (int m = 0; m < options.rejuvenate_moves && steps < options.rejuvenate_steps; ++m) {
          ++steps;
          const std::size_t s1 = splitmix64(st.rng) % slots.size();
          const auto& block = replay.blocks()[static_cast<std::size_t>(slots[s1].block)].slots;
          const auto s2 = static_cast<std::size_t>(block[splitmix64(st.rng) % block.size()]);
          if (child.types[s1] == child.types[s2]) continue;
          auto trial = child.types;
          std::swap(trial[s1], trial[s2]);
          if (!work.supports(trial)) continue;
          ReplayCursor c;
          const ReplayRun run = replay.advance(st.info, trial, c, size);
          spent += static_cast<long>(run.matched) + 1;
          if (!run.consistent) continue;
          child.types = std::move(trial);
          child.cursor = std::move(c);
          moved = true;
        }
        if (!moved) child.cursor = parent.cursor;
        a.moves = steps;
        kept.push_back(std::move(child));
      }
    }
    st.accepted = std::move(kept);
    a.accepted = static_cast<int>(st.accepted.size());
    if (a.accepted == 0) {
      a.error = "no consistent setup among " + std::to_string(a.draws) + " draws";
      a.notes = work.notes();
      return a;
    }
    if (!final) {
      final = &*st.accepted.front().cursor.match;
      id_slot = st.accepted.front().cursor.id_slot;
      named_beyond_moves = &st.accepted.front().cursor.named_beyond_moves;
    }
    // Rao-Blackwellization (RestOdds, battle_forest.h; docs/analysis.md, method
    // item 9): the estimate of a piece that never fought averages its exact
    // odds given each draw's other identities instead of counting the identity
    // the draw gave it. Those odds are the posterior's conditional law when the
    // stream asks of such pieces nothing but their own allowed sets: a piece
    // named by no battle, attack, removal or revival is named only by its own
    // moves, and a move's events name no other unknown piece, so what they
    // decide is per piece (a command whose outcome depends on pieces it does
    // not name is the learning's fallback, where this is off). What remains is
    // that the learning may have kept an identity it could not try (a superset):
    // each allowed identity of an open piece is therefore witnessed, by an
    // accepted draw that has it or by one replay of a draw with it swapped in
    // from another open piece, or the piece is left out.
    RestOdds* rb = nullptr;
    const std::size_t n_slots = replay.slots().size();
    if (options.rao_blackwell && !work.fallback()) {
      std::optional<BattleForest> own;
      const BattleForest& f = forest ? *forest : own.emplace(work.make_forest(&st.rest_counts));
      std::vector<char> open(n_slots, 0);
      for (const auto& g : f.rest())
        for (int sl : g.slots) open[static_cast<std::size_t>(sl)] = 1;
      for (std::size_t id = 0; id < named_beyond_moves->size() && id < id_slot.size(); ++id)
        if ((*named_beyond_moves)[id] && id_slot[id] >= 0) open[static_cast<std::size_t>(id_slot[id])] = 0;
      std::vector<std::vector<char>> seen(n_slots, std::vector<char>(types, 0));
      for (const auto& k : st.accepted)
        for (std::size_t sl = 0; sl < n_slots; ++sl) seen[sl][static_cast<std::size_t>(k.types[sl])] = 1;
      const auto& base = st.accepted.front().types;
      const auto& slots = replay.slots();
      int checks = 0;
      for (const auto& g : f.rest())
        for (int s1 : g.slots) {
          const auto u = static_cast<std::size_t>(s1);
          for (PieceType t : g.allowed) {
            if (!open[u] || seen[u][static_cast<std::size_t>(t)]) continue;
            // One replay: the first draw with t swapped in from another open
            // piece of the block that holds it there.
            bool witnessed = false;
            for (int s2 : replay.blocks()[static_cast<std::size_t>(slots[u].block)].slots) {
              const auto v = static_cast<std::size_t>(s2);
              if (v == u || !open[v] || base[v] != t) continue;
              auto trial = base;
              std::swap(trial[u], trial[v]);
              if (!work.supports(trial)) continue;
              if (++checks > 64) break;
              ReplayCursor c;
              witnessed = replay.advance(st.info, trial, c, size).consistent;
              break;
            }
            if (witnessed) seen[u][static_cast<std::size_t>(t)] = 1;
            else open[u] = 0;
          }
        }
      std::vector<CountGroup> groups;
      for (auto g : f.rest()) {
        std::erase_if(g.slots, [&](int sl) { return !open[static_cast<std::size_t>(sl)]; });
        if (!g.slots.empty()) groups.push_back(std::move(g));
      }
      std::vector<int> slot_block;
      for (const auto& sl : slots) slot_block.push_back(sl.block);
      a.rao_blackwellized = static_cast<int>(std::count(open.begin(), open.end(), 1));
      if (!groups.empty()) {
        RestOdds built(f.counts(), std::move(groups), std::move(slot_block), std::move(open), types);
        if (!st.rest_odds || !st.rest_odds->same_inputs(built)) st.rest_odds.emplace(std::move(built));
        st.rest_odds->trim(4096);  // about 3 KB each in Salpakan
        rb = &*st.rest_odds;
      }
    }
    // x[i][s]: particle i's estimate of slot s's odds (one identity, or the
    // Rao-Blackwellized row; null: the indicator of the identity it drew).
    std::vector<std::vector<const std::vector<double>*>> x(st.accepted.size(),
                                                           std::vector<const std::vector<double>*>(n_slots, nullptr));
    if (rb)
      for (std::size_t i = 0; i < st.accepted.size(); ++i)
        for (std::size_t b = 0; b < rb->blocks(); ++b)
          if (const auto* rows = rb->given(b, st.accepted[i].types))
            for (const auto& [sl, row] : *rows) x[i][static_cast<std::size_t>(sl)] = &row;
    auto value = [&](std::size_t i, std::size_t sl, std::size_t t) {
      const auto* row = x[i][sl];
      return row ? (*row)[t] : (st.accepted[i].types[sl] == static_cast<PieceType>(t) ? 1.0 : 0.0);
    };
    // The particles' sums and sums of squares per slot and type (an identity counts 1 in both).
    std::vector<std::vector<double>> tally(n_slots, std::vector<double>(types, 0.0)), squares = tally;
    for (std::size_t i = 0; i < st.accepted.size(); ++i)
      for (std::size_t sl = 0; sl < n_slots; ++sl)
        if (x[i][sl]) {
          for (std::size_t t = 0; t < types; ++t) {
            const double v = (*x[i][sl])[t];
            tally[sl][t] += v;
            squares[sl][t] += v * v;
          }
        } else {
          const auto t = static_cast<std::size_t>(st.accepted[i].types[sl]);
          tally[sl][t] += 1;
          squares[sl][t] += 1;
        }
    const double n = a.accepted;
    // Particles by ancestor: independent draws when every ancestor is distinct.
    std::map<std::uint64_t, std::vector<std::size_t>> families;
    for (std::size_t i = 0; i < st.accepted.size(); ++i) families[st.accepted[i].ancestor].push_back(i);
    a.independent = static_cast<int>(families.size());
    const bool independent = families.size() == st.accepted.size();
    const double g = static_cast<double>(families.size());
    for (std::size_t s = 0; s < tally.size(); ++s) {
      // Whether some particle's estimate of this slot is Rao-Blackwellized.
      bool smooth = false;
      for (std::size_t i = 0; i < st.accepted.size() && !smooth; ++i) smooth = x[i][s] != nullptr;
      // The variance of the draws' rate q per type: binomial for independent
      // draws (the sample variance of the particles' estimates where they are
      // Rao-Blackwellized, with the same floor); with rejuvenated copies, the
      // ancestors are the clusters (the cluster-robust variance, from 30
      // ancestors up; below that each ancestor counts as one draw, the
      // conservative end).
      std::vector<double> q(types), var(types);
      double spread = 0, spread_var = 0;
      for (std::size_t t = 0; t < types; ++t) {
        q[t] = tally[s][t] / n;
        double per_draw = q[t] * (1 - q[t]);
        if (smooth) per_draw = n > 1 ? std::max(0.0, squares[s][t] - n * q[t] * q[t]) / (n - 1) : 0.25;
        const double binomial = std::max(per_draw, 1.0 / n) / n;
        var[t] = binomial;
        if (!independent) {
          if (families.size() >= 30) {
            double sum = 0;
            for (const auto& [id, members] : families) {
              double d = 0;
              for (std::size_t i : members) d += value(i, s, t) - q[t];
              sum += d * d;
            }
            var[t] = std::max(binomial, g / (g - 1) * sum / (n * n));
          } else {
            var[t] = std::max(q[t] * (1 - q[t]), 1.0 / g) / g;
          }
          var[t] = std::min(var[t], 0.25);  // no estimate in [0, 1] is worse than that
        }
        spread += q[t] * (1 - q[t]);
        spread_var += var[t];
      }
      // The draws' worth in independent draws, one number per piece so its odds
      // still sum to 1 (n when the draws are independent).
      const double worth = independent ? n : std::clamp(spread > 0 ? spread / spread_var : g, 1.0, n);
      for (std::size_t t = 0; t < types; ++t) {
        // The counting's odds count as `prior_draws` draws more, so a handful of
        // accepted draws is not read as certainty, nor their noise as
        // information (the effect fades as draws accumulate; docs/analysis.md,
        // Calibration, measures it).
        // Draws from the battle forest already keep every battle learned; the
        // counting's odds (battles loosened piece by piece) would only pull them
        // towards a law known to be looser, so they weigh as one draw there.
        const double alpha = std::max(0.0, forest ? options.forest_prior_draws : options.prior_draws);
        p[s][t] = (q[t] * worth + alpha * proposal[s][t]) / (worth + alpha);
        // A type the counting allows keeps an error bar even when no draw had
        // it (Wilson's interval of 0 of m reaches 3.84 / (m + 3.84)). The 95 % interval: Wilson's for the draws' rate q over their worth
        // in independent draws for this estimate (n for independent counted
        // identities; q(1 - q) over the rate's variance where they are
        // Rao-Blackwellized or rejuvenated copies; the independent draws when
        // q is 0 or 1), widened to hold p (the counting's weight moved it from
        // q, and the counting may allow more than the game). The normal
        // interval q +- 1.96 sqrt(var) was too narrow where few draws landed
        // on the identity: 88 % coverage at 1 to 5 draws expected, the exact
        // value up to 8.8 error bars away (analysis_bench coverage,
        // docs/performance.md). The error bar is the interval's longer side
        // over 1.96, so p +- 1.96 se holds the interval.
        if (proposal[s][t] > 0 && proposal[s][t] < 1) {
          double m = independent ? n : g;
          if ((smooth || !independent) && q[t] > 0 && q[t] < 1 && var[t] > 0) m = q[t] * (1 - q[t]) / var[t];
          const Interval w = wilson_interval(q[t], m);
          low[s][t] = std::min(w.low, p[s][t]);
          high[s][t] = std::max(w.high, p[s][t]);
          se[s][t] = std::max(high[s][t] - p[s][t], p[s][t] - low[s][t]) / kZ95;
        } else {
          se[s][t] = 0;
          low[s][t] = high[s][t] = p[s][t];
        }
      }
    }
  }
  a.notes = work.notes();
  collect(a, replay, *final, id_slot, p, se, low, high, proposal);
  return a;
}

Analysis analyze(const GameInfo& info, const std::vector<Event>& stream, Viewer viewer,
                 const AnalysisOptions& options) {
  Analyzer analyzer(info, viewer, options);
  for (const Event& e : stream) analyzer.push(e);
  return analyzer.analysis();
}

}  // namespace facedown::analysis
