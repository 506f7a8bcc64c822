#include <catch2/catch.hpp>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <random>
#include <sstream>

#include "db/store.h"
#include "db/verify.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

namespace {

struct ChildRun {
  std::map<MatchId, int> committed;  // the highest seq reported per match
  int reports = 0;                   // commits reported
  std::string errors;
};

// Starts the child on `path`, lets it write for `delay`, kills it with SIGKILL and
// collects every complete "C match seq" line it reported before dying.
// after_first_report: the delay counts from the child's first commit report (so a
// slow start, e.g. under sanitizers, still leaves it time to write), else from spawn.
ChildRun run_and_kill(const std::string& path, std::uint64_t seed, std::chrono::microseconds delay,
                      bool after_first_report) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::dup2(fds[1], 1);
    ::close(fds[0]);
    ::close(fds[1]);
    std::string s = std::to_string(seed);
    ::execl(FACEDOWN_CRASH_CHILD, FACEDOWN_CRASH_CHILD, path.c_str(), s.c_str(), static_cast<char*>(nullptr));
    std::_Exit(127);
  }
  ::close(fds[1]);
  std::string got;
  char buf[4096];
  auto deadline = std::chrono::steady_clock::now() + delay;
  ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
  if (after_first_report) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (got.find('\n') == std::string::npos && std::chrono::steady_clock::now() < give_up) {
      pollfd p{fds[0], POLLIN, 0};
      ::poll(&p, 1, 50);
      ssize_t n;
      while ((n = ::read(fds[0], buf, sizeof buf)) > 0) got.append(buf, static_cast<std::size_t>(n));
      if (n == 0) break;
    }
    deadline = std::chrono::steady_clock::now() + delay;
  }
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd p{fds[0], POLLIN, 0};
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    ::poll(&p, 1, static_cast<int>(std::max<std::int64_t>(0, left.count())));
    ssize_t n;
    while ((n = ::read(fds[0], buf, sizeof buf)) > 0) got.append(buf, static_cast<std::size_t>(n));
    if (n == 0) break;  // the child ended on its own (an error)
  }
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ::fcntl(fds[0], F_SETFL, 0);
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) got.append(buf, static_cast<std::size_t>(n));
  ::close(fds[0]);

  ChildRun run;
  std::istringstream lines(got);
  std::string line;
  while (std::getline(lines, line)) {
    if (lines.eof()) break;  // a line cut by the kill
    if (line.rfind("C ", 0) == 0) {
      std::istringstream f(line.substr(2));
      MatchId id = 0;
      int seq = 0;
      f >> id >> seq;
      run.committed[id] = std::max(run.committed[id], seq);
      ++run.reports;
    } else {
      run.errors += line + "\n";
    }
  }
  if (WIFEXITED(status))
    run.errors += "child exited on its own with status " + std::to_string(WEXITSTATUS(status)) + "\n";
  else if (WIFSIGNALED(status) && WTERMSIG(status) != SIGKILL)
    run.errors += "child died of signal " + std::to_string(WTERMSIG(status)) + "\n";
  return run;
}

// 200 kills in the CI build (under a minute); a sanitizer build runs every step
// several times slower, so it does 60 unless told otherwise.
int kills_wanted() {
  if (const char* env = std::getenv("FACEDOWN_CRASH_KILLS")) return std::max(1, std::atoi(env));
#if defined(__SANITIZE_ADDRESS__)
  return 60;
#else
  return 200;
#endif
}

}  // namespace

TEST_CASE("kill -9 at random moments loses nothing that was reported committed", "[crash]") {
  const int kills = kills_wanted();
  constexpr int kKillsPerFile = 25;  // a fresh file now and then keeps each verify short
  std::mt19937_64 rng(20261129);
  TempDir dir;
  std::map<MatchId, int> committed;
  std::string path;
  int resumed_runs = 0;
  long reports = 0;
  for (int k = 0; k < kills; ++k) {
    if (k % kKillsPerFile == 0) {
      path = dir.file("crash" + std::to_string(k / kKillsPerFile) + ".db");
      committed.clear();
    }
    // Mostly mid-play; sometimes while the child is still opening the file.
    const bool early = rng() % 5 == 0;
    auto delay = std::chrono::microseconds(early ? rng() % 5000 : rng() % 100000);
    auto run = run_and_kill(path, rng(), delay, !early);
    INFO("kill " << k << " after " << delay.count() << " us, file " << path);
    INFO(run.errors);
    REQUIRE(run.errors.empty());
    for (auto [id, seq] : run.committed) committed[id] = std::max(committed[id], seq);
    reports += run.reports;
    if (!std::filesystem::exists(path)) continue;  // killed before it created the file

    REQUIRE(raw_sql(path, "PRAGMA integrity_check") == "ok\n");
    auto store = must(Store::open(path));
    // Every match this child touched (and the one it may have been creating);
    // the whole file when it is about to be left.
    if ((k + 1) % kKillsPerFile == 0 || k + 1 == kills) {
      require_verified(must(verify(store)));
    } else {
      auto touched = run.committed;
      auto all = must(store.matches());
      if (!all.empty()) touched[all.back().id] = 0;
      for (auto [id, seq] : touched) require_verified(must(verify(store, id)));
    }
    for (auto [id, seq] : committed) {
      INFO("match " << id);
      CHECK(must(store.match(id)).events >= seq);
    }
    if (!must(store.unfinished()).empty()) ++resumed_runs;
  }
  // The children really did resume interrupted matches along the way.
  CHECK(resumed_runs > kills / 4);
  CHECK(reports > kills);
  WARN(kills << " kills; " << reports << " match reports; " << resumed_runs << " runs left unfinished matches");
}
