#include "ui/board_widget.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <functional>
#include <string>

#include "ui/theme.h"

namespace facedown::ui {

namespace {

constexpr float kMargin = 22.0f;  // room for file letters and rank numbers

bool contains(const std::vector<engine::Square>& v, engine::Square s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// Screen row/column of a square (rank 1 at the bottom unless flipped).
void cell_of(const BoardLayout& l, engine::Square s, int& col, int& row) {
  const int file = s % l.files, rank = s / l.files;
  col = l.flipped ? l.files - 1 - file : file;
  row = l.flipped ? rank : l.ranks - 1 - rank;
}

ImVec2 cell_min(const BoardLayout& l, engine::Square s) {
  int col = 0, row = 0;
  cell_of(l, s, col, row);
  return ImVec2(l.origin.x + static_cast<float>(col) * l.cell,
                l.origin.y + static_cast<float>(row) * l.cell);
}

}  // namespace

ImVec2 BoardLayout::centre(engine::Square s) const {
  const ImVec2 m = cell_min(*this, s);
  return ImVec2(m.x + cell * 0.5f, m.y + cell * 0.5f);
}

engine::Square BoardLayout::square_at(ImVec2 p) const {
  if (cell <= 0.0f) return engine::kNoSquare;
  const int col = static_cast<int>((p.x - origin.x) / cell);
  const int row = static_cast<int>((p.y - origin.y) / cell);
  if (p.x < origin.x || p.y < origin.y || col >= files || row >= ranks) return engine::kNoSquare;
  const int file = flipped ? files - 1 - col : col;
  const int rank = flipped ? row : ranks - 1 - row;
  return rank * files + file;
}

void draw_point_lines(ImDrawList* dl, const engine::Geometry& g,
                      const std::function<ImVec2(engine::Square)>& centre, ImU32 line, ImU32 palace_fill,
                      float thickness) {
  // A palace centre is a palace point whose eight neighbours are palace points too.
  for (engine::Square s = 0; s < g.size(); ++s) {
    if (!(g.terrain(s) & engine::kPalace)) continue;
    bool middle = true;
    for (int df = -1; df <= 1 && middle; ++df)
      for (int dr = -1; dr <= 1 && middle; ++dr) {
        const engine::Square n = g.at(g.file_of(s) + df, g.rank_of(s) + dr);
        middle = n != engine::kNoSquare && (g.terrain(n) & engine::kPalace);
      }
    if (!middle) continue;
    const ImVec2 a = centre(g.at(g.file_of(s) - 1, g.rank_of(s) - 1));
    const ImVec2 b = centre(g.at(g.file_of(s) + 1, g.rank_of(s) + 1));
    const ImVec2 c = centre(g.at(g.file_of(s) - 1, g.rank_of(s) + 1));
    const ImVec2 d = centre(g.at(g.file_of(s) + 1, g.rank_of(s) - 1));
    dl->AddRectFilled(ImVec2(std::min(a.x, b.x), std::min(a.y, b.y)), ImVec2(std::max(a.x, b.x), std::max(a.y, b.y)),
                      palace_fill);
    dl->AddLine(a, b, line, thickness);
    dl->AddLine(c, d, line, thickness);
  }
  // From end point to end point, so a layout that turns the board (the
  // overlay's portrait: files down the screen) gets its lines too.
  for (int f = 0; f < g.files(); ++f) dl->AddLine(centre(g.at(f, 0)), centre(g.at(f, g.ranks() - 1)), line, thickness);
  for (int r = 0; r < g.ranks(); ++r) dl->AddLine(centre(g.at(0, r)), centre(g.at(g.files() - 1, r)), line, thickness);
}

const char* piece_label(const engine::Game& game, engine::PieceType type) {
  if (type < 0 || type >= static_cast<int>(game.roster().size())) return "?";
  return game.roster()[static_cast<std::size_t>(type)].token.c_str();
}

BoardResult draw_board(const char* id, const BoardModel& model, ImVec2 size) {
  BoardResult result;
  const engine::Geometry& g = model.game->geometry();
  BoardLayout& l = result.layout;
  l.files = g.files();
  l.ranks = g.ranks();
  l.flipped = model.flipped;
  const float avail_w = std::max(size.x - kMargin, 10.0f);
  const float avail_h = std::max(size.y - kMargin, 10.0f);
  l.cell = std::floor(std::min(avail_w / static_cast<float>(l.files),
                               avail_h / static_cast<float>(l.ranks)));
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const float board_w = l.cell * static_cast<float>(l.files);
  const float board_h = l.cell * static_cast<float>(l.ranks);
  l.origin = ImVec2(std::floor(pos.x + kMargin + (avail_w - board_w) * 0.5f), std::floor(pos.y));

  const bool pressed = ImGui::InvisibleButton(id, ImVec2(std::max(size.x, 1.0f), std::max(board_h + kMargin, 1.0f)));
  const bool item_hovered = ImGui::IsItemHovered();
  if (item_hovered) {
    const engine::Square s = l.square_at(ImGui::GetIO().MousePos);
    if (s != engine::kNoSquare) result.hovered = s;
  }
  if (pressed && result.hovered) result.clicked = result.hovered;

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float thin = std::max(1.0f, l.cell / 48.0f);
  const bool points = g.on_points();
  if (points)
    dl->AddRectFilled(l.origin, ImVec2(l.origin.x + board_w, l.origin.y + board_h), colour::kBoard);
  // Squares and terrain (on a board of points the squares are only click cells).
  for (engine::Square s = 0; s < g.size(); ++s) {
    const ImVec2 a = cell_min(l, s);
    const ImVec2 b(a.x + l.cell, a.y + l.cell);
    const bool alt = ((g.file_of(s) + g.rank_of(s)) & 1) != 0;
    if (!points) dl->AddRectFilled(a, b, alt ? colour::kBoardAlt : colour::kBoard);
    const std::uint8_t t = points ? std::uint8_t{0} : g.terrain(s);
    const float inset = l.cell * 0.08f;
    const ImVec2 ia(a.x + inset, a.y + inset), ib(b.x - inset, b.y - inset);
    if (t & engine::kLake) dl->AddRectFilled(a, b, colour::kLake);
    if (t & engine::kPalace) dl->AddRectFilled(ia, ib, colour::kPalace & 0x80FFFFFFu);
    if (t & engine::kHeadquarters) dl->AddRect(ia, ib, colour::kHeadquarters, 0, 0, thin * 3);
    if (t & engine::kCamp) {
      dl->AddCircle(ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f), l.cell * 0.42f, colour::kCamp,
                    24, thin * 2.5f);
    }
    if (model.setup_player != 0 && model.game->setup_owner(s) == model.setup_player)
      dl->AddRectFilled(a, b, colour::kSetupArea);
    if (s == model.last_from || s == model.last_to) dl->AddRectFilled(a, b, colour::kLastMove);
  }
  // Grid (lines through the points, or cell borders), then border marks on top
  // so minus lines stay visible.
  if (points)
    draw_point_lines(dl, g, [&](engine::Square s) { return l.centre(s); }, colour::kGrid,
                     colour::kPalace & 0x80FFFFFFu, thin * 1.5f);
  for (int f = 0; f <= l.files && !points; ++f) {
    const float x = l.origin.x + static_cast<float>(f) * l.cell;
    dl->AddLine(ImVec2(x, l.origin.y), ImVec2(x, l.origin.y + board_h), colour::kGrid, thin);
  }
  for (int r = 0; r <= l.ranks && !points; ++r) {
    const float y = l.origin.y + static_cast<float>(r) * l.cell;
    dl->AddLine(ImVec2(l.origin.x, y), ImVec2(l.origin.x + board_w, y), colour::kGrid, thin);
  }
  for (engine::Square s = 0; s < g.size(); ++s) {
    const engine::Square right = g.at(g.file_of(s) + 1, g.rank_of(s));
    const engine::Square up = g.at(g.file_of(s), g.rank_of(s) + 1);
    for (const engine::Square n : {right, up}) {
      if (n == engine::kNoSquare || !g.border_marked(s, n)) continue;
      const ImVec2 ca = l.centre(s), cb = l.centre(n);
      const ImVec2 mid((ca.x + cb.x) * 0.5f, (ca.y + cb.y) * 0.5f);
      const float h = l.cell * 0.5f;
      const bool vertical = std::abs(ca.x - cb.x) > 0.5f;  // neighbours side by side
      dl->AddLine(vertical ? ImVec2(mid.x, mid.y - h) : ImVec2(mid.x - h, mid.y),
                  vertical ? ImVec2(mid.x, mid.y + h) : ImVec2(mid.x + h, mid.y),
                  colour::kMinusLine, thin * 4);
    }
  }
  // Coordinates.
  const ImU32 label = ImGui::GetColorU32(ImGuiCol_Text);
  for (int f = 0; f < l.files; ++f) {
    const engine::Square s = g.at(f, 0);
    const std::string name(1, static_cast<char>('a' + f));
    const ImVec2 c = l.centre(s);
    dl->AddText(ImVec2(c.x - ImGui::CalcTextSize(name.c_str()).x * 0.5f, l.origin.y + board_h + 2),
                label, name.c_str());
  }
  for (int r = 0; r < l.ranks; ++r) {
    const std::string name = std::to_string(r + 1);
    const ImVec2 c = l.centre(g.at(0, r));
    const ImVec2 ts = ImGui::CalcTextSize(name.c_str());
    dl->AddText(ImVec2(l.origin.x - ts.x - 5, c.y - ts.y * 0.5f), label, name.c_str());
  }
  // Operator marks under the pieces.
  for (const engine::Square s : model.targets) {
    dl->AddCircleFilled(l.centre(s), l.cell * 0.16f, colour::kTarget);
  }
  // Pieces.
  ImFont* font = ImGui::GetFont();
  const float font_size = std::max(ImGui::GetFontSize(), l.cell * 0.42f);
  for (const auto& sv : model.view->board) {
    const ImVec2 c = l.centre(sv.square);
    const float rad = l.cell * 0.40f;
    const bool masked = sv.owner >= 1 && sv.owner <= 2 &&
                        model.masked[static_cast<std::size_t>(sv.owner - 1)] && !sv.revealed;
    dl->AddCircleFilled(c, rad, player_colour(sv.owner), 32);
    if (sv.revealed) dl->AddCircle(c, rad, IM_COL32(255, 255, 255, 230), 32, thin * 2.5f);
    if (sv.type && !masked) {
      const char* text = piece_label(*model.game, *sv.type);
      const ImVec2 ts = font->CalcTextSizeA(font_size, FLT_MAX, 0.0f, text);
      dl->AddText(font, font_size, ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f),
                  colour::kPieceText, text);
    } else {
      dl->AddCircle(c, rad * 0.55f, IM_COL32(255, 255, 255, 70), 24, thin);
    }
  }
  // Selection and battle marks above pieces.
  if (model.selected != engine::kNoSquare) {
    const ImVec2 a = cell_min(l, model.selected);
    dl->AddRect(a, ImVec2(a.x + l.cell, a.y + l.cell), colour::kSelected, 0, 0, thin * 4);
  }
  for (const engine::Square s : model.battles) {
    const ImVec2 a = cell_min(l, s);
    dl->AddRect(ImVec2(a.x + 3, a.y + 3), ImVec2(a.x + l.cell - 3, a.y + l.cell - 3),
                colour::kBattle, 4, 0, thin * 3);
  }
  if (result.hovered && contains(model.targets, *result.hovered)) {
    const ImVec2 a = cell_min(l, *result.hovered);
    dl->AddRect(a, ImVec2(a.x + l.cell, a.y + l.cell), colour::kTarget, 0, 0, thin * 3);
  }
  if (result.hovered) {
    const engine::Square s = *result.hovered;
    for (const auto& sv : model.view->board) {
      if (sv.square != s || !sv.type) continue;
      const bool masked = sv.owner >= 1 && sv.owner <= 2 &&
                          model.masked[static_cast<std::size_t>(sv.owner - 1)] && !sv.revealed;
      if (!masked) {
        ImGui::SetTooltip("%s %s", g.name(s).c_str(),
                          piece_name(model.game->roster()[static_cast<std::size_t>(*sv.type)],
                                     model.lang));
      }
    }
  }
  return result;
}

}  // namespace facedown::ui
