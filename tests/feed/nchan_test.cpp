// The feed behind nginx + nchan (scripts/nchan.sh, scripts/nchan/nginx.conf.in)
// on loopback: the feed publishes each on-air message (a full frame, then JSON
// Patches), nchan fans it out over SSE in the same order, the bodies applied
// are the feed's frames, a reconnect with Last-Event-ID (nchan's ids)
// resumes without a gap, and the page, /on-air and the TV routes go through
// nginx as docs/deployment.md says. Skipped (with a warning) when nginx or its
// nchan module is not installed.
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "feed/frame_patch.h"
#include "feed_support.h"

using namespace facedown;
using namespace facedown::feed;
using namespace facedown::feed::testing;

namespace {

int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof(a));
  socklen_t len = sizeof(a);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  ::close(fd);
  return ntohs(a.sin_port);
}

// nginx under a temporary prefix on `port`, stopped at the end of the scope.
struct Nchan {
  std::string prefix;
  int status = -1;  // the script's exit status (77: not installed)
  Nchan(const std::filesystem::path& dir, int port, int feed_port) {
    prefix = (dir / "nchan").string();
    const std::string cmd = std::string("bash ") + FACEDOWN_SOURCE_DIR + "/scripts/nchan.sh start --listen 127.0.0.1:" +
                            std::to_string(port) + " --feed 127.0.0.1:" + std::to_string(feed_port) + " --prefix " +
                            prefix + " > " + prefix + ".out 2>&1";
    const int rc = std::system(cmd.c_str());
    status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  }
  ~Nchan() {
    const std::string cmd = std::string("bash ") + FACEDOWN_SOURCE_DIR + "/scripts/nchan.sh stop --prefix " + prefix;
    [[maybe_unused]] int rc = std::system(cmd.c_str());
  }
  std::string output() const {
    std::ifstream in(prefix + ".out");
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }
};

const httplib::Headers kSse{{"Accept", "text/event-stream"}};

}  // namespace

TEST_CASE("nchan: the feed's messages fan out through nginx, in order, and a reconnect resumes", "[feed][nchan]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 12);
  live.step();
  // Both ports first: the feed publishes to nginx, nginx proxies to the feed.
  const int port = free_port();
  const int feed_port = free_port();
  FeedOptions o;
  o.db_path = live.path;
  o.web_root = std::filesystem::path(FACEDOWN_SOURCE_DIR) / "feed" / "web";
  o.tv_token = "0123456789abcdef-tv-token";
  o.publish_url = "http://127.0.0.1:" + std::to_string(port) + "/pub/on-air";
  o.host = "127.0.0.1";
  o.port = feed_port;
  o.heartbeat = std::chrono::milliseconds(200);
  auto feed = must(FeedServer::start(o));
  Nchan nchan(dir.path(), port, feed_port);
  if (nchan.status == 77) {
    WARN("SKIPPED: nginx with the nchan module is not installed (scripts/install-deps.sh): " << nchan.output());
    return;
  }
  INFO(nchan.output());
  REQUIRE(nchan.status == 0);

  SseClient viewer(port, "/on-air/stream", kSse);
  SseClient direct(feed_port, "/on-air/stream");
  REQUIRE(direct.wait_events(1));
  REQUIRE(viewer.wait_events(1, std::chrono::seconds(10)));
  // Paced like a match (a burst of more than 8 messages would be shed to the latest).
  for (int i = 0; i < 6; ++i) {
    live.step();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const std::string last_id = std::to_string(live.id) + "." + std::to_string(live.seq()) + ".0";
  REQUIRE(direct.wait([&](const auto& e, int) { return !e.empty() && e.back().id == last_id; }));
  const auto want = direct.events();
  std::map<std::string, nlohmann::json> frame_of;  // the feed's id -> its full frame
  for (const auto& e : want) frame_of[e.id] = nlohmann::json::parse(e.data);
  // nchan carries the versioned stream's bodies (frames, then patches), each
  // naming the feed's id; applied, they are the feed's frames, in its order.
  REQUIRE(viewer.wait([&](const auto& e, int) {
    return !e.empty() && nlohmann::json::parse(e.back().data).value("id", "") == last_id;
  }, std::chrono::seconds(10)));
  auto got = viewer.events();
  FrameFollower follower;
  std::vector<std::string> ids;
  int patches = 0;
  for (const auto& e : got) {
    const auto body = nlohmann::json::parse(e.data);
    REQUIRE(body.contains("match"));
    REQUIRE(body.contains("seq"));
    const std::string id = body.at("id");
    if (body.contains("ops")) ++patches;
    auto f = follower.accept(body);
    if (!f) {
      CHECK(ids.empty());  // only before the first full frame a viewer meets
      continue;
    }
    ids.push_back(id);
    if (frame_of.count(id)) CHECK(*f == frame_of[id]);
  }
  CHECK(patches >= 4);
  REQUIRE_FALSE(ids.empty());
  auto first = std::find_if(want.begin(), want.end(), [&](const SseEvent& e) { return e.id == ids.front(); });
  REQUIRE(first != want.end());
  std::vector<std::string> want_ids;
  for (auto it = first; it != want.end(); ++it) want_ids.push_back(it->id);
  CHECK(ids == want_ids);
  for (const auto& e : got) CHECK_FALSE(e.id.empty());
  // A reconnect with the id of the third message gets exactly the rest.
  REQUIRE(got.size() >= 4);
  SseClient again(port, "/on-air/stream", {{"Accept", "text/event-stream"}, {"Last-Event-ID", got[2].id}});
  REQUIRE(again.wait_events(got.size() - 3, std::chrono::seconds(10)));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto resumed = again.events();
  REQUIRE(resumed.size() == got.size() - 3);
  for (std::size_t i = 0; i < resumed.size(); ++i) {
    CHECK(resumed[i].id == got[i + 3].id);
    CHECK(resumed[i].data == got[i + 3].data);
  }
  // nchan's pings keep the page's feed-lost watch quiet.
  for (int i = 0; i < 60 && viewer.pings() == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK(viewer.pings() >= 1);
  // The page and /on-air through nginx's cache; the TV feed never.
  httplib::Client cli("127.0.0.1", port);
  auto page = cli.Get("/overlay.html");
  REQUIRE(page);
  CHECK(page->status == 200);
  auto on_air = cli.Get("/on-air");
  REQUIRE(on_air);
  CHECK(on_air->status == 200);
  CHECK_FALSE(on_air->get_header_value("ETag").empty());
  auto tv = cli.Get("/tv/on-air?token=0123456789abcdef-tv-token");
  REQUIRE(tv);
  CHECK(tv->status == 404);
}
