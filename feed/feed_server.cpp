#include "feed/feed_server.h"

#include <httplib.h>

#include <cctype>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "broadcast/analysis_records.h"
#include "broadcast/replay_steps.h"
#include "broadcast/theme.h"
#include "feed/replay_analysis.h"
#include "db/public_reader.h"
#include "codec/json.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "feed/gated_server.h"
#include "feed/live_follower.h"
#include "feed/nchan_publisher.h"
#include "feed/on_air_flat.h"
#include "feed/on_air_json.h"
#include "feed/static_files.h"
#include "feed/tv_follower.h"

// Index of this file:
// [SECTION] helpers: JSON errors, numbers, the token
// [SECTION] streams: Server-Sent Events over a MessageLog
// [SECTION] routes
// [SECTION] start and stop

namespace facedown::feed {

using nlohmann::json;

// [SECTION] helpers: JSON errors, numbers, the token

namespace {

void send_error(httplib::Response& res, int status, const std::string& message) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  // The message may quote the request, whose bytes need not be UTF-8: they are
  // replaced, never allowed to throw (that was a 500 for /replay/%FF/on-air).
  res.set_content(json{{"error", message}, {"status", status}}.dump(-1, ' ', false, json::error_handler_t::replace),
                  "application/json");
}

// A non-negative decimal that fits `max`; nullopt for anything else ("", "-1",
// "1e3", "99999999999999999999", "7abc").
std::optional<std::int64_t> parse_count(const std::string& s, std::int64_t max) {
  if (s.empty() || s.size() > 18) return std::nullopt;
  std::int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < 0 || v > max) return std::nullopt;
  return v;
}

// Compares without stopping at the first difference, so the time taken tells
// nothing of how much of a guess was right.
bool same_token(const std::string& a, const std::string& b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ (i < b.size() ? b[i] : 0));
  return diff == 0;
}

// The credentials of an "Authorization: Bearer <token>" header; the scheme's
// name is case-insensitive (RFC 9110), so "bearer" and "BEARER" count too.
std::string bearer(const httplib::Request& req) {
  const std::string h = req.get_header_value("Authorization");
  if (h.size() < 7) return {};
  for (std::size_t i = 0; i < 6; ++i)
    if (std::tolower(static_cast<unsigned char>(h[i])) != "bearer"[i]) return {};
  if (h[6] != ' ') return {};
  const auto b = h.find_first_not_of(' ', 7);
  return b == std::string::npos ? std::string() : h.substr(b);
}

// Whether an If-None-Match header names `etag` (quoted; weak tags compare
// equal, as RFC 9110 asks for GET).
bool etag_matches(const std::string& header, const std::string& etag) {
  std::size_t start = 0;
  while (start <= header.size()) {
    std::size_t comma = header.find(',', start);
    std::string t = header.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto b = t.find_first_not_of(" \t");
    const auto e = t.find_last_not_of(" \t");
    t = b == std::string::npos ? std::string() : t.substr(b, e - b + 1);
    if (t.rfind("W/", 0) == 0) t = t.substr(2);
    if (t == "*" || t == etag) return true;
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return false;
}

// A validator for a file's bytes (FNV-1a 64).
std::string content_etag(const std::string& body) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : body) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  char buf[24];
  std::snprintf(buf, sizeof(buf), "\"%016llx\"", static_cast<unsigned long long>(h));
  return buf;
}

// Answers 304 (no body) when the client already holds `etag`.
bool not_modified(const httplib::Request& req, httplib::Response& res, const std::string& etag) {
  res.set_header("ETag", etag);
  if (!req.has_header("If-None-Match") || !etag_matches(req.get_header_value("If-None-Match"), etag)) return false;
  res.status = 304;
  return true;
}

json summary_json(const db::MatchSummary& s) {
  json j = {{"id", s.id},
            {"game", s.game},
            {"preset", s.preset},
            {"players", {s.players[0], s.players[1]}},
            {"status", s.status},
            {"finished", s.finished},
            {"events", s.events}};
  if (s.result) j["result"] = {{"winner", s.result->winner}, {"reason", s.result->reason}};
  return j;
}

}  // namespace

