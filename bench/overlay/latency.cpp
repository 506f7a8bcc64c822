// overlay_latency: how long from a commit in another process to the overlay's
// model showing it. Starts overlay_store_writer on a fresh file, runs the
// overlay's own loop (OverlaySession over PublicFeed, waking every 1/60 s as the
// window does when idle) and pairs each event's commit time with the moment the
// model first holds it. Prints the median, p99 and max (docs/performance.md).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

#include "overlay/overlay_session.h"
#include "broadcast/public_feed.h"

using namespace facedown::overlay;

namespace {
long long now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Commit-to-model latency of the overlay"};
  std::string path = "/tmp/facedown-overlay-latency.db", writer = FACEDOWN_STORE_WRITER;
  int commands = 300;
  app.add_option("--db", path, "scratch store (deleted first)");
  app.add_option("--commands", commands);
  app.add_option("--writer", writer);
  CLI11_PARSE(app, argc, argv);
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);

  const std::string cmd = writer + " --db " + path + " --commands " + std::to_string(commands) + " --keep-going";
  FILE* child = popen(cmd.c_str(), "r");
  if (!child) {
    std::perror("popen");
    return 1;
  }
  // The writer's commit log, read on a thread so the overlay loop never blocks on it.
  std::map<int, std::pair<long long, long long>> committed;  // seq -> append start, append return
  std::mutex mu;
  bool done = false;
  std::thread reader([&] {
    int seq = 0;
    long long start = 0, end = 0;
    while (std::fscanf(child, "%d %lld %lld", &seq, &start, &end) == 3) {
      std::lock_guard lock(mu);
      committed[seq] = {start, end};
    }
    std::lock_guard lock(mu);
    done = true;
  });

  OverlaySession session(std::make_unique<PublicFeed>(path, std::nullopt), SessionConfig{});
  std::map<int, long long> seen;
  int last = 0;
  for (;;) {
    const double steady = static_cast<double>(now_ns()) / 1e9;
    session.update(steady);
    const int shown = session.model().last_seq;
    if (shown > last) {
      const long long t = now_ns();
      for (int s = last + 1; s <= shown; ++s) seen[s] = t;
      last = shown;
    }
    {
      std::lock_guard lock(mu);
      if (done && !committed.empty() && last >= committed.rbegin()->first) break;
    }
    std::this_thread::sleep_for(std::chrono::microseconds(static_cast<long>(session.idle_timeout(steady, steady) * 1e6)));
  }
  reader.join();
  const int status = pclose(child);
  // From the append's return (when the console may call it done) and, stricter,
  // from its start (the commit may become visible to readers before it returns).
  std::vector<double> from_end, from_start;
  for (const auto& [seq, t] : committed) {
    if (seq <= 1) continue;  // the match row itself is read when the overlay finds the match
    auto it = seen.find(seq);
    if (it == seen.end()) continue;
    from_end.push_back(static_cast<double>(it->second - t.second) / 1e6);
    from_start.push_back(static_cast<double>(it->second - t.first) / 1e6);
  }
  if (from_end.empty() || status != 0) {
    std::fprintf(stderr, "no measurements (writer status %d)\n", status);
    return 1;
  }
  auto report = [](const char* what, std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    auto pct = [&](double p) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(p * static_cast<double>(ms.size())))]; };
    std::printf("%s: n=%zu median %.2f ms, p99 %.2f ms, max %.2f ms\n", what, ms.size(), pct(0.5), pct(0.99), ms.back());
  };
  report("from append return", from_end);
  report("from append start ", from_start);
  return 0;
}
