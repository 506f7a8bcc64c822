// The console's control API end to end: a headless console (the desk) on a store,
// the HTTP server on an ephemeral loopback port, httplib's client on its own
// thread while this thread is the desk's loop. Every answer is checked against
// the store: a good command is committed, a refusal leaves the event count and the
// state exactly as they were.
#include <catch2/catch.hpp>
#include <httplib.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <future>
#include <random>
#include <thread>

#include "codec/json.h"
#include "codec/script.h"
#include "console/control_api.h"
#include "console/control_token.h"
#include "console/desk_command.h"
#include "console/match_library.h"
#include "console/script_driver.h"
#include "console_driver.h"
#ifdef FACEDOWN_CONSOLE_HAS_STORE
#include "console/store_library.h"
#endif

using namespace facedown;
using console::testing::ConsoleDriver;
using nlohmann::json;

namespace {

std::string temp_path(const std::string& name) {
  const auto dir = std::filesystem::path(FACEDOWN_BINARY_DIR) / "control-api-test";
  std::filesystem::create_directories(dir);
  const auto p = dir / name;
  std::filesystem::remove(p);
  std::filesystem::remove(p.string() + "-wal");
  std::filesystem::remove(p.string() + "-shm");
  return p.string();
}

std::unique_ptr<console::MatchLibrary> library(const std::string& name) {
#ifdef FACEDOWN_CONSOLE_HAS_STORE
  auto opened = console::store_library(temp_path(name + ".db"));
  REQUIRE(std::holds_alternative<std::unique_ptr<console::MatchLibrary>>(opened));
  return std::move(std::get<std::unique_ptr<console::MatchLibrary>>(opened));
#else
  (void)name;
  return console::memory_library();
#endif
}

const char* kScript =
    "game number-janggi\npreset genius-2015\nplayer 1 \"Jang\"\nplayer 2 \"Kim\"\nfirst 1\n"
    "setup 1 10:a3 4:b3 1:c3 5:d3 6:e3 7:f3 M:a2 M:b2 2:c2 3:d2 8:e2 9:f2 K:a1 M:b1\n"
    "setup 2 2:b9 M:c9 M:d9 M:e9 K:f9 1:b8 3:c8 4:d8 5:e8 6:f8 9:c7 10:d7 7:e7 8:f7\n"
    "start\n@4 move b3-b4\n@9 move c7-c5\n";

struct Reply {
  int status = 0;  // 0: no answer at all
  json body;
  std::string retry_after;
};

// A desk with a live match and its control API.
struct Desk {
  ConsoleDriver d;
  std::string token;
  std::unique_ptr<console::ControlServer> server;

  explicit Desk(const std::string& name, console::ControlLimits limits = {}, bool with_match = true)
      : d(library(name)) {
    auto t = console::random_control_token();
    REQUIRE(std::holds_alternative<console::ControlToken>(t));
    token = std::get<console::ControlToken>(t).hex;
    auto started = console::ControlServer::start({"127.0.0.1", 0}, token, limits);
    REQUIRE(std::holds_alternative<std::unique_ptr<console::ControlServer>>(started));
    server = std::move(std::get<std::unique_ptr<console::ControlServer>>(started));
    if (!with_match) return;
    auto loaded = console::ScriptDriver::load(kScript);
    REQUIRE(std::holds_alternative<console::ScriptDriver>(loaded));
    auto& driver = std::get<console::ScriptDriver>(loaded);
    REQUIRE(!driver.create(d.console(), d.mono));
    for (std::size_t i = 0; i < driver.size(); ++i) REQUIRE(!driver.play(d.console(), i, d.mono));
    d.mono += 1500;  // the desk's clock runs on
    d.frame();
  }

  const engine::Match& match() { return d.console().session()->match(); }
  // The events the store holds for the match on the desk.
  std::size_t stored() {
    auto events = d.console().library().events(d.console().session()->id());
    REQUIRE(std::holds_alternative<std::vector<engine::Event>>(events));
    return std::get<std::vector<engine::Event>>(events).size();
  }
  json state() { return codec::state_to_json(match(), engine::kReferee); }

