// The deduction for a viewer (broadcast/deduction_view.h, piece_news.h): which
// piece is news, what its label says, that every label fits its own cell and
// never touches another's on every game's boards, and the headline.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "broadcast/analysis_record.h"
#include "broadcast/deduction_view.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/piece_labels.h"
#include "broadcast/piece_news.h"
#include "broadcast/on_air_json.h"
#include "broadcast/stream_analysis.h"
#include "engine/registry.h"
#include "overlay/layout.h"
#include "overlay_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

namespace {

OnAirModel model_of(const std::string& script) {
  const auto rows = public_rows(script_match(script), 1.7e9, 1);
  return derive_model(rows, rows.size(), engine::all_games());
}

// Random odds over the roster for every face-down piece of `m` (most likely
// first, at most kOddsShown), some certain, some tied, some at their share at
// the start; each side's objective on a few of its pieces.
broadcast::OnAirAnalysis random_analysis(const OnAirModel& m, std::mt19937& rng) {
  broadcast::OnAirAnalysis a;
  a.seq = m.last_seq;
  a.ply = m.ply;
  const auto& roster = m.game->roster();
  if (const auto obj = m.game->objective()) a.objective = roster[static_cast<std::size_t>(*obj)].token;
  std::uniform_real_distribution<double> u(0, 1);
  for (std::size_t s = 0; s < m.board.size(); ++s) {
    const auto& piece = m.board[s];
    if (!piece || piece->token) continue;
    broadcast::PieceOddsShown shown{piece->owner, static_cast<engine::Square>(s), {}, false};
    const int kind = static_cast<int>(u(rng) * 5);
    std::vector<std::size_t> types(roster.size());
    for (std::size_t i = 0; i < types.size(); ++i) types[i] = i;
    std::shuffle(types.begin(), types.end(), rng);
    if (kind == 0) {  // certain
      shown.odds = {{roster[types[0]].token, 1.0, 0}};
      shown.certain = true;
    } else if (kind == 1) {  // at the share at the start
      const double s0 = broadcast::start_share(*m.game, roster[types[0]].token);
      shown.odds = {{roster[types[0]].token, s0, 0}};
    } else if (kind == 2 && types.size() >= 2) {  // a tie
      const double p = 0.2 + 0.25 * u(rng);
      shown.odds = {{roster[types[0]].token, p, 0}, {roster[types[1]].token, p, 0}};
    } else {  // anything
      double left = 1;
      for (std::size_t k = 0; k < broadcast::kOddsShown && k < types.size(); ++k) {
        const double p = left * u(rng);
        shown.odds.push_back({roster[types[k]].token, p, 0});
        left -= p;
      }
      std::sort(shown.odds.begin(), shown.odds.end(), [](const auto& x, const auto& y) { return x.p > y.p; });
    }
    a.pieces.push_back(shown);
    auto& places = a.objective_places[static_cast<std::size_t>(piece->owner - 1)];
    if (!a.objective.empty() && places.size() < 5) places.push_back({shown.square, 0, 0.03 + 0.3 * u(rng)});
  }
  for (auto& places : a.objective_places)
    std::sort(places.begin(), places.end(), [](const auto& x, const auto& y) { return x.p > y.p; });
  return a;
}

long whole(double p) { return std::lround(p * 100); }

struct Box {
  float x, y, w, h;
};
bool overlap(const Box& a, const Box& b) { return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h; }
bool inside(const Box& a, const Rect& r) { return a.x >= r.x && a.y >= r.y && a.x + a.w <= r.right() && a.y + a.h <= r.bottom(); }

}  // namespace

