// ControlApi: the desk driven from outside the window (Bitfocus Companion, curl).
// `POST /api/command` takes one match-script command, `GET /api/state` gives the
// state, `POST /api/cue` and `/api/preview` and `GET /api/cues` are the director's
// cues; all need the bearer token. `GET /director` is the director's page (the
// one route without it: the page holds nothing and asks for the token). The HTTP server (cpp-httplib) runs on its
// own threads and never touches the match: it hands each request to the desk's
// own loop (serve(), every frame) and waits for the answer, so the console stays
// the only writer and a command goes through the same dispatch as a typed one.
// Gates, in order: Origin (403), token (401), the caller's rate (429, a bucket
// per remote address, spent only by requests that passed the first two), body
// size (413).
#pragma once
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "console/console.h"

namespace facedown::console {

// Where the control API listens: `--control-listen 127.0.0.1:8089`; port 0 picks
// a free one (tests).
struct ControlEndpoint {
  std::string host = "127.0.0.1";
  int port = 8089;
};
inline constexpr const char* kDefaultControlListen = "127.0.0.1:8089";

// "HOST:PORT", "[V6]:PORT" or "off" (nullopt); an error names what is wrong.
std::variant<std::optional<ControlEndpoint>, std::string> parse_control_listen(const std::string& text);

struct ControlLimits {
  double requests_per_second = 20;  // refill of each client's token bucket
  double burst = 40;                // its size
  std::size_t max_body = 4096;      // bytes of one command (the engine's text limit)
  std::chrono::milliseconds desk_timeout{3000};  // the desk's loop must answer within
};

// An HTTP answer: status and JSON body.
struct ControlAnswer {
  int status = 200;
  std::string body;
};

// Run on the desk's thread. A command answers 200 with the referee state JSON
// (docs/match-script.md), 422 when it is not a command or the engine refused it,
// 409 without a match, 503 when the store failed; never a change on a refusal.
ControlAnswer answer_command(Console& console, std::string_view body, engine::Millis mono);
ControlAnswer answer_state(Console& console);
// The director's cues (console/director_cues.h): POST /api/cue takes the body's
// cue lines (200 with the program; 422 naming the refused cue, nothing stored),
// POST /api/preview shows them on top of the program without storing them, GET
// /api/cues lists the stored ones. 409 without a match, 503 when the store failed.
enum class CueRequest { kTake, kPreview, kList };
ControlAnswer answer_cues(Console& console, std::string_view body, CueRequest kind);

class ControlServer {
 public:
  static std::variant<std::unique_ptr<ControlServer>, std::string> start(const ControlEndpoint& at,
                                                                         std::string token,
                                                                         ControlLimits limits = {});
  ~ControlServer();  // stops listening; requests still waiting get 503
  ControlServer(const ControlServer&) = delete;
  ControlServer& operator=(const ControlServer&) = delete;

  // "http://127.0.0.1:8089" (the real port when 0 was asked for).
  const std::string& url() const;
  int port() const;
  // On the desk's thread, once a frame: answers every request handed over since.
  // Returns how many it answered.
  int serve(Console& console, engine::Millis mono);

  struct Impl;

 private:
  explicit ControlServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Starts the control API as `--control-listen` asks, with the token kept at
// `token_path`, and tells the console's dialog where it listens or why it does
// not. nullptr: turned off, or it could not start (the dialog says why).
std::unique_ptr<ControlServer> start_desk_control(const std::string& listen, const std::string& token_path,
                                                  Console& console);

}  // namespace facedown::console
