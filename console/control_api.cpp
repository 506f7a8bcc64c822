#include "console/control_api.h"

#include <httplib.h>
#include <sys/socket.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "codec/json.h"
#include "console/control_token.h"
#include "console/desk_command.h"
#include "console/director_cues.h"
#include "console/director_page.h"

namespace facedown::console {

// Index of this file:
// [SECTION] Listen address
// [SECTION] Answers on the desk's thread
// [SECTION] Gates: origin, token, rate
// [SECTION] The server and its hand-over to the desk

// [SECTION] Listen address ---------------------------------------------------------

std::variant<std::optional<ControlEndpoint>, std::string> parse_control_listen(const std::string& text) {
  if (text == "off") return std::optional<ControlEndpoint>{};
  std::string host;
  std::string port;
  if (!text.empty() && text[0] == '[') {
    const auto close = text.find("]:");
    if (close == std::string::npos) return "expected [ADDRESS]:PORT, got '" + text + "'";
    host = text.substr(1, close - 1);
    port = text.substr(close + 2);
  } else {
    const auto colon = text.rfind(':');
    if (colon == std::string::npos || text.find(':') != colon)
      return "expected HOST:PORT (e.g. 127.0.0.1:8089) or off, got '" + text + "'";
    host = text.substr(0, colon);
    port = text.substr(colon + 1);
  }
  int p = -1;
  const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), p);
  if (host.empty() || ec != std::errc{} || end != port.data() + port.size() || p < 0 || p > 65535)
    return "expected HOST:PORT with a port from 0 to 65535, got '" + text + "'";
  return std::optional<ControlEndpoint>{ControlEndpoint{host, p}};
}

// [SECTION] Answers on the desk's thread -------------------------------------------

namespace {

std::string json_text(const nlohmann::json& j) {
  // A text that is not UTF-8 is sent with U+FFFD rather than dump() throwing.
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

ControlAnswer error_answer(int status, const std::string& reason) {
  return ControlAnswer{status, json_text(nlohmann::json{{"error", reason}})};
}

}  // namespace

ControlAnswer answer_state(Console& console) {
  if (!console.session()) return error_answer(409, "there is no match on the desk");
  // The referee view: the caller holds the desk's token.
  return ControlAnswer{200, json_text(codec::state_to_json(console.session()->match(), engine::kReferee))};
}

ControlAnswer answer_command(Console& console, std::string_view body, engine::Millis mono) {
  if (auto refused = give_desk_command(console, body, mono)) {
    switch (refused->kind) {
      case DeskRefusal::Kind::kRefused: return error_answer(422, refused->reason);
      case DeskRefusal::Kind::kNoMatch: return error_answer(409, refused->reason);
      case DeskRefusal::Kind::kStoreError: return error_answer(503, refused->reason);
    }
  }
  return answer_state(console);
}

ControlAnswer answer_cues(Console& console, std::string_view body, CueRequest kind) {
  MatchSession* session = console.session();
  if (!session) return error_answer(409, "there is no match on the desk");
  std::vector<std::string> lines;
  if (kind != CueRequest::kList) {
    auto parsed = cue_lines(body);
    if (auto* e = std::get_if<std::string>(&parsed)) return error_answer(422, *e);
    lines = std::move(std::get<std::vector<std::string>>(parsed));
  }
  if (kind == CueRequest::kTake) {
    if (auto e = take_cues(console.library(), session->id(), lines))
      return error_answer(e->find("cue ") == 0 ? 422 : 503, *e);
    console.ui().director.program.reset();  // the desk's panel reads the new program
  }
  auto program = program_of(console.library(), session->id());
  if (auto* e = std::get_if<std::string>(&program)) return error_answer(503, *e);
  nlohmann::json out = {{"program", director_json(std::get<broadcast::DirectorState>(program))}};
  if (kind == CueRequest::kPreview) {
    auto preview = preview_cues(std::get<broadcast::DirectorState>(program), lines);
    if (auto* e = std::get_if<std::string>(&preview)) return error_answer(422, *e);
    out["preview"] = director_json(std::get<broadcast::DirectorState>(preview));
  }
  if (kind == CueRequest::kList) {
    auto stored = console.library().cues(session->id());
    if (auto* e = std::get_if<std::string>(&stored)) return error_answer(503, *e);
    nlohmann::json list = nlohmann::json::array();
    for (const auto& c : std::get<std::vector<broadcast::CueRecord>>(stored))
      list.push_back({{"id", c.id}, {"seq", c.seq}, {"wall", c.wall}, {"cue", c.text}});
    out["cues"] = std::move(list);
  }
  return ControlAnswer{200, json_text(out)};
}

// [SECTION] Gates: origin, token, rate ---------------------------------------------

namespace {

// A token bucket per client (remote address): one tool that sends too much
// slows itself, not the operator's other tools. Only requests that passed the
// Origin and token checks reach it, so a refused caller never spends a budget.
class RequestBuckets {
 public:
  RequestBuckets(double per_second, double burst) : per_second_(per_second), burst_(burst) {}
  bool take(const std::string& client) {
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    if (buckets_.size() >= kMaxClients && !buckets_.count(client)) forget_full(now);
    auto [it, fresh] = buckets_.try_emplace(client, Bucket{burst_, now});
    Bucket& b = it->second;
    if (!fresh) {
      const std::chrono::duration<double> dt = now - b.last;
      b.level = std::min(burst_, b.level + dt.count() * per_second_);
      b.last = now;
    }
    if (b.level < 1.0) return false;
    b.level -= 1.0;
    return true;
  }

