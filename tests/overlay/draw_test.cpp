#include <algorithm>
#include <catch2/catch.hpp>

#include "broadcast/explainer_place.h"
#include "element_moments.h"
#include "engine/pause_reasons.h"
#include "engine/registry.h"
#include "imgui_frame.h"
#include "overlay/overlay_draw.h"
#include "overlay_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

namespace {

struct Drawn {
  std::vector<std::string> text;
  std::vector<Rect> boxes;
  std::vector<float> sizes;
  int vertices = 0;
  bool has(const std::string& s) const { return std::find(text.begin(), text.end(), s) != text.end(); }
  bool contains(const std::string& s) const {
    return std::any_of(text.begin(), text.end(), [&](const std::string& t) { return t.find(s) != std::string::npos; });
  }
};

Drawn draw(const OnAirModel& m, DrawOptions o) {
  ImGuiFrame frame(glyphs_needed(m, o.lang));
  Drawn d;
  o.text_log = &d.text;
  o.text_boxes = &d.boxes;
  o.text_sizes = &d.sizes;
  o.small_font = frame.fonts().small;
  o.large_font = frame.fonts().large;
  draw_overlay(frame.draw_list(), frame_for(m, o), o);
  d.vertices = frame.draw_list().VtxBuffer.Size;
  // Every character drawn has a glyph (no '?' boxes for a Hangul name).
  for (const auto& s : d.text) {
    INFO(s);
    CHECK(font_covers(*frame.fonts().large, s));
    CHECK(font_covers(*frame.fonts().small, s));
  }
  return d;
}

OnAirModel model_of(const char* script, std::string extra = {}) {
  const auto rows = public_rows(script_match(std::string(script) + extra), 1000, 1);
  return derive_model(rows, rows.size(), engine::all_games());
}

}  // namespace

TEST_CASE("waiting: neutral words and nothing else: the store's path stays off air") {
  DrawOptions o;
  o.message = "waiting for /srv/final.db";
  Drawn d = draw(OnAirModel{}, o);
  CHECK(d.text == std::vector<std::string>{"Waiting for the match"});
  o.lang = Lang::kKo;
  d = draw(OnAirModel{}, o);
  CHECK(d.text == std::vector<std::string>{phrase(Lang::kKo, Phrase::kWaitingForMatch)});
}

TEST_CASE("names, clock and panels are drawn, in English and Korean") {
  OnAirModel m = model_of(kBlindBattle);
  DrawOptions o;
  o.now_wall = m.row_wall_time + 3;
  Drawn d = draw(m, o);
  CHECK(d.has("Jang Dong-min"));
  CHECK(d.has("김경훈"));
  CHECK(d.has("Number Janggi"));
  CHECK(d.has(format_clock(turn_clock(m, o.now_wall).seconds, true)));
  CHECK(d.has("Removed"));
  CHECK(d.has("3"));  // player 1's removed 3, face up
  CHECK(d.vertices > 1000);
  o.lang = Lang::kKo;
  Drawn ko = draw(m, o);
  CHECK(ko.has("숫자장기"));
  CHECK(ko.has("잡힌 말"));
  CHECK(ko.has("블라인드"));  // the item chip
}

TEST_CASE("all text stays inside the graphics-safe area", "[layout]") {
  std::string long_names = kOpenBattle;
  long_names.replace(long_names.find("Jang Dong-min"), 13, "Maximilian Alexander von Habsburg-Lothringen");
  for (auto orientation : {Orientation::kLandscape, Orientation::kPortrait}) {
    for (auto lang : {Lang::kEn, Lang::kKo}) {
      OnAirModel m = model_of(long_names.c_str(), "@30 resign 1\n");
      DrawOptions o;
      o.orientation = orientation;
      o.lang = lang;
      o.replay = ReplayInfo{10, 20, orientation == Orientation::kLandscape, 2};  // playing and paused
      m.commitments[0] = SetupCommitment{1, std::string(64, 'a'), std::nullopt, std::nullopt, true};
      m.commitments[1] = SetupCommitment{2, std::string(64, 'b'), std::nullopt, std::nullopt, false};
      Drawn d = draw(m, o);
      const Rect safe = safe_area(facedown::broadcast::built_in_theme(), layout_name(orientation));
      for (std::size_t i = 0; i < d.boxes.size(); ++i) {
        INFO(d.text[i] << " at " << d.boxes[i].x << "," << d.boxes[i].y << " " << d.boxes[i].w << "x" << d.boxes[i].h);
        CHECK(safe.contains(d.boxes[i]));
      }
    }
  }
}

