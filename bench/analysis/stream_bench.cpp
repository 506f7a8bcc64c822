// stream_analysis_bench — does the live analysis beside the desk stay bounded
// as a match grows (issue 31, "Bounded")? Per game, in one run:
//
//   CPU per commit at about 200 and about 20,000 events, without and with the
//   analysis. A commit is one command's public rows. "Without" is what the feed
//   does for every commit whatever the analysis: the on-air model follows the
//   rows (broadcast::ModelFollower, each row's public event and state JSON, as
//   the store writes them). "With" adds what broadcast::AnalysisRunner does per
//   commit on a match that moves slower than it analyses: each row pushed to
//   the broadcast::StreamAnalysis (its JSON read back), analyse(false), then
//   win(). Processor time of this thread, averaged over K commits.
//
//   Memory at 20,000 and 100,000 events: a StreamAnalysis follows the public
//   stream of one match (caught up as the runner does: analyse(false) every 512
//   rows, and analyse(true) at the end), and the bench reports the heap it holds
//   (mallinfo2, before and after; the rows, made beforehand, not counted), the
//   process's resident set grown while it followed (VmRSS) and its peak above
//   where it began (VmHWM, reset first), each size in a child process of its
//   own so peaks do not mix. The analysis at the end includes the win.
//
// The match: random setups and moves (tests/db/random_operator.h; never a move
// that ends it) for the first 150 events, then pause/resume pairs, as
// feed_follower_bench grows one (long matches are long in referee events: every
// game's ply limit ends play first).
//
//   stream_analysis_bench [--games a,b] [--k 20] [--cpu-sizes 200,20000] [--mem-sizes 20000,100000]
//   stream_analysis_bench --quick      (CI smoke: Number Janggi, 200 and 2,000 events, K = 3)
//
// The live options (broadcast::live_analysis_options) are used, as the feed does.
#include <malloc.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "broadcast/model_follower.h"
#include "broadcast/stream_analysis.h"
#include "codec/json.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "tests/db/random_operator.h"

using namespace facedown;

namespace {

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

long status_kb(const char* field) {
  std::ifstream in("/proc/self/status");
  const std::size_t n = std::strlen(field);
  for (std::string line; std::getline(in, line);)
    if (line.compare(0, n, field) == 0) return std::stol(line.substr(n + 1));
  return 0;
}

double heap_mb() {
  const struct mallinfo2 mi = mallinfo2();
  return static_cast<double>(mi.uordblks + mi.hblkhd) / (1024.0 * 1024.0);
}

std::vector<int> parse_list(const std::string& s) {
  std::vector<int> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');) out.push_back(std::stoi(item));
  return out;
}

std::vector<std::string> parse_names(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string item; std::getline(in, item, ',');) out.push_back(item);
  return out;
}

// One match grown one command at a time: random moves while the opening lasts
// (never one that ends it), then pause/resume pairs.
struct Growing {
  engine::Match live;
  db::testing::RandomOperator op{7, false};
  bool moving = true;
  std::size_t move_events = 150;

  explicit Growing(const std::string& game) : live(db::testing::open_random_match(7, game)) {}

  // The next command's events (empty: the match takes no more).
  std::vector<engine::Event> step() {
    if (moving && (live.log().size() < move_events || !live.state().started)) {
      engine::Match before = live;
      auto evs = op.step(live);
      if (!evs.empty() && !live.state().result && !live.state().paused) return evs;
      live = std::move(before);
      moving = false;
    }
    const auto t = live.state().time;
    auto sub = live.state().paused ? live.submit(engine::ResumeCmd{}, t) : live.submit(engine::PauseCmd{"bench"}, t);
    if (sub.rejection) return {};
    return std::move(sub.events);
  }
  std::size_t events() const { return live.log().size(); }
};

// The feed's side of one commit: the public rows as the store writes them.
std::vector<broadcast::PublicRow> rows_of(const engine::Match& m, const std::vector<engine::Event>& evs) {
  std::vector<broadcast::PublicRow> rows;
  // The state JSON after the last event stands for each row's (the bench does
  // not time the store, only the reader).
  const nlohmann::json state = codec::state_to_json(m, engine::kPublic);
  for (const auto& e : evs) {
    broadcast::PublicRow r;
    r.seq = e.seq;
    r.event = codec::event_to_json(engine::project(e, engine::kPublic), m.game());
    r.type = r.event.value("type", std::string());
    r.match_time = static_cast<double>(e.t) / 1000.0;
    r.state = state;
    rows.push_back(std::move(r));
  }
  return rows;
}

