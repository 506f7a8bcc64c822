// The director's cues (broadcast/director.h): the grammar round-trips, refusals
// name what was wrong, layouts set their elements, holds never touch the live
// clock, and the fold of stored cues skips what does not fit instead of failing.
#include <catch2/catch.hpp>

#include <random>

#include "broadcast/director.h"

using namespace facedown::broadcast;

namespace {

Cue must_parse(const std::string& text) {
  auto r = parse_cue(text);
  if (auto* e = std::get_if<std::string>(&r)) FAIL("refused: " << text << ": " << *e);
  return std::get<Cue>(r);
}

std::string refusal(const std::string& text) {
  auto r = parse_cue(text);
  REQUIRE(std::holds_alternative<std::string>(r));
  return std::get<std::string>(r);
}

std::vector<std::string> every_cue_text() {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < kElementCount; ++i)
    for (const char* verb : {"show", "hide", "hold", "release"})
      out.push_back(std::string(verb) + " " + std::string(element_name(static_cast<Element>(i))));
  for (std::size_t i = 0; i < kLayoutCount; ++i)
    out.push_back("layout " + std::string(layout_name(static_cast<Layout>(i))));
  for (const char* s : {"1.5", "2", "4.5", "30"}) out.push_back(std::string("battle-seconds ") + s);
  for (const char* s : {"1", "8", "12.5", "600", "off"}) out.push_back(std::string("caption-timeout ") + s);
  out.push_back("caption-keep on");
  out.push_back("caption-keep off");
  out.push_back("caption-clear");
  return out;
}

}  // namespace

TEST_CASE("director: every cue's text parses back to the same cue, canonical") {
  for (const auto& text : every_cue_text()) {
    const Cue c = must_parse(text);
    CHECK(cue_text(c) == text);
    CHECK(must_parse(cue_text(c)) == c);
  }
  CHECK(cue_text(must_parse("  show   scorebug ")) == "show scorebug");
  CHECK(cue_text(must_parse("battle-seconds 4.0")) == "battle-seconds 4");
}

TEST_CASE("director: a refused cue names what was wrong") {
  CHECK(refusal("").find("empty cue") != std::string::npos);
  CHECK(refusal("dance").find("no cue \"dance\"") != std::string::npos);
  CHECK(refusal("show").find("takes 1 word") != std::string::npos);
  CHECK(refusal("show board now").find("got 2") != std::string::npos);
  const auto no_element = refusal("show boards");
  CHECK(no_element.find("no element \"boards\"") != std::string::npos);
  CHECK(no_element.find("board-compact") != std::string::npos);  // lists what exists
  CHECK(refusal("layout wide").find("no layout \"wide\"") != std::string::npos);
  for (const char* bad : {"battle-seconds 1", "battle-seconds 31", "battle-seconds -3", "battle-seconds 1e3",
                          "battle-seconds inf", "battle-seconds 2.", "battle-seconds .5", "battle-seconds 1.2.3"})
    CHECK(refusal(bad).find("give seconds from 1.5 to 30") != std::string::npos);
  CHECK(refusal("caption-timeout 0").find("or off") != std::string::npos);
  CHECK(refusal("caption-keep maybe").find("on or off") != std::string::npos);
  CHECK(refusal("caption-clear now").find("takes 0 words") != std::string::npos);
  CHECK(refusal("Show board").find("no cue \"Show\"") != std::string::npos);
}

