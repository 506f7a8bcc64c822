#include <catch2/catch.hpp>
#include <unistd.h>

#include "db/store.h"
#include "tests/db/child_process.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

TEST_CASE("a second writer of the same match is refused, naming the holder", "[lock]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto a = must(Store::open(path));
  std::optional<engine::Match> live;
  MatchId id = play_random(a, 51, 10, live);
  const std::string me = std::to_string(::getpid());

  SECTION("another Store in this process") {
    auto b = must(Store::open(path));
    auto err = b.acquire(id);
    REQUIRE(err);
    CHECK(err->kind == StoreError::Kind::kLocked);
    CHECK(err->message.find("process " + me) != std::string::npos);
    CHECK(err->message.find("since") != std::string::npos);
    RandomOperator op(3);
    auto evs = op.step(*live);
    auto refused = b.append(id, *live, evs);
    REQUIRE(refused);
    CHECK(refused->kind == StoreError::Kind::kLocked);
    must_ok(a.append(id, *live, evs));  // the holder goes on
    auto holder = b.lock_holder(id);
    REQUIRE(holder);
    CHECK(holder->pid == ::getpid());
    a.release(id);
    must_ok(b.acquire(id));
    CHECK(a.append(id, *live, op.step(*live)).has_value());  // a let go: refused now
  }
  SECTION("another process") {
    auto got = in_child([&](int fd) {
      auto b = Store::open(path);
      if (auto* e = std::get_if<StoreError>(&b)) return send(fd, "open failed: " + e->message);
      auto err = std::get<Store>(b).acquire(id);
      send(fd, err ? std::string(kind_name(err->kind)) + ": " + err->message : "acquired");
    });
    CHECK(got.rfind("locked: ", 0) == 0);
    CHECK(got.find("process " + me) != std::string::npos);
  }
}

TEST_CASE("the lock of a process that died is taken over", "[lock]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto got = in_child([&](int fd) {
    auto s = Store::open(path);
    if (auto* e = std::get_if<StoreError>(&s)) return send(fd, "E " + e->message);
    auto live = open_random_match(52);
    auto id = std::get<Store>(s).create_match(live);
    if (auto* e = std::get_if<StoreError>(&id)) return send(fd, "E " + e->message);
    send(fd, std::to_string(::getpid()) + " " + std::to_string(std::get<MatchId>(id)));
    std::_Exit(0);  // without releasing: the lock row stays behind, as after a kill -9
  });
  REQUIRE(got.rfind("E ", 0) != 0);
  long dead_pid = std::stol(got.substr(0, got.find(' ')));
  MatchId id = std::stoll(got.substr(got.find(' ') + 1));
  auto store = must(Store::open(path));
  auto holder = store.lock_holder(id);
  REQUIRE(holder);
  CHECK(holder->pid == dead_pid);
  must_ok(store.acquire(id));
  CHECK(store.lock_holder(id)->pid == ::getpid());
}

TEST_CASE("a store replaced by move-assignment lets its locks go", "[lock]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto a = must(Store::open(path));
  std::optional<engine::Match> live;
  MatchId id = play_random(a, 53, 5, live);
  a = must(Store::open(dir.file("other.db")));
  auto b = must(Store::open(path));
  must_ok(b.acquire(id));
}
