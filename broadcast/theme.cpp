#include "broadcast/theme.h"

#include <cmath>
#include <fstream>
#include <optional>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace facedown::broadcast {

// Generated from feed/web/theme.json at configure time (broadcast/CMakeLists.txt).
const char* built_in_theme_text();

namespace {

using nlohmann::json;

std::optional<Rgba> parse_colour(const std::string& s) {
  if ((s.size() != 7 && s.size() != 9) || s[0] != '#') return std::nullopt;
  auto hex = [&](std::size_t i) -> int {
    int v = 0;
    for (std::size_t k = i; k < i + 2; ++k) {
      const char c = s[k];
      v *= 16;
      if (c >= '0' && c <= '9') v += c - '0';
      else if (c >= 'a' && c <= 'f') v += c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') v += c - 'A' + 10;
      else return -1;
    }
    return v;
  };
  int parts[4] = {0, 0, 0, 255};
  for (std::size_t i = 0; i < (s.size() - 1) / 2; ++i) {
    parts[i] = hex(1 + 2 * i);
    if (parts[i] < 0) return std::nullopt;
  }
  return Rgba{static_cast<std::uint8_t>(parts[0]), static_cast<std::uint8_t>(parts[1]),
              static_cast<std::uint8_t>(parts[2]), static_cast<std::uint8_t>(parts[3])};
}

std::optional<float> finite(const json& v) {
  if (!v.is_number()) return std::nullopt;
  const double d = v.get<double>();
  if (!std::isfinite(d)) return std::nullopt;
  return static_cast<float>(d);
}

std::variant<Theme, std::string> read(const json& j) {
  if (!j.is_object()) return std::string("the theme is not a JSON object");
  if (j.value("version", 0) != 1) return std::string("the theme's \"version\" is not 1");
  Theme t;
  if (j.contains("safe_fraction")) {
    auto f = finite(j["safe_fraction"]);
    if (!f || *f < 0.5f || *f > 1.0f) return std::string("\"safe_fraction\" must be a number from 0.5 to 1");
    t.safe_fraction = *f;
  }
  const json& palette = j.contains("palette") ? j["palette"] : json();
  for (std::string_view name : kThemeColours) {
    const std::string key(name);
    if (!palette.is_object() || !palette.contains(key) || !palette[key].is_string())
      return fmt::format("palette.{} is missing (a colour \"#rrggbb\" or \"#rrggbbaa\")", key);
    auto c = parse_colour(palette[key].get<std::string>());
    if (!c) return fmt::format("palette.{} is not a colour \"#rrggbb\" or \"#rrggbbaa\"", key);
    t.palette[key] = *c;
  }
  const json& type = j.contains("type") ? j["type"] : json();
  for (std::string_view name : kThemeSizes) {
    const std::string key(name);
    auto f = type.is_object() && type.contains(key) ? finite(type[key]) : std::nullopt;
    if (!f || *f < 4 || *f > 300) return fmt::format("type.{} must be a size from 4 to 300 canvas pixels", key);
    t.type[key] = *f;
  }
  const json& metrics = j.contains("metrics") ? j["metrics"] : json();
  for (const ThemeMetric& m : kThemeMetrics) {
    const std::string key(m.key);
    const std::string group = key.substr(0, key.find('.')), name = key.substr(key.find('.') + 1);
    std::optional<float> f;
    if (metrics.is_object() && metrics.contains(group) && metrics[group].is_object() && metrics[group].contains(name))
      f = finite(metrics[group][name]);
    if (!f || *f < m.min || *f > m.max) return fmt::format("metrics.{} must be a number from {} to {}", key, m.min, m.max);
    t.metrics[key] = *f;
  }
  if (t.metrics["tray.tile_max"] < t.metrics["tray.tile_min"])
    return std::string("metrics.tray.tile_max must not be under metrics.tray.tile_min");
  const json& layouts = j.contains("layouts") ? j["layouts"] : json();
  std::map<std::string, Theme, std::less<>> per_layout;
  for (std::string_view lname : kThemeLayouts) {
    const std::string lkey(lname);
    if (!layouts.is_object() || !layouts.contains(lkey) || !layouts[lkey].is_object() ||
        !layouts[lkey].contains("elements") || !layouts[lkey]["elements"].is_object())
      return fmt::format("layouts.{}.elements is missing", lkey);
    const json& layout = layouts[lkey];
    const json& elements = layout["elements"];
    ThemeLayout& out = t.layouts[lkey];
    if (layout.contains("canvas")) {
      const json& c = layout["canvas"];
      float size[2] = {0, 0};
      const char* sides[2] = {"width", "height"};
      for (int k = 0; k < 2; ++k)
        if (c.is_object() && c.contains(sides[k]) && c[sides[k]].is_number())
          size[k] = finite(c[sides[k]]).value_or(0.0f);
      if (!(size[0] >= 320 && size[0] <= 4096 && size[1] >= 320 && size[1] <= 4096))
        return fmt::format("layouts.{}.canvas must be {{\"width\", \"height\"}}, each from 320 to 4096 pixels", lkey);
      out.width = size[0];
      out.height = size[1];
    }
    if (layout.contains("metrics")) {
      const json& own = layout["metrics"];
      if (!own.is_object()) return fmt::format("layouts.{}.metrics is not an object", lkey);
      for (const auto& [group, names] : own.items()) {
        if (!names.is_object()) return fmt::format("layouts.{}.metrics.{} is not an object", lkey, group);
        for (const auto& [name, value] : names.items()) {
          const std::string key = group + "." + name;
          const ThemeMetric* m = nullptr;
          for (const ThemeMetric& k : kThemeMetrics)
            if (k.key == key) m = &k;
          if (!m) return fmt::format("layouts.{}.metrics.{} is not a metric of the theme", lkey, key);
          auto f = finite(value);
          if (!f || *f < m->min || *f > m->max)
            return fmt::format("layouts.{}.metrics.{} must be a number from {} to {}", lkey, key, m->min, m->max);
          out.metrics[key] = *f;
        }
      }
    }
    for (std::string_view ename : kThemeElements) {
      const std::string ekey(ename);
      const std::string where = fmt::format("layouts.{}.elements.{}", lkey, ekey);
      if (!elements.contains(ekey) || !elements[ekey].is_object()) return where + " is missing ({x, y, w, h})";
      const json& e = elements[ekey];
      ThemeRect r;
      float* fields[] = {&r.x, &r.y, &r.w, &r.h};
      const char* names[] = {"x", "y", "w", "h"};
      for (int k = 0; k < 4; ++k) {
        auto f = e.contains(names[k]) ? finite(e[names[k]]) : std::nullopt;
        if (!f) return fmt::format("{}.{} is not a number", where, names[k]);
        *fields[k] = *f;
      }
      constexpr float kSlack = 0.5f;
      if (r.w < 0 || r.h < 0 || r.x < -kSlack || r.y < -kSlack || r.x + r.w > out.width + kSlack ||
          r.y + r.h > out.height + kSlack)
        return fmt::format("{} lies outside the {}x{} canvas", where, out.width, out.height);
      out.elements[ekey] = r;
    }
  }
  // Each layout that sets metrics of its own reads the shared ones under them.
  for (const auto& [name, layout] : t.layouts) {
    if (layout.metrics.empty()) continue;
    Theme own = t;
    for (const auto& [key, v] : layout.metrics) own.metrics[key] = v;
    per_layout.emplace(name, std::move(own));
  }
  // A layout's own theme answers in_layout with itself (it holds no layout themes: no cycle).
  if (!per_layout.empty()) t.layout_themes = std::make_shared<const std::map<std::string, Theme, std::less<>>>(std::move(per_layout));
  return t;
}

}  // namespace

