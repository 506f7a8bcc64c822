#include "broadcast/elements.h"

#include "broadcast/on_air_analysis.h"
#include "broadcast/reveal.h"

namespace facedown::broadcast {

namespace {

// Why a cued caption is off at `now`, or empty when it shows (held or not).
std::string caption_idle(const OnAirModel& m, const DirectorState& d, double now_wall, double& next_change_in) {
  if (!m.caption) return "no caption";
  if (d.caption_hold) return {};
  if (m.caption_wall <= d.caption_cleared_wall) return "caption cleared";
  if (m.result && !d.caption_keep && m.caption_wall <= m.result_wall) return "caption cleared at the result";
  if (d.caption_timeout > 0) {
    const double left = m.caption_wall + d.caption_timeout - now_wall;
    if (left <= 0) return "caption timed out";
    next_change_in = left;
  }
  return {};
}

// Why the analysis (deduction, win bar) gives way now, or empty: the story is
// told first. While a battle is being explained its row's analysis would be
// ahead of the picture (the trays and the banner wait for the battle too);
// the result, a warning's toast, the pause's card, standby and the final
// reveal are read, not painted over (the toast takes the win bar's strip).
std::string analysis_gives_way(const OnAirModel& m, const DirectorState& d, double now_wall, const BattleMoment& b) {
  if (b.animating()) return "gives way to the battle";
  switch (banner_on_air(m, now_wall, b)) {
    case Banner::kResult:
      if (d.is_shown(Element::kResult)) return "gives way to the result";
      break;
    case Banner::kWarning: return "gives way to the warning";
    case Banner::kPaused:
      if (d.is_shown(Element::kScorebug)) return "gives way to the pause";
      break;
    case Banner::kStandby:
      if (d.is_shown(Element::kStandby)) return "gives way to standby";
      break;
    default: break;
  }
  if (d.is_shown(Element::kReveal) && m.closed && reveal_on_air(m)) return "gives way to the reveal";
  return {};
}

}  // namespace

ElementsShown elements_on_air(const OnAirModel& m, const DirectorState& d, double now_wall, const BattleMoment& b) {
  ElementsShown out;
  out.layout = d.layout;
  const bool picture_held = m.held || d.picture_hold.has_value();
  const int picture_seq = d.picture_hold ? d.picture_hold->seq : m.last_seq;
  for (std::size_t i = 0; i < kElementCount; ++i) {
    const auto e = static_cast<Element>(i);
    ElementState& s = out.element[i];
    s.cued = d.is_shown(e);
    std::string idle;
    switch (e) {
      case Element::kBoard:
      case Element::kBoardCompact:
      case Element::kPlayers:
      case Element::kScorebug:
      case Element::kSlate:
        if (!m.opened) idle = "no match";
        break;
      case Element::kExplainer:
        if (!b.animating()) idle = "no battle";
        break;
      case Element::kCaption: idle = caption_idle(m, d, now_wall, out.next_change_in); break;
      case Element::kResult:
        if (!m.result) idle = "no result";
        else if (b.animating()) idle = "the battle first";
        break;
      case Element::kReveal:
        if (!m.closed) idle = "the result is not confirmed";
        else if (!reveal_on_air(m)) idle = "no setup published";
        break;
      case Element::kStandby:
        if (!desk_standby(m, now_wall)) idle = "the desk is live";
        break;
      case Element::kDeduction:
      case Element::kWinBar:
      case Element::kPieceOdds:
        idle = analysis_idle(m, e);
        if (idle.empty()) idle = analysis_gives_way(m, d, now_wall, b);
        break;
      case Element::kFeedLost:
        // A frame exists only while the feed lives: the page that stops hearing it turns this on.
        idle = "the feed is live";
        break;
    }
    s.on = s.cued && idle.empty();
    if (s.cued && !s.on) s.idle = idle;
    if (in_picture(e) && picture_held) {
      s.held = true;
      s.held_seq = picture_seq;
    } else if (e == Element::kCaption && d.caption_hold) {
      s.held = true;
      s.held_seq = d.caption_hold->seq;
    }
  }
  if (!out[Element::kCaption].on) out.next_change_in = 0;
  return out;
}

std::optional<Presentation> picture_presentation(const std::optional<Presentation>& desk_hold, const DirectorState& d) {
  const bool desk = desk_hold && desk_hold->held;
  if (!desk && !d.picture_hold) return std::nullopt;
  if (desk && (!d.picture_hold || desk_hold->held_seq <= d.picture_hold->seq)) return desk_hold;
  return Presentation{true, d.picture_hold->seq, d.picture_hold->wall};
}

std::string_view theme_layout(Layout director, bool portrait_hint) {
  switch (director) {
    case Layout::kFaces: return "faces";
    case Layout::kPortrait: return "portrait";
    case Layout::kLandscape: break;
  }
  return portrait_hint ? "portrait" : "landscape";
}

bool theme_layout_portrait(std::string_view theme_layout) { return theme_layout == "portrait"; }

std::string_view deduction_placement(const ElementsShown& e) {
  if (e[Element::kBoard].on) return "board";
  if (e[Element::kBoardCompact].on) return "board_compact";
  return "deduction";
}

std::vector<Element> layout_drops(const DirectorState& d, Layout l) {
  Cue take;
  take.kind = Cue::Kind::kLayout;
  take.layout = l;
  const DirectorState after = apply_cue(d, take, 0, 0);
  std::vector<Element> out;
  for (std::size_t i = 0; i < kElementCount; ++i) {
    const auto e = static_cast<Element>(i);
    if (d.is_shown(e) && !after.is_shown(e)) out.push_back(e);
  }
  return out;
}

bool name_straps_on(const ElementsShown& e) {
  return e[Element::kScorebug].on && !e[Element::kPlayers].on && !shown_by_default(e.layout, Element::kPlayers);
}

BattleTiming director_timing(const DirectorState& d, BattleTiming fallback) {
  if (d.battle_seconds) fallback.explain_seconds = *d.battle_seconds;
  return fallback;
}

std::optional<Element> banner_owner(Banner b) {
  switch (b) {
    case Banner::kNone: return std::nullopt;
    case Banner::kResult: return Element::kResult;
    case Banner::kStandby: return Element::kStandby;
    case Banner::kPaused:
    case Banner::kWarning: return Element::kScorebug;
  }
  return std::nullopt;
}

}  // namespace facedown::broadcast
