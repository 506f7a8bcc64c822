// The on-air JSON (broadcast/on_air_json.h): its shape, the battle explainer's
// phases decided from the time passed, the trays and the result banner waiting
// for the animation, the director's hold, and the neutral no-match document.
#include <catch2/catch.hpp>

#include "broadcast/on_air_json.h"
#include "broadcast/on_air_rules.h"
#include "broadcast/on_air_text.h"
#include "engine/pause_reasons.h"
#include "engine/registry.h"
#include "overlay_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::overlay::testing;
using nlohmann::json;

namespace {

OnAirModel model_of(const std::vector<PublicRow>& rows, std::size_t count,
                    const std::optional<Presentation>& hold = std::nullopt) {
  return derive_on_air(rows, count, hold, engine::all_games());
}

std::size_t index_of(const std::vector<PublicRow>& rows, const std::string& type) {
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (rows[i].type == type) return i;
  FAIL("no " << type << " row");
  return 0;
}

const json& square(const json& doc, const std::string& name) {
  for (const auto& s : doc.at("board").at("squares"))
    if (s.at("square") == name) return s;
  FAIL("no square " << name);
  static const json none;
  return none;
}

}  // namespace

TEST_CASE("on-air JSON: version, game, players, board, clock") {
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  const OnAirModel m = model_of(rows, rows.size());
  const json j = on_air_json(m, rows.back().wall_time + 10, OnAirOptions{});
  CHECK(j.at("version") == 1);
  CHECK(j.at("opened") == true);
  CHECK(j.at("game").at("id") == "number-janggi");
  CHECK(j.at("game").at("name").at("ko").get<std::string>().size() > 0);
  REQUIRE(j.at("players").size() == 2);
  CHECK(j.at("players")[1].at("name") == "Kim Kyung-hoon");
  CHECK(j.at("board").at("squares").size() == 6 * 9);
  // Player 2's pieces that never fought are backs: token null.
  CHECK(square(j, "a9").at("piece").at("owner") == 2);
  CHECK(square(j, "a9").at("piece").at("token").is_null());
  CHECK(square(j, "c6").at("piece").at("token") == "10");
  CHECK(j.at("clock").at("visible") == true);
  CHECK(j.at("clock").at("text").get<std::string>().find(':') != std::string::npos);
  CHECK(j.at("last_move").at("from") == "c7");
  CHECK(j.at("layout").at("files") == 6);
  for (const char* key : {"warning", "items", "battle", "result", "banner", "paused", "caption", "standby", "held",
                          "seals", "status", "ply", "to_move", "message", "now", "replay"})
    CHECK(j.contains(key));
}

TEST_CASE("on-air JSON: the battle's phase comes from the time, trays update only when it is done") {
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  const OnAirModel m = model_of(rows, rows.size());
  REQUIRE(m.battle);
  const double start = rows[index_of(rows, "battle")].wall_time;
  OnAirOptions o;
  const json flip = on_air_json(m, start + 1.0, o);
  CHECK(flip.at("battle").at("phase") == "flip");
  CHECK(flip.at("battle").at("start") == start);
  CHECK(flip.at("battle").at("duration").at("explain") == 3.0);
  const auto en = flip.at("battle").at("caption").at("en").get<std::vector<std::string>>();
  const auto ko = flip.at("battle").at("caption").at("ko").get<std::vector<std::string>>();
  REQUIRE(en.size() == 1);
  CHECK(en[0] == "3 + 10 = 13: the 10 wins");
  REQUIRE(ko.size() == 1);
  CHECK(ko[0].find("13") != std::string::npos);
  CHECK(ko[0] != en[0]);
  // The 3 the battle removes is not in player 1's tray yet, and its square is in battle.
  CHECK(flip.at("players")[0].at("removed").empty());
  CHECK(flip.at("players")[0].at("removed_total") == 1);
  CHECK(square(flip, "c6").at("piece").at("in_battle") == true);
  CHECK(on_air_json(m, start + 3.2, o).at("battle").at("phase") == "fade");
  const json done = on_air_json(m, start + 3.7, o);
  CHECK(done.at("battle").at("phase") == "done");
  CHECK(done.at("players")[0].at("removed") == json::array({"3"}));
  CHECK(square(done, "c6").at("piece").at("in_battle") == false);
  // A longer explainer, as --battle-seconds sets it.
  o.timing.explain_seconds = 6;
  CHECK(on_air_json(m, start + 5.0, o).at("battle").at("phase") == "flip");
  CHECK(on_air_json(m, start + 6.3, o).at("battle").at("phase") == "fade");
  CHECK(on_air_json(m, start + 6.3, o).at("battle").at("duration").at("total") == Approx(6.6));
}

