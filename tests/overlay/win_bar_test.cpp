// The win bar worth airing (issue 32 item 3), decided in broadcast/ for both
// painters: the shown value's hysteresis (win_shown.h), the note's plain words
// (win_words.h), names shortened before numbers (win_names.h), and the rule
// that airs the bar only at stages where the model beat the material count
// (win_bar_rule.h), checked against the committed calibration files.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <random>
#include <set>

#include "bench/analysis/calibration_scores.h"
#include "broadcast/model.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/piece_labels.h"
#include "broadcast/win_bar_rule.h"
#include "broadcast/win_names.h"
#include "broadcast/win_shown.h"
#include "broadcast/win_words.h"
#include "engine/registry.h"
#include "overlay_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::broadcast;

namespace {

// An estimate: player 1's share p ± half, no draws.
AnalysisWin estimate(double p, double half = 0.03) {
  AnalysisWin w;
  w.win[0] = {p, std::max(0.0, p - half), std::min(1.0, p + half)};
  w.win[1] = {1 - p, std::max(0.0, 1 - p - half), std::min(1.0, 1 - p + half)};
  w.draw = {0, 0, 0.003};
  w.playouts = 1100;
  return w;
}

AnalysisWin decided(int winner) {
  AnalysisWin w;
  w.win[0] = {winner == 1 ? 1.0 : 0.0, winner == 1 ? 1.0 : 0.0, winner == 1 ? 1.0 : 0.0};
  w.win[1] = {winner == 2 ? 1.0 : 0.0, winner == 2 ? 1.0 : 0.0, winner == 2 ? 1.0 : 0.0};
  w.decided = true;
  return w;
}

}  // namespace

TEST_CASE("win bar: the shown value moves only when an estimate leaves its interval") {
  std::optional<AnalysisWin> shown;
  shown = fold_shown_win(shown, estimate(0.50));
  CHECK(shown->win[0].p == 0.50);
  // Noise inside ±3 points: the bar stands (the issue saw ±10 between quiet plies).
  for (double p : {0.52, 0.48, 0.53, 0.47, 0.51}) {
    shown = fold_shown_win(shown, estimate(p));
    CHECK(shown->win[0].p == 0.50);
  }
  // A real move: outside the shown interval, the new estimate is shown, interval and all.
  shown = fold_shown_win(shown, estimate(0.61));
  CHECK(shown->win[0].p == 0.61);
  CHECK(shown->win[0].low == Approx(0.58));
  // The decided result airs at once, and a reinstatement's estimate after it too.
  shown = fold_shown_win(shown, decided(1));
  CHECK(shown->decided);
  CHECK(shown->win[0].p == 1.0);
  shown = fold_shown_win(shown, estimate(0.60));
  CHECK_FALSE(shown->decided);
  CHECK(shown->win[0].p == 0.60);
  // A decided estimate after a close one: at once even when its share sits inside the interval.
  auto near_one = estimate(0.99, 0.01);
  shown = fold_shown_win(near_one, decided(1));
  CHECK(shown->decided);
}

TEST_CASE("win bar: the fold is deterministic and only ever shows an estimate it was given (property)") {
  std::mt19937_64 rng(32);
  std::uniform_real_distribution<double> step(-0.06, 0.06), half(0.01, 0.08);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<AnalysisWin> estimates;
    double p = 0.5;
    for (int i = 0; i < 60; ++i) {
      p = std::clamp(p + step(rng), 0.02, 0.98);
      estimates.push_back(i == 59 && trial % 4 == 0 ? decided(p > 0.5 ? 1 : 2) : estimate(p, half(rng)));
    }
    std::optional<AnalysisWin> a, b;
    for (const auto& e : estimates) {
      const auto before = a;
      a = fold_shown_win(a, e);
      b = fold_shown_win(b, e);
      CHECK(*a == *b);  // the same records, the same bar: live and in every replay
      if (before && !(*a == *before)) {
        // It changed: to this estimate, which lay outside the shown interval (or was decided).
        CHECK(*a == e);
        const bool outside = e.decided || before->decided || e.win[0].p < before->win[0].low - 1e-9 ||
                             e.win[0].p > before->win[0].high + 1e-9 || e.win[1].p < before->win[1].low - 1e-9 ||
                             e.win[1].p > before->win[1].high + 1e-9 || e.draw.p > before->draw.high + 1e-9;
        CHECK(outside);
      }
      if (before && *a == *before && !(e == *before)) CHECK_FALSE(win_moves_shown(*before, e));
      if (e.decided) CHECK(*a == e);
    }
  }
}

