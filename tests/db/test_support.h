// Helpers shared by the store's tests: unwrapping results (a failure fails the
// test with the store's message) and playing random matches through a store.
#pragma once
#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <string>
#include <variant>

#include "db/store.h"
#include "tests/db/random_operator.h"

namespace facedown::db::testing {

template <class T>
T must(Result<T> r) {
  if (auto* e = std::get_if<StoreError>(&r)) FAIL(e->message);
  return std::move(std::get<T>(r));
}

inline void must_ok(const Failure& s) {
  if (s) FAIL(s->message);
}

template <class T>
StoreError must_fail(Result<T> r) {
  if (!std::holds_alternative<StoreError>(r)) FAIL("expected a StoreError");
  return std::get<StoreError>(r);
}

// Plays up to `steps` random commands of a new match into the store, each as one
// append. Returns the match id and leaves the live match in `live`.
// `game`: that game, or one picked by the seed when empty.
inline MatchId play_random(Store& store, std::uint64_t seed, int steps, std::optional<engine::Match>& live,
                           bool corrections = true, const std::string& game = "") {
  live.emplace(open_random_match(seed, game));
  MatchId id = must(store.create_match(*live));
  RandomOperator op(seed * 7919 + 1, corrections);
  for (int i = 0; i < steps; ++i) {
    auto evs = op.step(*live);
    if (evs.empty()) break;
    must_ok(store.append(id, *live, evs));
  }
  return id;
}

// Ends the match (player 1 resigns, or an award when no clock runs) through the store.
inline void end(Store& store, MatchId id, engine::Match& live) {
  if (live.state().result) return;
  auto sub = live.submit(engine::ResignCmd{1}, live.state().time);
  if (sub.rejection) sub = live.submit(engine::AwardCmd{2, "forfeit"}, live.state().time);
  REQUIRE_FALSE(sub.rejection);
  must_ok(store.append(id, live, sub.events));
}

// Ends the match and closes it (the referee confirms the result: the seals open).
inline void finish(Store& store, MatchId id, engine::Match& live) {
  end(store, id, live);
  if (live.state().closed) return;
  auto sub = live.submit(engine::CloseCmd{}, live.state().time);
  REQUIRE_FALSE(sub.rejection);
  must_ok(store.append(id, live, sub.events));
}

// Every match of the report verified, or the first problem as the failure.
template <class Report>
void require_verified(const Report& report) {
  for (const auto& m : report.matches) {
    INFO("match " << m.match << ", seq " << m.first_bad_seq.value_or(0) << ": " << m.problem);
    REQUIRE(m.ok());
  }
}

// Runs SQL on a plain connection (the way a person with the sqlite3 shell would).
inline std::string raw_sql(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  std::string out;
  char* err = nullptr;
  sqlite3_exec(
      db, sql.c_str(),
      [](void* o, int n, char** v, char**) {
        auto* s = static_cast<std::string*>(o);
        for (int i = 0; i < n; ++i) *s += (i ? "|" : "") + std::string(v[i] ? v[i] : "NULL");
        *s += "\n";
        return 0;
      },
      &out, &err);
  if (err) {
    out += std::string("ERROR: ") + err;
    sqlite3_free(err);
  }
  sqlite3_close(db);
  return out;
}

}  // namespace facedown::db::testing
