// Corrections (void) and the three audiences' views.
#include <catch2/catch.hpp>

#include "tests/number_janggi/nj_support.h"

using namespace facedown::engine;
using nlohmann::json;

namespace {

std::string base(const std::string& preset = "genius-2015", const std::vector<std::string>& options = {}) {
  return nj::header(preset, options) + nj::setup(1, {{"5", "c3"}}) + nj::setup(2, {{"6", "c7"}}) +
         "first 2\nstart\n";
}

// Fails when any object inside `j` has the key.
void check_no_key(const json& j, const std::string& key) {
  if (j.is_object()) {
    CHECK_FALSE(j.contains(key));
    for (const auto& [k, v] : j.items()) check_no_key(v, key);
  } else if (j.is_array()) {
    for (const auto& v : j) check_no_key(v, key);
  }
}

}  // namespace

TEST_CASE("void N undoes the last N accepted commands and everything they caused") {
  const std::string s = base("genius-2015", {"items=none"}) + "@5 move c7-c5\n@10 move c3-c4\n";
  Match m = nj::run_ok(s);
  REQUIRE(nj::state(m)["removed"]["1"] == json::array({"5"}));
  const auto log_before = m.log().size();
  Match before_move = nj::run_ok(base("genius-2015", {"items=none"}) + "@5 move c7-c5\n");
  nj::play(m, "@12 void 1 \"wrong piece entered\"");
  auto s1 = nj::state(m), s0 = nj::state(before_move);
  // The same position as before the move; the clock stands at the void's time.
  CHECK(s1["board"] == s0["board"]);
  CHECK(s1["removed"] == s0["removed"]);
  CHECK(s1["to_move"] == 1);
  CHECK(s1["ply"] == 1);
  CHECK(s1["clock"] == json({{"time", 12.0}, {"turn_elapsed", 7.0}}));
  // The log keeps everything: the voided events are still there, marked out of effect.
  CHECK(m.log().size() == log_before + 1);
  int out_of_effect = 0;
  for (bool b : m.in_effect()) out_of_effect += b ? 0 : 1;
  CHECK(out_of_effect == 3);  // moved, battle, turn-started: what the voided move caused
  auto v = nj::events_of(m, "voided", kPublic).back();
  CHECK(v["count"] == 1);
  CHECK(v["reason"] == "");  // the referee's words stay at the desk
  CHECK(nj::events_of(m, "voided").back()["reason"] == "wrong piece entered");
  CHECK(v["commands"] == json::array({6}));
  // The move can now be played differently.
  nj::play(m, "@13 move c3-b4");
  CHECK(nj::state(m)["to_move"] == 2);
}

TEST_CASE("void 2 undoes two: voids themselves are not counted: too many is refused") {
  Match m = nj::run_ok(base() + "@5 move a7-a6\n@6 move a3-a4\n@7 move c7-c6\n");
  CHECK(nj::submit(m, "@8 void 8 \"x\"").value_or("") == "cannot void 8 commands: only 7 can be voided");
  CHECK(nj::submit(m, "@8 void 1 \"\"").value_or("") == "void needs a reason");
  nj::play(m, "@8 void 2 \"two mistakes\"");
  CHECK(nj::state(m)["ply"] == 1);
  CHECK(nj::state(m)["to_move"] == 1);
  nj::play(m, "@9 void 1 \"and one more\"");  // the void before is not counted: this undoes a7-a6
  CHECK(nj::state(m)["ply"] == 0);
  CHECK(nj::state(m)["to_move"] == 2);
  CHECK(m.voidable() == 4);  // setup, setup, first, start
  nj::play(m, "@9 void 4 \"start over\"");
  CHECK(nj::state(m)["status"] == "setup");
  CHECK(nj::state(m)["board"].empty());
}

TEST_CASE("void is accepted after the end and reopens the game") {
  Match m = nj::run_ok(base() + "@5 resign 2\n");
  CHECK(nj::state(m)["status"] == "finished");
  nj::play(m, "@6 void 1 \"resigned by mistake\"");
  CHECK(nj::state(m)["status"] == "playing");
  CHECK(nj::state(m)["result"].is_null());
  CHECK(nj::state(m)["to_move"] == 2);
}

TEST_CASE("deadlines that fall due after a void fire") {
  // Player 2 moved at 50 s; voiding it at 100 s puts player 2 back on a turn that began at 0.
  Match m = nj::run_ok(base() + "@50 move a7-a6\n");
  nj::play(m, "@100 void 1 \"wrong square\"");
  auto s = nj::state(m);
  CHECK(s["result"] == json({{"winner", 1}, {"reason", "timeout"}}));
  auto ended = nj::events_of(m, "ended").back();
  CHECK(ended["t"] == 100.0);  // stamped at the void: the log's times never go back
  // A void that leaves no deadline behind fires nothing.
  Match ok = nj::run_ok(base() + "@50 move a7-a6\n@55 move a3-a4\n");
  nj::play(ok, "@70 void 1 \"x\"");
  CHECK(nj::state(ok)["status"] == "playing");
  CHECK(nj::state(ok)["clock"]["turn_elapsed"] == 20.0);
}

