#include "console/move_preview.h"

#include <fmt/format.h>

#include <algorithm>

namespace facedown::console {

std::optional<MovePreview> preview_move(const engine::Match& match, const engine::Move& move,
                                        engine::Millis) {
  auto copy = engine::Match::from_log(match.info(), match.log());
  auto* m = std::get_if<engine::Match>(&copy);
  if (!m) return std::nullopt;
  // At the state's own time: a deadline between then and now is not the move's doing.
  auto moved = m->submit(engine::MoveCmd{move}, match.state().time);
  if (moved.rejection) return std::nullopt;
  MovePreview p;
  p.move = move;
  p.log_size = match.log().size();
  std::vector<engine::Event> events = moved.events;
  if (m->state().phase == engine::Phase::kAwaitingItems) {
    p.items_follow = true;
    p.battle_squares = m->state().pending.squares;
    auto declared = m->submit(engine::ItemsCmd{}, m->state().time);
    events.insert(events.end(), declared.events.begin(), declared.events.end());
  }
  const auto& g = match.game().geometry();
  for (const auto& e : events) {
    if (const auto* b = std::get_if<engine::Battle>(&e.body)) {
      for (const auto& pair : b->pairs) {
        p.lines.push_back(fmt::format("{} x {} ({})", g.name(pair.mover.square), g.name(pair.enemy.square),
                                      pair.kind));
        if (std::find(p.battle_squares.begin(), p.battle_squares.end(), pair.enemy.square) ==
            p.battle_squares.end())
          p.battle_squares.push_back(pair.enemy.square);
      }
    } else if (const auto* a = std::get_if<engine::Attack>(&e.body)) {
      p.lines.push_back(fmt::format("{} x {} (attack)", g.name(a->from), g.name(a->to)));
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
