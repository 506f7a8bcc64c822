#include "overlay/reveal_draw.h"

#include <algorithm>
#include <cfloat>
#include <fmt/format.h>

#include "broadcast/on_air_text.h"
#include "broadcast/reveal.h"
#include "broadcast/theme.h"
#include "overlay/canvas_pen.h"

namespace facedown::overlay {

namespace {

// The canvas pen (canvas_pen.h) and one line centred in a box.
struct Painter : CanvasPen {
  using CanvasPen::CanvasPen;
  // One line centred in `box` horizontally, its top at box.y.
  void text(const std::string& full, const Rect& box, float size, ImU32 col) const {
    CanvasPen::text(full, {box.centre().x, box.y}, size, col, 0.5f, box.w);
  }
};


}  // namespace

RevealParts reveal_parts(const Rect& r, const broadcast::Theme& theme) {
  const auto M = [&](std::string_view k) { return theme.metric(fmt::format("reveal.{}", k)); };
  const float column = M("column_w"), side = M("side");
  RevealParts p;
  p.title = {r.x + M("title_x"), r.y + M("title_y"), r.w - 2 * M("title_x"), M("title_h")};
  const std::array<float, 2> x{r.x + side, r.right() - side - column};
  for (std::size_t i = 0; i < 2; ++i) {
    p.bar[i] = {x[i], r.y + M("bar_y"), column, M("bar_h")};
    p.name[i] = {x[i], r.y + M("name_y"), column, M("name_h")};
    p.check[i] = {x[i], r.y + M("check_y"), column, M("check_h")};
  }
  const float margin = 2 * side + column + M("board_gap");
  p.board = {r.x + margin, r.y + M("board_y"), r.w - 2 * margin, r.h - M("board_y") - M("board_bottom")};
  return p;
}

void draw_reveal(ImDrawList& dl, const OnAirModel& m, const OverlayLayout& l, const DrawOptions& o) {
  const auto reveal = broadcast::reveal_on_air(m);
  if (!reveal || !m.game) return;
  const Painter p(dl, o);
  const Rect& r = l.reveal;
  const RevealParts parts = reveal_parts(r, p.theme);
  const auto M = [&](std::string_view k) { return p.theme.metric(k); };  // line widths and radii, as the page's
  const float shadow = M("stroke.shadow"), round = M("radius.card_large");
  p.rect(inset(r, -shadow), p.c("shadow"), round + shadow);
  p.rect(r, p.c("panel"), round);
  p.frame(r, p.c("gold"), M("stroke.card"), round);
  p.text(phrase(o.lang, Phrase::kSetupsRevealed), parts.title, p.theme.size("card_headline"), p.c("gold"));
  for (std::size_t i = 0; i < 2; ++i) {
    p.rect(parts.bar[i], p.c(i == 0 ? "p1" : "p2"), M("radius.slate_bar"));
    p.text(m.players[i], parts.name[i], p.theme.size("player_name"), p.c("text"));
    const auto& s = reveal->setups[i];
    if (s && s->verified)
      p.text(phrase(o.lang, *s->verified ? Phrase::kVerified : Phrase::kMismatch), parts.check[i],
             p.theme.size("seal_check"), *s->verified ? p.c("gold") : p.c("red"));
  }
  // The board with both setups: the overlay's board painter over a model holding
  // only them, lying across (the card is wide in every layout), as on the page.
  OverlayLayout board = l;
  board.board_space = parts.board;
  board.drawing = broadcast::board_drawing(m.game->geometry(), false);
  board.board = BoardLayout(board.drawing, parts.board);
  draw_board(dl, broadcast::reveal_board(m, *reveal), board, o);
}

}  // namespace facedown::overlay
