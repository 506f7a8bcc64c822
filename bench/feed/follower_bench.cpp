// feed_follower_bench — does the feed's work per commit and per heartbeat stay
// flat as a match grows, and its memory bounded by the match's state (issue 17,
// item 3)? One match grows to each size in turn (random moves, then pause/resume
// pairs); at each size a fresh facedown-feed process (its own process, as in use)
// follows it, and the bench measures from /proc:
//   startup  — wall time until /on-air names the last row, and the CPU it took;
//   commit   — feed CPU per commit over K commits, less the same span idle;
//   heartbeat — feed CPU per heartbeat over K heartbeats, less idle;
//   idle     — feed CPU per second with nothing committed (polls, phase checks);
//   memory   — the feed's peak resident set (VmHWM).
//   feed_follower_bench [--dir /dev/shm] [--sizes 100,2000,20000,100000] [--k 100] [--port 18091]
// The store's file name carries the bench's pid and the port is an option, so two
// runs on one machine (several engineers) do not share a store or a port.
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <filesystem>
#include <fmt/core.h>
#include <fstream>
#include <sstream>
#include <thread>

#include "db/store.h"
#include "tests/db/random_operator.h"

using namespace facedown;
using Clock = std::chrono::steady_clock;

namespace {

double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::istringstream rest(stat.substr(stat.rfind(')') + 2));
  std::string field;
  long ticks = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i)
    if (i == 14 || i == 15) ticks += std::stol(field);
  return static_cast<double>(ticks) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

long peak_kb(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

// One match, grown by commands committed one transaction each.
struct Growing {
  db::Store store;
  engine::Match live;
  db::MatchId id = 0;
  db::testing::RandomOperator op{5, false};
  bool moving = true;

  // One command: a random move while the opening lasts (never one that ends the
  // match), then pause/resume pairs. Returns false on a store error.
  bool step() {
    if (moving && (live.log().size() < 120 || !live.state().started)) {
      engine::Match before = live;
      auto evs = op.step(live);
      if (!evs.empty() && !live.state().result && !live.state().paused) return !store.append(id, live, evs);
      live = std::move(before);
      moving = false;
    }
    const auto t = live.state().time;
    auto sub = live.state().paused ? live.submit(engine::ResumeCmd{}, t) : live.submit(engine::PauseCmd{"bench"}, t);
    if (sub.rejection || sub.events.empty()) return false;
    return !store.append(id, live, sub.events);
  }
  int events() const { return static_cast<int>(live.log().size()); }
};

pid_t start_feed(const std::string& path, int port) {
  const pid_t feed = fork();
  if (feed == 0) {
    const std::string listen = "127.0.0.1:" + std::to_string(port);
    execl(FACEDOWN_FEED_EXE, FACEDOWN_FEED_EXE, "--db", path.c_str(), "--listen", listen.c_str(), "--latest",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  return feed;
}

// Waits until the feed's /on-air names row `seq` of match `id`.
bool wait_for(int port, db::MatchId id, int seq, int timeout_ms) {
  httplib::Client cli("127.0.0.1", port);
  const std::string want = fmt::format("\"{}.{}.", id, seq);
  for (int waited = 0; waited < timeout_ms; waited += 5) {
    auto r = cli.Get("/on-air");
    if (r && r->status == 200 && r->get_header_value("ETag").rfind(want, 0) == 0) return true;
    sleep_ms(5);
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = "/dev/shm";
  std::vector<int> sizes = {100, 2000, 20000, 100000};
  int k = 100, port = 18091, interval_ms = 30;
  CLI::App app{"facedown-feed: CPU per commit and heartbeat, memory and startup as a match grows"};
  app.add_option("--dir", dir, "where the store is written");
  app.add_option("--sizes", sizes, "match sizes (events) to measure at, ascending")->delimiter(',');
  app.add_option("--k", k, "commits and heartbeats measured at each size");
  app.add_option("--interval-ms", interval_ms, "time between commits or heartbeats");
  app.add_option("--port", port, "loopback port of the feed under test");
  CLI11_PARSE(app, argc, argv);

  const std::string path = dir + "/feed_follower_bench." + std::to_string(getpid()) + ".db";
  std::filesystem::remove(path);
  auto opened = db::Store::open(path);
  if (auto* e = std::get_if<db::StoreError>(&opened)) {
    fmt::print(stderr, "{}\n", e->message);
    return 1;
  }
  Growing g{std::move(std::get<db::Store>(opened)), db::testing::open_random_match(5, "number-janggi")};
  g.id = std::get<db::MatchId>(g.store.create_match(g.live));
  fmt::print("| events | startup wall | startup CPU | CPU/commit | CPU/heartbeat | idle CPU/s | peak RSS |\n");
  fmt::print("|---|---|---|---|---|---|---|\n");
  for (int size : sizes) {
    while (g.events() < size)
      if (!g.step()) {
        fmt::print(stderr, "the match takes no more commands at {} events\n", g.events());
        return 1;
      }
    const auto t0 = Clock::now();
    const pid_t feed = start_feed(path, port);
    if (!wait_for(port, g.id, g.events(), 600000)) {
      fmt::print(stderr, "the feed did not catch up\n");
      kill(feed, SIGTERM);
      return 1;
    }
    const double startup_wall = std::chrono::duration<double>(Clock::now() - t0).count();
    const double startup_cpu = cpu_seconds(feed);
    const auto span = std::chrono::milliseconds(k * interval_ms);
    // Idle: the same span with nothing committed.
    double c0 = cpu_seconds(feed);
    std::this_thread::sleep_for(span);
    const double idle = cpu_seconds(feed) - c0;
    // Commits.
    c0 = cpu_seconds(feed);
    for (int i = 0; i < k; ++i) {
      if (!g.step()) return 1;
      sleep_ms(interval_ms);
    }
    if (!wait_for(port, g.id, g.events(), 60000)) return 1;
    const double commits = cpu_seconds(feed) - c0;
    // Heartbeats (the desk beats at most twice a second; here faster, to count).
    c0 = cpu_seconds(feed);
    for (int i = 0; i < k; ++i) {
      if (g.store.heartbeat(g.id, g.live.state().time + i)) return 1;
      sleep_ms(interval_ms);
    }
    const double beats = cpu_seconds(feed) - c0;
    const long rss = peak_kb(feed);
    kill(feed, SIGTERM);
    waitpid(feed, nullptr, 0);
    fmt::print("| {} | {:.2f} s | {:.2f} s | {:.2f} ms | {:.2f} ms | {:.1f} ms | {:.1f} MB |\n", size, startup_wall,
               startup_cpu, 1000 * (commits - idle) / k, 1000 * (beats - idle) / k,
               1000 * idle / (k * interval_ms / 1000.0), static_cast<double>(rss) / 1024);
    std::fflush(stdout);
  }
  std::filesystem::remove(path);
  return 0;
}
