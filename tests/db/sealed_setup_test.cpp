#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

#include "codec/toss.h"
#include "db/public_reader.h"
#include "db/sealed_setup.h"
#include "db/store.h"
#include "db/verify.h"
#include "tests/db/temp_dir.h"
#include "tests/db/test_support.h"

using namespace facedown;
using namespace facedown::db;
using namespace facedown::db::testing;

namespace {

std::string run(const std::string& command) {
  std::string out;
  FILE* p = ::popen(command.c_str(), "r");
  REQUIRE(p);
  char buf[256];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  ::pclose(p);
  return out;
}

}  // namespace

TEST_CASE("setups are sealed while the match runs and after its end, and opened when it is closed", "[seal]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto store = must(Store::open(path));
  std::optional<engine::Match> live;
  MatchId id = play_random(store, 81, 30, live, false);
  auto reader = must(PublicReader::open(path));

  std::vector<const engine::Event*> locked;
  for (const auto& e : live->log())
    if (std::holds_alternative<engine::SetupLocked>(e.body)) locked.push_back(&e);
  REQUIRE(locked.size() == 2);

  auto sealed = must(reader.seals(id));
  REQUIRE(sealed.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(sealed[i].seq == locked[i]->seq);
    CHECK(sealed[i].commitment.size() == 64);
    CHECK_FALSE(sealed[i].setup_text);
    CHECK_FALSE(sealed[i].salt);
  }
  CHECK(sealed[0].commitment != sealed[1].commitment);

  end(store, id, *live);
  for (const auto& seal : must(reader.seals(id))) {
    CHECK_FALSE(seal.setup_text);  // ended, not closed: a void could still take the end back
    CHECK_FALSE(seal.salt);
  }
  finish(store, id, *live);  // close
  auto opened = must(reader.seals(id));
  REQUIRE(opened.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& s = opened[i];
    REQUIRE(s.setup_text);
    REQUIRE(s.salt);
    CHECK(s.commitment == sealed[i].commitment);  // published before, unchanged
    CHECK(*s.setup_text ==
          canonical_setup_text(id, locked[i]->seq, std::get<engine::SetupLocked>(locked[i]->body), live->game()));
    CHECK(s.salt->size() == 64);
    CHECK(codec::sha256_hex(*s.setup_text + *s.salt) == s.commitment);
    // As documented: anyone can check it with sha256sum.
    auto file = dir.file("seal" + std::to_string(i));
    std::ofstream(file, std::ios::binary) << *s.setup_text << *s.salt;
    CHECK(run("sha256sum " + file).substr(0, 64) == s.commitment);
  }
  CHECK(opened[0].setup_text->rfind("facedown sealed setup v1\nmatch " + std::to_string(id) + "\n", 0) == 0);
}

TEST_CASE("salts are fresh random values", "[seal]") {
  auto a = random_salt(), b = random_salt();
  REQUIRE(a);
  REQUIRE(b);
  CHECK(a->size() == 64);
  CHECK(*a != *b);
  CHECK(a->find_first_not_of("0123456789abcdef") == std::string::npos);
}

TEST_CASE("a voided resign opens nothing: only close opens the seals", "[seal]") {
  TempDir dir;
  auto path = dir.file("s.db");
  auto store = must(Store::open(path));
  std::optional<engine::Match> live;
  MatchId id = play_random(store, 82, 12, live, false);
  REQUIRE(live->state().started);
  REQUIRE_FALSE(live->state().result);
  auto sealed_in_file = [&] {
    return raw_sql(path, "SELECT count(*) FROM public_seals WHERE match_id = " + std::to_string(id) +
                             " AND (setup_text IS NOT NULL OR salt IS NOT NULL)") == "0\n";
  };
  auto submit = [&](const engine::Command& c) {
    auto sub = live->submit(c, live->state().time);
    REQUIRE_FALSE(sub.rejection);
    must_ok(store.append(id, *live, sub.events));
  };
  // The misclick: a resign, voided at once. Play goes on with both setups sealed.
  submit(engine::ResignCmd{1});
  REQUIRE(live->state().result);
  CHECK(sealed_in_file());
  submit(engine::VoidCmd{1, "misclick", false});
  REQUIRE_FALSE(live->state().result);
  CHECK(sealed_in_file());
  auto reader = must(PublicReader::open(path));
  for (const auto& seal : must(reader.seals(id))) {
    CHECK_FALSE(seal.setup_text);
    CHECK_FALSE(seal.salt);
  }
  // The real end, confirmed: now they open, and verify agrees with all of it.
  submit(engine::ResignCmd{2});
  CHECK(sealed_in_file());
  submit(engine::CloseCmd{});
  auto opened = must(reader.seals(id));
  REQUIRE(opened.size() == 2);
  for (const auto& seal : opened) {
    REQUIRE(seal.setup_text);
    CHECK(codec::sha256_hex(*seal.setup_text + *seal.salt) == seal.commitment);
  }
  require_verified(must(verify(store, id)));
}
