// Where the elements sit, every pair of them, in every layout and every game
// (issue 32, "never over the action"). Written over the element list: each
// director's element (broadcast::Element, 0 to kElementCount) is placed by the
// theme's placements it paints into (its_places below; an element it does not
// know is placed at the theme placement of its own name, "piece-odds" at
// "piece_odds", and fails when the theme has none), so a new element is in
// every pair at once. Pairs that may share canvas, and why:
//   - the story over the analysis: the explainer, the result, the reveal, the
//     warning's toast, the pause's card and standby over the analysis
//     elements (the deduction, the win bar, any element a layout keeps:
//     director.h kept_by_layout): the analysis is off while they are on
//     (elements.h analysis_gives_way; "the analysis yields" below checks it
//     for each of them in every layout);
//   - cards over the still picture: the result, the pause's and standby's
//     card, the reveal, the slate and feed lost lie over the board, the small
//     board, the deduction on them and the player panels: the match is over,
//     stopped, unheard or not yet begun while they are up;
//   - one banner at a time (on_air_rules.h banner_on_air): the result, the
//     pause's card, standby and the toast never show together (and standby,
//     the pause's card share the card's place);
//   - the reveal after the result: `close` confirms the result, and the reveal
//     card covers the result banner it follows;
//   - the small board is cue-only, beside a camera shot: in landscape and
//     portrait its placement lies over the right panel and the board's right
//     side (the desk says taking those layouts drops it); the deduction lies
//     on whichever board is on air (its placement is a board's);
//   - the name straps are painted only where no player panel is on
//     (elements.h name_straps_on), so never with the panels;
//   - feed lost and the slate: a page's own card, and a title card, over the
//     picture.
// Every other pair never intersects. The explainer moves (explainer_place.h):
// for every game's frame it is checked against every element placed here.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>

#include <fmt/format.h>

#include "broadcast/board_drawing.h"
#include "broadcast/elements.h"
#include "broadcast/explainer_place.h"
#include "broadcast/on_air_analysis.h"
#include "broadcast/on_air_rules.h"
#include "broadcast/theme.h"
#include "element_moments.h"
#include "overlay_support.h"

using namespace facedown;
using broadcast::Element;
using broadcast::Layout;
using broadcast::OnAirModel;
using broadcast::ThemeRect;