TEST_CASE("views: public and opponent never see a face-down identity: owners see their own") {
  Match m = nj::run_ok(base() + "move c7-c5\nmove c3-c4\nitems 1=none 2=none\nmove a7-a6\n");
  auto ref = nj::state(m, kReferee);
  auto pub = nj::state(m, kPublic);
  auto p1 = nj::state(m, kPlayer1);
  auto p2 = nj::state(m, kPlayer2);
  int face_down = 0;
  for (auto& [sq, piece] : ref["board"].items()) {
    INFO(sq);
    const bool revealed = piece["revealed"];
    CHECK_FALSE(piece["piece"].is_null());
    const int owner = piece["owner"];
    CHECK(pub["board"][sq]["owner"] == owner);
    if (revealed) {
      CHECK(pub["board"][sq]["piece"] == piece["piece"]);
    } else {
      ++face_down;
      CHECK(pub["board"][sq]["piece"].is_null());
      CHECK((owner == 1 ? p2 : p1)["board"][sq]["piece"].is_null());
      CHECK((owner == 1 ? p1 : p2)["board"][sq]["piece"] == piece["piece"]);
    }
  }
  CHECK(face_down == 26);  // 27 on the board, the 6 on c5 face up
  // Moved events: the piece is blank for those who may not know it.
  auto mv = nj::events_of(m, "moved", kPublic).back();
  CHECK(mv["piece"]["piece"].is_null());
  CHECK(mv["from"] == "a7");
  CHECK(nj::events_of(m, "moved", kPlayer2).back()["piece"]["piece"] == "K");  // the filler put the king on a7
  // Internal ids and the command text never leave the referee view.
  for (Viewer v : {kPublic, kPlayer1, kPlayer2})
    for (const auto& e : nj::events(m, v)) {
      check_no_key(e, "id");
      check_no_key(e, "secret_from");
      check_no_key(e, "command");
      check_no_key(e, "piece_id");
    }
  // Clocks, warnings and item inventories are public; the keys are always present.
  for (const auto& key : {"clock", "warnings", "items", "removed", "result", "to_move", "ply", "status"})
    CHECK(pub.contains(key));
}

TEST_CASE("views: nothing is revealed automatically at the end") {
  Match m = nj::run_ok(base() + "move c7-c5\nresign 1\n");
  auto pub = nj::state(m, kPublic);
  CHECK(pub["status"] == "finished");
  for (auto& [sq, piece] : pub["board"].items()) CHECK(piece["piece"].is_null());
  for (const auto& e : nj::events_of(m, "setup-locked", kPlayer1))
    if (e["player"] == 2)
      for (const auto& p : e["pieces"]) CHECK(p["piece"].is_null());
}

TEST_CASE("a void first lets time pass: a deadline due before it is adjudicated at the deadline") {
  // Regression: a void did not fire deadlines before itself, so the log depended on
  // whether some refused command had happened to come in between (and export_script
  // could not reproduce it).
  Match m = nj::run_ok(base() + "@30 move a7-a6\n");  // player 1's turn began at 30: due at 90
  nj::play(m, "@200 void 1 \"wrong square\"");
  std::vector<std::pair<std::string, double>> seen;
  for (const auto& e : m.log()) {
    auto j = facedown::codec::event_to_json(e, m.game());
    if (j["type"] == "ended" || j["type"] == "voided") seen.emplace_back(j["type"], j["t"]);
  }
  // The timeout at 90 (undone by the void), the void, then player 2's own timeout
  // (its turn began at 0), adjudicated at the void's time.
  REQUIRE(seen.size() == 3);
  CHECK(seen[0] == std::pair<std::string, double>{"ended", 90.0});
  CHECK(seen[1] == std::pair<std::string, double>{"voided", 200.0});
  CHECK(seen[2] == std::pair<std::string, double>{"ended", 200.0});
  CHECK(nj::state(m)["result"] == json({{"winner", 1}, {"reason", "timeout"}}));
  // The same log whether or not a refused command came in between.
  Match other = nj::run_ok(base() + "@30 move a7-a6\n");
  CHECK(nj::submit(other, "@150 move a3-a4").value_or("").find("the game is over (timeout)") == 0);
  nj::play(other, "@200 void 1 \"wrong square\"");
  auto all = [](const Match& x) {
    std::vector<json> out;
    for (const auto& e : x.log()) out.push_back(facedown::codec::event_to_json(e, x.game()));
    return out;
  };
  CHECK(all(other) == all(m));
}

TEST_CASE("a voided start can be given again at the void's time") {
  // Regression: after `void` took back `start` at 5 s, no `start` was accepted
  // any more (time had to be 0, and 0 was in the past).
  Match m = nj::run_ok(base() + "@5 void 1 \"started too early\"\n");
  CHECK(nj::state(m)["status"] == "ready");
  CHECK(nj::state(m)["clock"]["time"] == 5.0);
  CHECK(nj::submit(m, "@6 start").value_or("") == "the match clock has not started: time must be 5 before start");
  nj::play(m, "start");
  CHECK(nj::state(m)["status"] == "playing");
  CHECK(nj::state(m)["clock"]["turn_elapsed"] == 0.0);
  // The turn clock runs from the restart: 60 s later is late (Genius).
  CHECK(nj::submit(m, "@65 move a7-a6").value_or("").find("the game is over (timeout)") == 0);
  CHECK(nj::events_of(m, "ended").back()["t"] == 65.0);
}
