// The analysis file beside the store (db/analysis_file.h): records by (match,
// view, seq) written by one connection and read by another, a reader before
// any worker, a damaged or foreign file refused with its name, and the worker
// lock of one match: exclusive within a process and between processes, and
// released when its holder is killed (another follower then takes over).
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include <fstream>

#include "db/analysis_file.h"
#include "temp_dir.h"

using namespace facedown::db;
using facedown::db::testing::TempDir;

namespace {

template <class T>
T must(Result<T> r) {
  if (auto* e = std::get_if<StoreError>(&r)) FAIL(e->message);
  return std::move(std::get<T>(r));
}

}  // namespace

TEST_CASE("analysis file: a record written by the worker is read by another connection, by its exact row",
          "[db][analysis-file]") {
  TempDir dir;
  const std::string store = dir.file("final.db");
  auto none = AnalysisFile::open_reader(store);
  REQUIRE(std::holds_alternative<StoreError>(none));
  CHECK(std::get<StoreError>(none).kind == StoreError::Kind::kNotFound);
  CHECK(std::get<StoreError>(none).message.find("final.db.analysis") != std::string::npos);

  auto writer = must(AnalysisFile::open_writer(store));
  auto reader = must(AnalysisFile::open_reader(store));
  const auto v0 = must(reader.data_version());
  REQUIRE_FALSE(writer.put(1, "public", 7, R"({"seq":7})"));
  REQUIRE_FALSE(writer.put(1, "public", 9, R"({"seq":9})"));
  REQUIRE_FALSE(writer.put(2, "public", 8, R"({"seq":8,"other":true})"));
  CHECK(must(reader.data_version()) != v0);
  CHECK(must(reader.get(1, "public", 7)) == std::optional<std::string>(R"({"seq":7})"));
  // Exactly that row: an earlier or later row's record is not another's.
  CHECK_FALSE(must(reader.get(1, "public", 8)).has_value());
  CHECK_FALSE(must(reader.get(1, "player1", 7)).has_value());
  CHECK(must(reader.last_seq(1, "public")) == 9);
  CHECK(must(reader.last_seq(3, "public")) == 0);
  // A row's record is replaced (its win probability finished later).
  REQUIRE_FALSE(writer.put(1, "public", 9, R"({"seq":9,"win":1})"));
  CHECK(must(reader.get(1, "public", 9)) == std::optional<std::string>(R"({"seq":9,"win":1})"));
  // A reader never writes.
  auto refused = reader.put(1, "public", 10, "{}");
  REQUIRE(refused);
  CHECK(refused->kind == StoreError::Kind::kReadOnly);
  // Odd bytes are kept as they are (the record's parser refuses them, not the file).
  const std::string odd("\x01\xff\"; DROP TABLE record; --", 28);
  REQUIRE_FALSE(writer.put(1, "public", 11, odd));
  CHECK(must(reader.get(1, "public", 11)) == std::optional<std::string>(odd));
}

TEST_CASE("analysis file: a foreign file is refused by a reader and started again by the worker", "[db][analysis-file]") {
  TempDir dir;
  const std::string store = dir.file("s.db");
  {
    std::ofstream junk(analysis_path(store), std::ios::binary);
    junk << "this is not a database, it is a text file that happens to have the name";
  }
  auto reader = AnalysisFile::open_reader(store);
  REQUIRE(std::holds_alternative<StoreError>(reader));
  CHECK(std::get<StoreError>(reader).message.find(analysis_path(store)) != std::string::npos);
  // The worker cannot use it either (not SQLite): a clear error, nothing aborts.
  auto writer = AnalysisFile::open_writer(store);
  REQUIRE(std::holds_alternative<StoreError>(writer));
  CHECK(std::get<StoreError>(writer).kind == StoreError::Kind::kNotSqlite);

  // An SQLite file of another version: the worker starts it again (derived
  // data), a reader refuses it until then.
  const std::string other = dir.file("o.db");
  {
    auto w = must(AnalysisFile::open_writer(other));
    REQUIRE_FALSE(w.put(1, "public", 1, "{}"));
  }
  {
    sqlite3* raw = nullptr;
    REQUIRE(sqlite3_open(analysis_path(other).c_str(), &raw) == SQLITE_OK);
    REQUIRE(sqlite3_exec(raw, "PRAGMA user_version = 99", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(raw);
  }
  auto stale = AnalysisFile::open_reader(other);
  REQUIRE(std::holds_alternative<StoreError>(stale));
  CHECK(std::get<StoreError>(stale).message.find("version 99") != std::string::npos);
  auto w = must(AnalysisFile::open_writer(other));
  CHECK_FALSE(must(w.get(1, "public", 1)).has_value());
  CHECK(std::holds_alternative<AnalysisFile>(AnalysisFile::open_reader(other)));
}

TEST_CASE("analysis worker lock: one holder per match, in a process and across processes, freed by a kill",
          "[db][analysis-file]") {
  TempDir dir;
  const std::string store = dir.file("l.db");
  auto first = AnalysisWorkerLock::try_take(store, 1);
  REQUIRE(first);
  CHECK_FALSE(AnalysisWorkerLock::try_take(store, 1));  // same process, another holder
  auto other_match = AnalysisWorkerLock::try_take(store, 2);
  CHECK(other_match);  // another match has its own worker
  CHECK_FALSE(AnalysisWorkerLock::try_take(store, 0));  // no match: nothing to work on
  first.reset();
  auto again = AnalysisWorkerLock::try_take(store, 1);
  REQUIRE(again);
  again.reset();

  // A child process takes match 1's lock and is killed with SIGKILL while
  // holding it: the kernel frees it and this process takes it.
  int ready[2];
  REQUIRE(::pipe(ready) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    auto held = AnalysisWorkerLock::try_take(store, 1);
    const char c = held ? 'y' : 'n';
    (void)!::write(ready[1], &c, 1);
    for (;;) ::pause();
  }
  char c = 0;
  REQUIRE(::read(ready[0], &c, 1) == 1);
  CHECK(c == 'y');
  CHECK_FALSE(AnalysisWorkerLock::try_take(store, 1));  // held by the child
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  ::close(ready[0]);
  ::close(ready[1]);
  CHECK(AnalysisWorkerLock::try_take(store, 1));
}
