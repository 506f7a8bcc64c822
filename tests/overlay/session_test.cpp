#include <catch2/catch.hpp>

#include <algorithm>
#include <utility>

#include "broadcast/on_air_json.h"
#include "broadcast/replay_steps.h"
#include "engine/registry.h"
#include "engine/replay_steps.h"
#include "overlay/overlay_session.h"
#include "imgui_frame.h"
#include "overlay_support.h"
#include "scripts.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::overlay;
using namespace facedown::overlay::testing;

namespace {

// Rows handed out as a test releases them, like a console committing.
class ListSource final : public RowSource {
 public:
  explicit ListSource(std::vector<PublicRow> all) : all_(std::move(all)) {}
  void release(std::size_t n) { wanted_ = std::min(n, all_.size()); }
  bool poll() override {
    if (std::exchange(changed_, false)) {
      shown_.assign(all_.begin(), all_.begin() + static_cast<std::ptrdiff_t>(wanted_));
      return true;
    }
    if (shown_.size() == wanted_) return false;
    shown_.assign(all_.begin(), all_.begin() + static_cast<std::ptrdiff_t>(wanted_));
    return true;
  }
  const std::vector<PublicRow>& rows() const override { return shown_; }
  std::array<std::optional<SetupCommitment>, 2> commitments() const override { return {}; }
  std::string message() const override { return shown_.empty() ? "waiting for test.db" : ""; }
  std::uint64_t generation() const override { return generation_; }
  std::optional<Presentation> presentation() const override { return hold_; }
  void set_hold(std::optional<Presentation> h) { hold_ = h; changed_ = true; }
  // Another match: the same rows count as a new list.
  void replace(std::vector<PublicRow> all, std::size_t n) {
    all_ = std::move(all);
    shown_.clear();
    wanted_ = std::min(n, all_.size());
    ++generation_;
  }

 private:
  std::vector<PublicRow> all_, shown_;
  std::size_t wanted_ = 0;
  std::uint64_t generation_ = 0;
  std::optional<Presentation> hold_;
  bool changed_ = false;
};

std::size_t index_of(const std::vector<PublicRow>& rows, const std::string& type) {
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (rows[i].type == type) return i;
  FAIL("no " << type << " row");
  return 0;
}

}  // namespace

TEST_CASE("live: waits with a message, catches up without animating, animates a battle that arrives") {
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  auto owned = std::make_unique<ListSource>(rows);
  ListSource& source = *owned;
  OverlaySession s(std::move(owned), SessionConfig{});
  s.update(1);
  CHECK_FALSE(s.model().opened);
  CHECK(s.draw_options(1, 1000).message == "waiting for test.db");

  const std::size_t battle = index_of(rows, "battle");
  source.release(battle);  // started mid-match: everything before the battle at once
  s.update(2);
  CHECK(s.model().rows == battle);
  CHECK(s.draw_options(2, 1001).battle_elapsed < 0);
  CHECK(s.needs_frame(2, 1001));
  CHECK_FALSE(s.needs_frame(2, 1001));  // nothing changed, same second

  source.release(rows.size());  // the battle is committed
  s.update(3);
  CHECK(s.model().rows == rows.size());
  // The animation runs from the battle row's commit (its wall time), as in the on-air JSON.
  const double bw = rows[battle].wall_time;
  CHECK(s.draw_options(3.5, bw + 0.5).battle_elapsed == Approx(0.5));
  CHECK(s.battle(3.5, bw + 0.5).phase == BattlePhase::kFlip);
  CHECK(s.battle(3.5, bw + 3.1).phase == BattlePhase::kFade);
  CHECK(s.battle(3.5, bw + 3.7).phase == BattlePhase::kDone);
  CHECK(s.needs_frame(3.5, bw + 0.5));
  CHECK(s.needs_frame(3.6, bw + 0.6));  // animating: every frame
  CHECK(s.idle_timeout(3.6, bw + 0.6) < 1.0 / 60.0);
  s.skip_animation();
  CHECK(s.draw_options(3.7, bw + 0.7).battle_elapsed < 0);
  CHECK(s.idle_timeout(3.7, bw + 0.7) > 0);
}

TEST_CASE("live: --battle-seconds lengthens the explained phase: the fade follows it") {
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  auto source = std::make_unique<ListSource>(rows);
  const std::size_t battle = index_of(rows, "battle");
  source->release(battle);
  ListSource& src = *source;
  SessionConfig config;
  config.timing.explain_seconds = 5;
  OverlaySession s(std::move(source), config);
  s.update(1);
  src.release(rows.size());
  s.update(2);
  const double bw = rows[battle].wall_time;
  CHECK(s.battle(2, bw + 4.9).phase == BattlePhase::kFlip);
  CHECK(s.draw_options(2, bw + 4.9).timing.explain_seconds == 5);
  CHECK(s.battle(2, bw + 5.1).phase == BattlePhase::kFade);
  CHECK(s.battle(2, bw + 5.7).phase == BattlePhase::kDone);
  CHECK(s.draw_options(2, bw + 5.7).battle_elapsed < 0);
}

