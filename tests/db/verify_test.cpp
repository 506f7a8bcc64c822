// verify misses nothing the file can tell: every
// public row byte for byte, every column of events and matches, wall times, the
// seals against the secret setups, interruptions, cut tails; random bit flips of
// the file; and the chain head, which closes what the file alone cannot tell.
#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "tests/support/outage_pause.h"
#include "db/store.h"
#include "db/verify.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;
namespace fs = std::filesystem;

namespace {

// Runs one statement with text parameters through the plain C API, the way a
// forger with the sqlite3 library would (no guard of the store's in the way).
void edit(const std::string& path, const std::string& sql, const std::vector<std::string>& params = {}) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  INFO(sql);
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK);
  for (std::size_t i = 0; i < params.size(); ++i)
    sqlite3_bind_text(st, static_cast<int>(i + 1), params[i].data(), static_cast<int>(params[i].size()),
                      SQLITE_TRANSIENT);
  int rc = sqlite3_step(st);
  INFO(sqlite3_errmsg(db));
  CHECK(rc == SQLITE_DONE);
  sqlite3_finalize(st);
  sqlite3_close(db);
}

std::string one(const std::string& path, const std::string& sql) {
  auto s = raw_sql(path, sql);
  if (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << bytes;
}

// Whether play_random(seed, steps) leaves a match running that never ended.
bool runs_sealed(std::uint64_t seed, int steps) {
  auto m = open_random_match(seed);
  RandomOperator op(seed * 7919 + 1, true);
  for (int i = 0; i < steps; ++i)
    if (op.step(m).empty()) break;
  for (const auto& e : m.log())
    if (std::holds_alternative<engine::Ended>(e.body)) return false;
  return m.state().started && m.log().size() > 40;
}

// Three matches, the file closed (checkpointed, no -wal): 1 finished (its seals
// open), 2 running, 3 running and resumed after an outage (an interruption).
struct Stores {
  TempDir dir;
  std::string original = dir.file("original.db");
  int copies = 0;
  int running_events = 0;

  Stores() {
    {
      auto store = must(Store::open(original));
      std::optional<engine::Match> live;
      MatchId a = play_random(store, 71, 60, live);
      finish(store, a, *live);
      // A match that still runs and never ended (its seals stay closed).
      std::uint64_t seed = 72;
      while (!runs_sealed(seed, 60)) ++seed;
      play_random(store, seed, 60, live);
      running_events = static_cast<int>(live->log().size());
      play_random(store, 73, 40, live);
    }
    {
      auto store = must(Store::open(original));
      must(store.resume(3, facedown::testing::pause_at_gap()));
    }
    raw_sql(original, "DROP TRIGGER events_never_edited; DROP TRIGGER events_never_deleted");
    REQUIRE_FALSE(fs::exists(original + "-wal"));
  }

  std::string copy() {
    auto path = dir.file("copy" + std::to_string(++copies) + ".db");
    fs::copy_file(original, path);
    return path;
  }
};

// The verdicts of verify on `path`, or the error that refused the file.
Result<VerifyReport> verify_file(const std::string& path, VerifyOptions options = {}) {
  StoreOptions so;
  so.read_only = true;
  auto store = Store::open(path, so);
  if (auto* e = std::get_if<StoreError>(&store)) return *e;
  return verify(std::get<Store>(store), options);
}

MatchVerdict verdict(const std::string& path, MatchId id, std::optional<std::string> head = std::nullopt) {
  VerifyOptions o;
  o.only = id;
  o.expected_head = head;
  auto r = must(verify_file(path, o));
  REQUIRE(r.matches.size() == 1);
  return r.matches[0];
}

// Not "ok": a problem reported, or the file refused.
bool caught(const Result<VerifyReport>& r) {
  if (std::holds_alternative<StoreError>(r)) return true;
  return !std::get<VerifyReport>(r).ok();
}

void require_bad(const std::string& path, MatchId id, const std::string& what_contains = "",
                 std::optional<int> seq = std::nullopt) {
  auto v = verdict(path, id);
  INFO("match " << id << " seq " << v.first_bad_seq.value_or(-1) << ": " << v.problem);
  REQUIRE_FALSE(v.ok());
  if (!what_contains.empty()) CHECK(v.problem.find(what_contains) != std::string::npos);
  if (seq) CHECK(v.first_bad_seq == *seq);
}

std::string where(MatchId id, int seq) {
  return " WHERE match_id = " + std::to_string(id) + " AND seq = " + std::to_string(seq);
}

}  // namespace