  // Runs `client` on its own thread while this thread is the desk's loop (a frame
  // and a serve, as facedown-console's main loop does).
  template <class F>
  auto with_desk(F client) {
    auto done = std::async(std::launch::async, client);
    while (done.wait_for(std::chrono::milliseconds(1)) != std::future_status::ready) {
      d.frame();
      server->serve(d.console(), d.mono);
    }
    return done.get();
  }

  httplib::Client client() const {
    httplib::Client c("127.0.0.1", server->port());
    c.set_read_timeout(10, 0);
    return c;
  }

  static Reply reply_of(const httplib::Result& r) {
    Reply out;
    if (!r) return out;
    out.status = r->status;
    out.body = json::parse(r->body, nullptr, false);
    out.retry_after = r->get_header_value("Retry-After");
    return out;
  }

  Reply post(const std::string& body, httplib::Headers headers) {
    return with_desk([&] { return reply_of(client().Post("/api/command", headers, body, "text/plain")); });
  }
  Reply command(const std::string& body) { return post(body, {{"Authorization", "Bearer " + token}}); }
  Reply get_state(httplib::Headers headers) {
    return with_desk([&] { return reply_of(client().Get("/api/state", headers)); });
  }
};

// A refused command: 422, an error naming what was wrong, nothing stored, nothing changed.
void check_refused(Desk& desk, const std::string& body, const std::string& names, int status = 422) {
  INFO("body: " << body);
  const std::size_t before = desk.stored();
  const json state_before = desk.state();
  const Reply r = desk.command(body);
  CHECK(r.status == status);
  REQUIRE(r.body.contains("error"));
  INFO("error: " << r.body["error"].get<std::string>());
  CHECK(r.body["error"].get<std::string>().find(names) != std::string::npos);
  CHECK(desk.stored() == before);
  CHECK(desk.state() == state_before);
}

}  // namespace

TEST_CASE("control API: a good command answers 200 with the state it made, committed to the store") {
  Desk desk("good");
  const std::size_t before = desk.stored();
  const Reply r = desk.command("pause \"camera\"");
  REQUIRE(r.status == 200);
  CHECK(r.body["status"] == "paused");
  CHECK(r.body == desk.state());  // the answer is the desk's state, referee view
  CHECK(desk.stored() == before + 1);
  // At the desk's own match time (9 s + 1.5 s), not a time the client chose.
  CHECK(r.body["clock"]["time"].get<double>() == Approx(10.5));
  // GET /api/state gives the same.
  const Reply s = desk.get_state({{"Authorization", "Bearer " + desk.token}});
  CHECK(s.status == 200);
  CHECK(s.body == r.body);
}

TEST_CASE("control API: every console action is reachable") {
  Desk desk("actions");
  auto ok = [&](const std::string& body) {
    INFO(body);
    const std::size_t before = desk.stored();
    const Reply r = desk.command(body);
    REQUIRE(r.status == 200);
    CHECK(desk.stored() > before);
    return r.body;
  };
  // The hold: a pause with no reason at once, its reason afterwards as a note.
  CHECK(ok("pause")["status"] == "paused");
  ok("note \"hold: camera cable\"");
  CHECK(ok("resume")["status"] == "playing");
  CHECK(ok("warn 2 \"stalling\"")["warnings"]["2"] == 1);
  desk.d.mono += 2000;
  CHECK(ok("move b4-b5")["ply"] == 3);
  const json voided = ok("void 1 \"typo\" restore");
  CHECK(voided["ply"] == 2);
  CHECK(voided["board"].contains("b4"));
  CHECK(ok("clock 20.5 \"restore\"")["clock"]["turn_elapsed"].get<double>() == Approx(20.5));
  CHECK(ok("caption \"Final round\"")["caption"] == "Final round");
  CHECK(ok("caption clear")["caption"].is_null());
  const json resigned = ok("resign 2");
  CHECK(resigned["result"]["winner"] == 1);
  CHECK(resigned["closed"] == false);
  CHECK(ok("close")["closed"] == true);  // confirm result
  check_refused(desk, "resume", "");      // closed for good: only note and caption remain
}