struct CpuPoint {
  std::size_t events = 0;
  double without = 0, with = 0;  // ms per commit
  double deduction = 0, win = 0;  // of `with`: the rows pushed and analyse(false); win()
  double playouts = 0;            // per win(): its cost is mostly these (the ±3-point stop varies them)
};

// CPU per commit at each size: both followers follow every row (untimed between
// the points; the analysis caught up every 512 rows), K commits timed at each.
std::vector<CpuPoint> measure_cpu(const std::string& game, const std::vector<int>& sizes, int k,
                                  const std::vector<engine::GameInfo>& games) {
  Growing g(game);
  broadcast::ModelFollower follower(games);
  broadcast::StreamAnalysis sa(engine::kPublic, broadcast::live_analysis_options(), games);
  const broadcast::RowHistory no_history = [](int, int, std::size_t) { return std::vector<broadcast::PublicRow>{}; };
  auto push_all = [&](const std::vector<broadcast::PublicRow>& rows) {
    for (const auto& r : rows) sa.push(r.seq, r.event, r.state.value("ply", 0));
  };
  // The opening.
  {
    auto rows = rows_of(g.live, g.live.log());
    for (const auto& r : rows) follower.add(r, no_history);
    push_all(rows);
  }
  std::vector<CpuPoint> out;
  std::size_t since = 0;
  for (int size : sizes) {
    while (g.events() < static_cast<std::size_t>(size)) {
      auto evs = g.step();
      if (evs.empty()) return out;
      auto rows = rows_of(g.live, evs);
      for (const auto& r : rows) follower.add(r, no_history);
      push_all(rows);
      since += rows.size();
      if (since >= 512) {
        (void)sa.analyse(false);
        since = 0;
      }
    }
    (void)sa.analyse(false);
    (void)sa.win();
    CpuPoint p;
    p.events = g.events();
    for (int i = 0; i < k; ++i) {
      auto evs = g.step();
      if (evs.empty()) return out;
      auto rows = rows_of(g.live, evs);
      double t0 = thread_cpu_ms();
      for (const auto& r : rows) follower.add(r, no_history);
      const double t1 = thread_cpu_ms();
      push_all(rows);
      (void)sa.analyse(false);
      const double t2 = thread_cpu_ms();
      const auto w = sa.win();
      const double t3 = thread_cpu_ms();
      if (const auto* ok = std::get_if<broadcast::AnalysisWin>(&w)) p.playouts += ok->playouts;
      p.without += t1 - t0;
      p.with += t3 - t0;
      p.deduction += t2 - t1;
      p.win += t3 - t2;
    }
    p.without /= k;
    p.with /= k;
    p.deduction /= k;
    p.win /= k;
    p.playouts /= k;
    out.push_back(p);
  }
  return out;
}

struct MemPoint {
  std::size_t events = 0;
  double heap = 0;     // MB held by the analysis
  double rss = 0;      // MB the resident set grew while it followed
  double peak = 0;     // MB: the resident set's peak while it followed, above where it began
  double follow_s = 0; // processor seconds to follow the whole stream
  bool ok = true;
};

// In a child process: the public stream of `size` events made first, then a
// StreamAnalysis follows it; writes one MemPoint to `fd`.
MemPoint measure_memory_child(const std::string& game, int size, const std::vector<engine::GameInfo>& games) {
  MemPoint p;
  std::vector<std::pair<nlohmann::json, int>> rows;
  {
    Growing g(game);
    while (g.events() < static_cast<std::size_t>(size))
      if (g.step().empty()) break;
    rows.reserve(g.events());
    int ply = 0;
    for (const auto& e : g.live.log()) {
      if (std::holds_alternative<engine::Moved>(e.body) || std::holds_alternative<engine::Attack>(e.body)) ++ply;
      rows.emplace_back(codec::event_to_json(engine::project(e, engine::kPublic), g.live.game()), ply);
    }
  }
  malloc_trim(0);
  // The peak from here on (Linux: 5 in clear_refs resets VmHWM to VmRSS).
  { std::ofstream("/proc/self/clear_refs") << "5"; }
  const double heap0 = heap_mb();
  const long rss0 = status_kb("VmRSS:");
  const double c0 = thread_cpu_ms();
  {
    broadcast::StreamAnalysis sa(engine::kPublic, broadcast::live_analysis_options(), games);
    int seq = 0;
    for (const auto& [event, ply] : rows) {
      sa.push(++seq, event, ply);
      if (seq % 512 == 0) (void)sa.analyse(false);
    }
    const auto last = sa.analyse(true);
    p.ok = !last.error && !sa.error();
    p.events = static_cast<std::size_t>(seq);
    p.heap = heap_mb() - heap0;
    p.rss = static_cast<double>(status_kb("VmRSS:") - rss0) / 1024.0;
  }
  p.follow_s = (thread_cpu_ms() - c0) / 1000.0;
  p.peak = static_cast<double>(status_kb("VmHWM:") - rss0) / 1024.0;
  return p;
}