TEST_CASE("on-air JSON: the result banner comes after the last battle's animation") {
  const std::string script = std::string(kOpenBattle) + "@30 resign 1\n";
  auto rows = public_rows(script_match(script), 1000, 1);
  // The resignation lands half a second after the battle: still animating.
  const std::size_t battle = index_of(rows, "battle");
  for (std::size_t i = battle + 1; i < rows.size(); ++i) rows[i].wall_time = rows[battle].wall_time + 0.5;
  const OnAirModel m = model_of(rows, rows.size());
  REQUIRE(m.result);
  const json during = on_air_json(m, rows[battle].wall_time + 1, OnAirOptions{});
  CHECK(during.at("result").at("shown") == false);
  CHECK(during.at("banner").is_null());
  const json after = on_air_json(m, rows[battle].wall_time + 4, OnAirOptions{});
  CHECK(after.at("result").at("shown") == true);
  CHECK(after.at("banner") == "result");
  CHECK(after.at("result").at("winner") == 2);
  CHECK(after.at("result").at("headline").at("en") == "Kim Kyung-hoon WINS");
  CHECK(after.at("result").at("sentence").at("en").get<std::string>().find("Kim Kyung-hoon wins") != std::string::npos);
  CHECK(after.at("result").at("sentence").at("ko").get<std::string>().find("Kim Kyung-hoon") != std::string::npos);
}

TEST_CASE("on-air JSON: a hold keeps the battle explained and the picture still until the release") {
  const std::string script = std::string(kOpenBattle) + "@30 move a3-a4\n";
  const auto rows = public_rows(script_match(script), 1000, 1);
  const std::size_t battle = index_of(rows, "battle");
  const double start = rows[battle].wall_time;
  // Held 1 s into the battle, at the battle's row.
  const Presentation hold{true, rows[battle].seq, start + 1.0};
  const OnAirModel held = model_of(rows, rows.size(), hold);
  CHECK(held.rows == battle + 1);  // the later move waits
  for (double t : {start + 2.0, start + 10.0, start + 100.0}) {
    const json j = on_air_json(held, t, OnAirOptions{});
    CHECK(j.at("held") == true);
    CHECK(j.at("battle").at("phase") == "flip");
    CHECK(j.at("now") == t);
    CHECK(j.at("players")[0].at("removed").empty());
    CHECK(j.at("last_move").at("from") == "c7");
  }
  // Released: the later move is on air and the battle is long done.
  const OnAirModel released = model_of(rows, rows.size(), Presentation{false, 0, 0});
  const json j = on_air_json(released, start + 100, OnAirOptions{});
  CHECK(j.at("held") == false);
  CHECK(j.at("battle").at("phase") == "done");
  CHECK(j.at("last_move").at("from") == "a3");
}

TEST_CASE("on-air JSON: a hold never freezes a clock: warnings, pause and standby stay live") {
  // The battle is held; the next move, a warning and the desk's heartbeat come
  // while the picture stands.
  const std::string script = std::string(kOpenBattle) + "@30 move a3-a4\n@35 warn 2 \"stalling\"\n";
  const auto rows = public_rows(script_match(script), 1000, 1);
  const std::size_t battle = index_of(rows, "battle");
  const double start = rows[battle].wall_time;
  const Presentation hold{true, rows[battle].seq, start + 1.0};
  OnAirModel held = model_of(rows, rows.size(), hold);
  const OnAirModel live = model_of(rows, rows.size());
  REQUIRE(held.held);
  // Whose turn and the turn's clock are the live ones, not the held row's.
  CHECK(held.to_move == live.to_move);
  CHECK(held.turn_elapsed == live.turn_elapsed);
  CHECK(held.row_wall_time == live.row_wall_time);
  const double last = rows.back().wall_time;
  const json a = on_air_json(held, last + 1, OnAirOptions{});
  const json b = on_air_json(held, last + 5, OnAirOptions{});
  CHECK(a.at("clock") .at("running") == true);
  CHECK(a.at("clock").at("seconds").get<double>() - b.at("clock").at("seconds").get<double>() == Approx(4.0));
  CHECK(a.at("clock") == on_air_json(live, last + 1, OnAirOptions{}).at("clock"));
  // The warning given while held is on air (toast and count) ...
  CHECK(a.at("warning").at("player") == 2);
  CHECK(a.at("warning").at("toast") == true);
  CHECK(a.at("banner") == "warning");
  CHECK(a.at("players")[1].at("warnings") == 1);
  // ... over the held picture.
  CHECK(a.at("battle").at("phase") == "flip");
  CHECK(a.at("last_move").at("from") == "c7");
  // The desk going quiet while held is standby, and its clock stops at the heartbeat.
  held.heartbeat = DeskHeartbeat{rows.back().match_time + 2, last + 2};
  const json quiet = on_air_json(held, last + 10, OnAirOptions{});
  CHECK(quiet.at("standby") == true);
  CHECK(quiet.at("banner") == "standby");
  CHECK(quiet.at("clock").at("running") == false);
  // A pause while held: the banner says so and the clock stops.
  const auto paused_rows = public_rows(script_match(std::string(kOpenBattle) + "@30 pause \"medical\"\n"), 1000, 1);
  const OnAirModel paused = model_of(paused_rows, paused_rows.size(), hold);
  const json p = on_air_json(paused, paused_rows.back().wall_time + 3, OnAirOptions{});
  CHECK(p.at("paused") == true);
  CHECK(p.at("banner") == "paused");
  CHECK(p.at("clock").at("running") == false);
  CHECK(p.at("battle").at("phase") == "flip");
}