TEST_CASE("director: each layout's elements, and a layout taken resets show and hide") {
  DirectorState s;
  CHECK(s.layout == Layout::kLandscape);
  CHECK(s.is_shown(Element::kBoard));
  CHECK(s.is_shown(Element::kScorebug));
  CHECK_FALSE(s.is_shown(Element::kBoardCompact));
  CHECK_FALSE(s.is_shown(Element::kSlate));

  s = apply_cue(s, must_parse("layout faces"), 3, 10);
  for (std::size_t i = 0; i < kElementCount; ++i) {
    const auto e = static_cast<Element>(i);
    INFO(element_name(e));
    CHECK(s.is_shown(e) == (e == Element::kScorebug || e == Element::kCaption));  // faces: bug and lower third only
  }
  s = apply_cue(s, must_parse("show board-compact"), 3, 11);
  CHECK(s.is_shown(Element::kBoardCompact));
  s = apply_cue(s, must_parse("layout portrait"), 4, 12);
  CHECK(s.layout == Layout::kPortrait);
  CHECK_FALSE(s.is_shown(Element::kBoardCompact));
  CHECK(s.is_shown(Element::kBoard));
  s = apply_cue(s, must_parse("hide board"), 4, 13);
  s = apply_cue(s, must_parse("hide board"), 4, 13);  // a button pressed twice: still hidden, no error
  CHECK_FALSE(check_cue(s, must_parse("hide board")));
  CHECK_FALSE(s.is_shown(Element::kBoard));
}

TEST_CASE("director: holds keep the picture or the caption, never the scorebug's live clock") {
  DirectorState s;
  CHECK(check_cue(s, must_parse("hold scorebug"))->find("live clock") != std::string::npos);
  CHECK(check_cue(s, must_parse("hold standby"))->find("only the picture") != std::string::npos);
  s = apply_cue(s, must_parse("show slate"), 1, 1);
  CHECK(check_cue(s, must_parse("hold slate"))->find("only the picture") != std::string::npos);
  CHECK(check_cue(s, must_parse("hold board-compact"))->find("not on air") != std::string::npos);
  CHECK(check_cue(s, must_parse("release explainer"))->find("not held") != std::string::npos);

  s = apply_cue(s, must_parse("hold explainer"), 7, 100.5);
  REQUIRE(s.hold_of(Element::kExplainer));
  CHECK(s.hold_of(Element::kExplainer)->seq == 7);
  CHECK(s.hold_of(Element::kExplainer)->wall == 100.5);
  // The picture holds together: the board and the trays stand at the same moment.
  for (Element e : {Element::kBoard, Element::kBoardCompact, Element::kPlayers, Element::kResult}) {
    REQUIRE(s.hold_of(e));
    CHECK(s.hold_of(e)->seq == 7);
  }
  CHECK_FALSE(s.hold_of(Element::kCaption));
  CHECK_FALSE(s.hold_of(Element::kScorebug));
  CHECK(check_cue(s, must_parse("hold board"))->find("held already") != std::string::npos);
  // A refused cue changes nothing, even when applied anyway.
  s = apply_cue(s, must_parse("hold explainer"), 9, 200);
  CHECK(s.hold_of(Element::kExplainer)->wall == 100.5);
  s = apply_cue(s, must_parse("hold scorebug"), 9, 200);
  CHECK_FALSE(s.hold_of(Element::kScorebug));

  s = apply_cue(s, must_parse("release board"), 9, 201);  // releasing any picture element releases the picture
  CHECK_FALSE(s.hold_of(Element::kExplainer));
  s = apply_cue(s, must_parse("hold caption"), 9, 202);
  REQUIRE(s.hold_of(Element::kCaption));
  CHECK_FALSE(s.hold_of(Element::kBoard));
  s = apply_cue(s, must_parse("hide caption"), 9, 203);  // off air: the hold goes with it
  CHECK_FALSE(s.hold_of(Element::kCaption));

  s = apply_cue(s, must_parse("hold board"), 9, 204);
  s = apply_cue(s, must_parse("hide board"), 9, 205);  // the players, explainer, result still show it
  CHECK(s.hold_of(Element::kPlayers));
  s = apply_cue(s, must_parse("layout faces"), 9, 206);  // no picture element left on air
  CHECK_FALSE(s.hold_of(Element::kPlayers));
}

