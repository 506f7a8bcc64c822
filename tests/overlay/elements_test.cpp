// Which elements are on air (broadcast/elements.h): the director's cues over
// what the model has to show; captions that time out, clear, and leave at the
// result unless kept or held; the picture held by a cue while the scorebug's
// clock runs live.
#include <catch2/catch.hpp>

#include "broadcast/elements.h"
#include "broadcast/on_air_json.h"
#include "engine/registry.h"
#include "overlay_support.h"
#include "reveal_support.h"
#include "scripts.h"

using namespace facedown;
using namespace facedown::overlay::testing;

namespace {

constexpr const char* kCaptioned = R"(game number-janggi
preset genius-2015
player 1 "Jang Dong-min"
player 2 "Kim Kyung-hoon"
setup 1 K:a1 M:b1 M:c1 M:d1 1:e1 2:f1 10:a2 4:b2 5:c2 6:d2 7:e2 8:f2 9:a3 3:c3
setup 2 K:a9 M:b9 M:c9 M:d9 1:e9 2:f9 3:a8 4:b8 5:c8 6:d8 7:e8 8:f8 9:a7 10:c7
first 1
start
@2 caption "Final round"
@5 move c3-c5
@12 move c7-c6
@20 items 1=none 2=none
@30 resign 1
@31 close
)";

DirectorState cued(std::initializer_list<const char*> cues) {
  DirectorState d;
  for (const char* text : cues) {
    auto c = parse_cue(text);
    REQUIRE(std::holds_alternative<Cue>(c));
    REQUIRE_FALSE(check_cue(d, std::get<Cue>(c)));
    d = apply_cue(d, std::get<Cue>(c), 0, 0);
  }
  return d;
}

ElementsShown shown_at(const OnAirModel& m, const DirectorState& d, double now) {
  return elements_on_air(m, d, now, battle_moment(m, now, director_timing(d)));
}

std::size_t first_row(const std::vector<PublicRow>& rows, const std::string& type) {
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (rows[i].type == type) return i;
  FAIL("no " << type << " row");
  return 0;
}

}  // namespace

TEST_CASE("elements: nothing to show is off whatever the cues say, and each says why") {
  const auto rows = public_rows(script_match(kCaptioned), 1000, 1);
  const OnAirModel before = derive_model(rows, 0, engine::all_games());
  const DirectorState all = cued({"show slate", "show board-compact"});
  const auto none = shown_at(before, all, 900);
  for (std::size_t i = 0; i < kElementCount; ++i) CHECK_FALSE(none.element[i].on);
  CHECK(none[Element::kBoard].idle == "no match");
  CHECK(none[Element::kExplainer].idle == "no battle");
  CHECK(none[Element::kReveal].idle == "the result is not confirmed");

  const std::size_t battle = first_row(rows, "battle");
  const OnAirModel fighting = derive_model(rows, battle + 1, engine::all_games());
  const double at = rows[battle].wall_time;
  auto s = shown_at(fighting, all, at + 1.0);
  CHECK(s[Element::kBoard].on);
  CHECK(s[Element::kScorebug].on);
  CHECK(s[Element::kSlate].on);
  CHECK(s[Element::kExplainer].on);
  CHECK_FALSE(s[Element::kResult].on);
  CHECK(s[Element::kResult].idle == "no result");
  // The explainer lasts as long as the director set: 3 s by default, 6 s on a cue.
  CHECK_FALSE(shown_at(fighting, all, at + 4.0)[Element::kExplainer].on);
  CHECK(shown_at(fighting, cued({"battle-seconds 6"}), at + 4.0)[Element::kExplainer].on);
  CHECK_FALSE(shown_at(fighting, cued({"battle-seconds 6"}), at + 7.0)[Element::kExplainer].on);
  // Hidden by the director: off, with no reason to give.
  const auto hidden = shown_at(fighting, cued({"hide explainer"}), at + 1.0);
  CHECK_FALSE(hidden[Element::kExplainer].cued);
  CHECK_FALSE(hidden[Element::kExplainer].on);
  CHECK(hidden[Element::kExplainer].idle.empty());
}

TEST_CASE("elements: the faces layout airs only the scorebug and the caption") {
  const auto rows = public_rows(script_match(kCaptioned), 1000, 1);
  const std::size_t battle = first_row(rows, "battle");
  const OnAirModel m = derive_model(rows, battle + 1, engine::all_games());
  const auto s = shown_at(m, cued({"layout faces"}), rows[battle].wall_time + 1.0);
  CHECK(s.layout == Layout::kFaces);
  for (std::size_t i = 0; i < kElementCount; ++i) {
    const auto e = static_cast<Element>(i);
    INFO(element_name(e));
    CHECK(s.element[i].on == (e == Element::kScorebug || e == Element::kCaption));
  }
}

// The deduction's heat map lies on whichever board is on air: in faces with
// the full board cued, on the full board's squares, not where the small board
// would sit; the frame says which (layout.deduction) so the page paints the same.
TEST_CASE("elements: the deduction lies on the board on air") {
  const auto rows = public_rows(script_match(kCaptioned), 1000, 1);
  const std::size_t battle = first_row(rows, "battle");
  const OnAirModel m = derive_model(rows, battle + 1, engine::all_games());
  const double at = rows[battle].wall_time + 10.0;
  const auto under = [&](std::initializer_list<const char*> cues) {
    const DirectorState d = cued(cues);
    const std::string_view decided = deduction_placement(shown_at(m, d, at));
    OnAirOptions o;
    o.director = d;
    CHECK(on_air_json(m, at, o)["layout"]["deduction"] == std::string(decided));
    return std::string(decided);
  };
  CHECK(under({"layout faces", "show board"}) == "board");
  CHECK(under({"layout faces", "show board-compact"}) == "board_compact");
  CHECK(under({"layout faces", "show board", "show board-compact"}) == "board");
  CHECK(under({"layout faces"}) == "deduction");
  CHECK(under({"layout landscape"}) == "board");
  CHECK(under({"layout portrait", "hide board"}) == "deduction");
  CHECK(under({"layout landscape", "hide board", "show board-compact"}) == "board_compact");
}

