#include "overlay/overlay_session.h"

#include <algorithm>
#include <fmt/format.h>
#include <imgui.h>

#include "broadcast/elements.h"
#include "broadcast/replay_steps.h"
#include "engine/registry.h"

namespace facedown::overlay {

OverlaySession::OverlaySession(std::unique_ptr<RowSource> source, SessionConfig config)
    : source_(std::move(source)), config_(config), games_(engine::all_games()) {}

void OverlaySession::rederive() {
  // The window's own hold (H) stands in for the desk's while the desk holds nothing.
  auto hold = source_->presentation();
  if (local_hold_ && !(hold && hold->held)) hold = local_hold_;
  const auto& rows = source_->rows();
  const std::size_t position = std::min(position_, rows.size());
  if (!on_air_ || follower_rows_ > position || follower_generation_ != source_->generation()) {
    on_air_.emplace(games_, config_.replay ? broadcast::OnAirSource::Mode::kReplay : broadcast::OnAirSource::Mode::kLive);
    on_air_->restart(source_->match().value_or(0));
    follower_rows_ = 0;
    follower_generation_ = source_->generation();
  }
  // The director's cues as they stood: live, all of them; in a replay, those
  // given by the replayed moment (what aired then).
  on_air_->set_cues(source_->cues());
  if (config_.replay) on_air_->replay_moment(position > 0 ? rows[position - 1].wall_time : 0, position);
  on_air_->set_desk_hold(hold);
  on_air_->set_commitments(source_->commitments());
  on_air_->set_heartbeat(source_->heartbeat());
  const broadcast::RowHistory history = broadcast::history_of(rows);
  while (follower_rows_ < position) on_air_->add(rows[follower_rows_++], history);
  model_ = on_air_->model(history);
  dirty_ = true;
}

const broadcast::DirectorState& OverlaySession::director() const {
  static const broadcast::DirectorState none;
  return on_air_ ? on_air_->director() : none;
}

void OverlaySession::step_to(std::size_t position, double steady, bool animate) {
  const auto& rows = source_->rows();
  position = std::min(position, rows.size());
  if (config_.replay && rows.size() > 0) position = std::max<std::size_t>(position, 1);
  const std::size_t before = position_;
  position_ = position;
  rederive();
  if (config_.replay && position_ > 0) replay_wall_ = rows[position_ - 1].wall_time;
  // A battle animates when it is among the rows just stepped onto, going forward.
  const bool fresh_battle = model_.battle && position_ > before &&
                            std::any_of(rows.begin() + static_cast<std::ptrdiff_t>(before),
                                        rows.begin() + static_cast<std::ptrdiff_t>(position_),
                                        [&](const PublicRow& r) { return r.seq == model_.battle->seq; });
  stepped_at_ = steady;
  // A battle stepped onto animates from its own start, even when its command's
  // later rows (the next turn) were stepped over with it.
  animate_from_ = replay_wall_;
  if (fresh_battle && animate)
    for (std::size_t i = before; i < position_; ++i)
      if (rows[i].seq == model_.battle->seq) animate_from_ = std::min(animate_from_, rows[i].wall_time);
  // Battles only caught up on, or stepped back onto, show as done at once.
  if (fresh_battle && animate) skipped_battle_.reset();
  else if (model_.battle && (fresh_battle || position_ < before)) skipped_battle_ = model_.battle->seq;
}

void OverlaySession::update(double steady) {
  const double dt = last_steady_ > 0 ? steady - last_steady_ : 0;
  last_steady_ = steady;
  const bool changed = source_->poll();
  const auto& rows = source_->rows();
  if (source_->generation() != generation_ || rows.size() < position_) {
    // Another match or another file: start over, catching up without animating.
    generation_ = source_->generation();
    position_ = 0;
    caught_up_ = false;
    skipped_battle_.reset();
  }
  if (!config_.replay) {
    if (changed || position_ != rows.size()) {
      step_to(rows.size(), steady, caught_up_);
      caught_up_ = caught_up_ || !rows.empty();
    }
    model_.heartbeat = source_->heartbeat();
    return;
  }
  if (changed) {
    if (position_ == 0 || position_ > rows.size()) step_to(1, steady, false);
    else rederive();
  }
  if (playing_ && position_ < rows.size()) {
    replay_wall_ += dt * speed_;
    std::size_t next = position_;
    while (next < rows.size() && rows[next].wall_time <= replay_wall_) ++next;
    if (next != position_) {
      const double keep = replay_wall_;
      step_to(next, steady, true);
      replay_wall_ = keep;
    }
  }
  if (playing_ && position_ >= rows.size()) playing_ = false;
}

void OverlaySession::replay_action(ReplayAction a, double steady) {
  if (!config_.replay) return;
  const std::size_t n = source_->rows().size();
  const engine::ReplaySteps steps = broadcast::replay_steps(source_->rows());
  const int at = static_cast<int>(position_);
  auto to = [&](int position, bool animate) { step_to(static_cast<std::size_t>(std::max(position, 0)), steady, animate); };
  switch (a) {
    case ReplayAction::kStepForward: to(engine::stop_after(steps.moves, at), true); break;
    case ReplayAction::kStepBack: to(engine::stop_before(steps.moves, at), false); break;
    case ReplayAction::kEventForward: to(engine::stop_after(steps.events, at), true); break;
    case ReplayAction::kEventBack: to(engine::stop_before(steps.events, at), false); break;
    case ReplayAction::kJumpForward:
    case ReplayAction::kJumpBack: {
      int p = at;
      for (int i = 0; i < 10; ++i)
        p = a == ReplayAction::kJumpForward ? engine::stop_after(steps.moves, p) : engine::stop_before(steps.moves, p);
      to(p, false);
      break;
    }
    case ReplayAction::kStart: step_to(1, steady, false); break;
    case ReplayAction::kEnd: step_to(n, steady, false); break;
    case ReplayAction::kPlayPause:
      playing_ = !playing_ && position_ < n;
      last_steady_ = steady;  // the replayed clock runs from now
      break;
    case ReplayAction::kFaster: speed_ = std::min(32.0, speed_ * 2); break;
    case ReplayAction::kSlower: speed_ = std::max(0.25, speed_ / 2); break;
  }
  dirty_ = true;
}

void OverlaySession::skip_animation() {
  if (model_.battle && skipped_battle_ != model_.battle->seq) {
    skipped_battle_ = model_.battle->seq;
    dirty_ = true;
  }
}

void OverlaySession::toggle_local_hold(double wall) {
  if (config_.replay) return;
  if (local_hold_) {
    local_hold_.reset();
  } else {
    const auto& rows = source_->rows();
    const int seq = position_ > 0 && position_ <= rows.size() ? rows[position_ - 1].seq : 0;
    local_hold_ = Presentation{true, seq, wall};
  }
  rederive();
}

double OverlaySession::shown_wall(double wall) const { return config_.replay ? replay_wall_ : wall; }

BattleMoment OverlaySession::battle(double steady, double wall) const {
  const bool skipped = model_.battle && skipped_battle_ == model_.battle->seq;
  // Replay, paused: the replayed clock stands at the row, the animation runs on.
  const double at = config_.replay && !playing_ ? animate_from_ + std::max(0.0, steady - stepped_at_) : shown_wall(wall);
  return battle_moment(model_, at, broadcast::director_timing(director(), config_.timing), skipped);
}

DrawOptions OverlaySession::draw_options(double steady, double wall) const {
  DrawOptions o;
  o.orientation = config_.orientation;
  o.lang = config_.lang;
  o.now_wall = shown_wall(wall);
  const BattleMoment b = battle(steady, wall);
  o.battle_elapsed = b.animating() ? b.elapsed : -1;
  o.timing = broadcast::director_timing(director(), config_.timing);
  o.director = director();
  if (!model_.opened) o.message = source_->message();
  if (config_.replay) o.replay = ReplayInfo{position_, source_->rows().size(), playing_, speed_};
  return o;
}

broadcast::OnAirFrame OverlaySession::frame(const OnAirModel& shown, double steady, double wall,
                                            const broadcast::Theme* theme) const {
  broadcast::OnAirOptions o;
  o.timing = config_.timing;
  o.director = director();
  o.orientation = config_.orientation == Orientation::kPortrait ? "portrait" : "landscape";
  o.replay = config_.replay;
  o.theme = theme;
  o.moment = battle(steady, wall);
  return broadcast::frame_at(shown, shown_wall(wall), o);
}

namespace {

// Scales the alpha of every vertex added to `dl` since `vtx0` by `a`.
void fade_vertices(ImDrawList& dl, int vtx0, float a) {
  a = std::clamp(a, 0.0f, 1.0f);
  for (int i = vtx0; i < dl.VtxBuffer.Size; ++i) {
    ImU32& c = dl.VtxBuffer[i].col;
    const auto alpha = static_cast<float>((c >> IM_COL32_A_SHIFT) & 0xFF);
    c = (c & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha * a + 0.5f) << IM_COL32_A_SHIFT);
  }
}

}  // namespace