TokenFile read_token_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return {"", path + ": cannot read the token file"};
  std::string line;
  std::getline(in, line);
  const auto b = line.find_first_not_of(" \t\r\n");
  const auto e = line.find_last_not_of(" \t\r\n");
  std::string token = b == std::string::npos ? std::string() : line.substr(b, e - b + 1);
  if (token.size() < 16) return {"", path + ": the token must be at least 16 characters on the first line"};
  return {token, ""};
}

struct FeedServer::Impl {
  FeedOptions options;
  std::unique_ptr<GatedServer> http;
  int port = 0;
  std::unique_ptr<LiveFollower> live;
  std::unique_ptr<TvFollower> tv;
  std::unique_ptr<NchanPublisher> publisher;
  std::unique_ptr<ReplayAnalysis> replay_analysis;  // null: --no-analysis
  // The analysis as it aired (the analysis file beside the store), for replayed frames.
  std::optional<broadcast::AnalysisRecords> aired;
  // The theme.json served from web_root, when it loads: the frames' explainer
  // places are decided from the file the pages read, not the build's copy.
  std::shared_ptr<const broadcast::Theme> theme;
  std::mutex reader_mu;  // the replay reader serves requests from many threads
  std::optional<db::PublicReader> reader;
  bool stopped = false;

  void routes();
  void stream(const MessageLog& log, const httplib::Request& req, httplib::Response& res) const;
  // The stream of a match this feed does not follow: one waiting card saying
  // so (both languages), then pings, until the feed follows that match (the
  // stream then ends, and the page's reconnect gets the match itself).
  void not_followed_stream(db::MatchId asked, const httplib::Request& req, httplib::Response& res) const;
  bool tv_allowed(const httplib::Request& req, httplib::Response& res) const;
  // The on-air JSON of match `id` after row `step` (nullopt: the latest row).
  // On failure the response holds the error.
  // `after_ms`: how long after that row's commit (a seek inside an animation).
  std::optional<std::string> replay_json(db::MatchId id, std::optional<std::int64_t> step, std::int64_t after_ms,
                                         httplib::Response& res);
  // The replay's steps of match `id` (engine/replay_steps.h) as JSON; on failure
  // the response holds the error.
  std::optional<std::string> replay_steps_json(db::MatchId id, httplib::Response& res);
  // Whether every point of view of this match may be shown to anyone: it has
  // ended and its last event is older than the TV delay.
  bool view_released(const db::MatchSummary& s) const;
  std::int64_t now_ms() const;
  std::vector<engine::GameInfo> games = engine::all_games();
  void serve_file(const std::string& rel, const httplib::Request& req, httplib::Response& res) const;
};

// [SECTION] streams: Server-Sent Events over a MessageLog

// The full model on connect (or, with Last-Event-ID, what came after it), then
// every message as it is pushed; a ping when nothing came for a heartbeat
// period, so proxies keep the connection open and pages know the feed lives.
// ?v=2: the versioned stream (docs/on-air.md, "Patches"): `event: frame` with
// the full frame in an envelope, then `event: patch` with each message's JSON
// Patch on top of the one before; a full frame again on connect, on resume, at
// every periodic full message (MessageLog), and whenever the client does not
// hold a patch's base. Without it: the old stream, every message whole.
void FeedServer::Impl::stream(const MessageLog& log, const httplib::Request& req, httplib::Response& res) const {
  if (!GatedServer::on_stream_thread()) {
    // The gate did not see a stream route in this spelling of the path; a
    // request thread must never be held by a stream.
    return send_error(res, 400, "ask for the stream by its plain path (/on-air/stream, /tv/stream)");
  }
  bool v2 = false;
  if (req.has_param("v")) {
    const std::string v = req.get_param_value("v");
    if (v != "1" && v != "2") return send_error(res, 400, "v must be 1 (every message whole) or 2 (frames and patches)");
    v2 = v == "2";
  }
  std::optional<EventId> last;
  if (req.has_header("Last-Event-ID")) last = EventId::parse(req.get_header_value("Last-Event-ID"));
  struct Cursor {
    std::optional<EventId> last;
    bool opened = false;
    bool from_start = false;  // came before the first message: gets every one
    bool v2 = false;
    bool sent = false;  // a message went on this connection (the first one goes whole)
  };
  auto cursor = std::make_shared<Cursor>(Cursor{last, false, !last && log.empty(), v2, false});
  const auto heartbeat = options.heartbeat;
  const std::string ping = ": hb\nevent: ping\ndata: {\"every_ms\":" + std::to_string(heartbeat.count()) + "}\n\n";
  res.set_header("Cache-Control", "no-cache");
  res.set_header("X-Accel-Buffering", "no");  // nginx and the like: pass each message on at once
  res.set_chunked_content_provider("text/event-stream", [&log, cursor, heartbeat, ping](std::size_t, httplib::DataSink& sink) {
    if (!cursor->opened) {
      cursor->opened = true;
      const std::string hello = "retry: 1000\n\n";
      if (!sink.write(hello.data(), hello.size())) return false;
    }
    auto messages = log.wait_since(cursor->last, heartbeat, cursor->from_start);
    if (log.stopped()) {
      sink.done();
      return true;
    }
    std::string out;
    for (const auto& m : messages) {
      if (cursor->v2) {
        const bool as_patch = cursor->sent && !m.full && !m.patch.empty() && cursor->last && m.base == *cursor->last;
        out += sse_message_v2(m, as_patch);
      } else {
        out += sse_message(m);
      }
      cursor->sent = true;
      cursor->last = m.id;
    }
    // Idle: a comment (proxies keep the connection) and a "ping" event, which
    // a page sees (EventSource hides comments) and takes as a sign of life;
    // it has no id, so a reconnect still resumes from the last message.
    if (out.empty()) out = ping;
    return sink.write(out.data(), out.size());
  });
}

