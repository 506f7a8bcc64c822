// Bid Duel (bid_duel.h), a game whose decision is a one-player bid, played
// through the codec (script, event and state JSON), the desk (its service and
// its decision panel's wording) and the feed (public rows, the on-air model and
// frame): nothing outside this folder knows the bid (issue 35).
#include <catch2/catch.hpp>

#include "broadcast/model.h"
#include "broadcast/on_air_json.h"
#include "codec/json.h"
#include "codec/script_runner.h"
#include "console/desk.h"
#include "console/match_session.h"
#include "engine/view.h"
#include "tests/decision_game/bid_duel.h"
#include "tests/overlay/overlay_support.h"

namespace {

using namespace facedown;
using engine::Match;
using nlohmann::json;

const std::vector<engine::GameInfo>& games() {
  static const std::vector<engine::GameInfo> g{testgames::bid_duel::info()};
  return g;
}

const char* kOpening = R"(game bid-duel
player 1 "Ann"
player 2 "Bo"
setup 1 P:a1 P:b1
setup 2 P:b5 P:c5
first 1
start
@1 move a1-a2
@2 move c5-c4
@3 move a2-a3
@4 move c4-c3
@5 move a3-a4
@6 move c3-c2
@7 move a4-a5
)";

// The script's lines run one by one; the first refusal, if any.
std::optional<std::string> feed(codec::ScriptRunner& runner, const std::string& text) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t nl = std::min(text.find('\n', pos), text.size());
    auto r = runner.feed(text.substr(pos, nl - pos));
    if (r.error) return r.error;
    pos = nl + 1;
  }
  return std::nullopt;
}

json state(const Match& m, engine::Viewer v = engine::kReferee) { return codec::state_to_json(m, v); }


}  // namespace

TEST_CASE("a bid of the game's own plays through the codec") {
  codec::ScriptRunner runner({}, games());
  REQUIRE_FALSE(feed(runner, kOpening));
  const Match& m = *runner.match();
  // The decision the game awaits: its kind, who decides, the choices it lists.
  CHECK(state(m)["status"] == "awaiting-bid");
  CHECK(state(m)["to_move"].is_null());
  CHECK(m.state().pending.player == 1);
  CHECK(m.state().pending.choices == std::vector<std::string>{"0", "1"});
  CHECK(state(m)["chips"] == json::parse(R"({"1": {"chip": 1}, "2": {"chip": 1}})"));

  // The game reads, checks and refuses its statement.
  CHECK(runner.feed("@8 bid 2").error.value_or("").find("usage: bid 0|1") != std::string::npos);
  CHECK(runner.feed("@8 move b1-b2").error.value_or("") == "waiting for player 1's bid");
  CHECK(runner.feed("@8 bid 0").events.size() == 2);  // the bid, the next turn
  CHECK(state(m)["status"] == "playing");
  CHECK(state(m)["to_move"] == 2);
  CHECK(runner.feed("@8.5 bid 1").error.value_or("") == "no bid is awaited now");
  CHECK(state(m)["removed"]["1"] == json::array({"P"}));  // the arrived pawn left, face up

  REQUIRE_FALSE(feed(runner, "@9 move c2-c1\n@10 bid 1\n"));
  CHECK(state(m)["status"] == "finished");
  CHECK(state(m)["result"] == json::parse(R"({"winner": 2, "reason": "outbid"})"));
  CHECK(state(m)["chips"] == json::parse(R"({"1": {"chip": 1}, "2": {"chip": 0}})"));
  CHECK(m.state().counters.used[1][0] == 1);

  // Every event and command goes to JSON and back unchanged; the log folds to the same state.
  const auto& g = m.game();
  int bids = 0;
  for (const auto& e : m.log()) {
    const json j = codec::event_to_json(e, g);
    auto back = codec::event_from_json(j, g);
    REQUIRE(std::holds_alternative<engine::Event>(back));
    CHECK(codec::event_to_json(std::get<engine::Event>(back), g) == j);
    CHECK(std::get<engine::Event>(back).body == e.body);
    if (j["type"] == "bid-made") {
      ++bids;
      CHECK(j.contains("bid"));
      CHECK(j["pawn"]["piece"] == "P");
    }
    if (e.command) {
      if (const auto* d = std::get_if<engine::DecideCmd>(&*e.command)) CHECK(codec::format_command(*d, g).rfind("bid ", 0) == 0);
    }
  }
  CHECK(bids == 2);
  auto folded = Match::from_log(games().front(), m.log());
  REQUIRE(std::holds_alternative<Match>(folded));
  CHECK(state(std::get<Match>(folded)) == state(m));
}