TEST_CASE("control API: a bad command answers 422 with a clear error and changes nothing") {
  Desk desk("bad");
  check_refused(desk, "paws \"camera\"", "unknown command 'paws'");
  check_refused(desk, "warn 3 \"x\"", "player must be 1 or 2");
  check_refused(desk, "resume", "");  // the engine's refusal: not paused
  check_refused(desk, "void 1 restore", "reason before `restore`");
  check_refused(desk, "clock abc \"x\"", "bad elapsed time");
  check_refused(desk, "pause \"unterminated", "");
  check_refused(desk, "", "no command");
  check_refused(desk, "pause \"a\"\nresume", "one command per request");
  check_refused(desk, "game number-janggi", "header");
  // Typed text is checked by the engine's one rule: UTF-8, one line, no controls.
  check_refused(desk, "note \"\xff\xfe\"", "");
  check_refused(desk, std::string("note \"a\x01") + "b\"", "");
  // A trailing newline (curl --data-binary @file) is one command still.
  CHECK(desk.command("note \"fine\"\n").status == 200);
}

TEST_CASE("control API: a leading @T is refused, the desk's clock gives the time") {
  Desk desk("at");
  check_refused(desk, "@5 pause \"x\"", "@5");
  check_refused(desk, "@999 caption \"x\"", "desk's own match clock");
}

TEST_CASE("control API: no token or a wrong token answers 401 and changes nothing") {
  Desk desk("auth");
  const std::size_t before = desk.stored();
  const Reply none = desk.post("pause \"x\"", {});
  CHECK(none.status == 401);
  CHECK(none.body["error"].get<std::string>().find("Bearer") != std::string::npos);
  std::string wrong = desk.token;
  wrong[10] = wrong[10] == 'a' ? 'b' : 'a';
  CHECK(desk.post("pause \"x\"", {{"Authorization", "Bearer " + wrong}}).status == 401);
  CHECK(desk.post("pause \"x\"", {{"Authorization", "Bearer " + desk.token.substr(0, 63)}}).status == 401);
  CHECK(desk.post("pause \"x\"", {{"Authorization", "Basic " + desk.token}}).status == 401);
  CHECK(desk.post("pause \"x\"", {{"Authorization", desk.token}}).status == 401);
  CHECK(desk.get_state({}).status == 401);
  CHECK(desk.get_state({{"Authorization", "Bearer nope"}}).status == 401);
  CHECK(desk.stored() == before);
  CHECK(!desk.match().state().paused);
}

TEST_CASE("control API: a foreign Origin answers 403 even with the token, its own origin is fine") {
  Desk desk("origin");
  const std::size_t before = desk.stored();
  const httplib::Headers auth{{"Authorization", "Bearer " + desk.token}};
  const std::vector<std::string> foreign{"https://evil.example", "http://127.0.0.1:1", "null",
                                         "http://127.0.0.1." + std::to_string(desk.server->port())};
  for (const auto& origin : foreign) {
    INFO(origin);
    auto h = auth;
    h.emplace("Origin", origin);
    const Reply r = desk.post("pause \"x\"", h);
    CHECK(r.status == 403);
    CHECK(r.body.contains("error"));
  }
  CHECK(desk.stored() == before);
  auto own = auth;
  own.emplace("Origin", desk.server->url());
  CHECK(desk.post("pause \"x\"", own).status == 200);
  CHECK(desk.stored() == before + 1);
}

TEST_CASE("control API: a flood answers 429 once the burst is spent") {
  // A slow refill, so the test does not depend on how fast a loaded machine serves.
  console::ControlLimits limits;
  limits.requests_per_second = 5;
  limits.burst = 40;
  Desk desk("flood", limits);
  const httplib::Headers auth{{"Authorization", "Bearer " + desk.token}};
  const auto replies = desk.with_desk([&] {
    std::vector<Reply> out;
    auto c = desk.client();
    for (int i = 0; i < 120; ++i) out.push_back(Desk::reply_of(c.Get("/api/state", auth)));
    return out;
  });
  int ok = 0, limited = 0;
  for (const auto& r : replies) {
    if (r.status == 200) ++ok;
    if (r.status == 429) {
      ++limited;
      CHECK(r.retry_after == "1");
      CHECK(r.body.contains("error"));
    }
  }
  CHECK(ok >= 40);  // the burst
  CHECK(limited > 0);
  CHECK(ok + limited == 120);
  // A flood of commands stores exactly what the bucket let through.
  const std::size_t before = desk.stored();
  const int passed = desk.with_desk([&] {
    int n = 0;
    auto c = desk.client();
    for (int i = 0; i < 60; ++i)
      if (auto r = c.Post("/api/command", auth, "note \"flood\"", "text/plain"); r && r->status == 200) ++n;
    return n;
  });
  CHECK(passed < 60);
  CHECK(desk.stored() == before + static_cast<std::size_t>(passed));
  // The bucket refills: a second later the desk answers again.
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));
  CHECK(desk.get_state(auth).status == 200);
}

