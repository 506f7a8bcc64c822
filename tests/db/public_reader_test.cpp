#include <catch2/catch.hpp>

#include "codec/json.h"
#include "db/public_reader.h"
#include "db/store.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

namespace {

// Every value stored in a secret table, split into lines so a match can be checked
// anywhere inside a returned cell too.
std::vector<std::string> secret_values(const std::string& path) {
  std::vector<std::string> out;
  for (const char* sql : {"SELECT payload FROM events", "SELECT hash FROM events",
                          "SELECT salt FROM sealed_setups", "SELECT token FROM writers"}) {
    std::string rows = raw_sql(path, sql);
    std::size_t start = 0, nl;
    while ((nl = rows.find('\n', start)) != std::string::npos) {
      if (nl > start) out.push_back(rows.substr(start, nl - start));
      start = nl + 1;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("the public reader reads public rows: event and state after it, with both times", "[reader]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto store = must(Store::open(path));
  std::optional<engine::Match> live;
  MatchId id = play_random(store, 11, 80, live);
  auto reader = must(PublicReader::open(path));
  auto rows = must(reader.events_after(id, 0));
  REQUIRE(rows.size() == live->log().size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    CHECK(rows[i].seq == static_cast<int>(i) + 1);
    CHECK(rows[i].t == live->log()[i].t);
    CHECK(rows[i].wall_ms > 0);
    CHECK(rows[i].type == engine::event_type(live->log()[i].body));
  }
  // The last row's state is the live match's public state.
  CHECK(rows.back().state == codec::state_to_json(*live, engine::kPublic));
  auto tail = must(reader.events_after(id, 10, 5));
  REQUIRE(tail.size() == 5);
  CHECK(tail.front().seq == 11);
  auto at = must(reader.row_at(id, 12));
  REQUIRE(at);
  CHECK(at->seq == 12);
  auto latest = must(reader.latest(id));
  REQUIRE(latest);
  CHECK(latest->seq == static_cast<int>(live->log().size()));
  auto list = must(reader.matches());
  REQUIRE(list.size() == 1);
  CHECK(list[0].players == live->state().players);
}

TEST_CASE("data_version moves when the writer commits", "[reader]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto store = must(Store::open(path));
  std::optional<engine::Match> live;
  MatchId id = play_random(store, 12, 5, live);
  auto reader = must(PublicReader::open(path));
  auto v1 = must(reader.data_version());
  CHECK(must(reader.data_version()) == v1);  // nothing committed: no change
  RandomOperator op(5);
  auto evs = op.step(*live);
  must_ok(store.append(id, *live, evs));
  auto v2 = must(reader.data_version());
  CHECK(v2 != v1);
  auto rows = must(reader.events_after(id, evs.front().seq - 1));
  CHECK(rows.size() == evs.size());
}

TEST_CASE("no SQL sent through the public reader reaches a secret row", "[reader][secrecy]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto store = must(Store::open(path));
  std::optional<engine::Match> live;
  play_random(store, 13, 40, live);  // running: sealed setups still secret
  auto secrets = secret_values(path);
  REQUIRE(secrets.size() > 40);
  auto reader = must(PublicReader::open(path));

  const std::vector<std::string> attacks = {
      "SELECT * FROM events",
      "SELECT payload FROM events",
      "SELECT count(*) FROM events",
      "SELECT * FROM main.events",
      "SELECT * FROM sealed_setups",
      "SELECT salt FROM sealed_setups",
      "SELECT * FROM writers",
      "SELECT (SELECT payload FROM events LIMIT 1)",
      "SELECT * FROM public_events WHERE EXISTS (SELECT 1 FROM events)",
      "SELECT * FROM public_events JOIN events USING (match_id, seq)",
      "SELECT event FROM public_events UNION ALL SELECT payload FROM events",
      "WITH x AS (SELECT * FROM events) SELECT * FROM x",
      "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT payload FROM events, r",
      "SELECT * FROM matches WHERE id IN (SELECT match_id FROM sealed_setups)",
      "SELECT * FROM sqlite_dbpage",
      "SELECT * FROM dbstat",
      "SELECT * FROM pragma_table_info('events')",
      "PRAGMA table_info(events)",
      "PRAGMA writable_schema = 1",
      "PRAGMA query_only = 0",
      "ATTACH DATABASE '" + path + "' AS other",
      "ATTACH DATABASE '" + path + "' AS other; SELECT * FROM other.events",
      "CREATE TEMP VIEW v AS SELECT * FROM events",
      "CREATE TEMP TABLE t AS SELECT * FROM events",
      "CREATE TEMP TRIGGER t AFTER INSERT ON public_events BEGIN SELECT 1; END",
      "CREATE VIRTUAL TABLE temp.x USING fts5(a)",
      "INSERT INTO public_events SELECT match_id, seq, type, t_ms, wall_ms, payload, payload FROM events",
      "UPDATE matches SET player1 = 'x'",
      "DELETE FROM public_events",
      "DROP TABLE matches",
      "SELECT load_extension('/tmp/x')",
      "SAVEPOINT s",
      "SELECT * FROM events; SELECT 1",
      "SELECT 1; SELECT * FROM sealed_setups",
  };
  for (const auto& sql : attacks) {
    INFO(sql);
    auto r = reader.query(sql);
    if (auto* rows = std::get_if<std::vector<PublicReader::Row>>(&r)) {
      for (const auto& row : *rows)
        for (const auto& cell : row) {
          if (!cell) continue;
          for (const auto& s : secrets) REQUIRE(cell->find(s) == std::string::npos);
        }
    }
  }
  // The statements that name a secret table are refused outright, not just empty.
  for (const char* sql : {"SELECT * FROM events", "SELECT count(*) FROM sealed_setups", "SELECT * FROM writers",
                          "SELECT 1 WHERE EXISTS (SELECT 1 FROM events)"}) {
    INFO(sql);
    auto r = reader.query(sql);
    REQUIRE(std::holds_alternative<StoreError>(r));
    CAPTURE(std::get<StoreError>(r).message);
    const auto& msg = std::get<StoreError>(r).message;
    CHECK((msg.find("not authorized") != std::string::npos || msg.find("prohibited") != std::string::npos));
  }
  // And the public tables still answer.
  auto ok = reader.query("SELECT count(*) FROM public_events");
  REQUIRE(std::holds_alternative<std::vector<PublicReader::Row>>(ok));
  CHECK(std::get<std::vector<PublicReader::Row>>(ok).at(0).at(0) == std::to_string(live->log().size()));
  // Nothing the reader was sent changed the file.
  CHECK(raw_sql(path, "SELECT count(*) FROM public_events") == std::to_string(live->log().size()) + "\n");
  CHECK(raw_sql(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'matches'") == "1\n");
}

TEST_CASE("the public reader refuses what is not a store it knows", "[reader]") {
  TempDir dir;
  auto e = must_fail(PublicReader::open(dir.file("missing.db")));
  CHECK(e.kind == StoreError::Kind::kNotFound);
  CHECK(e.message.find("missing.db") != std::string::npos);
}

TEST_CASE("the public reader allows only the SQL functions it names, no recursion, bounded work", "[reader]") {
  TempDir dir;
  auto path = dir.file("s.db");
  std::optional<engine::Match> live;
  {
    auto store = must(Store::open(path));
    play_random(store, 17, 80, live);
  }
  auto reader = must(PublicReader::open(path));
  auto refused = [&](const std::string& sql) {
    INFO(sql);
    auto r = reader.query(sql);
    REQUIRE(std::holds_alternative<StoreError>(r));
    return std::get<StoreError>(r).message;
  };
  // fts3_tokenizer('simple') returns the address of a C struct in the heap.
  CHECK(refused("SELECT fts3_tokenizer('simple')").find("not authorized") != std::string::npos);
  CHECK(refused("SELECT hex(fts3_tokenizer('simple'))").find("not authorized") != std::string::npos);
  refused("SELECT load_extension('/tmp/x')");
  refused("SELECT randomblob(1000000000)");
  refused("SELECT printf('%.*c', 1000000000, 'x')");
  refused("SELECT sqlite_version()");
  // A recursive CTE is refused outright: a loop with no end in a few bytes.
  refused("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c");
  refused("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 10) SELECT x FROM c");
  // A statement that only takes long (a five-way cross join of 80+ rows, 10^9
  // combinations) is stopped by the work limit, and the next statement runs.
  const auto stopped = refused(
      "SELECT count(*) FROM public_events a, public_events b, public_events c, public_events d, public_events e");
  CHECK(stopped.find("stopped") != std::string::npos);
  // The allowed functions, and the reader's own API, still work.
  auto ok = reader.query("SELECT count(*), max(seq), min(seq), json_extract(state, '$.status') FROM public_events "
                         "WHERE seq = (SELECT max(seq) FROM public_events)");
  REQUIRE(std::holds_alternative<std::vector<PublicReader::Row>>(ok));
  CHECK(std::get<std::vector<PublicReader::Row>>(ok).at(0).at(0) == "1");
  auto rows = must(reader.events_after(1, 0));
  CHECK(rows.size() == live->log().size());
  CHECK(must(reader.matches()).size() == 1);
  CHECK(must(reader.latest(1))->seq == static_cast<int>(live->log().size()));
  CHECK(must(reader.row_at(1, 3))->seq == 3);
  must(reader.seals(1));
  must(reader.interruptions(1));
  must(reader.data_version());
}

TEST_CASE("a public row that is not JSON is an error value naming match and seq", "[reader]") {
  TempDir dir;
  auto path = dir.file("s.db");
  {
    auto store = must(Store::open(path));
    std::optional<engine::Match> live;
    play_random(store, 19, 30, live);
  }
  raw_sql(path, "UPDATE public_events SET state = 'garbage' WHERE seq = 4");
  auto reader = must(PublicReader::open(path));
  auto e = must_fail(reader.events_after(1, 0));
  CHECK(e.kind == StoreError::Kind::kTampered);
  CHECK(e.message.find("match 1, seq 4") != std::string::npos);
  CHECK(must(reader.events_after(1, 4)).size() > 0);  // the rows after it still read
}
