// FrameDamage without a window: hand-made draw lists, a scenario per rule and
// random edits (a run of triangles replaced, inserted or removed) whose damage
// must hold every changed triangle; clip_to must keep each command's scissor
// inside both its own clip and the damage.
#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "overlay/frame_damage.h"

using facedown::overlay::FrameDamage;
using facedown::overlay::PixelRect;

namespace {

constexpr int kW = 1920, kH = 1080;
constexpr float kWf = 1920, kHf = 1080;

struct Quad {
  float x, y, w, h;
  ImU32 col;
};

// One draw list, one command: two triangles per quad, in order.
struct Frame {
  ImDrawList list{nullptr};
  ImDrawList* lists[1] = {&list};
  ImDrawData data;
  explicit Frame(const std::vector<Quad>& quads, ImVec4 clip = ImVec4(0, 0, kWf, kHf)) {
    for (const Quad& q : quads) {
      const auto base = static_cast<ImDrawIdx>(list.VtxBuffer.Size);
      const ImVec2 corners[4] = {{q.x, q.y}, {q.x + q.w, q.y}, {q.x + q.w, q.y + q.h}, {q.x, q.y + q.h}};
      for (const ImVec2& c : corners) list.VtxBuffer.push_back(ImDrawVert{c, ImVec2(0, 0), q.col});
      for (int i : {0, 1, 2, 0, 2, 3}) list.IdxBuffer.push_back(static_cast<ImDrawIdx>(base + i));
    }
    ImDrawCmd cmd;
    cmd.ClipRect = clip;
    cmd.ElemCount = static_cast<unsigned>(list.IdxBuffer.Size);
    list.CmdBuffer.push_back(cmd);
    data.Valid = true;
    data.CmdListsCount = 1;
    data.CmdLists = lists;
    data.DisplaySize = ImVec2(kWf, kHf);
    data.FramebufferScale = ImVec2(1, 1);
  }
};

bool holds(const PixelRect& r, const Quad& q) {
  auto f = [](int v) { return static_cast<float>(v); };
  return f(r.x0) <= q.x && f(r.y0) <= q.y && f(r.x1) >= q.x + q.w && f(r.y1) >= q.y + q.h;
}

std::vector<Quad> board() {
  std::vector<Quad> quads{{0, 0, kWf, kHf, 0xff00b140u}};  // the backdrop
  for (int i = 0; i < 40; ++i)
    quads.push_back({100.0f + 40.0f * static_cast<float>(i), 200.0f + 10.0f * static_cast<float>(i % 7), 30, 30,
                     0xff000000u + static_cast<ImU32>(i)});
  return quads;
}

}  // namespace

TEST_CASE("FrameDamage: the first frame, a new size and invalidate draw it all", "[overlay][damage]") {
  FrameDamage d;
  Frame f(board());
  CHECK_FALSE(d.update(f.data, kW, kH).has_value());
  CHECK(d.update(f.data, kW, kH).has_value());
  CHECK_FALSE(d.update(f.data, kW, kH - 1).has_value());
  CHECK(d.update(f.data, kW, kH - 1).has_value());
  d.invalidate();
  CHECK_FALSE(d.update(f.data, kW, kH - 1).has_value());
}

TEST_CASE("FrameDamage: the same frame is no damage: one quad changed is its box", "[overlay][damage]") {
  FrameDamage d;
  auto quads = board();
  Frame a(quads);
  d.update(a.data, kW, kH);
  auto same = d.update(a.data, kW, kH);
  REQUIRE(same.has_value());
  CHECK(same->empty());

  quads[10].col = 0xff0000ffu;  // a colour change only (the clock turning red)
  Frame b(quads);
  auto r = d.update(b.data, kW, kH);
  REQUIRE(r.has_value());
  CHECK(holds(*r, quads[10]));
  CHECK(r->area() <= (30 + 4) * (30 + 4));
}

TEST_CASE("FrameDamage: a scaled or offset display, or a callback, is not tracked", "[overlay][damage]") {
  FrameDamage d;
  Frame a(board());
  d.update(a.data, kW, kH);
  a.data.FramebufferScale = ImVec2(2, 2);
  CHECK_FALSE(d.update(a.data, kW, kH).has_value());
  CHECK_FALSE(d.update(a.data, kW, kH).has_value());
  a.data.FramebufferScale = ImVec2(1, 1);
  a.data.DisplayPos = ImVec2(5, 0);
  CHECK_FALSE(d.update(a.data, kW, kH).has_value());
  a.data.DisplayPos = ImVec2(0, 0);
  d.update(a.data, kW, kH);
  a.list.CmdBuffer[0].UserCallback = [](const ImDrawList*, const ImDrawCmd*) {};
  CHECK_FALSE(d.update(a.data, kW, kH).has_value());
}