namespace {

// The card of a match the feed does not follow: the waiting frame with its
// message saying which match it follows, so a page opened with ?match=M is never
// a blank card.
std::string not_followed_frame(db::MatchId asked, db::MatchId followed, std::int64_t now_ms) {
  json j = json::parse(on_air_text(broadcast::OnAirModel{}, now_ms, false));
  const std::string m = std::to_string(asked);
  const std::string f = std::to_string(followed);
  j["message"] = followed > 0
                     ? json{{"en", "This feed does not follow match " + m + ": it follows match " + f},
                            {"ko", "이 피드는 " + m + "번 경기를 따르지 않습니다: 지금은 " + f + "번 경기"}}
                     : json{{"en", "This feed does not follow match " + m + ": no match yet"},
                            {"ko", "이 피드는 " + m + "번 경기를 따르지 않습니다: 아직 경기 없음"}};
  j["match"] = asked;
  return j.dump();
}

}  // namespace

void FeedServer::Impl::not_followed_stream(db::MatchId asked, const httplib::Request& req,
                                           httplib::Response& res) const {
  if (!GatedServer::on_stream_thread())
    return send_error(res, 400, "ask for the stream by its plain path (/on-air/stream, /tv/stream)");
  const bool v2 = req.has_param("v") && req.get_param_value("v") == "2";
  Message card(EventId{asked, 0, 0}, not_followed_frame(asked, live->match(), now_ms()));
  card.full = true;
  std::string first = "retry: 1000\n\n" + (v2 ? sse_message_v2(card, false) : sse_message(card));
  const auto heartbeat = options.heartbeat;
  const std::string ping = ": hb\nevent: ping\ndata: {\"every_ms\":" + std::to_string(heartbeat.count()) + "}\n\n";
  res.set_header("Access-Control-Allow-Origin", "*");
  res.set_header("Cache-Control", "no-cache");
  res.set_header("X-Accel-Buffering", "no");
  auto sent = std::make_shared<bool>(false);
  const LiveFollower* follower = live.get();
  res.set_chunked_content_provider(
      "text/event-stream", [follower, asked, heartbeat, ping, first, sent](std::size_t, httplib::DataSink& sink) {
        if (!*sent) {
          *sent = true;
          return sink.write(first.data(), first.size());
        }
        const auto& log = follower->log();
        auto latest = log.latest();
        log.wait_since(latest ? std::optional<EventId>(latest->id) : std::nullopt, heartbeat, false);
        if (log.stopped() || follower->match() == asked) {
          sink.done();
          return true;
        }
        return sink.write(ping.data(), ping.size());
      });
}

