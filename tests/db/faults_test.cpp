#include <catch2/catch.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "db/public_reader.h"
#include "db/store.h"
#include "db/verify.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;
namespace fs = std::filesystem;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << bytes;
}

// A store with a few matches, closed (so everything is checkpointed into the file).
void make_store(const std::string& path) {
  auto store = must(Store::open(path));
  for (std::uint64_t seed = 31; seed < 34; ++seed) {
    std::optional<engine::Match> live;
    play_random(store, seed, 120, live);
  }
}

// Store::open in a child process that runs as `nobody` (root ignores file modes),
// reporting the error kind and message back through a pipe.
std::pair<std::string, std::string> open_as_nobody(const std::string& path) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::close(fds[0]);
    if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0)) std::_Exit(5);
    auto r = Store::open(path);
    std::string out = "ok\n";
    if (auto* e = std::get_if<StoreError>(&r)) out = std::string(kind_name(e->kind)) + "\n" + e->message;
    if (::write(fds[1], out.data(), out.size()) < 0) std::_Exit(6);
    std::_Exit(0);
  }
  ::close(fds[1]);
  std::string got;
  char buf[512];
  ssize_t n;
  while ((n = ::read(fds[0], buf, sizeof buf)) > 0) got.append(buf, static_cast<std::size_t>(n));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  auto nl = got.find('\n');
  if (nl == std::string::npos) return {got, ""};
  return {got.substr(0, nl), got.substr(nl + 1)};
}

}  // namespace

TEST_CASE("a file that is not SQLite is refused by name and left unchanged", "[faults]") {
  TempDir dir;
  auto path = dir.file("notes.txt");
  const std::string text = "this is a shopping list, not a database\n";
  write_file(path, text);
  auto e = must_fail(Store::open(path));
  CHECK(e.kind == StoreError::Kind::kNotSqlite);
  CHECK(e.message.find(path) != std::string::npos);
  CHECK(e.message.find("not an SQLite database") != std::string::npos);
  CHECK(read_file(path) == text);
  CHECK(must_fail(PublicReader::open(path)).kind == StoreError::Kind::kNotSqlite);
}

TEST_CASE("a store whose header was overwritten is reported as not SQLite", "[faults]") {
  TempDir dir;
  auto path = dir.file("s.db");
  make_store(path);
  auto bytes = read_file(path);
  for (int i = 0; i < 16; ++i) bytes[static_cast<std::size_t>(i)] = 'x';
  write_file(path, bytes);
  auto e = must_fail(Store::open(path));
  CHECK(e.kind == StoreError::Kind::kNotSqlite);
  CHECK(e.message.find(path) != std::string::npos);
}

TEST_CASE("a truncated store is reported as corrupt", "[faults]") {
  TempDir dir;
  auto path = dir.file("s.db");
  make_store(path);
  auto size = fs::file_size(path);
  REQUIRE(size > 20 * 4096);
  fs::resize_file(path, size / 2);
  auto e = must_fail(Store::open(path));
  CHECK(e.kind == StoreError::Kind::kCorrupt);
  CHECK(e.message.find(path) != std::string::npos);
}

TEST_CASE("a store with damaged pages is reported as corrupt", "[faults]") {
  TempDir dir;
  auto path = dir.file("s.db");
  make_store(path);
  auto bytes = read_file(path);
  REQUIRE(bytes.size() > 20 * 4096);
  for (std::size_t i = 4096 * 3; i < 4096 * 12; ++i) bytes[i] = static_cast<char>(0xA5);
  write_file(path, bytes);
  auto e = must_fail(Store::open(path));
  CHECK(e.kind == StoreError::Kind::kCorrupt);
  CHECK(e.message.find(path) != std::string::npos);
  CHECK(e.message.find("corrupt") != std::string::npos);
}

TEST_CASE("a read-only directory is named as the cause", "[faults]") {
  TempDir dir;
  auto sub = dir.path() / "locked";
  fs::create_directories(sub);
  auto path = (sub / "s.db").string();
  make_store(path);
  REQUIRE(::chown(sub.c_str(), 65534, 65534) == 0);
  REQUIRE(::chown(path.c_str(), 65534, 65534) == 0);
  fs::permissions(sub, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                           fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  auto [kind, message] = open_as_nobody(path);
  CHECK(kind == "read-only");
  CHECK(message.find(sub.string()) != std::string::npos);
  CHECK(message.find("not writable") != std::string::npos);
  auto [kind2, message2] = open_as_nobody((sub / "new.db").string());
  CHECK(kind2 == "read-only");
  CHECK(message2.find("not writable") != std::string::npos);
  CHECK_FALSE(fs::exists(sub / "new.db"));
}

TEST_CASE("a full disk stops the store without a half-written command", "[faults]") {
  TempDir dir;
  auto path = dir.file("s.db");
  { auto store = must(Store::open(path)); }
  auto pages = std::stoll(raw_sql(path, "PRAGMA page_count"));
  StoreOptions opts;
  opts.max_page_count = pages + 6;
  auto store = must(Store::open(path, opts));
  auto live = open_random_match(41);
  MatchId id = must(store.create_match(live));
  RandomOperator op(41);
  int committed = static_cast<int>(live.log().size());
  Failure failure;
  for (int i = 0; i < 5000 && !failure; ++i) {
    auto evs = op.step(live);
    if (evs.empty()) {
      live = open_random_match(static_cast<std::uint64_t>(42 + i));
      auto next = store.create_match(live);
      if (auto* e = std::get_if<StoreError>(&next)) {
        failure = *e;
        break;
      }
      id = std::get<MatchId>(next);
      committed = static_cast<int>(live.log().size());
      continue;
    }
    failure = store.append(id, live, evs);
    if (!failure) committed = evs.back().seq;
  }
  REQUIRE(failure);
  CHECK(failure->kind == StoreError::Kind::kDiskFull);
  CHECK(failure->message.find(path) != std::string::npos);
  CHECK(failure->message.find("full") != std::string::npos);
  // Exactly the commands that were reported done are there, whole.
  CHECK(must(store.match(id)).events == committed);
  const auto ids = std::to_string(id);
  CHECK(raw_sql(path, "SELECT max(seq) FROM events WHERE match_id=" + ids) == std::to_string(committed) + "\n");
  CHECK(raw_sql(path, "SELECT count(*) FROM public_events WHERE match_id=" + ids) == std::to_string(committed) + "\n");
  require_verified(must(verify(store)));
}
