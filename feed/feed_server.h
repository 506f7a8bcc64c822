// FeedServer: facedown-feed's HTTP side (cpp-httplib). Public routes (the on-air
// JSON and its Server-Sent Events stream, the overlay's files, the match list,
// replays) read only what the public reader returns (the streams, with ?v=2,
// as a full frame and then JSON Patches: message_log.h, frame_patch.h); the TV routes need the
// token and read only what the delayed reader releases. Every bad request gets
// a 4xx JSON error ({"error": "...", "status": N}); nothing a client sends can
// stop the server.
#pragma once
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "db/error.h"
#include "db/store.h"

namespace facedown::feed {

struct FeedOptions {
  std::string db_path;
  std::string host = "127.0.0.1";
  int port = 8088;                    // 0: any free port (tests)
  std::optional<db::MatchId> match;  // nullopt: follow the latest match
  std::filesystem::path web_root;
  // The delayed TV feed: off while the token is empty.
  std::string tv_token;
  std::int64_t tv_delay_ms = 0;
  std::chrono::milliseconds heartbeat{2'000};   // ping events on idle streams
  std::chrono::milliseconds poll{10};           // data_version polling
  // Serving limits (feed/gated_server.h; docs/deployment.md says why these).
  int max_streams = 200;                         // concurrent SSE streams; past it 503 + Retry-After
  int request_workers = 8;                       // threads for everything but streams
  std::chrono::milliseconds header_deadline{5'000};  // a request head must be complete within it
  std::chrono::milliseconds io_timeout{5'000};       // a write stalled this long ends the connection
  std::function<std::int64_t()> wall_clock_ms;  // empty: system clock
  // nchan's publisher location (feed/nchan_publisher.h); empty: no fan-out.
  std::string publish_url;
  std::function<void(const std::string&)> log;  // operator messages (main: stderr); may be empty
  // The analysis beside the match (docs/analysis.md "On air"): the live frame's
  // public "analysis", the TV cut's every point of view, the replay's graph.
  bool analysis = false;
  int analysis_playouts = 1100;  // at most, per win probability (1,068 give ±3 points)
};

class FeedServer {
 public:
  // Opens the readers, binds the address and starts serving on a thread of its own.
  static db::Result<std::unique_ptr<FeedServer>> start(FeedOptions options);
  ~FeedServer();  // stop()
  int port() const;
  // Ends every stream, stops listening and joins the threads.
  void stop();

  struct Impl;

 private:
  explicit FeedServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The token file's first line, whitespace trimmed; `error` says why there is
// none (the file cannot be read, or the token is shorter than 16 characters).
struct TokenFile {
  std::string token;
  std::string error;  // empty: read
};
TokenFile read_token_file(const std::string& path);

}  // namespace facedown::feed
