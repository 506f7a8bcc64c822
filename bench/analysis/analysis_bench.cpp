// analysis_bench calibration [MATCHES] [GAME]: random matches of every game (or
// one), each analysed from the public view at a random ply; every face-down
// piece's predicted odds go into a reliability table (predicted p in tenths
// against the rate the type was the truth) and the cross-entropy of the true
// identities is compared with the count-only baseline (every hidden piece gets
// its roster share). SAMPLES and MAX_DRAWS (200, 2000) set the sampler's budget;
// calibration-live asks an Analyzer after every event up to the moment instead
// of analyze() once (the live path, whose accepted draws carry over).
// CALIBRATION_FROM / CALIBRATION_TO run a part of the series (same seeds).
// analysis_bench speed [MATCHES]: public Number Janggi analysis after each
// event of random matches, and every game's analysis at the end: mean and
// worst milliseconds (ANALYSIS_BENCH_SLOW=MS lists the Number Janggi analyses
// above MS on stderr).
// analysis_bench live [MATCHES] [GAME] [UPDATE_EVENTS]: the live path: an Analyzer fed the public
// stream one event at a time and asked after every event, per game: mean and
// worst milliseconds per event (push and analysis), how many results were
// sampled, and the largest standard error of the last result. UPDATE_EVENTS
// sets AnalysisOptions::update_events (default 0: no bound). It also prints
// a digest of every result on stderr (same digest: same results, bit for bit),
// and reads SAMPLES, UPDATE_DRAWS, REJUVENATE_STEPS, RAO_BLACKWELL and
// PRIOR_DRAWS from the environment; ANALYSIS_BENCH_BARS=1 lists the sampled
// results with an error bar above 0.02 (what they rest on) on stderr.
// analysis_bench coupled [UNITS]: the counting alone (setup_count.h) of a
// Number Janggi-sized cluster (two blocks of 14, 12 types) with UNITS (1 or 2)
// pair battles of 64 joint tuples each, with the layered fill and with the
// memoised programme alone: processor milliseconds for the total, the
// marginals and 12 draws, and whether both gave the same numbers bit for bit.
// analysis_bench items [MATCHES]: Number Janggi matches with a defender's +1
// or -1 (tests/analysis/item_match.h), analysed right after each such item
// from every point of view with the default options: moments, exact, sampled,
// no result (issue 32: "no consistent setup among 8000 draws"), the truth
// ruled out.
// analysis_bench coverage [MATCHES] [SAMPLES] [SEEDS]: do the sampled 95 %
// intervals hold the exact value 95 % of the time? Number Janggi's public
// moments of the calibration series are exact; each is sampled again
// (always_sample, SAMPLES draws, SEEDS seeds; PRIOR_DRAWS and RAO_BLACKWELL
// from the environment) and every estimate whose exact value is strictly
// between 0 and 1 is checked against its interval [low, high]: coverage
// overall and by the draws expected on the identity (SAMPLES times the exact
// value), and the largest |p - exact| in error bars.
// Every mode keeps the freed heap as the CLI does (analysis/heap_keep.h) unless
// GLIBC_DEFAULT_HEAP=1.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <ctime>
#include <vector>

#include "analysis/heap_keep.h"
#include "analysis/deduction.h"
#include "analysis/setup_count.h"
#include "analysis/stream_replay.h"
#include "engine/match.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "tests/analysis/item_match.h"
#include "tests/conformance/calibration_match.h"

using namespace facedown;
using namespace facedown::engine;