TEST_CASE("live: a session started after the battle does not replay it") {
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  auto source = std::make_unique<ListSource>(rows);
  source->release(rows.size());
  OverlaySession s(std::move(source), SessionConfig{});
  s.update(1);
  CHECK(s.model().battle);
  CHECK(s.draw_options(1, 2000).battle_elapsed < 0);
}

TEST_CASE("live: the clock redraws once a second, not every frame") {
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  auto source = std::make_unique<ListSource>(rows);
  source->release(rows.size());
  OverlaySession s(std::move(source), SessionConfig{});
  const double w = rows.back().wall_time;
  s.update(1);
  CHECK(s.needs_frame(1, w + 0.1));
  int frames = 0;
  for (int i = 1; i <= 120; ++i) {  // two seconds at 60 Hz
    const double t = static_cast<double>(i) / 60.0;
    s.update(1 + t);
    if (s.needs_frame(1 + t, w + 0.1 + t)) ++frames;
  }
  CHECK(frames == 2);
}

TEST_CASE("replay: step, seek, autoplay on the recorded wall clock") {
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  auto source = std::make_unique<ListSource>(rows);
  source->release(rows.size());
  SessionConfig config;
  config.replay = true;
  OverlaySession s(std::move(source), config);
  s.update(1);
  CHECK(s.position() == 1);
  CHECK(s.model().opened);
  CHECK(s.draw_options(1, 5000).now_wall == Approx(rows[0].wall_time));  // the replayed moment
  REQUIRE(s.draw_options(1, 5000).replay);

  const std::size_t battle = index_of(rows, "battle");
  s.replay_action(ReplayAction::kEnd, 2);
  CHECK(s.position() == rows.size());
  s.replay_action(ReplayAction::kStart, 2);
  CHECK(s.position() == 1);
  // By event up to the command whose events hold the battle: stepping onto it
  // animates the battle from its start.
  std::size_t before_battle = 1;
  while (!s.model().battle && s.position() < rows.size()) {
    before_battle = s.position();
    s.replay_action(ReplayAction::kEventForward, 3);
  }
  REQUIRE(s.model().battle);
  CHECK(s.position() > battle);
  CHECK(s.draw_options(3.2, 0).battle_elapsed == Approx(0.2));
  s.replay_action(ReplayAction::kEventBack, 4);
  CHECK(s.position() == before_battle);
  CHECK(s.draw_options(4, 0).battle_elapsed < 0);

  s.replay_action(ReplayAction::kStart, 5);
  s.replay_action(ReplayAction::kPlayPause, 5);
  s.update(5);
  s.update(8.5);  // 3.5 s of replay at 1x: rows are 1 s apart
  CHECK(s.position() == 4);
  s.replay_action(ReplayAction::kFaster, 8.5);  // 2x
  s.update(9.5);
  CHECK(s.position() == 6);
  s.replay_action(ReplayAction::kPlayPause, 9.5);
  s.update(20);
  CHECK(s.position() == 6);
  s.replay_action(ReplayAction::kJumpForward, 21);  // ten moves: past this short match's end
  CHECK(s.position() == rows.size());
}

TEST_CASE("replay: the arrows step by move and Shift+arrows by event, at the console's stops") {
  const engine::Match match = script_match(kOpenBattle);
  const auto rows = public_rows(match, 1000, 1);
  const engine::ReplaySteps want = engine::replay_steps(match.log());
  auto source = std::make_unique<ListSource>(rows);
  source->release(rows.size());
  SessionConfig config;
  config.replay = true;
  OverlaySession s(std::move(source), config);
  s.update(1);
  REQUIRE(s.position() == 1);
  std::vector<int> by_move{1};
  for (int i = 0; i < 50 && s.position() < rows.size(); ++i) {
    s.replay_action(ReplayAction::kStepForward, 2);
    by_move.push_back(static_cast<int>(s.position()));
  }
  CHECK(by_move == want.moves);
  // The move c7-c6 with its battle and items is one step: back from the end is
  // the first move made, forward again the second with its battle.
  s.replay_action(ReplayAction::kStepBack, 3);
  CHECK(s.model().ply == 1);
  const std::size_t before_move = s.position();
  s.replay_action(ReplayAction::kStepForward, 4);
  CHECK(s.model().ply == 2);
  CHECK(s.model().battle);  // the step onto the move's battle animates it
  CHECK(s.draw_options(4.2, 0).battle_elapsed == Approx(0.2));
  // Shift: one command at a time, the same stops as the console's.
  s.replay_action(ReplayAction::kStart, 5);
  std::vector<int> by_event{1};
  for (int i = 0; i < 80 && s.position() < rows.size(); ++i) {
    s.replay_action(ReplayAction::kEventForward, 5);
    by_event.push_back(static_cast<int>(s.position()));
  }
  CHECK(by_event == want.events);
  CHECK(by_event.size() > by_move.size());
  s.replay_action(ReplayAction::kEventBack, 6);
  CHECK(static_cast<int>(s.position()) == want.events[want.events.size() - 2]);
  CHECK(before_move > 1);
}