TEST_CASE("FrameDamage: random edits are inside the damage, and so is nothing else drawn", "[overlay][damage][random]") {
  std::mt19937 rng(20261201);
  auto coord = [&](int hi) { return static_cast<float>(std::uniform_int_distribution<int>(0, hi)(rng)) + 0.25f; };
  for (int round = 0; round < 300; ++round) {
    std::vector<Quad> before = board();
    FrameDamage d;
    Frame a(before);
    d.update(a.data, kW, kH);
    std::vector<Quad> after = before;
    // A run of quads past the backdrop: replaced, inserted or removed.
    const auto at = static_cast<std::size_t>(std::uniform_int_distribution<int>(1, 40)(rng));
    const int n = std::uniform_int_distribution<int>(1, 3)(rng);
    const int kind = std::uniform_int_distribution<int>(0, 2)(rng);
    std::vector<Quad> changed;
    for (int i = 0; i < n && at < after.size(); ++i) {
      const Quad fresh{coord(kW - 60), coord(kH - 60), coord(50) + 1, coord(50) + 1, 0xff123456u};
      if (kind == 0) {
        const std::size_t k = at + static_cast<std::size_t>(i);  // a run of neighbours
        if (k >= after.size()) break;
        changed.push_back(after[k]);
        after[k] = fresh;
        changed.push_back(fresh);
      } else if (kind == 1) {
        after.insert(after.begin() + static_cast<std::ptrdiff_t>(at), fresh);
        changed.push_back(fresh);
      } else {
        changed.push_back(after[at]);
        after.erase(after.begin() + static_cast<std::ptrdiff_t>(at));
      }
    }
    Frame b(after);
    auto r = d.update(b.data, kW, kH);
    INFO("round " << round << ", kind " << kind);
    REQUIRE(r.has_value());
    if (changed.empty()) continue;
    CHECK_FALSE(r->empty());
    for (const Quad& q : changed) CHECK(holds(*r, q));
    CHECK(r->area() < static_cast<long>(kW) * kH);  // never the backdrop, which did not change
    CHECK(r->x0 >= 0);
    CHECK(r->y0 >= 0);
    CHECK(r->x1 <= kW);
    CHECK(r->y1 <= kH);
  }
}

TEST_CASE("FrameDamage::clip_to: each scissor is its own clip cut to the damage, in whole pixels", "[overlay][damage][random]") {
  std::mt19937 rng(7);
  auto real = [&](float hi) { return std::uniform_real_distribution<float>(0, hi)(rng); };
  for (int round = 0; round < 500; ++round) {
    const float cx = real(kWf), cy = real(kHf);
    const ImVec4 clip(cx, cy, cx + real(kWf - cx), cy + real(kHf - cy));
    Frame f({{0, 0, 10, 10, 0xffffffffu}}, clip);
    const int x0 = static_cast<int>(real(kWf - 1)), y0 = static_cast<int>(real(kHf - 1));
    const PixelRect r{x0, y0, x0 + 1 + static_cast<int>(real(static_cast<float>(kW - x0 - 1))),
                      y0 + 1 + static_cast<int>(real(static_cast<float>(kH - y0 - 1)))};
    FrameDamage::clip_to(f.data, r, kH);
    const ImVec4 c = f.list.CmdBuffer[0].ClipRect;
    // The backend's scissor of the original clip, in top-down rows.
    const int ox0 = static_cast<int>(clip.x), ox1 = ox0 + static_cast<int>(clip.z - clip.x);
    const int gy = static_cast<int>(kHf - clip.w), gh = static_cast<int>(clip.w - clip.y);
    const int oy0 = kH - (gy + gh), oy1 = kH - gy;
    const int ex0 = std::max(ox0, r.x0), ex1 = std::min(ox1, r.x1), ey0 = std::max(oy0, r.y0), ey1 = std::min(oy1, r.y1);
    INFO("round " << round);
    if (ex1 <= ex0 || ey1 <= ey0) {
      CHECK((c.z <= c.x || c.w <= c.y));
    } else {
      CHECK(c.x == static_cast<float>(ex0));
      CHECK(c.z == static_cast<float>(ex1));
      CHECK(c.y == static_cast<float>(ey0));
      CHECK(c.w == static_cast<float>(ey1));
    }
  }
}