TEST_CASE("piece news: a label always carries its odds, and only news is labelled (property, every game)", "[deduction][property]") {
  std::mt19937 rng(20261205);
  const broadcast::Theme& theme = broadcast::built_in_theme();
  std::size_t labels = 0, news = 0, ties = 0, at_share = 0;
  for (const GameFrame& f : every_game_frame())
    for (int round = 0; round < 8; ++round) {
      INFO(f.name << " round " << round);
      const broadcast::OnAirAnalysis a = random_analysis(f.model, rng);
      const broadcast::DeductionView v = broadcast::deduction_view(f.model, a, theme);
      REQUIRE(v.pieces.size() == a.pieces.size());
      for (std::size_t i = 0; i < a.pieces.size(); ++i) {
        const auto& piece = a.pieces[i];
        const auto& label = v.pieces[i];
        const double top = piece.odds.front().p;
        for (const std::string& text : label.text) {
          INFO(text);
          ++labels;
          // Never an identity without its probability unless certain.
          if (!piece.certain) {
            REQUIRE(text.size() > 1);
            CHECK(text.back() == '%');
            CHECK(text.find(" " + std::to_string(whole(top)) + "%") != std::string::npos);
          } else {
            CHECK(text.find('%') == std::string::npos);
          }
          // Ties shown as ties: every identity at the top's whole percent is named.
          const auto tied = broadcast::top_tokens(piece);
          if (tied.size() > 1) {
            ++ties;
            CHECK(std::count(text.begin(), text.end(), '/') == static_cast<long>(tied.size() - 1));
          }
        }
        // Never news at (or under) the share at the start; certain (with a share under 1) always news.
        double share = 0;
        for (const auto& t : broadcast::top_tokens(piece)) share = std::max(share, broadcast::start_share(*f.model.game, t));
        if (top <= share + 1e-12) {
          ++at_share;
          CHECK_FALSE(label.news);
        }
        const auto obj = f.model.game->objective();
        const auto tops = broadcast::top_tokens(piece);
        const bool objective = obj && std::find(tops.begin(), tops.end(), f.model.game->token(*obj)) != tops.end();
        if (objective) CHECK_FALSE(label.news);  // the heat and the headline say where the objective is
        if (piece.certain && share < 1 && !objective) CHECK(label.news);
        if (label.news) {
          ++news;
          CHECK(top >= share + (1 - share) / broadcast::kNewsGapShare - 1e-12);
        }
      }
    }
  CHECK(labels > 500);
  CHECK(news > 50);
  CHECK(ties > 20);
  CHECK(at_share > 50);
}

TEST_CASE("piece news: the rule on hand-made pieces", "[deduction]") {
  const auto games = engine::all_games();
  const OnAirModel m = model_of(kOpenBattle);
  REQUIRE(m.game);
  const auto& roster = m.game->roster();
  // A token with the smallest share at the start, and its share.
  // A token with the smallest share at the start (not the objective: the heat's), and its share.
  const std::string objective = m.game->token(*m.game->objective());
  std::string rare;
  for (const auto& spec : roster)
    if (spec.token != objective &&
        (rare.empty() || broadcast::start_share(*m.game, spec.token) < broadcast::start_share(*m.game, rare)))
      rare = spec.token;
  CHECK_FALSE(broadcast::piece_is_news(*m.game, broadcast::PieceOddsShown{1, 0, {{objective, 1.0, 0}}, true}));
  const double s = broadcast::start_share(*m.game, rare);
  REQUIRE(s > 0);
  REQUIRE(s < 0.5);
  const double bar = s + (1 - s) / 3;
  const auto piece = [&](double p) { return broadcast::PieceOddsShown{1, 0, {{rare, p, 0}}, false}; };
  CHECK_FALSE(broadcast::piece_is_news(*m.game, piece(s)));
  CHECK_FALSE(broadcast::piece_is_news(*m.game, piece(bar - 0.01)));
  CHECK(broadcast::piece_is_news(*m.game, piece(bar + 0.01)));
  CHECK(broadcast::piece_is_news(*m.game, broadcast::PieceOddsShown{1, 0, {{rare, 1.0, 0}}, true}));
  CHECK(broadcast::piece_odds_label(m, piece(0.62), Lang::kEn).ends_with(" 62%"));
  const broadcast::PieceOddsShown tie{1, 0, {{roster[0].token, 0.333, 0}, {roster[1].token, 0.334, 0}, {roster[2].token, 0.2, 0}}, false};
  CHECK(broadcast::top_tokens(tie).size() == 2);
  CHECK(broadcast::piece_odds_label(m, tie, Lang::kEn).find('/') != std::string::npos);
  CHECK(broadcast::piece_odds_label(m, tie, Lang::kEn).ends_with(" 33%"));
}

