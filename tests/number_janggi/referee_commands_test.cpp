// The referee's time authority and words (docs/match-script.md): clock, void …
// restore, note, caption, close, the turn clock frozen at the end, typed words
// kept off the public projection, and the bound on what one command may cause.
#include <catch2/catch.hpp>

#include <chrono>

#include "tests/number_janggi/nj_support.h"

using namespace facedown::engine;
using nlohmann::json;

namespace {

std::string base(const std::string& preset = "genius-2015", const std::vector<std::string>& options = {}) {
  return nj::header(preset, options) + nj::setup(1, {{"5", "c3"}}) + nj::setup(2, {{"6", "c7"}}) +
         "first 2\nstart\n";
}

double turn_elapsed(const Match& m) { return nj::state(m)["clock"]["turn_elapsed"].get<double>(); }

}  // namespace

TEST_CASE("clock E sets the running turn's elapsed time: it needs a turn, a reason and E below the limit") {
  Match m = nj::run_ok(base() + "@30 tick\n");
  CHECK(turn_elapsed(m) == 30.0);
  nj::play(m, "@31 clock 20.5 \"restoring after a typo\"");
  CHECK(turn_elapsed(m) == 20.5);
  nj::play(m, "@35 tick");
  CHECK(turn_elapsed(m) == 24.5);
  // The turn limit now falls 60 s after the set time: at 35 + 35.5 = 70.5 s.
  nj::play(m, "@70.4 tick");
  CHECK(nj::state(m)["status"] == "playing");
  CHECK(nj::submit(m, "@70.4 clock 60 \"x\"").value_or("") ==
        "the elapsed time 60 s must be below the turn limit of 60 s");
  CHECK(nj::submit(m, "@70.4 clock 5 \"\"").value_or("") == "clock needs a reason");
  CHECK(nj::submit(m, "@70.4 clock -1 \"x\"")->find("bad elapsed time '-1'") != std::string::npos);
  CHECK(nj::submit(m, "@70.5 tick").value_or("").find("the game is over (timeout)") == 0);
  CHECK(nj::state(m)["result"]["reason"] == "timeout");
  // Before start, while a decision is pending or after the end: no turn runs.
  Match before = nj::run_ok(nj::header() + nj::setup(1, {}) + nj::setup(2, {}) + "first 1\n");
  CHECK(nj::submit(before, "clock 1 \"x\"").value_or("") == "the match has not started");
  // After a timeout, clock reinstates the match (clock_contract_test.cpp has the rest).
  CHECK_FALSE(nj::submit(m, "@71 clock 1 \"x\""));
  CHECK(nj::state(m)["status"] == "paused");
}

TEST_CASE("clock works while paused, and the referee view keeps its reason: the public gets none") {
  Match m = nj::run_ok(base() + "@10 pause \"camera change\"\n@40 clock 2 \"give time back\"\n@50 resume\n@53 tick\n");
  CHECK(turn_elapsed(m) == 5.0);
  auto ref = nj::events_of(m, "clock-set").back();
  CHECK(ref["reason"] == "give time back");
  CHECK(ref["elapsed"] == 2.0);
  CHECK(ref["player"] == 2);
  CHECK(nj::events_of(m, "clock-set", kPublic).back()["reason"] == "");
}

TEST_CASE("clock: warning thresholds already passed do not fire again: one not yet passed fires when reached") {
  // rsf-s52: a warning at every 300 s of a turn, the second disqualifies.
  Match m = nj::run_ok(base("rsf-s52") + "@301 tick\n");
  CHECK(nj::state(m)["warnings"]["2"] == 1);
  nj::play(m, "@302 clock 100 \"restored\"");
  nj::play(m, "@502 tick");  // the turn stands at 300 again: passed already, no new warning
  CHECK(nj::state(m)["warnings"]["2"] == 1);
  CHECK(nj::state(m)["status"] == "playing");
  nj::play(m, "@702 tick");  // 500: none passed since
  CHECK(nj::state(m)["warnings"]["2"] == 1);
  // 600: the next threshold fires and disqualifies (the tick then comes after the end).
  CHECK(nj::submit(m, "@802 tick").value_or("").find("the game is over (disqualified)") == 0);
  CHECK(nj::state(m)["result"]["reason"] == "disqualified");
  // Set past a threshold the turn had not reached: it fires at once.
  Match n = nj::run_ok(base("rsf-s52") + "@10 clock 350 \"correction\"\n");
  CHECK(nj::state(n)["warnings"]["2"] == 1);
  CHECK(nj::events_of(n, "warned").back()["t"] == 10.0);
}