namespace {

using conformance::calibration_match;

std::vector<Event> public_stream(const std::vector<Event>& log, std::size_t n) {
  std::vector<Event> out;
  for (std::size_t i = 0; i < n && i < log.size(); ++i) out.push_back(project(log[i], kPublic));
  return out;
}

// This thread's processor time: the machine is shared, so wall time counts the
// waits for a core as well.
double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// The sampler's settings both benches take from the environment (budget
// experiments, docs/performance.md): UPDATE_DRAWS, REJUVENATE_STEPS (0: the
// live path without resample-move), RAO_BLACKWELL (0: the never-fought
// pieces' drawn identities, the build before), PRIOR_DRAWS (the counting's
// weight in sampled odds).
void sampler_from_env(analysis::AnalysisOptions& options) {
  if (const char* v = std::getenv("UPDATE_DRAWS")) options.update_draws = std::atoi(v);
  if (const char* v = std::getenv("REJUVENATE_STEPS")) options.rejuvenate_steps = std::atoi(v);
  if (const char* v = std::getenv("RAO_BLACKWELL")) options.rao_blackwell = std::atoi(v) != 0;
  if (const char* v = std::getenv("PRIOR_DRAWS")) options.prior_draws = std::atof(v);
}

int calibration(int matches, const std::string& only, int samples, int max_draws, bool live) {
  std::printf("| game | matches | pieces | exact | cross-entropy (nats/piece) | count-only baseline | margin |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  std::array<double, 10> sum_p{}, hits{};
  std::array<long, 10> n{};
  std::vector<std::string> rows;
  for (const GameInfo& info : all_games()) {
    if (!only.empty() && info.id != only) continue;
    double ce = 0, base = 0;
    long pieces = 0, exact = 0, analysed = 0, impossible = 0;
    std::array<double, 2> ce_by{0, 0}, base_by{0, 0};  // exact, sampled
    std::array<long, 2> pieces_by{0, 0};
    long accepted_sum = 0, sampled_moments = 0, truth_rejected = 0, from_candidate = 0;
    // Sampled moments by how many draws were accepted: under 50, under 200, more.
    std::array<double, 3> ce_n{0, 0, 0}, base_n{0, 0, 0};
    std::array<long, 3> pieces_n{0, 0, 0};
    std::array<long, 2> zero{0, 0};
    // CALIBRATION_FROM / CALIBRATION_TO: only matches [from, to) of the same
    // series (the same seeds), so a long run can be split across processes.
    const int from = std::getenv("CALIBRATION_FROM") ? std::atoi(std::getenv("CALIBRATION_FROM")) : 0;
    const int to = std::getenv("CALIBRATION_TO") ? std::atoi(std::getenv("CALIBRATION_TO")) : matches;
    for (int k = std::max(0, from); k < std::min(matches, to); ++k) {
      std::uint64_t seed = conformance::calibration_seed(k);
      Match full = calibration_match(info, seed, 120);
      // A random moment: the prefix through a random command after the start.
      const std::size_t cut = conformance::calibration_cut(seed, full.log());
      auto rebuilt = Match::from_log(info, std::vector<Event>(full.log().begin(), full.log().begin() + static_cast<long>(cut)));
      if (!std::holds_alternative<Match>(rebuilt)) {
        std::fprintf(stderr, "%s: %s\n", info.id.c_str(), std::get<Rejection>(rebuilt).reason.c_str());
        continue;
      }
      const Match& m = std::get<Match>(rebuilt);
      analysis::AnalysisOptions options;
      options.seed = seed;
      options.samples = samples;
      options.max_draws = max_draws;
      sampler_from_env(options);
      // UPDATE_EVENTS bounds each live update (calibration-live).
      if (const char* v = std::getenv("UPDATE_EVENTS")) options.update_events = std::atol(v);
      analysis::Analysis a;
      if (live) {
        // The live path: asked after every event, its kept draws carried along.
        analysis::Analyzer analyzer(info, kPublic, options);
        for (const Event& e : public_stream(full.log(), cut)) {
          analyzer.push(e);
          a = analyzer.analysis();
        }
      } else {
        a = analysis::analyze(info, public_stream(full.log(), cut), kPublic, options);
      }
      if (a.error) {
        std::fprintf(stderr, "%s: match %d: %s\n", info.id.c_str(), k, a.error->c_str());
        continue;
      }
      ++analysed;
      {
        // The true setup must replay the viewer's stream (else the sampler's
        // accepted set would leave the truth out).
        const auto stream = public_stream(full.log(), cut);
        auto planned = analysis::StreamReplay::plan(info, stream, kPublic);
        if (auto* plan = std::get_if<analysis::StreamReplay>(&planned)) {
          std::vector<PieceType> truth(plan->slots().size(), 0);
          for (const auto& block : plan->blocks()) {
            const auto& seen = std::get<SetupLocked>(stream[block.setup_event].body);
            const auto& real = std::get<SetupLocked>(full.log()[block.setup_event].body);
            std::size_t next = 0;
            for (std::size_t i = 0; i < seen.pieces.size(); ++i)
              if (seen.pieces[i].type == kHiddenType) truth[static_cast<std::size_t>(block.slots[next++])] = real.pieces[i].type;
          }
          if (!plan->run(info, truth, stream.size()).consistent) ++truth_rejected;
        }
      }
      exact += a.method == analysis::Method::kExact;
      // Moments no fresh draw replayed at, answered from the learning's candidate (deduction.cpp).
      for (const auto& note : a.notes) from_candidate += note.rfind("no fresh draw replayed", 0) == 0;
      const std::size_t by = a.method == analysis::Method::kExact ? 0 : 1;
      if (by == 1) {
        ++sampled_moments;
        accepted_sum += a.accepted;
      }
      const auto& roster = m.game().roster();
      int total = 0;
      for (const auto& t : roster) total += t.count;
      for (const auto& odds : a.pieces) {
        const int id = odds.square != kNoSquare
                           ? m.state().piece_at(odds.square)
                           : m.state().removed[static_cast<std::size_t>(odds.owner - 1)][static_cast<std::size_t>(odds.removed_index)];
        const PieceType truth = m.state().pieces[static_cast<std::size_t>(id)].type;
        ++pieces;
        if (!odds.possible[static_cast<std::size_t>(truth)]) ++impossible;
        if (odds.p[static_cast<std::size_t>(truth)] == 0) ++zero[a.method == analysis::Method::kExact ? 0 : 1];
        const double piece_ce = -std::log(std::max(odds.p[static_cast<std::size_t>(truth)], 1e-6));
        const double piece_base = -std::log(static_cast<double>(roster[static_cast<std::size_t>(truth)].count) / total);
        ce += piece_ce;
        base += piece_base;
        ce_by[by] += piece_ce;
        if (by == 1) {
          const std::size_t bucket = a.accepted < 50 ? 0 : a.accepted < 200 ? 1 : 2;
          ce_n[bucket] += piece_ce;
          base_n[bucket] += piece_base;
          ++pieces_n[bucket];
        }
        base_by[by] += piece_base;
        ++pieces_by[by];
        for (std::size_t t = 0; t < odds.p.size(); ++t) {
          const std::size_t bin = std::min<std::size_t>(9, static_cast<std::size_t>(odds.p[t] * 10));
          sum_p[bin] += odds.p[t];
          hits[bin] += static_cast<PieceType>(t) == truth;
          ++n[bin];
        }
      }
    }
    if (pieces == 0) continue;
    std::fprintf(stderr, "%s: truth ruled out %ld, estimated 0 (exact %ld, sampled %ld)\n", info.id.c_str(), impossible,
                 zero[0], zero[1]);
    for (std::size_t m = 0; m < 2; ++m)
      if (pieces_by[m] > 0)
        std::fprintf(stderr, "%s: %s moments: %ld pieces, cross-entropy %.3f, baseline %.3f\n", info.id.c_str(),
                     m == 0 ? "exact" : "sampled", pieces_by[m], ce_by[m] / static_cast<double>(pieces_by[m]),
                     base_by[m] / static_cast<double>(pieces_by[m]));
    for (std::size_t b = 0; b < 3; ++b)
      if (pieces_n[b] > 0)
        std::fprintf(stderr, "%s: sampled, %s accepted draws: %ld pieces, cross-entropy %.3f, baseline %.3f\n", info.id.c_str(),
                     b == 0 ? "under 50" : b == 1 ? "50 to 199" : "200 or more", pieces_n[b],
                     ce_n[b] / static_cast<double>(pieces_n[b]), base_n[b] / static_cast<double>(pieces_n[b]));
    std::fprintf(stderr, "%s: moments whose true setup does not replay: %ld\n", info.id.c_str(), truth_rejected);
    std::fprintf(stderr, "%s: moments answered from the learning's candidate (no fresh draw replayed): %ld\n", info.id.c_str(),
                 from_candidate);
    if (sampled_moments > 0)
      std::fprintf(stderr, "%s: sampled moments %ld, accepted draws per moment %.1f (samples %d, max draws %d%s)\n",
                   info.id.c_str(), sampled_moments, static_cast<double>(accepted_sum) / static_cast<double>(sampled_moments),
                   samples, max_draws, live ? ", live" : "");
    std::printf("| %s | %ld | %ld | %ld/%ld | %.3f | %.3f | %.3f |\n", info.id.c_str(), analysed, pieces, exact, analysed,
                ce / static_cast<double>(pieces), base / static_cast<double>(pieces),
                (base - ce) / static_cast<double>(pieces));
    std::fflush(stdout);
  }
  std::printf("\n| predicted p | pairs | mean predicted | observed rate |\n|---|---|---|---|\n");
  for (std::size_t b = 0; b < 10; ++b)
    if (n[b] > 0)
      std::printf("| %.1f-%.1f | %ld | %.4f | %.4f |\n", static_cast<double>(b) / 10.0, static_cast<double>(b + 1) / 10.0,
                  n[b], sum_p[b] / static_cast<double>(n[b]), hits[b] / static_cast<double>(n[b]));
  return 0;
}

int speed(int matches) {
  const auto games = all_games();
  const GameInfo& nj = *find_game(games, "number-janggi");
  double total = 0, worst = 0;
  long count = 0;
  for (int k = 0; k < matches; ++k) {
    Match m = calibration_match(nj, 77ull * static_cast<std::uint64_t>(k + 1), 120);
    for (std::size_t cut = 2; cut <= m.log().size(); ++cut) {
      const auto stream = public_stream(m.log(), cut);
      const double c0 = cpu_ms();
      const auto a = analysis::analyze(nj, stream, kPublic);
      const double ms = cpu_ms() - c0;
      if (std::getenv("ANALYSIS_BENCH_SLOW") && ms > std::atof(std::getenv("ANALYSIS_BENCH_SLOW")))
        std::fprintf(stderr, "slow: number-janggi one-shot match %d cut %zu: %.2f ms, %s, draws %d accepted %d moves %d\n", k, cut, ms,
                     a.method == analysis::Method::kExact ? "exact" : "sampled", a.draws, a.accepted, a.moves);
      total += ms;
      worst = std::max(worst, ms);
      ++count;
    }
  }
  std::printf("number-janggi public, after each event: %ld analyses, mean %.2f ms, worst %.2f ms\n", count, total / static_cast<double>(count),
              worst);
  for (const GameInfo& info : games) {
    double sum = 0, max = 0;
    for (int k = 0; k < matches; ++k) {
      Match m = calibration_match(info, 91ull * static_cast<std::uint64_t>(k + 1), 120);
      const double c0 = cpu_ms();
      analysis::analyze(info, public_stream(m.log(), m.log().size()), kPublic);
      const double ms = cpu_ms() - c0;
      sum += ms;
      max = std::max(max, ms);
    }
    std::printf("%s public, at the end: mean %.1f ms, worst %.1f ms\n", info.id.c_str(), sum / matches, max);
    std::fflush(stdout);
  }
  return 0;
}

int live(int matches, const std::string& only, long update_events) {
  std::printf("Processor time per event (push and analysis; wall-clock mean in brackets)\n\n"
              "| game | events | mean per event | median | 99th percentile | worst | sampled results | no result | sampled: median of largest se | sampled: largest se <= 0.02 | sampled: estimates with se <= 0.02 | largest se at the end |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const GameInfo& info : all_games()) {
    if (!only.empty() && info.id != only) continue;
    double total = 0, worst = 0, largest_se = 0;
    long count = 0, sampled = 0, failed = 0, estimates = 0, small = 0;
    std::vector<double> times, sampled_se;
    double wall = 0;
    // A digest of every result (method, draws, every probability and error bar,
    // bit for bit), so a faster build can show it computes the same thing.
    std::uint64_t digest = 1469598103934665603ull;
    const auto mix = [&](std::uint64_t x) {
      for (int b = 0; b < 8; ++b) digest = (digest ^ ((x >> (8 * b)) & 0xff)) * 1099511628211ull;
    };
    const auto mix_double = [&](double d) {
      std::uint64_t x = 0;
      std::memcpy(&x, &d, sizeof x);
      mix(x);
    };
    // LIVE_FROM=K starts at match K (to look at one match's moments).
    const int first = std::getenv("LIVE_FROM") ? std::atoi(std::getenv("LIVE_FROM")) : 0;
    for (int k = first; k < matches; ++k) {
      Match m = calibration_match(info, 91ull * static_cast<std::uint64_t>(k + 1), 120);
      analysis::AnalysisOptions options;
      options.update_events = update_events;
      // Budget experiments (docs/performance.md): SAMPLES overrides the default too.
      if (const char* v = std::getenv("SAMPLES")) options.samples = std::atoi(v);
      sampler_from_env(options);
      analysis::Analyzer analyzer(info, kPublic, options);
      analysis::Analysis a;
      for (const Event& e : m.log()) {
        const Event seen = project(e, kPublic);
        const auto t0 = std::chrono::steady_clock::now();
        const double c0 = cpu_ms();
        analyzer.push(seen);
        a = analyzer.analysis();
        const double ms = cpu_ms() - c0;
        wall += ms_since(t0);
        total += ms;
        worst = std::max(worst, ms);
        times.push_back(ms);
        if (std::getenv("ANALYSIS_BENCH_SLOW") && ms > std::atof(std::getenv("ANALYSIS_BENCH_SLOW")))
          std::fprintf(stderr, "slow: %s match %d event %zu: %.1f ms, %s, draws %d accepted %d, proposals %ld, %s\n", info.id.c_str(), k,
                       analyzer.events(), ms, a.method == analysis::Method::kExact ? "exact" : "sampled", a.draws, a.accepted, a.proposals,
                       a.notes.empty() ? "" : a.notes.front().c_str());
        ++count;
        failed += a.error.has_value();
        mix(static_cast<std::uint64_t>(a.method));
        mix(static_cast<std::uint64_t>(a.draws));
        mix(static_cast<std::uint64_t>(a.accepted));
        mix(a.error.has_value());
        for (const auto& piece : a.pieces) {
          mix(static_cast<std::uint64_t>(piece.square));
          for (double x : piece.p) mix_double(x);
          for (double x : piece.se) mix_double(x);
        }
        if (a.method == analysis::Method::kSampled && !a.error) {
          ++sampled;
          double largest = 0;
          for (const auto& piece : a.pieces)
            for (std::size_t t = 0; t < piece.se.size(); ++t) {
              largest = std::max(largest, piece.se[t]);
              if (!piece.possible[t]) continue;
              ++estimates;
              small += piece.se[t] <= 0.02;
            }
          sampled_se.push_back(largest);
          // ANALYSIS_BENCH_BARS=1 lists the sampled results with a bar above
          // 0.02 on stderr: how many draws and ancestors they rest on, and the
          // widest bar's piece (docs/performance.md, "Gunjin Shogi's error bars").
          if (std::getenv("ANALYSIS_BENCH_BARS") && largest > 0.02) {
            const analysis::PieceOdds* widest = nullptr;
            std::size_t type = 0;
            for (const auto& piece : a.pieces)
              for (std::size_t t = 0; t < piece.se.size(); ++t)
                if (!widest || piece.se[t] > widest->se[type]) {
                  widest = &piece;
                  type = t;
                }
            std::size_t wide = 0;
            for (const auto& piece : a.pieces) wide += *std::max_element(piece.se.begin(), piece.se.end()) > 0.02;
            std::fprintf(stderr,
                         "bars: %s match %d event %zu: largest se %.4f (square %d, type %zu, p %.3f), %zu of %zu pieces above 0.02; "
                         "accepted %d from %d ancestors, draws %d, proposals %ld, moves %d, Rao-Blackwellized %d\n",
                         info.id.c_str(), k, analyzer.events(), largest, widest ? static_cast<int>(widest->square) : -1, type,
                         widest ? widest->p[type] : 0.0, wide, a.pieces.size(), a.accepted, a.independent, a.draws, a.proposals, a.moves,
                         a.rao_blackwellized);
          }
        }
      }
      for (const auto& piece : a.pieces)
        for (double se : piece.se) largest_se = std::max(largest_se, se);
    }
    std::sort(times.begin(), times.end());
    const auto rank = [&](double q) { return times.empty() ? 0.0 : times[static_cast<std::size_t>(q * static_cast<double>(times.size() - 1))]; };
    std::sort(sampled_se.begin(), sampled_se.end());
    const double median_se = sampled_se.empty() ? 0.0 : sampled_se[sampled_se.size() / 2];
    const auto within = std::count_if(sampled_se.begin(), sampled_se.end(), [](double x) { return x <= 0.02; });
    std::fprintf(stderr, "%s: results digest %016llx\n", info.id.c_str(), static_cast<unsigned long long>(digest));
    std::printf("| %s | %ld | %.2f ms (%.2f) | %.2f ms | %.1f ms | %.1f ms | %ld | %ld | %.3f | %ld | %.1f%% | %.3f |\n", info.id.c_str(),
                count, total / static_cast<double>(count), wall / static_cast<double>(count), rank(0.5), rank(0.99), worst, sampled,
                failed, median_se, static_cast<long>(within), estimates ? 100.0 * static_cast<double>(small) / static_cast<double>(estimates) : 0.0,
                largest_se);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

namespace {

int coupled(int units) {
  using engine::PieceType;
  const std::vector<int> roster{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1};
  const int hidden = 14 - units;  // per block, the slots in groups
  std::vector<analysis::CountGroup> groups;
  std::uint64_t seed = 7;
  int slot = 0;
  for (int b = 0; b < 2; ++b) {
    for (int left = hidden; left > 0;) {
      const int size = left >= 3 ? 1 + static_cast<int>(engine::splitmix64(seed) % 3) : left;
      analysis::CountGroup g{b, {}, {}};
      for (int t = 0; t < 12; ++t)
        if (t == 10 || engine::splitmix64(seed) % 3 != 0) g.allowed.push_back(static_cast<PieceType>(t));
      for (int i = 0; i < size; ++i) g.slots.push_back(slot++);
      left -= size;
      groups.push_back(g);
    }
    slot += units;
  }
  std::vector<analysis::CountCoupled> pairs;
  for (int k = 0; k < units; ++k) {
    analysis::CountCoupled cu{{hidden + k, 14 + hidden + k}, {0, 1}, {}};
    for (int a = 0; a < 12; ++a)
      for (int b = 0; b < 12; ++b)
        if ((a + b + k) % 9 != 0 && cu.tuples.size() < 64) cu.tuples.push_back({static_cast<PieceType>(a), static_cast<PieceType>(b)});
    pairs.push_back(cu);
  }
  std::vector<long double> totals;
  std::vector<std::vector<std::vector<double>>> margins;
  std::vector<std::vector<PieceType>> draws[2];
  for (int layered = 1; layered >= 0; --layered) {
    analysis::SetupCounter c({roster, roster}, groups, pairs, 28);
    c.use_layered_fill(layered == 1);
    const double t0 = cpu_ms();
    totals.push_back(c.total());
    const double t1 = cpu_ms();
    margins.push_back(c.marginals(12));
    const double t2 = cpu_ms();
    std::uint64_t rng = 1;
    for (int i = 0; i < 12; ++i) draws[layered].push_back(c.draw(rng));
    const double t3 = cpu_ms();
    std::printf("%s: total %.2f ms, marginals %.2f ms, 12 draws %.2f ms\n", layered ? "layered fill" : "memoised programme",
                t1 - t0, t2 - t1, t3 - t2);
  }
  const bool same = totals[0] == totals[1] && margins[0] == margins[1] && draws[0] == draws[1];
  std::printf("same numbers and draws: %s\n", same ? "yes" : "NO");
  return same ? 0 : 1;
}

int items(int matches) {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "number-janggi");
  long moments = 0, exact = 0, failed = 0, ruled_out = 0;
  for (int k = 1; k <= matches; ++k) {
    const Match m = analysis_test::item_match(info, 7919ull * static_cast<std::uint64_t>(k), 120);
    for (std::size_t cut : analysis_test::after_defender_items(m.log())) {
      auto rebuilt = Match::from_log(info, std::vector<Event>(m.log().begin(), m.log().begin() + static_cast<long>(cut)));
      const Match& now = std::get<Match>(rebuilt);
      for (Viewer v : {kPublic, kPlayer1, kPlayer2}) {
        std::vector<Event> stream;
        for (std::size_t i = 0; i < cut; ++i) stream.push_back(project(m.log()[i], v));
        const auto a = analysis::analyze(info, stream, v);
        ++moments;
        if (a.error) {
          ++failed;
          std::fprintf(stderr, "match %d, %zu events, viewer %d: %s\n", k, cut, static_cast<int>(v), a.error->c_str());
          continue;
        }
        exact += a.method == analysis::Method::kExact;
        for (const auto& odds : a.pieces) {
          const int id = odds.square != kNoSquare
                             ? now.state().piece_at(odds.square)
                             : now.state().removed[static_cast<std::size_t>(odds.owner - 1)][static_cast<std::size_t>(odds.removed_index)];
          ruled_out += !odds.possible[static_cast<std::size_t>(now.state().pieces[static_cast<std::size_t>(id)].type)];
        }
      }
    }
  }
  std::printf("| matches | moments | exact | sampled | no result | truth ruled out |\n|---|---|---|---|---|---|\n");
  std::printf("| %d | %ld | %ld | %ld | %ld | %ld |\n", matches, moments, exact, moments - exact - failed, failed, ruled_out);
  return failed == 0 && ruled_out == 0 ? 0 : 1;
}

int coverage(int matches, int samples, int seeds) {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "number-janggi");
  // By the draws expected on the identity: under 1, 1 to 5, 5 to 20, 20 or more.
  std::array<long, 4> n{}, held{};
  long moments = 0;
  double worst = 0;
  for (int k = 0; k < matches; ++k) {
    std::uint64_t seed = conformance::calibration_seed(k);
    const Match full = calibration_match(info, seed, 120);
    const std::size_t cut = conformance::calibration_cut(seed, full.log());
    const auto stream = public_stream(full.log(), cut);
    const auto exact = analysis::analyze(info, stream, kPublic);
    if (exact.error || exact.method != analysis::Method::kExact) continue;
    ++moments;
    for (int r = 0; r < seeds; ++r) {
      analysis::AnalysisOptions options;
      options.always_sample = true;
      options.samples = samples;
      options.max_draws = samples;
      options.seed = 1000003ull * static_cast<std::uint64_t>(r + 1) + static_cast<std::uint64_t>(k);
      sampler_from_env(options);
      const auto a = analysis::analyze(info, stream, kPublic, options);
      if (a.error || a.pieces.size() != exact.pieces.size()) continue;
      for (std::size_t i = 0; i < a.pieces.size(); ++i)
        for (std::size_t t = 0; t < a.pieces[i].p.size(); ++t) {
          const double truth = exact.pieces[i].p[t];
          if (truth <= 0 || truth >= 1) continue;
          const double expected = truth * a.accepted;
          const std::size_t b = expected < 1 ? 0 : expected < 5 ? 1 : expected < 20 ? 2 : 3;
          ++n[b];
          held[b] += a.pieces[i].low[t] <= truth && truth <= a.pieces[i].high[t];
          if (a.pieces[i].se[t] > 0) worst = std::max(worst, std::abs(a.pieces[i].p[t] - truth) / a.pieces[i].se[t]);
        }
    }
  }
  const char* names[] = {"under 1", "1 to 5", "5 to 20", "20 or more"};
  std::printf("%ld exact moments, %d draws, %d seeds each\n\n| draws expected on the identity | estimates | 95 %% interval holds the exact value |\n|---|---|---|\n",
              moments, samples, seeds);
  long all = 0, all_held = 0;
  for (std::size_t b = 0; b < 4; ++b) {
    all += n[b];
    all_held += held[b];
    if (n[b] > 0) std::printf("| %s | %ld | %.2f %% |\n", names[b], n[b], 100.0 * static_cast<double>(held[b]) / static_cast<double>(n[b]));
  }
  std::printf("| all | %ld | %.2f %% |\n\nlargest |p - exact| / se: %.1f\n", all,
              all ? 100.0 * static_cast<double>(all_held) / static_cast<double>(all) : 0.0, worst);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // As the CLI does (analysis/heap_keep.h); GLIBC_DEFAULT_HEAP=1 leaves glibc's
  // defaults, to compare.
  if (!std::getenv("GLIBC_DEFAULT_HEAP")) analysis::keep_freed_heap();
  const std::string mode = argc > 1 ? argv[1] : "calibration";
  const int matches = argc > 2 ? std::max(1, std::atoi(argv[2])) : 1000;
  if (mode == "speed") return speed(argc > 2 ? matches : 5);
  if (mode == "items") return items(argc > 2 ? matches : 1000);
  if (mode == "coverage")
    return coverage(argc > 2 ? matches : 200, argc > 3 ? std::max(1, std::atoi(argv[3])) : 50, argc > 4 ? std::max(1, std::atoi(argv[4])) : 5);
  if (mode == "coupled") return coupled(argc > 2 ? std::clamp(std::atoi(argv[2]), 1, 2) : 2);
  if (mode == "live") return live(argc > 2 ? matches : 3, argc > 3 ? argv[3] : "", argc > 4 ? std::atol(argv[4]) : 0);
  if (mode == "calibration" || mode == "calibration-live")
    return calibration(matches, argc > 3 ? argv[3] : "", argc > 4 ? std::atoi(argv[4]) : 200, argc > 5 ? std::atoi(argv[5]) : 2000,
                       mode == "calibration-live");
  std::fprintf(stderr, "usage: analysis_bench calibration|calibration-live [MATCHES] [GAME] [SAMPLES] [MAX_DRAWS] | speed [MATCHES] | items [MATCHES] | coverage [MATCHES] [SAMPLES] [SEEDS] | live [MATCHES] [GAME] | coupled [UNITS]\n");
  return 2;
}