TEST_CASE("director: battle seconds and the caption's timeout, keep and clear") {
  DirectorState s;
  CHECK_FALSE(s.battle_seconds);
  CHECK(s.caption_timeout == 0);
  CHECK_FALSE(s.caption_keep);
  s = apply_cue(s, must_parse("battle-seconds 6"), 1, 1);
  CHECK(s.battle_seconds == 6.0);
  s = apply_cue(s, must_parse("caption-timeout 8"), 1, 2);
  CHECK(s.caption_timeout == 8);
  s = apply_cue(s, must_parse("caption-timeout off"), 1, 3);
  CHECK(s.caption_timeout == 0);
  s = apply_cue(s, must_parse("caption-keep on"), 1, 4);
  CHECK(s.caption_keep);
  s = apply_cue(s, must_parse("caption-clear"), 1, 42.25);
  CHECK(s.caption_cleared_wall == 42.25);
}

TEST_CASE("director: the fold of stored cues skips what does not parse or fit, and says so") {
  std::vector<CueRecord> rows = {
      {1, 2, 10, "layout faces"}, {2, 2, 11, "show everything"}, {3, 3, 12, "hold board"},
      {4, 3, 13, "show board"},   {5, 4, 14, "hold board"},      {6, 5, 15, "battle-seconds 99"},
  };
  std::vector<std::string> problems;
  const DirectorState s = fold_cues(rows, &problems);
  CHECK(s.layout == Layout::kFaces);
  CHECK(s.is_shown(Element::kBoard));
  REQUIRE(s.hold_of(Element::kBoard));
  CHECK(s.hold_of(Element::kBoard)->seq == 4);
  CHECK_FALSE(s.battle_seconds);
  REQUIRE(problems.size() == 3);
  CHECK(problems[0].find("cue 2 skipped: no element \"everything\"") != std::string::npos);
  CHECK(problems[1].find("cue 3 skipped: hold board: it is not on air") != std::string::npos);
  CHECK(problems[2].find("cue 6 skipped") != std::string::npos);
  CHECK_NOTHROW(fold_cues(rows));  // no problem list asked for
}

TEST_CASE("director: random cue sequences: the fold equals applying one by one, the clock is never held") {
  const auto texts = every_cue_text();
  std::mt19937 rng(20261202);
  for (int run = 0; run < 200; ++run) {
    std::vector<CueRecord> rows;
    DirectorState stepped;
    const int n = static_cast<int>(rng() % 40);
    for (int i = 0; i < n; ++i) {
      std::string text = texts[rng() % texts.size()];
      if (rng() % 10 == 0) text += "x";  // now and then, a typo
      rows.push_back({i + 1, i / 3, 100.0 + i, text});
      auto parsed = parse_cue(text);
      if (auto* c = std::get_if<Cue>(&parsed)) {
        const bool fits = !check_cue(stepped, *c);
        const DirectorState next = apply_cue(stepped, *c, i / 3, 100.0 + i);
        // A layout sets its own set; a cued analysis element it keeps (kept_by_layout) stays.
        if (fits && c->kind == Cue::Kind::kLayout)
          for (std::size_t e = 0; e < kElementCount; ++e)
            CHECK(next.shown[e] == (shown_by_default(c->layout, static_cast<Element>(e)) ||
                                    (stepped.shown[e] && kept_by_layout(c->layout, static_cast<Element>(e)))));
        stepped = next;
      }
      CHECK_FALSE(stepped.hold_of(Element::kScorebug));
      bool picture_shown = false;  // only what is on air is held
      for (std::size_t e = 0; e < kElementCount; ++e)
        picture_shown = picture_shown || (in_picture(static_cast<Element>(e)) && stepped.shown[e]);
      if (stepped.picture_hold) CHECK(picture_shown);
      if (stepped.caption_hold) CHECK(stepped.is_shown(Element::kCaption));
    }
    const DirectorState folded = fold_cues(rows);
    CHECK(folded.layout == stepped.layout);
    CHECK(folded.shown == stepped.shown);
    CHECK(folded.battle_seconds == stepped.battle_seconds);
    CHECK(folded.caption_timeout == stepped.caption_timeout);
    CHECK(folded.picture_hold.has_value() == stepped.picture_hold.has_value());
    CHECK(folded.caption_hold.has_value() == stepped.caption_hold.has_value());
  }
}
