// desk_host: a headless desk with its control API, for the director's page test
// (tests/browser/director_page_test.mjs). It opens a memory library, plays the
// match script named by argv[1], starts the control API on an ephemeral
// loopback port, prints "PORT TOKEN" and serves
// (a frame and a serve every 5 ms, as facedown-console's loop does) until its
// stdin closes. Test support only; never installed.
#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "console/console.h"
#include "console/control_api.h"
#include "console/control_token.h"
#include "console/match_library.h"
#include "console/script_driver.h"
#include "ui/headless.h"

using namespace facedown;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: desk_host SCRIPT\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) {
    std::fprintf(stderr, "desk_host: cannot read %s\n", argv[1]);
    return 2;
  }
  ui::HeadlessContext ctx;
  console::Console desk(console::memory_library(), &ctx.fonts());
  engine::Millis mono = 1000;
  auto frame = [&] {
    ctx.begin_frame();
    desk.frame(mono);
    ctx.end_frame();
  };
  auto loaded = console::ScriptDriver::load(text.str());
  if (auto* e = std::get_if<std::string>(&loaded)) {
    std::fprintf(stderr, "desk_host: %s\n", e->c_str());
    return 1;
  }
  auto& driver = std::get<console::ScriptDriver>(loaded);
  if (auto e = driver.create(desk, mono)) {
    std::fprintf(stderr, "desk_host: %s\n", e->c_str());
    return 1;
  }
  for (std::size_t i = 0; i < driver.size(); ++i)
    if (auto e = driver.play(desk, i, mono)) {
      std::fprintf(stderr, "desk_host: line %zu: %s\n", i + 1, e->c_str());
      return 1;
    }
  auto token = console::random_control_token();
  if (!std::holds_alternative<console::ControlToken>(token)) return 1;
  const std::string hex = std::get<console::ControlToken>(token).hex;
  auto started = console::ControlServer::start({"127.0.0.1", 0}, hex);
  if (auto* e = std::get_if<std::string>(&started)) {
    std::fprintf(stderr, "desk_host: %s\n", e->c_str());
    return 1;
  }
  auto& server = std::get<std::unique_ptr<console::ControlServer>>(started);
  std::printf("%d %s\n", server->port(), hex.c_str());
  std::fflush(stdout);
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    pollfd p{0, POLLIN, 0};
    if (::poll(&p, 1, 5) > 0) {
      char buf[64];
      if (::read(0, buf, sizeof buf) <= 0) break;  // stdin closed: the test is done
    }
    mono = 1000 + std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    frame();
    server->serve(desk, mono);
  }
  return 0;
}