 private:
  struct Bucket {
    double level;
    std::chrono::steady_clock::time_point last;
  };
  static constexpr std::size_t kMaxClients = 256;
  // Drops the buckets that have refilled (they hold nothing a fresh one would not).
  void forget_full(std::chrono::steady_clock::time_point now) {
    for (auto it = buckets_.begin(); it != buckets_.end();) {
      const std::chrono::duration<double> dt = now - it->second.last;
      if (it->second.level + dt.count() * per_second_ >= burst_) it = buckets_.erase(it);
      else ++it;
    }
  }
  std::mutex mutex_;
  double per_second_;
  double burst_;
  std::map<std::string, Bucket> buckets_;
};

// The credentials of "Authorization: Bearer <token>"; the scheme name is
// case-insensitive (RFC 9110). nullopt: no bearer credentials at all.
std::optional<std::string_view> bearer_token(std::string_view auth) {
  constexpr std::string_view kScheme = "bearer";
  if (auth.size() <= kScheme.size() + 1 || auth[kScheme.size()] != ' ') return std::nullopt;
  for (std::size_t i = 0; i < kScheme.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(auth[i])) != kScheme[i]) return std::nullopt;
  auth.remove_prefix(kScheme.size() + 1);
  while (!auth.empty() && auth.front() == ' ') auth.remove_prefix(1);
  if (auth.empty()) return std::nullopt;
  return auth;
}

bool is_loopback(const std::string& host) { return host == "127.0.0.1" || host == "::1" || host == "localhost"; }

std::string origin_of(const std::string& host, int port) {
  const bool v6 = host.find(':') != std::string::npos;
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

}  // namespace

// [SECTION] The server and its hand-over to the desk -------------------------------

namespace {

// One request waiting for the desk. `taken` once the desk has started on it (it
// will then be answered); `abandoned` when the HTTP side gave up first (the desk
// must then not carry it out, since nobody would learn that it happened).
struct Pending {
  enum class Kind { kCommand, kState, kCueTake, kCuePreview, kCueList };
  Kind kind = Kind::kCommand;
  std::string body;
  bool taken = false;
  bool abandoned = false;
  bool done = false;
  ControlAnswer answer;
};

}  // namespace

struct ControlServer::Impl {
  ControlLimits limits;
  std::string token;
  std::string url;
  std::vector<std::string> origins;  // the server's own
  int port = 0;
  RequestBuckets buckets;
  httplib::Server http;
  std::thread thread;

  std::mutex mutex;
  std::condition_variable answered;
  std::deque<std::shared_ptr<Pending>> queue;
  bool closing = false;

