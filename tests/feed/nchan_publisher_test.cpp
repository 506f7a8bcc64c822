// The nchan publisher against a stand-in publisher location (an httplib server
// on loopback): every message in order while it keeps up; when it is slower
// than the messages come, the latest always goes and the lag stays bounded;
// a location that is down is reported and retried; a bad URL is refused.
#include <catch2/catch.hpp>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <httplib.h>

#include <mutex>
#include <thread>

#include "feed/frame_patch.h"
#include "feed/nchan_publisher.h"

using namespace facedown::feed;

namespace {

struct Location {
  httplib::Server http;
  std::thread thread;
  int port = 0;
  std::mutex mu;
  std::vector<std::string> bodies;
  std::chrono::milliseconds delay{0};
  explicit Location(std::chrono::milliseconds d) : delay(d) {
    http.Post("/pub/on-air", [this](const httplib::Request& req, httplib::Response& res) {
      std::this_thread::sleep_for(delay);
      std::lock_guard lock(mu);
      bodies.push_back(req.body);
      res.status = 202;
    });
    port = http.bind_to_any_port("127.0.0.1");
    thread = std::thread([this] { http.listen_after_bind(); });
    while (!http.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));  // stop() before that would not
  }
  ~Location() {
    http.stop();
    thread.join();
  }
  std::vector<std::string> got() {
    std::lock_guard lock(mu);
    return bodies;
  }
};

PublishOptions at(const std::string& url) {
  PublishOptions o;
  o.url = url;
  return o;
}

// A frame big enough that its patch (the seq changed) is smaller than it.
Message message(int seq) {
  return Message{EventId{1, seq, 0}, "{\"seq\":" + std::to_string(seq) + ",\"board\":\"" + std::string(300, 'b') + "\"}"};
}
nlohmann::json frame(int seq) { return nlohmann::json::parse(message(seq).data); }

template <class F>
bool eventually(F f, std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    if (f()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return f();
}

}  // namespace

TEST_CASE("nchan publisher: every message in order while the location keeps up", "[feed][nchan]") {
  Location loc(std::chrono::milliseconds(0));
  MessageLog log;
  log.push(message(1));
  auto started = NchanPublisher::start(log, at("http://127.0.0.1:" + std::to_string(loc.port) + "/pub/on-air"));
  REQUIRE(std::holds_alternative<std::unique_ptr<NchanPublisher>>(started));
  auto& pub = std::get<std::unique_ptr<NchanPublisher>>(started);
  // A fresh publisher starts with the current model (the latest message).
  REQUIRE(eventually([&] { return loc.got().size() == 1; }));
  for (int i = 2; i <= 20; ++i) {
    log.push(message(i));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  eventually([&] { return loc.got().size() >= 20; });
  REQUIRE(loc.got().size() == 20);
  const auto got = loc.got();
  // The bodies: a full frame, then patches; a viewer applying them has every frame.
  FrameFollower viewer;
  int patches = 0;
  for (int i = 0; i < 20; ++i) {
    const auto body = nlohmann::json::parse(got[static_cast<std::size_t>(i)]);
    CHECK(body.at("match") == 1);
    CHECK(body.at("seq") == i + 1);
    if (body.contains("ops")) ++patches;
    auto f = viewer.accept(body);
    REQUIRE(f);
    CHECK(*f == frame(i + 1));
  }
  CHECK(nlohmann::json::parse(got[0]).contains("frame"));
  CHECK(patches == 19);
  CHECK(pub->skipped() == 0);
  log.stop();
}

TEST_CASE("nchan publisher: a slow location gets the latest, in order, with a bounded lag", "[feed][nchan]") {
  Location loc(std::chrono::milliseconds(100));
  MessageLog log;
  PublishOptions o = at("http://127.0.0.1:" + std::to_string(loc.port) + "/pub/on-air");
  o.max_backlog = 3;
  auto started = NchanPublisher::start(log, o);
  REQUIRE(std::holds_alternative<std::unique_ptr<NchanPublisher>>(started));
  auto& pub = std::get<std::unique_ptr<NchanPublisher>>(started);
  log.push(message(1));
  REQUIRE(eventually([&] { return loc.got().size() == 1; }));
  for (int i = 2; i <= 40; ++i) log.push(message(i));  // far faster than the location answers
  auto last_seq = [](const std::string& body) { return nlohmann::json::parse(body).at("seq").get<int>(); };
  REQUIRE(eventually([&] { const auto g = loc.got(); return !g.empty() && last_seq(g.back()) == 40; }));
  const auto got = loc.got();
  CHECK(got.size() < 20);  // not one POST per message: the backlog was shed
  CHECK(pub->skipped() > 0);
  int last = 0;
  // After a skip the next body goes whole: a viewer never meets a patch on a
  // frame it was not sent, and ends on the latest frame.
  FrameFollower viewer;
  std::optional<nlohmann::json> shown;
  for (const auto& b : got) {
    const int seq = last_seq(b);
    CHECK(seq > last);
    last = seq;
    shown = viewer.accept(nlohmann::json::parse(b));
    REQUIRE(shown);
  }
  CHECK(*shown == frame(40));
  log.stop();
}

TEST_CASE("nchan publisher: a location that is down is reported and retried, and bad URLs are refused", "[feed][nchan]") {
  MessageLog log;
  // A port nothing listens on.
  int port = 0;
  {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof(a));
    socklen_t len = sizeof(a);
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
    port = ntohs(a.sin_port);
    ::close(fd);  // bound, never listened: connections are refused
  }
  PublishOptions o = at("http://127.0.0.1:" + std::to_string(port) + "/pub/on-air");
  o.retry = std::chrono::milliseconds(50);
  std::vector<std::string> lines;
  std::mutex lines_mu;
  o.log = [&](const std::string& l) {
    std::lock_guard lock(lines_mu);
    lines.push_back(l);
  };
  auto started = NchanPublisher::start(log, o);
  REQUIRE(std::holds_alternative<std::unique_ptr<NchanPublisher>>(started));
  auto& pub = std::get<std::unique_ptr<NchanPublisher>>(started);
  log.push(message(1));
  log.push(message(2));
  REQUIRE(eventually([&] { return pub->failures() > 0; }));
  {
    std::lock_guard lock(lines_mu);
    REQUIRE_FALSE(lines.empty());
    CHECK(lines.front().find("failed") != std::string::npos);
  }
  // Bad URLs are refused with a reason.
  for (const char* bad : {"ftp://x/pub", "http://", "127.0.0.1:8090/pub/on-air", "http://host-without-path"}) {
    INFO(bad);
    auto r = NchanPublisher::start(log, at(bad));
    CHECK(std::holds_alternative<std::string>(r));
  }
  log.stop();
}