void OverlaySession::draw(ImDrawList& dl, const OnAirModel& shown, double steady, double wall,
                          const broadcast::Theme* theme, const DrawOptions& o) {
  using broadcast::Element;
  auto model = std::make_shared<const OnAirModel>(shown);
  broadcast::OnAirFrame f = frame(*model, steady, wall, theme);
  const bool first = !last_frame_;
  for (std::size_t i = 0; i < broadcast::kElementCount; ++i) {
    Fade& fd = fades_[i];
    const bool on = f.elements.element[i].on;
    if (on == fd.on) continue;
    // The explainer ends with its battle (the board's), so it never fades on its own.
    const bool fades = !first && static_cast<Element>(i) != Element::kExplainer;
    fd.since = fades ? steady : -1e9;
    // Off now: keep the last frame it was on in, so its content fades with it.
    if (!on && last_frame_ && last_frame_->elements.element[i].on) {
      fd.model = last_model_;
      fd.frame = last_frame_;
    }
    fd.on = on;
  }
  std::array<bool, broadcast::kElementCount> steady_on{};
  for (std::size_t i = 0; i < broadcast::kElementCount; ++i)
    steady_on[i] = fades_[i].on && steady - fades_[i].since >= kElementFade;
  DrawOptions base = o;
  base.only = steady_on;
  draw_overlay(dl, f, base);
  for (std::size_t i = 0; i < broadcast::kElementCount; ++i) {
    Fade& fd = fades_[i];
    const double t = steady - fd.since;
    if (t >= kElementFade) {
      fd.model.reset();
      fd.frame.reset();
      continue;
    }
    const broadcast::OnAirFrame* from = fd.on ? &f : fd.frame ? &*fd.frame : nullptr;
    if (!from) continue;
    DrawOptions alone = o;
    alone.only.emplace();
    (*alone.only)[i] = true;
    const int vtx0 = dl.VtxBuffer.Size;
    draw_overlay(dl, *from, alone);
    const auto k = static_cast<float>(t / kElementFade);
    fade_vertices(dl, vtx0, fd.on ? k : 1 - k);
  }
  last_model_ = std::move(model);
  last_frame_ = std::move(f);
}