TEST_CASE("battle timeline: lit, flipped (BLIND tag for the blinded piece), losers fade, then done") {
  OnAirModel m = model_of(kBlindBattle);
  REQUIRE(m.battle);
  DrawOptions o;
  o.now_wall = m.row_wall_time;
  o.battle_elapsed = 0.1;  // lighting up: both still backs
  Drawn early = draw(m, o);
  CHECK_FALSE(early.has("BLIND"));
  o.battle_elapsed = 1.0;  // flipped: the 3 face up, the blinded 10 a tagged back
  Drawn mid = draw(m, o);
  CHECK(mid.has("BLIND"));
  // On the board only: the removed tray waits for the end of the animation.
  CHECK(std::count(mid.text.begin(), mid.text.end(), "3") == 1);
  o.battle_elapsed = BattleTiming{}.total() + 0.5;  // over
  Drawn after = draw(m, o);
  CHECK_FALSE(after.has("BLIND"));
  CHECK(std::count(after.text.begin(), after.text.end(), "3") == 1);  // now in the tray
  o.battle_elapsed = 1.0;
  CHECK(needs_animation_frames(frame_for(m, o), o));
}

TEST_CASE("an open battle flips both values") {
  OnAirModel m = model_of(kOpenBattle);
  DrawOptions o;
  o.battle_elapsed = 1.0;
  Drawn d = draw(m, o);
  CHECK(d.has("10"));
  CHECK_FALSE(d.has("BLIND"));
}

TEST_CASE("result banners: a win, a draw, a disqualification") {
  DrawOptions o;
  Drawn win = draw(model_of(kOpenBattle, "@30 resign 1\n"), o);
  CHECK(win.has("Kim Kyung-hoon WINS"));
  CHECK(win.has("Jang Dong-min resigned: Kim Kyung-hoon wins"));
  Drawn draw_banner = draw(model_of(kOpenBattle, "@30 draw\n"), o);
  CHECK(draw_banner.has("DRAW"));
  CHECK(draw_banner.has("both players agreed to a draw: draw"));
  Drawn dq = draw(model_of(kOpenBattle, "@30 warn 1 \"a\"\n@31 warn 1 \"b\"\n"), o);
  CHECK(dq.has("Jang Dong-min DISQUALIFIED"));
  CHECK(dq.has("Jang Dong-min received 2 warnings: Kim Kyung-hoon wins"));
  // Names, never seats, and never the engine's English detail.
  for (const auto& t : dq.text) CHECK(t.find("player 1") == std::string::npos);
  o.lang = Lang::kKo;
  CHECK(draw(model_of(kOpenBattle, "@30 resign 1\n"), o).has("Kim Kyung-hoon 승리"));
  CHECK(draw(model_of(kOpenBattle, "@30 resign 1\n"), o).has("Jang Dong-min 기권: Kim Kyung-hoon 승리"));
}

TEST_CASE("result sentences come from the game's words, name who did what, in both languages") {
  // The engine's detail, rendered with the players' names.
  OnAirModel m;
  m.players = {"Kim", "Lee"};
  m.result = ResultShown{2, "timeout", "", engine::Detail{"timeout", {{"player", "1"}, {"limit", "60"}}}};
  CHECK(result_sentence(m, Lang::kEn) == "Kim did not move within 60 s: Lee wins");
  CHECK(result_sentence(m, Lang::kKo) == "Kim: 60초 안에 두지 않음: Lee 승리");
  CHECK(result_headline(m, Lang::kEn) == "Lee WINS");
  m.result = ResultShown{0, "ply-limit", "", engine::Detail{"ply-limit", {{"limit", "80"}}}};
  CHECK(result_sentence(m, Lang::kEn) == "the ply limit of 80 was reached: draw");
  CHECK(result_headline(m, Lang::kKo) == "무승부");
  // Every reason every game declares, without a detail (old logs): the reason's
  // word, never the code, and Korean differs from English.
  for (const engine::GameInfo& info : engine::all_games()) {
    auto game = info.make(engine::resolve_options(info, info.default_preset, {}).options);
    REQUIRE(game);
    m.words = game->words();
    for (const auto* table : {&m.words.own(), &m.words.shared()})
      for (const engine::Word& w : *table) {
        if (w.kind != engine::WordKind::kReason) continue;
        for (int winner : {0, 1, 2}) {
          m.result = ResultShown{winner, w.code, "", {}};
          const std::string en = result_sentence(m, Lang::kEn), ko = result_sentence(m, Lang::kKo);
          INFO(info.id << " " << w.code << " " << winner << ": " << en << " / " << ko);
          CHECK(en.find(w.en) == 0);
          CHECK(ko.find(w.ko) == 0);
          if (w.code.find('-') != std::string::npos) CHECK(en.find(w.code) == std::string::npos);
          if (winner) CHECK(en.find(m.players[static_cast<std::size_t>(winner - 1)]) != std::string::npos);
        }
      }
  }
}

