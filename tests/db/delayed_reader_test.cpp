// The delayed reader's promise, enforced by SQLite's authorizer: an event
// younger than the delay cannot be read through its connection, whatever SQL is
// sent (direct reads, joins, subqueries, CTEs posing as the view, pragmas,
// ATTACH, views and triggers of one's own, error oracles), and it is released
// once the delay has passed.
#include <catch2/catch.hpp>

#include "db/delayed_reader.h"
#include "db/store.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

namespace {

constexpr std::int64_t kDelay = 10'000;
constexpr std::int64_t kStep = 1'000;  // wall time between commits

// A store whose clock the test moves: commit k is stamped t0 + k * kStep.
struct Fixture {
  TempDir dir;
  std::string path = dir.file("d.db");
  std::int64_t store_now = 1'700'000'000'000;
  std::int64_t reader_now = 0;
  MatchId id = 0;
  std::optional<engine::Match> live;

  explicit Fixture(std::uint64_t seed, int steps = 40) {
    StoreOptions o;
    o.wall_clock_ms = [this] { return store_now; };
    auto store = must(Store::open(path, o));
    live.emplace(open_random_match(seed));
    id = must(store.create_match(*live));
    RandomOperator op(seed * 31 + 7);
    for (int i = 0; i < steps; ++i) {
      auto evs = op.step(*live);
      if (evs.empty()) break;
      store_now += kStep;
      must_ok(store.append(id, *live, evs));
    }
  }
  DelayedReader reader() {
    DelayedReaderOptions o;
    o.delay_ms = kDelay;
    o.wall_clock_ms = [this] { return reader_now; };
    return must(DelayedReader::open(path, o));
  }
  // Payloads and hashes of the events committed after `cutoff` (the secrets).
  // Payloads and hashes of fresh events, less those the public rows hold whole
  // (an event with nothing hidden is public the moment it is committed).
  std::vector<std::string> fresh(std::int64_t cutoff) const {
    const auto pub = public_values();
    std::vector<std::string> out;
    for (auto& v : values(" > ", cutoff)) {
      bool in_public = false;
      for (const auto& p : pub) in_public = in_public || p.find(v) != std::string::npos;
      if (!in_public) out.push_back(std::move(v));
    }
    return out;
  }
  std::vector<std::string> public_values() const {
    std::vector<std::string> out;
    for (const char* sql : {"SELECT event FROM public_events", "SELECT state FROM public_events",
                            "SELECT commitment FROM public_seals"}) {
      std::string rows = raw_sql(path, sql);
      std::size_t start = 0, nl;
      while ((nl = rows.find('\n', start)) != std::string::npos) {
        if (nl > start) out.push_back(rows.substr(start, nl - start));
        start = nl + 1;
      }
    }
    return out;
  }
  // Released payloads and hashes, and every public row (public by construction):
  // a piece of a fresh payload that also stands in one of these tells nothing.
  std::vector<std::string> released(std::int64_t cutoff) const {
    auto out = values(" <= ", cutoff);
    for (auto& p : public_values()) out.push_back(std::move(p));
    return out;
  }
  std::vector<std::string> values(const char* op, std::int64_t cutoff) const {
    std::vector<std::string> out;
    for (const char* col : {"payload", "hash"}) {
      std::string rows = raw_sql(path, std::string("SELECT ") + col + " FROM events WHERE wall_ms" + op +
                                           std::to_string(cutoff));
      std::size_t start = 0, nl;
      while ((nl = rows.find('\n', start)) != std::string::npos) {
        if (nl > start) out.push_back(rows.substr(start, nl - start));
        start = nl + 1;
      }
    }
    return out;
  }
};

struct Secrets {
  std::vector<std::string> fresh, released;
};

bool inside_any(const std::string& piece, const std::vector<std::string>& values) {
  for (const auto& v : values)
    if (v.find(piece) != std::string::npos) return true;
  return false;
}

// Whether a returned cell tells something of a fresh event: it holds a fresh
// payload or hash whole, or it is a piece (16 bytes or more) of one that no
// released value also holds.
bool leaked_cell(const std::string& cell, const Secrets& s) {
  for (const auto& v : s.fresh)
    if (cell.find(v) != std::string::npos) return true;
  return cell.size() >= 16 && inside_any(cell, s.fresh) && !inside_any(cell, s.released);
}

// The statement is refused, or whatever it returns holds no fresh secret.
bool leaks(DelayedReader& reader, const std::string& sql, const Secrets& secrets) {
  auto r = reader.query(sql);
  if (std::holds_alternative<StoreError>(r)) return false;
  for (const auto& row : std::get<std::vector<DelayedReader::Row>>(r))
    for (const auto& cell : row)
      if (cell && leaked_cell(*cell, secrets)) return true;
  return false;
}

bool refused(DelayedReader& reader, const std::string& sql) {
  return std::holds_alternative<StoreError>(reader.query(sql));
}

}  // namespace