bool FeedServer::Impl::tv_allowed(const httplib::Request& req, httplib::Response& res) const {
  if (!tv) {
    send_error(res, 404, "the TV feed is off: start facedown-feed with --tv-token-file");
    return false;
  }
  // An empty ?token= is no token: it must not hide a correct Authorization header.
  std::string given = req.has_param("token") ? req.get_param_value("token") : std::string();
  if (given.empty()) given = bearer(req);
  if (given.empty() || !same_token(given, options.tv_token)) {
    res.set_header("WWW-Authenticate", "Bearer");
    send_error(res, 401, given.empty() ? "the TV feed needs its token (?token= or Authorization: Bearer)"
                                       : "wrong token for the TV feed");
    return false;
  }
  res.set_header("Cache-Control", "no-store, private");
  return true;
}

std::optional<std::string> FeedServer::Impl::replay_json(db::MatchId id, std::optional<std::int64_t> step,
                                                         std::int64_t after_ms, httplib::Response& res) {
  std::lock_guard lock(reader_mu);
  auto summary = reader->match(id);
  if (auto* e = std::get_if<db::StoreError>(&summary)) {
    if (e->kind == db::StoreError::Kind::kNotFound) send_error(res, 404, "no match " + std::to_string(id));
    else send_error(res, 503, "the store cannot be read now: " + e->message);
    return std::nullopt;
  }
  const auto& s = std::get<db::MatchSummary>(summary);
  if (step && *step > s.events) {
    send_error(res, 400, "step " + std::to_string(*step) + " is past the match's last public row (" +
                             std::to_string(s.events) + ")");
    return std::nullopt;
  }
  const int n = step ? static_cast<int>(*step) : s.events;
  auto got = reader->events_after(id, 0, n == 0 ? 1 : n);
  auto seals = reader->seals(id);
  if (std::holds_alternative<db::StoreError>(got) || std::holds_alternative<db::StoreError>(seals)) {
    send_error(res, 503, "the store cannot be read now");
    return std::nullopt;
  }
  std::vector<broadcast::PublicRow> rows;
  for (auto& r : std::get<std::vector<db::PublicEventRow>>(got)) rows.push_back(to_public_row(std::move(r)));
  const std::size_t count = n == 0 ? 0 : rows.size();
  auto model = model_after(rows, count, to_commitments(std::get<std::vector<db::PublicSeal>>(seals)), std::nullopt,
                           games);
  model.match = id;
  if (aired) model.analysis = aired->at(id, model.last_seq);
  // The replayed moment: the commit of row N, plus `at` (a seek inside a battle's animation).
  const std::int64_t moment = (count > 0 ? static_cast<std::int64_t>(rows[count - 1].wall_time * 1000.0 + 0.5)
                                         : s.created_ms) + after_ms;
  // What aired then: the director's cues given by the replayed row, folded as
  // the overlay's replay does (the elements, layout and caption of that moment).
  auto cued = reader->cues(id);
  if (auto* e = std::get_if<db::StoreError>(&cued)) {
    send_error(res, 503, "the store cannot be read now: " + e->message);
    return std::nullopt;
  }
  std::vector<broadcast::CueRecord> cues;
  for (const auto& c : std::get<std::vector<db::CueRow>>(cued))
    cues.push_back({c.id, c.seq, static_cast<double>(c.wall_ms) / 1000.0, c.cue});
  const broadcast::DirectorState director =
      broadcast::fold_cues_until(cues, count > 0 ? rows[count - 1].wall_time : 0, count);
  return on_air_text(model, moment, true, director, theme.get());
}

std::optional<std::string> FeedServer::Impl::replay_steps_json(db::MatchId id, httplib::Response& res) {
  std::lock_guard lock(reader_mu);
  auto summary = reader->match(id);
  if (auto* e = std::get_if<db::StoreError>(&summary)) {
    if (e->kind == db::StoreError::Kind::kNotFound) send_error(res, 404, "no match " + std::to_string(id));
    else send_error(res, 503, "the store cannot be read now: " + e->message);
    return std::nullopt;
  }
  // Only each row's type and command number are kept: a long match is read in chunks.
  std::vector<engine::StepMark> marks;
  for (int after = 0;;) {
    auto got = reader->events_after(id, after, 512);
    if (std::holds_alternative<db::StoreError>(got)) {
      send_error(res, 503, "the store cannot be read now");
      return std::nullopt;
    }
    auto& rows = std::get<std::vector<db::PublicEventRow>>(got);
    if (rows.empty()) break;
    after = rows.back().seq;
    for (auto& r : rows) marks.push_back(broadcast::step_mark(to_public_row(std::move(r))));
  }
  const engine::ReplaySteps steps = engine::replay_steps(marks);
  const nlohmann::json j = {{"match", id}, {"total", marks.size()}, {"moves", steps.moves}, {"events", steps.events}};
  return j.dump();
}

