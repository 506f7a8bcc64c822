#include "broadcast/reveal.h"

namespace facedown::broadcast {

std::vector<RevealedPiece> parse_setup_text(const engine::Game& game, std::string_view text) {
  std::vector<RevealedPiece> out;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    // A piece line is "<square> <token>"; the header's lines name no square.
    const std::size_t space = line.find(' ');
    if (space == std::string_view::npos) continue;
    const auto square = game.geometry().parse(line.substr(0, space));
    const std::string token(line.substr(space + 1));
    if (!square || !game.parse_token(token)) continue;
    out.push_back({*square, token});
  }
  return out;
}

std::optional<Reveal> reveal_on_air(const OnAirModel& m) {
  // Only `close` opens the seals on air: a result alone can still be voided.
  if (!m.closed || !m.game) return std::nullopt;
  Reveal r;
  bool any = false;
  for (std::size_t p = 0; p < 2; ++p) {
    const auto& c = m.commitments[p];
    if (!c || !c->setup) continue;
    r.setups[p] = RevealedSetup{c->player, parse_setup_text(*m.game, *c->setup), c->verified};
    any = true;
  }
  if (!any) return std::nullopt;
  return r;
}

OnAirModel reveal_board(const OnAirModel& m, const Reveal& r) {
  OnAirModel out = m;
  out.board.assign(m.board.size(), std::nullopt);
  out.battle.reset();
  out.last_from.reset();
  out.last_to.reset();
  for (const auto& s : r.setups) {
    if (!s) continue;
    for (const auto& p : s->pieces)
      if (p.square >= 0 && static_cast<std::size_t>(p.square) < out.board.size())
        out.board[static_cast<std::size_t>(p.square)] = ShownPiece{s->player, p.token, true};
  }
  return out;
}

}  // namespace facedown::broadcast