  Impl(ControlLimits l, std::string t)
      : limits(l), token(std::move(t)), buckets(l.requests_per_second, l.burst) {}

  static void reply(httplib::Response& res, const ControlAnswer& a) {
    res.status = a.status;
    res.set_header("Cache-Control", "no-store");
    res.set_content(a.body, "application/json");
  }

  // The cheap checks first (Origin, token), then the caller's own rate: a
  // refused request is answered at once and spends nobody's budget.
  httplib::Server::HandlerResponse gate(const httplib::Request& req, httplib::Response& res) {
    using R = httplib::Server::HandlerResponse;
    // A page on another site must not drive the desk through the operator's browser.
    if (req.has_header("Origin")) {
      const std::string origin = req.get_header_value("Origin");
      if (std::find(origins.begin(), origins.end(), origin) == origins.end()) {
        reply(res, error_answer(403, "requests from another origin are refused"));
        return R::Handled;
      }
    }
    if (req.method == "GET" && req.path == "/director") return R::Unhandled;  // the page only; see its route
    const std::string auth = req.get_header_value("Authorization");
    const auto given = bearer_token(auth);
    if (!given || !same_secret(*given, token)) {
      res.set_header("WWW-Authenticate", "Bearer");
      reply(res, error_answer(401, given ? "the token is not the desk's" : "an Authorization: Bearer token is required"));
      return R::Handled;
    }
    if (!buckets.take(req.remote_addr)) {
      res.set_header("Retry-After", "1");
      reply(res, error_answer(429, "too many requests: at most " +
                                       std::to_string(static_cast<int>(limits.requests_per_second)) +
                                       " a second"));
      return R::Handled;
    }
    return R::Unhandled;
  }

  // The HTTP thread's side: hand over, wait for the desk.
  ControlAnswer hand_over(Pending::Kind kind, std::string body) {
    auto p = std::make_shared<Pending>();
    p->kind = kind;
    p->body = std::move(body);
    std::unique_lock lock(mutex);
    if (closing) return error_answer(503, "the desk is closing");
    queue.push_back(p);
    const bool in_time = answered.wait_for(lock, limits.desk_timeout, [&] { return p->done || closing; });
    if (!in_time && !p->taken) {
      p->abandoned = true;
      return error_answer(503, "the desk did not answer in time; nothing was done");
    }
    // Taken: the desk is carrying it out now and will answer.
    answered.wait(lock, [&] { return p->done || (closing && !p->taken); });
    if (!p->done) return error_answer(503, "the desk is closing; nothing was done");
    return p->answer;
  }
};

ControlServer::ControlServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

std::variant<std::unique_ptr<ControlServer>, std::string> ControlServer::start(const ControlEndpoint& at,
                                                                               std::string token,
                                                                               ControlLimits limits) {
  auto impl = std::make_unique<Impl>(limits, std::move(token));
  Impl* s = impl.get();
  s->http.set_payload_max_length(limits.max_body);
  // httplib's default adds SO_REUSEPORT, which would let a second console bind the
  // same port and have the kernel share the commands between two desks. Only
  // SO_REUSEADDR (a restart right after a close may listen again).
  s->http.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
  });
  s->http.set_pre_routing_handler([s](const httplib::Request& req, httplib::Response& res) { return s->gate(req, res); });
  using K = Pending::Kind;
  s->http.Post("/api/command", [s](const httplib::Request& req, httplib::Response& res) {
    Impl::reply(res, s->hand_over(K::kCommand, req.body));
  });
  s->http.Get("/api/state", [s](const httplib::Request&, httplib::Response& res) {
    Impl::reply(res, s->hand_over(K::kState, {}));
  });
  s->http.Post("/api/cue", [s](const httplib::Request& req, httplib::Response& res) {
    Impl::reply(res, s->hand_over(K::kCueTake, req.body));
  });
  s->http.Post("/api/preview", [s](const httplib::Request& req, httplib::Response& res) {
    Impl::reply(res, s->hand_over(K::kCuePreview, req.body));
  });
  s->http.Get("/api/cues", [s](const httplib::Request&, httplib::Response& res) {
    Impl::reply(res, s->hand_over(K::kCueList, {}));
  });
  // The director's page: a file with no state and no secret in it, so it is the
  // one thing served without the token; everything it shows comes from the API,
  // which it calls with the token the director types.
  s->http.Get("/director", [](const httplib::Request&, httplib::Response& res) {
    res.set_header("Cache-Control", "no-store");
    res.set_header("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                                              "script-src 'self' 'unsafe-inline'; frame-src *");
    res.set_content(std::string(director_page_html()), "text/html; charset=utf-8");
  });
  s->http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    const char* why = res.status == 413   ? "the body is too large for one command"
                      : res.status == 404 ? "no such route: POST /api/command, /api/cue, /api/preview; "
                                            "GET /api/state, /api/cues, /director"
                                          : "the request was refused";
    Impl::reply(res, error_answer(res.status, why));
  });
  if (at.port == 0) {
    s->port = s->http.bind_to_any_port(at.host);
    if (s->port < 0) return "cannot listen on " + at.host + " (the control API)";
  } else {
    if (!s->http.bind_to_port(at.host, at.port))
      return "cannot listen on " + origin_of(at.host, at.port) + " (the control API); --control-listen off disables it";
    s->port = at.port;
  }
  s->url = origin_of(at.host, s->port);
  s->origins.push_back(s->url);
  if (is_loopback(at.host)) {
    s->origins.push_back(origin_of("localhost", s->port));
    s->origins.push_back(origin_of("127.0.0.1", s->port));
  }
  s->thread = std::thread([s] { s->http.listen_after_bind(); });
  return std::unique_ptr<ControlServer>(new ControlServer(std::move(impl)));
}