TEST_CASE("on-air JSON: before a match, neutral words and no file path") {
  const OnAirModel empty;
  const json j = on_air_json(empty, 1000, OnAirOptions{});
  CHECK(j.at("version") == 1);
  CHECK(j.at("opened") == false);
  CHECK(j.at("message").at("en") == "Waiting for the match");
  CHECK(j.at("message").at("ko").get<std::string>().size() > 0);
  CHECK(j.at("board").is_null());
  CHECK(j.at("players").empty());
  CHECK(j.dump().find(".db") == std::string::npos);
}

TEST_CASE("on-air JSON: the game's words, rendered in both languages beside their codes") {
  const auto rows = public_rows(script_match(std::string(kOpenBattle) + "@30 warn 2 \"touching\"\n"), 1000, 1);
  const OnAirModel m = model_of(rows, rows.size());
  const json j = on_air_json(m, rows.back().wall_time + 1, OnAirOptions{});
  // Number Janggi's own words for its battle kinds and items.
  const json& pair = j.at("battle").at("pairs").at(0);
  CHECK(pair.at("kind") == "sum");
  CHECK(pair.at("kind_text") == json{{"en", "sum"}, {"ko", "합"}});
  CHECK(pair.at("outcome_text").at("ko").get<std::string>() != pair.at("outcome"));
  CHECK(j.at("items").at("names").at("blind") == json{{"en", "Blind"}, {"ko", "블라인드"}});
  CHECK(j.at("items").at("names").at("minus").at("en") == "-1");
  // A referee's warning: the shared word, never the typed reason.
  CHECK(j.at("warning").at("kind_text") == json{{"en", "referee"}, {"ko", "심판"}});
  CHECK(j.at("warning").at("text") == j.at("warning").at("kind_text"));
  CHECK(j.dump().find("touching") == std::string::npos);
}