// Every label shown on a cell fits inside that cell and touches no other
// label, on every game's boards in each layout (the densest: Capture Flag and
// Gunjin Shogi), with the piece-odds element's labels (every piece) and the
// heat's numbers: the rectangles are the labels' width bounds at the theme's
// size, centred where both painters centre them.
TEST_CASE("deduction labels: inside their cells and apart, on every board (Capture Flag and Gunjin Shogi too)", "[deduction][legibility]") {
  std::mt19937 rng(7);
  const broadcast::Theme& theme = broadcast::built_in_theme();
  const float size = theme.metric("analysis.label_text"), pad = theme.metric("analysis.label_pad");
  std::size_t shown_total = 0, dense_boards = 0, dense_shown = 0;
  for (const GameFrame& f : every_game_frame()) {
    const broadcast::OnAirAnalysis a = random_analysis(f.model, rng);
    const broadcast::DeductionView v = broadcast::deduction_view(f.model, a, theme);
    const bool dense = f.name.rfind("capture-flag", 0) == 0 || f.name.rfind("gunjin-shogi", 0) == 0;
    dense_boards += dense ? 1 : 0;
    for (Orientation o : {Orientation::kLandscape, Orientation::kPortrait, Orientation::kFaces}) {
      const OverlayLayout l = layout_overlay(theme, o, f.model.game->geometry());
      for (const BoardLayout* b : {&l.board, &l.board_compact, &l.deduction})
        for (std::size_t lang = 0; lang < 2; ++lang) {
          INFO(f.name << " orientation " << static_cast<int>(o) << " cell " << b->cell() << " lang " << lang);
          std::vector<std::pair<Box, std::string>> boxes;
          const auto add = [&](const std::string& text, float min_cell, engine::Square sq, const char* row) {
            const Rect cell = b->square_rect(sq);
            if (text.empty() || cell.w < min_cell) return;
            const float w = broadcast::label_width_bound(text, size);
            const float mid = cell.y + cell.h * theme.metric(row);
            const Box box{cell.centre().x - w / 2, mid - size / 2, w, size};
            INFO(text << " at cell " << cell.x << "," << cell.y << " " << cell.w);
            CHECK(w <= cell.w - 2 * pad + 0.01f);
            // label_pad inside its cell on every side: two labels never touch.
            CHECK(inside(box, Rect{cell.x + pad - 0.01f, cell.y + pad - 0.01f, cell.w - 2 * pad + 0.02f, cell.h - 2 * pad + 0.02f}));
            boxes.push_back({box, text});
          };
          for (const auto& p : v.pieces)
            if (p.square != engine::kNoSquare) add(p.text[lang], p.cell[lang], p.square, "analysis.odds_label_y_fraction");
          for (const auto& h : v.heat) add(h.text[lang], h.cell[lang], h.square, "analysis.heat_label_y_fraction");
          shown_total += boxes.size();
          for (std::size_t i = 0; i < boxes.size(); ++i)
            for (std::size_t j = i + 1; j < boxes.size(); ++j) {
              INFO(boxes[i].second << " / " << boxes[j].second);
              // Apart by twice the pad: grown by the pad each, they still do not overlap.
              const auto grown = [&](const Box& x) { return Box{x.x - pad, x.y - pad, x.w + 2 * pad, x.h + 2 * pad}; };
              CHECK_FALSE(overlap(grown(boxes[i].first), grown(boxes[j].first)));
            }
          if (dense) dense_shown += boxes.size();
          if (dense) WARN(f.name << " orientation " << static_cast<int>(o) << " cell " << b->cell() << " lang " << lang << ": " << boxes.size() << " labels fit");
        }
    }
  }
  CHECK(dense_boards >= 2);
  CHECK(dense_shown > 0);  // the densest boards were measured with labels on them, not vacuously
  CHECK(shown_total > 100);
}

