// One security policy for the store's two read-only doors: every table of the
// schema is readable through the public reader exactly when it is through the
// delayed reader (which adds only its gated view of `events`), and both allow the
// same SQL functions. The table list is read from the file's own schema, so a new
// table must be classified here (public or secret) before this passes.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>

#include "db/delayed_reader.h"
#include "db/public_reader.h"
#include "db/reader_policy.h"
#include "db/store.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

namespace {

template <class Reader>
bool readable(Reader& reader, const std::string& sql) {
  return !std::holds_alternative<StoreError>(reader.query(sql));
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("the public and delayed readers share one allow-list of tables and functions", "[reader][policy]") {
  TempDir dir;
  auto path = dir.file("p.db");
  {
    auto store = must(Store::open(path));
    std::optional<engine::Match> live;
    play_random(store, 23, 30, live);
  }
  auto pub = must(PublicReader::open(path));
  auto delayed = must(DelayedReader::open(path, DelayedReaderOptions{}));

  const std::set<std::string> listed(reader_policy::public_tables().begin(), reader_policy::public_tables().end());
  // The referee's tables: nothing in them may be read directly through either door.
  const std::set<std::string> secret = {"events", "sealed_setups", "writers"};

  const auto tables = lines(raw_sql(path, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"));
  REQUIRE(tables.size() >= 9);
  for (const auto& t : tables) {
    INFO("table " << t);
    if (t.rfind("sqlite_", 0) == 0) continue;  // SQLite's own (sqlite_sequence, sqlite_stat1)
    // Classified: a table the schema gains is public or secret, never forgotten.
    REQUIRE(listed.count(t) + secret.count(t) == 1);
    const std::string sql = "SELECT count(*) FROM " + t;
    const bool through_public = readable(pub, sql);
    const bool through_delayed = readable(delayed, sql);
    CHECK(through_public == through_delayed);
    CHECK(through_public == (listed.count(t) == 1));
    const std::string qualified = "SELECT * FROM main." + t + " LIMIT 1";
    CHECK(readable(pub, qualified) == readable(delayed, qualified));
  }
  for (const char* t : reader_policy::public_tables()) {
    INFO("listed " << t);
    CHECK(readable(pub, std::string("SELECT count(*) FROM ") + t));
    CHECK(readable(delayed, std::string("SELECT count(*) FROM ") + t));
  }
  // The same functions, allowed and refused alike.
  for (const char* f : reader_policy::allowed_functions()) {
    INFO("function " << f);
    std::string arg = std::string(f) == "count" ? "*" : "'1'";
    if (std::string(f) == "substr" || std::string(f) == "instr" || std::string(f) == "ifnull" ||
        std::string(f) == "nullif" || std::string(f) == "coalesce" || std::string(f) == "json_extract")
      arg = "'[1]', '1'";
    if (std::string(f) == "json_extract") arg = "'[1]', '$[0]'";
    const std::string sql = std::string("SELECT ") + f + "(" + arg + ") FROM matches";
    CHECK(readable(pub, sql));
    CHECK(readable(delayed, sql));
  }
  for (const char* refused : {"SELECT randomblob(8)", "SELECT sqlite_version()", "SELECT hex('a')",
                              "SELECT fts3_tokenizer('simple')", "SELECT printf('%d', 1)"}) {
    INFO(refused);
    CHECK_FALSE(readable(pub, refused));
    CHECK_FALSE(readable(delayed, refused));
  }
  // The delayed reader's only addition is its gate (and the clock the gate calls).
  CHECK(readable(delayed, std::string("SELECT count(*) FROM ") + DelayedReader::kView));
  CHECK_FALSE(readable(pub, std::string("SELECT count(*) FROM ") + DelayedReader::kView));
}