ControlServer::~ControlServer() {
  {
    std::lock_guard lock(impl_->mutex);
    impl_->closing = true;
  }
  impl_->answered.notify_all();
  impl_->http.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

const std::string& ControlServer::url() const { return impl_->url; }
int ControlServer::port() const { return impl_->port; }

int ControlServer::serve(Console& console, engine::Millis mono) {
  std::vector<std::shared_ptr<Pending>> work;
  {
    std::lock_guard lock(impl_->mutex);
    for (auto& p : impl_->queue) {
      if (p->abandoned) continue;
      p->taken = true;
      work.push_back(std::move(p));
    }
    impl_->queue.clear();
  }
  for (auto& p : work) {
    ControlAnswer a;
    switch (p->kind) {
      case Pending::Kind::kCommand: a = answer_command(console, p->body, mono); break;
      case Pending::Kind::kState: a = answer_state(console); break;
      case Pending::Kind::kCueTake: a = answer_cues(console, p->body, CueRequest::kTake); break;
      case Pending::Kind::kCuePreview: a = answer_cues(console, p->body, CueRequest::kPreview); break;
      case Pending::Kind::kCueList: a = answer_cues(console, p->body, CueRequest::kList); break;
    }
    std::lock_guard lock(impl_->mutex);
    p->answer = std::move(a);
    p->done = true;
  }
  if (!work.empty()) impl_->answered.notify_all();
  return static_cast<int>(work.size());
}

std::unique_ptr<ControlServer> start_desk_control(const std::string& listen, const std::string& token_path,
                                                  Console& console) {
  auto parsed = parse_control_listen(listen);
  if (auto* e = std::get_if<std::string>(&parsed)) {
    console.set_control({"", "", *e});
    return nullptr;
  }
  const auto& at = std::get<std::optional<ControlEndpoint>>(parsed);
  if (!at) {
    console.set_control({});
    return nullptr;
  }
  auto token = load_or_create_control_token(token_path);
  if (auto* e = std::get_if<std::string>(&token)) {
    console.set_control({"", "", *e});
    return nullptr;
  }
  const std::string hex = std::get<ControlToken>(token).hex;
  auto started = ControlServer::start(*at, hex);
  if (auto* e = std::get_if<std::string>(&started)) {
    console.set_control({"", "", *e});
    return nullptr;
  }
  auto server = std::move(std::get<std::unique_ptr<ControlServer>>(started));
  console.set_control({server->url(), hex, ""});
  return server;
}

}  // namespace facedown::console
