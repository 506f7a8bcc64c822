#include "console/move_preview.h"

#include <algorithm>

#include "console/camera_safe.h"
#include "engine/view.h"

namespace facedown::console {

std::optional<MovePreview> preview_move(const engine::Match& match, const engine::Move& move,
                                        engine::Millis, engine::Lang lang) {
  auto copy = engine::Match::from_log(match.info(), match.log());
  auto* m = std::get_if<engine::Match>(&copy);
  if (!m) return std::nullopt;
  // At the state's own time: a deadline between then and now is not the move's doing.
  // A move entered while a correction holds the clock resumes it first.
  if (m->state().paused) m->submit(engine::ResumeCmd{}, match.state().time);
  auto moved = m->submit(engine::MoveCmd{move}, match.state().time);
  if (moved.rejection) return std::nullopt;
  MovePreview p;
  p.move = move;
  p.log_size = match.log().size();
  std::vector<engine::Event> events = moved.events;
  // A decision of both players (Number Janggi's items) follows: previewed as
  // decided by default, nothing chosen.
  if (m->state().phase == engine::Phase::kDeciding && m->state().pending.player == 0) {
    p.items_follow = true;
    p.battle_squares = m->state().pending.squares;
    auto declared = m->submit(m->game().word_picks(m->state(), {}).value_or(engine::DecideCmd{}), m->state().time);
    events.insert(events.end(), declared.events.begin(), declared.events.end());
  }
  // The operator's text and the camera-safe one, both from the engine's events:
  // the public's from their public projection (battle kinds that tell a piece are
  // blanked there), never masked here.
  p.lines = preview_lines(events, engine::kReferee, match.game(), lang);
  // What the public knows now (the battles would reveal more, but have not happened).
  const engine::StateView now = engine::view_state(match.state(), engine::kPublic);
  auto known_now = [&](engine::Square sq) {
    if (sq == move.to) sq = move.from;  // the mover, before it moves
    for (const auto& sv : now.board)
      if (sv.square == sq) return sv.type.has_value();
    return false;
  };
  p.public_lines = preview_lines(events, engine::kPublic, match.game(), lang, known_now);
  for (const auto& e : events) {
    if (const auto* b = std::get_if<engine::Battle>(&e.body)) {
      for (const auto& pair : b->pairs)
        if (std::find(p.battle_squares.begin(), p.battle_squares.end(), pair.enemy.square) ==
            p.battle_squares.end())
          p.battle_squares.push_back(pair.enemy.square);
    } else if (const auto* a = std::get_if<engine::Attack>(&e.body)) {
      p.battle_squares.push_back(a->to);
    }
  }
  return p;
}

engine::Millis period_elapsed_at(const engine::MatchState& s, engine::Millis now) {
  const engine::Millis end = s.paused ? s.pause_start : std::max(now, s.time);
  return end - s.period_start - s.paused_total;
}

}  // namespace facedown::console