TEST_CASE("the director's caption is drawn as a lower third: caption clear takes it down") {
  DrawOptions o;
  Drawn on = draw(model_of(kOpenBattle, "@30 caption \"Game 3 of 3\"\n"), o);
  CHECK(on.has("Game 3 of 3"));
  Drawn off = draw(model_of(kOpenBattle, "@30 caption \"Game 3 of 3\"\n@31 caption clear\n"), o);
  CHECK_FALSE(off.has("Game 3 of 3"));
  o.lang = Lang::kKo;
  CHECK(draw(model_of(kOpenBattle, "@30 caption \"결승전 3국\"\n"), o).has("결승전 3국"));
}

TEST_CASE("pause banner and warning toast") {
  DrawOptions o;
  OnAirModel paused = model_of(kOpenBattle, "@30 pause \"medical timeout\"\n");
  o.now_wall = paused.row_wall_time;
  Drawn p = draw(paused, o);
  CHECK(p.has("PAUSED"));
  CHECK_FALSE(p.has("medical timeout"));  // typed reasons stay at the desk
  OnAirModel warned = model_of(kOpenBattle, "@30 warn 2 \"touching pieces\"\n");
  o.now_wall = warned.row_wall_time + 1;
  Drawn w = draw(warned, o);
  CHECK(w.contains("WARNING 1/2"));
  CHECK_FALSE(w.has("touching pieces"));
  CHECK(w.has("referee"));  // the shared word for a manual warning
  CHECK_FALSE(w.has("manual"));  // no raw code on air
  o.now_wall = warned.row_wall_time + kWarningToastSeconds + 1;
  CHECK_FALSE(draw(warned, o).contains("WARNING 1/2"));
}

TEST_CASE("commitments: hashes, then verified or MISMATCH") {
  OnAirModel m = model_of(kOpenBattle, "@30 resign 2\n");
  m.commitments[0] = SetupCommitment{1, "0123456789abcdef0123", std::string("s"), std::string("x"), true};
  m.commitments[1] = SetupCommitment{2, "fedcba9876543210fedc", std::string("s"), std::string("x"), false};
  Drawn d = draw(m, DrawOptions{});
  CHECK(d.contains("0123456789ab"));
  CHECK(d.contains("verified"));
  CHECK(d.has("MISMATCH"));
}

TEST_CASE("every game of the registry draws, with random matches mid-way") {
  for (const auto& info : engine::all_games()) {
    for (const auto& preset : info.presets) {
      engine::Match match = random_match(info, preset.id, 3, 30);
      const auto rows = public_rows(match);
      for (std::size_t n : {std::size_t{1}, rows.size() / 2, rows.size()}) {
        OnAirModel m = derive_model(rows, n, engine::all_games());
        INFO(info.id << " " << preset.id << " rows " << n);
        CHECK(m.problems.empty());
        for (auto orientation : {Orientation::kLandscape, Orientation::kPortrait}) {
          DrawOptions o;
          o.orientation = orientation;
          o.battle_elapsed = 0.6;
          Drawn d = draw(m, o);
          CHECK(d.vertices > 500);
        }
      }
    }
  }
}

