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
// after the viewer's first). The viewers are sockets in a few epoll loops (a
// thread per viewer would measure the bench's scheduler). CPU: utime + stime
// from /proc over the measured span.
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <charconv>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fmt/core.h>
#include <fstream>
#include <map>
#include <set>
#include <unordered_map>
#include <mutex>
#include <sstream>
#include <string_view>
#include <thread>

#include <nlohmann/json.hpp>

#include "db/store.h"
#include "feed/frame_patch.h"
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

// All CPU seconds of the processes whose pid file names the nginx master, and its workers.
double nginx_cpu(const std::string& prefix) {
  std::ifstream pidf(prefix + "/nginx.pid");
  long master = 0;
  pidf >> master;
  if (master <= 0) return 0;
  double total = cpu_seconds(static_cast<pid_t>(master));
  // Workers: children of the master (/proc/*/stat field 4 is the parent).
  for (const auto& e : std::filesystem::directory_iterator("/proc")) {
    const std::string name = e.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(e.path() / "stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = stat.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(stat.substr(close + 2));
    std::string state;
    long ppid = 0;
    rest >> state >> ppid;
    if (ppid == master) total += cpu_seconds(static_cast<pid_t>(std::stol(name)));
  }
  return total;
}

// One SSE client socket: its bytes, de-chunked, split into messages.
struct Reader {
  int fd = -1;
  std::string in;    // raw bytes not yet decoded
  std::string body;  // the event stream
  bool headers = false, chunked = false, ok = false;
  std::size_t chunk_left = 0;
  int chunk_state = 0;  // 0: size line, 1: data, 2: the CRLF after the data
  std::vector<std::pair<std::pair<long, long>, Clock::time_point>> got;  // ((match, seq), arrival) of each sub-0 message
  std::vector<std::string> bodies;  // the first viewer's message bodies, in order
};

bool decode(Reader& r) {
  if (!r.headers) {
    const auto end = r.in.find("\r\n\r\n");
    if (end == std::string::npos) return true;
    const std::string head = r.in.substr(0, end);
    r.ok = head.rfind("HTTP/1.1 200", 0) == 0 || head.rfind("HTTP/1.0 200", 0) == 0;
    std::string lower = head;
    for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    r.chunked = lower.find("transfer-encoding: chunked") != std::string::npos;
    r.headers = true;
    r.in.erase(0, end + 4);
  }
  if (!r.chunked) {
    r.body += r.in;
    r.in.clear();
    return true;
  }
  for (;;) {
    if (r.chunk_state == 0) {
      const auto nl = r.in.find("\r\n");
      if (nl == std::string::npos) return true;
      r.chunk_left = std::stoul(r.in.substr(0, nl), nullptr, 16);
      r.in.erase(0, nl + 2);
      if (r.chunk_left == 0) return false;
      r.chunk_state = 1;
    }
    if (r.chunk_state == 1) {
      const std::size_t n = std::min(r.chunk_left, r.in.size());
      r.body.append(r.in, 0, n);
      r.in.erase(0, n);
      r.chunk_left -= n;
      if (r.chunk_left > 0) return true;
      r.chunk_state = 2;
    }
    if (r.chunk_state == 2) {
      if (r.in.size() < 2) return true;
      r.in.erase(0, 2);
      r.chunk_state = 0;
    }
  }
}

int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof(a)) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

