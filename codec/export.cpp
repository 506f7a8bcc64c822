#include "codec/export.h"

#include "codec/script.h"

namespace facedown::codec {

using namespace engine;

std::string export_script(const Match& match) {
  const auto& log = match.log();
  const auto& opened = std::get<Opened>(log.front().body);
  std::string out = "game " + opened.game + "\npreset " + opened.preset + "\n";
  // Only options that differ from the preset need a line; writing all is simpler and exact.
  for (const auto& [k, v] : opened.options) out += "option " + k + "=" + v + "\n";
  for (int p = 0; p < 2; ++p)
    out += "player " + std::to_string(p + 1) + " " + quote(opened.players[static_cast<std::size_t>(p)]) + "\n";
  Millis last = -1;
  for (const auto& e : log) {
    if (!e.command) continue;
    std::string line = format_command(*e.command, match.game());
    // The command's own time: a deadline may have fired at this instant too, but
    // the command's first event carries the time it was given at.
    if (e.t != last) line = "@" + format_seconds(e.t) + " " + line;
    last = e.t;
    out += line + "\n";
  }
  return out;
}

}  // namespace facedown::codec
