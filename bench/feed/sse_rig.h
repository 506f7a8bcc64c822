// The feed benchmarks' shared rig (feed_latency_bench, feed_fanout_bench): a
// facedown-feed process on a temporary store (optionally behind nginx + nchan,
// scripts/nchan.sh), many SSE viewers as raw sockets in a few epoll loops (a
// thread per viewer would measure the bench's scheduler), random commands
// committed at a steady pace, and the CPU of the processes meanwhile.
//
// Each benchmark keeps only what it measures: how it reads a message block
// (its `on_block`) and what it reports. Invariants: every message block a
// viewer receives reaches `on_block` once, in order per viewer, with the time
// its bytes arrived; a FeedRig stops what it started (the feed, nginx) when
// it goes out of scope.
#pragma once
#include <CLI/CLI.hpp>
#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "db/store.h"
#include "engine/match.h"
#include "tests/db/random_operator.h"

namespace facedown::bench {

using Clock = std::chrono::steady_clock;
using RowKey = std::pair<long, long>;  // (match, seq)

// utime + stime of a process, in seconds (/proc/PID/stat).
double cpu_seconds(pid_t pid);
// The nginx master's (its pid file under `prefix`) and its workers' CPU seconds.
double nginx_cpu(const std::string& prefix);
// The p-th quantile (0..1) of `v` (sorted here); 0 when empty.
double quantile(std::vector<double> v, double p);

// One SSE viewer's socket: its bytes, de-chunked into the event stream.
struct SseSocket {
  int fd = -1;
  std::string in;    // raw bytes not yet decoded
  std::string body;  // the event stream, blocks not yet handed on
  bool headers = false, chunked = false, ok = false;
  std::size_t chunk_left = 0;
  int chunk_state = 0;  // 0: size line, 1: data, 2: the CRLF after the data
};
// The feed's id "M.S.U" of a versioned-stream message block (?v=2, and all
// that nchan serves), read from its body ({"match":M,"seq":S,"id":"M.S.U",...}):
// its data (the body) and {M, S, U}; nullopt for pings and anything else.
struct BodyId {
  std::string_view data;
  long match = 0, seq = 0, sub = 0;
};
std::optional<BodyId> body_id(std::string_view block);

// Moves what `in` holds into `body` (headers read, chunks undone); false at the final chunk.
bool decode(SseSocket& s);
// A blocking loopback connection to `port`, or -1.
int connect_to(int port);

struct FeedOptions {
  std::string db;                  // the store the feed follows (--latest)
  int port = 18088;                // the feed's loopback port
  int max_streams = 200;
  bool analysis = true;            // false: --no-analysis
  bool nchan = false;              // publish to nginx + nchan, which the viewers read
  int nchan_port = 18090, nchan_workers = 1;
  std::string nchan_prefix;        // nginx's folder (scripts/nchan.sh --prefix)
};

// facedown-feed (and nginx + nchan) as separate processes, as in use.
class FeedRig {
 public:
  // Starts them and waits until the feed answers; an error says which did not start.
  std::optional<std::string> start(const FeedOptions& o);
  ~FeedRig();
  void stop();
  pid_t feed_pid() const { return feed_; }
  // The port viewers connect to: nginx's with nchan, else the feed's.
  int viewer_port() const { return o_.nchan ? o_.nchan_port : o_.port; }
  // nchan's first line of its channel info ("" without nchan).
  std::string nchan_channel_info() const;

 private:
  FeedOptions o_;
  pid_t feed_ = -1;
  bool nchan_started_ = false;
};

// N viewers of one stream path, read by `loops` epoll threads until stop().
class SseViewers {
 public:
  using OnBlock = std::function<void(std::size_t viewer, std::string_view block, Clock::time_point arrived)>;
  // Connects and sends the request; an error names the viewer that failed.
  std::optional<std::string> connect(int port, const std::string& path, int viewers, int loops, OnBlock on_block);
  // Waits until every viewer got a 200 answer or `timeout` passed; how many did.
  int wait_admitted(std::chrono::seconds timeout);
  void stop();
  ~SseViewers();
  int admitted() const { return admitted_.load(); }

 private:
  void pump(int ep);
  std::vector<SseSocket> sockets_;
  std::vector<int> eps_;
  std::vector<std::thread> threads_;
  std::atomic<bool> reading_{true};
  std::atomic<int> admitted_{0};
  OnBlock on_block_;
};

// Random commands (tests/db/random_operator.h) committed through a store: the
// first match is made at once (so a feed started after it has one to follow),
// then run() commits one command every `interval_ms` from `t0`, a new match
// when one ends, and returns each commit's row with the time Store::append
// returned. It stops early, with a message on stderr, if the store refuses one.
class RandomCommits {
 public:
  RandomCommits(db::Store& store, std::uint64_t first_seed);
  std::vector<std::pair<RowKey, Clock::time_point>> run(int commits, int interval_ms, Clock::time_point t0);

 private:
  db::Store& store_;
  std::uint64_t seed_;
  std::optional<engine::Match> match_;
  std::optional<db::testing::RandomOperator> op_;
  db::MatchId id_ = 0;
};

// The options both stream benchmarks take (the defaults differ per benchmark:
// pass them in before add_to).
struct StreamBenchOptions {
  int clients = 1, commits = 200, interval_ms = 100, port = 18088, nchan_port = 18090;
  int reader_threads = 2, drain_ms = 2000, nchan_workers = 1;
  bool nchan = false;
  std::string analysis = "on";
  std::uint64_t first_seed = 1;
  void add_to(CLI::App& app);
};

// What a measured span gave: each commit's row and time, the wall time from
// the first commit to the end of the drain, the CPU of the feed and of nginx
// over it, and how many viewers were admitted.
struct StreamMeasure {
  std::vector<std::pair<RowKey, Clock::time_point>> committed;
  double wall = 0, feed_cpu = 0, nginx_cpu = 0;
  int admitted = 0;
};

// What one viewer heard: (row, arrival) of each row's message, in order.
using Heard = std::vector<std::pair<RowKey, Clock::time_point>>;

// Each delivery of a committed row (every viewer's first arrival of it) as
// (row, commit-to-arrival in ms), and the (row, viewer) pairs never delivered.
struct Deliveries {
  std::vector<std::pair<RowKey, double>> latencies_ms;
  std::size_t missing = 0;
  std::vector<double> all_ms() const;
};
Deliveries deliveries(const std::vector<std::pair<RowKey, Clock::time_point>>& committed,
                      const std::vector<Heard>& heard);

// One run of a stream benchmark: a temporary folder (removed at the end
// unless FACEDOWN_BENCH_KEEP is set) with a store and its first random match,
// the feed on it (behind nchan with --nchan), the viewers on `path`, then
// the paced commits and the drain.
class StreamBench {
 public:
  explicit StreamBench(StreamBenchOptions o) : o_(std::move(o)) {}
  ~StreamBench();
  // Everything up to the viewers admitted; an error says what did not start.
  std::optional<std::string> start(const std::string& name, const std::string& path, SseViewers::OnBlock on_block);
  StreamMeasure measure();
  // nchan's channel info ("" without nchan); then stops the feed and nginx.
  std::string finish();

 private:
  StreamBenchOptions o_;
  std::filesystem::path dir_;
  std::optional<db::Store> store_;
  std::optional<RandomCommits> commits_;
  FeedRig rig_;
  SseViewers viewers_;
};

// Raises this process's open-file limit to its hard limit (thousands of viewers).
void raise_file_limit();

}  // namespace facedown::bench