Rgba Theme::colour(std::string_view name) const {
  auto it = palette.find(name);
  return it == palette.end() ? Rgba{} : it->second;
}

float Theme::size(std::string_view name) const {
  auto it = type.find(name);
  return it == type.end() ? 0.0f : it->second;
}

float Theme::metric(std::string_view key) const {
  auto it = metrics.find(key);
  return it == metrics.end() ? 0.0f : it->second;
}

ThemeRect Theme::canvas(std::string_view layout) const {
  auto l = layouts.find(layout);
  if (l == layouts.end()) return {0, 0, kThemeCanvasWidth, kThemeCanvasHeight};
  return {0, 0, l->second.width, l->second.height};
}

ThemeRect Theme::safe_area(std::string_view layout) const {
  const ThemeRect c = canvas(layout);
  const float mx = c.w * (1 - safe_fraction) / 2, my = c.h * (1 - safe_fraction) / 2;
  return {mx, my, c.w - 2 * mx, c.h - 2 * my};
}

const Theme& Theme::in_layout(std::string_view layout) const {
  if (!layout_themes) return *this;
  auto it = layout_themes->find(layout);
  return it == layout_themes->end() ? *this : it->second;
}

ThemeRect Theme::element(std::string_view layout, std::string_view name) const {
  auto l = layouts.find(layout);
  if (l == layouts.end()) return {};
  auto e = l->second.elements.find(name);
  return e == l->second.elements.end() ? ThemeRect{} : e->second;
}

std::variant<Theme, std::string> parse_theme(std::string_view text) {
  json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) return std::string("the theme is not valid JSON");
  return read(j);
}

std::variant<Theme, std::string> load_theme(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fmt::format("cannot read the theme {}", path.string());
  std::ostringstream s;
  s << in.rdbuf();
  auto got = parse_theme(s.str());
  if (auto* err = std::get_if<std::string>(&got)) return fmt::format("theme {}: {}", path.string(), *err);
  return got;
}

const Theme& built_in_theme() {
  // Parsed once: the text is a constant of the build, checked by tests/overlay/theme_test.cpp.
  static const Theme theme = [] {
    auto got = parse_theme(built_in_theme_text());
    return std::holds_alternative<Theme>(got) ? std::get<Theme>(got) : Theme{};
  }();
  return theme;
}

std::filesystem::path default_theme_path(const std::filesystem::path& executable) {
  std::error_code ec;
  const auto installed = executable.parent_path().parent_path() / "share" / "facedown" / "web" / "theme.json";
  if (std::filesystem::is_regular_file(installed, ec)) return installed;
#ifdef FACEDOWN_THEME_FILE
  return FACEDOWN_THEME_FILE;
#else
  return installed;
#endif
}

}  // namespace facedown::broadcast
