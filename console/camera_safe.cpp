#include "console/camera_safe.h"

#include <fmt/format.h>

#include "console/event_text.h"
#include "ui/board_widget.h"

namespace facedown::console {

std::vector<std::string> board_labels(const engine::StateView& view, const engine::Game& game) {
  std::vector<std::string> out;
  const auto& g = game.geometry();
  for (const auto& sv : view.board) {
    out.push_back(fmt::format("{} P{} {}{}", g.name(sv.square), sv.owner,
                              sv.type ? ui::piece_label(game, *sv.type) : "?", sv.revealed ? " revealed" : ""));
  }
  for (int p = 0; p < 2; ++p)
    for (const auto& r : view.removed[static_cast<std::size_t>(p)])
      out.push_back(fmt::format("removed P{} {}", p + 1, r ? ui::piece_label(game, *r) : "?"));
  return out;
}

std::vector<std::string> log_lines(const engine::Match& match, engine::Viewer viewer, const ui::Tr& tr) {
  std::vector<std::string> out;
  const auto& log = match.log();
  const auto& effective = match.in_effect();
  for (std::size_t i = 0; i < log.size(); ++i) {
    const bool voided = i < effective.size() && !effective[i];
    const std::string text = describe(engine::project(log[i], viewer), match.game(), tr, match.state().players);
    out.push_back(voided ? fmt::format("[{}] {}", tr("log.voided"), text) : text);
  }
  return out;
}

std::vector<std::string> preview_lines(const std::vector<engine::Event>& events, engine::Viewer viewer,
                                       const engine::Game& game, engine::Lang lang,
                                       const std::function<bool(engine::Square)>& known_now) {
  const engine::Words& words = game.words();
  std::vector<std::string> out;
  const auto& g = game.geometry();
  for (const auto& raw : events) {
    const engine::Event e = engine::project(raw, viewer);
    if (const auto* b = std::get_if<engine::Battle>(&e.body)) {
      for (const auto& pair : b->pairs) {
        const std::string squares = fmt::format("{} x {}", g.name(pair.mover.square), g.name(pair.enemy.square));
        const bool known = !known_now || (known_now(pair.mover.square) && known_now(pair.enemy.square));
        out.push_back(pair.kind.empty() || !known ? squares : fmt::format("{} ({})", squares, engine::battle_kind_text(words, pair.kind, lang)));
      }
    } else if (const auto* a = std::get_if<engine::Attack>(&e.body)) {
      out.push_back(fmt::format("{} x {} ({})", g.name(a->from), g.name(a->to),
                                words.text(engine::WordKind::kPhrase, "attack", lang)));
    }
  }
  return out;
}

}  // namespace facedown::console
