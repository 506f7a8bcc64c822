// db_store_bench — how long a durable append takes, next to what one fsync of the
// same disk costs in the same run, and how long a replay seek takes in matches of
// 1,000 and 10,000 events.
//   db_store_bench [DIR] [APPENDS]     (DIR: where the files go, default /tmp)
#include <fcntl.h>
#include <unistd.h>

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "codec/json.h"
#include "db/public_reader.h"
#include "db/replay.h"
#include "db/store.h"
#include "tests/db/random_operator.h"

using namespace facedown;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// This thread's CPU time: what a step costs without waiting for the disk or for
// the scheduler (on a loaded machine, wall-clock tails are 4 ms scheduler ticks).
double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

struct Stats {
  double p50 = 0, p99 = 0, max = 0, mean = 0;
};

Stats stats(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  Stats s;
  if (v.empty()) return s;
  s.p50 = v[v.size() / 2];
  s.p99 = v[std::min(v.size() - 1, v.size() * 99 / 100)];
  s.max = v.back();
  for (double x : v) s.mean += x;
  s.mean /= static_cast<double>(v.size());
  return s;
}

void print(const char* what, const Stats& s, std::size_t n) {
  std::printf("%-44s n=%-6zu p50 %8.3f ms  p99 %8.3f ms  max %8.3f ms  mean %8.3f ms\n", what, n, s.p50, s.p99,
              s.max, s.mean);
}

template <class T>
T must(db::Result<T> r) {
  if (auto* e = std::get_if<db::StoreError>(&r)) {
    std::fprintf(stderr, "%s\n", e->message.c_str());
    std::exit(1);
  }
  return std::move(std::get<T>(r));
}

// Raw disk: append 4 KiB to a file and fsync (or fdatasync), as a commit would.
std::vector<double> raw_sync(const std::string& path, int n, bool data_only) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) std::exit(1);
  std::vector<char> page(4096, 'x');
  std::vector<double> out;
  for (int i = 0; i < n; ++i) {
    if (::write(fd, page.data(), page.size()) != static_cast<ssize_t>(page.size())) std::exit(1);
    auto t0 = Clock::now();
    if ((data_only ? ::fdatasync(fd) : ::fsync(fd)) != 0) std::exit(1);
    out.push_back(ms_since(t0));
  }
  ::close(fd);
  std::filesystem::remove(path);
  return out;
}

// Durable appends: every command of random matches, each its own transaction.
std::vector<double> appends(const std::string& path, int n, std::vector<double>& cpu) {
  std::filesystem::remove(path);
  auto store = must(db::Store::open(path));
  std::vector<double> out;
  std::uint64_t seed = 1;
  while (static_cast<int>(out.size()) < n) {
    auto live = db::testing::open_random_match(seed);
    auto id = must(store.create_match(live));
    db::testing::RandomOperator op(seed++);
    while (static_cast<int>(out.size()) < n) {
      auto evs = op.step(live);
      if (evs.empty()) break;
      auto t0 = Clock::now();
      double c0 = cpu_ms();
      if (auto e = store.append(id, live, evs)) {
        std::fprintf(stderr, "%s\n", e->message.c_str());
        std::exit(1);
      }
      cpu.push_back(cpu_ms() - c0);
      out.push_back(ms_since(t0));
    }
  }
  return out;
}

// A match of about `target` events: random play (with warnings, pauses and now and
// then a void, as a real operator's log has); if the game ends too soon its last
// command is voided and from then on the referee only pauses and resumes until
// the log is long enough.
engine::Match long_match(int target, std::uint64_t seed) {
  auto m = db::testing::open_random_match(seed, "number-janggi");
  db::testing::RandomOperator op(seed, true);
  bool ended_once = false;
  while (static_cast<int>(m.log().size()) < target) {
    if (m.state().result) {
      m.submit(engine::VoidCmd{1, "bench: keep going"}, m.state().time);
      ended_once = true;
      continue;
    }
    bool pad = ended_once || static_cast<int>(m.log().size()) > target * 9 / 10;
    if (pad && m.state().started && !m.state().paused) {
      m.submit(engine::PauseCmd{"bench"}, m.state().time + 100);
      m.submit(engine::ResumeCmd{}, m.state().time + 200);
    } else {
      op.step(m);
    }
  }
  return m;
}

