// Commit-to-delivery latency of facedown-feed's public stream on loopback, with
// N concurrent SSE clients, and the CPU of the feed (and of nginx) meanwhile.
//   feed_latency_bench --clients 200 --commits 300 --interval-ms 100
//   feed_latency_bench --nchan --clients 2000 --commits 300 --interval-ms 100
// Starts facedown-feed on a temporary store, connects the clients to
// /on-air/stream (straight to the feed, or with --nchan to nginx + nchan started
// by scripts/nchan.sh, the feed publishing to it), commits random commands
// through the store (a new match when one ends; the feed follows the latest),
// and times, per client, from the return of Store::append to the arrival of the
// message for the last row it wrote. Direct clients are matched by the feed's
// message id; nchan gives messages ids of its own and serves the versioned
// stream, whose bodies name the feed's id. The rig (the feed's
// process, the clients' epoll loops, the commits, the CPU figures) is
// bench/feed/sse_rig.h, shared with feed_fanout_bench.
#include <CLI/CLI.hpp>
#include <charconv>
#include <algorithm>
#include <chrono>
#include <fmt/core.h>
#include <string_view>

#include "bench/feed/sse_rig.h"

using facedown::bench::Clock;
using facedown::bench::RowKey;

int main(int argc, char** argv) {
  using namespace facedown;
  bench::StreamBenchOptions o;
  CLI::App app{"facedown-feed commit-to-SSE latency and CPU, direct or through nginx + nchan"};
  o.add_to(app);
  bool side_by_side = false;
  app.add_flag("--side-by-side", side_by_side,
               "run the same measurement twice in this run, the analysis off then on (docs/performance.md)");
  CLI11_PARSE(app, argc, argv);
  const bool nchan = o.nchan;
  const int clients = o.clients;

  if (side_by_side) {
    // The same commits and clients, the feed without then with the analysis
    // beside it: the on-air latency's cost of the analysis, read off one run.
    int rc = 0;
    for (const char* mode : {"off", "on"}) {
      std::string cmd = std::string(argv[0]);
      for (int i = 1; i < argc; ++i)
        if (std::string_view(argv[i]) != "--side-by-side") cmd += std::string(" '") + argv[i] + "'";
      cmd += std::string(" --analysis ") + mode + " --port " + std::to_string(o.port + (mode[1] == 'n' ? 7 : 0));
      std::printf("== analysis %s ==\n", mode);
      std::fflush(stdout);
      rc |= std::system(cmd.c_str());
    }
    return rc == 0 ? 0 : 1;
  }

  // The clients: each message noted as (row, arrival).
  std::vector<bench::Heard> heard(static_cast<std::size_t>(clients));
  auto on_block = [&](std::size_t idx, std::string_view block, Clock::time_point now) {
    if (nchan) {
      // nchan serves the versioned stream, with ids of its own: the row is named in the body.
      if (const auto id = bench::body_id(block); id && id->sub == 0) heard[idx].push_back({{id->match, id->seq}, now});
      return;
    }
    if (block.rfind("id: ", 0) != 0) return;  // pings, comments
    const auto nl = block.find('\n');
    const std::string_view mid = block.substr(4, nl == std::string_view::npos ? std::string_view::npos : nl - 4);
    // "match.seq.sub": the row's first message is sub 0.
    long a = 0, b = 0, c = 0;
    const char* p = mid.data();
    const char* e = mid.data() + mid.size();
    auto r1 = std::from_chars(p, e, a);
    if (r1.ec != std::errc() || r1.ptr == e) return;
    auto r2 = std::from_chars(r1.ptr + 1, e, b);
    if (r2.ec != std::errc() || r2.ptr == e || std::from_chars(r2.ptr + 1, e, c).ec != std::errc() || c != 0) return;
    heard[idx].push_back({{a, b}, now});
  };
  bench::StreamBench run(o);
  if (auto e = run.start("facedown-feed-bench", "/on-air/stream", on_block)) {
    fmt::print(stderr, "{}\n", *e);
    return 1;
  }
  const auto [committed, wall, cpu, ncpu, admitted] = run.measure();
  const auto delivered = bench::deliveries(committed, heard);
  const auto latencies = delivered.all_ms();
  if (nchan) fmt::print("nchan channel: {}\n", run.finish());

  fmt::print("{}: clients {}  commits {}  every {} ms  deliveries {}  missing {}\n", nchan ? "through nchan" : "direct",
             clients, committed.size(), o.interval_ms, latencies.size(), delivered.missing);
  fmt::print("commit-to-SSE latency: median {:.2f} ms  p99 {:.2f} ms  max {:.2f} ms\n", bench::quantile(latencies, 0.5),
             bench::quantile(latencies, 0.99), bench::quantile(latencies, 1.0));
  fmt::print("feed CPU: {:.2f} s over {:.1f} s = {:.1f}% of one core\n", cpu, wall, 100.0 * cpu / wall);
  if (nchan) fmt::print("nginx CPU: {:.2f} s = {:.1f}% of one core\n", ncpu, 100.0 * ncpu / wall);
  return 0;
}