int main(int argc, char** argv) {
  int clients = 1, commits = 200, interval_ms = 500, port = 18188, nchan_port = 18190;
  bool nchan = false;
  CLI::App app{"facedown-feed's versioned stream (frames and patches): latency, sizes and CPU, direct or through nginx + nchan"};
  app.add_option("--clients", clients, "concurrent SSE viewers");
  app.add_option("--commits", commits, "commands committed (each one transaction)");
  app.add_option("--interval-ms", interval_ms, "time between commits (500: 2 commits a second)");
  app.add_option("--port", port, "loopback port for the feed");
  app.add_flag("--nchan", nchan, "viewers read nginx + nchan (scripts/nchan.sh), which the feed publishes to");
  app.add_option("--nchan-port", nchan_port, "loopback port for nginx");
  int reader_threads = 2, drain_ms = 3000, nchan_workers = 1;
  app.add_option("--nchan-workers", nchan_workers, "nginx worker processes");
  app.add_option("--reader-threads", reader_threads, "epoll loops holding the viewers");
  app.add_option("--drain-ms", drain_ms, "how long to wait for the last deliveries after the last commit");
  std::string analysis = "on";
  app.add_option("--analysis", analysis, "the feed's analysis beside the match: on (its default) or off (--no-analysis)")
      ->check(CLI::IsMember({"on", "off"}));
  std::uint64_t first_seed = 1;
  app.add_option("--seed", first_seed, "the first random match's seed");
  CLI11_PARSE(app, argc, argv);

  rlimit files{};
  getrlimit(RLIMIT_NOFILE, &files);
  files.rlim_cur = files.rlim_max;
  setrlimit(RLIMIT_NOFILE, &files);

  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("facedown-fanout-bench-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "bench.db").string();
  const std::string prefix = (dir / "nchan").string();
  using namespace facedown;
  auto opened = db::Store::open(path);
  if (auto* e = std::get_if<db::StoreError>(&opened)) {
    fmt::print(stderr, "{}\n", e->message);
    return 1;
  }
  auto& store = std::get<db::Store>(opened);
  std::uint64_t seed = first_seed;
  std::optional<engine::Match> match(db::testing::open_random_match(seed));
  db::MatchId id = std::get<db::MatchId>(store.create_match(*match));
  db::testing::RandomOperator op(seed);

  if (nchan) {
    const std::string cmd = std::string("bash ") + FACEDOWN_SOURCE_DIR + "/scripts/nchan.sh start --listen 127.0.0.1:" +
                            std::to_string(nchan_port) + " --feed 127.0.0.1:" + std::to_string(port) + " --workers " +
                            std::to_string(nchan_workers) + " --prefix " + prefix + " > /dev/null";
    if (std::system(cmd.c_str()) != 0) {
      fmt::print(stderr, "nginx + nchan did not start (scripts/nchan.sh; scripts/install-deps.sh installs them)\n");
      return 1;
    }
  }
  const pid_t feed = fork();
  if (feed == 0) {
    const std::string listen = "127.0.0.1:" + std::to_string(port);
    const std::string streams = std::to_string(std::max(200, clients + 10));
    const std::string publish = "http://127.0.0.1:" + std::to_string(nchan_port) + "/pub/on-air";
    std::vector<std::string> args = {FACEDOWN_FEED_EXE, "--db", path, "--listen", listen, "--latest", "--max-streams", streams};
    if (nchan) {
      args.push_back("--publish");
      args.push_back(publish);
    }
    if (analysis == "off") args.push_back("--no-analysis");
    std::vector<char*> argv2;
    for (auto& a : args) argv2.push_back(a.data());
    argv2.push_back(nullptr);
    execv(FACEDOWN_FEED_EXE, argv2.data());
    _exit(127);
  }
  auto stop_nchan = [&] {
    if (!nchan) return;
    const std::string cmd =
        std::string("bash ") + FACEDOWN_SOURCE_DIR + "/scripts/nchan.sh stop --prefix " + prefix + " > /dev/null";
    [[maybe_unused]] int rc = std::system(cmd.c_str());
  };
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
      stop_nchan();
      return 1;
    }
  }

  std::atomic<bool> stop{false};
  // The clients: sockets in a few epoll loops (--reader-threads), each message
  // noted as (id, arrival) and matched to its row after the run.
  const int target = nchan ? nchan_port : port;
  std::vector<Reader> readers(static_cast<std::size_t>(clients));
  const std::string request = "GET /on-air/stream?v=2 HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n";
  const int loops = std::max(1, std::min(reader_threads, clients));
  std::vector<int> eps;
  for (int t = 0; t < loops; ++t) eps.push_back(epoll_create1(0));
  for (std::size_t i = 0; i < readers.size(); ++i) {
    readers[i].fd = connect_to(target);
    if (readers[i].fd < 0) {
      fmt::print(stderr, "client {} could not connect\n", i);
      return 1;
    }
    [[maybe_unused]] auto n = ::send(readers[i].fd, request.data(), request.size(), MSG_NOSIGNAL);
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.u64 = i;
    epoll_ctl(eps[i % eps.size()], EPOLL_CTL_ADD, readers[i].fd, &ev);
  }
  std::atomic<bool> reading{true};
  std::atomic<int> admitted{0};
  auto pump = [&](int ep) {
    epoll_event evs[256];
    static thread_local std::vector<char> buf(1 << 16);
    while (reading) {
      const int n = epoll_wait(ep, evs, 256, 50);
      const auto now = Clock::now();
      for (int k = 0; k < n; ++k) {
        const std::size_t idx = evs[k].data.u64;
        Reader& r = readers[idx];
        const ssize_t got = ::recv(r.fd, buf.data(), buf.size(), MSG_DONTWAIT);
        if (got <= 0) continue;
        const bool had_headers = r.headers;
        r.in.append(buf.data(), static_cast<std::size_t>(got));
        decode(r);
        if (!had_headers && r.headers && r.ok) ++admitted;
        std::size_t pos = 0, end;
        while ((end = r.body.find("\n\n", pos)) != std::string::npos) {
          std::string_view block(r.body.data() + pos, end - pos);
          pos = end + 2;
          // The body names the feed's id: {"match":M,"seq":S,"id":"M.S.U",...}.
          const auto d = block.find("data: ");
          if (d == std::string_view::npos || block.find("event: ping") != std::string_view::npos) continue;
          const std::string_view data = block.substr(d + 6);
          const auto idk = data.find("\"id\":\"");
          if (idk == std::string_view::npos || idk > 80) continue;
          long a = 0, b = 0, c = 0;
          const char* p = data.data() + idk + 6;
          const char* e = data.data() + data.size();
          auto r1 = std::from_chars(p, e, a);
          if (r1.ec != std::errc() || r1.ptr == e) continue;
          auto r2 = std::from_chars(r1.ptr + 1, e, b);
          if (r2.ec != std::errc() || r2.ptr == e) continue;
          if (std::from_chars(r2.ptr + 1, e, c).ec != std::errc()) continue;
          if (idx == 0) r.bodies.emplace_back(data);
          if (c != 0) continue;  // a time-driven message: not a row's
          r.got.push_back({{a, b}, now});
        }
        r.body.erase(0, pos);
      }
    }
  };
  std::vector<std::thread> loop_threads;
  for (int ep : eps) loop_threads.emplace_back([&pump, ep] { pump(ep); });
  const auto connect_deadline = Clock::now() + std::chrono::seconds(60);
  while (admitted.load() < clients && Clock::now() < connect_deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  if (admitted.load() < clients) fmt::print(stderr, "only {} of {} clients were admitted\n", admitted.load(), clients);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));

  std::vector<std::pair<std::pair<long, long>, Clock::time_point>> committed;
  const double cpu0 = cpu_seconds(feed);
  const double ncpu0 = nchan ? nginx_cpu(prefix) : 0.0;
  const auto t0 = Clock::now();
  std::mutex committed_mu;
  std::thread writer([&] {
    for (int i = 0; i < commits; ++i) {
      auto next = t0 + std::chrono::milliseconds(static_cast<long>(i + 1) * interval_ms);
      std::this_thread::sleep_until(next);
      auto evs = op.step(*match);
      if (evs.empty()) {
        match.emplace(db::testing::open_random_match(++seed));
        id = std::get<db::MatchId>(store.create_match(*match));
        op = db::testing::RandomOperator(seed);
        std::lock_guard lock(committed_mu);
        committed.push_back({{static_cast<long>(id), 1}, Clock::now()});
        continue;
      }
      if (auto f = store.append(id, *match, evs)) {
        fmt::print(stderr, "{}\n", f->message);
        break;
      }
      std::lock_guard lock(committed_mu);
      committed.push_back({{static_cast<long>(id), static_cast<long>(match->log().size())}, Clock::now()});
    }
  });
  writer.join();
  std::this_thread::sleep_for(std::chrono::milliseconds(drain_ms));
  reading = false;
  for (auto& t : loop_threads) t.join();
  const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
  const double cpu = cpu_seconds(feed) - cpu0;
  const double ncpu = nchan ? nginx_cpu(prefix) - ncpu0 : 0.0;
  // Every viewer's first arrival of each row.
  std::map<std::pair<long, long>, std::vector<Clock::time_point>> arrivals;
  for (auto& r : readers) {
    std::set<std::pair<long, long>> seen;
    for (const auto& [row, at] : r.got)
      if (seen.insert(row).second) arrivals[row].push_back(at);
  }
  // The rows whose message went as a full frame (the first viewer's view; every
  // viewer gets the same bodies), to read the latency of patches and of full
  // frames apart.
  std::set<std::pair<long, long>> full_rows;
  for (const auto& b : readers[0].bodies) {
    const auto head = std::string_view(b).substr(0, 120);
    long m = 0, sq = 0, sub = 0;
    if (head.find("\"frame\":") != std::string_view::npos &&
        std::sscanf(b.c_str(), "{\"match\":%ld,\"seq\":%ld,\"id\":\"%ld.%ld.%ld\"", &m, &sq, &m, &sq, &sub) == 5 && sub == 0)
      full_rows.insert({m, sq});
  }
  std::vector<double> latencies, patch_latencies, full_latencies;
  std::size_t missing = 0;
  for (const auto& [key, at] : committed) {
    auto it = arrivals.find(key);
    const std::size_t got = it == arrivals.end() ? 0 : it->second.size();
    missing += static_cast<std::size_t>(clients) - std::min<std::size_t>(got, static_cast<std::size_t>(clients));
    if (it == arrivals.end()) continue;
    for (auto a : it->second) {
      const double ms = std::chrono::duration<double, std::milli>(a - at).count();
      latencies.push_back(ms);
      (full_rows.count(key) ? full_latencies : patch_latencies).push_back(ms);
    }
  }
  if (nchan) {
    // nchan's own count of what the feed published (its channel info).
    httplib::Client info("127.0.0.1", nchan_port);
    if (auto r = info.Get("/pub/on-air"); r && r->status == 200) {
      std::string line = r->body.substr(0, r->body.find('\n'));
      fmt::print("nchan channel: {}\n", line);
    }
  }
  stop = true;
  for (auto& r : readers) ::close(r.fd);
  kill(feed, SIGTERM);
  waitpid(feed, nullptr, 0);
  stop_nchan();
  if (!std::getenv("FACEDOWN_BENCH_KEEP")) fs::remove_all(dir);
  else fmt::print("kept {}\n", dir.string());

  // The first viewer's bodies: applied in order, and their sizes.
  {
    facedown::feed::FrameFollower follower;
    std::size_t applied = 0, refused = 0, fulls = 0;
    std::vector<std::size_t> sizes, patch_sizes, whole_sizes;
    for (std::size_t i = 0; i < readers[0].bodies.size(); ++i) {
      const std::string& b = readers[0].bodies[i];
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
               readers[0].bodies.size(), fulls, patch_sizes.size(), applied, refused);
    fmt::print("message size during play: median {} B  p90 {} B  max {} B  mean {} B; patches alone: median {} B\n",
               median(sizes), p90(sizes), sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end()),
               sizes.empty() ? 0 : total / sizes.size(), median(patch_sizes));
    std::size_t whole_total = 0;
    for (auto n : whole_sizes) whole_total += n;
    fmt::print("the same messages as whole frames (the old stream): median {} B  p90 {} B  mean {} B\n",
               median(whole_sizes), p90(whole_sizes), whole_sizes.empty() ? 0 : whole_total / whole_sizes.size());
  }
  std::sort(latencies.begin(), latencies.end());
  auto pct = [&](double p) {
    if (latencies.empty()) return 0.0;
    return latencies[std::min(latencies.size() - 1, static_cast<std::size_t>(p * static_cast<double>(latencies.size())))];
  };
  fmt::print("{} (analysis {}): viewers {} (admitted {})  commits {}  every {} ms  deliveries {}  missing {}\n",
             nchan ? "through nchan" : "direct", analysis, clients, admitted.load(), committed.size(), interval_ms,
             latencies.size(), missing);
  fmt::print("commit-to-SSE latency: median {:.2f} ms  p99 {:.2f} ms  max {:.2f} ms\n", pct(0.5), pct(0.99),
             latencies.empty() ? 0.0 : latencies.back());
  auto pct_of = [](std::vector<double> v, double p) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
  };
  fmt::print("  rows sent as patches: {} deliveries, median {:.2f} ms  p99 {:.2f} ms; as full frames: {} deliveries, "
             "median {:.2f} ms  p99 {:.2f} ms\n",
             patch_latencies.size(), pct_of(patch_latencies, 0.5), pct_of(patch_latencies, 0.99), full_latencies.size(),
             pct_of(full_latencies, 0.5), pct_of(full_latencies, 0.99));
  fmt::print("feed CPU: {:.2f} s over {:.1f} s = {:.1f}% of one core\n", cpu, wall, 100.0 * cpu / wall);
  if (nchan) fmt::print("nginx CPU: {:.2f} s = {:.1f}% of one core\n", ncpu, 100.0 * ncpu / wall);
  return 0;
}
