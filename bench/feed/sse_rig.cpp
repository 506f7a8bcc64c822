// The feed benchmarks' rig: see sse_rig.h.
#include "bench/feed/sse_rig.h"

#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <fmt/core.h>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace facedown::bench {

namespace {

// The fields after the process name in /proc/PID/stat ("S 1 ..."), or "".
std::string stat_after_name(const std::filesystem::path& stat_file) {
  std::ifstream in(stat_file);
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto close = stat.rfind(')');
  if (close == std::string::npos || close + 2 > stat.size()) return {};
  return stat.substr(close + 2);
}

int run_nchan_script(const std::string& args) {
  const std::string cmd = std::string("bash ") + FACEDOWN_SOURCE_DIR + "/scripts/nchan.sh " + args + " > /dev/null";
  return std::system(cmd.c_str());
}

}  // namespace

double cpu_seconds(pid_t pid) {
  std::istringstream rest(stat_after_name("/proc/" + std::to_string(pid) + "/stat"));
  std::string field;
  long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stol(field);
    if (i == 15) stime = std::stol(field);
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

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
    std::istringstream rest(stat_after_name(e.path() / "stat"));
    std::string state;
    long ppid = 0;
    rest >> state >> ppid;
    if (ppid == master) total += cpu_seconds(static_cast<pid_t>(std::stol(name)));
  }
  return total;
}

double quantile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

std::optional<BodyId> body_id(std::string_view block) {
  const auto d = block.find("data: ");
  if (d == std::string_view::npos || block.find("event: ping") != std::string_view::npos) return std::nullopt;
  BodyId out;
  out.data = block.substr(d + 6);
  const auto idk = out.data.find("\"id\":\"");
  if (idk == std::string_view::npos || idk > 80) return std::nullopt;
  const char* p = out.data.data() + idk + 6;
  const char* e = out.data.data() + out.data.size();
  auto r1 = std::from_chars(p, e, out.match);
  if (r1.ec != std::errc() || r1.ptr == e) return std::nullopt;
  auto r2 = std::from_chars(r1.ptr + 1, e, out.seq);
  if (r2.ec != std::errc() || r2.ptr == e) return std::nullopt;
  if (std::from_chars(r2.ptr + 1, e, out.sub).ec != std::errc()) return std::nullopt;
  return out;
}

