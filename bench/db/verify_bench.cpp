// db_verify_bench — time and peak memory of `verify` for one match of 10,000 and
// 100,000 events (issue 9, item 10: verify streams, so memory must not grow with
// the public rows, and time must grow linearly).
//   db_verify_bench [DIR] [EVENTS...]     (DIR default /dev/shm; EVENTS default 10000 100000)
// The match: random setups and moves for 100 commands, then pause/resume pairs
// until it holds EVENTS events. verify runs in a child process, so its peak
// resident set (getrusage of the child) is verify's alone.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "db/store.h"
#include "db/verify.h"
#include "tests/db/random_operator.h"

using namespace facedown;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// Writes one match of about `events` events; returns false on a store error.
bool build(const std::string& path, int events) {
  std::filesystem::remove(path);
  auto store_or = db::Store::open(path);
  if (auto* e = std::get_if<db::StoreError>(&store_or)) {
    std::fprintf(stderr, "%s\n", e->message.c_str());
    return false;
  }
  auto& store = std::get<db::Store>(store_or);
  auto live = db::testing::open_random_match(3, "number-janggi");
  auto id_or = store.create_match(live);
  if (std::holds_alternative<db::StoreError>(id_or)) return false;
  const auto id = std::get<db::MatchId>(id_or);
  db::testing::RandomOperator op(3, false);
  for (int i = 0; i < 100 && static_cast<int>(live.log().size()) < events; ++i) {
    engine::Match before = live;  // a step that would end the match is not taken
    auto evs = op.step(live);
    if (evs.empty() || live.state().result || live.state().paused || !live.state().started) {
      if (live.state().started) {
        live = std::move(before);
        break;
      }
    }
    if (evs.empty()) break;
    if (auto f = store.append(id, live, evs)) {
      std::fprintf(stderr, "%s\n", f->message.c_str());
      return false;
    }
  }
  while (static_cast<int>(live.log().size()) < events) {
    const auto t = live.state().time;
    auto sub = live.state().paused ? live.submit(engine::ResumeCmd{}, t) : live.submit(engine::PauseCmd{"bench"}, t);
    if (sub.rejection || sub.events.empty()) {
      std::fprintf(stderr, "the match takes no more commands at %zu events\n", live.log().size());
      return false;
    }
    if (auto f = store.append(id, live, sub.events)) {
      std::fprintf(stderr, "%s\n", f->message.c_str());
      return false;
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "/dev/shm";
  std::vector<int> sizes;
  for (int i = 2; i < argc; ++i) sizes.push_back(std::stoi(argv[i]));
  if (sizes.empty()) sizes = {10000, 100000};
  for (int n : sizes) {
    const std::string path = dir + "/facedown-verify-bench-" + std::to_string(n) + ".db";
    auto t0 = Clock::now();
    if (!build(path, n)) return 1;
    const double build_ms = ms_since(t0);
    const auto file_mb = static_cast<double>(std::filesystem::file_size(path)) / 1e6;
    pid_t pid = ::fork();
    if (pid == 0) {
      db::StoreOptions so;
      so.read_only = true;
      auto store_or = db::Store::open(path, so);
      if (std::holds_alternative<db::StoreError>(store_or)) std::_Exit(3);
      auto t1 = Clock::now();
      auto r = db::verify(std::get<db::Store>(store_or));
      const double ms = ms_since(t1);
      const bool ok = std::holds_alternative<db::VerifyReport>(r) && std::get<db::VerifyReport>(r).ok();
      const int events = ok ? std::get<db::VerifyReport>(r).matches.at(0).events : 0;
      std::printf("events %7d  file %7.1f MB  verify %9.1f ms  (%.1f us/event)  %s\n", events, file_mb, ms,
                  events ? ms * 1000.0 / events : 0.0, ok ? "ok" : "NOT OK");
      std::fflush(stdout);
      std::_Exit(ok ? 0 : 4);
    }
    int status = 0;
    rusage ru{};
    ::wait4(pid, &status, 0, &ru);
    std::printf("                 build %.1f s; verify's peak resident set %.1f MB\n", build_ms / 1000.0,
                static_cast<double>(ru.ru_maxrss) / 1024.0);
    std::filesystem::remove(path);
    std::filesystem::remove(path + "-wal");
    std::filesystem::remove(path + "-shm");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return 1;
  }
  return 0;
}