// Legibility at 1080p: every word on air is at least kMinTextSize (24) canvas
// pixels, inside title safe, and the preset's id (genius-2015) is never on air,
// in every game mid-battle (the explainer up), at the result, in both languages.
TEST_CASE("every word on air is at least 24 px, inside title safe, and no preset id shows", "[legibility]") {
  int frames = 0;
  for (const auto& info : engine::all_games()) {
    const engine::Match match = random_match(info, info.default_preset, 5, 60);
    const auto rows = public_rows(match);
    std::vector<std::size_t> moments{rows.size(), 1, 2, 3};
    for (std::size_t n = 1; n < rows.size(); ++n)
      if (rows[n - 1].type == "battle" || rows[n - 1].type == "attack") {
        moments.push_back(n);
        if (moments.size() > 3) break;
      }
    for (std::size_t n : moments) {
      OnAirModel m = derive_model(rows, n, engine::all_games());
      for (auto orientation : {Orientation::kLandscape, Orientation::kPortrait})
        for (auto lang : {Lang::kEn, Lang::kKo}) {
          DrawOptions o;
          o.orientation = orientation;
          o.lang = lang;
          o.now_wall = m.row_wall_time + 1.5;
          o.battle_elapsed = 1.5;  // the explainer is up
          Drawn d = draw(m, o);
          const Rect safe = safe_area(facedown::broadcast::built_in_theme(), layout_name(orientation));
          ++frames;
          REQUIRE(d.sizes.size() == d.text.size());
          for (std::size_t i = 0; i < d.text.size(); ++i) {
            INFO(info.id << " rows " << n << " \"" << d.text[i] << "\" at " << d.sizes[i] << " px, " << d.boxes[i].x
                         << "," << d.boxes[i].y << " " << d.boxes[i].w << "x" << d.boxes[i].h);
            CHECK(d.sizes[i] >= kMinTextSize);
            CHECK(safe.contains(d.boxes[i]));
            for (const auto& preset : info.presets) CHECK(d.text[i].find(preset.id) == std::string::npos);
          }
        }
    }
  }
  // Items used and a blinded piece (the BLIND tag, the "used" count beside an item).
  for (auto lang : {Lang::kEn, Lang::kKo}) {
    OnAirModel m = model_of(kBlindBattle);
    DrawOptions o;
    o.lang = lang;
    o.now_wall = m.row_wall_time + 1.5;
    o.battle_elapsed = 1.5;
    Drawn d = draw(m, o);
    CHECK(d.contains(phrase(lang, Phrase::kBlind)));
    for (std::size_t i = 0; i < d.text.size(); ++i) {
      INFO("\"" << d.text[i] << "\" at " << d.sizes[i] << " px");
      CHECK(d.sizes[i] >= kMinTextSize);
      CHECK(safe_area(facedown::broadcast::built_in_theme()).contains(d.boxes[i]));
    }
  }
  CHECK(frames > 28);
}

TEST_CASE("a disqualification names the loser in the winner's colour", "[legibility]") {
  OnAirModel m = model_of(kOpenBattle, "@30 warn 1 \"a\"\n@31 warn 1 \"b\"\n");
  REQUIRE(m.result);
  CHECK(m.result->winner == 2);
  CHECK(result_headline(m, Lang::kEn) == "Jang Dong-min DISQUALIFIED");
  CHECK(std::string(facedown::broadcast::result_colour(m)) == "p2");
  m.result->winner = 1;
  CHECK(std::string(facedown::broadcast::result_colour(m)) == "p1");
  m.result->winner = 0;
  CHECK(std::string(facedown::broadcast::result_colour(m)) == "draw");
}

TEST_CASE("every character the overlay asks the font for exists in NanumGothic Bold") {
  OnAirModel m;
  for (auto lang : {Lang::kEn, Lang::kKo}) {
    ImGuiFrame frame(glyphs_needed(m, lang));
    INFO(glyphs_needed(m, lang));
    CHECK(font_covers(*frame.fonts().large, glyphs_needed(m, lang)));
  }
}

TEST_CASE("a fighter already face up keeps its face through the light-up") {
  OnAirModel m = model_of(kOpenBattle,
                            "@25 move a3-a5\n@26 move e8-e7\n@27 move a5-b5\n@28 move f8-f7\n@29 move b5-b6\n"
                            "@30 items 1=none 2=none\n");
  DrawOptions o;
  o.battle_elapsed = 0.1;
  Drawn d = draw(m, o);
  CHECK(d.has("10"));       // the 10 was revealed by the first battle
  CHECK_FALSE(d.has("9"));  // the 9 is still a back until the flip
  o.battle_elapsed = 1.0;
  CHECK(draw(m, o).has("9"));
}