TEST_CASE("delayed reader: events are released exactly when the delay has passed", "[delayed]") {
  Fixture f(3);
  auto reader = f.reader();
  const int total = static_cast<int>(f.live->log().size());
  REQUIRE(total > 10);
  const std::int64_t last_commit = f.store_now;
  // Nothing yet: the newest commit is younger than the delay... and so is every one.
  f.reader_now = last_commit - 40 * kStep;
  CHECK(must(reader.released_after(f.id, 0)).empty());
  // Every commit older than the delay, none younger.
  for (std::int64_t back : {20 * kStep, 5 * kStep, kStep, std::int64_t{0}}) {
    f.reader_now = last_commit - back + kDelay;
    const std::int64_t cutoff = f.reader_now - kDelay;
    auto rel = must(reader.released_after(f.id, 0));
    const std::string expect = raw_sql(f.path, "SELECT count(*) FROM events WHERE wall_ms <= " + std::to_string(cutoff));
    CHECK(std::to_string(rel.size()) + "\n" == expect);
    for (const auto& e : rel) CHECK(e.wall_ms <= cutoff);
    // The release time of the next one is its public commit time plus the delay.
    const int after = rel.empty() ? 0 : rel.back().seq;
    auto next = must(reader.next_release_ms(f.id, after));
    if (after < total) {
      REQUIRE(next);
      CHECK(*next > f.reader_now);
      CHECK(*next - kDelay > cutoff);
    } else {
      CHECK_FALSE(next);
    }
  }
  f.reader_now = last_commit + kDelay;
  auto all = must(reader.released_after(f.id, 0));
  REQUIRE(static_cast<int>(all.size()) == total);
  CHECK(all.back().payload.find("\"type\"") != std::string::npos);
  CHECK(must(reader.released_after(f.id, 5, 3)).front().seq == 6);
}

TEST_CASE("delayed reader: no fresh secret leaves, whatever SQL is sent", "[delayed][leak]") {
  Fixture f(5);
  auto reader = f.reader();
  // Half the events released, half fresh.
  f.reader_now = f.store_now - 15 * kStep + kDelay;
  const std::int64_t cutoff = f.reader_now - kDelay;
  const Secrets secrets{f.fresh(cutoff), f.released(cutoff)};
  REQUIRE(secrets.fresh.size() > 20);
  const std::string released = raw_sql(f.path, "SELECT max(seq) FROM events WHERE wall_ms <= " + std::to_string(cutoff));
  const std::string fresh_seq = std::to_string(std::stoi(released) + 1);

  // The gated view is readable and shows released events only.
  REQUIRE_FALSE(refused(reader, "SELECT payload FROM released_events"));
  CHECK_FALSE(leaks(reader, "SELECT * FROM released_events", secrets));

  const std::vector<std::string> attacks = {
      "SELECT * FROM events",
      "SELECT payload FROM main.events",
      "select PAYLOAD from EVENTS where seq = " + fresh_seq,
      "SELECT * FROM sealed_setups",
      "SELECT * FROM writers",
      "SELECT e.payload FROM public_events p JOIN events e ON e.seq = p.seq",
      "SELECT r.payload, e.payload FROM released_events r, events e",
      "SELECT * FROM released_events WHERE seq IN (SELECT seq FROM events)",
      "SELECT (SELECT payload FROM events WHERE seq = " + fresh_seq + ")",
      "SELECT * FROM (SELECT * FROM events) AS released_events",
      "SELECT * FROM events AS released_events",
      "SELECT * FROM released_events UNION ALL SELECT match_id, seq, type, t_ms, wall_ms, payload FROM events",
      "SELECT EXISTS (SELECT 1 FROM events WHERE payload LIKE '%mine%')",
      // A CTE named like the view (SQLite would report its reads as the view's).
      "WITH released_events AS (SELECT * FROM events) SELECT payload FROM released_events",
      "wItH released_events AS (SELECT * FROM main.events) SELECT * FROM released_events",
      "/* c */ WITH RECURSIVE r(x) AS (SELECT 1) SELECT payload FROM events",
      "SELECT * FROM released_events; WITH released_events AS (SELECT * FROM events) SELECT * FROM released_events",
      // Pragmas and the schema.
      "PRAGMA table_info(events)",
      "PRAGMA writable_schema = 1",
      "PRAGMA temp.writable_schema = ON",
      "PRAGMA query_only = 0",
      "SELECT sql FROM sqlite_temp_master",
      "SELECT * FROM sqlite_master",
      "SELECT * FROM temp.sqlite_schema",
      // Another way in to the same file.
      "ATTACH DATABASE '" + f.path + "' AS again",
      "ATTACH '" + f.path + "' AS again; SELECT * FROM again.events",
      "SELECT * FROM again.events",
      // One's own objects: views, triggers, tables; and the gate itself.
      "CREATE TEMP VIEW mine AS SELECT * FROM events",
      "CREATE TEMP VIEW released_events2 AS SELECT * FROM main.events WHERE wall_ms <= facedown_release_ms() + 99999999",
      "CREATE TEMP TABLE copy AS SELECT * FROM events",
      "CREATE TEMP TABLE t(x); CREATE TEMP TRIGGER tr AFTER INSERT ON t BEGIN SELECT payload FROM events; END",
      "DROP VIEW released_events",
      "DROP VIEW temp.released_events; CREATE TEMP VIEW released_events AS SELECT * FROM events",
      "INSERT INTO public_events SELECT * FROM events",
      "DELETE FROM events",
      "SAVEPOINT s",
      "SELECT load_extension('libc.so.6')",
      "SELECT printf('%s', payload) FROM events",
      "SELECT * FROM pragma_table_info('events')",
      "SELECT * FROM json_each((SELECT payload FROM events WHERE seq = " + fresh_seq + "))",
  };
  for (const auto& sql : attacks) {
    INFO(sql);
    CHECK_FALSE(leaks(reader, sql, secrets));
  }
  // The ones that touch a secret table other than through the gate are refused outright.
  for (const auto& sql : {"SELECT * FROM events", "SELECT * FROM sealed_setups",
                          "WITH released_events AS (SELECT * FROM events) SELECT * FROM released_events",
                          "SELECT * FROM (SELECT * FROM events) AS released_events", "DROP VIEW released_events",
                          "CREATE TEMP VIEW mine AS SELECT * FROM events", "PRAGMA writable_schema = 1"}) {
    INFO(sql);
    CHECK(refused(reader, sql));
  }
  // The gate filters before any expression a statement adds: a predicate that
  // would raise an error on a fresh row never meets one (no error oracle).
  CHECK_FALSE(refused(reader, "SELECT seq FROM released_events WHERE json_extract(CASE WHEN seq >= " + fresh_seq +
                                  " THEN 'not json' ELSE '{}' END, '$') IS NULL"));
  auto count = must(reader.query("SELECT count(*) FROM released_events"));
  CHECK(*count.at(0).at(0) + "\n" ==
        raw_sql(f.path, "SELECT count(*) FROM events WHERE wall_ms <= " + std::to_string(cutoff)));
  // Calling the clock function directly tells the time and nothing else.
  CHECK_FALSE(leaks(reader, "SELECT facedown_release_ms(), * FROM released_events", secrets));
  // The view still holds: a later delay-passed read releases what was fresh.
  f.reader_now += 20 * kStep;
  CHECK(leaks(reader, "SELECT payload FROM released_events", secrets));
}