MemPoint measure_memory(const std::string& game, int size, const std::vector<engine::GameInfo>& games) {
  // STREAM_BENCH_NO_FORK=1: in this process (for heaptrack and perf).
  if (std::getenv("STREAM_BENCH_NO_FORK")) return measure_memory_child(game, size, games);
  int fds[2];
  if (pipe(fds) != 0) return MemPoint{0, 0, 0, 0, 0, false};
  const pid_t child = fork();
  if (child == 0) {
    close(fds[0]);
    const MemPoint p = measure_memory_child(game, size, games);
    if (write(fds[1], &p, sizeof p) != static_cast<ssize_t>(sizeof p)) _exit(1);
    _exit(0);
  }
  close(fds[1]);
  MemPoint p;
  if (read(fds[0], &p, sizeof p) != static_cast<ssize_t>(sizeof p)) p.ok = false;
  close(fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> only;
  std::vector<int> cpu_sizes = {200, 20000}, mem_sizes = {20000, 100000};
  int k = 20;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : std::string(); };
    if (a == "--games") only = parse_names(next());
    else if (a == "--k") k = std::max(1, std::stoi(next()));
    else if (a == "--cpu-sizes") cpu_sizes = parse_list(next());
    else if (a == "--mem-sizes") mem_sizes = parse_list(next());
    else if (a == "--quick") {
      only = {"number-janggi"};
      cpu_sizes = {200, 2000};
      mem_sizes = {2000};
      k = 3;
    } else {
      std::fprintf(stderr,
                   "usage: %s [--games a,b] [--k K] [--cpu-sizes 200,20000] [--mem-sizes 20000,100000] [--quick]\n",
                   argv[0]);
      return 2;
    }
  }
  const auto games = engine::all_games();
  std::printf(
      "| game | events | CPU/commit without | with analysis | with / without | of which deduction | of which win | playouts |\n"
      "|---|---|---|---|---|---|---|---|\n");
  std::vector<std::string> ids;
  for (const auto& g : games)
    if (only.empty() || std::find(only.begin(), only.end(), g.id) != only.end()) ids.push_back(g.id);
  for (const auto& id : ids) {
    const auto points = measure_cpu(id, cpu_sizes, k, games);
    for (const auto& p : points)
      std::printf("| %s | %zu | %.3f ms | %.3f ms | %.1f | %.3f ms | %.3f ms | %.0f |\n", id.c_str(), p.events, p.without,
                  p.with, p.without > 0 ? p.with / p.without : 0.0, p.deduction, p.win, p.playouts);
    if (points.size() >= 2)
      std::printf("| %s | late / early | %.2f | %.2f | | %.2f | %.2f | |\n", id.c_str(),
                  points.back().without / points.front().without, points.back().with / points.front().with,
                  points.back().deduction / points.front().deduction, points.back().win / points.front().win);
    std::fflush(stdout);
  }
  if (mem_sizes.empty()) return 0;
  std::printf("\n| game | events | analysis heap | RSS grown | peak RSS grown | follow CPU |\n|---|---|---|---|---|---|\n");
  for (const auto& id : ids)
    for (int size : mem_sizes) {
      const MemPoint p = measure_memory(id, size, games);
      std::printf("| %s | %zu | %.1f MB | %.1f MB | %.1f MB | %.1f s |%s\n", id.c_str(), p.events, p.heap, p.rss, p.peak,
                  p.follow_s, p.ok ? "" : " (error)");
      std::fflush(stdout);
    }
  return 0;
}