TEST_CASE("standby: a desk silent for more than 2 s freezes the clock where it stood, never back") {
  DrawOptions o;
  o.lang = Lang::kEn;
  OnAirModel m = model_of(kOpenBattle);
  REQUIRE(m.status == "playing");
  const ClockShown live = turn_clock(m, m.row_wall_time + 5);
  REQUIRE(live.running);
  // No heartbeat at all (an older desk): no standby, the clock runs as before.
  CHECK_FALSE(desk_standby(m, m.row_wall_time + 60));
  // The desk beat 3 s after the last row, at match time +3 s, then went quiet.
  m.heartbeat = DeskHeartbeat{m.match_time + 3, m.row_wall_time + 3};
  o.now_wall = m.row_wall_time + 4.5;  // 1.5 s after the last beat: still live
  CHECK_FALSE(desk_standby(m, o.now_wall));
  CHECK(turn_clock(m, o.now_wall).running);
  CHECK_FALSE(draw(m, o).has("STANDBY"));
  // While the desk holds its clock (a dialog), its beats stand still: so does ours.
  OnAirModel held = m;
  held.heartbeat = DeskHeartbeat{m.match_time + 1, m.row_wall_time + 1.9};
  CHECK(turn_clock(held, m.row_wall_time + 2.0).seconds ==
        Approx(turn_clock(m, m.row_wall_time + 1.1).seconds).margin(0.01));
  o.now_wall = m.row_wall_time + 40;  // long silent
  CHECK(desk_standby(m, o.now_wall));
  const ClockShown frozen = turn_clock(m, o.now_wall);
  CHECK_FALSE(frozen.running);
  // Frozen where it stood when the desk went quiet (2 s after its last beat at
  // +3 s: +5 s), never counting on to 40 and never jumping back to the beat (the
  // overlay once showed 0:49 running, then 0:51 frozen).
  const ClockShown before = turn_clock(m, m.row_wall_time + 4.99);
  REQUIRE(before.running);
  CHECK(frozen.seconds == Approx(turn_clock(m, m.row_wall_time + 5).seconds));
  CHECK(frozen.seconds == Approx(before.seconds).margin(0.02));
  CHECK(turn_clock(m, o.now_wall + 100).seconds == Approx(frozen.seconds));
  for (double t = 0; t <= 12; t += 0.25) {  // shown each quarter second: it never goes back
    const ClockShown a = turn_clock(m, m.row_wall_time + t), b = turn_clock(m, m.row_wall_time + t + 0.25);
    if (a.counts_down) CHECK(b.seconds <= a.seconds + 1e-9);
    else CHECK(b.seconds >= a.seconds - 1e-9);
  }
  Drawn d = draw(m, o);
  CHECK(d.has("STANDBY"));
  CHECK(d.has("Waiting for the referee desk"));
  o.lang = Lang::kKo;
  CHECK(draw(m, o).has("대기"));
  // A finished match needs no desk: no standby.
  OnAirModel done = model_of(kOpenBattle, "@30 resign 1\n");
  done.heartbeat = DeskHeartbeat{0, 0};
  CHECK_FALSE(desk_standby(done, 1e9));
}

