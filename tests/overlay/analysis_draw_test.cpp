// The ImGui overlay's analysis elements (overlay/analysis_draw.cpp), headless:
// a real public analysis of a scripted match (broadcast/stream_analysis.h over
// its public rows) is drawn only when the director's `deduction` / `win-bar`
// are cued, with one heat label per place of each side's objective, an odds
// label per face-down piece, and both names with their numbers.
#include <algorithm>
#include <catch2/catch.hpp>

#include "broadcast/stream_analysis.h"
#include "codec/json.h"
#include "engine/view.h"
#include "engine/registry.h"
#include "imgui_frame.h"
#include "overlay/overlay_draw.h"
#include "overlay_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

namespace {

// Every text the overlay draws, each with its size (every one must be reported with one).
struct Drawn {
  std::vector<std::string> text;
  std::vector<float> sizes;
};

Drawn drawn(const OnAirModel& m, const std::optional<broadcast::DirectorState>& d, Lang lang = Lang::kEn,
            Orientation orientation = Orientation::kLandscape) {
  ImGuiFrame frame(glyphs_needed(m, lang));
  Drawn out;
  DrawOptions o;
  o.lang = lang;
  o.orientation = orientation;
  o.now_wall = 2000;
  o.director = d;
  o.text_log = &out.text;
  o.text_sizes = &out.sizes;
  o.small_font = frame.fonts().small;
  o.large_font = frame.fonts().large;
  draw_overlay(frame.draw_list(), m, o);
  for (const auto& s : out.text) {
    INFO(s);
    CHECK(font_covers(*frame.fonts().small, s));
  }
  return out;
}

std::vector<std::string> drawn_texts(const OnAirModel& m, const std::optional<broadcast::DirectorState>& d) {
  return drawn(m, d).text;
}

std::size_t count_if_text(const std::vector<std::string>& t, const std::function<bool(const std::string&)>& f) {
  return static_cast<std::size_t>(std::count_if(t.begin(), t.end(), f));
}

}  // namespace

TEST_CASE("analysis draw: the public rows read back are the public projection, Blind included") {
  const auto games = engine::all_games();
  for (const char* script : {kOpenBattle, kBlindBattle}) {
    const engine::Match match = script_match(script);
    const auto rows = public_rows(match, 1000, 1);
    broadcast::StreamAnalysis stream(engine::kPublic, broadcast::StreamAnalysisOptions{}, games);
    for (const auto& r : rows) stream.push(r.seq, r.event, r.state.value("ply", 0));
    REQUIRE_FALSE(stream.error());
    const auto& via = stream.stream();
    REQUIRE(via.size() == match.log().size());
    for (std::size_t i = 0; i < via.size(); ++i) {
      const engine::Event direct = engine::project(match.log()[i], engine::kPublic);
      INFO("event " << i << " " << codec::event_to_json(direct, match.game()).dump());
      CHECK(via[i].body == direct.body);
      CHECK(via[i].seq == direct.seq);
      CHECK(via[i].cmd == direct.cmd);
    }
    CHECK_FALSE(stream.analyse(false).error);
  }
}

