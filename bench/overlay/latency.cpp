// overlay_latency: how long from a commit in another process to the overlay's
// model showing it. Starts overlay_store_writer on a fresh file, runs the
// overlay's own loop (OverlaySession over PublicFeed, waking as the
// window does when idle) and pairs each event's commit time with the moment the
// model first holds it. Prints the median, p99 and max (docs/performance.md).
// --analysis runs the public analysis beside it as facedown-overlay does
// (broadcast/analysis_runner.h); --side-by-side measures without it, then with
// it, in one run on the same random match, so the two are comparable.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

#include <sys/resource.h>

#include "broadcast/analysis_runner.h"
#include "broadcast/public_feed.h"
#include "overlay/overlay_session.h"

using namespace facedown::overlay;
using facedown::broadcast::PublicFeed;

namespace {
long long now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

struct Run {
  std::string path, writer, writer_args;
  int commands = 300;
  bool analysis = false;
};

// One measurement on a fresh store; 0 when it measured something.
int measure(const Run& run) {
  const std::string& path = run.path;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);

  const std::string cmd = run.writer + " --db " + path + " --commands " + std::to_string(run.commands) + " --keep-going" +
                          run.writer_args;
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
  std::unique_ptr<facedown::broadcast::AnalysisRunner> runner;
  const double cpu0 = cpu_seconds(), wall0 = static_cast<double>(now_ns()) / 1e9;
  std::map<int, long long> seen;
  int last = 0;
  for (;;) {
    const double steady = static_cast<double>(now_ns()) / 1e9;
    session.update(steady);
    if (run.analysis && !runner && session.model().last_seq > 0) {
      // Started once the store exists, as facedown-overlay starts it at launch.
      facedown::broadcast::RunnerOptions ro;
      ro.db_path = path;
      auto started = facedown::broadcast::AnalysisRunner::start(std::move(ro));
      if (auto* r = std::get_if<std::unique_ptr<facedown::broadcast::AnalysisRunner>>(&started)) runner = std::move(*r);
    }
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
  const double cpu = cpu_seconds() - cpu0, wall = static_cast<double>(now_ns()) / 1e9 - wall0;
  const std::uint64_t analyses = runner ? runner->finished() : 0;
  if (runner) runner->stop();
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
  std::printf("analysis %s (%llu records finished), process CPU %.1f %% of one core\n", run.analysis ? "on" : "off",
              static_cast<unsigned long long>(analyses), 100 * cpu / wall);
  report("from append return", from_end);
  report("from append start ", from_start);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Commit-to-model latency of the overlay"};
  Run run;
  run.path = "/tmp/facedown-overlay-latency.db";
  run.writer = FACEDOWN_STORE_WRITER;
  int min_ms = -1, max_ms = -1;
  bool side_by_side = false;
  app.add_option("--db", run.path, "scratch store (deleted first)");
  app.add_option("--commands", run.commands);
  app.add_option("--writer", run.writer);
  app.add_option("--min-ms", min_ms, "the writer's shortest pause between commits (its default when unset)");
  app.add_option("--max-ms", max_ms, "the writer's longest pause between commits");
  app.add_flag("--analysis", run.analysis, "run the public analysis beside the overlay, as facedown-overlay does");
  app.add_flag("--side-by-side", side_by_side, "measure without the analysis, then with it, on the same match");
  CLI11_PARSE(app, argc, argv);
  if (min_ms >= 0) run.writer_args += " --min-ms " + std::to_string(min_ms);
  if (max_ms >= 0) run.writer_args += " --max-ms " + std::to_string(max_ms);
  if (!side_by_side) return measure(run);
  run.analysis = false;
  if (const int rc = measure(run)) return rc;
  run.analysis = true;
  return measure(run);
}
