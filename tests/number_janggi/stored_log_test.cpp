// A log read back from a file may have been edited: Match::from_log and record()
// refuse an event that does not fit the state (unknown pieces, squares off the
// board, a void outside the log) instead of folding it into undefined behaviour.
#include <catch2/catch.hpp>

#include "tests/number_janggi/nj_support.h"

using namespace facedown::engine;

namespace {

std::vector<Event> honest_log() {
  return nj::run_ok(nj::header() + nj::setup(1, {{"5", "c3"}}) + nj::setup(2, {{"6", "c7"}}) +
                    "first 2\nstart\n@5 move c7-c6\n@6 move c3-c4\n")
      .log();
}

std::string refusal(const std::vector<Event>& log) {
  auto m = Match::from_log(nj::game_info(), log);
  if (auto* r = std::get_if<Rejection>(&m)) return r->reason;
  return "";
}

template <class T>
T& body_of(std::vector<Event>& log, const std::string& type) {
  for (auto& e : log)
    if (event_type(e.body) == type) return std::get<T>(e.body);
  FAIL("no " << type);
  throw 0;
}

}  // namespace

TEST_CASE("an honest log folds: edited ones are refused with the event named") {
  CHECK(refusal(honest_log()).empty());
  {
    auto log = honest_log();
    body_of<Moved>(log, "moved").from = 200;  // off the board
    CHECK(refusal(log).find("(moved): no such move on this board") != std::string::npos);
  }
  {
    auto log = honest_log();
    const Match m = std::get<Match>(Match::from_log(nj::game_info(), log));
    body_of<Moved>(log, "moved").from = *m.game().geometry().parse("a5");  // an empty square
    CHECK(refusal(log).find("no such move") != std::string::npos);
  }
  {
    auto log = honest_log();
    body_of<SetupLocked>(log, "setup-locked").pieces[0].id = 99;
    CHECK(refusal(log).find("(setup-locked): a piece does not fit the board") != std::string::npos);
  }
  {
    auto log = honest_log();
    body_of<TurnStarted>(log, "turn-started").player = 7;
    CHECK(refusal(log).find("no such player") != std::string::npos);
  }
  {
    auto log = honest_log();
    Event v;
    v.seq = static_cast<int>(log.size()) + 1;
    v.t = log.back().t;
    v.cmd = 99;
    v.body = Voided{1, "x", {1}, 5000, false};
    log.push_back(v);
    CHECK(refusal(log).find("outside the log") != std::string::npos);
    std::get<Voided>(log.back().body).rewind_to = 0;
    CHECK(refusal(log).find("outside the log") != std::string::npos);
  }
  {
    auto log = honest_log();
    log.back().t = -5;
    CHECK(refusal(log).find("its time is out of range") != std::string::npos);
  }
}
