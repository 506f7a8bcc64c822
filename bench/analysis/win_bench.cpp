// win_bench: the player and the win probability (docs/analysis.md, "Who is
// winning"; speed in docs/performance.md). One core, deterministic by seed.
//
//   win_bench speed [GAME]           playouts per second (the playout policy), and
//                                    the time to a ±3-point number (referee view,
//                                    after 8 moves), per game
//   win_bench versus N [GAME]        win rates over N matches per pairing (seats
//                                    alternate): informed v random, informed v
//                                    greedy, greedy v random
//   win_bench calibration N [GAME] [PUBLIC] [PLAYOUTS]
//                                    N held-out self-play matches (informed v
//                                    informed); at an opening, middle and end
//                                    moment of each, the referee's win
//                                    probability (and the public's for the first
//                                    PUBLIC matches) against the result: a
//                                    reliability table and Brier scores against
//                                    a material baseline and a flat 50 %
//                                    (PLAYOUTS per position, default 1100)
//   win_bench calibration-run FILE GAME FROM TO [PLAYOUTS] [PUBLIC_EVERY] [SECONDS]
//                                    the same held-out matches FROM..TO-1 of GAME
//                                    (a game or game/preset), in resumable
//                                    chunks: each finished match appends its
//                                    positions to FILE (flushed per match); a
//                                    match already in FILE is skipped, so runs
//                                    of at most SECONDS (default 840) add up.
//                                    The public view for every PUBLIC_EVERY-th
//                                    match (0: none). Seeds depend on the match
//                                    index only, so chunks may run in any order,
//                                    in parallel into different files.
//   win_bench calibration-stages FILE GAME FROM TO [SECONDS]
//                                    the stage of each of those matches' three
//                                    moments (ply, pieces on and off the board:
//                                    broadcast/win_stage.h), from the self-play
//                                    alone (no playouts), appended to FILE
//   win_bench calibration-report FILE...
//                                    the tables over every match in the files
//                                    (a match twice counts once)
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "analysis/piece_trail.h"
#include "analysis/player.h"
#include "analysis/win_probability.h"
#include "bench/analysis/calibration_scores.h"
#include "engine/match.h"
#include "engine/registry.h"
#include "engine/view.h"

using namespace facedown;
using namespace facedown::engine;
using analysis::PlayerKind;
using analysis::PlayerOptions;