TEST_CASE("replay: every step by move of every game shows the turn clock while a turn runs") {
  // Stepping by stored row stopped between a move and the next turn (a moved or
  // battle row: no player to move, so no clock on air).
  const auto games = engine::all_games();
  for (const auto& info : games) {
    for (const auto& preset : info.presets) {
      conformance::SessionConfig config;
      config.seed = 4242;
      config.max_commands = 120;
      const auto session = conformance::play_session(info, preset.id, config);
      const auto rows = public_rows(session.match, 1000, 1);
      auto source = std::make_unique<ListSource>(rows);
      source->release(rows.size());
      SessionConfig sc;
      sc.replay = true;
      OverlaySession s(std::move(source), sc);
      s.update(1);
      int stops = 0;
      while (s.position() < rows.size() && stops < 1000) {
        s.replay_action(ReplayAction::kStepForward, 2);
        ++stops;
        const OnAirModel& m = s.model();
        INFO(info.id << "/" << preset.id << " row " << s.position() << " " << rows[s.position() - 1].type);
        if (m.status == "playing" && !m.result) {
          CHECK(m.to_move != 0);
          CHECK(turn_clock(m, s.draw_options(2, 0).now_wall).visible);
        }
      }
      CHECK(s.position() == rows.size());
    }
  }
}

TEST_CASE("replay steps over public rows are the engine's steps over the log, for every game") {
  const auto games = engine::all_games();
  for (const auto& info : games) {
    for (const auto& preset : info.presets) {
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        conformance::SessionConfig config;
        config.seed = seed * 7919 + 3;
        config.max_commands = 150;
        const auto session = conformance::play_session(info, preset.id, config);
        const auto rows = public_rows(session.match, 1000, 1);
        const engine::ReplaySteps want = engine::replay_steps(session.match.log());
        const engine::ReplaySteps got = broadcast::replay_steps(rows);
        INFO(info.id << "/" << preset.id << " seed " << seed);
        CHECK(got.moves == want.moves);
        CHECK(got.events == want.events);
        REQUIRE(!want.moves.empty());
        CHECK(want.moves.front() == 1);
        CHECK(want.moves.back() == static_cast<int>(rows.size()));
        CHECK(want.events.back() == static_cast<int>(rows.size()));
        // Every move stop is an event stop.
        for (int m : want.moves)
          CHECK(std::find(want.events.begin(), want.events.end(), m) != want.events.end());
      }
    }
  }
}

TEST_CASE("live: switching to another match catches up without animating its battles") {
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  auto owned = std::make_unique<ListSource>(rows);
  ListSource& source = *owned;
  source.release(3);
  OverlaySession s(std::move(owned), SessionConfig{});
  s.update(1);
  CHECK(s.model().rows == 3);
  source.replace(rows, rows.size());  // e.g. --latest found a newer match, already past its battle
  s.update(2);
  CHECK(s.model().rows == rows.size());
  CHECK(s.model().battle);
  CHECK(s.draw_options(2, 1001).battle_elapsed < 0);
}

TEST_CASE("live: the director's hold (from the store) keeps the battle explained until the release") {
  const std::string script = std::string(kOpenBattle) + "@30 move a3-a4\n";
  const auto rows = public_rows(script_match(script), 1000, 1);
  auto owned = std::make_unique<ListSource>(rows);
  ListSource& source = *owned;
  const std::size_t battle = index_of(rows, "battle");
  source.release(battle);
  OverlaySession s(std::move(owned), SessionConfig{});
  s.update(1);
  source.release(battle + 1);
  s.update(2);
  const double bw = rows[battle].wall_time;
  source.set_hold(Presentation{true, rows[battle].seq, bw + 1});
  s.update(3);
  source.release(rows.size());  // the next move arrives while held
  s.update(4);
  CHECK(s.held());
  CHECK(s.model().rows == battle + 1);
  CHECK(s.battle(4, bw + 30).phase == BattlePhase::kFlip);
  CHECK(s.draw_options(4, bw + 30).battle_elapsed >= 0);
  CHECK(s.idle_timeout(4, bw + 30) > 1.0 / 60.0);  // held still: no frame per vsync
  source.set_hold(Presentation{false, 0, bw + 40});
  s.update(5);
  CHECK_FALSE(s.held());
  CHECK(s.model().rows == rows.size());
  CHECK(s.battle(5, bw + 41).phase == BattlePhase::kDone);
}