TEST_CASE("elements: a caption times out, is cleared, and leaves at the result unless kept or held") {
  const auto rows = public_rows(script_match(kCaptioned), 1000, 1);
  const std::size_t captioned = first_row(rows, "captioned");
  const double set_at = rows[captioned].wall_time;
  const OnAirModel m = derive_model(rows, captioned + 1, engine::all_games());
  REQUIRE(m.caption);
  CHECK(m.caption_wall == set_at);

  CHECK(shown_at(m, DirectorState{}, set_at + 500)[Element::kCaption].on);  // no timeout: it stays
  const DirectorState eight = cued({"caption-timeout 8"});
  const auto early = shown_at(m, eight, set_at + 5);
  CHECK(early[Element::kCaption].on);
  CHECK(early.next_change_in == Approx(3.0));
  const auto late = shown_at(m, eight, set_at + 8);
  CHECK_FALSE(late[Element::kCaption].on);
  CHECK(late[Element::kCaption].idle == "caption timed out");
  CHECK(late.next_change_in == 0);

  DirectorState cleared = apply_cue(DirectorState{}, std::get<Cue>(parse_cue("caption-clear")), 0, set_at + 3);
  CHECK(shown_at(m, cleared, set_at + 4)[Element::kCaption].idle == "caption cleared");
  // A hold keeps it against the timeout and the clear.
  DirectorState held = apply_cue(cleared, std::get<Cue>(parse_cue("hold caption")), 0, set_at + 3);
  held = apply_cue(held, std::get<Cue>(parse_cue("caption-timeout 8")), 0, set_at + 3);
  const auto kept = shown_at(m, held, set_at + 60);
  CHECK(kept[Element::kCaption].on);
  CHECK(kept[Element::kCaption].held);

  // At the result the caption set before it leaves, unless kept.
  const std::size_t ended = first_row(rows, "ended");
  const OnAirModel over = derive_model(rows, ended + 1, engine::all_games());
  CHECK(over.result_wall == rows[ended].wall_time);
  const auto at_result = shown_at(over, DirectorState{}, rows[ended].wall_time + 10);
  CHECK_FALSE(at_result[Element::kCaption].on);
  CHECK(at_result[Element::kCaption].idle == "caption cleared at the result");
  CHECK(at_result[Element::kResult].on);
  CHECK(shown_at(over, cued({"caption-keep on"}), rows[ended].wall_time + 10)[Element::kCaption].on);
  CHECK_FALSE(at_result[Element::kReveal].on);

  // After `close` the final reveal may air, once the setups are published.
  OnAirModel closed = derive_model(rows, rows.size(), engine::all_games());
  CHECK(closed.closed);
  CHECK(shown_at(closed, DirectorState{}, rows.back().wall_time + 1)[Element::kReveal].idle == "no setup published");
  attach_commitments(closed, open_seals(script_match(kCaptioned)));
  CHECK(shown_at(closed, DirectorState{}, rows.back().wall_time + 1)[Element::kReveal].on);
}

TEST_CASE("elements: a cued hold of the picture holds the battle while the scorebug's clock runs") {
  const auto rows = public_rows(script_match(kCaptioned), 1000, 1);
  const std::size_t battle = first_row(rows, "battle");
  const double at = rows[battle].wall_time;
  DirectorState d = apply_cue(DirectorState{}, std::get<Cue>(parse_cue("hold explainer")), rows[battle].seq, at + 1.0);

  const auto p = picture_presentation(std::nullopt, d);
  REQUIRE(p);
  CHECK(p->held_seq == rows[battle].seq);
  // Later rows arrive (the next move); the picture stays at the battle.
  const OnAirModel m = derive_on_air(rows, battle + 2, p, engine::all_games());
  const OnAirModel live = derive_model(rows, battle + 2, engine::all_games());
  const double later = at + 30;
  const auto s = shown_at(m, d, later);
  CHECK(s[Element::kExplainer].on);  // 30 s on, still explained
  CHECK(s[Element::kExplainer].held);
  CHECK(s[Element::kBoard].held);
  CHECK_FALSE(s[Element::kScorebug].held);
  // The clock is the live one: it has run for the whole 30 s since its row.
  const ClockShown held_clock = turn_clock(m, later);
  const ClockShown live_clock = turn_clock(live, later);
  CHECK(held_clock.seconds == Approx(live_clock.seconds));
  CHECK(held_clock.running == live_clock.running);

  // The console's hold, when it began first, is the one the picture takes.
  const Presentation desk{true, rows[battle].seq - 1, at - 1};
  CHECK(picture_presentation(desk, d)->held_seq == desk.held_seq);
  CHECK(picture_presentation(Presentation{false, 0, 0}, d)->held_seq == rows[battle].seq);
  CHECK_FALSE(picture_presentation(std::nullopt, DirectorState{}));
}