void seeks(const std::string& path, int events) {
  std::filesystem::remove(path);
  auto live = long_match(events, 7);
  auto store = must(db::Store::open(path));
  // Stored as one import (one transaction), so setting up takes no 10,000 fsyncs.
  auto first = engine::Match::from_log(live.info(), {live.log().front()});
  auto id = must(store.create_match(std::get<engine::Match>(first)));
  std::vector<engine::Event> rest(live.log().begin() + 1, live.log().end());
  if (auto e = store.append(id, live, rest)) {
    std::fprintf(stderr, "%s\n", e->message.c_str());
    std::exit(1);
  }
  const int n = static_cast<int>(live.log().size());

  auto t0 = Clock::now();
  auto replay = must(db::Replay::open(store, id));
  double open_ms = ms_since(t0);

  db::testing::RandomOperator pick(3);
  std::vector<double> seek_ms, seek_cpu, state_ms, public_ms;
  auto reader = must(db::PublicReader::open(path));
  for (int i = 0; i < 300; ++i) {
    int seq = 1 + static_cast<int>(pick.next() % static_cast<std::uint64_t>(n));
    auto s0 = Clock::now();
    double c0 = cpu_ms();
    const auto& m = replay.seek(seq);
    seek_cpu.push_back(cpu_ms() - c0);
    seek_ms.push_back(ms_since(s0));
    auto s1 = Clock::now();
    auto j = codec::state_to_json(m, engine::kReferee);
    state_ms.push_back(ms_since(s1) + seek_ms.back());
    auto s2 = Clock::now();
    auto row = must(reader.row_at(id, seq));
    public_ms.push_back(ms_since(s2));
    if (!row || j.empty()) std::exit(1);
  }
  int voids = 0;
  for (const auto& e : live.log()) voids += std::holds_alternative<engine::Voided>(e.body) ? 1 : 0;
  std::printf("\nmatch of %d events (%d plies, %d voids):\n", n, live.state().ply, voids);
  std::printf("%-44s %8.3f ms (once per replay: read + parse every row)\n", "  Replay::open", open_ms);
  print("  seek (Replay::seek, random order)", stats(seek_ms), seek_ms.size());
  print("  seek, CPU time", stats(seek_cpu), seek_cpu.size());
  print("  seek + referee state JSON", stats(state_ms), state_ms.size());
  print("  public seek (PublicReader::row_at, parsed)", stats(public_ms), public_ms.size());
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = argc > 1 ? argv[1] : "/tmp";
  int n = argc > 2 ? std::atoi(argv[2]) : 500;
  std::printf("db_store_bench: files in %s, %d appends, synchronous=FULL, WAL\n\n", dir.c_str(), n);
  auto fsyncs = raw_sync(dir + "/facedown-bench-fsync.bin", n, false);
  auto fdatasyncs = raw_sync(dir + "/facedown-bench-fsync.bin", n, true);
  std::vector<double> append_cpu;
  auto appended = appends(dir + "/facedown-bench-append.db", n, append_cpu);
  auto fs = stats(fsyncs), fd = stats(fdatasyncs), ap = stats(appended);
  print("raw fsync (4 KiB appended, then fsync)", fs, fsyncs.size());
  print("raw fdatasync (4 KiB appended)", fd, fdatasyncs.size());
  print("durable append (one command, one commit)", ap, appended.size());
  print("  of which CPU time", stats(append_cpu), append_cpu.size());
  std::printf("append p99 / fsync p99 = %.2f   append p99 / fsync p50 = %.2f   append mean / fsync mean = %.2f\n",
              ap.p99 / fs.p99, ap.p99 / fs.p50, ap.mean / fs.mean);
  std::filesystem::remove(dir + "/facedown-bench-append.db");
  for (int events : {1000, 10000}) {
    seeks(dir + "/facedown-bench-seek.db", events);
    std::filesystem::remove(dir + "/facedown-bench-seek.db");
  }
  return 0;
}