TEST_CASE("live: H on the overlay window holds the picture and releases it") {
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  auto owned = std::make_unique<ListSource>(rows);
  ListSource& source = *owned;
  const std::size_t battle = index_of(rows, "battle");
  source.release(battle);
  OverlaySession s(std::move(owned), SessionConfig{});
  s.update(1);
  source.release(battle + 1);
  s.update(2);
  const double bw = rows[battle].wall_time;
  s.toggle_local_hold(bw + 0.5);
  CHECK(s.held());
  CHECK(s.battle(2, bw + 20).phase == BattlePhase::kFlip);
  s.toggle_local_hold(bw + 21);
  CHECK_FALSE(s.held());
  CHECK(s.battle(2, bw + 21).phase == BattlePhase::kDone);
}

TEST_CASE("live: the session follows rows one at a time and shows what derive_on_air shows, held or not") {
  const std::string script = std::string(kOpenBattle) + "@30 move a3-a4\n@35 warn 2 \"x\"\n@40 void 9 \"undo\"\n";
  const auto rows = public_rows(script_match(script), 1000, 1);
  auto owned = std::make_unique<ListSource>(rows);
  ListSource& source = *owned;
  OverlaySession s(std::move(owned), SessionConfig{});
  const auto games = engine::all_games();
  const std::size_t battle = index_of(rows, "battle");
  for (std::size_t n = 1; n <= rows.size(); ++n) {
    INFO("row " << n);
    if (n == battle + 2) source.set_hold(Presentation{true, rows[battle].seq, rows[battle].wall_time + 1});
    source.release(n);
    s.update(static_cast<double>(n));
    const std::optional<Presentation> hold =
        n >= battle + 2 ? std::optional<Presentation>(Presentation{true, rows[battle].seq, rows[battle].wall_time + 1})
                        : std::nullopt;
    const OnAirModel want = broadcast::derive_on_air(rows, n, hold, games);
    const double t = rows[n - 1].wall_time + 2;
    CHECK(broadcast::on_air_json(s.model(), t, {}) == broadcast::on_air_json(want, t, {}));
  }
  CHECK(s.held());
}

// Issue 32 item 6: every element fades out with its content, in the ImGui
// overlay as on the page: a caption taken off is still painted (its text kept)
// during the fade, with its alpha going down, and gone after it; the session
// asks for frames while it fades.
TEST_CASE("draw: an element going off fades out with its content, then is gone", "[fade]") {
  const auto rows = public_rows(script_match(kOpenBattle), 1000, 1);
  auto owned = std::make_unique<ListSource>(rows);
  ListSource& source = *owned;
  OverlaySession s(std::move(owned), SessionConfig{});
  source.release(rows.size());
  s.update(1);
  OnAirModel with = s.model();
  with.caption = "Final round";
  with.caption_wall = with.row_wall_time;
  OnAirModel without = with;
  without.caption.reset();
  ImGuiFrame frame(glyphs_needed(with, Lang::kEn) + "Final round");
  const double wall = rows.back().wall_time + 60;  // past any battle
  const auto drawn = [&](const OnAirModel& m, double steady) {
    std::vector<std::string> text;
    DrawOptions o = s.draw_options(steady, wall);
    o.text_log = &text;
    ImDrawList& dl = frame.draw_list();
    dl._ResetForNewFrame();
    s.draw(dl, m, steady, wall, nullptr, o);
    return std::find(text.begin(), text.end(), "Final round") != text.end();
  };
  CHECK(drawn(with, 10));  // the first frame: at once, no fade
  CHECK_FALSE(s.fading(10));
  CHECK(drawn(without, 11));  // the caption's element went off: its text stays while it fades
  CHECK(s.fading(11.1));
  CHECK(s.needs_frame(11.1, wall));
  CHECK(drawn(without, 11.2));
  CHECK_FALSE(drawn(without, 11 + kElementFade + 0.01));  // faded out: gone
  CHECK_FALSE(s.fading(11 + kElementFade + 0.01));
  // Back on: it fades in (drawn at once, its alpha rising).
  CHECK(drawn(with, 12));
  CHECK(s.fading(12.1));
}