TEST_CASE("verify passes the three untouched matches and prints each chain head", "[verify]") {
  Stores s;
  auto r = must(verify_file(s.original));
  require_verified(r);
  REQUIRE(r.matches.size() == 3);
  for (const auto& m : r.matches) {
    CHECK(m.head == one(s.original, "SELECT hash FROM events WHERE match_id = " + std::to_string(m.match) +
                                        " ORDER BY seq DESC LIMIT 1"));
  }
  // The original file is what the other tests edit: it has seals of both kinds
  // and an interruption, or they would test nothing.
  CHECK(one(s.original, "SELECT count(*) FROM public_seals WHERE match_id = 1 AND setup_text IS NOT NULL") != "0");
  CHECK(one(s.original, "SELECT count(*) FROM public_seals WHERE match_id = 2 AND setup_text IS NULL") != "0");
  CHECK(one(s.original, "SELECT count(*) FROM interruptions WHERE match_id = 3") == "1");
}

TEST_CASE("a public row that is not what the engine projects is caught: garbage and every one-byte edit", "[verify]") {
  Stores s;
  {
    auto path = s.copy();
    edit(path, "UPDATE public_events SET state = 'garbage'" + where(2, 10));
    require_bad(path, 2, "public state", 10);
  }
  {
    auto path = s.copy();
    edit(path, "UPDATE public_events SET event = 'garbage'" + where(2, 11));
    require_bad(path, 2, "public event", 11);
  }
  // One byte changed anywhere in event, state or type of a random row: always caught,
  // including edits that keep the JSON valid and equal as a value (a space, a
  // reordered key are different bytes, and the overlay reads bytes).
  std::mt19937_64 rng(9);
  int tried = 0;
  for (int i = 0; i < 60; ++i) {
    const MatchId id = 1 + static_cast<MatchId>(rng() % 3);
    const int max_seq = std::stoi(one(s.original, "SELECT max(seq) FROM public_events WHERE match_id = " +
                                                      std::to_string(id)));
    const int seq = 1 + static_cast<int>(rng() % static_cast<unsigned>(max_seq));
    const char* column = std::array<const char*, 3>{"event", "state", "type"}[rng() % 3];
    auto path = s.copy();
    std::string value = one(path, std::string("SELECT ") + column + " FROM public_events" + where(id, seq));
    REQUIRE_FALSE(value.empty());
    const std::size_t at = rng() % value.size();
    value[at] = static_cast<char>(value[at] ^ static_cast<char>(1 + rng() % 255));
    edit(path, std::string("UPDATE public_events SET ") + column + " = ?1" + where(id, seq), {value});
    INFO(column << " of match " << id << " seq " << seq << ", byte " << at);
    auto r = verify_file(path);
    CHECK(caught(r));
    ++tried;
  }
  CHECK(tried == 60);
  // The times of a public row are compared too.
  for (const char* column : {"t_ms", "wall_ms"}) {
    auto path = s.copy();
    edit(path, std::string("UPDATE public_events SET ") + column + " = " + column + " + 1" + where(2, 20));
    require_bad(path, 2, "public row", 20);
  }
}

TEST_CASE("random bit flips of the file never verify as ok when they change what it holds", "[verify]") {
  Stores s;
  const std::string bytes = read_file(s.original);
  // What a flip can change that verify reads: every table but writers (who holds
  // the lock) and interruptions (its id and resumed_wall_ms only order and date the
  // outages; docs/db-schema.md says so). Dumped with each value's type.
  auto dump = [](const std::string& path) -> std::optional<std::string> {
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
      sqlite3_close(db);
      return std::nullopt;
    }
    std::string out;
    bool ok = true;
    for (const char* sql :
         {"SELECT * FROM matches ORDER BY id", "SELECT * FROM events ORDER BY match_id, seq",
          "SELECT * FROM public_events ORDER BY match_id, seq", "SELECT * FROM sealed_setups ORDER BY match_id, seq",
          "SELECT * FROM public_seals ORDER BY match_id, seq",
          "SELECT match_id, after_seq, last_wall_ms, paused_seq FROM interruptions ORDER BY match_id, after_seq"}) {
      sqlite3_stmt* st = nullptr;
      if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK) {
        ok = false;
        break;
      }
      int rc;
      while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        for (int c = 0; c < sqlite3_column_count(st); ++c) {
          out += std::to_string(sqlite3_column_type(st, c)) + ":";
          const auto* p = sqlite3_column_blob(st, c);
          out.append(p ? static_cast<const char*>(p) : "", static_cast<std::size_t>(sqlite3_column_bytes(st, c)));
          out += '\x1f';
        }
      if (rc != SQLITE_DONE) ok = false;
      sqlite3_finalize(st);
      if (!ok) break;
    }
    sqlite3_close(db);
    if (!ok) return std::nullopt;
    return out;
  };
  const auto before = dump(s.original);
  REQUIRE(before);
  std::mt19937_64 rng(2026);
  int changed = 0, unchanged = 0;
  for (int i = 0; i < 120; ++i) {
    std::string flipped = bytes;
    const std::size_t at = rng() % flipped.size();
    flipped[at] = static_cast<char>(flipped[at] ^ static_cast<char>(1u << (rng() % 8)));
    auto path = s.dir.file("flip" + std::to_string(i) + ".db");
    write_file(path, flipped);
    const auto after = dump(path);
    if (after && *after == *before) {
      ++unchanged;  // free space, an interior page's divider copy, the schema's text
      continue;
    }
    ++changed;
    INFO("bit flip at byte " << at << " (page " << at / 4096 + 1 << ")");
    CHECK(caught(verify_file(path)));
  }
  CHECK(changed >= 30);
}