std::int64_t FeedServer::Impl::now_ms() const {
  if (options.wall_clock_ms) return options.wall_clock_ms();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

bool FeedServer::Impl::view_released(const db::MatchSummary& s) const {
  return s.finished && s.last_wall_ms <= now_ms() - std::max<std::int64_t>(0, options.tv_delay_ms);
}

void FeedServer::Impl::serve_file(const std::string& rel, const httplib::Request& req,
                                  httplib::Response& res) const {
  auto file = resolve_asset(options.web_root, rel);
  if (!file) {
    send_error(res, 404, "no such file: /" + rel.substr(0, 200));
    return;
  }
  std::ifstream in(*file, std::ios::binary);
  std::string body((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  res.set_header("Cache-Control", "public, max-age=60");
  res.set_header("X-Content-Type-Options", "nosniff");
  if (not_modified(req, res, content_etag(body))) return;
  res.set_content(body, content_type(rel)->c_str());
}

// [SECTION] routes

void FeedServer::Impl::routes() {
  http->Get("/", [](const httplib::Request&, httplib::Response& res) { res.set_redirect("/overlay.html"); });

  http->Get("/on-air", [this](const httplib::Request& req, httplib::Response& res) {
    res.set_header("Access-Control-Allow-Origin", "*");
    if (req.has_param("match")) {
      auto id = parse_count(req.get_param_value("match"), INT64_MAX);
      if (!id) return send_error(res, 400, "match must be a match number");
      if (*id != live->match()) {
        if (auto j = replay_json(*id, std::nullopt, 0, res)) res.set_content(*j, "application/json");
        return;
      }
    }
    auto m = live->log().latest();
    if (!m) return send_error(res, 503, "the feed has not read the store yet");
    // A shared cache may serve it for a second, then revalidate (304 while the id holds).
    res.set_header("Cache-Control", "public, max-age=1");
    if (not_modified(req, res, "\"" + m->id.text() + "\"")) return;
    res.set_content(m->data, "application/json");
  });

  // The same document as flat fields for vMix, Singular and NodeCG data sources
  // (feed/on_air_flat.h; docs/on-air-flat.md). ?lang=en|ko (default ko).
  auto flat = [this](const httplib::Request& req, httplib::Response& res, bool xml) {
    res.set_header("Access-Control-Allow-Origin", "*");
    auto m = live->log().latest();
    if (!m) return send_error(res, 503, "the feed has not read the store yet");
    const std::string lang = req.has_param("lang") ? req.get_param_value("lang") : "ko";
    if (lang != "en" && lang != "ko") return send_error(res, 400, "lang must be en or ko");
    json doc = json::parse(m->data, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) return send_error(res, 503, "the on-air document did not parse");
    // The frame names its match and row; a frame without them (before the
    // broadcast library wrote them) takes the message's, which say the same.
    if (m->id.match > 0) {
      if (!doc.contains("match") || doc["match"].is_null()) doc["match"] = m->id.match;
      if (!doc.contains("seq") || doc["seq"].is_null()) doc["seq"] = m->id.seq;
    }
    const double now = static_cast<double>(options.wall_clock_ms ? options.wall_clock_ms()
                                                                 : std::chrono::duration_cast<std::chrono::milliseconds>(
                                                                       std::chrono::system_clock::now().time_since_epoch())
                                                                       .count()) /
                       1000.0;
    const auto fields = flat_fields(doc, lang, now);
    // The running clock changes the text every second: no shared caching.
    res.set_header("Cache-Control", "no-cache");
    if (xml) res.set_content(flat_xml(fields), "application/xml; charset=utf-8");
    else res.set_content(flat_csv(fields), "text/csv; charset=utf-8");
  };
  http->Get("/on-air.xml", [flat](const httplib::Request& req, httplib::Response& res) { flat(req, res, true); });
  http->Get("/on-air.csv", [flat](const httplib::Request& req, httplib::Response& res) { flat(req, res, false); });

  http->Get("/on-air/stream", [this](const httplib::Request& req, httplib::Response& res) {
    if (req.has_param("match")) {
      auto id = parse_count(req.get_param_value("match"), INT64_MAX);
      if (!id) return send_error(res, 400, "match must be a match number");
      // Another match: a card saying so (a page opened on it is never blank);
      // its replay is at /replay/M.
      if (*id != live->match()) return not_followed_stream(*id, req, res);
    }
    res.set_header("Access-Control-Allow-Origin", "*");
    stream(live->log(), req, res);
  });

  // The list of matches as JSON (public facts only), for /matches.json and /matches.
  auto send_matches = [this](httplib::Response& res) {
    std::lock_guard lock(reader_mu);
    auto list = reader->matches();
    if (auto* e = std::get_if<db::StoreError>(&list)) return send_error(res, 503, e->message);
    json out = json::array();
    for (const auto& s : std::get<std::vector<db::MatchSummary>>(list)) out.push_back(summary_json(s));
    res.set_header("Cache-Control", "public, max-age=2");
    res.set_header("Access-Control-Allow-Origin", "*");
    res.set_content(out.dump(), "application/json");
  };
  http->Get("/matches.json", [send_matches](const httplib::Request&, httplib::Response& res) { send_matches(res); });
  // A browser asking for a page gets the matches page; anything else the JSON.
  http->Get("/matches", [this, send_matches](const httplib::Request& req, httplib::Response& res) {
    const std::string accept = req.get_header_value("Accept");
    if (accept.rfind("text/html", 0) == 0 && resolve_asset(options.web_root, "matches.html"))
      return serve_file("matches.html", req, res);
    send_matches(res);
  });

  http->Get(R"(/replay/([^/]+)/on-air)", [this](const httplib::Request& req, httplib::Response& res) {
    auto id = parse_count(req.matches[1], INT64_MAX);
    if (!id) return send_error(res, 400, "the match must be a match number, not '" + std::string(req.matches[1]).substr(0, 40) + "'");
    std::optional<std::int64_t> step;
    if (req.has_param("step")) {
      step = parse_count(req.get_param_value("step"), INT32_MAX);
      if (!step) return send_error(res, 400, "step must be a public row number from 0 to the match's last");
    }
    std::int64_t at = 0;
    if (req.has_param("at")) {
      auto a = parse_count(req.get_param_value("at"), 3'600'000);
      if (!a) return send_error(res, 400, "at must be milliseconds after the row, from 0 to 3600000");
      at = *a;
    }
    res.set_header("Access-Control-Allow-Origin", "*");
    if (auto j = replay_json(*id, step, at, res)) {
      res.set_header("Cache-Control", step ? "public, max-age=3600" : "no-cache");
      res.set_content(*j, "application/json");
    }
  });
  // The match's story: a point of view's win probability per move step and its
  // turning points (feed/replay_analysis.h); partial while it is worked out.
  // ?view=public (the default) | player1 | player2 | referee, the names of
  // `facedown analyze --view`. Who may see a view other than the public's
  // (docs/analysis.md, "Who sees which view in replays"): anyone, once the match
  // has ended and its last event is older than the TV delay; before that only
  // the TV token's holder, and then only what the delay has released (the
  // worker reads those views through the delayed reader, so nothing younger
  // than the delay can be in them whoever asks).
  http->Get(R"(/replay/([^/]+)/analysis)", [this](const httplib::Request& req, httplib::Response& res) {
    auto id = parse_count(req.matches[1], INT64_MAX);
    if (!id) return send_error(res, 400, "the match must be a match number, not '" + std::string(req.matches[1]).substr(0, 40) + "'");
    res.set_header("Access-Control-Allow-Origin", "*");
    engine::Viewer viewer = engine::kPublic;
    if (req.has_param("view")) {
      const std::string v = req.get_param_value("view");
      auto parsed = codec::parse_viewer(v);
      if (!parsed) return send_error(res, 400, "unknown view '" + v.substr(0, 40) + "' (public, player1, player2, referee)");
      viewer = *parsed;
    }
    if (!replay_analysis) return send_error(res, 404, "the analysis is off on this feed (--no-analysis)");
    db::MatchSummary s;
    {
      std::lock_guard lock(reader_mu);
      auto summary = reader->match(*id);
      if (auto* e = std::get_if<db::StoreError>(&summary)) {
        if (e->kind == db::StoreError::Kind::kNotFound) return send_error(res, 404, "no match " + std::to_string(*id));
        return send_error(res, 503, "the store cannot be read now: " + e->message);
      }
      s = std::get<db::MatchSummary>(summary);
    }
    if (viewer != engine::kPublic && !view_released(s)) {
      const std::string name = codec::viewer_name(viewer);
      const bool asked_token = (req.has_param("token") && !req.get_param_value("token").empty()) || !bearer(req).empty();
      if (!asked_token) {
        const std::string delay = std::to_string(options.tv_delay_ms / 1000) + " s";
        return send_error(res, 403,
                          s.finished ? "match " + std::to_string(*id) + " ended less than the TV delay (" + delay +
                                           ") ago: its " + name + " view is shown once the delay has passed"
                                     : "match " + std::to_string(*id) + " is still being played: its " + name +
                                           " view is for the TV token's holder only (" + delay +
                                           " late) until it has ended and the TV delay (" + delay + ") has passed");
      }
      if (!tv_allowed(req, res)) return;  // a wrong token, or no TV feed: 401 / 404
    }
    if (!res.has_header("Cache-Control")) res.set_header("Cache-Control", viewer == engine::kPublic ? "no-cache" : "no-store");
    res.set_content(replay_analysis->get(*id, viewer, s.events).dump(), "application/json");
  });
  // Where the replay page's steps stop: by move (the arrows) and by event (Shift),
  // decided here as for the console and the overlay, never by the page.
  http->Get(R"(/replay/([^/]+)/steps)", [this](const httplib::Request& req, httplib::Response& res) {
    auto id = parse_count(req.matches[1], INT64_MAX);
    if (!id) return send_error(res, 400, "the match must be a match number, not '" + std::string(req.matches[1]).substr(0, 40) + "'");
    res.set_header("Access-Control-Allow-Origin", "*");
    if (auto j = replay_steps_json(*id, res)) {
      res.set_header("Cache-Control", "no-cache");  // a live match grows
      res.set_content(*j, "application/json");
    }
  });
  http->Get(R"(/replay/([^/]+))", [this](const httplib::Request& req, httplib::Response& res) {
    auto id = parse_count(req.matches[1], INT64_MAX);
    if (!id) return send_error(res, 400, "the match must be a match number");
    {
      std::lock_guard lock(reader_mu);
      if (std::holds_alternative<db::StoreError>(reader->match(*id)))
        return send_error(res, 404, "no match " + std::to_string(*id));
    }
    if (!resolve_asset(options.web_root, "replay.html"))
      return send_error(res, 404, "the replay page is not installed (feed/web/replay.html)");
    serve_file("replay.html", req, res);
  });

  http->Get("/tv/stream", [this](const httplib::Request& req, httplib::Response& res) {
    if (tv_allowed(req, res)) stream(tv->log(), req, res);
  });
  http->Get("/tv/on-air", [this](const httplib::Request& req, httplib::Response& res) {
    if (!tv_allowed(req, res)) return;
    auto m = tv->log().latest();
    if (!m) return send_error(res, 404, "nothing released yet (the delay is " +
                                             std::to_string(options.tv_delay_ms / 1000) + " s)");
    res.set_content(m->data, "application/json");
  });

  http->Get(R"(/(.+))", [this](const httplib::Request& req, httplib::Response& res) {
    serve_file(req.matches[1], req, res);
  });

  // Whatever else (other methods, httplib's own 400s): a JSON error.
  http->set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) send_error(res, res.status, res.status == 404 ? "no such route" : "bad request");
  });
  http->set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    send_error(res, 500, "internal error");
  });
}

