#include "broadcast/director.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

namespace facedown::broadcast {

namespace {

struct ElementWords {
  Element e;
  std::string_view name, en, ko;
};
constexpr std::array<ElementWords, kElementCount> kElements = {{
    {Element::kBoard, "board", "Board", "판"},
    {Element::kBoardCompact, "board-compact", "Small board", "작은 판"},
    {Element::kScorebug, "scorebug", "Scorebug", "스코어버그"},
    {Element::kPlayers, "players", "Players", "선수"},
    {Element::kExplainer, "explainer", "Battle", "전투 설명"},
    {Element::kCaption, "caption", "Caption", "자막"},
    {Element::kResult, "result", "Result", "결과"},
    {Element::kReveal, "reveal", "Setups", "배치 공개"},
    {Element::kStandby, "standby", "Standby", "대기"},
    {Element::kSlate, "slate", "Slate", "타이틀"},
    {Element::kDeduction, "deduction", "Deduction", "추리"},
    {Element::kWinBar, "win-bar", "Win bar", "승률 막대"},
    {Element::kFeedLost, "feed-lost", "Feed lost", "신호 끊김"},
    {Element::kPieceOdds, "piece-odds", "Piece odds", "말별 확률"},
}};

struct LayoutWords {
  Layout l;
  std::string_view name, en, ko;
};
constexpr std::array<LayoutWords, kLayoutCount> kLayouts = {{
    {Layout::kLandscape, "landscape", "Landscape", "가로"},
    {Layout::kPortrait, "portrait", "Portrait", "세로"},
    {Layout::kFaces, "faces", "Faces", "얼굴"},
}};

std::size_t at(Element e) { return static_cast<std::size_t>(e); }

std::string element_list() {
  std::string out;
  for (const auto& w : kElements) out += (out.empty() ? "" : ", ") + std::string(w.name);
  return out;
}

std::string layout_list() {
  std::string out;
  for (const auto& w : kLayouts) out += (out.empty() ? "" : ", ") + std::string(w.name);
  return out;
}

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

// Seconds as typed: digits with at most one '.', nothing else (no sign, no
// exponent, no "inf"), so a typo is an error rather than a surprise.
std::optional<double> seconds_of(std::string_view w) {
  if (w.empty() || w.size() > 8) return std::nullopt;
  int dots = 0;
  for (char ch : w) {
    if (ch == '.') ++dots;
    else if (ch < '0' || ch > '9') return std::nullopt;
  }
  if (dots > 1 || w.front() == '.' || w.back() == '.') return std::nullopt;
  double v = 0;
  auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
  if (ec != std::errc() || p != w.data() + w.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::string seconds_text(double s) {
  std::string t = fmt::format("{:.1f}", s);
  if (t.size() > 2 && t.ends_with(".0")) t.resize(t.size() - 2);
  return t;
}

constexpr std::string_view kGrammar =
    "show|hide|hold|release ELEMENT, layout NAME, battle-seconds S, caption-timeout S|off, "
    "caption-keep on|off, caption-clear";

}  // namespace

std::string_view element_name(Element e) { return kElements[at(e)].name; }
std::string_view element_label(Element e, bool korean) { return korean ? kElements[at(e)].ko : kElements[at(e)].en; }
std::optional<Element> element_from_name(std::string_view name) {
  for (const auto& w : kElements)
    if (w.name == name) return w.e;
  return std::nullopt;
}

std::string_view layout_name(Layout l) { return kLayouts[static_cast<std::size_t>(l)].name; }
std::string_view layout_label(Layout l, bool korean) {
  const auto& w = kLayouts[static_cast<std::size_t>(l)];
  return korean ? w.ko : w.en;
}
std::optional<Layout> layout_from_name(std::string_view name) {
  for (const auto& w : kLayouts)
    if (w.name == name) return w.l;
  return std::nullopt;
}

bool kept_by_layout(Layout /*l*/, Element e) {
  // Every layout has a place for each (theme.json's deduction, win_bar and piece_odds).
  return e == Element::kDeduction || e == Element::kWinBar || e == Element::kPieceOdds;
}

bool shown_by_default(Layout l, Element e) {
  switch (e) {
    case Element::kScorebug:
    case Element::kCaption:
      return true;  // every layout: the faces layout is exactly these two
    case Element::kBoardCompact:
    case Element::kSlate:
    case Element::kDeduction:
    case Element::kWinBar:
    case Element::kPieceOdds:
      return false;  // only on a cue
    default:
      return l != Layout::kFaces;
  }
}

bool in_picture(Element e) {
  return e == Element::kBoard || e == Element::kBoardCompact || e == Element::kPlayers || e == Element::kExplainer ||
         e == Element::kResult;
}

bool holdable(Element e) { return in_picture(e) || e == Element::kCaption; }

std::variant<Cue, std::string> parse_cue(std::string_view text) {
  const auto w = words_of(text);
  if (w.empty()) return fmt::format("an empty cue: expected one of {}", kGrammar);
  Cue c;
  const std::string_view verb = w[0];
  auto arity = [&](std::size_t n) -> std::optional<std::string> {
    if (w.size() == n) return std::nullopt;
    return fmt::format("\"{}\" takes {} word{} after it, got {}", verb, n - 1, n == 2 ? "" : "s", w.size() - 1);
  };
  if (verb == "show" || verb == "hide" || verb == "hold" || verb == "release") {
    if (auto e = arity(2)) return *e;
    auto el = element_from_name(w[1]);
    if (!el) return fmt::format("no element \"{}\": the elements are {}", w[1], element_list());
    c.kind = verb == "show" ? Cue::Kind::kShow
             : verb == "hide" ? Cue::Kind::kHide
             : verb == "hold" ? Cue::Kind::kHold
                              : Cue::Kind::kRelease;
    c.element = *el;
    return c;
  }
  if (verb == "layout") {
    if (auto e = arity(2)) return *e;
    auto l = layout_from_name(w[1]);
    if (!l) return fmt::format("no layout \"{}\": the layouts are {}", w[1], layout_list());
    c.kind = Cue::Kind::kLayout;
    c.layout = *l;
    return c;
  }
  if (verb == "battle-seconds") {
    if (auto e = arity(2)) return *e;
    auto s = seconds_of(w[1]);
    if (!s || *s < kMinBattleSeconds || *s > kMaxBattleSeconds)
      return fmt::format("battle-seconds \"{}\": give seconds from {} to {}", w[1], seconds_text(kMinBattleSeconds),
                         seconds_text(kMaxBattleSeconds));
    c.kind = Cue::Kind::kBattleSeconds;
    c.seconds = std::round(*s * 10) / 10;
    return c;
  }
  if (verb == "caption-timeout") {
    if (auto e = arity(2)) return *e;
    c.kind = Cue::Kind::kCaptionTimeout;
    if (w[1] == "off") return c;
    auto s = seconds_of(w[1]);
    if (!s || *s < 1 || *s > kMaxCaptionSeconds)
      return fmt::format("caption-timeout \"{}\": give seconds from 1 to {}, or off", w[1],
                         seconds_text(kMaxCaptionSeconds));
    c.seconds = std::round(*s * 10) / 10;
    return c;
  }
  if (verb == "caption-keep") {
    if (auto e = arity(2)) return *e;
    if (w[1] != "on" && w[1] != "off") return fmt::format("caption-keep \"{}\": give on or off", w[1]);
    c.kind = Cue::Kind::kCaptionKeep;
    c.on = w[1] == "on";
    return c;
  }
  if (verb == "caption-clear") {
    if (auto e = arity(1)) return *e;
    c.kind = Cue::Kind::kCaptionClear;
    return c;
  }
  return fmt::format("no cue \"{}\": expected one of {}", verb, kGrammar);
}

std::string cue_text(const Cue& c) {
  switch (c.kind) {
    case Cue::Kind::kShow: return fmt::format("show {}", element_name(c.element));
    case Cue::Kind::kHide: return fmt::format("hide {}", element_name(c.element));
    case Cue::Kind::kHold: return fmt::format("hold {}", element_name(c.element));
    case Cue::Kind::kRelease: return fmt::format("release {}", element_name(c.element));
    case Cue::Kind::kLayout: return fmt::format("layout {}", layout_name(c.layout));
    case Cue::Kind::kBattleSeconds: return fmt::format("battle-seconds {}", seconds_text(c.seconds));
    case Cue::Kind::kCaptionTimeout:
      return c.seconds > 0 ? fmt::format("caption-timeout {}", seconds_text(c.seconds)) : "caption-timeout off";
    case Cue::Kind::kCaptionKeep: return c.on ? "caption-keep on" : "caption-keep off";
    case Cue::Kind::kCaptionClear: return "caption-clear";
  }
  return {};
}

DirectorState::DirectorState() {
  for (const auto& w : kElements) shown[at(w.e)] = shown_by_default(layout, w.e);
}

std::optional<HeldElement> DirectorState::hold_of(Element e) const {
  if (in_picture(e)) return picture_hold;
  if (e == Element::kCaption) return caption_hold;
  return std::nullopt;
}

namespace {

// Only what is on air stays held: once no element a hold keeps is shown, the
// hold goes (it would otherwise come back frozen on a later show).
void drop_holds_off_air(DirectorState& s) {
  bool picture_shown = false;
  for (const auto& w : kElements) picture_shown = picture_shown || (in_picture(w.e) && s.is_shown(w.e));
  if (!picture_shown) s.picture_hold.reset();
  if (!s.is_shown(Element::kCaption)) s.caption_hold.reset();
}

}  // namespace

std::optional<std::string> check_cue(const DirectorState& s, const Cue& c) {
  const auto name = element_name(c.element);
  switch (c.kind) {
    case Cue::Kind::kHold:
      if (c.element == Element::kScorebug)
        return fmt::format("hold {}: the scorebug carries the live clock and is never held", name);
      if (!holdable(c.element))
        return fmt::format("hold {}: only the picture (board, players, explainer, result) and the caption are held",
                           name);
      if (!s.is_shown(c.element)) return fmt::format("hold {}: it is not on air", name);
      if (s.hold_of(c.element))
        return in_picture(c.element)
                   ? fmt::format("hold {}: the picture is held already (board, players, explainer and result hold "
                                 "together)",
                                 name)
                   : fmt::format("hold {}: it is held already", name);
      return std::nullopt;
    case Cue::Kind::kRelease:
      if (!s.hold_of(c.element)) return fmt::format("release {}: it is not held", element_name(c.element));
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

DirectorState apply_cue(DirectorState s, const Cue& c, int seq, double wall) {
  if (check_cue(s, c)) return s;
  const std::size_t e = at(c.element);
  auto& hold = in_picture(c.element) ? s.picture_hold : s.caption_hold;
  switch (c.kind) {
    case Cue::Kind::kShow: s.shown[e] = true; break;
    case Cue::Kind::kHide:
      s.shown[e] = false;
      drop_holds_off_air(s);
      break;
    case Cue::Kind::kLayout:
      s.layout = c.layout;
      // A cued analysis element stays where the new layout has a place for it.
      for (const auto& w : kElements)
        s.shown[at(w.e)] = shown_by_default(c.layout, w.e) || (s.shown[at(w.e)] && kept_by_layout(c.layout, w.e));
      drop_holds_off_air(s);
      break;
    case Cue::Kind::kHold: hold = HeldElement{seq, wall}; break;
    case Cue::Kind::kRelease: hold.reset(); break;
    case Cue::Kind::kBattleSeconds: s.battle_seconds = c.seconds; break;
    case Cue::Kind::kCaptionTimeout: s.caption_timeout = c.seconds; break;
    case Cue::Kind::kCaptionKeep: s.caption_keep = c.on; break;
    case Cue::Kind::kCaptionClear: s.caption_cleared_wall = wall; break;
  }
  return s;
}

DirectorState fold_cues(const std::vector<CueRecord>& cues, std::vector<std::string>* problems) {
  DirectorState s;
  for (const auto& r : cues) {
    auto parsed = parse_cue(r.text);
    if (auto* err = std::get_if<std::string>(&parsed)) {
      if (problems) problems->push_back(fmt::format("cue {} skipped: {}", r.id, *err));
      continue;
    }
    const Cue& c = std::get<Cue>(parsed);
    if (auto why = check_cue(s, c)) {
      if (problems) problems->push_back(fmt::format("cue {} skipped: {}", r.id, *why));
      continue;
    }
    s = apply_cue(std::move(s), c, r.seq, r.wall);
  }
  return s;
}

DirectorState fold_cues_until(const std::vector<CueRecord>& cues, double until_wall, std::size_t rows_shown) {
  std::vector<CueRecord> given;
  if (rows_shown > 0)
    for (const CueRecord& c : cues)
      if (c.wall <= until_wall) given.push_back(c);
  return fold_cues(given);
}

}  // namespace facedown::broadcast