namespace {

bool overlaps(const ThemeRect& a, const ThemeRect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// A drawn part on the canvas: the element it belongs to, its name ("toast",
// "panel1") and where it is.
struct Place {
  std::string element, part;
  ThemeRect r;
};

// What a part is for the pair rules.
enum class Role { kStory, kAnalysis, kCard, kPicture, kOther };

bool analysis_element(Element e) {
  for (std::size_t l = 0; l < broadcast::kLayoutCount; ++l)
    if (broadcast::kept_by_layout(static_cast<Layout>(l), e)) return true;
  return false;
}

// The board as drawn in `space` (its squares fitted, centred) with its frame.
ThemeRect framed_board(const broadcast::Theme& t, const broadcast::BoardDrawing& d, const ThemeRect& space) {
  const float cell = std::min(space.w / static_cast<float>(d.columns), space.h / static_cast<float>(d.rows));
  const float w = cell * static_cast<float>(d.columns), h = cell * static_cast<float>(d.rows);
  const float m = t.metric("board.margin");
  return {space.x + (space.w - w) / 2 - m, space.y + (space.h - h) / 2 - m, w + 2 * m, h + 2 * m};
}

std::string placement_name(Element e) {
  std::string n(broadcast::element_name(e));
  for (char& c : n)
    if (c == '-') c = '_';
  return n;
}

// Every part each element paints in `layout` (the explainer aside: it moves).
std::vector<Place> its_places(const broadcast::Theme& t, Layout director, const broadcast::BoardDrawing& d) {
  const std::string_view layout = broadcast::theme_layout(director, false);
  std::vector<Place> out;
  const auto at = [&](Element e, const char* part) {
    out.push_back({std::string(broadcast::element_name(e)), part, t.element(layout, part)});
  };
  for (std::size_t i = 0; i < broadcast::kElementCount; ++i) {
    const auto e = static_cast<Element>(i);
    const std::string name(broadcast::element_name(e));
    switch (e) {
      case Element::kScorebug:
        at(e, "top_bar");
        at(e, "toast");  // the warning's toast and the pause's card are the scorebug's banners
        at(e, "card");
        // The name straps, where they are painted: a layout that shows no panel when taken.
        if (!broadcast::shown_by_default(director, Element::kPlayers)) at(e, "strap1"), at(e, "strap2");
        break;
      case Element::kPlayers: at(e, "panel1"), at(e, "panel2"); break;
      case Element::kBoard:
        out.push_back({name, "board", framed_board(t, d, t.element(layout, "board"))});
        at(e, "footer");
        break;
      case Element::kBoardCompact:
        out.push_back({name, "board_compact", framed_board(t, d, t.element(layout, "board_compact"))});
        break;
      case Element::kDeduction:
        // On whichever board is on air; its own placement (a board's) where none is.
        out.push_back({name, "deduction", framed_board(t, d, t.element(layout, "deduction"))});
        break;
      case Element::kExplainer: break;  // it moves: checked per frame below
      case Element::kResult: at(e, "banner"); break;
      case Element::kStandby: at(e, "card"); break;
      default: {
        const std::string p = placement_name(e);
        const ThemeRect r = t.element(layout, p);
        INFO("element " << name << " has no placement " << p << " in " << layout);
        CHECK(r.w > 0);
        if (analysis_element(e) && (p != "win_bar"))  // an analysis element lies on a board
          out.push_back({name, p, framed_board(t, d, r)});
        else
          out.push_back({name, p, r});
      }
    }
  }
  return out;
}

Role role(const Place& p) {
  const auto e = broadcast::element_from_name(p.element);
  if (p.part == "toast" || p.part == "card" || p.element == "explainer" || p.element == "result" ||
      p.element == "reveal" || p.element == "standby")
    return Role::kStory;
  if (e && analysis_element(*e)) return Role::kAnalysis;
  if (p.element == "slate" || p.element == "feed-lost") return Role::kCard;
  if (p.element == "board" || p.element == "board-compact" || p.element == "players") return Role::kPicture;
  return Role::kOther;
}

// The analysis that lies on the board on air: the deduction's heat and the piece odds' labels.
bool on_board(const Place& p) { return p.element == "deduction" || p.element == "piece-odds"; }

// Why `a` and `b` may share canvas (empty: they must not).
std::string may_overlap(const Place& a, const Place& b, Layout layout) {
  const Role ra = role(a), rb = role(b);
  const auto either = [&](auto f) { return f(a, b) || f(b, a); };
  if ((ra == Role::kStory && rb == Role::kAnalysis) || (rb == Role::kStory && ra == Role::kAnalysis))
    return "the analysis yields to the story";
  if (a.element == b.element && a.part == b.part) return "one part";
  const auto is_card = [](const Place& p) {
    return p.element == "result" || p.element == "standby" || p.element == "reveal" || p.element == "slate" ||
           p.element == "feed-lost" || p.part == "card";
  };
  const auto still_picture = [](const Place& p) {
    return p.element == "board" || p.element == "board-compact" || p.element == "players" ||
           on_board(p) || p.element == "explainer";
  };
  if (either([&](const Place& x, const Place& y) { return is_card(x) && still_picture(y); }))
    return "a card over the still picture";
  const auto banner = [](const Place& p) {
    return p.element == "result" || p.element == "standby" || p.part == "card" || p.part == "toast";
  };
  if (banner(a) && banner(b)) return "one banner at a time";
  if (either([](const Place& x, const Place& y) { return x.element == "reveal" && y.element == "result"; }))
    return "the reveal covers the result it follows";
  if (either([](const Place& x, const Place& y) { return x.element == "reveal" && (y.part == "toast" || y.part == "card") && y.element == "scorebug"; }))
    return "no warning or pause once the match is confirmed (the reveal comes after `close`)";
  if (either([](const Place& x, const Place& y) { return x.element == "reveal" && y.element == "standby"; }))
    return "standby's card over the reveal: the desk went quiet";
  if (either([](const Place& x, const Place& y) { return x.element == "reveal" && (y.part == "strap1" || y.part == "strap2"); }))
    return "the reveal card names both finalists itself";
  const auto own_card = [](const Place& p) { return p.element == "feed-lost" || p.element == "slate"; };
  if ((own_card(a) || own_card(b)) && is_card(a) && is_card(b)) return "cards over the picture";
  if (layout != Layout::kFaces && (a.element == "board-compact" || b.element == "board-compact"))
    return "the small board is for a camera shot: in landscape and portrait a cue over the picture (taking them drops it)";
  if (layout == Layout::kFaces &&
      either([](const Place& x, const Place& y) { return (x.element == "board-compact" || on_board(x)) && y.part == "panel2"; }))
    return "faces: the small board takes the right panel's place (both are cue-only there)";
  if (!broadcast::shown_by_default(layout, Element::kPlayers) && (a.element == "players" || b.element == "players"))
    return "faces: the panels are cue-only (the straps name the finalists); cued over the camera shot they keep "
           "landscape's place, which the toast's and win bar's strip, the board's footer and the explainer cross";
  if (either([](const Place& x, const Place& y) {
        return x.element == "explainer" && (y.element == "board" || on_board(y));
      }))
    return "the explainer over the board's empty squares (its pieces are checked on their own)";
  if (either([](const Place& x, const Place& y) { return x.element == "explainer" && y.element == "board-compact"; }))
    return "the small board has no battle (the explainer is the full board's)";
  if (either([](const Place& x, const Place& y) { return on_board(x) && (y.element == "board" || y.element == "board-compact"); }))
    return "the deduction lies on the board on air";
  if (on_board(a) && on_board(b)) return "the deduction and the piece odds both lie on the board on air (the odds only label pieces)";
  if (either([](const Place& x, const Place& y) { return (x.part == "strap1" || x.part == "strap2") && y.element == "players"; }))
    return "the straps only where no panel is on";
  if (layout == Layout::kFaces &&
      either([](const Place& x, const Place& y) { return x.element == "board-compact" && y.element == "board"; }))
    return "faces: the small board or the full board over the camera shot, one of them";
  return {};
}

}  // namespace

TEST_CASE("every pair of elements in every layout and game: apart, or a stated reason", "[placement]") {
  const broadcast::Theme& theme = broadcast::built_in_theme();
  std::map<std::string, int> reasons;
  std::set<std::string> shapes;
  int pairs = 0, explainers = 0, over_pieces = 0, in_strip = 0;
  std::map<int, int> by_lines, over_by_lines, most_covered, pieces_covered, pieces_before;
  for (const auto& frame : overlay::testing::every_game_frame()) {
    const OnAirModel& m = frame.model;
    for (std::size_t li = 0; li < broadcast::kLayoutCount; ++li) {
      const auto director = static_cast<Layout>(li);
      const std::string_view layout = broadcast::theme_layout(director, false);
      const broadcast::BoardDrawing d = broadcast::board_drawing(m.game->geometry(), broadcast::theme_layout_portrait(layout));
      std::vector<Place> places = its_places(theme, director, d);
      // The explainer for this frame's battle (or a battle at its last move), 1 to 4 lines.
      std::vector<engine::Square> involved = broadcast::involved_squares(m);
      const std::vector<engine::Square> pieces = broadcast::occupied_squares(m);
      for (int lines = 1; lines <= broadcast::kExplainerMaxLines; ++lines) {
        const auto rects = broadcast::explainer_lines(theme, layout, d, involved, lines, pieces);
        ++explainers;
        bool on_piece = false;
        int covered = 0;
        for (std::size_t i = 0; i < rects.size(); ++i) {
          const Place line{"explainer", fmt::format("line {} of {}", i + 1, lines), rects[i]};
          for (const Place& p : places) {
            if (!overlaps(line.r, p.r)) continue;
            std::string why = may_overlap(line, p, director);
            // The explainer keeps off the banner's place, the card's and the
            // toast's for up to two lines; more lines may take them (the
            // toast, pause or standby during a battle: one banner at a time).
            if (why.empty() && lines > 2 && (p.part == "banner" || p.part == "card" || p.part == "toast"))
              why = "three or four lines take the banner's place";
            // Off the pieces first: the strip above the board (the toast's, the
            // win bar's) where the board has no free place; a toast during a battle is rare.
            if (why.empty() && p.part == "toast") {
              why = "the explainer in the toast's strip, the board full";
              ++in_strip;
            }
            INFO(frame.name << " " << layout << " " << line.part << " at " << line.r.x << "," << line.r.y << " over "
                            << p.element << "/" << p.part);
            CHECK_FALSE(why.empty());
            ++reasons[why];
          }
          // A piece as drawn: its cell less the tile's inset (metrics tile.inset_fraction).
          const float inset = theme.metric("tile.inset_fraction");
          for (engine::Square s : pieces) {
            const ThemeRect c = broadcast::board_square_box(d, theme.element(layout, "board"), s);
            const bool under = overlaps(rects[i], {c.x + c.w * inset, c.y + c.h * inset, c.w * (1 - 2 * inset),
                                                   c.h * (1 - 2 * inset)});
            on_piece = on_piece || under;
            if (under) ++covered;
          }
        }
        if (on_piece) ++over_pieces;
        // The board stays visible: one line never covers a piece (the strip
        // above the board takes it where the board has no room); more lines
        // only where no place off every piece is left (counted below).
        INFO(frame.name << " " << layout << " " << lines << " line(s) over a piece");
        if (lines == 1) CHECK_FALSE(on_piece);
        if (on_piece) ++over_by_lines[lines];
        ++by_lines[lines];
        most_covered[lines] = std::max(most_covered[lines], covered);
        // The place the pieces did not count in (the theme's width, the involved squares only): for the report.
        for (const ThemeRect& r : broadcast::explainer_lines(theme, layout, d, involved, lines)) {
          const float inset = theme.metric("tile.inset_fraction");
          for (engine::Square s : pieces) {
            const ThemeRect c = broadcast::board_square_box(d, theme.element(layout, "board"), s);
            if (overlaps(r, {c.x + c.w * inset, c.y + c.h * inset, c.w * (1 - 2 * inset), c.h * (1 - 2 * inset)}))
              ++pieces_before[lines];
          }
        }
        pieces_covered[lines] += covered;
      }
      const std::string shape = fmt::format("{} {}x{}", layout, d.columns, d.rows);
      if (!shapes.insert(shape).second) continue;  // the fixed placements, once per drawn board
      for (std::size_t i = 0; i < places.size(); ++i)
        for (std::size_t k = i + 1; k < places.size(); ++k) {
          ++pairs;
          if (!overlaps(places[i].r, places[k].r)) continue;
          const std::string why = may_overlap(places[i], places[k], director);
          INFO(shape << ": " << places[i].element << "/" << places[i].part << " and " << places[k].element << "/"
                     << places[k].part);
          CHECK_FALSE(why.empty());
          ++reasons[why];
        }
    }
  }
  for (const auto& [why, n] : reasons) WARN(n << " overlapping pairs: " << why);
  WARN(over_pieces << " of " << explainers << " explainers (1 to 4 lines) over a piece, " << in_strip
                     << " lines in the toast's strip");
  for (const auto& [lines, n] : by_lines)
    WARN(lines << " line(s): " << over_by_lines[lines] << " of " << n << " over a piece, " << pieces_covered[lines]
               << " pieces covered in all (" << pieces_before[lines] << " placed without the pieces), at most "
               << most_covered[lines]);
  // The pieces count: fewer covered than where they were not counted.
  for (int lines = 2; lines <= broadcast::kExplainerMaxLines; ++lines) CHECK(pieces_covered[lines] < pieces_before[lines]);
  CHECK(pairs > 100);
  CHECK(explainers > 50);
}

// The story's elements over the analysis: while each of them is on, every
// analysis element (those a layout keeps) is off, giving way, in every layout.
TEST_CASE("the analysis yields while the explainer, result, reveal, toast, pause card or standby is on",
          "[placement]") {
  using overlay::testing::element_moments;
  broadcast::OnAirAnalysis a;
  a.win = broadcast::AnalysisWin{};
  const auto with_analysis = [&](OnAirModel m) {
    broadcast::OnAirAnalysis copy = a;
    copy.seq = m.last_seq;
    m.analysis = std::make_shared<const broadcast::OnAirAnalysis>(copy);
    return m;
  };
  int checked = 0;
  for (std::size_t li = 0; li < broadcast::kLayoutCount; ++li) {
    broadcast::DirectorState d;
    d = broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue(fmt::format("layout {}", broadcast::layout_name(static_cast<Layout>(li))))), 0, 0);
    for (const char* cue : {"show deduction", "show win-bar", "show piece-odds", "show result", "show standby", "show reveal", "show board",
                            "show explainer"})
      d = broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue(cue)), 0, 0);
    for (const auto& moment : element_moments(broadcast::Lang::kEn)) {
      if (moment.name.rfind("mid-split", 0) == 0) continue;
      OnAirModel m = with_analysis(moment.model);
      std::vector<std::pair<std::string, OnAirModel>> cases;
      cases.emplace_back(moment.name, m);
      OnAirModel paused = m;
      paused.paused = true;
      cases.emplace_back(moment.name + " paused", paused);
      OnAirModel warned = m;
      warned.last_warning = broadcast::WarningShown{m.last_seq, 1, "manual", "", 1, moment.now_wall - 1, {}};
      cases.emplace_back(moment.name + " warned", warned);
      for (const auto& [name, model] : cases) {
        const broadcast::BattleMoment b = broadcast::battle_moment(model, moment.now_wall, broadcast::director_timing(d));
        const broadcast::ElementsShown e = broadcast::elements_on_air(model, d, moment.now_wall, b);
        const broadcast::Banner banner = broadcast::banner_on_air(model, moment.now_wall, b);
        const bool story = e[Element::kExplainer].on || e[Element::kResult].on || e[Element::kStandby].on ||
                           e[Element::kReveal].on ||
                           (e[Element::kScorebug].on && (banner == broadcast::Banner::kWarning || banner == broadcast::Banner::kPaused));
        INFO(name << " in " << broadcast::layout_name(static_cast<Layout>(li)));
        CHECK(story);  // each case puts a story element on
        for (std::size_t i = 0; i < broadcast::kElementCount; ++i) {
          const auto el = static_cast<Element>(i);
          if (!analysis_element(el)) continue;
          INFO(broadcast::element_name(el) << ": " << e[el].idle);
          CHECK(e[el].cued);
          CHECK_FALSE(e[el].on);
          CHECK(e[el].idle.rfind("gives way", 0) == 0);
          ++checked;
        }
      }
    }
  }
  CHECK(checked >= 3 * 9 * 2);
}

