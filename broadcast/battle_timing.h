// The battle explainer's timeline, decided here from the time the caller passes
// so that every output (the ImGui overlay, the on-air JSON) shows the same phase
// at the same moment. A battle starts when its row was committed (its wall time):
// "flip" for explain_seconds (the fighters light up 0-0.35 s, flip face up
// 0.35-0.75 s, then the caption states the arithmetic), "fade" for kFadeSeconds
// (the losers fade out), then "done" (the removed trays and a result banner show
// only from here). A director's hold freezes the moment (see presentation.h).
#pragma once
#include <optional>
#include <string>

namespace facedown::broadcast {

struct OnAirModel;

inline constexpr double kLightUpEnd = 0.35;
inline constexpr double kFlipEnd = 0.75;
inline constexpr double kFadeSeconds = 0.6;
inline constexpr double kDefaultExplainSeconds = 3.0;
inline constexpr double kMinExplainSeconds = 1.5;

struct BattleTiming {
  double explain_seconds = kDefaultExplainSeconds;  // the flip phase; at least kMinExplainSeconds
  double total() const { return explain_seconds + kFadeSeconds; }
};

// Checks a --battle-seconds value: nullopt when usable, else why not.
std::optional<std::string> check_explain_seconds(double seconds);

enum class BattlePhase { kNone, kFlip, kFade, kDone };
const char* phase_name(BattlePhase p);  // "none" | "flip" | "fade" | "done"

struct BattleMoment {
  BattlePhase phase = BattlePhase::kNone;  // kNone: no battle in the model
  double elapsed = -1;  // seconds since the battle started; <0 when kNone
  // Animating (flip or fade): the fighters are drawn by the explainer, and the
  // pieces it removes are not in the trays yet; a result banner waits.
  bool animating() const { return phase == BattlePhase::kFlip || phase == BattlePhase::kFade; }
};

// The phase `elapsed` seconds into a battle: flip, fade, then done (also for a
// negative `elapsed`: an output that skipped the animation).
BattlePhase phase_at(double elapsed, const BattleTiming& timing);

// The battle's moment at wall time `now`. skipped: the operator skipped this
// animation locally (done at once). A held model (m.held) freezes `now` at the
// hold and keeps an unfinished battle in its explained flip phase.
BattleMoment battle_moment(const OnAirModel& m, double now_wall, const BattleTiming& timing, bool skipped = false);

// How many of a player's removed pieces the tray shows at this moment: the
// pieces the battle removes join it only once the battle is done.
std::size_t tray_count(const OnAirModel& m, int player, const BattleMoment& b);

}  // namespace facedown::broadcast