TEST_CASE("the battle explainer states what decided each pair, only as far as the public may know") {
  DrawOptions o;
  o.battle_elapsed = 0.2;  // lighting up: no explainer yet
  OnAirModel open = model_of(kOpenBattle);
  REQUIRE(open.battle);
  const auto lines = battle_explainer(open, Lang::kEn);
  REQUIRE(lines.size() == 1);
  CHECK_FALSE(draw(open, o).has(lines[0]));
  o.battle_elapsed = 1.0;
  CHECK(draw(open, o).has(lines[0]));
  CHECK(lines[0].find(" wins") != std::string::npos);
  // A blinded 10 against a face-up 3: no kind, nothing of the blinded piece,
  // only the item, the face-up piece and what became of it.
  OnAirModel blind = model_of(kBlindBattle);
  const auto hidden = battle_explainer(blind, Lang::kEn);
  REQUIRE(hidden.size() == 1);
  CHECK(hidden[0] == "Blind vs 3: the 3 is removed");
  CHECK(hidden[0].find("10") == std::string::npos);
  // The arithmetic for each kind.
  OnAirModel m = open;
  m.battle->pairs = {{"sum", "enemy", 1, 9, "1", "9"}};
  CHECK(battle_explainer(m, Lang::kEn)[0] == "1 + 9 = 10: the 9 wins");
  m.battle->pairs = {{"sum", "mover", 1, 8, "1", "8"}};
  CHECK(battle_explainer(m, Lang::kEn)[0] == "1 + 8 = 9: the 1 wins");
  m.battle->pairs = {{"minus", "enemy", 9, 1, "9", "1"}};
  CHECK(battle_explainer(m, Lang::kEn)[0] == "minus line: 9 - 1 = 8, the 1 wins");
  m.battle->pairs = {{"sum", "mover", 4, 5, "3", "5"}};
  CHECK(battle_explainer(m, Lang::kEn)[0] == "4 + 5 = 9: the 4 wins; +1 used");
  m.battle->pairs = {{"mine", "both", std::nullopt, std::nullopt, "5", "M"}};
  CHECK(battle_explainer(m, Lang::kEn)[0] == "mine: both removed");
  CHECK(battle_explainer(m, Lang::kKo)[0] == "지뢰: 둘 다 제거");
  m.battle->pairs = {{"sum", "enemy", 1, 9, "1", "9"}};
  CHECK(battle_explainer(m, Lang::kKo)[0] == "1 + 9 = 10: 9 승리");
}

// A battle whose squares leave no room for the whole explainer (two squares
// far apart in one column of the drawn board): ImGui paints each line where
// broadcast/explainer_place.h puts it, split around the squares, as the
// frame's battle.explainer_lines tells the page.
TEST_CASE("a split explainer: each line painted at its own place") {
  const OnAirModel m = split_explainer_model(model_of(kOpenBattle), "landscape");
  DrawOptions o;
  o.battle_elapsed = 1.5;  // explained
  // The places the frame carries (the pieces kept clear, each line as wide as its text).
  const broadcast::OnAirFrame fr = frame_for(m, o);
  REQUIRE(fr.battle);
  const auto places = fr.battle->line_boxes.at("landscape");
  REQUIRE(places.size() == 4);
  REQUIRE(explainer_split(places));
  const Drawn d = draw(m, o);
  const auto lines = battle_explainer(m, Lang::kEn);
  int found = 0;
  for (std::size_t i = 0; i < d.text.size(); ++i) {
    if (d.text[i] != lines[0]) continue;
    const Rect& t = d.boxes[i];
    const broadcast::ThemeRect& want = places[static_cast<std::size_t>(found)];
    INFO("line " << found << " text at " << t.x << "," << t.y << " place " << want.x << "," << want.y);
    CHECK(t.x >= want.x);
    CHECK(t.x + t.w <= want.x + want.w);
    CHECK(t.y >= want.y);
    CHECK(t.y + t.h <= want.y + want.h);
    ++found;
  }
  CHECK(found == 4);
}

TEST_CASE("the result banner waits for the last battle's animation") {
  // The king is taken in a battle: the banner comes after it.
  OnAirModel m = model_of(kOpenBattle, "@30 resign 1\n");
  REQUIRE(m.result);
  REQUIRE(m.battle);
  DrawOptions o;
  o.battle_elapsed = 1.0;
  CHECK_FALSE(draw(m, o).has("Kim Kyung-hoon WINS"));
  o.battle_elapsed = BattleTiming{}.total() + 0.1;
  CHECK(draw(m, o).has("Kim Kyung-hoon WINS"));
}

TEST_CASE("the director's elements: the ImGui overlay paints only those on air") {
  OnAirModel m = model_of(kOpenBattle, "@30 caption \"Final round\"\n");
  DrawOptions o;
  o.now_wall = 1000 + 100;  // long after the battle
  const Drawn all = draw(m, o);
  CHECK(all.has("Final round"));
  CHECK(all.contains("Jang Dong-min"));
  // The faces layout: the scorebug and the caption, nothing of the board or the panels.
  broadcast::DirectorState faces;
  faces = broadcast::apply_cue(faces, std::get<broadcast::Cue>(broadcast::parse_cue("layout faces")), 0, 0);
  o.director = faces;
  const Drawn bug = draw(m, o);
  CHECK(bug.has("Final round"));
  CHECK(bug.vertices < all.vertices / 2);
  CHECK(bug.text.size() < all.text.size());
  // Only the caption hidden: every other text as before.
  broadcast::DirectorState no_caption;
  no_caption = broadcast::apply_cue(no_caption, std::get<broadcast::Cue>(broadcast::parse_cue("hide caption")), 0, 0);
  o.director = no_caption;
  const Drawn rest = draw(m, o);
  CHECK_FALSE(rest.has("Final round"));
  CHECK(rest.text.size() == all.text.size() - 1);
}