TEST_CASE("analysis draw: the deduction and win-bar elements paint the model's analysis when cued") {
  const auto games = engine::all_games();
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  OnAirModel m = derive_model(rows, rows.size(), games);
  broadcast::StreamAnalysisOptions opts = broadcast::live_analysis_options();
  opts.win.max_playouts = 60;
  opts.win.min_playouts = 60;
  broadcast::StreamAnalysis stream(engine::kPublic, opts, games);
  for (const auto& r : rows) stream.push(r.seq, r.event, r.state.value("ply", 0));
  const broadcast::OnAirAnalysis a = stream.analyse(true);
  REQUIRE_FALSE(a.error);
  REQUIRE(a.win);
  REQUIRE(a.objective == "K");
  m.analysis = std::make_shared<const broadcast::OnAirAnalysis>(a);

  const auto heat = [](const std::string& s) { return s.rfind("K ", 0) == 0 && s.back() == '%'; };
  const auto plain = drawn_texts(m, std::nullopt);
  CHECK(count_if_text(plain, heat) == 0);
  CHECK(count_if_text(plain, [&](const std::string& s) { return s == m.players[0] + " " + std::to_string(static_cast<int>(std::lround(a.win->win[0].p * 100))) + "%"; }) == 0);

  broadcast::DirectorState d;
  d = broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue("show deduction")), 1, 1);
  d = broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue("show win-bar")), 1, 1);
  const auto shown = drawn_texts(m, d);
  const std::size_t places = a.objective_places[0].size() + a.objective_places[1].size();
  CHECK(places > 0);
  CHECK(count_if_text(shown, heat) == places);
  std::size_t odds = 0;
  for (const auto& p : a.pieces) odds += p.odds.empty() ? 0 : 1;
  CHECK(odds > 0);
  const std::string p1 = m.players[0] + " " + std::to_string(static_cast<int>(std::lround(a.win->win[0].p * 100))) + "%";
  const std::string p2 = std::to_string(static_cast<int>(std::lround(a.win->win[1].p * 100))) + "% " + m.players[1];
  CHECK(std::find(shown.begin(), shown.end(), p1) != shown.end());
  CHECK(std::find(shown.begin(), shown.end(), p2) != shown.end());
  // Only the win bar: no heat map.
  broadcast::DirectorState bar;
  bar = broadcast::apply_cue(bar, std::get<broadcast::Cue>(broadcast::parse_cue("show win-bar")), 1, 1);
  const auto only_bar = drawn_texts(m, bar);
  CHECK(count_if_text(only_bar, heat) == 0);
  CHECK(std::find(only_bar.begin(), only_bar.end(), p1) != only_bar.end());
  // The interval note is broadcast's, in the frame's language, in both painters.
  CHECK(std::find(only_bar.begin(), only_bar.end(), broadcast::win_note(a, Lang::kEn)) != only_bar.end());
  CHECK(broadcast::win_note(a, Lang::kEn).find(" move ") != std::string::npos);

  // No analysis text under 24 px at 1920x1080, in either language or layout:
  // every text drawn is reported with its size (a painter bypassing the pen's
  // 24 px rule reports none), and none is smaller.
  for (Lang lang : {Lang::kEn, Lang::kKo})
    for (Orientation orientation : {Orientation::kLandscape, Orientation::kPortrait}) {
      INFO("lang " << static_cast<int>(lang) << ", orientation " << static_cast<int>(orientation));
      const Drawn all = drawn(m, d, lang, orientation);
      CHECK(all.text.size() > drawn(m, std::nullopt, lang, orientation).text.size());
      REQUIRE(all.sizes.size() == all.text.size());
      for (std::size_t i = 0; i < all.text.size(); ++i) {
        INFO(all.text[i]);
        CHECK(all.sizes[i] >= 24.0f);
      }
      const std::string note = broadcast::win_note(a, lang);
      CHECK(std::find(all.text.begin(), all.text.end(), note) != all.text.end());
    }
}

TEST_CASE("analysis draw: the live options bound each game's deduction as measured") {
  // docs/performance.md "Speed round": what each game's live analysis may spend.
  const analysis::AnalysisOptions defaults;
  for (const auto& info : engine::all_games()) {
    analysis::AnalysisOptions o;
    broadcast::tune_for_live(info.id, o);
    INFO(info.id);
    if (info.id == "number-janggi") CHECK(o.update_events == 2000);
    else if (info.id == "capture-flag" || info.id == "salpakan" || info.id == "luzhanqi-mini") CHECK(o.update_events == 100000);
    else if (info.id == "gunjin-shogi") CHECK(o.update_events == 25000);
    else CHECK(o.update_events == defaults.update_events);
    if (info.id == "salpakan" || info.id == "luzhanqi-mini") CHECK(o.samples == 800);
    else CHECK(o.samples == defaults.samples);
  }
  CHECK(broadcast::live_analysis_options().tune_per_game);
  CHECK_FALSE(broadcast::StreamAnalysisOptions{}.tune_per_game);
}
