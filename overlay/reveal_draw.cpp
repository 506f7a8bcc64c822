#include "overlay/reveal_draw.h"

#include <algorithm>
#include <cfloat>
#include <fmt/format.h>

#include "broadcast/on_air_text.h"
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

void draw_reveal(ImDrawList& dl, const OnAirFrame& f, const OverlayLayout& l, const DrawOptions& o) {
  if (!f.reveal || !f.reveal_model || !f.opened()) return;
  const OnAirModel& m = *f.model;
  const Painter p(dl, o);
  const Rect& r = l.reveal;
  const broadcast::RevealParts& parts = f.here().reveal;
  const auto M = [&](std::string_view k) { return p.theme.metric(k); };  // line widths and radii, as the page's
  const float shadow = M("stroke.shadow"), round = M("radius.card_large");
  p.rect(inset(r, -shadow), p.c("shadow"), round + shadow);
  p.rect(r, p.c("panel"), round);
  p.frame(r, p.c("gold"), M("stroke.card"), round);
  p.text(phrase(o.lang, Phrase::kSetupsRevealed), to_rect(parts.title), p.theme.size("card_headline"), p.c("gold"));
  for (std::size_t i = 0; i < 2; ++i) {
    p.rect(to_rect(parts.bar[i]), p.c(i == 0 ? "p1" : "p2"), M("radius.slate_bar"));
    p.text(m.players[i], to_rect(parts.name[i]), p.theme.size("player_name"), p.c("text"));
    const auto& s = f.reveal->setups[i];
    if (s && s->verified)
      p.text(phrase(o.lang, *s->verified ? Phrase::kVerified : Phrase::kMismatch), to_rect(parts.check[i]),
             p.theme.size("seal_check"), *s->verified ? p.c("gold") : p.c("red"));
  }
  // The board with both setups: the overlay's board painter over the frame's
  // reveal board (every piece face up on its starting square), lying across
  // a wide card, upright in a tall one (portrait's), as on the page.
  OverlayLayout board = l;
  board.board_space = to_rect(parts.board);
  board.drawing = broadcast::board_drawing(m.game->geometry(), parts.board.h > parts.board.w);
  board.board = BoardLayout(board.drawing, board.board_space);
  paint_board(dl, *f.reveal_model, f.reveal_labels, {}, board, o);
}

}  // namespace facedown::overlay
