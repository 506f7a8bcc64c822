#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "codec/export.h"
#include "db/hash_chain.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"
#include "tools/facedown/commands.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

namespace {

struct Run {
  int status = 0;
  std::string out, err;
};

Run play(const std::string& script, cli::PlayArgs args) {
  std::istringstream in(script);
  std::ostringstream out, err;
  args.file = "-";
  Run r;
  r.status = cli::play(args, in, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

template <class F>
Run call(F f) {
  std::ostringstream out, err;
  Run r;
  r.status = f(out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// A random match written as a script (a live match, exported).
std::string random_script(std::uint64_t seed, int steps) {
  auto m = open_random_match(seed);
  RandomOperator op(seed);
  for (int i = 0; i < steps; ++i)
    if (op.step(m).empty()) break;
  return codec::export_script(m);
}

}  // namespace

TEST_CASE("play --db records the match: replay prints what play printed", "[cli]") {
  TempDir dir;
  auto db = dir.file("s.db");
  const auto script = random_script(101, 120);
  cli::PlayArgs args;
  args.db = db;
  auto played = play(script, args);
  INFO(played.err);
  REQUIRE(played.status == 0);
  CHECK(played.err.find("recorded as match 1") != std::string::npos);
  CHECK(played.out == play(script, {}).out);  // the store changes nothing in the output

  cli::ReplayArgs rp;
  rp.db = db;
  rp.match = 1;
  auto replayed = call([&](auto& o, auto& e) { return cli::replay(rp, o, e); });
  REQUIRE(replayed.status == 0);
  CHECK(replayed.out == played.out);

  for (const char* view : {"public", "player1", "referee"}) {
    cli::PlayArgs fin;
    fin.final = true;
    fin.view = view;
    rp.final = true;
    rp.view = view;
    CHECK(call([&](auto& o, auto& e) { return cli::replay(rp, o, e); }).out == play(script, fin).out);
  }
  // --to N shows the first N events.
  rp.final = false;
  rp.view = "referee";
  rp.to = 7;
  auto first7 = call([&](auto& o, auto& e) { return cli::replay(rp, o, e); }).out;
  CHECK(std::count(first7.begin(), first7.end(), '\n') == 7);
  CHECK(played.out.rfind(first7, 0) == 0);
  rp.to = 100000;
  CHECK(call([&](auto& o, auto& e) { return cli::replay(rp, o, e); }).status == 2);

  auto listed = call([&](auto& o, auto& e) { return cli::matches(db, o, e); });
  CHECK(listed.status == 0);
  CHECK(listed.out.find("\n1\t") != std::string::npos);
  auto verified = call([&](auto& o, auto& e) { return cli::verify({db, std::nullopt}, o, e); });
  CHECK(verified.status == 0);
  CHECK(verified.out.find("match 1: ok") != std::string::npos);
}

TEST_CASE("export round trip: playing the export reproduces the events", "[cli]") {
  TempDir dir;
  auto db = dir.file("s.db");
  for (std::uint64_t seed = 111; seed < 116; ++seed) {
    const auto script = random_script(seed, 200);
    cli::PlayArgs args;
    args.db = db;
    auto played = play(script, args);
    REQUIRE(played.status == 0);
  }
  for (MatchId id = 1; id <= 5; ++id) {
    INFO("match " << id);
    cli::ExportArgs ex{db, id, false};
    auto exported = call([&](auto& o, auto& e) { return cli::export_match(ex, o, e); });
    REQUIRE(exported.status == 0);
    cli::ReplayArgs rp;
    rp.db = db;
    rp.match = id;
    auto stored = call([&](auto& o, auto& e) { return cli::replay(rp, o, e); }).out;
    CHECK(play(exported.out, {}).out == stored);
    // --json: the full log, whose events re-dumped are the hashed payloads.
    ex.json = true;
    auto full = call([&](auto& o, auto& e) { return cli::export_match(ex, o, e); });
    REQUIRE(full.status == 0);
    auto doc = nlohmann::json::parse(full.out);
    std::string prev = kChainStart;
    REQUIRE(doc.at("events").size() == static_cast<std::size_t>(std::count(stored.begin(), stored.end(), '\n')));
    for (const auto& e : doc.at("events")) {
      prev = chain_hash(prev, e.at("event").dump());
      CHECK(e.at("hash") == prev);
    }
  }
}

TEST_CASE("verify names the first bad seq and exits 1", "[cli]") {
  TempDir dir;
  auto db = dir.file("s.db");
  cli::PlayArgs args;
  args.db = db;
  REQUIRE(play(random_script(121, 60), args).status == 0);
  raw_sql(db, "DROP TRIGGER events_never_edited; UPDATE events SET payload = payload || ' ' WHERE seq = 9");
  auto r = call([&](auto& o, auto& e) { return cli::verify({db, 1}, o, e); });
  CHECK(r.status == 1);
  CHECK(r.out.find("match 1: BAD at seq 9") != std::string::npos);
}

TEST_CASE("play --db prints nothing the store did not commit", "[cli]") {
  TempDir dir;
  auto db = dir.file("s.db");
  cli::PlayArgs args;
  args.db = db;
  REQUIRE(play(random_script(131, 5), args).status == 0);
  // The store will refuse the 12th event of the next match, as a failing disk would.
  raw_sql(db, "CREATE TRIGGER trouble BEFORE INSERT ON events WHEN NEW.match_id = 2 AND NEW.seq = 12 "
              "BEGIN SELECT RAISE(ABORT, 'simulated write failure'); END");
  auto r = play(random_script(132, 80), args);
  CHECK(r.status == 2);
  CHECK(r.err.find("simulated write failure") != std::string::npos);
  CHECK(r.err.find(db) != std::string::npos);
  int printed = 0;
  std::istringstream lines(r.out);
  std::string line;
  while (std::getline(lines, line)) printed = nlohmann::json::parse(line).at("seq");
  auto stored = raw_sql(db, "SELECT max(seq) FROM events WHERE match_id = 2");
  CHECK(printed == std::stoi(stored));
  CHECK(printed < 12);
}

TEST_CASE("store verbs refuse bad files by name and change nothing", "[cli]") {
  TempDir dir;
  auto txt = dir.file("notes.txt");
  std::ofstream(txt) << "not a database\n";
  cli::PlayArgs args;
  args.db = txt;
  auto r = play(random_script(141, 5), args);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find(txt) != std::string::npos);
  CHECK(r.err.find("not an SQLite database") != std::string::npos);
  auto missing = dir.file("missing.db");
  auto m = call([&](auto& o, auto& e) { return cli::matches(missing, o, e); });
  CHECK(m.status == 2);
  CHECK(m.err.find(missing) != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(missing));  // reading verbs never create a store
  auto v = call([&](auto& o, auto& e) { return cli::verify({txt, std::nullopt}, o, e); });
  CHECK(v.status == 2);
}

TEST_CASE("reading verbs never create, change or migrate a file: empty, older schema, good store", "[cli]") {
  TempDir dir;
  auto good = dir.file("good.db");
  auto old = dir.file("old.db");
  auto empty = dir.file("empty.db");
  cli::PlayArgs args;
  args.db = good;
  REQUIRE(play(random_script(151, 40), args).status == 0);
  args.db = old;
  REQUIRE(play(random_script(152, 40), args).status == 0);
  raw_sql(old, "DROP TABLE interruptions; DROP TABLE heartbeats; DROP TABLE presentation; DROP TABLE cues; PRAGMA user_version = 1");
  std::ofstream(empty).close();
  auto bytes = [](const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  };
  for (const auto& path : {empty, old, good}) {
    INFO(path);
    const auto before = bytes(path);
    std::vector<Run> runs;
    runs.push_back(call([&](auto& o, auto& e) { return cli::verify({path, std::nullopt}, o, e); }));
    runs.push_back(call([&](auto& o, auto& e) { return cli::matches(path, o, e); }));
    cli::ReplayArgs rp;
    rp.db = path;
    rp.match = 1;
    runs.push_back(call([&](auto& o, auto& e) { return cli::replay(rp, o, e); }));
    cli::ExportArgs ex{path, 1, false};
    runs.push_back(call([&](auto& o, auto& e) { return cli::export_match(ex, o, e); }));
    ex.json = true;
    runs.push_back(call([&](auto& o, auto& e) { return cli::export_match(ex, o, e); }));
    CHECK(bytes(path) == before);
    for (const auto& r : runs) {
      INFO(r.err);
      if (path == good) {
        CHECK(r.status == 0);
      } else {
        CHECK(r.status == 2);
        CHECK(r.err.find(path) != std::string::npos);
        CHECK(r.err.find(path == empty ? "an empty file, not a Facedown store" : "older store") != std::string::npos);
      }
    }
  }
  CHECK(bytes(empty).empty());
  CHECK(raw_sql(old, "PRAGMA user_version") == "1\n");
}

TEST_CASE("after a failed commit play --final shows only what was committed, and says so", "[cli]") {
  TempDir dir;
  auto db = dir.file("s.db");
  cli::PlayArgs args;
  args.db = db;
  REQUIRE(play(random_script(161, 5), args).status == 0);
  // The store refuses the 12th event of match 2, as a failing disk would.
  raw_sql(db, "CREATE TRIGGER trouble BEFORE INSERT ON events WHEN NEW.match_id = 2 AND NEW.seq = 12 "
              "BEGIN SELECT RAISE(ABORT, 'simulated write failure'); END");
  const auto script = random_script(162, 80);
  args.final = true;
  auto r = play(script, args);
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.err.find("simulated write failure") != std::string::npos);
  CHECK(r.err.find("recorded as match 2") == std::string::npos);
  const auto stored = std::stoi(raw_sql(db, "SELECT max(seq) FROM events WHERE match_id = 2"));
  CHECK(stored < 12);
  CHECK(r.err.find("recorded only up to event " + std::to_string(stored)) != std::string::npos);
  // The state printed is the one the store holds, not the live one that ran ahead.
  cli::ReplayArgs rp;
  rp.db = db;
  rp.match = 2;
  rp.final = true;
  auto replayed = call([&](auto& o, auto& e) { return cli::replay(rp, o, e); });
  REQUIRE(replayed.status == 0);
  CHECK(r.out == replayed.out);
  // The lock was let go: the match can be resumed by another writer.
  CHECK(raw_sql(db, "SELECT count(*) FROM writers") == "0\n");
}

TEST_CASE("verify prints the chain head and checks one written down with --head", "[cli]") {
  TempDir dir;
  auto db = dir.file("s.db");
  cli::PlayArgs args;
  args.db = db;
  REQUIRE(play(random_script(171, 60), args).status == 0);
  const auto head = raw_sql(db, "SELECT hash FROM events WHERE match_id = 1 ORDER BY seq DESC LIMIT 1");
  const std::string hex = head.substr(0, head.size() - 1);
  auto ok = call([&](auto& o, auto& e) { return cli::verify({db, 1}, o, e); });
  CHECK(ok.status == 0);
  CHECK(ok.out.find("head " + hex) != std::string::npos);
  auto same = call([&](auto& o, auto& e) { return cli::verify({db, 1, hex}, o, e); });
  CHECK(same.status == 0);
  CHECK(same.out.find("as written down") != std::string::npos);
  auto other = call([&](auto& o, auto& e) { return cli::verify({db, 1, std::string(64, 'a')}, o, e); });
  CHECK(other.status == 1);
  CHECK(other.out.find("match 1: BAD") != std::string::npos);
  CHECK(call([&](auto& o, auto& e) { return cli::verify({db, 1, std::string("xyz")}, o, e); }).status == 2);
  CHECK(call([&](auto& o, auto& e) { return cli::verify({db, std::nullopt, hex}, o, e); }).status == 2);
}

TEST_CASE("migrate brings an older store up to date: reading verbs then read it", "[cli]") {
  TempDir dir;
  auto db = dir.file("old.db");
  cli::PlayArgs args;
  args.db = db;
  REQUIRE(play(random_script(181, 30), args).status == 0);
  raw_sql(db, "DROP TABLE interruptions; DROP TABLE heartbeats; DROP TABLE presentation; DROP TABLE cues; PRAGMA user_version = 1");
  CHECK(call([&](auto& o, auto& e) { return cli::verify({db, std::nullopt}, o, e); }).status == 2);
  auto m = call([&](auto& o, auto& e) { return cli::migrate(db, o, e); });
  CHECK(m.status == 0);
  CHECK(m.out.find("migrated from schema version 1") != std::string::npos);
  CHECK(call([&](auto& o, auto& e) { return cli::verify({db, std::nullopt}, o, e); }).status == 0);
  CHECK(call([&](auto& o, auto& e) { return cli::migrate(db, o, e); }).out.find("already") != std::string::npos);
  auto empty = dir.file("empty.db");
  std::ofstream(empty).close();
  auto r = call([&](auto& o, auto& e) { return cli::migrate(empty, o, e); });
  CHECK(r.status == 2);
  CHECK(std::filesystem::file_size(empty) == 0);
}

TEST_CASE("play --db with a text that is not UTF-8 reports the line, records nothing of it, never aborts", "[cli]") {
  TempDir dir;
  auto db = dir.file("s.db");
  const std::string script =
      "game number-janggi\npreset genius-2015\n"
      "setup 1 K:a1 M:b1 M:c1 M:d1 1:e1 2:f1 3:a2 4:b2 5:c2 6:d2 7:e2 8:f2 9:a3 10:b3\n"
      "setup 2 K:f9 M:e9 M:d9 M:c9 1:b9 2:a9 3:f8 4:e8 5:d8 6:c8 7:b8 8:a8 9:f7 10:e7\n"
      "first 1\nstart\n"
      "pause \"caf\xe9\"\n";
  cli::PlayArgs args;
  args.db = db;
  args.final = true;
  auto r = play(script, args);
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.err.rfind("line 7: ", 0) == 0);
  CHECK(raw_sql(db, "SELECT count(*) FROM events WHERE type = 'paused'") == "0\n");
  CHECK(raw_sql(db, "SELECT count(*) FROM writers") == "0\n");
  CHECK(call([&](auto& o, auto& e) { return cli::verify({db, std::nullopt}, o, e); }).status == 0);
}