TEST_CASE("every column of the matches row is checked against the log", "[verify]") {
  Stores s;
  struct Edit {
    MatchId id;
    std::string set;
    std::string says;
  };
  const std::vector<Edit> edits = {
      {2, "status = 'finished'", "status"},
      {1, "winner = 3 - coalesce(winner, 1)", "winner or result"},
      {1, "result_reason = 'awarded'", "winner or result"},
      {2, "winner = 1, result_reason = 'resigned'", "result"},
      {2, "player1 = 'Someone Else'", "players"},
      {2, "game = 'stratego-mini'", "game"},
      {2, "preset = 'other'", "preset"},
      {2, "options = '{}'", "options"},
      {2, "events = events - 1", "events"},
      {2, "events = events + 1", "events"},
      {2, "match_time_ms = match_time_ms + 1", "match time"},
      {2, "last_wall_ms = last_wall_ms + 1", "last_wall_ms"},
      {2, "created_ms = created_ms - 1", "created_ms"},
      {1, "finished_ms = NULL", "finished_ms"},
      {1, "finished_ms = finished_ms + 1", "finished_ms"},
      {2, "finished_ms = 1", "finished_ms"},
      {2, "events = 'many'", "wrong type"},
  };
  for (const auto& e : edits) {
    INFO(e.set);
    auto path = s.copy();
    edit(path, "UPDATE matches SET " + e.set + " WHERE id = " + std::to_string(e.id));
    require_bad(path, e.id, e.says);
  }
}

TEST_CASE("events.cmd, type, t_ms and wall_ms are checked against the payload and the commits", "[verify]") {
  Stores s;
  // A command with more than one event (they were one commit, one wall time).
  const int multi = std::stoi(one(s.original,
                                  "SELECT min(a.seq) FROM events a JOIN events b ON a.match_id = b.match_id "
                                  "AND b.seq = a.seq + 1 AND a.cmd = b.cmd WHERE a.match_id = 2 AND a.cmd > 0 "
                                  "AND a.seq > 3"));
  struct Edit {
    std::string set;
    int seq;
    std::string says;
  };
  const std::vector<Edit> edits = {
      {"cmd = cmd + 1", 10, "command number"},
      {"type = 'ticked'", 10, "type"},
      {"t_ms = t_ms + 1", 10, "match time"},
      {"wall_ms = wall_ms + 1", multi + 1, "wall"},
      {"wall_ms = 0", 12, "backwards"},
      {"wall_ms = wall_ms + 1", s.running_events, ""},  // the last one: at least events vs public_events
      {"t_ms = 'soon'", 10, "wrong type"},
  };
  for (const auto& e : edits) {
    INFO(e.set << " at seq " << e.seq);
    auto path = s.copy();
    edit(path, "UPDATE events SET " + e.set + where(2, e.seq));
    require_bad(path, 2, e.says, e.seq);
  }
}

