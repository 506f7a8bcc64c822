// Test support for the final reveal: the sealed setups of a match as the store
// publishes them once it is closed (db/sealed_setup.h's text: a header, then
// one "<square> <token>" line per piece), for tests that have no store.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <variant>

#include "broadcast/public_row.h"
#include "engine/match.h"

namespace facedown::overlay::testing {

// Each player's latest locked setup, open (text and salt) and checked, with a
// fixed hash per seat so documents differ only by what the setups hold.
inline std::array<std::optional<broadcast::SetupCommitment>, 2> open_seals(const engine::Match& match) {
  std::array<std::optional<broadcast::SetupCommitment>, 2> out;
  for (const auto& e : match.log()) {
    const auto* s = std::get_if<engine::SetupLocked>(&e.body);
    if (!s || s->player < 1 || s->player > 2) continue;
    std::string text = "facedown sealed setup v1\nmatch 1\nseq " + std::to_string(e.seq) + "\nplayer " +
                       std::to_string(s->player) + "\n";
    for (const auto& p : s->pieces) text += match.game().geometry().name(p.square) + " " + match.game().token(p.type) + "\n";
    out[static_cast<std::size_t>(s->player - 1)] =
        broadcast::SetupCommitment{s->player, std::string(64, s->player == 1 ? 'a' : 'b'), text, std::string(64, '5'), true};
  }
  return out;
}

}  // namespace facedown::overlay::testing