// Item 5: taking a layout keeps the cued analysis elements (every layout has
// a place for them), and what it drops is said (layout_drops), never silent.
TEST_CASE("a layout keeps the cued analysis, and says what it drops", "[placement][director]") {
  const auto take = [](broadcast::DirectorState d, const std::string& cue) {
    return broadcast::apply_cue(d, std::get<broadcast::Cue>(broadcast::parse_cue(cue)), 0, 0);
  };
  for (std::size_t from = 0; from < broadcast::kLayoutCount; ++from)
    for (std::size_t to = 0; to < broadcast::kLayoutCount; ++to) {
      broadcast::DirectorState d = take({}, fmt::format("layout {}", broadcast::layout_name(static_cast<Layout>(from))));
      d = take(d, "show deduction");
      d = take(d, "show win-bar");
      d = take(d, "show slate");
      const auto drops = broadcast::layout_drops(d, static_cast<Layout>(to));
      const broadcast::DirectorState after = take(d, fmt::format("layout {}", broadcast::layout_name(static_cast<Layout>(to))));
      INFO(broadcast::layout_name(static_cast<Layout>(from)) << " to " << broadcast::layout_name(static_cast<Layout>(to)));
      CHECK(after.is_shown(Element::kDeduction));
      CHECK(after.is_shown(Element::kWinBar));
      // Exactly what was cued and is not any more.
      for (std::size_t i = 0; i < broadcast::kElementCount; ++i) {
        const auto e = static_cast<Element>(i);
        const bool dropped = std::find(drops.begin(), drops.end(), e) != drops.end();
        CHECK(dropped == (d.is_shown(e) && !after.is_shown(e)));
      }
      // The slate is a title card: no layout keeps it, and the desk says so.
      CHECK(std::find(drops.begin(), drops.end(), Element::kSlate) != drops.end());
    }
  // Taking faces over landscape drops the board, the players and the rest of its picture.
  broadcast::DirectorState d;
  const auto drops = broadcast::layout_drops(d, Layout::kFaces);
  CHECK(std::find(drops.begin(), drops.end(), Element::kBoard) != drops.end());
  CHECK(std::find(drops.begin(), drops.end(), Element::kPlayers) != drops.end());
  CHECK(broadcast::layout_drops(d, Layout::kLandscape).empty());
}
