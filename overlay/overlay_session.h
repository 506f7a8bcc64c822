// OverlaySession: what the overlay shows from one moment to the next, without a
// window. Live: it follows the feed to its last row (honouring the director's
// hold; what is on air is broadcast::OnAirSource's, as the feed's); the battle animation's phase comes from broadcast::battle_moment (the
// battle row's wall time), so the overlay and the on-air JSON agree; battles it
// only caught up on at start, or that the operator skipped, show as done.
// Replay: a playhead over the same rows, stepped by move (or by event, the finer
// step; engine/replay_steps.h, the console's steps too), seeked or autoplayed on
// a replayed wall clock, so clocks and toasts look exactly as they did on air.
// The window loop asks it each wake-up whether a new frame is needed.
#pragma once
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "overlay/overlay_draw.h"
#include "broadcast/model.h"
#include "broadcast/model_follower.h"
#include "broadcast/on_air_source.h"
#include "broadcast/public_row.h"

namespace facedown::overlay {

// Step: one move (with its battles, items and revival; each end and correction
// is a stop too). Event: one command's events, or one deadline. Jump: ten moves.
enum class ReplayAction {
  kStepForward,
  kStepBack,
  kEventForward,
  kEventBack,
  kJumpForward,
  kJumpBack,
  kStart,
  kEnd,
  kPlayPause,
  kFaster,
  kSlower
};

struct SessionConfig {
  Orientation orientation = Orientation::kLandscape;
  Lang lang = Lang::kEn;
  bool replay = false;
  BattleTiming timing;  // --battle-seconds
};

class OverlaySession {
 public:
  OverlaySession(std::unique_ptr<RowSource> source, SessionConfig config);

  // Polls the source and advances the playhead and animation. `steady` is a
  // monotonic clock in seconds (the wall clock matters only when drawing).
  void update(double steady);
  void replay_action(ReplayAction a, double steady);
  void skip_animation();
  // The overlay window's own hold (H): keeps the picture as it is now until
  // toggled again. The console's hold comes through the store (the source).
  void toggle_local_hold(double wall);
  bool held() const { return model_.held; }

  const OnAirModel& model() const { return model_; }
  // The battle's moment as this session shows it (wall: the real wall clock).
  BattleMoment battle(double steady, double wall) const;
  DrawOptions draw_options(double steady, double wall) const;
  // The on-air frame of `shown` (this session's model, or a copy of it with its
  // analysis attached) at this moment, with this session's battle moment.
  broadcast::OnAirFrame frame(const OnAirModel& shown, double steady, double wall, const broadcast::Theme* theme) const;
  // Paints the frame of `shown` into `dl` with each element's fade (kElementFade
  // seconds, as the page's .element-off): an element going off is painted from
  // the last frame it was on in, its content kept (a caption, the result,
  // standby: never emptied at the first frame of the fade), fading out; one
  // coming on fades in. The first frame, and the explainer (it ends with its
  // battle), are painted at once.
  void draw(ImDrawList& dl, const OnAirModel& shown, double steady, double wall, const broadcast::Theme* theme,
            const DrawOptions& o);
  // Whether an element is fading at `steady` (the loop then draws every frame).
  bool fading(double steady) const;
  // Whether the picture at this moment differs from the last one drawn: call
  // after update(); marks it drawn.
  bool needs_frame(double steady, double wall);
  // Seconds to sleep before the next wake-up.
  double idle_timeout(double steady, double wall) const;
  std::size_t position() const { return position_; }
  // What the source waits for, for the log (may name the file; never drawn).
  std::string source_message() const { return source_->message(); }

 private:
  void rederive();
  void step_to(std::size_t position, double steady, bool animate);
  double shown_wall(double wall) const;
  std::string picture_key(double steady, double wall) const;

  std::unique_ptr<RowSource> source_;
  SessionConfig config_;
  std::vector<engine::GameInfo> games_;
  // The model followed row by row (broadcast/model_follower.h): a new row costs
  // that row. Started again only when the rows go back (a replay stepped back,
  // another match or file).
  // What the rows, cues, holds, seals and heartbeat make on air (the feed's
  // too: broadcast/on_air_source.h). Started again only when the rows go back
  // (a replay stepped back, another match or file).
  std::optional<broadcast::OnAirSource> on_air_;
  std::size_t follower_rows_ = 0;
  std::uint64_t follower_generation_ = 0;
  OnAirModel model_;
  std::size_t position_ = 0;  // rows shown
  bool caught_up_ = false;    // the first rows were read (later battles animate)
  std::uint64_t generation_ = 0;
  std::optional<Presentation> local_hold_;
  const broadcast::DirectorState& director() const;  // the cues folded (live: all; replay: up to the moment)
  std::optional<int> skipped_battle_;  // seq of a battle shown as done at once
  // Replay: the steady time of the last step, so a battle stepped onto animates
  // while the replayed clock stands still.
  double stepped_at_ = 0;
  double animate_from_ = 0;  // the replayed wall time the animation runs from
  bool dirty_ = true;
  std::string drawn_key_;
  // Replay
  bool playing_ = false;
  double speed_ = 1;
  double replay_wall_ = 0;
  double last_steady_ = 0;
  // Fades (draw): each element's state since its last change, and the frame it
  // was last on in (its model kept alive beside it) while it fades out.
  struct Fade {
    bool on = false;
    double since = -1e9;
    std::shared_ptr<const OnAirModel> model;
    std::optional<broadcast::OnAirFrame> frame;
  };
  std::array<Fade, broadcast::kElementCount> fades_{};
  std::shared_ptr<const OnAirModel> last_model_;
  std::optional<broadcast::OnAirFrame> last_frame_;
};

// How long an element fades in or out: the page's 0.3 s (overlay.css).
inline constexpr double kElementFade = 0.3;

}  // namespace facedown::overlay
