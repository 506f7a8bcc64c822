#include "clip/frame_renderer.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <string_view>

#include "clip/draw_list_raster.h"
#include "clip/paint_moment.h"
#include "overlay/overlay_fonts.h"
#include "overlay/overlay_session.h"

namespace facedown::clip {

namespace {

double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

template <class T>
std::uint64_t bytes_hash(const ImVector<T>& v, std::uint64_t seed) {
  const std::string_view bytes(reinterpret_cast<const char*>(v.Data), static_cast<std::size_t>(v.Size) * sizeof(T));
  return (seed * 0x100000001b3ULL) ^ std::hash<std::string_view>{}(bytes);
}

// Everything the rasteriser reads from a draw list.
std::uint64_t draw_list_key(const ImDrawList& dl, std::uint64_t atlas_generation) {
  std::uint64_t h = atlas_generation + 0x9e3779b97f4a7c15ULL;
  h = bytes_hash(dl.VtxBuffer, h);
  h = bytes_hash(dl.IdxBuffer, h);
  for (const ImDrawCmd& c : dl.CmdBuffer) {
    const float f[4] = {c.ClipRect.x, c.ClipRect.y, c.ClipRect.z, c.ClipRect.w};
    const std::string_view clip(reinterpret_cast<const char*>(f), sizeof f);
    h = (h * 0x100000001b3ULL) ^ std::hash<std::string_view>{}(clip);
    h = (h * 0x100000001b3ULL) ^ (static_cast<std::uint64_t>(c.ElemCount) << 32 | c.IdxOffset);
    h = (h * 0x100000001b3ULL) ^ c.VtxOffset;
  }
  return h;
}

}  // namespace

FrameRenderer::FrameRenderer(std::unique_ptr<broadcast::RowSource> rows, Look look, AnalysisLookup analysis)
    : look_(look), analysis_(std::move(analysis)) {
  ImGuiContext* before = ImGui::GetCurrentContext();
  imgui_ = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  io.DisplaySize = ImVec2(static_cast<float>(look_.width), static_cast<float>(look_.height));
  io.DeltaTime = 1.0f / 30.0f;
  // Large draw lists index past 65535 vertices through VtxOffset, as the GL backend allows.
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
  ImGui::SetCurrentContext(before);

  overlay::SessionConfig config;
  config.orientation = look_.orientation;
  config.lang = look_.lang;
  config.replay = true;
  config.timing = look_.timing;
  source_ = rows.get();
  session_ = std::make_unique<overlay::OverlaySession>(std::move(rows), config);
  session_->update(steady0_);
  session_->replay_action(overlay::ReplayAction::kStart, steady0_);
  session_->replay_action(overlay::ReplayAction::kPlayPause, steady0_);
  wall0_ = first_wall();
}

FrameRenderer::~FrameRenderer() {
  if (imgui_) ImGui::DestroyContext(imgui_);
}

const std::vector<broadcast::PublicRow>& FrameRenderer::rows() const { return source_->rows(); }

double FrameRenderer::first_wall() const { return rows().empty() ? 0 : rows().front().wall_time; }

const broadcast::OnAirModel& FrameRenderer::model() const { return shown_; }

void FrameRenderer::ensure_glyphs(const broadcast::OnAirModel& m) {
  const std::string wanted = glyphs_for_moment(m, look_.lang);
  bool known = !glyphs_.empty();
  for (unsigned cp : overlay::codepoints(wanted)) {
    auto at = std::lower_bound(asked_.begin(), asked_.end(), cp);
    if (at == asked_.end() || *at != cp) {
      asked_.insert(at, cp);
      known = false;
    }
  }
  if (known) return;
  glyphs_ += wanted;
  overlay::OverlayFonts fonts = overlay::load_overlay_fonts(*ImGui::GetIO().Fonts, glyphs_);
  font_error_ = fonts.error;
  small_font_ = fonts.small;
  large_font_ = fonts.large;
  if (!font_error_.empty()) {
    // No broadcast font (fonts-nanum missing): ImGui's own, so the clip still renders.
    ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
    atlas.Clear();
    atlas.AddFontDefault();
    atlas.Build();
    small_font_ = large_font_ = nullptr;
  }
  ++atlas_generation_;
}

const std::vector<std::uint8_t>& FrameRenderer::picture_at(double wall, bool* changed) {
  const double t0 = seconds_now();
  ImGuiContext* before = ImGui::GetCurrentContext();
  ImGui::SetCurrentContext(imgui_);
  const double steady = steady0_ + std::max(0.0, wall - wall0_);
  session_->update(steady);
  shown_ = session_->model();
  if (analysis_ && shown_.opened) shown_.analysis = analysis_(shown_.match, shown_.last_seq);
  ensure_glyphs(shown_);

  ImGuiIO& io = ImGui::GetIO();
  texts_.clear();
  PaintSettings settings;
  settings.theme = look_.theme;
  settings.width = look_.width;
  settings.height = look_.height;
  settings.small_font = small_font_;
  settings.large_font = large_font_;
  settings.layout = look_.layout;
  settings.text_log = &texts_;
  ImGui::NewFrame();
  ImDrawList& dl = *ImGui::GetBackgroundDrawList();
  paint_moment(dl, shown_, *session_, steady, wall, settings);
  const std::uint64_t key = draw_list_key(dl, atlas_generation_);
  const bool differs = !picture_key_ || *picture_key_ != key;
  const double t1 = seconds_now();
  paint_seconds_ += t1 - t0;
  if (differs) {
    AtlasPixels atlas;
    unsigned char* pixels = nullptr;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &atlas.width, &atlas.height);
    atlas.rgba = pixels;
    if (!canvas_) canvas_ = std::make_unique<Canvas>(look_.width, look_.height);
    Canvas& canvas = *canvas_;
    if (look_.transparent) {
      canvas.clear({0, 0, 0, 0});
    } else {
      const auto c = overlay::background_colour(look_.background);
      auto byte = [](float v) { return static_cast<unsigned char>(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f); };
      canvas.clear({byte(c[0]), byte(c[1]), byte(c[2]), 255});
    }
    canvas.paint(dl, atlas, look_.threads);
    canvas.rgba(picture_);
    picture_key_ = key;
    ++rasterised_;
    raster_seconds_ += seconds_now() - t1;
  }
  ImGui::EndFrame();
  ImGui::SetCurrentContext(before);
  if (changed) *changed = differs;
  return picture_;
}

}  // namespace facedown::clip