TEST_CASE("the public commitments are checked against the secret setups", "[verify]") {
  Stores s;
  const int sealed_running = std::stoi(one(s.original, "SELECT min(seq) FROM public_seals WHERE match_id = 2"));
  const int sealed_finished = std::stoi(one(s.original, "SELECT min(seq) FROM public_seals WHERE match_id = 1"));
  struct Edit {
    MatchId id;
    std::string sql;
    std::string says;
  };
  const std::string w2 = where(2, sealed_running), w1 = where(1, sealed_finished);
  const std::vector<Edit> edits = {
      {2, "UPDATE public_seals SET commitment = replace(commitment, substr(commitment, 1, 1), 'x')" + w2, "commitment"},
      {2, "UPDATE sealed_setups SET salt = '" + std::string(64, 'b') + "'" + w2, "commitment"},
      {2, "UPDATE sealed_setups SET setup_text = setup_text || 'a1 K\n'" + w2, "not the one"},
      {2, "DELETE FROM public_seals" + w2, "commitment is missing"},
      {2, "DELETE FROM sealed_setups" + w2, "secret sealed setup is missing"},
      {2, "INSERT INTO public_seals (match_id, seq, player, commitment) VALUES (2, 9999, 1, 'x')", "no setup-locked"},
      {2, "UPDATE public_seals SET player = 3 - player" + w2, "another player"},
      // Opened while the match runs: a leak.
      {2, "UPDATE public_seals SET setup_text = (SELECT setup_text FROM sealed_setups" + w2 +
              "), salt = (SELECT salt FROM sealed_setups" + w2 + ")" + w2,
       "made public"},
      // Still sealed although the match ended, or opened to something else.
      {1, "UPDATE public_seals SET setup_text = NULL, salt = NULL" + w1, "not open"},
      {1, "UPDATE public_seals SET salt = '" + std::string(64, 'c') + "'" + w1, "commitment"},
  };
  for (const auto& e : edits) {
    INFO(e.sql);
    auto path = s.copy();
    edit(path, e.sql);
    require_bad(path, e.id, e.says);
  }
}

TEST_CASE("interruptions must name stored events and the pause the resume wrote", "[verify]") {
  Stores s;
  for (const char* set : {"after_seq = 100000", "last_wall_ms = last_wall_ms + 1", "last_wall_ms = last_wall_ms - 1",
                          "paused_seq = 2", "paused_seq = 100000", "after_seq = 'x'"}) {
    INFO(set);
    auto path = s.copy();
    edit(path, std::string("UPDATE interruptions SET ") + set + " WHERE match_id = 3");
    require_bad(path, 3, "");
  }
}

TEST_CASE("a cut tail is caught wherever the file can tell, and the chain head catches the rest", "[verify]") {
  Stores s;
  const MatchId id = 2;
  const int last = s.running_events;
  // The last command's events (those of its command number), as the issue did it.
  const int last_cmd_first = std::stoi(one(
      s.original, "SELECT min(seq) FROM events WHERE match_id = 2 AND cmd = (SELECT cmd FROM events WHERE match_id = 2 "
                  "AND seq = " + std::to_string(last) + ")"));
  const std::string tail = " WHERE match_id = 2 AND seq >= " + std::to_string(last_cmd_first);
  {
    auto path = s.copy();
    edit(path, "DELETE FROM events" + tail);
    edit(path, "DELETE FROM public_events" + tail);
    require_bad(path, id, "events");  // the matches row still counts them
  }
  {
    auto path = s.copy();
    edit(path, "DELETE FROM events" + tail);
    require_bad(path, id, "no event behind it", last_cmd_first);
  }
  {
    auto path = s.copy();
    edit(path, "DELETE FROM public_events WHERE match_id = 2 AND seq = " + std::to_string(last));
    require_bad(path, id, "missing", last);
  }
  {
    // Inside one command: the engine decides more than is stored.
    const int multi = std::stoi(one(s.original,
                                    "SELECT max(a.seq) FROM events a JOIN events b ON a.match_id = b.match_id "
                                    "AND b.seq = a.seq + 1 AND a.cmd = b.cmd WHERE a.match_id = 2 AND a.cmd > 0"));
    auto path = s.copy();
    const std::string cut = " WHERE match_id = 2 AND seq > " + std::to_string(multi);
    edit(path, "DELETE FROM events" + cut);
    edit(path, "DELETE FROM public_events" + cut);
    edit(path, "UPDATE matches SET events = " + std::to_string(multi) + " WHERE id = 2");
    require_bad(path, id, "");
  }
  // A careful cut at a commit: every table cut and the matches row rewritten to
  // fit. The file alone cannot tell (docs/db-schema.md); the head written down can.
  const std::string true_head = verdict(s.original, id).head;
  int k = last - 1;
  while (k > 10 && one(s.original, "SELECT wall_ms FROM events" + where(id, k)) ==
                       one(s.original, "SELECT wall_ms FROM events" + where(id, k + 1)))
    --k;
  REQUIRE(k > 10);
  auto path = s.copy();
  engine::Match at_k = [&] {
    StoreOptions so;
    so.read_only = true;
    auto store = must(Store::open(path, so));
    return must(store.load(id, k));
  }();
  REQUIRE_FALSE(at_k.state().result);
  const std::string cut = " WHERE match_id = 2 AND seq > " + std::to_string(k);
  edit(path, "DELETE FROM events" + cut);
  edit(path, "DELETE FROM public_events" + cut);
  edit(path, "DELETE FROM public_seals" + cut);
  edit(path, "DELETE FROM sealed_setups" + cut);
  edit(path, "UPDATE matches SET events = " + std::to_string(k) + ", match_time_ms = " +
                 std::to_string(at_k.log().back().t) + ", status = '" + at_k.state().status() +
                 "', last_wall_ms = (SELECT wall_ms FROM events" + where(id, k) + ") WHERE id = 2");
  {
    auto cut_verdict = verdict(path, id);
    INFO(cut_verdict.problem);
    CHECK(cut_verdict.ok());  // what the file alone cannot tell
  }
  auto v = verdict(path, id, true_head);
  CHECK_FALSE(v.ok());
  CHECK(v.problem.find("cut or rewritten") != std::string::npos);
  // The head in either case of hex digits.
  std::string upper = true_head;
  for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  CHECK(verdict(s.original, id, upper).ok());
  // Events added after the head was written down are named as such.
  const std::string head_k = one(s.original, "SELECT hash FROM events" + where(id, k));
  auto later = verdict(s.original, id, head_k);
  CHECK_FALSE(later.ok());
  CHECK(later.first_bad_seq == k + 1);
  CHECK(later.problem.find("follow it") != std::string::npos);
  // A head that is not a hash is refused as a request, not taken for a verdict.
  VerifyOptions o;
  o.only = id;
  o.expected_head = "12ab";
  CHECK(must_fail(verify_file(s.original, o)).kind == StoreError::Kind::kInvalid);
}

