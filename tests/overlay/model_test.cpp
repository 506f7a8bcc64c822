#include <catch2/catch.hpp>

#include "engine/registry.h"
#include "broadcast/model.h"
#include "overlay_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

namespace {

engine::Square sq(const OnAirModel& m, const char* name) { return *m.game->geometry().parse(name); }
const std::optional<ShownPiece>& at(const OnAirModel& m, const char* name) {
  return m.board[static_cast<std::size_t>(sq(m, name))];
}

}  // namespace

TEST_CASE("no rows: nothing opened, nothing to show") {
  OnAirModel m = derive_model({}, 10, engine::all_games());
  CHECK_FALSE(m.opened);
  CHECK(m.rows == 0);
}

TEST_CASE("the board, names and options come from the public rows") {
  const auto rows = public_rows(script_match(kBlindBattle));
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  REQUIRE(m.opened);
  CHECK(m.game_id == "number-janggi");
  CHECK(m.players[1] == "김경훈");
  CHECK(m.turn_limit == 60);
  CHECK(m.has_counters);
  // Every piece on the board is a back except none: nothing has been revealed.
  int backs = 0, pieces = 0;
  for (const auto& p : m.board)
    if (p) {
      ++pieces;
      if (!p->token) ++backs;
    }
  CHECK(pieces == 27);  // 28 minus the removed 3
  CHECK(backs == 27);
  REQUIRE(at(m, "c6"));
  CHECK(at(m, "c6")->owner == 2);
  CHECK_FALSE(at(m, "c6")->token);
  CHECK_FALSE(at(m, "c5"));
}

TEST_CASE("a blinded battle: the loser face up, the blinded winner hidden and tagged") {
  const auto rows = public_rows(script_match(kBlindBattle));
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  REQUIRE(m.battle);
  REQUIRE(m.battle->fighters.size() == 2);
  const Fighter* p1 = nullptr;
  const Fighter* p2 = nullptr;
  for (const auto& f : m.battle->fighters) (f.owner == 1 ? p1 : p2) = &f;
  REQUIRE(p1);
  REQUIRE(p2);
  CHECK(p2->square == sq(m, "c6"));
  CHECK(p2->blind);
  CHECK_FALSE(p2->token);
  CHECK_FALSE(p2->value);
  CHECK_FALSE(p2->removed);
  CHECK(p2->mover);
  CHECK(p1->token == "3");
  CHECK(p1->removed);
  CHECK_FALSE(p1->blind);
  CHECK(m.removed[0] == std::vector<std::optional<std::string>>{"3"});
  CHECK(m.removed[1].empty());
  // The game's counters, read through its CounterSpec and decision specs.
  REQUIRE(m.counters.names == std::vector<std::string>{"blind", "plus", "minus"});
  REQUIRE(m.counters_used.size() == 1);
  CHECK(m.counters_used[0].player == 2);
  CHECK(m.counters_used[0].counter == "blind");
  CHECK(m.counters_used[0].square == "c6");
  CHECK(p2->hidden_by == "blind");
  CHECK(m.counters_left[1][0] == 0);
  CHECK(m.counters_left[0][0] == 1);
  CHECK(m.last_from == sq(m, "c7"));
  CHECK(m.last_to == sq(m, "c6"));
}

TEST_CASE("an open battle shows both values") {
  const auto rows = public_rows(script_match(kOpenBattle));
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  REQUIRE(m.battle);
  for (const auto& f : m.battle->fighters) {
    CHECK(f.token);
    CHECK_FALSE(f.blind);
  }
  REQUIRE(at(m, "c6"));
  CHECK(at(m, "c6")->token == "10");
  CHECK(at(m, "c6")->revealed);
}

TEST_CASE("a prefix of the rows is the match as it stood then (replay)") {
  const auto rows = public_rows(script_match(kBlindBattle));
  std::size_t awaited = 0;
  while (rows[awaited].type != "decision-awaited") ++awaited;
  OnAirModel m = derive_model(rows, awaited + 1, engine::all_games());
  CHECK_FALSE(m.battle);
  CHECK(m.status == "awaiting-items");
  CHECK(at(m, "c5"));
  CHECK(at(m, "c6"));
  CHECK(m.removed[0].empty());
}

TEST_CASE("void: the undone move is no longer the last move") {
  std::string script = kOpenBattle;
  script += "@25 move a3-a4\n@26 void 1 \"wrong piece\"\n";
  const auto rows = public_rows(script_match(script));
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  CHECK(m.last_to == sq(m, "c6"));
  CHECK(at(m, "a3"));
  CHECK_FALSE(at(m, "a4"));
}

TEST_CASE("result, warning, pause and detail") {
  std::string script = kOpenBattle;
  script += "@25 warn 1 \"touching pieces\"\n@26 pause \"medical\"\n";
  auto rows = public_rows(script_match(script));
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  CHECK(m.paused);
  CHECK(m.pause_reason.empty());  // the referee's words never reach the public rows
  REQUIRE(m.last_warning);
  CHECK(m.last_warning->player == 1);
  CHECK(m.last_warning->reason.empty());
  CHECK(m.warnings[0] == 1);
  script += "@30 resume\n@31 warn 1 \"again\"\n";
  rows = public_rows(script_match(script));
  m = derive_model(rows, rows.size(), engine::all_games());
  CHECK_FALSE(m.paused);
  REQUIRE(m.result);
  CHECK(m.result->winner == 2);
  CHECK(m.result->reason == "disqualified");
}

