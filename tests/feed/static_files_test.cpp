// The overlay's files and the guard around them: types, and no way out of the
// web root (dot-dot, encoded and doubled forms, hidden files, symlinks, unknown
// extensions), directly and over HTTP.
#include <catch2/catch.hpp>

#include <fstream>

#include "feed/static_files.h"
#include "feed_support.h"

using namespace facedown;
using namespace facedown::feed;
using namespace facedown::feed::testing;
namespace fs = std::filesystem;

namespace {

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

// A web root with a few files, and a secret beside it.
struct WebRoot {
  TempDir dir;
  fs::path root = dir.path() / "web";
  WebRoot() {
    write(root / "overlay.html", "<!doctype html><title>overlay</title>");
    write(root / "overlay.js", "export const x = 1;");
    write(root / "css" / "overlay.css", "body{}");
    write(root / ".hidden.js", "hidden");
    write(dir.path() / "secret.txt", "the referee's notes");
    write(dir.path() / "secret.js", "the referee's notes");
    fs::create_symlink(dir.path() / "secret.js", root / "link.js");
  }
};

}  // namespace

TEST_CASE("web files: content types", "[feed]") {
  CHECK(content_type("overlay.html") == "text/html; charset=utf-8");
  CHECK(content_type("a/overlay.js") == "text/javascript; charset=utf-8");
  CHECK(content_type("overlay.css") == "text/css; charset=utf-8");
  CHECK(content_type("x.svg") == "image/svg+xml");
  CHECK_FALSE(content_type("store.db"));
  CHECK_FALSE(content_type("Makefile"));
}

TEST_CASE("web files: only plain paths inside the root resolve", "[feed][traversal]") {
  WebRoot w;
  CHECK(resolve_asset(w.root, "overlay.html"));
  CHECK(resolve_asset(w.root, "css/overlay.css"));
  CHECK_FALSE(resolve_asset(w.root, std::string("overlay.html\0.js", 16)));
  for (const char* bad : {"../secret.txt", "../secret.js", "css/../../secret.js", "..", "./overlay.html",
                          "css//overlay.css", "/etc/passwd", "css/", ".hidden.js", "link.js",
                          "%2e%2e/secret.js", "..%2fsecret.js", "..\\secret.js", "overlay.html/", "nope.html",
                          "css/overlay.css/..", "....//secret.js"}) {
    INFO(bad);
    CHECK_FALSE(resolve_asset(w.root, bad));
  }
  CHECK_FALSE(resolve_asset(w.dir.path() / "missing", "overlay.html"));
}

TEST_CASE("web files over HTTP: served with their type, and traversal in any spelling is a 404", "[feed][traversal]") {
  WebRoot w;
  LiveMatch live(w.dir.file("s.db"), 2);
  FeedOptions o;
  o.db_path = live.path;
  o.web_root = w.root;
  auto feed = start_feed(o);
  httplib::Client cli("127.0.0.1", feed->port());
  auto ok = cli.Get("/overlay.html");
  REQUIRE(ok);
  CHECK(ok->status == 200);
  CHECK(ok->get_header_value("Content-Type") == "text/html; charset=utf-8");
  CHECK(ok->body.find("<title>overlay</title>") != std::string::npos);
  auto js = cli.Get("/overlay.js");
  REQUIRE(js);
  CHECK(js->get_header_value("Content-Type") == "text/javascript; charset=utf-8");
  for (const char* bad : {"/../secret.txt", "/..%2fsecret.js", "/%2e%2e/secret.js", "/%2E%2E%2Fsecret.js",
                          "/css/..%2f..%2fsecret.js", "/%252e%252e/secret.js", "/..%5csecret.js", "/.hidden.js",
                          "/link.js", "/css/%2e%2e/%2e%2e/secret.js", "/overlay.html%00.js", "//etc/passwd",
                          "/%2fetc%2fpasswd"}) {
    INFO(bad);
    auto r = cli.Get(bad);
    REQUIRE(r);
    CHECK(r->status >= 400);
    CHECK(r->status < 500);
    CHECK(r->body.find("referee") == std::string::npos);
  }
  // The raw request line, without the client's own normalising.
  httplib::Client raw("127.0.0.1", feed->port());
  auto r = raw.Get("/css/../../secret.js");
  REQUIRE(r);
  CHECK(r->status == 404);
  CHECK(r->body.find("referee") == std::string::npos);
}