TEST_CASE("deduction headline: the objective, a few squares each with its number, both languages", "[deduction]") {
  OnAirModel m = model_of(kOpenBattle);
  m.players = {"Kim", "Lee"};
  broadcast::OnAirAnalysis a;
  a.seq = m.last_seq;
  a.objective = "K";
  std::vector<engine::Square> seat2;
  for (std::size_t s = 0; s < m.board.size(); ++s)
    if (m.board[s] && !m.board[s]->token && m.board[s]->owner == 2) seat2.push_back(static_cast<engine::Square>(s));
  REQUIRE(seat2.size() >= 5);
  const double ps[] = {0.17, 0.10, 0.08, 0.05, 0.03};
  for (std::size_t i = 0; i < 5; ++i) a.objective_places[1].push_back({seat2[i], 0, ps[i]});
  const broadcast::DeductionView v = broadcast::deduction_view(m, a, broadcast::built_in_theme());
  const engine::Geometry& g = m.game->geometry();
  // Seat 1's King is face up for nobody and has no places: only seat 2's line.
  REQUIRE(v.headline.size() == 1);
  const auto& line = v.headline[0];
  CHECK(line.seat == 2);
  CHECK(line.lead[0] == "Where is Lee's King?");
  CHECK(line.lead[1] == "Lee의 왕은 어디에?");
  REQUIRE(line.places[0].size() == broadcast::kHeadlineSquares);
  CHECK(line.places[0][1] == g.name(seat2[0]) + " 17% · " + g.name(seat2[1]) + " 10%");
  CHECK(line.places[1][0] == g.name(seat2[0]) + " 17%");
  for (std::size_t k = 1; k < line.places_w[0].size(); ++k) CHECK(line.places_w[0][k] > line.places_w[0][k - 1]);
  // The heat: every place, a readable fill from 3 %, numbers only on the headline's squares.
  REQUIRE(v.heat.size() == 5);
  const broadcast::Theme& t = broadcast::built_in_theme();
  CHECK(broadcast::heat_strength(t, 0.03) >= 0.38f);
  CHECK(broadcast::heat_strength(t, 0.13) > broadcast::heat_strength(t, 0.03) + 0.04f);
  CHECK(broadcast::heat_strength(t, 1.0) <= 0.75f);  // a fill that never hides the tile under it
  CHECK(v.heat[0].text[0] == "17%");
  CHECK(v.heat[3].text[0].empty());
  CHECK_FALSE(v.legend[0].empty());
  CHECK_FALSE(v.legend[1].empty());
  // More squares tied at the top than the headline names: how many, not three of them.
  broadcast::OnAirAnalysis flat = a;
  flat.objective_places[1].clear();
  for (std::size_t i = 0; i < 5; ++i) flat.objective_places[1].push_back({seat2[i], 0, 0.2});
  const broadcast::DeductionView even = broadcast::deduction_view(m, flat, broadcast::built_in_theme());
  CHECK(even.headline[0].places[0] == std::vector<std::string>{"5 squares, 20% each"});
  CHECK(even.headline[0].places[1] == std::vector<std::string>{"5곳, 각 20%"});
  CHECK(even.heat[0].text[0].empty());
  // Certain: "Lee's King is on c3", the gold ring and no number.
  a.objective_places[1] = {{seat2[0], 0, 1.0}};
  const broadcast::DeductionView sure = broadcast::deduction_view(m, a, t);
  CHECK(sure.headline[0].lead[0] == "Lee's King is on");
  CHECK(sure.headline[0].places[0].back() == g.name(seat2[0]));
  CHECK(sure.heat[0].certain);
  CHECK(sure.heat[0].text[0].empty());
  // The headline's panel sits under the board, inside the canvas.
  const auto parts = broadcast::headline_parts(t, t.element("landscape", "deduction"), t.element("landscape", "deduction"), 2);
  CHECK(parts.panel.y >= t.element("landscape", "deduction").y + t.element("landscape", "deduction").h);
  CHECK(parts.panel.y + parts.panel.h <= broadcast::kThemeCanvasHeight);
  CHECK(parts.shown);
  // Over the caption on air (landscape: the caption's band under the board) it is not shown; under
  // faces' small board it is, caption or not.
  const auto caption = t.element("landscape", "caption");
  CHECK_FALSE(broadcast::headline_parts(t, t.element("landscape", "deduction"), t.element("landscape", "deduction"), 2, &caption).shown);
  const auto faces_caption = t.element("faces", "caption");
  CHECK(broadcast::headline_parts(t, t.element("faces", "deduction"), t.element("faces", "deduction"), 2, &faces_caption).shown);
}