TEST_CASE("control API: an unauthenticated cross-origin flood never spends the operator's budget") {
  // The bucket as small as the flood test's, so any spending by the flood shows.
  console::ControlLimits limits;
  limits.requests_per_second = 5;
  limits.burst = 10;
  Desk desk("unfair", limits);
  const httplib::Headers auth{{"Authorization", "Bearer " + desk.token}};
  const auto flood = desk.with_desk([&] {
    std::vector<int> out;
    auto c = desk.client();
    for (int i = 0; i < 100; ++i) {
      httplib::Headers h{{"Origin", "https://evil.example"}};
      if (i % 2) h.emplace("Authorization", "Bearer " + desk.token);  // the token is no help from there
      out.push_back(Desk::reply_of(c.Post("/api/command", h, "pause \"x\"", "text/plain")).status);
      out.push_back(Desk::reply_of(c.Get("/api/state", {{"Authorization", "Bearer wrong-wrong"}})).status);
      out.push_back(Desk::reply_of(c.Get("/api/state")).status);
    }
    return out;
  });
  int forbidden = 0, unauthorised = 0;
  for (int status : flood) {
    CHECK(status != 429);
    forbidden += status == 403;
    unauthorised += status == 401;
  }
  CHECK(forbidden == 100);
  CHECK(unauthorised == 200);
  CHECK(!desk.match().state().paused);
  // The operator's requests, all within their own burst, are answered.
  for (int i = 0; i < 8; ++i) CHECK(desk.get_state(auth).status == 200);
  // The scheme's name in any case.
  CHECK(desk.get_state({{"Authorization", "bearer " + desk.token}}).status == 200);
  CHECK(desk.get_state({{"Authorization", "BEARER " + desk.token}}).status == 200);
}

TEST_CASE("control API: a body past the limit answers 413 and changes nothing") {
  Desk desk("huge");
  const std::size_t before = desk.stored();
  const std::string huge = "note \"" + std::string(5000, 'x') + "\"";
  const Reply r = desk.command(huge);
  CHECK(r.status == 413);
  CHECK(desk.stored() == before);
  CHECK(desk.command("note \"" + std::string(3000, 'x') + "\"").status == 200);
}

TEST_CASE("control API: without a match the desk answers 409, and unknown routes 404") {
  Desk desk("nomatch", {}, false);
  const Reply r = desk.command("pause \"x\"");
  CHECK(r.status == 409);
  CHECK(r.body["error"] == "there is no match on the desk");
  CHECK(desk.get_state({{"Authorization", "Bearer " + desk.token}}).status == 409);
  const int status = desk.with_desk([&] {
    auto res = desk.client().Get("/api/other", {{"Authorization", "Bearer " + desk.token}});
    return res ? res->status : 0;
  });
  CHECK(status == 404);
}

TEST_CASE("control API: a desk that does not answer in time does nothing later") {
  console::ControlLimits limits;
  limits.desk_timeout = std::chrono::milliseconds(200);
  Desk desk("timeout", limits);
  const std::size_t before = desk.stored();
  // Nobody serves while the request waits.
  auto waiting = std::async(std::launch::async, [&] {
    return Desk::reply_of(desk.client().Post("/api/command", {{"Authorization", "Bearer " + desk.token}},
                                             "pause \"late\"", "text/plain"));
  });
  const Reply r = waiting.get();
  CHECK(r.status == 503);
  CHECK(desk.server->serve(desk.d.console(), desk.d.mono) == 0);  // abandoned: not carried out
  CHECK(desk.stored() == before);
  CHECK(!desk.match().state().paused);
}