// The player-2 name bar once overflowed its panel past title safe: with long
// names (English and Korean) on both sides, in landscape and portrait, during
// a battle and at the result, every text that touches a player panel lies
// inside it, and every text inside title safe.
TEST_CASE("long player names stay inside their panels and title safe", "[legibility]") {
  const auto& theme = facedown::broadcast::built_in_theme();
  int inside_panels = 0;
  for (const char* p2 : {"Kim Kyung-hoon Alexander Montgomery-Smythe", "김경훈김경훈김경훈김경훈김경훈"})
    for (const char* tail : {"", "@30 resign 1\n"}) {
      std::string script = std::string(kOpenBattle) + tail;
      script.replace(script.find("\"Kim Kyung-hoon\""), 16, "\"" + std::string(p2) + "\"");
      script.replace(script.find("\"Jang Dong-min\""), 15, "\"Jang Dong-min Bartholomew Featherstonehaugh\"");
      const OnAirModel m = model_of(script.c_str());
      for (auto orientation : {Orientation::kLandscape, Orientation::kPortrait})
        for (auto lang : {Lang::kEn, Lang::kKo}) {
          DrawOptions o;
          o.orientation = orientation;
          o.lang = lang;
          o.now_wall = m.row_wall_time + (*tail ? 12 : 1.5);
          o.battle_elapsed = *tail ? -1 : 1.5;
          const Drawn d = draw(m, o);
          const char* layout = orientation == Orientation::kPortrait ? "portrait" : "landscape";
          const Rect safe = safe_area(theme, layout);
          for (const char* panel : {"panel1", "panel2"}) {
            const auto t = theme.element(layout, panel);
            const Rect r{t.x, t.y, t.w, t.h};
            for (std::size_t i = 0; i < d.text.size(); ++i) {
              const Rect& b = d.boxes[i];
              const bool touches = b.x < r.right() && r.x < b.right() && b.y < r.bottom() && r.y < b.bottom();
              if (!touches) continue;
              INFO(p2 << " " << layout << " " << panel << " \"" << d.text[i] << "\" " << b.x << "," << b.y << " "
                      << b.w << "x" << b.h);
              CHECK((b.x >= r.x - 0.5f && b.right() <= r.right() + 0.5f && b.y >= r.y - 0.5f &&
                     b.bottom() <= r.bottom() + 0.5f));
              ++inside_panels;
            }
          }
          for (std::size_t i = 0; i < d.text.size(); ++i) {
            INFO(d.text[i]);
            CHECK(safe.contains(d.boxes[i]));
            CHECK(d.sizes[i] >= kMinTextSize);
          }
        }
    }
  CHECK(inside_panels > 40);
}

TEST_CASE("a clock held for a correction is painted held: no PAUSED card, no caption, a stopped clock") {
  DrawOptions o;
  o.lang = Lang::kEn;
  const OnAirModel held = model_of(kOpenBattle, std::string("@30 pause \"") + facedown::engine::kCorrectionHoldReason + "\"\n");
  REQUIRE(held.paused);
  o.now_wall = held.row_wall_time + 3;
  CHECK_FALSE(turn_clock(held, o.now_wall).running);
  Drawn d = draw(held, o);
  CHECK_FALSE(d.has("PAUSED"));
  CHECK_FALSE(d.contains("correction"));  // the desk's marker is never painted
  CHECK(d.has(format_clock(turn_clock(held, o.now_wall).seconds, true)));
  o.lang = Lang::kKo;
  CHECK_FALSE(draw(held, o).has("일시 정지"));
  // The referee's own pause still shows its card.
  o.lang = Lang::kEn;
  const OnAirModel paused = model_of(kOpenBattle, "@30 pause \"medical\"\n");
  o.now_wall = paused.row_wall_time + 3;
  CHECK(draw(paused, o).has("PAUSED"));
}
