// Each game's ending as words: the ended event carries
// a detail code with the players as parameters, beside the English `detail` old
// readers show (unchanged, with seats); the state's result stays {winner, reason};
// screens render the code with names in either language.
#include <catch2/catch.hpp>

#include "codec/json.h"
#include "engine/view.h"
#include "engine/words.h"
#include "tests/games/scenario.h"

using namespace facedown;
using namespace facedown::engine;
using namespace facedown::test;
using nlohmann::json;

namespace {

const Names kNames{"Kim", "Lee"};

// The final result as a screen shows it.
std::string banner(const Match& m, Lang lang) {
  const Result& r = *m.state().result;
  return result_sentence(m.game().words(), r.winner, r.reason, r.what, lang, kNames);
}

}  // namespace

TEST_CASE("words: capture-flag's captured flag is a code with the loser as parameter", "[words]") {
  auto p = play(script("capture-flag", {}, setup_line("capture-flag", 1, {{"a4", "2"}}),
                       setup_line("capture-flag", 2, {{"a7", "F"}}), {"move a4-a7"}));
  REQUIRE(p.errors.empty());
  const json ended = last_event(p.match, "ended");
  CHECK(ended["reason"] == "flag-captured");
  CHECK(ended["detail"] == "player 2's flag was captured");  // as old readers have it
  CHECK(ended["detail_code"] == "flag-captured");
  CHECK(ended["detail_params"] == json({{"player", "2"}}));
  CHECK(state(p.match)["result"] == json({{"winner", 1}, {"reason", "flag-captured"}}));
  CHECK(banner(p.match, Lang::kEnglish) == "Lee's flag was captured: Kim wins");
  CHECK(banner(p.match, Lang::kKorean) == "Lee의 깃발이 잡힘: Kim 승리");
  // The public sees the same words (nothing about them is secret).
  CHECK(last_event(p.match, "ended", kPublic)["detail_code"] == "flag-captured");
}

TEST_CASE("words: salpakan's flag claim names both players", "[words]") {
  auto s = game_info("salpakan");
  Words words(s.words);
  const Detail claim{"flag-claim", {{"player", "1"}, {"opponent", "2"}}};
  CHECK(english_detail(words, claim) == "player 1's flag held player 2's back rank for a complete turn");
  CHECK(render(words, claim, Lang::kKorean, kNames) == "Kim의 깃발이 Lee의 마지막 줄에서 한 차례를 버팀");
  // Salpakan's own reason word overrides the shared flag games' one.
  CHECK(words.text(WordKind::kReason, "flag-captured", Lang::kEnglish) == "flag eliminated");
}

TEST_CASE("words: the engine's endings (resign, draw, award) are shared codes", "[words]") {
  const std::string s1 = seeded_setup_line("luzhanqi-mini", 1, 3), s2 = seeded_setup_line("luzhanqi-mini", 2, 4);
  auto r = play(script("luzhanqi-mini", {}, s1, s2, {"resign 2"}));
  REQUIRE(r.errors.empty());
  CHECK(last_event(r.match, "ended")["detail"] == "player 2 resigned");
  CHECK(banner(r.match, Lang::kEnglish) == "Lee resigned: Kim wins");
  CHECK(banner(r.match, Lang::kKorean) == "Lee 기권: Kim 승리");
  auto d = play(script("luzhanqi-mini", {}, s1, s2, {"draw"}));
  REQUIRE(d.errors.empty());
  CHECK(banner(d.match, Lang::kEnglish) == "both players agreed to a draw: draw");
  // An award keeps the referee's typed reason as the English detail (never public);
  // what the screens say comes from the code.
  auto a = play(script("luzhanqi-mini", {}, s1, s2, {"award 1 \"stalling\""}));
  REQUIRE(a.errors.empty());
  CHECK(last_event(a.match, "ended")["detail"] == "stalling");
  CHECK(last_event(a.match, "ended", kPublic)["detail"] == "");
  CHECK(banner(a.match, Lang::kEnglish) == "the referee awarded the game to Kim: Kim wins");
  CHECK(banner(a.match, Lang::kEnglish).find("stalling") == std::string::npos);
}

TEST_CASE("words: an ended event written before detail codes reads and writes back unchanged", "[words]") {
  const std::string s1 = seeded_setup_line("capture-flag", 1, 5), s2 = seeded_setup_line("capture-flag", 2, 6);
  auto r = play(script("capture-flag", {}, s1, s2, {"resign 1"}));
  REQUIRE(r.errors.empty());
  json old = last_event(r.match, "ended");
  old.erase("detail_code");
  old.erase("detail_params");
  auto back = codec::event_from_json(old, r.match.game());
  REQUIRE(std::holds_alternative<Event>(back));
  const auto& e = std::get<Ended>(std::get<Event>(back).body);
  CHECK(e.what.empty());
  CHECK(e.detail == "player 1 resigned");
  CHECK(codec::event_to_json(std::get<Event>(back), r.match.game()) == old);
  // Such a result still reads in words: the reason's, in the screen's language.
  CHECK(result_sentence(r.match.game().words(), e.winner, e.reason, e.what, Lang::kKorean, kNames) == "기권: Lee 승리");
}
