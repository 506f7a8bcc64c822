#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "db/hash_chain.h"
#include "db/store.h"
#include "db/verify.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

namespace {

struct Fixture {
  TempDir dir;
  std::string path = dir.file("s.db");
  MatchId finished = 0, running = 0;
  int running_events = 0;

  Fixture() {
    auto store = must(Store::open(path));
    std::optional<engine::Match> live;
    finished = play_random(store, 71, 60, live);
    finish(store, finished, *live);
    running = play_random(store, 72, 60, live);
    running_events = static_cast<int>(live->log().size());
    // Someone with the sqlite3 shell, not stopped by the append-only guard.
    raw_sql(path, "DROP TRIGGER events_never_edited; DROP TRIGGER events_never_deleted");
  }

  MatchVerdict verdict(MatchId id) {
    auto store = must(Store::open(path));
    auto report = must(verify(store, id));
    REQUIRE(report.matches.size() == 1);
    return report.matches[0];
  }

  std::string payload(MatchId id, int seq) {
    auto p = raw_sql(path, "SELECT payload FROM events WHERE match_id=" + std::to_string(id) +
                               " AND seq=" + std::to_string(seq));
    return p.substr(0, p.size() - 1);
  }

  // Rewrites the chain from `from` on, as a careful forger would.
  void rehash(MatchId id, int from) {
    auto store = must(Store::open(path));
    auto rows = must(store.events(id));
    std::string prev = from > 1 ? rows[static_cast<std::size_t>(from - 2)].hash : kChainStart;
    for (std::size_t i = static_cast<std::size_t>(from - 1); i < rows.size(); ++i) {
      prev = chain_hash(prev, rows[i].payload);
      raw_sql(path, "UPDATE events SET hash='" + prev + "' WHERE match_id=" + std::to_string(id) +
                        " AND seq=" + std::to_string(rows[i].seq));
    }
  }

  void set_payload(MatchId id, int seq, const nlohmann::json& j) {
    auto text = j.dump();
    std::string quoted;
    for (char c : text) quoted += c == '\'' ? std::string("''") : std::string(1, c);
    raw_sql(path, "UPDATE events SET payload='" + quoted + "' WHERE match_id=" + std::to_string(id) +
                      " AND seq=" + std::to_string(seq));
  }
};

}  // namespace

TEST_CASE("verify passes an untouched store", "[tamper]") {
  Fixture f;
  CHECK(f.verdict(f.finished).ok());
  CHECK(f.verdict(f.running).ok());
}

TEST_CASE("an edited event breaks the chain at its seq", "[tamper]") {
  Fixture f;
  auto j = nlohmann::json::parse(f.payload(f.running, 20));
  j["t"] = j["t"].get<double>() + 1;
  f.set_payload(f.running, 20, j);
  auto v = f.verdict(f.running);
  CHECK_FALSE(v.ok());
  CHECK(v.first_bad_seq == 20);
  CHECK(v.problem.find("hash chain") != std::string::npos);
  CHECK(f.verdict(f.finished).ok());
}

TEST_CASE("an edit with a rewritten chain is caught by the replay", "[tamper]") {
  Fixture f;
  // Find a move and send the piece elsewhere.
  int seq = 0;
  for (int s = 2; s <= f.running_events && !seq; ++s)
    if (nlohmann::json::parse(f.payload(f.running, s)).value("type", "") == "moved") seq = s;
  REQUIRE(seq > 0);
  auto j = nlohmann::json::parse(f.payload(f.running, seq));
  CAPTURE(j.dump());
  j["to"] = j["from"];
  f.set_payload(f.running, seq, j);
  f.rehash(f.running, seq);
  auto v = f.verdict(f.running);
  CHECK_FALSE(v.ok());
  CHECK(v.first_bad_seq == seq);
}

TEST_CASE("a removed event is named", "[tamper]") {
  Fixture f;
  raw_sql(f.path, "DELETE FROM events WHERE match_id=" + std::to_string(f.running) + " AND seq=15");
  auto v = f.verdict(f.running);
  CHECK(v.first_bad_seq == 15);
  CHECK(v.problem.find("missing") != std::string::npos);
}

TEST_CASE("an edited public row is named", "[tamper]") {
  Fixture f;
  raw_sql(f.path, "UPDATE public_events SET state = replace(state, '\"ply\":', '\"ply\":1') WHERE match_id=" +
                      std::to_string(f.running) + " AND seq=30");
  auto v = f.verdict(f.running);
  CHECK(v.first_bad_seq == 30);
  CHECK(v.problem.find("public state") != std::string::npos);
}

TEST_CASE("a swapped sealed setup is named", "[tamper]") {
  Fixture f;
  auto seq = raw_sql(f.path, "SELECT min(seq) FROM public_seals WHERE match_id=" + std::to_string(f.finished));
  raw_sql(f.path, "UPDATE public_seals SET salt = '" + std::string(64, 'a') + "' WHERE match_id=" +
                      std::to_string(f.finished) + " AND seq=" + seq);
  auto v = f.verdict(f.finished);
  CHECK(v.first_bad_seq == std::stoi(seq));
  CHECK(v.problem.find("commitment") != std::string::npos);
}