TEST_CASE("control API: random bodies are either done and stored or refused with nothing changed") {
  // Headless (no HTTP): the same answer_command the server's hand-over calls.
  Desk desk("random");
  std::mt19937 rng(11);
  const std::vector<std::string> words{"pause", "resume", "warn", "void", "clock", "caption", "close",
                                       "note", "move", "@3", "1", "2", "\"x y\"", "restore", "clear",
                                       "b4-b5", "20.5", "\"\xc3\"", "\"", "#", "\t", "\x7f"};
  for (int i = 0; i < 400; ++i) {
    std::string body;
    const int n = std::uniform_int_distribution<int>(0, 4)(rng);
    for (int k = 0; k < n; ++k) body += words[std::uniform_int_distribution<std::size_t>(0, words.size() - 1)(rng)] + " ";
    if (i % 7 == 0) body += static_cast<char>(std::uniform_int_distribution<int>(0, 255)(rng));
    INFO(body);
    const std::size_t before = desk.stored();
    const json state_before = desk.state();
    const auto a = console::answer_command(desk.d.console(), body, desk.d.mono);
    const json answer = json::parse(a.body, nullptr, false);
    REQUIRE(!answer.is_discarded());
    if (a.status == 200) {
      CHECK(desk.stored() > before);
      CHECK(answer == desk.state());
    } else {
      REQUIRE(a.status == 422);
      CHECK(!answer["error"].get<std::string>().empty());
      CHECK(desk.stored() == before);
      CHECK(desk.state() == state_before);
    }
    desk.d.mono += 100;
  }
}