TEST_CASE("rows of a match whose matches row is gone are named", "[verify]") {
  Stores s;
  auto path = s.copy();
  edit(path, "DELETE FROM matches WHERE id = 2");
  auto r = must(verify_file(path));
  REQUIRE_FALSE(r.ok());
  bool named = false;
  for (const auto& m : r.matches)
    if (m.match == 2 && m.problem.find("no matches row") != std::string::npos) named = true;
  CHECK(named);
}

TEST_CASE("rows holding invalid UTF-8 or non-JSON give error values naming match and seq", "[verify]") {
  Stores s;
  auto path = s.copy();
  edit(path, "UPDATE events SET payload = ?1" + where(2, 7), {std::string("{\"seq\":7,\"type\":\"\xff\xfe\"}")});
  edit(path, "UPDATE public_events SET state = ?1" + where(1, 5), {std::string("{\"a\":\"caf\xe9\"}")});
  edit(path, "UPDATE events SET payload = 'not json', hash = 'x'" + where(3, 2));
  edit(path, "UPDATE matches SET player1 = ?1 WHERE id = 1", {std::string("J\xffng")});
  auto r = must(verify_file(path));
  REQUIRE(r.matches.size() == 3);
  for (const auto& m : r.matches) {
    INFO(m.problem);
    CHECK_FALSE(m.ok());
  }
  StoreOptions so;
  so.read_only = true;
  auto store = must(Store::open(path, so));
  auto e = must_fail(store.load(2));
  CHECK(e.kind == StoreError::Kind::kTampered);
  CHECK(e.message.find("match 2, seq 7") != std::string::npos);
  e = must_fail(store.load(3));
  CHECK(e.kind == StoreError::Kind::kTampered);
  CHECK(e.message.find("match 3, seq 2") != std::string::npos);
}

TEST_CASE("seals open in an ended match that is not closed are a leak verify names", "[verify]") {
  TempDir dir;
  auto path = dir.file("s.db");
  MatchId id = 0;
  {
    auto store = must(Store::open(path));
    std::optional<engine::Match> live;
    std::uint64_t seed = 72;
    while (!runs_sealed(seed, 60)) ++seed;
    id = play_random(store, seed, 60, live);
    end(store, id, *live);  // the end, not confirmed
  }
  CHECK(verdict(path, id).ok());
  edit(path, "UPDATE public_seals SET setup_text = (SELECT s.setup_text FROM sealed_setups s WHERE s.match_id = "
             "public_seals.match_id AND s.seq = public_seals.seq), salt = (SELECT s.salt FROM sealed_setups s WHERE "
             "s.match_id = public_seals.match_id AND s.seq = public_seals.seq)");
  require_bad(path, id, "before the match was closed");
}
