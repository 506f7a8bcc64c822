// Every point of view in replays (GET /replay/M/analysis?view=...): player 1's,
// player 2's and the referee's graphs are refused while the match is being
// played (unless the TV token is given, and then only up to what the delay has
// released) and after it ended until its end is older than the TV delay, and
// served to anyone after that. The route under attack: bad bytes, huge,
// negative and non-numeric match ids and steps, unknown views, very long query
// strings and many clients at once get clear 4xx JSON errors, and the feed goes
// on serving the others.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "engine/replay_steps.h"
#include "feed/replay_analysis.h"
#include "feed_support.h"
#include "identity_swap.h"

using namespace facedown;
using namespace facedown::engine;
using namespace facedown::feed;
using namespace facedown::feed::testing;
using nlohmann::json;

namespace {

constexpr std::int64_t kDelay = 30'000;

// A short Number Janggi match that ends (a resignation if the moves did not end it).
Match finished_match(std::uint64_t seed) {
  const auto games = all_games();
  const auto& info = *find_game(games, "number-janggi");
  conformance::SessionConfig config;
  config.seed = seed;
  config.max_commands = 22;
  config.extras = false;
  auto a = conformance::play_session(info, info.default_preset, config);
  Match m = std::move(a.match);
  if (!m.state().result) {
    auto sub = m.submit(ResignCmd{2}, m.state().time);
    REQUIRE_FALSE(sub.rejection);
  }
  REQUIRE(m.state().result);
  return m;
}

// Stores a match one event per commit (event k at kWall0 + (k - 1) * kStep), in
// two parts: events 1..split now, the rest when asked.
struct SplitStore {
  std::shared_ptr<std::int64_t> now = std::make_shared<std::int64_t>(kWall0);
  db::Store store;
  Match step;
  const Match& whole;
  db::MatchId id = 0;
  std::size_t stored = 1;

  SplitStore(const std::string& path, const Match& m)
      : store(must(db::Store::open(path, [this] {
          db::StoreOptions o;
          o.wall_clock_ms = [n = now] { return *n; };
          return o;
        }()))),
        step(std::get<Match>(Match::from_log(m.info(), {m.log().front()}))),
        whole(m) {
    id = must(store.create_match(step));
  }
  void store_to(std::size_t n) {
    for (; stored < n && stored < whole.log().size(); ++stored) {
      REQUIRE_FALSE(step.record(whole.log()[stored]));
      *now += kStep;
      if (auto f = store.append(id, step, {whole.log()[stored]})) FAIL(f->message);
    }
  }
};

struct Got {
  int status = 0;
  json body;
};

Got get(int port, const std::string& path, const httplib::Headers& headers = {}) {
  httplib::Client cli("127.0.0.1", port);
  cli.set_read_timeout(std::chrono::seconds(10));
  auto r = cli.Get(path, headers);
  REQUIRE(r);
  Got g{r->status, json::parse(r->body, nullptr, false)};
  INFO(path << " -> " << r->status << " " << r->body.substr(0, 300));
  REQUIRE_FALSE(g.body.is_discarded());  // every answer is JSON
  return g;
}

// Asks until `done` holds (or 60 s: the caller's checks then fail).
template <class Pred>
Got get_until(int port, const std::string& path, Pred done) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (;;) {
    Got g = get(port, path);
    if (done(g) || std::chrono::steady_clock::now() > until) return g;
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
  }
}

std::string error_of(const Got& g) { return g.body.is_object() ? g.body.value("error", std::string()) : std::string(); }

// The answer to bytes httplib's client would not send.
std::string raw_request(int port, const std::string& bytes) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<std::uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof(a)) == 0);
  [[maybe_unused]] auto sent = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
  std::string out;
  char buf[4096];
  // The answer's head is enough; a connection the server keeps open (or a
  // request it waits on) is left after a second.
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  while (std::chrono::steady_clock::now() < end && out.find("\r\n\r\n") == std::string::npos) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0) continue;
    const ssize_t n = ::recv(fd, buf, sizeof(buf), 0);
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return out;
}

}  // namespace