TEST_CASE("a bid of the game's own plays through the desk") {
  auto opened = Match::open(games().front(), "standard", {}, {"Ann", "Bo"});
  REQUIRE(std::holds_alternative<Match>(opened));
  std::vector<engine::Event> journal;
  auto session = std::make_unique<console::MatchSession>(
      std::get<Match>(std::move(opened)),
      [&](const Match&, const std::vector<engine::Event>& events) -> std::optional<std::string> {
        journal.insert(journal.end(), events.begin(), events.end());
        return std::nullopt;
      },
      [](int) -> std::optional<std::string> { return std::nullopt; }, "memory");
  console::Desk desk;
  desk.open(std::move(session), 0);
  const auto& m = desk.session()->match();
  const engine::Geometry& geo = m.game().geometry();
  engine::Millis mono = 0;
  auto submit = [&](engine::Command c) {
    mono += 1000;
    const auto out = desk.submit(c, mono);
    INFO(out.refusal.value_or(""));
    REQUIRE(out.done());
    return out;
  };
  auto move = [&](const char* from, const char* to) { submit(engine::MoveCmd{{*geo.parse(from), *geo.parse(to)}}); };
  submit(engine::SetupCmd{1, {{0, *geo.parse("a1")}, {0, *geo.parse("b1")}}});
  submit(engine::SetupCmd{2, {{0, *geo.parse("b5")}, {0, *geo.parse("c5")}}});
  submit(engine::FirstCmd{1, std::nullopt});
  submit(engine::StartCmd{});
  for (auto [from, to] : {std::pair{"a1", "a2"}, {"c5", "c4"}, {"a2", "a3"}, {"c4", "c3"}, {"a3", "a4"}}) move(from, to);
  move("c3", "c2");
  move("a4", "a5");
  REQUIRE(m.state().phase == engine::Phase::kDeciding);

  // The desk's decision panel lists the game's choices and the game words the pick.
  const auto pick = [&](const std::string& choice) {
    return m.game().word_picks(m.state(), {{m.state().pending.player, {}, -1, engine::kNoSquare, choice, false}});
  };
  CHECK_FALSE(pick("7").has_value());  // not a listed choice
  const auto zero = pick("0");
  REQUIRE(zero);
  CHECK(zero->text == "bid 0");
  const auto out = submit(*zero);
  CHECK(std::string(engine::event_type(out.events.front().body)) == "bid-made");
  move("c2", "c1");
  submit(*pick("1"));
  REQUIRE(m.state().result);
  CHECK(m.state().result->winner == 2);
  CHECK(m.state().result->reason == "outbid");
  CHECK(journal.size() + 1 == m.log().size());  // every event after the opening went through the desk's store
}

TEST_CASE("a bid of the game's own plays through the feed") {
  codec::ScriptRunner runner({}, games());
  REQUIRE_FALSE(feed(runner, kOpening));
  REQUIRE_FALSE(feed(runner, "@8 bid 0\n@9 move c2-c1\n@10 bid 1\n"));
  const Match& m = *runner.match();
  const auto rows = overlay::testing::public_rows(m);  // the rows the store would write
  std::size_t awaiting = 0;
  for (std::size_t i = 0; i < rows.size() && !awaiting; ++i)
    if (rows[i].type == "decision-awaited") awaiting = i + 1;
  REQUIRE(awaiting > 0);
  CHECK(rows[awaiting - 1].event["decision"] == "bid");
  CHECK(rows[awaiting - 1].event["choices"] == json::array({"0", "1"}));

  // The on-air model and frame at the awaited bid, and at the end.
  const broadcast::OnAirModel during = broadcast::derive_model(rows, awaiting, games());
  CHECK(during.problems.empty());
  CHECK(during.status == "awaiting-bid");
  CHECK(during.to_move == 0);
  // A game that gives no status words of its own: the generic caption, and no phrase of another game's.
  const json awaited = broadcast::on_air_json(during, rows[awaiting - 1].wall_time, broadcast::OnAirOptions{});
  CHECK(awaited.at("status_text").at("en") == "Decision being made");
  CHECK(awaited.at("status_text").at("ko") == "선택 중");
  CHECK_FALSE(awaited.at("phrases").contains("awaiting-items"));
  const broadcast::OnAirModel end = broadcast::derive_model(rows, rows.size(), games());
  CHECK(end.problems.empty());
  CHECK(end.status == "finished");
  const json frame = broadcast::on_air_json(end, rows.back().wall_time + 10, broadcast::OnAirOptions{});
  CHECK(frame.dump().find("outbid") != std::string::npos);  // the game's words for its result
  const std::string en = frame.dump();
  CHECK(en.find("Bo") != std::string::npos);
}
