// The final reveal (broadcast/reveal.h, overlay/reveal_draw.h): nothing before
// `close` whatever the model's seals hold; after it both setups, piece by piece,
// in the frame's "reveal" and drawn by the ImGui overlay as a card with the
// board of both setups face up.
#include <algorithm>
#include <catch2/catch.hpp>

#include "broadcast/elements.h"
#include "broadcast/on_air_json.h"
#include "broadcast/reveal.h"
#include "engine/registry.h"
#include "imgui_frame.h"
#include "overlay/overlay_draw.h"
#include "overlay/reveal_draw.h"
#include "overlay_support.h"
#include "reveal_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

namespace {

const std::string kClosed = std::string(kOpenBattle) + "@30 resign 1\n@31 close\n";

std::vector<std::string> drawn(const OnAirModel& m, Lang lang, std::vector<float>* sizes = nullptr,
                               Orientation orientation = Orientation::kLandscape) {
  ImGuiFrame frame(glyphs_needed(m, lang));
  std::vector<std::string> texts;
  DrawOptions o;
  o.lang = lang;
  o.orientation = orientation;
  o.now_wall = m.row_wall_time + 20;
  o.small_font = frame.fonts().small;
  o.large_font = frame.fonts().large;
  o.text_log = &texts;
  o.text_sizes = sizes;
  draw_overlay(frame.draw_list(), frame_for(m, o), o);
  return texts;
}

}  // namespace

TEST_CASE("reveal: nothing before close, even with the seals handed over early") {
  const engine::Match match = script_match(kClosed);
  const auto rows = public_rows(match, 1000, 1);
  const auto seals = open_seals(match);
  REQUIRE(rows.back().type == "closed");
  // At the result, one row before `close`: a void could still take it back.
  OnAirModel ended = derive_model(rows, rows.size() - 1, engine::all_games());
  REQUIRE(ended.result);
  REQUIRE_FALSE(ended.closed);
  ended.commitments = seals;  // not through attach_commitments: the reveal has its own gate
  CHECK_FALSE(reveal_on_air(ended));
  const auto j = on_air_json(ended, ended.row_wall_time + 5, {});
  CHECK(j.at("reveal").is_null());
  for (const auto& s : j.at("seals")) CHECK(s.at("setup").is_null());
  const auto e = elements_on_air(ended, DirectorState{}, ended.row_wall_time + 5, BattleMoment{});
  CHECK_FALSE(e[Element::kReveal].on);
  CHECK(e[Element::kReveal].idle == "the result is not confirmed");
  attach_commitments(ended, seals);
  CHECK_FALSE(ended.commitments[0]->setup);
  const auto texts = drawn(ended, Lang::kEn);
  CHECK(std::find(texts.begin(), texts.end(), "SETUPS REVEALED") == texts.end());
}

TEST_CASE("reveal: after close, both setups piece by piece in the frame") {
  const engine::Match match = script_match(kClosed);
  const auto rows = public_rows(match, 1000, 1);
  OnAirModel m = derive_model(rows, rows.size(), engine::all_games());
  REQUIRE(m.closed);
  // Closed but no setup published (a file without seals): nothing to show.
  CHECK(elements_on_air(m, DirectorState{}, m.row_wall_time + 1, BattleMoment{})[Element::kReveal].idle ==
        "no setup published");
  attach_commitments(m, open_seals(match));
  const auto r = reveal_on_air(m);
  REQUIRE(r);
  REQUIRE(r->setups[0]);
  REQUIRE(r->setups[1]);
  CHECK(r->setups[0]->pieces.size() == 14);
  CHECK(r->setups[1]->pieces.size() == 14);
  CHECK(elements_on_air(m, DirectorState{}, m.row_wall_time + 1, BattleMoment{})[Element::kReveal].on);
  const auto j = on_air_json(m, m.row_wall_time + 5, {});
  const auto& setups = j.at("reveal").at("setups");
  REQUIRE(setups.size() == 2);
  CHECK(j.at("reveal").at("title").at("en") == "SETUPS REVEALED");
  CHECK(setups[0].at("player") == 1);
  CHECK(setups[0].at("verified") == true);
  // Player 2's 10 started on c7 (it moved to c6 and fought there).
  bool ten = false;
  for (const auto& p : setups[1].at("pieces"))
    if (p.at("square") == "c7") ten = p.at("token") == "10" && p.at("label").at("en") == "10";
  CHECK(ten);
  // The board the reveal shows: every piece where it started, face up.
  const OnAirModel board = reveal_board(m, *r);
  const auto& g = m.game->geometry();
  REQUIRE(board.board[static_cast<std::size_t>(*g.parse("c7"))]);
  CHECK(board.board[static_cast<std::size_t>(*g.parse("c7"))]->token == "10");
  CHECK_FALSE(board.board[static_cast<std::size_t>(*g.parse("c6"))]);
  CHECK_FALSE(board.battle);
}

TEST_CASE("reveal: a setup text's lines that name no square or no piece are skipped") {
  const auto games = engine::all_games();
  const OnAirModel m = derive_model(public_rows(script_match(kClosed)), 1000, games);
  const auto pieces = parse_setup_text(*m.game, "facedown sealed setup v1\nmatch 1\nseq 3\nplayer 1\na1 K\nz99 K\nb1 Q\nc1 M\n");
  REQUIRE(pieces.size() == 2);
  CHECK(pieces[0].token == "K");
  CHECK(pieces[1].token == "M");
}

TEST_CASE("reveal: the ImGui overlay draws the card: title, names, checks, every piece") {
  const engine::Match match = script_match(kClosed);
  OnAirModel m = derive_model(public_rows(match, 1000, 1), 1000, engine::all_games());
  attach_commitments(m, open_seals(match));
  m.commitments[1]->verified = false;
  for (Lang lang : {Lang::kEn, Lang::kKo}) {
    for (Orientation orientation : {Orientation::kLandscape, Orientation::kPortrait}) {
      const auto texts = drawn(m, lang, nullptr, orientation);
      auto count = [&](const std::string& s) { return std::count(texts.begin(), texts.end(), s); };
      CHECK(count(phrase(lang, Phrase::kSetupsRevealed)) == 1);
      CHECK(count(phrase(lang, Phrase::kMismatch)) >= 1);
      CHECK(count(m.players[0]) >= 2);  // its panel and the card
      // 28 pieces face up on the card's board, beside the ones on the board.
      const auto without = [&] {
        OnAirModel plain = m;
        plain.closed = false;
        return drawn(plain, lang, nullptr, orientation);
      }();
      CHECK(texts.size() >= without.size() + 28 + 4);
    }
  }
  // The card's parts inside its placement, the board beside both columns.
  const Rect r{96, 170, 1728, 680};
  const broadcast::RevealParts p = broadcast::reveal_parts({r.x, r.y, r.w, r.h}, broadcast::built_in_theme());
  CHECK(r.contains(to_rect(p.board)));
  CHECK(p.board.x >= p.name[0].x + p.name[0].w);
  CHECK(p.board.x + p.board.w <= p.name[1].x);
}