TEST_CASE("on-air JSON: the frame decides banners, labels, status, phrases and the clock's next level") {
  // A resignation half a second after a battle: while the battle animates the
  // banner is null, and the frame says the result follows it.
  const std::string script = std::string(kOpenBattle) + "@21 resign 1\n";
  auto rows = public_rows(script_match(script), 1000, 1);
  const std::size_t battle = index_of(rows, "battle");
  for (std::size_t i = battle + 1; i < rows.size(); ++i) rows[i].wall_time = rows[battle].wall_time + 0.5;
  const OnAirModel ended = model_of(rows, rows.size());
  const json during = on_air_json(ended, rows[battle].wall_time + 1, OnAirOptions{});
  CHECK(during.at("banner").is_null());
  CHECK(during.at("banner_after_battle") == "result");
  const json after = on_air_json(ended, rows[battle].wall_time + 9, OnAirOptions{});
  CHECK(after.at("banner") == "result");
  CHECK(after.at("banner_after_battle") == "result");
  // Labels in both languages beside the token; backs have none.
  const OnAirModel m = model_of(rows, battle + 1);
  const json j = on_air_json(m, rows[battle].wall_time + 9, OnAirOptions{});
  int labelled = 0;
  for (const auto& sq : j.at("board").at("squares")) {
    if (sq.at("piece").is_null()) continue;
    const json& p = sq.at("piece");
    if (p.at("token").is_null()) {
      CHECK(p.at("label").is_null());
    } else {
      CHECK(p.at("label").at("en") == p.at("token"));  // number tokens are their own label
      ++labelled;
    }
  }
  CHECK(labelled > 0);
  for (const auto& p : j.at("players")) CHECK(p.at("removed_labels").size() == p.at("removed").size());
  // Every phrase, both languages; the status caption.
  // ... and the game's own status words (Number Janggi's decisions: on_air_text.h game_status_words).
  CHECK(j.at("phrases").size() == static_cast<std::size_t>(broadcast::kPhraseCount) + 2);
  CHECK(j.at("phrases").at("awaiting-items").at("en") == "Items being declared");
  CHECK(j.at("phrases").at("awaiting-revival").at("ko") == "부활 선택 중");
  CHECK(j.at("phrases").at("toMove").at("ko") == "차례");
  CHECK(j.at("status_text").is_null());  // playing: no caption
  {
    // A decision awaited: the game's own words for it (Number Janggi's phrase status.awaiting-items).
    const auto blind_rows = public_rows(script_match(kBlindBattle));
    std::size_t awaited = 0;
    while (blind_rows[awaited].type != "decision-awaited") ++awaited;
    const json d = on_air_json(model_of(blind_rows, awaited + 1), blind_rows[awaited].wall_time + 1, OnAirOptions{});
    CHECK(d.at("status").get<std::string>() == "awaiting-items");
    CHECK(d.at("status_text").at("en") == "Items being declared");
    CHECK(d.at("status_text").at("ko") == "아이템 선택 중");
  }
  const auto setup_rows = public_rows(script_match(std::string(kOpenBattle).substr(0, std::string(kOpenBattle).find("first"))), 1000, 1);
  CHECK(on_air_json(model_of(setup_rows, setup_rows.size()), 1100, OnAirOptions{}).at("status_text").at("en") ==
        "Setting up");
  // The clock: 60 s turns, amber at 20 s left, red at 10 s: the frame says when
  // the level next changes, and that moment agrees with the level then.
  const auto play_rows = public_rows(script_match(std::string(kOpenBattle) + "@30 move a3-a4\n"), 1000, 1);
  const OnAirModel playing = model_of(play_rows, play_rows.size());
  const double t0 = play_rows.back().wall_time + 1;
  const json c = on_air_json(playing, t0, OnAirOptions{}).at("clock");
  INFO(c.dump() << " status " << playing.status);
  REQUIRE(c.at("running") == true);
  REQUIRE(c.at("level") == "calm");
  REQUIRE(c.at("next_level").is_string());
  const double at = c.at("next_level_at").get<double>();
  CHECK(on_air_json(playing, at - 0.01, OnAirOptions{}).at("clock").at("level") == "calm");
  CHECK(on_air_json(playing, at + 0.01, OnAirOptions{}).at("clock").at("level") == c.at("next_level"));
}

TEST_CASE("on-air JSON: a clock held for a correction airs held (stopped, dimmed), never the PAUSED card") {
  const std::string held_script =
      std::string(kOpenBattle) + "@30 pause \"" + engine::kCorrectionHoldReason + "\"\n";
  const auto rows = public_rows(script_match(held_script), 1000, 1);
  const OnAirModel m = model_of(rows, rows.size());
  REQUIRE(m.paused);
  CHECK(correction_hold(m));
  const json j = on_air_json(m, rows.back().wall_time + 3, OnAirOptions{});
  CHECK(j.at("paused") == true);
  CHECK(j.at("banner").is_null());       // no PAUSED card: the referee called no pause
  CHECK(j.at("status_text").is_null());  // nor a PAUSED caption
  CHECK(j.at("clock").at("visible") == true);
  CHECK(j.at("clock").at("running") == false);  // the clock stands, dimmed
  const double shown = j.at("clock").at("seconds").get<double>();
  CHECK(on_air_json(m, rows.back().wall_time + 60, OnAirOptions{}).at("clock").at("seconds").get<double>() ==
        Approx(shown));
  // A pause the referee called still airs PAUSED, its typed reason off air.
  const auto paused_rows = public_rows(script_match(std::string(kOpenBattle) + "@30 pause \"medical\"\n"), 1000, 1);
  const OnAirModel p = model_of(paused_rows, paused_rows.size());
  CHECK_FALSE(correction_hold(p));
  CHECK(p.pause_reason.empty());
  const json pj = on_air_json(p, paused_rows.back().wall_time + 3, OnAirOptions{});
  CHECK(pj.at("banner") == "paused");
  CHECK(pj.at("status_text").at("en") == "PAUSED");
  CHECK(pj.at("status_text").at("ko") == "일시 정지");
}