TEST_CASE("delayed reader: random statements built from tables, clauses and tricks never leak", "[delayed][leak]") {
  Fixture f(8, 30);
  auto reader = f.reader();
  f.reader_now = f.store_now - 12 * kStep + kDelay;
  const Secrets secrets{f.fresh(f.reader_now - kDelay), f.released(f.reader_now - kDelay)};
  REQUIRE_FALSE(secrets.fresh.empty());
  const std::vector<std::string> sources = {"events", "main.events", "released_events", "temp.released_events",
                                            "sealed_setups", "public_events", "writers", "(SELECT * FROM events)",
                                            "(SELECT * FROM released_events)", "matches"};
  const std::vector<std::string> columns = {"*", "payload", "hash", "seq", "max(payload)", "group_concat(payload)",
                                            "substr(payload, 1, 80)", "json_extract(payload, '$.type')"};
  const std::vector<std::string> tails = {"", " WHERE seq > 0", " ORDER BY wall_ms DESC", " LIMIT 3",
                                          " WHERE wall_ms > facedown_release_ms()",
                                          " WHERE seq IN (SELECT seq FROM events)", " GROUP BY seq"};
  std::uint64_t rng = 42;
  int ran = 0, answered = 0;
  for (int i = 0; i < 400; ++i) {
    auto pick = [&](const std::vector<std::string>& v) { return v[engine::splitmix64(rng) % v.size()]; };
    std::string sql = "SELECT " + pick(columns) + " FROM " + pick(sources);
    if (engine::splitmix64(rng) % 3 == 0) sql += " NATURAL JOIN " + pick(sources);
    sql += pick(tails);
    if (engine::splitmix64(rng) % 5 == 0) sql += " UNION ALL SELECT " + pick(columns) + " FROM " + pick(sources);
    INFO(sql);
    CHECK_FALSE(leaks(reader, sql, secrets));
    ++ran;
    if (!refused(reader, sql)) ++answered;
  }
  CHECK(ran == 400);
  CHECK(answered > 10);  // the view does answer; the check is not vacuous
}