TEST_CASE("control token: made once with mode 0600, kept, and never overwritten when wrong") {
  const std::string path = temp_path("config/facedown/control-token");
  auto made = console::load_or_create_control_token(path);
  REQUIRE(std::holds_alternative<console::ControlToken>(made));
  const std::string token = std::get<console::ControlToken>(made).hex;
  CHECK(token.size() == 64);
  CHECK(token.find_first_not_of("0123456789abcdef") == std::string::npos);
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  auto again = console::load_or_create_control_token(path);
  REQUIRE(std::holds_alternative<console::ControlToken>(again));
  CHECK(std::get<console::ControlToken>(again).hex == token);
  // Loosened by hand: tightened again on the next start.
  ::chmod(path.c_str(), 0644);
  REQUIRE(std::holds_alternative<console::ControlToken>(console::load_or_create_control_token(path)));
  REQUIRE(::stat(path.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  // Another start makes another token (random, not a constant).
  auto other = console::random_control_token();
  REQUIRE(std::holds_alternative<console::ControlToken>(other));
  CHECK(std::get<console::ControlToken>(other).hex != token);
  {
    std::ofstream(path) << "not a token\n";
  }
  auto bad = console::load_or_create_control_token(path);
  REQUIRE(std::holds_alternative<std::string>(bad));
  CHECK(std::get<std::string>(bad).find("64 hex digits") != std::string::npos);
}

TEST_CASE("control token: the default path follows XDG_CONFIG_HOME") {
  const char* old = std::getenv("XDG_CONFIG_HOME");
  const std::string saved = old ? old : "";
  ::setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
  CHECK(console::default_control_token_path() == "/tmp/xdg-test/facedown/control-token");
  if (old) {
    ::setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
  } else {
    ::unsetenv("XDG_CONFIG_HOME");
  }
}

TEST_CASE("control token: same_secret compares whole texts") {
  CHECK(console::same_secret("abc", "abc"));
  CHECK(!console::same_secret("abd", "abc"));
  CHECK(!console::same_secret("ab", "abc"));
  CHECK(!console::same_secret("abcd", "abc"));
  CHECK(!console::same_secret("", "abc"));
  CHECK(console::same_secret("", ""));
}

TEST_CASE("control listen: HOST:PORT, [V6]:PORT or off") {
  using console::parse_control_listen;
  auto at = [](const std::string& s) { return std::get<std::optional<console::ControlEndpoint>>(parse_control_listen(s)); };
  CHECK(!at("off"));
  CHECK(at("127.0.0.1:8089")->host == "127.0.0.1");
  CHECK(at("127.0.0.1:8089")->port == 8089);
  CHECK(at("[::1]:9000")->host == "::1");
  CHECK(at("0.0.0.0:0")->port == 0);
  for (const std::string bad : {"", "8089", "127.0.0.1", "127.0.0.1:", ":8089", "127.0.0.1:65536",
                                "127.0.0.1:80x", "::1:8089", "[::1]8089"}) {
    INFO(bad);
    CHECK(std::holds_alternative<std::string>(parse_control_listen(bad)));
  }
}

TEST_CASE("control API dialog: the token is hidden until reveal is held, copy puts it on the clipboard") {
  ConsoleDriver d(console::memory_library());
  d.console().set_control({"http://127.0.0.1:8089", std::string(64, 'a'), ""});
  d.click("control_api");
  REQUIRE(d.ui().control_open);
  d.frame();
  REQUIRE(d.ui().hits.has("control_api.reveal"));
  CHECK(!d.ui().control_token_shown);
  d.click("control_api.copy_token");
  CHECK(std::string(ImGui::GetClipboardText()) == std::string(64, 'a'));
  CHECK(!d.ui().control_token_shown);  // copying needs no reveal
  // Held down: shown; let go: hidden.
  const auto c = d.ui().hits.centre("control_api.reveal");
  REQUIRE(c);
  d.context().mouse_to(*c);
  d.frame();
  d.context().mouse_down(true);
  d.frame(2);
  CHECK(d.ui().control_token_shown);
  d.context().mouse_down(false);
  d.frame(2);
  CHECK(!d.ui().control_token_shown);
  d.click("control_api.close");
  CHECK(!d.ui().control_open);
}

TEST_CASE("the desk's control API starts as --control-listen asks and the dialog knows it") {
  const std::string token_path = temp_path("start/facedown/control-token");
  ConsoleDriver d(console::memory_library());
  auto server = console::start_desk_control("127.0.0.1:0", token_path, d.console());
  REQUIRE(server != nullptr);
  REQUIRE(d.console().control());
  CHECK(d.console().control()->url == "http://127.0.0.1:" + std::to_string(server->port()));
  CHECK(d.console().control()->error.empty());
  std::ifstream in(token_path);
  std::string kept;
  in >> kept;
  CHECK(d.console().control()->token == kept);  // the token kept in the config is the one served
  // The same port again: it cannot listen, and says so (the desk still runs).
  ConsoleDriver other(console::memory_library());
  CHECK(console::start_desk_control("127.0.0.1:" + std::to_string(server->port()), token_path,
                                    other.console()) == nullptr);
  REQUIRE(other.console().control());
  CHECK(other.console().control()->url.empty());
  CHECK(other.console().control()->error.find("cannot listen") != std::string::npos);
  // off: no server, the dialog says it is off.
  ConsoleDriver off(console::memory_library());
  CHECK(console::start_desk_control("off", token_path, off.console()) == nullptr);
  REQUIRE(off.console().control());
  CHECK(off.console().control()->url.empty());
  CHECK(off.console().control()->error.empty());
}

TEST_CASE("control API: a command is stored exactly as the same command given at the desk") {
  Desk remote("as-typed-remote");
  Desk local("as-typed-local");
  const std::vector<std::string> lines{"pause \"camera\"", "note \"cable\"", "resume", "warn 2 \"stalling\"",
                                       "caption \"Final round\"", "clock 20.5 \"restore\""};
  for (const auto& line : lines) {
    INFO(line);
    REQUIRE(remote.command(line).status == 200);
    auto tokens = codec::tokenize(line);
    auto parsed = codec::parse_command(std::get<std::vector<std::string>>(tokens), local.match().game());
    REQUIRE(std::holds_alternative<codec::TimedCommand>(parsed));
    REQUIRE(!console::submit_to_desk(local.d.console(), std::get<codec::TimedCommand>(parsed).command, local.d.mono));
    remote.d.mono += 700;
    local.d.mono += 700;
  }
  auto stored = [](Desk& desk) {
    auto events = desk.d.console().library().events(desk.d.console().session()->id());
    REQUIRE(std::holds_alternative<std::vector<engine::Event>>(events));
    json out = json::array();
    for (const auto& e : std::get<std::vector<engine::Event>>(events))
      out.push_back(codec::event_to_json(e, desk.match().game()));
    return out;
  };
  CHECK(stored(remote) == stored(local));
  CHECK(remote.state() == local.state());
}

TEST_CASE("control API: the director's cues are taken together, previewed without storing, and listed") {
  Desk desk("cues");
  const httplib::Headers auth = {{"Authorization", "Bearer " + desk.token}};
  auto post = [&](const std::string& path, const std::string& body) {
    return desk.with_desk([&] { return Desk::reply_of(desk.client().Post(path, auth, body, "text/plain")); });
  };
  auto list = [&] { return desk.with_desk([&] { return Desk::reply_of(desk.client().Get("/api/cues", auth)); }); };
  const std::size_t events = desk.stored();

  // Preview: the state after the cues, nothing stored.
  const Reply preview = post("/api/preview", "layout faces\nshow board-compact\n");
  REQUIRE(preview.status == 200);
  CHECK(preview.body["preview"]["layout"] == "faces");
  CHECK(preview.body["preview"]["elements"]["board-compact"]["shown"] == true);
  CHECK(preview.body["preview"]["elements"]["board"]["shown"] == false);
  CHECK(preview.body["program"]["layout"] == "landscape");
  CHECK(list().body["cues"].empty());

  // Take: both stored at once, in their canonical text; the program follows.
  const Reply taken = post("/api/cue", "layout faces\r\n  show   board-compact\nbattle-seconds 4.0");
  REQUIRE(taken.status == 200);
  CHECK(taken.body["program"]["layout"] == "faces");
  CHECK(taken.body["program"]["battle_seconds"] == 4.0);
  const Reply listed = list();
  REQUIRE(listed.status == 200);
  REQUIRE(listed.body["cues"].size() == 3);
  CHECK(listed.body["cues"][1]["cue"] == "show board-compact");
  CHECK(listed.body["cues"][2]["cue"] == "battle-seconds 4");
  CHECK(listed.body["program"] == taken.body["program"]);
  // The desk's own director panel shows the program the API changed.
  desk.d.frame();
  REQUIRE(desk.d.ui().director.program);
  CHECK(desk.d.ui().director.program->layout == broadcast::Layout::kFaces);

  // A refused cue: 422 naming it, and none of the cues with it is stored.
  const Reply refused = post("/api/cue", "hide board-compact\nhold scorebug");
  CHECK(refused.status == 422);
  CHECK(refused.body["error"].get<std::string>().find("cue 2: hold scorebug") != std::string::npos);
  CHECK(post("/api/cue", "").body["error"].get<std::string>().find("no cue given") != std::string::npos);
  CHECK(post("/api/preview", "dance").status == 422);
  CHECK(list().body["cues"].size() == 3);

  // A cue is no match command: the match's log did not grow.
  CHECK(desk.stored() == events);
}

TEST_CASE("control API: the director's page is served without the token, the cue routes are not") {
  Desk desk("director-page");
  const auto page = desk.with_desk([&] { return desk.client().Get("/director"); });
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->get_header_value("Content-Type").find("text/html") == 0);
  CHECK(page->body.find("/api/cue") != std::string::npos);
  CHECK(page->body.find(desk.token) == std::string::npos);  // the page holds no secret
  for (const char* path : {"/api/cues"}) {
    const Reply r = desk.with_desk([&] { return Desk::reply_of(desk.client().Get(path)); });
    CHECK(r.status == 401);
  }
  const Reply r = desk.with_desk([&] { return Desk::reply_of(desk.client().Post("/api/cue", "layout faces", "text/plain")); });
  CHECK(r.status == 401);
}

TEST_CASE("control API: cues without a match on the desk answer 409") {
  Desk desk("cues-nomatch", {}, false);
  const Reply r = desk.with_desk([&] {
    return Desk::reply_of(desk.client().Post("/api/cue", {{"Authorization", "Bearer " + desk.token}}, "layout faces",
                                             "text/plain"));
  });
  CHECK(r.status == 409);
}
