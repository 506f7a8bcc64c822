// Issue 31 item 6: nothing is lost at a match switch, and the flat feed says
// what its documentation says. Once, the message log was cleared when the match
// changed, so a TV client whose last id was the previous match's got only the
// latest message: the next match's `opened` and first rows (and sometimes the
// previous match's last events) never aired. The flat feed's match and seq were
// always empty, its CSV had no byte order mark, its status said "finished".
#include <nlohmann/json.hpp>

#include "feed/frame_patch.h"
#include "feed/message_log.h"
#include "feed/on_air_flat.h"
#include "feed_support.h"

using namespace facedown;
using namespace facedown::feed;
using namespace facedown::feed::testing;
using nlohmann::json;

namespace {

const std::string kToken = "0123456789abcdef-tv-token";

}  // namespace

TEST_CASE("message log: a client of the match left gets its last messages, then the next match's from the start",
          "[feed][switch]") {
  MessageLog log(64);
  for (int s = 1; s <= 4; ++s) log.push({EventId{1, s, 0}, R"({"m":1,"s":)" + std::to_string(s) + "}"});
  // The client has match 1's row 2; match 1 ends (rows 3, 4) and match 2 opens, with rows.
  for (int s = 1; s <= 3; ++s) log.push({EventId{2, s, 0}, R"({"m":2,"s":)" + std::to_string(s) + "}"});
  const auto got = log.since(EventId{1, 2, 0});
  std::vector<EventId> ids;
  for (const auto& m : got) ids.push_back(m.id);
  CHECK(ids == std::vector<EventId>{{1, 3, 0}, {1, 4, 0}, {2, 1, 0}, {2, 2, 0}, {2, 3, 0}});
  // Up to date on match 1's last: all of match 2.
  CHECK(log.since(EventId{1, 4, 0}).size() == 3);
  // The first message of a match goes whole (no patch across matches).
  CHECK(got[2].full);
  CHECK(got[2].patch.empty());
}

TEST_CASE("tv feed: three matches back to back, every event airs once and in order", "[feed][tv][switch]") {
  TempDir dir;
  LiveMatch first(dir.file("s.db"), 21);
  constexpr std::int64_t kDelay = 400;
  FeedOptions o;
  o.db_path = first.path;
  o.tv_token = kToken;
  o.tv_delay_ms = kDelay;
  auto feed = start_feed(o);
  SseClient tv(feed->port(), "/tv/stream?token=" + kToken);
  // The TV cut's versioned stream: the same messages as a full one, then patches.
  SseClient tv2(feed->port(), "/tv/stream?v=2&token=" + kToken);
  // What the desk commits: (match, seq) of every event, in commit order.
  std::vector<std::pair<db::MatchId, int>> committed;
  for (int i = 1; i <= 1; ++i) committed.push_back({first.id, i});  // its opening
  auto play = [&](db::MatchId id, engine::Match& m, db::testing::RandomOperator& op, int steps) {
    for (int i = 0; i < steps; ++i) {
      const std::size_t before = m.log().size();
      auto evs = op.step(m);
      if (evs.empty()) break;
      if (auto f = first.store.append(id, m, evs)) FAIL(f->message);
      for (std::size_t s = before + 1; s <= m.log().size(); ++s) committed.push_back({id, static_cast<int>(s)});
    }
  };
  play(first.id, first.match, first.op, 10);
  // The operator opens the next match at once and play starts, each time
  // within the delay: the cut airs each switch in one poll.
  std::vector<engine::Match> matches;
  matches.reserve(2);
  for (std::uint64_t seed : {22u, 23u}) {
    matches.push_back(db::testing::open_random_match(seed));
    const db::MatchId id = must(first.store.create_match(matches.back()));
    committed.push_back({id, 1});
    db::testing::RandomOperator op(seed * 7 + 1);
    play(id, matches.back(), op, 10);
  }
  const auto& last = committed.back();
  const std::string last_id = std::to_string(last.first) + "." + std::to_string(last.second) + ".0";
  REQUIRE(tv.wait([&](const auto& e, int) { return !e.empty() && e.back().id == last_id; },
                  std::chrono::milliseconds(kDelay + 8000)));
  std::vector<std::pair<db::MatchId, int>> aired;
  for (const auto& e : tv.events()) {
    const json j = json::parse(e.data);
    if (j.value("type", "") == "cue" || j.value("type", "") == "analysis") continue;
    aired.push_back({j.at("match").get<db::MatchId>(), j.at("seq").get<int>()});
  }
  auto list = [](const std::vector<std::pair<db::MatchId, int>>& v) {
    std::string out;
    for (const auto& [m, s] : v) out += std::to_string(m) + "." + std::to_string(s) + " ";
    return out;
  };
  INFO("committed " << committed.size() << " events: " << list(committed));
  INFO("aired " << aired.size() << ": " << list(aired));
  CHECK(aired == committed);
  // The versioned TV stream, applied, gives every message of the old one.
  REQUIRE(tv2.wait([&](const auto& e, int) { return !e.empty() && e.back().id == last_id; },
                   std::chrono::milliseconds(5000)));
  const auto whole = tv.events();
  const auto patched = tv2.events();
  REQUIRE(patched.size() == whole.size());
  FrameFollower follower;
  int patches = 0;
  for (std::size_t i = 0; i < whole.size(); ++i) {
    INFO("message " << whole[i].id);
    CHECK(patched[i].id == whole[i].id);
    if (patched[i].event == "patch") ++patches;
    auto got = follower.accept(json::parse(patched[i].data));
    REQUIRE(got);
    CHECK(*got == json::parse(whole[i].data));
  }
  CHECK(patches > 0);
}

