// Fan-out of the versioned on-air stream (issue 31 item 5: a full frame, then
// JSON Patches): commit-to-delivery latency and message sizes with N SSE
// viewers, straight to the feed or through nginx + nchan, the feed's analysis
// on or off, and the CPU of the feed (and of nginx) meanwhile.
//   feed_fanout_bench --nchan --clients 2000 --commits 240 --interval-ms 500
//   feed_fanout_bench --clients 100 --commits 120 --interval-ms 500 --analysis off
// Starts facedown-feed on a temporary store, connects the viewers to
// /on-air/stream?v=2 (nchan serves its channel whatever the query), commits
// random commands through the store at the given pace (a new match when one
// ends; the feed follows the latest), and times, per viewer, from the return of
// Store::append to the arrival of the message for the last row it wrote. Every
// body names the feed's id ({"match","seq","id":"M.S.U",...}), so messages are
// matched to rows by it, through nchan too (whose SSE ids are its own).
// "missing": (row, viewer) pairs never delivered: rows shed by the publisher
// (a backlog) or by nchan, or viewers cut off. The first viewer's bodies are
// applied (feed/frame_patch.h FrameFollower) to check that the chain holds,
// and their sizes give the message-size figures ("during play": every message
// after the viewer's first). The rig (the feed's process, the viewers' epoll loops, the
// commits, the CPU figures) is bench/feed/sse_rig.h, shared with feed_latency_bench.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <fmt/core.h>
#include <set>
#include <string_view>

#include <nlohmann/json.hpp>

#include "bench/feed/sse_rig.h"
#include "feed/frame_patch.h"

using facedown::bench::Clock;
using facedown::bench::RowKey;

int main(int argc, char** argv) {
  using namespace facedown;
  bench::StreamBenchOptions o;
  o.interval_ms = 500;
  o.port = 18188;
  o.nchan_port = 18190;
  o.drain_ms = 3000;
  CLI::App app{"facedown-feed's versioned stream (frames and patches): latency, sizes and CPU, direct or through nginx + nchan"};
  o.add_to(app);
  CLI11_PARSE(app, argc, argv);

  // The viewers: each message noted as (id, arrival) and matched to its row after the run.
  std::vector<bench::Heard> heard(static_cast<std::size_t>(o.clients));
  std::vector<std::string> bodies;  // the first viewer's message bodies, in order
  auto on_block = [&](std::size_t idx, std::string_view block, Clock::time_point now) {
    const auto id = bench::body_id(block);
    if (!id) return;
    if (idx == 0) bodies.emplace_back(id->data);
    if (id->sub != 0) return;  // a time-driven message: not a row's
    heard[idx].push_back({{id->match, id->seq}, now});
  };
  bench::StreamBench run(o);
  if (auto e = run.start("facedown-fanout-bench", "/on-air/stream?v=2", on_block)) {
    fmt::print(stderr, "{}\n", *e);
    return 1;
  }
  const auto [committed, wall, cpu, ncpu, admitted] = run.measure();
  // The rows whose message went as a full frame (the first viewer's view; every
  // viewer gets the same bodies), to read the latency of patches and of full
  // frames apart.
  std::set<RowKey> full_rows;
  for (const auto& b : bodies) {
    const auto head = std::string_view(b).substr(0, 120);
    long m = 0, sq = 0, sub = 0;
    if (head.find("\"frame\":") != std::string_view::npos &&
        std::sscanf(b.c_str(), "{\"match\":%ld,\"seq\":%ld,\"id\":\"%ld.%ld.%ld\"", &m, &sq, &m, &sq, &sub) == 5 && sub == 0)
      full_rows.insert({m, sq});
  }
  const auto delivered = bench::deliveries(committed, heard);
  const auto latencies = delivered.all_ms();
  std::vector<double> patch_latencies, full_latencies;
  for (const auto& [row, ms] : delivered.latencies_ms) (full_rows.count(row) ? full_latencies : patch_latencies).push_back(ms);
  if (o.nchan) fmt::print("nchan channel: {}\n", run.finish());

  // The first viewer's bodies: applied in order, and their sizes.
  {
    facedown::feed::FrameFollower follower;
    std::size_t applied = 0, refused = 0, fulls = 0;
    std::vector<std::size_t> sizes, patch_sizes, whole_sizes;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      const std::string& b = bodies[i];
      const auto body = nlohmann::json::parse(b, nullptr, false);
      if (body.is_discarded()) {
        ++refused;
        continue;
      }
      if (body.contains("frame")) ++fulls;
      else patch_sizes.push_back(b.size());
      auto frame = follower.accept(body);
      if (frame) ++applied;
      else ++refused;
      if (i > 0) sizes.push_back(b.size());
      // The same message on the old stream (the whole frame).
      if (i > 0 && frame) whole_sizes.push_back(frame->dump().size());
    }
    auto median = [](std::vector<std::size_t> v) {
      if (v.empty()) return std::size_t{0};
      std::sort(v.begin(), v.end());
      return v[v.size() / 2];
    };
    auto p90 = [](std::vector<std::size_t> v) {
      if (v.empty()) return std::size_t{0};
      std::sort(v.begin(), v.end());
      return v[std::min(v.size() - 1, v.size() * 9 / 10)];
    };
    std::size_t total = 0;
    for (auto n : sizes) total += n;
    fmt::print("first viewer: {} messages ({} full frames, {} patches); applied in order {}, refused {}\n",
               bodies.size(), fulls, patch_sizes.size(), applied, refused);
    fmt::print("message size during play: median {} B  p90 {} B  max {} B  mean {} B; patches alone: median {} B\n",
               median(sizes), p90(sizes), sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end()),
               sizes.empty() ? 0 : total / sizes.size(), median(patch_sizes));
    std::size_t whole_total = 0;
    for (auto n : whole_sizes) whole_total += n;
    fmt::print("the same messages as whole frames (the old stream): median {} B  p90 {} B  mean {} B\n",
               median(whole_sizes), p90(whole_sizes), whole_sizes.empty() ? 0 : whole_total / whole_sizes.size());
  }
  using bench::quantile;
  fmt::print("{} (analysis {}): viewers {} (admitted {})  commits {}  every {} ms  deliveries {}  missing {}\n",
             o.nchan ? "through nchan" : "direct", o.analysis, o.clients, admitted, committed.size(), o.interval_ms,
             latencies.size(), delivered.missing);
  fmt::print("commit-to-SSE latency: median {:.2f} ms  p99 {:.2f} ms  max {:.2f} ms\n", quantile(latencies, 0.5),
             quantile(latencies, 0.99), quantile(latencies, 1.0));
  fmt::print("  rows sent as patches: {} deliveries, median {:.2f} ms  p99 {:.2f} ms; as full frames: {} deliveries, "
             "median {:.2f} ms  p99 {:.2f} ms\n",
             patch_latencies.size(), quantile(patch_latencies, 0.5), quantile(patch_latencies, 0.99),
             full_latencies.size(), quantile(full_latencies, 0.5), quantile(full_latencies, 0.99));
  fmt::print("feed CPU: {:.2f} s over {:.1f} s = {:.1f}% of one core\n", cpu, wall, 100.0 * cpu / wall);
  if (o.nchan) fmt::print("nginx CPU: {:.2f} s = {:.1f}% of one core\n", ncpu, 100.0 * ncpu / wall);
  return 0;
}