TEST_CASE("replay views: refused while the match is live and before the delay, served after", "[feed][analysis][replay]") {
  TempDir dir;
  const Match m = finished_match(5);
  const std::size_t total = m.log().size();
  REQUIRE(total > 12);
  const std::string path = dir.file("views.db");
  SplitStore s(path, m);
  const std::size_t live_part = total / 2;
  s.store_to(live_part);  // the match is being played
  auto clock = std::make_shared<std::atomic<std::int64_t>>(kWall0 + kStep * static_cast<std::int64_t>(live_part));
  auto feed = start_feed(tv_options(path, kDelay, [clock] { return clock->load(); }, 8));
  const int port = feed->port();
  const std::string id = std::to_string(s.id);
  const std::string route = "/replay/" + id + "/analysis";

  // The public graph is anyone's at any time.
  CHECK(get(port, route).status == 200);
  CHECK(get(port, route + "?view=public").status == 200);
  for (const char* view : {"player1", "player2", "referee"}) {
    INFO(view);
    const Got g = get(port, route + "?view=" + view);
    CHECK(g.status == 403);
    CHECK(error_of(g).find("still being played") != std::string::npos);
    CHECK(error_of(g).find(view) != std::string::npos);
    CHECK(get(port, route + "?view=" + view + "&token=wrong-token-0123456789").status == 401);
  }
  // The TV token's holder: only what the delay released. Nothing yet.
  const std::string tv = route + "?view=referee&token=" + kToken;
  Got g = get_until(port, tv, [](const Got&) { return true; });
  REQUIRE(g.status == 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  g = get(port, tv);
  CHECK(g.body.at("total") == 0);
  CHECK(g.body.at("steps").empty());
  CHECK(g.body.at("complete") == false);
  // The clock walks on: rows 1..k released, never a step past them; the steps
  // are the replay's own stops of what was released.
  REQUIRE(live_part > 4);
  for (std::int64_t k : {std::int64_t{3}, static_cast<std::int64_t>(live_part)}) {
    clock->store(kWall0 + kDelay + (k - 1) * kStep);
    std::vector<Event> prefix(m.log().begin(), m.log().begin() + k);
    json expected = replay_steps(prefix).moves;
    auto positions = [](const Got& x) {
      json p = json::array();
      for (const auto& st : x.body.at("steps")) p.push_back(st.at("position"));
      return p;
    };
    g = get_until(port, tv, [&](const Got& x) { return x.status == 200 && x.body.at("total") == k && positions(x) == expected; });
    INFO("released " << k << ": " << g.body.dump().substr(0, 400));
    CHECK(g.body.at("total") == k);
    CHECK(g.body.at("view") == "referee");
    CHECK(positions(g) == expected);
    for (const auto& st : g.body.at("steps")) CHECK(st.at("position").get<std::int64_t>() <= k);
    if (k < static_cast<std::int64_t>(live_part)) CHECK(g.body.at("complete") == false);  // more is stored than released
  }
  // Without the token, still refused.
  CHECK(get(port, route + "?view=referee").status == 403);

  // The match ends; its end is younger than the delay: still refused, saying why.
  s.store_to(total);
  const std::int64_t last_commit = kWall0 + static_cast<std::int64_t>(total - 1) * kStep;
  clock->store(last_commit + kDelay - 1);
  g = get(port, route + "?view=player1");
  CHECK(g.status == 403);
  CHECK(error_of(g).find("ended less than the TV delay") != std::string::npos);
  // The delay has passed: everyone gets every view, the whole match.
  clock->store(last_commit + kDelay);
  const Got steps = get(port, "/replay/" + id + "/steps");
  REQUIRE(steps.status == 200);
  const json moves = steps.body.at("moves");
  for (const char* view : {"referee"}) {
    INFO(view);
    g = get_until(port, route + "?view=" + view, [](const Got& x) { return x.status == 200 && x.body.at("complete") == true; });
    REQUIRE(g.status == 200);
    REQUIRE(g.body.at("complete") == true);
    CHECK(g.body.at("total") == total);
    REQUIRE(g.body.at("steps").size() == moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) CHECK(g.body.at("steps")[i].at("position") == moves[i]);
    // The end is the result, exactly, from every side.
    const json& last = g.body.at("steps").back().at(view);
    REQUIRE(last.is_object());
    CHECK(last.at("decided") == true);
    const int winner = m.state().result->winner;
    CHECK(last.at("player1").at("p").get<double>() == (winner == 1 ? 1.0 : 0.0));
    // The turning points are the view's own, each a step of its graph.
    for (const auto& t : g.body.at("turning_points")) {
      bool found = false;
      for (const auto& st : g.body.at("steps")) found = found || st.at("position") == t.at("position");
      CHECK(found);
    }
    CHECK(g.body.at("turning_points") == ReplayAnalysis::turning_points(g.body.at("steps"), 3, view));
  }
  // Player 1's view is anyone's now too (its graph is worked out as the referee's).
  g = get(port, route + "?view=player1");
  CHECK(g.status == 200);
  CHECK(g.body.at("view") == "player1");
  CHECK(get(port, route + "?view=player2").status == 200);
}

TEST_CASE("replay analysis under attack: clear 4xx errors, no crash, other clients still served", "[feed][analysis][replay][guard]") {
  TempDir dir;
  const Match m = finished_match(9);
  const std::string path = dir.file("attack.db");
  store_match(path, m);
  // Long after the end: every view is anyone's.
  auto feed = start_feed(tv_options(path, kDelay, [] { return kWall0 + 10'000'000; }, 8));
  const int port = feed->port();

  struct Case {
    std::string path;
    int status;
    std::string says;  // a piece of the error's text
  };
  const std::string big(6000, '7');
  const std::vector<Case> cases = {
      {"/replay/%FF%FE/analysis", 400, "match number"},
      {"/replay/-1/analysis", 400, "match number"},
      {"/replay/abc/analysis", 400, "match number"},
      {"/replay/1e3/analysis", 400, "match number"},
      {"/replay/99999999999999999999/analysis", 400, "match number"},
      {"/replay/" + big + "/analysis", 400, "match number"},
      {"/replay/9223372036854775807/analysis", 400, "match number"},  // 19 digits: past what a match id is
      {"/replay/999999999999999999/analysis", 404, "no match"},
      {"/replay/0/analysis", 404, "no match"},
      {"/replay/1/analysis?view=god", 400, "unknown view"},
      {"/replay/1/analysis?view=", 400, "unknown view"},
      {"/replay/1/analysis?view=PUBLIC", 400, "unknown view"},
      {"/replay/1/analysis?view=p1", 400, "unknown view"},
      {"/replay/1/analysis?view=%00%FF%C3", 400, "unknown view"},
      {"/replay/1/analysis?view=" + std::string(5000, 'x'), 400, "unknown view"},
      {"/replay/1/on-air?step=-1", 400, "step"},
      {"/replay/1/on-air?step=abc", 400, "step"},
      {"/replay/1/on-air?step=99999999999", 400, "step"},
      {"/replay/1/on-air?step=100000", 400, "step"},
      {"/replay/-5/steps", 400, "match number"},
  };
  for (const auto& c : cases) {
    INFO(c.path.substr(0, 120));
    const Got g = get(port, c.path);
    CHECK(g.status == c.status);
    CHECK(g.body.at("status") == c.status);
    CHECK(error_of(g).find(c.says) != std::string::npos);
    CHECK(error_of(g).size() < 300);  // the request is quoted, never echoed whole
  }
  // A query string too long for any route: a 4xx JSON error, not a crash.
  {
    const Got g = get(port, "/replay/1/analysis?view=referee&pad=" + std::string(70'000, 'a'));
    CHECK(g.status >= 400);
    CHECK(g.status < 500);
  }
  // Bytes no client library sends: control characters and invalid UTF-8 in the
  // request line, a request line with no version, a binary blob.
  for (const std::string& bytes :
       {std::string("GET /replay/1/analysis?view=\x01\xff\xfe HTTP/1.1\r\nHost: x\r\n\r\n"),
        std::string("GET /replay/\xc3\x28/analysis HTTP/1.1\r\nHost: x\r\n\r\n"),
        std::string("GET /replay/1/analysis\r\n\r\n"), std::string("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11)}) {
    const std::string answer = raw_request(port, bytes);
    INFO(json(bytes).dump(-1, ' ', true, json::error_handler_t::replace) << " -> " << answer.substr(0, 200));
    if (!answer.empty()) {  // an answer, if any, is a 4xx
      REQUIRE(answer.rfind("HTTP/1.1 ", 0) == 0);
      const int status = std::stoi(answer.substr(9, 3));
      CHECK(status >= 400);
      CHECK(status < 500);
    }
  }
  // Many clients at once, good and bad; the feed answers every one, and a
  // client beside them still gets /on-air and the graph promptly.
  std::atomic<int> answered{0}, wrong{0};
  std::vector<std::thread> clients;
  const std::vector<std::pair<std::string, int>> mix = {
      {"/replay/1/analysis", 200}, {"/replay/1/analysis?view=referee", 200}, {"/replay/1/analysis?view=public", 200},
      {"/replay/x/analysis", 400}, {"/replay/1/analysis?view=nobody", 400}, {"/replay/77/analysis?view=referee", 404}};
  for (int t = 0; t < 12; ++t)
    clients.emplace_back([&, t] {
      httplib::Client cli("127.0.0.1", port);
      cli.set_read_timeout(std::chrono::seconds(10));
      for (int i = 0; i < 15; ++i) {
        const auto& [p, want] = mix[static_cast<std::size_t>(t + i) % mix.size()];
        auto r = cli.Get(p);
        if (!r) continue;
        ++answered;
        if (r->status != want || json::parse(r->body, nullptr, false).is_discarded()) ++wrong;
      }
    });
  const auto t0 = std::chrono::steady_clock::now();
  const Got on_air = get(port, "/on-air");
  const Got graph = get(port, "/replay/1/analysis?view=referee");
  const auto took = std::chrono::steady_clock::now() - t0;
  for (auto& c : clients) c.join();
  CHECK(answered == 12 * 15);
  CHECK(wrong == 0);
  CHECK(on_air.status == 200);
  CHECK(graph.status == 200);
  CHECK(took < std::chrono::seconds(3));
  // Still serving after all that.
  CHECK(get(port, "/replay/1/steps").status == 200);
  CHECK(get(port, "/replay/1/analysis?view=player1").status == 200);
}