TEST_CASE("void N restore: correction time is not charged: without restore a late void times out") {
  // Player 2's turn starts at 0; a mistyped move is entered at 50 s and voided
  // 33 s later (the Genius turn limit is 60 s).
  const std::string s = base() + "@50 move c7-c6\n";
  Match plain = nj::run_ok(s);
  nj::play(plain, "@83 void 1 \"typo\"");
  CHECK(nj::state(plain)["result"]["reason"] == "timeout");
  CHECK(nj::state(plain)["result"]["winner"] == 1);

  Match restored = nj::run_ok(s);
  nj::play(restored, "@83 void 1 \"typo\" restore");
  CHECK(nj::state(restored)["status"] == "playing");
  CHECK(nj::state(restored)["to_move"] == 2);
  CHECK(turn_elapsed(restored) == 50.0);  // where it stood when the move was entered
  auto v = nj::events_of(restored, "voided").back();
  CHECK(v["restore"] == true);
  nj::play(restored, "@92.9 tick");  // 59.9 s of turn: not yet
  CHECK(nj::state(restored)["status"] == "playing");
  // 60 s: the limit, moved by the uncharged 33 s (the tick then comes after the end).
  CHECK(nj::submit(restored, "@93 tick").value_or("").find("the game is over (timeout)") == 0);
  CHECK(nj::state(restored)["result"]["reason"] == "timeout");
  // The fold of the log gives the same state (the restore is in the Voided event).
  auto again = Match::from_log(nj::game_info(), restored.log());
  REQUIRE(std::holds_alternative<Match>(again));
  CHECK(nj::state(std::get<Match>(again)) == nj::state(restored));
  // A void without a reason is still refused; `restore` alone is not a reason.
  Match r2 = nj::run_ok(s);
  CHECK(nj::submit(r2, "@51 void 1 restore").value_or("").find("void needs a reason before `restore`") == 0);
}

TEST_CASE("note and caption: happen at their time, change nothing else, are never counted or undone by void") {
  Match m = nj::run_ok(base() + "@10 pause \"\"\n@12 note \"player 2 asked for the rules\"\n"
                                "@13 caption \"Rules check\"\n");
  auto s = nj::state(m, kPublic);
  CHECK(s["caption"] == "Rules check");
  CHECK(nj::state(m, kPlayer1)["caption"] == "Rules check");
  CHECK(s["status"] == "paused");
  // A hold followed by its note: void 1 undoes the hold, not the note.
  nj::play(m, "@14 void 1 \"the hold was a mistake\"");
  s = nj::state(m, kPublic);
  CHECK(s["status"] == "playing");
  CHECK(s["caption"] == "Rules check");  // the caption stays on air
  CHECK(nj::events_of(m, "noted").size() == 1);
  CHECK(nj::events_of(m, "noted").back()["text"] == "player 2 asked for the rules");
  CHECK(nj::events_of(m, "noted", kPublic).back()["text"] == "");
  CHECK(nj::events_of(m, "captioned", kPublic).back()["text"] == "Rules check");
  nj::play(m, "@15 caption clear");
  CHECK(nj::state(m)["caption"].is_null());
  CHECK(nj::submit(m, "@16 note \"\"").value_or("") == "a note needs a text");
  CHECK(nj::submit(m, "@16 caption \"\"").value_or("") == "a caption needs a text (or `caption clear`)");
  // Notes and captions before the start stand at the start's time.
  Match before = nj::run_ok(nj::header() + "note \"players seated\"\ncaption \"The final\"\n" +
                            nj::setup(1, {}) + nj::setup(2, {}) + "first 1\nstart\n");
  CHECK(nj::state(before)["caption"] == "The final");
  // Deadlines due by a note's time fire first.
  Match late = nj::run_ok(base() + "@61 note \"too late\"\n");
  CHECK(nj::state(late)["result"]["reason"] == "timeout");
}

TEST_CASE("close: only after the end: then only note and caption: nothing can be voided") {
  Match m = nj::run_ok(base() + "@5 resign 2\n");
  CHECK(nj::state(m)["closed"] == false);
  Match running = nj::run_ok(base());
  CHECK(nj::submit(running, "close").value_or("") == "the game is not over; close confirms a result");
  // A mistaken end can still be voided before close.
  nj::play(m, "@6 void 1 \"misclick\"");
  CHECK(nj::state(m)["status"] == "playing");
  nj::play(m, "@7 resign 2");
  nj::play(m, "@8 close");
  auto s = nj::state(m, kPublic);
  CHECK(s["closed"] == true);
  CHECK(s["status"] == "finished");
  CHECK(m.voidable() == 0);
  CHECK(nj::submit(m, "@9 void 1 \"x\"").value_or("") ==
        "the match is closed (resigned); only note and caption are accepted");
  CHECK(nj::submit(m, "@9 close").value_or("").find("the match is closed") == 0);
  nj::play(m, "@9 note \"result confirmed on air\"");
  nj::play(m, "@9 caption \"Champion: Two\"");
  CHECK(nj::state(m)["caption"] == "Champion: Two");
  // The views still reveal nothing after close.
  const json board = nj::state(m, kPublic)["board"];
  for (const auto& [sq, v] : board.items()) CHECK(v["piece"].is_null());
}