bool OverlaySession::fading(double steady) const {
  return std::any_of(fades_.begin(), fades_.end(), [&](const Fade& fd) { return steady - fd.since < kElementFade; });
}

std::string OverlaySession::picture_key(double steady, double wall) const {
  const DrawOptions o = draw_options(steady, wall);
  // Everything time alone changes on screen, at the resolution it is drawn.
  const ClockShown c = turn_clock(model_, o.now_wall);
  const bool toast = broadcast::warning_toast(model_, o.now_wall);
  return fmt::format("{}|{}|{}|{}|{}|{}|{}|{}", c.visible, format_clock(c.seconds, c.counts_down),
                     format_clock(c.next_warning, true), static_cast<int>(c.level), toast, o.message,
                     desk_standby(model_, o.now_wall), static_cast<int>(battle(steady, wall).phase));
}

bool OverlaySession::needs_frame(double steady, double wall) {
  // Held, the explained phase stands still: no frame per vsync for it.
  const bool animating = (battle(steady, wall).animating() && !model_.held) || fading(steady);
  std::string key = picture_key(steady, wall);
  const bool need = dirty_ || animating || key != drawn_key_;
  dirty_ = false;
  drawn_key_ = std::move(key);
  return need;
}

double OverlaySession::idle_timeout(double steady, double wall) const {
  // Animating, vsync paces the loop; the short sleep only caps it where swaps
  // do not wait (no vsync, Xvfb).
  if ((battle(steady, wall).animating() && !model_.held) || fading(steady)) return 1.0 / 120.0;
  // An autoplaying replay advances every frame period.
  if (config_.replay && playing_) return 1.0 / 60.0;
  // Otherwise wake 30 times a second to poll data_version: a commit is in the
  // model within 33 ms and drawn in the same wake-up (bench/overlay/latency.cpp),
  // at half the wake-ups of a 60 Hz loop while nothing moves.
  return 1.0 / 30.0;
}

}  // namespace facedown::overlay