namespace {

// Every game and preset (Number Janggi's two presets apart).
std::vector<std::pair<const GameInfo*, std::string>> systems(const std::vector<GameInfo>& games, const std::string& only) {
  std::vector<std::pair<const GameInfo*, std::string>> out;
  for (const GameInfo& g : games)
    for (const Preset& p : g.presets) {
      const std::string label = g.id + "/" + p.id;
      if (!only.empty() && only != g.id && only != label) continue;
      out.emplace_back(&g, p.id);
    }
  return out;
}

Match opened(const GameInfo& info, const std::string& preset) {
  auto m = Match::open(info, preset, {}, {"A", "B"});
  return std::move(std::get<Match>(m));
}

// Setups drawn, first player drawn, started.
Match started(const GameInfo& info, const std::string& preset, std::uint64_t& rng) {
  Match m = opened(info, preset);
  if (!m.game().has_fixed_placement())
    for (int p : {1, 2}) m.submit(SetupCmd{p, m.game().random_setup(p, splitmix64(rng))}, 0);
  m.submit(FirstCmd{1 + static_cast<int>(splitmix64(rng) % 2), std::nullopt}, 0);
  m.submit(StartCmd{}, 0);
  return m;
}

// Plays `moves` moves of the match with `players`; false when it ended first.
bool advance(Match& m, analysis::PieceTrail& trail, const std::array<PlayerOptions, 2>& players, std::uint64_t& rng, int moves) {
  for (int k = 0; k < 4 * moves + 8 && moves > 0; ++k) {
    const MatchState& s = m.state();
    if (s.phase == Phase::kFinished) return false;
    const int decider = s.phase == Phase::kDeciding && s.pending.player != 0 ? s.pending.player : s.to_move == 0 ? 1 : s.to_move;
    auto cmd = analysis::choose(m, trail, players[static_cast<std::size_t>(decider == 2 ? 1 : 0)], rng);
    if (!cmd) return false;
    if (const auto* mv = std::get_if<MoveCmd>(&*cmd)) {
      trail.note_move(s, mv->move);
      --moves;
    }
    if (m.submit(*cmd, 0).rejection) return false;
  }
  return m.state().phase != Phase::kFinished;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int speed(const std::string& only) {
  const auto games = all_games();
  std::printf("| game/preset | playouts/s | moves per playout | referee ±3: playouts | s | public ±3: playouts | s |\n|---|---|---|---|---|---|---|\n");
  for (const auto& [info, preset] : systems(games, only)) {
    std::uint64_t rng = 42;
    analysis::WinOptions o;
    long plies = 0;
    int n = 0;
    const auto t0 = std::chrono::steady_clock::now();
    while (seconds_since(t0) < 3.0) {
      Match m = started(*info, preset, rng);
      auto trail = analysis::PieceTrail::of_log(m.log());
      const auto before = m.state().ply;
      analysis::play_out(m, trail, {o.policy, o.policy}, rng, o.max_plies);
      plies += m.state().ply - before;
      ++n;
    }
    const double rate = n / seconds_since(t0);
    // A position 8 moves in (informed players on both sides), still undecided.
    Match m = started(*info, preset, rng);
    for (int tries = 0; tries < 20; ++tries) {
      m = started(*info, preset, rng);
      auto trail = analysis::PieceTrail::of_log(m.log());
      if (advance(m, trail, {PlayerOptions{}, PlayerOptions{}}, rng, 8)) break;
    }
    const auto t1 = std::chrono::steady_clock::now();
    const auto w = analysis::referee_win_probability(m, o);
    const double referee_s = seconds_since(t1);
    std::vector<Event> stream;
    for (const Event& e : m.log()) stream.push_back(project(e, kPublic));
    const auto t2 = std::chrono::steady_clock::now();
    const auto pw = analysis::viewer_win_probability(*info, stream, kPublic, o);
    std::printf("| %s/%s | %.0f | %.0f | %d | %.2f | %d%s | %.2f |\n", info->id.c_str(), preset.c_str(), rate,
                static_cast<double>(plies) / n, w.playouts, referee_s, pw.playouts, pw.error ? " (error)" : "",
                seconds_since(t2));
    std::fflush(stdout);
  }
  return 0;
}

const char* kind_name(PlayerKind k) {
  return k == PlayerKind::kRandom ? "random" : k == PlayerKind::kGreedy ? "greedy" : "informed";
}

int versus(int matches, const std::string& only) {
  const auto games = all_games();
  const std::array<std::pair<PlayerKind, PlayerKind>, 3> pairings{
      std::pair{PlayerKind::kInformed, PlayerKind::kRandom}, std::pair{PlayerKind::kInformed, PlayerKind::kGreedy},
      std::pair{PlayerKind::kGreedy, PlayerKind::kRandom}};
  std::printf("| game/preset | pairing | matches | wins | losses | draws | undecided (600 moves) | score |\n|---|---|---|---|---|---|---|---|\n");
  for (const auto& [info, preset] : systems(games, only)) {
    for (const auto& [a, b] : pairings) {
      int wins = 0, losses = 0, draws = 0, undecided = 0;
      const auto t0 = std::chrono::steady_clock::now();
      for (int k = 0; k < matches; ++k) {
        std::uint64_t rng = 7919ull * static_cast<std::uint64_t>(k + 1);
        Match m = started(*info, preset, rng);
        auto trail = analysis::PieceTrail::of_log(m.log());
        PlayerOptions pa, pb;
        pa.kind = a;
        pb.kind = b;
        const int seat = 1 + k % 2;  // the first-named player's seat
        const std::array<PlayerOptions, 2> players = seat == 1 ? std::array{pa, pb} : std::array{pb, pa};
        const int winner = analysis::play_out(m, trail, players, rng, 600);
        if (winner < 0) ++undecided;
        else if (winner == 0) ++draws;
        else if (winner == seat) ++wins;
        else ++losses;
      }
      const double score = (wins + 0.5 * (draws + undecided)) / matches;
      std::printf("| %s/%s | %s v %s | %d | %d | %d | %d | %d | %.1f%% |\n", info->id.c_str(), preset.c_str(), kind_name(a),
                  kind_name(b), matches, wins, losses, draws, undecided, 100 * score);
      std::fprintf(stderr, "  (%.1f s)\n", seconds_since(t0));
      std::fflush(stdout);
    }
  }
  return 0;
}

// Reliability bins and Brier scores.
struct Scores {
  std::array<double, 10> sum_p{}, hits{};
  std::array<long, 10> n{};
  double brier = 0, material = 0, flat = 0;
  long count = 0;
  void add(double p, double base, bool won) {
    const double y = won ? 1.0 : 0.0;
    const std::size_t bin = std::min<std::size_t>(9, static_cast<std::size_t>(p * 10));
    sum_p[bin] += p;
    hits[bin] += y;
    ++n[bin];
    brier += (p - y) * (p - y);
    material += (base - y) * (base - y);
    flat += (0.5 - y) * (0.5 - y);
    ++count;
  }
};

// The material baseline: player 1's share of the pieces on the board.
double material_share(const MatchState& s) {
  double a = 0, b = 0;
  for (const Piece& p : s.pieces)
    if (p.square != kNoSquare) (p.owner == 1 ? a : b) += 1;
  return a + b > 0 ? a / (a + b) : 0.5;
}

void print_reliability(const char* what, const Scores& sc) {
  std::printf("\n%s: reliability (player 1's win probability, decided matches)\n\n| predicted p | positions | mean predicted | observed rate |\n|---|---|---|---|\n", what);
  for (std::size_t b = 0; b < 10; ++b)
    if (sc.n[b] > 0)
      std::printf("| %.1f-%.1f | %ld | %.3f | %.3f |\n", static_cast<double>(b) / 10.0, static_cast<double>(b + 1) / 10.0,
                  sc.n[b], sc.sum_p[b] / static_cast<double>(sc.n[b]), sc.hits[b] / static_cast<double>(sc.n[b]));
}

int calibration(int matches, const std::string& only, int public_matches, int playouts) {
  const auto games = all_games();
  const char* phases[3] = {"opening", "middle", "end"};
  std::printf("| game/preset | view | phase | positions | Brier | material baseline | flat 50%% |\n|---|---|---|---|---|---|---|\n");
  std::array<Scores, 2> all_views;
  for (const auto& [info, preset] : systems(games, only)) {
    std::array<std::array<Scores, 3>, 2> sc;  // [view][phase]
    int undecided = 0, used = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < matches; ++k) {
      // Held out: these seeds are used by no test and no tuning run.
      std::uint64_t rng = 0xC0FFEEull + 104729ull * static_cast<std::uint64_t>(k + 1);
      Match m = started(*info, preset, rng);
      auto trail = analysis::PieceTrail::of_log(m.log());
      Match full = m;
      auto full_trail = trail;
      std::uint64_t game_rng = rng;
      const int winner = analysis::play_out(full, full_trail, {PlayerOptions{}, PlayerOptions{}}, game_rng, 600);
      if (winner < 0) {
        ++undecided;
        continue;
      }
      ++used;
      // The three moments: a fifth, half and four fifths of the way (by event).
      const std::size_t size = full.log().size(), start = m.log().size();
      for (int ph = 0; ph < 3; ++ph) {
        const double at = ph == 0 ? 0.2 : ph == 1 ? 0.5 : 0.8;
        std::size_t cut = start + static_cast<std::size_t>(at * static_cast<double>(size - start));
        // At a command's end: a reader between two rows of one command sees a half-told move.
        while (cut < size && full.log()[cut].cmd != 0 && full.log()[cut].cmd == full.log()[cut - 1].cmd) ++cut;
        const std::vector<Event> prefix(full.log().begin(), full.log().begin() + static_cast<long>(cut));
        auto rebuilt = Match::from_log(*info, prefix);
        if (!std::holds_alternative<Match>(rebuilt)) continue;
        const Match& pos = std::get<Match>(rebuilt);
        analysis::WinOptions o;
        o.seed = rng + static_cast<std::uint64_t>(ph);
        o.max_playouts = playouts;
        o.min_playouts = std::min(o.min_playouts, playouts);
        const auto w = analysis::referee_win_probability(pos, o);
        // A decided match's share of player 1, draws as half.
        const double p = w.win[0].p + 0.5 * (1 - w.win[0].p - w.win[1].p);
        const double base = material_share(pos.state());
        if (winner != 0) {
          sc[0][static_cast<std::size_t>(ph)].add(p, base, winner == 1);
          all_views[0].add(p, base, winner == 1);
        }
        if (k < public_matches) {
          std::vector<Event> stream;
          for (const Event& e : prefix) stream.push_back(project(e, kPublic));
          analysis::WinOptions po = o;
          po.analysis.samples = 100;
          po.analysis.max_draws = 1000;
          po.analysis.max_replays = 600;
          const auto pw = analysis::viewer_win_probability(*info, stream, kPublic, po);
          if (!pw.error && winner != 0) {
            const double pp = pw.win[0].p + 0.5 * (1 - pw.win[0].p - pw.win[1].p);
            sc[1][static_cast<std::size_t>(ph)].add(pp, base, winner == 1);
            all_views[1].add(pp, base, winner == 1);
          }
        }
      }
    }
    for (int v = 0; v < 2; ++v)
      for (int ph = 0; ph < 3; ++ph) {
        const Scores& s = sc[static_cast<std::size_t>(v)][static_cast<std::size_t>(ph)];
        if (s.count == 0) continue;
        const double n = static_cast<double>(s.count);
        std::printf("| %s/%s | %s | %s | %ld | %.3f | %.3f | %.3f |\n", info->id.c_str(), preset.c_str(),
                    v == 0 ? "referee" : "public", phases[ph], s.count, s.brier / n, s.material / n, s.flat / n);
      }
    std::fprintf(stderr, "%s/%s: %d decided matches used, %d undecided after 600 moves, %.0f s\n", info->id.c_str(),
                 preset.c_str(), used, undecided, seconds_since(t0));
    std::fflush(stdout);
  }
  print_reliability("referee", all_views[0]);
  if (all_views[1].count > 0) print_reliability("public", all_views[1]);
  return 0;
}


// --- Resumable calibration (calibration-run / calibration-report) ---------
//
// FILE lines, one match at a time (written together, then flushed):
//   P <system> <match> <phase 0-2> <view r|p> <p1 chance> <material> <playouts>
//   M <system> <match> <winner: 1, 2, 0 draw, -1 undecided>
// A match's P lines count only when its M line follows (a run stopped mid-match
// leaves P lines without an M; the next run redoes that match).

// The removed share's counts of a position (broadcast/win_stage.h): pieces on
// the board and pieces off it.
std::pair<int, int> board_counts(const MatchState& s) {
  int on = 0, off = 0;
  for (const Piece& p : s.pieces) (p.square != kNoSquare ? on : off) += 1;
  return {on, off};
}

// The held-out self-play of match k (its winner) and its three moments (a
// fifth, half and four fifths of the way, by event, at a command's end).
struct Moments {
  int winner = -1;
  std::uint64_t rng = 0;  // the match's stream after the setup (the playouts' seeds)
  std::vector<std::pair<int, Match>> positions;  // (phase, position)
};
Moments held_out_moments(const GameInfo& info, const std::string& preset, int k) {
  Moments out;
  // Held out: the same seeds as `calibration` (used by no test and no tuning run).
  std::uint64_t rng = 0xC0FFEEull + 104729ull * static_cast<std::uint64_t>(k + 1);
  Match m = started(info, preset, rng);
  auto trail = analysis::PieceTrail::of_log(m.log());
  Match full = m;
  auto full_trail = trail;
  std::uint64_t game_rng = rng;
  out.rng = rng;
  out.winner = analysis::play_out(full, full_trail, {PlayerOptions{}, PlayerOptions{}}, game_rng, 600);
  if (out.winner <= 0) return out;
  const std::size_t size = full.log().size(), start = m.log().size();
  for (int ph = 0; ph < 3; ++ph) {
    const double at = ph == 0 ? 0.2 : ph == 1 ? 0.5 : 0.8;
    std::size_t cut = start + static_cast<std::size_t>(at * static_cast<double>(size - start));
    while (cut < size && full.log()[cut].cmd != 0 && full.log()[cut].cmd == full.log()[cut - 1].cmd) ++cut;
    const std::vector<Event> prefix(full.log().begin(), full.log().begin() + static_cast<long>(cut));
    auto rebuilt = Match::from_log(info, prefix);
    if (std::holds_alternative<Match>(rebuilt)) out.positions.emplace_back(ph, std::move(std::get<Match>(rebuilt)));
  }
  return out;
}

// The stage lines of match k (no playouts: the self-play alone), for the
// report's per-stage scores:
//   S <system> <match> <phase 0-2> <ply> <on board> <removed> <material>
// (material repeats the P lines' baseline: the report checks they agree, so a
// stage line describes the very position its P lines scored).
std::string calibration_stage_lines(const GameInfo& info, const std::string& preset, int k) {
  const std::string system = info.id + "/" + preset;
  std::string out;
  char line[256];
  const Moments mo = held_out_moments(info, preset, k);
  for (const auto& [ph, pos] : mo.positions) {
    const auto [on, off] = board_counts(pos.state());
    std::snprintf(line, sizeof line, "S %s %d %d %d %d %d %.6f\n", system.c_str(), k, ph, pos.state().ply, on, off,
                  material_share(pos.state()));
    out += line;
  }
  return out;
}

// The held-out self-play of match k and its three moments, appended to `out`.
std::string calibration_match(const GameInfo& info, const std::string& preset, int k, int playouts, bool with_public) {
  const std::string system = info.id + "/" + preset;
  std::string out;
  // Held out: the same seeds as `calibration` (used by no test and no tuning run).
  std::uint64_t rng = 0xC0FFEEull + 104729ull * static_cast<std::uint64_t>(k + 1);
  Match m = started(info, preset, rng);
  auto trail = analysis::PieceTrail::of_log(m.log());
  Match full = m;
  auto full_trail = trail;
  std::uint64_t game_rng = rng;
  const int winner = analysis::play_out(full, full_trail, {PlayerOptions{}, PlayerOptions{}}, game_rng, 600);
  char line[256];
  if (winner > 0) {
    const std::size_t size = full.log().size(), start = m.log().size();
    for (int ph = 0; ph < 3; ++ph) {
      const double at = ph == 0 ? 0.2 : ph == 1 ? 0.5 : 0.8;
      std::size_t cut = start + static_cast<std::size_t>(at * static_cast<double>(size - start));
      while (cut < size && full.log()[cut].cmd != 0 && full.log()[cut].cmd == full.log()[cut - 1].cmd) ++cut;
      const std::vector<Event> prefix(full.log().begin(), full.log().begin() + static_cast<long>(cut));
      auto rebuilt = Match::from_log(info, prefix);
      if (!std::holds_alternative<Match>(rebuilt)) continue;
      const Match& pos = std::get<Match>(rebuilt);
      analysis::WinOptions o;
      o.seed = rng + static_cast<std::uint64_t>(ph);
      o.max_playouts = playouts;
      o.min_playouts = std::min(o.min_playouts, playouts);
      const auto w = analysis::referee_win_probability(pos, o);
      const double p = w.win[0].p + 0.5 * (1 - w.win[0].p - w.win[1].p);
      const double base = material_share(pos.state());
      std::snprintf(line, sizeof line, "P %s %d %d r %.6f %.6f %d\n", system.c_str(), k, ph, p, base, w.playouts);
      out += line;
      if (with_public) {
        std::vector<Event> stream;
        for (const Event& e : prefix) stream.push_back(project(e, kPublic));
        analysis::WinOptions po = o;
        po.analysis.samples = 100;
        po.analysis.max_draws = 1000;
        po.analysis.max_replays = 600;
        const auto pw = analysis::viewer_win_probability(info, stream, kPublic, po);
        if (!pw.error) {
          const double pp = pw.win[0].p + 0.5 * (1 - pw.win[0].p - pw.win[1].p);
          std::snprintf(line, sizeof line, "P %s %d %d p %.6f %.6f %d\n", system.c_str(), k, ph, pp, base, pw.playouts);
          out += line;
        }
      }
    }
  }
  std::snprintf(line, sizeof line, "M %s %d %d\n", system.c_str(), k, winner);
  out += line;
  return out;
}

using bench::CalRecords;
using bench::read_calibration;

int calibration_run(const std::string& path, const std::string& only, int from, int to, int playouts, int public_every,
                    double seconds) {
  const auto games = all_games();
  CalRecords done;
  read_calibration(path, done);
  std::FILE* f = std::fopen(path.c_str(), "a");
  if (!f) {
    std::fprintf(stderr, "cannot append to %s\n", path.c_str());
    return 1;
  }
  const auto t0 = std::chrono::steady_clock::now();
  int ran = 0, skipped = 0;
  bool out_of_time = false;
  for (const auto& [info, preset] : systems(games, only)) {
    const std::string system = info->id + "/" + preset;
    for (int k = from; k < to && !out_of_time; ++k) {
      if (done.matches.count({system, k})) {
        ++skipped;
        continue;
      }
      if (seconds_since(t0) > seconds) {
        out_of_time = true;
        break;
      }
      const std::string text = calibration_match(*info, preset, k, playouts, public_every > 0 && k % public_every == 0);
      std::fputs(text.c_str(), f);
      std::fflush(f);
      ++ran;
    }
  }
  std::fclose(f);
  std::fprintf(stderr, "%s %d..%d: %d matches run, %d already in %s, %.0f s%s\n", only.c_str(), from, to, ran, skipped,
               path.c_str(), seconds_since(t0), out_of_time ? " (time budget reached: run again to continue)" : "");
  return 0;
}

// Appends the stage lines of matches FROM..TO-1 of GAME to FILE (a match that
// already has them there is skipped), at most `seconds`.
int calibration_stages(const std::string& path, const std::string& only, int from, int to, double seconds) {
  const auto games = all_games();
  CalRecords done;
  read_calibration(path, done);
  std::FILE* f = std::fopen(path.c_str(), "a");
  if (!f) {
    std::fprintf(stderr, "cannot append to %s\n", path.c_str());
    return 1;
  }
  const auto t0 = std::chrono::steady_clock::now();
  int ran = 0;
  bool out_of_time = false;
  for (const auto& [info, preset] : systems(games, only)) {
    const std::string system = info->id + "/" + preset;
    for (int k = from; k < to && !out_of_time; ++k) {
      if (done.stages.count({system, k})) continue;
      if (seconds_since(t0) > seconds) {
        out_of_time = true;
        break;
      }
      std::fputs(calibration_stage_lines(*info, preset, k).c_str(), f);
      std::fflush(f);
      ++ran;
    }
  }
  std::fclose(f);
  std::fprintf(stderr, "%s %d..%d: stages of %d matches written to %s, %.0f s%s\n", only.c_str(), from, to, ran,
               path.c_str(), seconds_since(t0), out_of_time ? " (time budget reached: run again to continue)" : "");
  return 0;
}

// The Brier scores per game, view and stage (broadcast/win_stage.h) and
// whether the model beats the material count there (bench::beats_material:
// the win bar's rule, broadcast/win_bar_rule.h).
void print_stage_table(const CalRecords& records) {
  const auto scores = bench::stage_scores(records);
  std::printf("\nBy stage (share of the pieces removed: opening under %.0f %%, middle under %.0f %%, end from there)\n\n"
              "| game/preset | view | stage | positions | Brier | Brier, playout noise removed | material baseline | flat 50%% | "
              "difference (± s.e.) | beats material |\n|---|---|---|---|---|---|---|---|---|---|\n",
              100 * broadcast::kMiddleFrom, 100 * broadcast::kEndFrom);
  for (const auto& [system, views] : scores.by)
    for (std::size_t v = 0; v < 2; ++v)
      for (std::size_t st = 0; st < broadcast::kWinStages; ++st) {
        const bench::Score& a = views[v][st];
        if (a.count == 0) continue;
        std::printf("| %s | %s | %s | %ld | %.3f | %.3f | %.3f | %.3f | %+.3f ± %.3f | %s |\n", system.c_str(),
                    v == 0 ? "referee" : "public", std::string(broadcast::stage_name(static_cast<broadcast::WinStage>(st))).c_str(),
                    a.count, a.mean(a.brier), a.mean(a.brier - a.noise), a.mean(a.material), a.mean(a.flat), a.mean(a.diff),
                    a.diff_se(), bench::beats_material(a) ? "yes" : "no");
      }
  if (scores.unstaged > 0 || scores.mismatched > 0)
    std::printf("\n%ld positions have no stage line (win_bench calibration-stages), %ld a stage line of another position\n",
                scores.unstaged, scores.mismatched);
}

int calibration_report(const std::vector<std::string>& paths) {
  CalRecords records;
  for (const auto& path : paths) read_calibration(path, records);
  const char* phases[3] = {"opening", "middle", "end"};
  struct Acc {
    Scores s;
    double noise = 0;  // the playouts' own variance, p(1-p)/(n-1), summed
  };
  // [system][view][phase]
  std::map<std::string, std::array<std::array<Acc, 3>, 2>> acc;
  std::map<std::string, std::array<Acc, 2>> per_system;
  std::map<std::string, std::array<int, 3>> matches;  // decided, draws, undecided
  std::array<Acc, 2> all;
  for (const auto& [key, m] : records.matches) {
    auto& count = matches[key.first];
    ++count[m.winner > 0 ? 0 : m.winner == 0 ? 1 : 2];
    if (m.winner <= 0) continue;
    for (const auto& pos : m.positions) {
      const std::size_t v = pos.view == 'p' ? 1 : 0;
      const double noise = pos.playouts > 1 ? pos.p * (1 - pos.p) / (pos.playouts - 1) : 0.0;
      for (Acc* a : {&acc[key.first][v][static_cast<std::size_t>(pos.phase)], &per_system[key.first][v], &all[v]}) {
        a->s.add(pos.p, pos.material, m.winner == 1);
        a->noise += noise;
      }
    }
  }
  std::printf("| game/preset | decided matches | draws | undecided (600 moves) |\n|---|---|---|---|\n");
  for (const auto& [system, c] : matches) std::printf("| %s | %d | %d | %d |\n", system.c_str(), c[0], c[1], c[2]);
  std::printf("\n| game/preset | view | phase | positions | Brier | Brier, playout noise removed | material baseline | flat 50%% |\n"
              "|---|---|---|---|---|---|---|---|\n");
  for (const auto& [system, views] : acc)
    for (std::size_t v = 0; v < 2; ++v)
      for (std::size_t ph = 0; ph < 3; ++ph) {
        const Acc& a = views[v][ph];
        if (a.s.count == 0) continue;
        const double n = static_cast<double>(a.s.count);
        std::printf("| %s | %s | %s | %ld | %.3f | %.3f | %.3f | %.3f |\n", system.c_str(), v == 0 ? "referee" : "public",
                    phases[ph], a.s.count, a.s.brier / n, (a.s.brier - a.noise) / n, a.s.material / n, a.s.flat / n);
      }
  print_stage_table(records);
  // Reliability per game (referee), then per game (public).
  for (std::size_t v = 0; v < 2; ++v) {
    bool any = false;
    for (const auto& [system, a] : per_system) any = any || a[v].s.count > 0;
    if (!any) continue;
    std::printf("\nReliability, %s view (player 1's chance, in tenths: mean predicted / observed rate (positions))\n\n| predicted |",
                v == 0 ? "referee" : "public");
    for (const auto& [system, a] : per_system)
      if (a[v].s.count > 0) std::printf(" %s |", system.c_str());
    std::printf(" all |\n|---|");
    for (const auto& [system, a] : per_system)
      if (a[v].s.count > 0) std::printf("---|");
    std::printf("---|\n");
    for (std::size_t b = 0; b < 10; ++b) {
      std::printf("| %.1f-%.1f |", static_cast<double>(b) / 10.0, static_cast<double>(b + 1) / 10.0);
      auto cell = [&](const Scores& s) {
        if (s.n[b] == 0) std::printf(" — |");
        else
          std::printf(" %.2f / %.2f (%ld) |", s.sum_p[b] / static_cast<double>(s.n[b]), s.hits[b] / static_cast<double>(s.n[b]),
                      s.n[b]);
      };
      for (const auto& [system, a] : per_system)
        if (a[v].s.count > 0) cell(a[v].s);
      cell(all[v].s);
      std::printf("\n");
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "speed";
  if (mode == "speed") return speed(argc > 2 ? argv[2] : "");
  const int n = argc > 2 ? std::max(1, std::atoi(argv[2])) : 100;
  const std::string only = argc > 3 ? argv[3] : "";
  if (mode == "versus") return versus(n, only);
  if (mode == "calibration-run" && argc > 5)
    return calibration_run(argv[2], argv[3], std::atoi(argv[4]), std::atoi(argv[5]), argc > 6 ? std::max(1, std::atoi(argv[6])) : 100,
                           argc > 7 ? std::atoi(argv[7]) : 10, argc > 8 ? std::atof(argv[8]) : 840.0);
  if (mode == "calibration-stages" && argc > 5)
    return calibration_stages(argv[2], argv[3], std::atoi(argv[4]), std::atoi(argv[5]), argc > 6 ? std::atof(argv[6]) : 840);
  if (mode == "calibration-report" && argc > 2) return calibration_report(std::vector<std::string>(argv + 2, argv + argc));
  if (mode == "calibration")
    return calibration(n, only, argc > 4 ? std::atoi(argv[4]) : 0, argc > 5 ? std::max(1, std::atoi(argv[5])) : 1100);
  std::fprintf(stderr, "usage: win_bench speed [GAME] | versus N [GAME] | calibration N [GAME] [PUBLIC] [PLAYOUTS] | calibration-run FILE GAME FROM TO [PLAYOUTS] [PUBLIC_EVERY] [SECONDS] | calibration-stages FILE GAME FROM TO [SECONDS] | calibration-report FILE...\n");
  return 2;
}
