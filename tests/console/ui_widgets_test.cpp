// The shared UI layer without a window: board layout maps squares both ways, the
// board reports clicks on the square under the mouse, the catalog switches language.
#include <catch2/catch.hpp>

#include "engine/registry.h"
#include "engine/view.h"
#include "ui/board_widget.h"
#include "ui/headless.h"
#include "ui/i18n.h"

using namespace facedown;

TEST_CASE("board layout maps every square to its centre and back, flipped or not") {
  for (const bool flipped : {false, true}) {
    ui::BoardLayout l{ImVec2(30, 40), 50.0f, 6, 9, flipped};
    for (engine::Square s = 0; s < 54; ++s) CHECK(l.square_at(l.centre(s)) == s);
    CHECK(l.square_at(ImVec2(10, 10)) == engine::kNoSquare);
    CHECK(l.square_at(ImVec2(30 + 6 * 50 + 1, 60)) == engine::kNoSquare);
  }
  ui::BoardLayout l{ImVec2(0, 0), 10.0f, 6, 9, false};
  CHECK(l.square_at(ImVec2(5, 85)) == 0);  // a1 bottom-left
  CHECK(l.square_at(ImVec2(55, 5)) == 53);  // f9 top-right
}

TEST_CASE("the board widget reports a click on the square under the mouse, for every game") {
  ui::HeadlessContext ctx(ImVec2(800, 800));
  REQUIRE(ctx.font_error().empty());
  for (const auto& info : engine::all_games()) {
    const auto resolved = engine::resolve_options(info, info.default_preset, {});
    REQUIRE(!resolved.error);
    const auto game = info.make(resolved.options);
    engine::StateView view;
    const engine::Square target = game->geometry().at(1, 1);
    std::optional<engine::Square> clicked;
    ui::BoardLayout layout;
    auto frame = [&] {
      ctx.begin_frame();
      ImGui::SetNextWindowPos(ImVec2(0, 0));
      ImGui::SetNextWindowSize(ImVec2(800, 800));
      ImGui::Begin("b");
      ui::BoardModel m;
      m.game = game.get();
      m.view = &view;
      const auto r = ui::draw_board("board", m, ImVec2(600, 600));
      layout = r.layout;
      if (r.clicked) clicked = r.clicked;
      ImGui::End();
      ctx.end_frame();
    };
    frame();
    REQUIRE(layout.files == game->geometry().files());
    ctx.mouse_to(layout.centre(target));
    frame();
    ctx.mouse_down(true);
    frame();
    ctx.mouse_down(false);
    frame();
    REQUIRE(clicked);
    CHECK(*clicked == target);
  }
}

TEST_CASE("the catalog switches language and shows unknown keys as themselves") {
  ui::Catalog c;
  c.add({{"test.hello", "Hello", "안녕하세요"}});
  CHECK(std::string(c.get(ui::Lang::kEnglish, "test.hello")) == "Hello");
  CHECK(std::string(c.get(ui::Lang::kKorean, "test.hello")) == "안녕하세요");
  CHECK(std::string(c.get(ui::Lang::kKorean, "viewer.public")) == "공개");
  CHECK(std::string(c.get(ui::Lang::kKorean, "no.such.key")) == "no.such.key");
}

TEST_CASE("a masked side's pieces are drawn without their identity") {
  ui::HeadlessContext ctx(ImVec2(800, 800));
  const auto games = engine::all_games();
  const auto& info = games.front();
  const auto resolved = engine::resolve_options(info, info.default_preset, {});
  const auto game = info.make(resolved.options);
  engine::StateView pieces;
  for (const auto& p : game->random_setup(1, 5)) pieces.board.push_back({p.square, 1, p.type, false});
  // Glyph vertices the board draws: text quads sample the font atlas away from
  // its white pixel (shapes use the white pixel).
  auto glyph_vertices = [&](const engine::StateView& view, bool masked) {
    ctx.begin_frame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(800, 800));
    ImGui::Begin("b");
    ui::BoardModel m;
    m.game = game.get();
    m.view = &view;
    m.masked = {masked, false};
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const int before = dl->VtxBuffer.Size;
    ui::draw_board("board", m, ImVec2(600, 600));
    const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
    int glyphs = 0;
    for (int i = before; i < dl->VtxBuffer.Size; ++i) {
      const ImVec2 uv = dl->VtxBuffer[i].uv;
      if (uv.x != white.x || uv.y != white.y) ++glyphs;
    }
    ImGui::End();
    ctx.end_frame();
    return glyphs;
  };
  const int coordinates_only = glyph_vertices(engine::StateView{}, false);
  CHECK(glyph_vertices(pieces, false) > coordinates_only);   // labels shown
  CHECK(glyph_vertices(pieces, true) == coordinates_only);   // masked: no label at all
  pieces.board.front().revealed = true;  // a revealed piece is public: shown even masked
  CHECK(glyph_vertices(pieces, true) > coordinates_only);
}