TEST_CASE("win bar: the note is plain words, in both languages, by band") {
  const auto band = [](double p, double half = 0.03) { return win_band(estimate(p, half)); };
  CHECK(band(0.50) == WinBand::kEven);
  CHECK(band(0.56) == WinBand::kEven);
  CHECK(band(0.62) == WinBand::kEdge);
  CHECK(band(0.38) == WinBand::kEdge);  // the leader is player 2
  CHECK(band(0.75) == WinBand::kClear);
  CHECK(band(0.95) == WinBand::kNearCertain);
  CHECK(band(0.04) == WinBand::kNearCertain);
  // The numbers cannot tell who leads: about even, whatever the share.
  CHECK(band(0.62, 0.13) == WinBand::kEven);
  const Theme& theme = built_in_theme();
  std::set<std::string> seen;
  for (auto b : {WinBand::kEven, WinBand::kEdge, WinBand::kClear, WinBand::kNearCertain})
    for (Lang lang : {Lang::kEn, Lang::kKo}) {
      const std::string text(win_band_text(b, lang));
      INFO(text);
      CHECK_FALSE(text.empty());
      CHECK(text.find_first_of("0123456789%") == std::string::npos);  // words, not statistics
      CHECK(text.find("±") == std::string::npos);
      CHECK(seen.insert(text).second);
      // Whole in the note's place at its size (an upper bound of either painter's font).
      CHECK(label_width_bound(text, theme.metric("analysis.note_text")) <= theme.metric("analysis.note_w"));
    }
  OnAirAnalysis a;
  a.win = estimate(0.75);
  CHECK(win_note(a, Lang::kEn) == "clear lead");
  CHECK(win_note(a, Lang::kKo) == "뚜렷한 우세");
  a.win = decided(2);
  CHECK(win_note(a, Lang::kEn).empty());
}

TEST_CASE("win bar: names shorten before numbers do") {
  const Theme& theme = built_in_theme();
  const float size = kLabelMinSize;  // both painters shrink a side down to it before cutting
  OnAirModel m;
  const AnalysisWin w = estimate(0.62);
  // A 26-character name: its side keeps the whole number, inside the narrowest name place.
  m.players = {"Alexandra Kowalczyk-Brenna", "Bartholomew Fitzgerald-Lee"};
  REQUIRE(m.players[0].size() == 26);
  for (int seat : {1, 2}) {
    const std::string side = win_side_text(m, w, seat, &theme);
    INFO(side);
    CHECK(name_width(side, size) <= win_name_room(theme, seat));
    CHECK(side.find(seat == 1 ? "62%" : "38%") != std::string::npos);
    CHECK(side != m.players[static_cast<std::size_t>(seat - 1)]);
  }
  CHECK(win_side_text(m, w, 1, &theme) == "A. Kowalczyk-Brenna 62%");
  // A name that fits is left whole; a single long word is cut with an ellipsis.
  m.players = {"Kim", "Supercalifragilisticexpialidocious"};
  CHECK(win_side_text(m, w, 1, &theme) == "Kim 62%");
  const std::string cut = win_side_text(m, w, 2, &theme);
  CHECK(cut.find("…") != std::string::npos);
  CHECK(cut.rfind("38% Super", 0) == 0);
  CHECK(name_width(cut, size) <= win_name_room(theme, 2));
  // Property: any name, English or Korean, fits with "100%"; a name that fits is unchanged.
  std::mt19937_64 rng(26);
  const std::vector<std::string> pieces = {"Kim", " ", "Lee", "-", "Kyung", "hoon", "김", "경훈", "Wu", "M", "o"};
  for (int trial = 0; trial < 500; ++trial) {
    std::string name;
    const int n = 1 + static_cast<int>(rng() % 14);
    for (int i = 0; i < n; ++i) name += pieces[rng() % pieces.size()];
    for (int seat : {1, 2}) {
      const std::string shown = win_bar_name(name, theme, seat);
      INFO(name << " -> " << shown);
      CHECK(name_width(shown + " 100%", size) <= win_name_room(theme, seat));
      if (name_width(name + " 100%", size) <= win_name_room(theme, seat)) CHECK(shown == name);
    }
  }
}

