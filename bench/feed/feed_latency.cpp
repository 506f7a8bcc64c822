// Commit-to-delivery latency of facedown-feed's public stream on loopback, with
// N concurrent SSE clients, and the feed process's CPU meanwhile.
//   feed_latency_bench --clients 200 --commits 300 --interval-ms 100
// Starts facedown-feed on a temporary store, connects the clients to
// /on-air/stream, commits random commands through the store (a new match when
// one ends; the feed follows the latest), and times, per client, from the
// return of Store::append to the arrival of the message for the last row it
// wrote. CPU: the feed's utime + stime from /proc over the measured span.
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fmt/core.h>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include "db/store.h"
#include "tests/db/random_operator.h"

namespace {

using Clock = std::chrono::steady_clock;

double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto close = stat.rfind(')');
  std::istringstream rest(stat.substr(close + 2));
  std::string field;
  long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stol(field);
    if (i == 15) stime = std::stol(field);
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

struct Arrivals {
  std::mutex mu;
  // (match, seq) -> arrival times of every client
  std::map<std::pair<long, long>, std::vector<Clock::time_point>> at;
};

}  // namespace

int main(int argc, char** argv) {
  int clients = 1, commits = 200, interval_ms = 100, port = 18088;
  CLI::App app{"facedown-feed commit-to-SSE latency and CPU"};
  app.add_option("--clients", clients, "concurrent SSE clients");
  app.add_option("--commits", commits, "commands committed (each one transaction)");
  app.add_option("--interval-ms", interval_ms, "time between commits");
  app.add_option("--port", port, "loopback port for the feed");
  CLI11_PARSE(app, argc, argv);

  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("facedown-feed-bench-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "bench.db").string();
  using namespace facedown;
  auto opened = db::Store::open(path);
  if (auto* e = std::get_if<db::StoreError>(&opened)) {
    fmt::print(stderr, "{}\n", e->message);
    return 1;
  }
  auto& store = std::get<db::Store>(opened);
  std::uint64_t seed = 1;
  std::optional<engine::Match> match(db::testing::open_random_match(seed));
  db::MatchId id = std::get<db::MatchId>(store.create_match(*match));
  db::testing::RandomOperator op(seed);

  const pid_t feed = fork();
  if (feed == 0) {
    const std::string listen = "127.0.0.1:" + std::to_string(port);
    execl(FACEDOWN_FEED_EXE, FACEDOWN_FEED_EXE, "--db", path.c_str(), "--listen", listen.c_str(), "--latest",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  // Wait for the feed to answer.
  {
    httplib::Client probe("127.0.0.1", port);
    bool up = false;
    for (int i = 0; i < 200 && !up; ++i) {
      auto r = probe.Get("/on-air");
      up = r && r->status == 200;
      if (!up) std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    if (!up) {
      fmt::print(stderr, "the feed did not start\n");
      kill(feed, SIGTERM);
      return 1;
    }
  }

  Arrivals arrivals;
  std::atomic<bool> stop{false};
  std::atomic<int> connected{0};
  std::vector<std::thread> readers;
  for (int c = 0; c < clients; ++c)
    readers.emplace_back([&] {
      httplib::Client cli("127.0.0.1", port);
      cli.set_read_timeout(std::chrono::seconds(60));
      std::string buffer;
      bool counted = false;
      cli.Get("/on-air/stream", [&](const char* data, std::size_t n) {
        if (!counted) {
          counted = true;
          ++connected;
        }
        buffer.append(data, n);
        std::size_t end;
        while ((end = buffer.find("\n\n")) != std::string::npos) {
          const std::string block = buffer.substr(0, end);
          buffer.erase(0, end + 2);
          if (block.rfind("id: ", 0) != 0) continue;
          long m = 0, s = 0, sub = 0;
          if (std::sscanf(block.c_str(), "id: %ld.%ld.%ld", &m, &s, &sub) != 3 || sub != 0) continue;
          const auto now = Clock::now();
          std::lock_guard lock(arrivals.mu);
          arrivals.at[{m, s}].push_back(now);
        }
        return !stop.load();
      });
    });
  while (connected.load() < clients) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));

  std::vector<std::pair<std::pair<long, long>, Clock::time_point>> committed;
  const double cpu0 = cpu_seconds(feed);
  const auto t0 = Clock::now();
  for (int i = 0; i < commits; ++i) {
    auto next = t0 + std::chrono::milliseconds(static_cast<long>(i + 1) * interval_ms);
    std::this_thread::sleep_until(next);
    auto evs = op.step(*match);
    if (evs.empty()) {
      match.emplace(db::testing::open_random_match(++seed));
      id = std::get<db::MatchId>(store.create_match(*match));
      op = db::testing::RandomOperator(seed);
      committed.push_back({{static_cast<long>(id), 1}, Clock::now()});
      continue;
    }
    if (auto f = store.append(id, *match, evs)) {
      fmt::print(stderr, "{}\n", f->message);
      break;
    }
    committed.push_back({{static_cast<long>(id), static_cast<long>(match->log().size())}, Clock::now()});
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
  const double cpu = cpu_seconds(feed) - cpu0;

  std::vector<double> latencies;
  std::size_t missing = 0;
  {
    std::lock_guard lock(arrivals.mu);
    for (const auto& [key, at] : committed) {
      auto it = arrivals.at.find(key);
      const std::size_t got = it == arrivals.at.end() ? 0 : it->second.size();
      missing += static_cast<std::size_t>(clients) - std::min<std::size_t>(got, static_cast<std::size_t>(clients));
      if (it == arrivals.at.end()) continue;
      for (auto a : it->second) latencies.push_back(std::chrono::duration<double, std::milli>(a - at).count());
    }
  }
  stop = true;
  kill(feed, SIGTERM);
  for (auto& t : readers) t.join();
  waitpid(feed, nullptr, 0);
  fs::remove_all(dir);

  std::sort(latencies.begin(), latencies.end());
  auto pct = [&](double p) {
    if (latencies.empty()) return 0.0;
    return latencies[std::min(latencies.size() - 1, static_cast<std::size_t>(p * static_cast<double>(latencies.size())))];
  };
  fmt::print("clients {}  commits {}  every {} ms  deliveries {}  missing {}\n", clients, committed.size(),
             interval_ms, latencies.size(), missing);
  fmt::print("commit-to-SSE latency: median {:.2f} ms  p99 {:.2f} ms  max {:.2f} ms\n", pct(0.5), pct(0.99),
             latencies.empty() ? 0.0 : latencies.back());
  fmt::print("feed CPU: {:.2f} s over {:.1f} s = {:.1f}% of one core\n", cpu, wall, 100.0 * cpu / wall);
  return 0;
}
