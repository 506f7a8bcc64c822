// facedown-feed: the broadcast's network feed (docs/deployment.md). Serves the
// public on-air model, its event stream, the browser overlay and replays, and,
// with a token, the referee view delayed in the store by --tv-delay seconds.
#include <CLI/CLI.hpp>
#include <csignal>
#include <sys/resource.h>
#include <cstdio>
#include <fmt/core.h>

#include "feed/feed_server.h"
#include "feed/static_files.h"

int main(int argc, char** argv) {
  using namespace facedown;
  CLI::App app{"Facedown feed: the on-air JSON, its SSE stream, the browser overlay, replays, the delayed TV feed"};
  std::string db_path, listen = "127.0.0.1:8088", token_file, web;
  std::optional<std::int64_t> match;
  bool latest = false;
  std::int64_t tv_delay = 30;
  int heartbeat_s = 2;
  app.add_option("--db", db_path, "the match store (SQLite file, read only)")->required()->check(CLI::ExistingFile);
  app.add_option("--listen", listen, "address:port to serve on (a LAN address for graphics machines)");
  auto* m = app.add_option("--match", match, "the match to follow");
  app.add_flag("--latest", latest, "follow the newest match, switching when one is opened (default)")->excludes(m);
  app.add_option("--tv-delay", tv_delay, "seconds between an event's commit and its release on /tv/stream")
      ->check(CLI::Range(0, 24 * 3600));
  app.add_option("--tv-token-file", token_file, "file whose first line is the token for /tv/ (no file: no TV feed)");
  app.add_option("--web", web, "the overlay's files (default: share/facedown/web, else the source tree's feed/web)");
  app.add_option("--heartbeat", heartbeat_s, "seconds between pings on idle streams (a page shows FEED LOST after 3)")
      ->check(CLI::Range(1, 60));
  std::string publish;
  int max_streams = 200;
  app.add_option("--publish", publish,
                 "nchan's publisher location: each on-air message is POSTed there for nginx to fan out "
                 "(docs/deployment.md), e.g. http://127.0.0.1:8090/pub/on-air");
  app.add_option("--max-streams", max_streams, "concurrent SSE streams served here; past it 503 + Retry-After")
      ->check(CLI::Range(1, 5000));
  bool no_analysis = false;
  app.add_flag("--no-analysis", no_analysis,
               "run no analysis beside the match (the frame's \"analysis\" stays null; docs/analysis.md)");
  CLI11_PARSE(app, argc, argv);

  feed::FeedOptions o;
  o.db_path = db_path;
  const auto colon = listen.rfind(':');
  if (colon == std::string::npos || colon == 0) {
    fmt::print(stderr, "facedown-feed: --listen takes address:port, not '{}'\n", listen);
    return 2;
  }
  o.host = listen.substr(0, colon);
  try {
    o.port = std::stoi(listen.substr(colon + 1));
  } catch (const std::exception&) {
    o.port = -1;
  }
  if (o.port < 1 || o.port > 65535) {
    fmt::print(stderr, "facedown-feed: --listen: '{}' is not a port\n", listen.substr(colon + 1));
    return 2;
  }
  o.match = match;
  o.tv_delay_ms = tv_delay * 1000;
  o.heartbeat = std::chrono::seconds(heartbeat_s);
  o.publish_url = publish;
  o.analysis = !no_analysis;
  o.log = [](const std::string& line) { fmt::print(stderr, "facedown-feed: {}\n", line); };
  o.max_streams = max_streams;
  o.web_root = feed::find_web_root(web, std::filesystem::absolute(argv[0]));
  if (!token_file.empty()) {
    auto t = feed::read_token_file(token_file);
    if (!t.error.empty()) {
      fmt::print(stderr, "facedown-feed: {}\n", t.error);
      return 2;
    }
    o.tv_token = t.token;
  }

  // Block the stop signals before any thread starts, so every thread inherits
  // the mask and only sigwait below receives them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
  // Each connection is a descriptor: room for the streams, the gate's waiting
  // connections and the store (the soft limit is often 1024).
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }

  auto started = feed::FeedServer::start(o);
  if (auto* e = std::get_if<db::StoreError>(&started)) {
    fmt::print(stderr, "facedown-feed: {}\n", e->message);
    return 1;
  }
  auto& server = std::get<std::unique_ptr<feed::FeedServer>>(started);
  fmt::print(stderr, "facedown-feed: serving {} on http://{}:{}/ (overlay: /overlay.html, web files: {}){}\n",
             db_path, o.host, server->port(), o.web_root.string(),
             o.tv_token.empty() ? "" : fmt::format("; TV feed delayed {} s", tv_delay));
  if (!publish.empty()) fmt::print(stderr, "facedown-feed: publishing each on-air message to {}\n", publish);
  int sig = 0;
  sigwait(&stop_signals, &sig);
  server->stop();
  return 0;
}