TEST_CASE("on-air flat: match and seq filled, a BOM in CSV, the documented status words", "[feed][flat][switch]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 7);
  for (int i = 0; i < 3; ++i) live.step();
  FeedOptions o;
  o.db_path = live.path;
  auto feed = start_feed(o);
  httplib::Client cli("127.0.0.1", feed->port());
  auto fields = [&]() {
    std::map<std::string, std::string> out;
    auto xml = cli.Get("/on-air.xml?lang=en");
    REQUIRE(xml);
    REQUIRE(xml->status == 200);
    for (std::size_t at = 0; (at = xml->body.find("\n  <", at)) != std::string::npos;) {
      const auto name_end = xml->body.find('>', at);
      const std::string name = xml->body.substr(at + 4, name_end - at - 4);
      const auto close = xml->body.find("</" + name + ">", name_end);
      out[name] = xml->body.substr(name_end + 1, close - name_end - 1);
      at = close;
    }
    return out;
  };
  // Wait for the feed to have read the rows.
  const std::string want_seq = std::to_string(live.seq());
  for (int i = 0; i < 200 && fields()["seq"] != want_seq; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  auto f = fields();
  CHECK(f["match"] == std::to_string(live.id));
  CHECK(f["seq"] == want_seq);
  auto csv = cli.Get("/on-air.csv");
  REQUIRE(csv);
  CHECK(csv->body.rfind("\xEF\xBB\xBF", 0) == 0);
  // The match played to its end: the documented "ended", never the engine's "finished".
  while (live.step()) {
  }
  const std::string end_seq = std::to_string(live.seq());
  for (int i = 0; i < 300 && fields()["seq"] != end_seq; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  f = fields();
  CHECK(f["seq"] == end_seq);
  CHECK(f["status"] == "ended");
  // Every word the engine has maps to a documented one.
  const std::set<std::string> documented = {"setup", "ready", "playing", "paused", "awaiting-items",
                                            "awaiting-revival", "ended", "waiting"};
  for (const char* engine_word : {"setup", "ready", "playing", "paused", "awaiting-items", "awaiting-revival", "finished"}) {
    json doc = {{"status", engine_word}};
    std::string status;
    for (const auto& [n, v] : flat_fields(doc, "en", 0)) if (n == "status") status = v;
    INFO(engine_word);
    CHECK(documented.count(status) == 1);
  }
}
