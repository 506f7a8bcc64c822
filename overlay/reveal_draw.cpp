#include "overlay/reveal_draw.h"

#include <algorithm>
#include <cfloat>

#include "broadcast/on_air_text.h"
#include "broadcast/reveal.h"
#include "broadcast/theme.h"

namespace facedown::overlay {

namespace {

ImU32 colour(broadcast::Rgba c) { return IM_COL32(c.r, c.g, c.b, c.a); }

std::string cut_last_character(const std::string& s) {
  std::size_t n = s.size();
  while (n > 0 && (static_cast<unsigned char>(s[n - 1]) & 0xC0) == 0x80) --n;
  return s.substr(0, n > 0 ? n - 1 : 0);
}

// Canvas pixels to the window, the overlay's fonts and its text rules (never
// under kMinTextSize: shrink to fit, then cut with an ellipsis), as
// overlay_draw.cpp's pen.
struct Painter {
  ImDrawList& dl;
  const DrawOptions& o;
  const broadcast::Theme& theme;
  ImVec2 at(Point p) const {
    const Point q = o.transform.apply(p);
    return {q.x, q.y};
  }
  ImU32 c(std::string_view name) const { return colour(theme.colour(name)); }
  void rect(const Rect& r, ImU32 fill, float rounding = 0) const {
    dl.AddRectFilled(at({r.x, r.y}), at({r.right(), r.bottom()}), fill, rounding * o.transform.scale);
  }
  void frame(const Rect& r, ImU32 col, float thickness, float rounding = 0) const {
    dl.AddRect(at({r.x, r.y}), at({r.right(), r.bottom()}), col, rounding * o.transform.scale, 0,
               thickness * o.transform.scale);
  }
  ImFont* font(float size) const {
    ImFont* f = size <= 36 ? o.small_font : o.large_font;
    if (!f) f = size <= 36 ? o.large_font : o.small_font;
    return f ? f : ImGui::GetFont();
  }
  Point measure(const std::string& s, float size) const {
    const ImVec2 v = font(size)->CalcTextSizeA(size, FLT_MAX, 0, s.c_str());
    return {v.x, v.y};
  }
  // One line centred in `box` horizontally, its top at box.y.
  void text(const std::string& full, const Rect& box, float size, ImU32 col) const {
    if (full.empty()) return;
    std::string s = full;
    size = std::max(size, kMinTextSize);
    Point m = measure(s, size);
    float dy = 0;
    if (m.x > box.w) {
      const float full_height = m.y;
      size = std::max(kMinTextSize, size * box.w / m.x);
      m = measure(s, size);
      while (size <= kMinTextSize && m.x > box.w + 0.5f && !s.empty()) {
        s = cut_last_character(s);
        m = measure(s + "\xE2\x80\xA6", size);
      }
      if (s != full) s += "\xE2\x80\xA6";
      dy = (full_height - m.y) / 2;
    }
    if (o.text_log) o.text_log->push_back(s);
    const Point tl{box.centre().x - m.x / 2, box.y + dy};
    if (o.text_boxes) o.text_boxes->push_back({tl.x, tl.y, m.x, m.y});
    if (o.text_sizes) o.text_sizes->push_back(size);
    dl.AddText(font(size), size * o.transform.scale, at(tl), col, s.c_str());
  }
};

Rect inset(const Rect& r, float d) { return {r.x + d, r.y + d, r.w - 2 * d, r.h - 2 * d}; }

}  // namespace

RevealParts reveal_parts(const Rect& r) {
  constexpr float kColumn = 320, kSide = 32;
  RevealParts p;
  p.title = {r.x + 40, r.y + 24, r.w - 80, 84};
  const std::array<float, 2> x{r.x + kSide, r.right() - kSide - kColumn};
  for (std::size_t i = 0; i < 2; ++i) {
    p.bar[i] = {x[i], r.y + 150, kColumn, 10};
    p.name[i] = {x[i], r.y + 176, kColumn, 60};
    p.check[i] = {x[i], r.y + 250, kColumn, 34};
  }
  const float margin = 2 * kSide + kColumn + 32;
  p.board = {r.x + margin, r.y + 120, r.w - 2 * margin, r.h - 144};
  return p;
}

void draw_reveal(ImDrawList& dl, const OnAirModel& m, const OverlayLayout& l, const DrawOptions& o) {
  const auto reveal = broadcast::reveal_on_air(m);
  if (!reveal || !m.game) return;
  const Painter p{dl, o, o.theme ? *o.theme : broadcast::built_in_theme()};
  const Rect& r = l.reveal;
  const RevealParts parts = reveal_parts(r);
  p.rect(inset(r, -6), p.c("shadow"), 18);
  p.rect(r, p.c("panel"), 16);
  p.frame(r, p.c("gold"), 4, 16);
  p.text(phrase(o.lang, Phrase::kSetupsRevealed), parts.title, p.theme.size("card_headline"), p.c("gold"));
  for (std::size_t i = 0; i < 2; ++i) {
    p.rect(parts.bar[i], p.c(i == 0 ? "p1" : "p2"), 4);
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