TEST_CASE("deduction headline: a game with no objective says what the audience knows", "[deduction]") {
  const OnAirModel m = model_of(kOpenBattle);
  broadcast::OnAirAnalysis a;
  a.seq = m.last_seq;  // no objective
  std::vector<engine::Square> hidden;
  for (std::size_t s = 0; s < m.board.size(); ++s)
    if (m.board[s] && !m.board[s]->token) hidden.push_back(static_cast<engine::Square>(s));
  REQUIRE(hidden.size() >= 3);
  // A token that is not the game's objective (whose places are never a label).
  std::string rare;
  for (const auto& spec : m.game->roster())
    if (spec.token != m.game->token(*m.game->objective())) rare = spec.token;
  a.pieces.push_back({1, hidden[0], {{rare, broadcast::start_share(*m.game, rare), 0}}, false});  // not news
  const broadcast::DeductionView quiet = broadcast::deduction_view(m, a, broadcast::built_in_theme());
  REQUIRE(quiet.headline.size() == 1);
  CHECK(quiet.headline[0].seat == 0);
  CHECK(quiet.headline[0].lead[0] == "No hidden piece stands out yet");
  CHECK(quiet.headline[0].places[0].empty());
  a.pieces.push_back({2, hidden[1], {{rare, 1.0, 0}}, true});
  a.pieces.push_back({1, hidden[2], {{rare, 0.9, 0}}, false});
  const broadcast::DeductionView v = broadcast::deduction_view(m, a, broadcast::built_in_theme());
  CHECK(v.headline[0].lead[0] == "What the audience knows:");
  const engine::Geometry& g = m.game->geometry();
  REQUIRE(v.headline[0].places[0].size() == 2);
  CHECK(v.headline[0].places[0][1] == g.name(hidden[1]) + " " + v.pieces[1].text[0] + " · " + g.name(hidden[2]) + " " +
                                          v.pieces[2].text[0]);
  CHECK(v.heat.empty());
  CHECK(v.legend[1].find("확실") != std::string::npos);
}

TEST_CASE("deduction: a face-up objective (Gwangsanghui's Marshal) is ringed, never filled over its letter", "[deduction]") {
  for (const GameFrame& f : every_game_frame()) {
    if (f.name.rfind("gwangsanghui", 0) != 0) continue;
    broadcast::OnAirAnalysis a;
    a.seq = f.model.last_seq;
    const auto obj = f.model.game->objective();
    REQUIRE(obj);
    a.objective = f.model.game->roster()[static_cast<std::size_t>(*obj)].token;
    const broadcast::DeductionView v = broadcast::deduction_view(f.model, a, broadcast::built_in_theme());
    REQUIRE_FALSE(v.heat.empty());
    for (const auto& h : v.heat) {
      CHECK(h.seen);
      CHECK(h.certain);
      CHECK(h.text[0].empty());
    }
    REQUIRE_FALSE(v.headline.empty());
    CHECK(v.headline[0].lead[0].find(" is on") != std::string::npos);
  }
}