TEST_CASE("malformed rows are named and skipped: the last good state stays") {
  auto rows = public_rows(script_match(kOpenBattle));
  const std::size_t good = rows.size();
  OnAirModel before = derive_model(rows, good, engine::all_games());
  PublicRow bad = rows.back();
  bad.seq += 1;
  bad.type = "ticked";
  bad.state = nlohmann::json{{"status", 3}};
  rows.push_back(bad);
  PublicRow worse = bad;
  worse.seq += 1;
  worse.type = "voided";
  worse.event = nlohmann::json::object();
  rows.push_back(worse);
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  CHECK(m.problems.size() == 2);  // the bad state and the bad void
  CHECK(m.board.size() == before.board.size());
  CHECK(m.removed == before.removed);
  CHECK(m.last_to == before.last_to);
  CHECK(m.rows == rows.size());
}

TEST_CASE("the turn clock counts down from the last row plus wall time") {
  const auto rows = public_rows(script_match(kOpenBattle), 1000.0, 1.0);
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  REQUIRE(m.status == "playing");
  const double w = m.row_wall_time;
  ClockShown c = turn_clock(m, w);
  CHECK(c.visible);
  CHECK(c.counts_down);
  CHECK(c.running);
  CHECK(c.seconds == Approx(60 - m.turn_elapsed));
  CHECK(c.level == ClockLevel::kCalm);
  CHECK(turn_clock(m, w + 45).level == ClockLevel::kCaution);
  CHECK(turn_clock(m, w + 55).level == ClockLevel::kDanger);
  CHECK(turn_clock(m, w + 500).seconds == 0);
  CHECK(format_clock(59.2, true) == "1:00");
  CHECK(format_clock(9.0, true) == "0:09");
  CHECK(format_clock(65.9, false) == "1:05");
  CHECK(format_clock(-3, true) == "0:00");
  // Paused: frozen, not running.
  m.status = "paused";
  CHECK_FALSE(turn_clock(m, w + 30).running);
  CHECK(turn_clock(m, w + 30).seconds == Approx(60 - m.turn_elapsed));
}

TEST_CASE("RSF preset: the clock counts up towards the next warning") {
  std::string script = kOpenBattle;
  script.replace(script.find("genius-2015"), 11, "rsf-s52");
  script.replace(script.find("@20 items 1=none 2=none\n"), 24, "");
  const auto rows = public_rows(script_match(script), 0, 1);
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  ClockShown c = turn_clock(m, m.row_wall_time + 100);
  CHECK_FALSE(c.counts_down);
  CHECK(c.seconds == Approx(m.turn_elapsed + 100));
  CHECK(c.next_warning == Approx(300 - m.turn_elapsed - 100));
  CHECK_FALSE(m.has_counters);
}

TEST_CASE("commitments: hashes once locked, the reveal only after close") {
  const auto rows = public_rows(script_match(kOpenBattle));
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  std::array<std::optional<SetupCommitment>, 2> seals;
  seals[0] = SetupCommitment{1, "ab", std::string("setup"), std::string("salt"), true};
  seals[1] = SetupCommitment{2, "cd", std::nullopt, std::nullopt, std::nullopt};
  attach_commitments(m, seals);
  REQUIRE(m.commitments[0]);
  CHECK(m.commitments[0]->hash == "ab");
  CHECK_FALSE(m.commitments[0]->setup);  // no result yet: not on air
  CHECK_FALSE(m.commitments[0]->verified);
  OnAirModel early = derive_model(rows, 1, engine::all_games());
  attach_commitments(early, seals);
  CHECK_FALSE(early.commitments[0]);  // only `opened` read: nothing locked yet
  m.result = ResultShown{1, "resigned", {}};
  attach_commitments(m, seals);
  CHECK_FALSE(m.commitments[0]->setup);  // a result alone opens nothing: a void can take it back
  m.closed = true;
  attach_commitments(m, seals);
  CHECK(m.commitments[0]->setup == "setup");
  CHECK(m.commitments[0]->verified == true);
}

TEST_CASE("a piece already face up before its battle is marked so (it does not flip)") {
  // The 10 on c6 was revealed by the first battle; player 1's 9 attacks it from the side.
  std::string script = kOpenBattle;
  script += "@25 move a3-a5\n@26 move e8-e7\n@27 move a5-b5\n@28 move f8-f7\n@29 move b5-b6\n@30 items 1=none 2=none\n";
  const auto rows = public_rows(script_match(script));
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  REQUIRE(m.battle);
  bool saw_ten = false;
  for (const auto& f : m.battle->fighters) {
    if (f.owner == 2 && f.square == sq(m, "c6")) {
      saw_ten = true;
      CHECK(f.was_face_up);
      CHECK(f.token == "10");
    } else {
      CHECK_FALSE(f.was_face_up);  // the 9 was face down until this battle
    }
  }
  CHECK(saw_ten);
}