TEST_CASE("after the end the turn clock stands where the end stopped it") {
  CHECK(turn_elapsed(nj::run_ok(base() + "@60 note \"late\"\n")) == 60.0);  // timeout
  CHECK(turn_elapsed(nj::run_ok(base() + "@12.5 resign 1\n")) == 12.5);
  CHECK(turn_elapsed(nj::run_ok(base() + "@20 draw\n")) == 20.0);
  CHECK(turn_elapsed(nj::run_ok(base() + "@30 pause \"\"\n@40 award 1 \"conduct\"\n")) == 30.0);
  Match dq = nj::run_ok(base("rsf-s52") + "@601 note \"late\"\n");
  CHECK(nj::state(dq)["result"]["reason"] == "disqualified");
  CHECK(turn_elapsed(dq) == 600.0);
  // After the end the match clock stops too; the note keeps its own time in the log.
  Match m = nj::run_ok(base() + "@12.5 resign 1\n@100 note \"later\"\n");
  CHECK(turn_elapsed(m) == 12.5);
  CHECK(nj::state(m)["clock"]["time"] == 12.5);
  CHECK(nj::events_of(m, "noted").back()["t"] == 100.0);
}

TEST_CASE("the public and the opponents never get the referee's typed words") {
  Match m = nj::run_ok(base() + "@5 pause \"camera change\"\n@6 resume\n@7 warn 1 \"stalling\"\n"
                                "@8 note \"ask the producer\"\n@9 award 2 \"player 1 left the table\"\n"
                                "@10 void 1 \"wrong player\"\n");
  for (Viewer v : {kPublic, kPlayer1, kPlayer2}) {
    std::string all;
    for (const auto& e : nj::events(m, v)) all += e.dump();
    for (const auto& e : m.log()) all += facedown::codec::event_to_json(project(e, v), m.game()).dump();
    for (const char* word : {"camera change", "stalling", "ask the producer", "left the table", "wrong player"})
      CHECK(all.find(word) == std::string::npos);
  }
  std::string referee;
  for (const auto& e : m.log()) referee += facedown::codec::event_to_json(e, m.game()).dump();
  for (const char* word : {"camera change", "stalling", "ask the producer", "left the table", "wrong player"})
    CHECK(referee.find(word) != std::string::npos);
}

TEST_CASE("a revival offer lists only the candidates the viewer may know") {
  DecisionAwaited d{"revival", 1, 7, {3}, {}, {}};
  d.candidates.push_back(PieceRef{4, 1, 4, kNoSquare, std::nullopt, 0});                    // face up
  d.candidates.push_back(PieceRef{5, 1, 5, kNoSquare, std::nullopt, hidden_but_owner(1)});  // removed face down
  Event e{12, 1000, 9, std::nullopt, d};
  auto offered = [&](Viewer v) { return std::get<DecisionAwaited>(project(e, v).body).candidates; };
  CHECK(offered(kReferee).size() == 2);
  CHECK(offered(kPlayer1).size() == 2);
  for (Viewer v : {kPublic, kPlayer2}) {
    const auto c = offered(v);
    REQUIRE(c.size() == 1);
    CHECK(c[0].type == 4);
  }
}

TEST_CASE("one command may fire only so many deadlines: more is refused and changes nothing") {
  Match m = nj::run_ok(base("genius-2015", {"turn_limit=0", "warning_after=1", "warnings_to_dq=0"}));
  const auto before = nj::state(m);
  const auto size = m.log().size();
  const auto t0 = std::chrono::steady_clock::now();
  auto r = nj::submit(m, "@999999999 tick");
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
  REQUIRE(r);
  CHECK(r->find("would fire more than 10000 deadlines") != std::string::npos);
  CHECK(nj::state(m) == before);
  CHECK(m.log().size() == size);
  // What stays within the bound fires as usual.
  nj::play(m, "@5000 tick");
  CHECK(nj::state(m)["warnings"]["2"] == 5000);
  // advance() never refuses: it fires up to the bound and the rest on later calls.
  auto evs = m.advance(1'000'000'000);
  CHECK(evs.size() == static_cast<std::size_t>(Match::kMaxDeadlineFirings));
  CHECK(nj::state(m)["warnings"]["2"] == 15000);
}

TEST_CASE("void folds from a snapshot and gives the fold of the log, however long the log") {
  std::string s = base("genius-2015", {"turn_limit=0"});
  for (int i = 1; i <= 900; ++i) s += "@" + std::to_string(i) + " note \"n" + std::to_string(i) + "\"\n";
  Match m = nj::run_ok(s + "@901 move c7-c6\n@902 move c3-c4\n@903 pause \"\"\n");
  REQUIRE(m.log().size() > 3 * Match::kSnapshotEvery);
  nj::play(m, "@904 void 2 \"two back\"");
  Match expect = nj::run_ok(s + "@901 move c7-c6\n");
  CHECK(nj::state(m)["board"] == nj::state(expect)["board"]);
  CHECK(nj::state(m)["to_move"] == 1);
  auto again = Match::from_log(nj::game_info(), m.log());
  REQUIRE(std::holds_alternative<Match>(again));
  CHECK(nj::state(std::get<Match>(again)) == nj::state(m));
  CHECK(std::get<Match>(again).voidable() == m.voidable());
}