// The analysis of every game and preset as both painters' deduction goldens
// show it: the real public deduction (broadcast/stream_analysis.h, no win
// probability) of the frames of every_game_frame(), as the analysis record
// (tests/browser/fixtures/deduction/NAME.record.json, which the ImGui
// screenshots attach) and as the on-air JSON with the deduction cued
// (NAME.json, which tests/browser/analysis_paint_test.mjs paints).
// FACEDOWN_UPDATE_GOLDEN=1 rewrites them.
TEST_CASE("deduction fixtures of every game and preset are a real public deduction's frames", "[deduction]") {
  const auto games = engine::all_games();
  const std::filesystem::path dir = std::filesystem::path(FACEDOWN_SOURCE_DIR) / "tests/browser/fixtures/deduction";
  const char* update = std::getenv("FACEDOWN_UPDATE_GOLDEN");
  const bool write = update && std::string(update) == "1";
  if (write) std::filesystem::create_directories(dir);
  broadcast::StreamAnalysisOptions opts = broadcast::live_analysis_options();
  opts.win_probability = false;
  std::size_t news = 0;
  for (const auto& info : games)
    for (const auto& preset : info.presets) {
      const std::string name = preset.id == info.default_preset ? info.id : info.id + "-" + preset.id;
      INFO(name);
      // The rows of every_game_frame()'s frame (the same match and cut).
      const auto rows = public_rows(random_match(info, preset.id, 3, 60), 1.7e9, 1);
      const std::size_t last = rows_through_last(rows, {"attack", "moved", "removed"});
      std::size_t n = rows_through_last(rows, {"turn-started"});
      for (std::size_t i = last; i < rows.size(); ++i)
        if (rows[i].type == "turn-started") {
          n = i + 1;
          break;
        }
      OnAirModel m = derive_model(rows, n, games);
      broadcast::StreamAnalysis stream(engine::kPublic, opts, games);
      for (std::size_t i = 0; i < n; ++i) stream.push(rows[i].seq, rows[i].event, rows[i].state.value("ply", 0));
      const broadcast::OnAirAnalysis a = stream.analyse(false);
      REQUIRE_FALSE(a.error);
      REQUIRE(a.seq == m.last_seq);
      m.analysis = std::make_shared<const broadcast::OnAirAnalysis>(a);
      const broadcast::DeductionView v = broadcast::deduction_view(m, a, broadcast::built_in_theme());
      for (const auto& p : v.pieces) news += p.news ? 1 : 0;
      CHECK_FALSE(v.headline.empty());
      broadcast::OnAirOptions o;
      o.director = broadcast::apply_cue(o.director, std::get<broadcast::Cue>(broadcast::parse_cue("show deduction")), 0, 0);
      const auto frame = broadcast::on_air_json(m, m.row_wall_time + 10, o);
      CHECK(frame.at("elements").at("deduction").at("on") == true);
      const auto record = broadcast::record_json(a);
      for (const auto& [file, doc] : {std::pair{dir / (name + ".record.json"), record}, std::pair{dir / (name + ".json"), frame}}) {
        if (write) {
          std::ofstream(file) << doc.dump(1) << "\n";
          WARN("fixture rewritten: " << file.string());
          continue;
        }
        std::ifstream in(file);
        REQUIRE(in);
        std::stringstream text;
        text << in.rdbuf();
        CHECK(nlohmann::json::parse(text.str()) == doc);
      }
    }
  CHECK(news > 0);  // some real deduction is news somewhere
}

TEST_CASE("deduction: the piece-odds element has a board's placement in every layout, the deduction's", "[deduction]") {
  const broadcast::Theme& t = broadcast::built_in_theme();
  for (const char* layout : {"landscape", "portrait", "faces"}) {
    const auto a = t.element(layout, "piece_odds"), b = t.element(layout, "deduction");
    CHECK(a.x == b.x);
    CHECK(a.y == b.y);
    CHECK(a.w == b.w);
    CHECK(a.h == b.h);
  }
  CHECK(broadcast::element_from_name("piece-odds") == broadcast::Element::kPieceOdds);
  CHECK(broadcast::element_label(broadcast::Element::kPieceOdds, true) == "말별 확률");
  for (auto l : {broadcast::Layout::kLandscape, broadcast::Layout::kPortrait, broadcast::Layout::kFaces})
    CHECK_FALSE(broadcast::shown_by_default(l, broadcast::Element::kPieceOdds));
}