TEST_CASE("win bar: the stage rule's table is the calibration report's numbers") {
  namespace fs = std::filesystem;
  bench::CalRecords records;
  const fs::path dir = fs::path(FACEDOWN_SOURCE_DIR) / "bench" / "analysis" / "calibration";
  int files = 0;
  for (const auto& f : fs::directory_iterator(dir))
    if (f.path().extension() == ".txt") {
      bench::read_calibration(f.path().string(), records);
      ++files;
    }
  REQUIRE(files >= 7);
  const auto scores = bench::stage_scores(records);
  CHECK(scores.mismatched == 0);  // every stage line describes the position its P lines scored
  // Every public (system, stage) cell the report has is in the table, with its numbers and verdict.
  std::size_t cells = 0;
  for (const auto& [system, views] : scores.by)
    for (int st = 0; st < kWinStages; ++st) {
      const bench::Score& s = views[1][static_cast<std::size_t>(st)];
      if (s.count == 0) continue;
      ++cells;
      INFO(system << " " << stage_name(static_cast<WinStage>(st)));
      const WinBarStageRow* row = nullptr;
      for (const auto& r : win_bar_stage_table())
        if (r.system == system && r.stage == static_cast<WinStage>(st)) row = &r;
      REQUIRE(row);
      CHECK(row->positions == s.count);
      CHECK(row->brier == Approx(s.mean(s.brier - s.noise)).margin(0.0005));
      CHECK(row->material == Approx(s.mean(s.material)).margin(0.0005));
      CHECK(row->shown == bench::beats_material(s));
    }
  CHECK(cells == win_bar_stage_table().size());
  CHECK(cells >= 16);
}

TEST_CASE("win bar: off at a stage where the model did not beat the material count, and the desk is told why") {
  using overlay::testing::public_rows;
  using overlay::testing::script_match;
  const auto rows = public_rows(script_match(overlay::testing::kOpenBattle), 1000, 1);
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  OnAirAnalysis a;
  a.seq = m.last_seq;
  a.win = estimate(0.62);
  m.analysis = std::make_shared<const OnAirAnalysis>(a);
  const WinStage stage = model_stage(m);
  const WinBarStageRow* row = nullptr;
  for (const auto& r : win_bar_stage_table())
    if (r.system == m.game_id + "/" + m.preset && r.stage == stage) row = &r;
  REQUIRE(row);
  const std::string idle = analysis_idle(m, Element::kWinBar);
  if (row->shown) {
    CHECK(idle.empty());
  } else {
    CHECK(idle.find("win bar off in the " + std::string(stage_name(stage))) == 0);
    CHECK(idle.find("material") != std::string::npos);
  }
  // Decided: the result airs whatever the stage.
  a.win = decided(1);
  m.analysis = std::make_shared<const OnAirAnalysis>(a);
  CHECK(analysis_idle(m, Element::kWinBar).empty());
  // An unknown game/preset has no held-out check: off, and says so.
  a.win = estimate(0.62);
  m.analysis = std::make_shared<const OnAirAnalysis>(a);
  m.preset = "no-such-preset";
  CHECK(analysis_idle(m, Element::kWinBar).find("no held-out check") != std::string::npos);
}

TEST_CASE("win bar: the stage is the share of the pieces removed, the same count live and in the report") {
  CHECK(win_stage(32, 0) == WinStage::kOpening);
  CHECK(win_stage(0, 0) == WinStage::kOpening);
  CHECK(win_stage(31, 1) == WinStage::kOpening);  // 3 %
  CHECK(win_stage(30, 2) == WinStage::kMiddle);   // 6 %
  CHECK(win_stage(26, 6) == WinStage::kMiddle);   // 19 %
  CHECK(win_stage(25, 7) == WinStage::kEnd);      // 22 %
  // Live (the public rows' board and trays) and in the report (the engine's
  // pieces on and off the board) the counts agree, at every row of random
  // matches of every game.
  const auto games = engine::all_games();
  for (const auto& info : games) {
    const auto match = overlay::testing::random_match(info, info.presets.front().id, 11);
    const auto rows = overlay::testing::public_rows(match);
    const auto& log = match.log();
    for (std::size_t n = 1; n <= rows.size() && n <= log.size(); n += 3) {
      const OnAirModel m = derive_model(rows, n, games);
      auto rebuilt = engine::Match::from_log(info, std::vector<engine::Event>(log.begin(), log.begin() + static_cast<long>(n)));
      REQUIRE(std::holds_alternative<engine::Match>(rebuilt));
      int on = 0, off = 0;
      for (const auto& p : std::get<engine::Match>(rebuilt).state().pieces) (p.square != engine::kNoSquare ? on : off) += 1;
      if (!std::get<engine::Match>(rebuilt).state().pieces.empty() && std::get<engine::Match>(rebuilt).state().phase != engine::Phase::kSetup) {
        INFO(info.id << " row " << n);
        CHECK(model_stage(m) == win_stage(on, off));
      }
    }
  }
}