// [SECTION] start and stop

db::Result<std::unique_ptr<FeedServer>> FeedServer::start(FeedOptions options) {
  auto impl = std::make_unique<Impl>();
  impl->options = std::move(options);
  const FeedOptions& o = impl->options;
  auto r = db::PublicReader::open(o.db_path);
  if (auto* e = std::get_if<db::StoreError>(&r)) return *e;
  impl->reader.emplace(std::move(std::get<db::PublicReader>(r)));
  if (auto file = resolve_asset(o.web_root, "theme.json")) {
    auto loaded = broadcast::load_theme(*file);
    if (auto* t = std::get_if<broadcast::Theme>(&loaded)) impl->theme = std::make_shared<const broadcast::Theme>(std::move(*t));
    else if (o.log) o.log("the served theme is not used for the frames (the build's copy is): " + std::get<std::string>(loaded));
  }
  FollowOptions fo;
  fo.db_path = o.db_path;
  fo.theme = impl->theme;
  fo.match = o.match;
  fo.poll = o.poll;
  fo.wall_clock_ms = o.wall_clock_ms;
  // What aired is read back from the analysis file whoever wrote it (the desk's
  // overlay, another feed): a feed started --no-analysis still replays it.
  impl->aired.emplace(o.db_path);
  if (o.analysis) {
    ReplayAnalysisOptions ro = replay_analysis_options(o.db_path);
    ro.delay_ms = o.tv_delay_ms;
    ro.wall_clock_ms = o.wall_clock_ms;
    ro.analysis.win.max_playouts = std::min(ro.analysis.win.max_playouts, std::max(1, o.analysis_playouts));
    ro.analysis.win.min_playouts = std::min(ro.analysis.win.min_playouts, ro.analysis.win.max_playouts);
    impl->replay_analysis = std::make_unique<ReplayAnalysis>(std::move(ro));
    fo.analysis = broadcast::live_analysis_options();
    fo.analysis->win.max_playouts = std::max(1, o.analysis_playouts);
    fo.analysis->win.min_playouts = std::min(fo.analysis->win.min_playouts, fo.analysis->win.max_playouts);
  }
  auto live = LiveFollower::start(fo);
  if (auto* e = std::get_if<db::StoreError>(&live)) return *e;
  impl->live = std::move(std::get<std::unique_ptr<LiveFollower>>(live));
  if (!o.tv_token.empty()) {
    TvOptions to;
    to.db_path = o.db_path;
    to.delay_ms = o.tv_delay_ms;
    to.poll = std::max(o.poll, std::chrono::milliseconds(20));
    to.wall_clock_ms = o.wall_clock_ms;
    LiveFollower* lf = impl->live.get();
    to.match = [lf] { return lf->match(); };
    if (fo.analysis) to.analysis = fo.analysis;
    to.theme = impl->theme;
    auto tv = TvFollower::start(to);
    if (auto* e = std::get_if<db::StoreError>(&tv)) return *e;
    impl->tv = std::move(std::get<std::unique_ptr<TvFollower>>(tv));
  }
  if (!o.publish_url.empty()) {
    PublishOptions po;
    po.url = o.publish_url;
    po.log = o.log;
    auto p = NchanPublisher::start(impl->live->log(), po);
    if (auto* e = std::get_if<std::string>(&p)) return db::StoreError{db::StoreError::Kind::kIo, *e};
    impl->publisher = std::move(std::get<std::unique_ptr<NchanPublisher>>(p));
  }
  GateOptions g;
  g.max_streams = std::max(1, o.max_streams);
  g.request_workers = std::max(1, o.request_workers);
  g.header_deadline = o.header_deadline;
  g.io_timeout = o.io_timeout;
  g.is_stream = [](std::string_view path) { return path == "/on-air/stream" || path == "/tv/stream"; };
  impl->http = std::make_unique<GatedServer>(std::move(g));
  impl->routes();
  impl->port = impl->http->bind_listener(o.host, o.port);
  if (impl->port <= 0)
    return db::StoreError{db::StoreError::Kind::kIo,
                          "cannot listen on " + o.host + ":" + std::to_string(o.port) + " (in use, or not an address of this machine)"};
  impl->http->start_gate();
  return std::unique_ptr<FeedServer>(new FeedServer(std::move(impl)));
}

FeedServer::FeedServer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
FeedServer::~FeedServer() { stop(); }
int FeedServer::port() const { return impl_->port; }

void FeedServer::stop() {
  if (!impl_ || impl_->stopped) return;
  impl_->stopped = true;
  // Streams first (their workers wake and end), then the listener and its pool.
  if (impl_->live) impl_->live->stop();
  if (impl_->tv) impl_->tv->stop();
  if (impl_->publisher) impl_->publisher->stop();
  impl_->http->stop_gate();
  if (impl_->replay_analysis) impl_->replay_analysis->stop();
}

}  // namespace facedown::feed