bool decode(SseSocket& r) {
  if (!r.headers) {
    const auto end = r.in.find("\r\n\r\n");
    if (end == std::string::npos) return true;
    std::string head = r.in.substr(0, end);
    r.ok = head.rfind("HTTP/1.1 200", 0) == 0 || head.rfind("HTTP/1.0 200", 0) == 0;
    for (auto& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    r.chunked = head.find("transfer-encoding: chunked") != std::string::npos;
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

std::optional<std::string> FeedRig::start(const FeedOptions& o) {
  o_ = o;
  if (o.nchan) {
    if (run_nchan_script(fmt::format("start --listen 127.0.0.1:{} --feed 127.0.0.1:{} --workers {} --prefix {}",
                                     o.nchan_port, o.port, o.nchan_workers, o.nchan_prefix)) != 0)
      return "nginx + nchan did not start (scripts/nchan.sh; scripts/install-deps.sh installs them)";
    nchan_started_ = true;
  }
  std::vector<std::string> args = {FACEDOWN_FEED_EXE, "--db",   o.db, "--listen", "127.0.0.1:" + std::to_string(o.port),
                                   "--latest",        "--max-streams", std::to_string(o.max_streams)};
  if (o.nchan) {
    args.push_back("--publish");
    args.push_back("http://127.0.0.1:" + std::to_string(o.nchan_port) + "/pub/on-air");
  }
  if (!o.analysis) args.push_back("--no-analysis");
  feed_ = fork();
  if (feed_ == 0) {
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(FACEDOWN_FEED_EXE, argv.data());
    _exit(127);
  }
  httplib::Client probe("127.0.0.1", o.port);
  for (int i = 0; i < 200; ++i) {
    auto r = probe.Get("/on-air");
    if (r && r->status == 200) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  stop();
  return "the feed did not start";
}

void FeedRig::stop() {
  if (feed_ > 0) {
    kill(feed_, SIGTERM);
    waitpid(feed_, nullptr, 0);
    feed_ = -1;
  }
  if (nchan_started_) {
    [[maybe_unused]] int rc = run_nchan_script("stop --prefix " + o_.nchan_prefix);
    nchan_started_ = false;
  }
}

FeedRig::~FeedRig() { stop(); }

std::string FeedRig::nchan_channel_info() const {
  if (!o_.nchan) return {};
  httplib::Client info("127.0.0.1", o_.nchan_port);
  if (auto r = info.Get("/pub/on-air"); r && r->status == 200) return r->body.substr(0, r->body.find('\n'));
  return {};
}

std::optional<std::string> SseViewers::connect(int port, const std::string& path, int viewers, int loops,
                                               OnBlock on_block) {
  on_block_ = std::move(on_block);
  sockets_.resize(static_cast<std::size_t>(viewers));
  const std::string request =
      "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n";
  loops = std::max(1, std::min(loops, viewers));
  for (int t = 0; t < loops; ++t) eps_.push_back(epoll_create1(0));
  for (std::size_t i = 0; i < sockets_.size(); ++i) {
    sockets_[i].fd = connect_to(port);
    if (sockets_[i].fd < 0) return fmt::format("viewer {} could not connect", i);
    [[maybe_unused]] auto n = ::send(sockets_[i].fd, request.data(), request.size(), MSG_NOSIGNAL);
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.u64 = i;
    epoll_ctl(eps_[i % eps_.size()], EPOLL_CTL_ADD, sockets_[i].fd, &ev);
  }
  for (int ep : eps_) threads_.emplace_back([this, ep] { pump(ep); });
  return std::nullopt;
}

void SseViewers::pump(int ep) {
  epoll_event evs[256];
  std::vector<char> buf(1 << 16);
  while (reading_) {
    const int n = epoll_wait(ep, evs, 256, 50);
    const auto now = Clock::now();
    for (int k = 0; k < n; ++k) {
      const std::size_t idx = evs[k].data.u64;
      SseSocket& r = sockets_[idx];
      const ssize_t got = ::recv(r.fd, buf.data(), buf.size(), MSG_DONTWAIT);
      if (got <= 0) continue;
      const bool had_headers = r.headers;
      r.in.append(buf.data(), static_cast<std::size_t>(got));
      decode(r);
      if (!had_headers && r.headers && r.ok) ++admitted_;
      std::size_t pos = 0, end;
      while ((end = r.body.find("\n\n", pos)) != std::string::npos) {
        on_block_(idx, std::string_view(r.body.data() + pos, end - pos), now);
        pos = end + 2;
      }
      r.body.erase(0, pos);
    }
  }
}

int SseViewers::wait_admitted(std::chrono::seconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (admitted_.load() < static_cast<int>(sockets_.size()) && Clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return admitted_.load();
}

void SseViewers::stop() {
  reading_ = false;
  for (auto& t : threads_) t.join();
  threads_.clear();
  for (auto& s : sockets_)
    if (s.fd >= 0) ::close(s.fd), s.fd = -1;
  for (int ep : eps_) ::close(ep);
  eps_.clear();
}

SseViewers::~SseViewers() { stop(); }

RandomCommits::RandomCommits(db::Store& store, std::uint64_t first_seed)
    : store_(store), seed_(first_seed), match_(db::testing::open_random_match(first_seed)), op_(first_seed) {
  id_ = std::get<db::MatchId>(store_.create_match(*match_));
}

std::vector<std::pair<RowKey, Clock::time_point>> RandomCommits::run(int commits, int interval_ms,
                                                                     Clock::time_point t0) {
  std::vector<std::pair<RowKey, Clock::time_point>> committed;
  for (int i = 0; i < commits; ++i) {
    std::this_thread::sleep_until(t0 + std::chrono::milliseconds(static_cast<long>(i + 1) * interval_ms));
    auto evs = op_->step(*match_);
    if (evs.empty()) {
      match_.emplace(db::testing::open_random_match(++seed_));
      id_ = std::get<db::MatchId>(store_.create_match(*match_));
      op_.emplace(seed_);
      committed.push_back({{static_cast<long>(id_), 1}, Clock::now()});
      continue;
    }
    if (auto f = store_.append(id_, *match_, evs)) {
      fmt::print(stderr, "{}\n", f->message);
      break;
    }
    committed.push_back({{static_cast<long>(id_), static_cast<long>(match_->log().size())}, Clock::now()});
  }
  return committed;
}

std::vector<double> Deliveries::all_ms() const {
  std::vector<double> out;
  out.reserve(latencies_ms.size());
  for (const auto& [row, ms] : latencies_ms) out.push_back(ms);
  return out;
}

Deliveries deliveries(const std::vector<std::pair<RowKey, Clock::time_point>>& committed,
                      const std::vector<Heard>& heard) {
  std::map<RowKey, std::vector<Clock::time_point>> arrivals;
  for (const auto& h : heard) {
    std::set<RowKey> seen;
    for (const auto& [row, at] : h)
      if (seen.insert(row).second) arrivals[row].push_back(at);
  }
  Deliveries d;
  for (const auto& [row, at] : committed) {
    auto it = arrivals.find(row);
    const std::size_t got = it == arrivals.end() ? 0 : it->second.size();
    d.missing += heard.size() - std::min(got, heard.size());
    if (it == arrivals.end()) continue;
    for (auto a : it->second) d.latencies_ms.push_back({row, std::chrono::duration<double, std::milli>(a - at).count()});
  }
  return d;
}

void StreamBenchOptions::add_to(CLI::App& app) {
  app.add_option("--clients", clients, "concurrent SSE viewers");
  app.add_option("--commits", commits, "commands committed (each one transaction)");
  app.add_option("--interval-ms", interval_ms, "time between commits");
  app.add_option("--port", port, "loopback port for the feed");
  app.add_flag("--nchan", nchan, "viewers read nginx + nchan (scripts/nchan.sh), which the feed publishes to");
  app.add_option("--nchan-port", nchan_port, "loopback port for nginx");
  app.add_option("--nchan-workers", nchan_workers, "nginx worker processes");
  app.add_option("--reader-threads", reader_threads, "epoll loops holding the viewers");
  app.add_option("--drain-ms", drain_ms, "how long to wait for the last deliveries after the last commit");
  app.add_option("--analysis", analysis, "the feed's analysis beside the match: on (its default) or off (--no-analysis)")
      ->check(CLI::IsMember({"on", "off"}));
  app.add_option("--seed", first_seed, "the first random match's seed");
}

std::optional<std::string> StreamBench::start(const std::string& name, const std::string& path,
                                              SseViewers::OnBlock on_block) {
  raise_file_limit();
  dir_ = std::filesystem::temp_directory_path() / (name + "-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir_);
  FeedOptions fo;
  fo.db = (dir_ / "bench.db").string();
  auto opened = db::Store::open(fo.db);
  if (auto* e = std::get_if<db::StoreError>(&opened)) return e->message;
  store_.emplace(std::move(std::get<db::Store>(opened)));
  commits_.emplace(*store_, o_.first_seed);
  fo.port = o_.port;
  fo.max_streams = std::max(200, o_.clients + 10);
  fo.analysis = o_.analysis == "on";
  fo.nchan = o_.nchan;
  fo.nchan_port = o_.nchan_port;
  fo.nchan_workers = o_.nchan_workers;
  fo.nchan_prefix = (dir_ / "nchan").string();
  if (auto e = rig_.start(fo)) return e;
  if (auto e = viewers_.connect(rig_.viewer_port(), path, o_.clients, o_.reader_threads, std::move(on_block))) return e;
  if (const int in = viewers_.wait_admitted(std::chrono::seconds(60)); in < o_.clients)
    fmt::print(stderr, "only {} of {} viewers were admitted\n", in, o_.clients);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  return std::nullopt;
}

StreamMeasure StreamBench::measure() {
  StreamMeasure m;
  const std::string prefix = (dir_ / "nchan").string();
  const double cpu0 = cpu_seconds(rig_.feed_pid());
  const double ncpu0 = o_.nchan ? nginx_cpu(prefix) : 0.0;
  const auto t0 = Clock::now();
  m.committed = commits_->run(o_.commits, o_.interval_ms, t0);
  std::this_thread::sleep_for(std::chrono::milliseconds(o_.drain_ms));
  m.admitted = viewers_.admitted();
  viewers_.stop();
  m.wall = std::chrono::duration<double>(Clock::now() - t0).count();
  m.feed_cpu = cpu_seconds(rig_.feed_pid()) - cpu0;
  m.nginx_cpu = o_.nchan ? nginx_cpu(prefix) - ncpu0 : 0.0;
  return m;
}

std::string StreamBench::finish() {
  std::string info = rig_.nchan_channel_info();
  viewers_.stop();
  rig_.stop();
  return info;
}

StreamBench::~StreamBench() {
  finish();
  if (dir_.empty()) return;
  if (std::getenv("FACEDOWN_BENCH_KEEP")) fmt::print("kept {}\n", dir_.string());
  else std::filesystem::remove_all(dir_);
}

void raise_file_limit() {
  rlimit files{};
  getrlimit(RLIMIT_NOFILE, &files);
  files.rlim_cur = files.rlim_max;
  setrlimit(RLIMIT_NOFILE, &files);
}

}  // namespace facedown::bench
