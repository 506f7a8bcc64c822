#include "console/desk_command.h"

#include "codec/script.h"

namespace facedown::console {

std::optional<DeskRefusal> submit_to_desk(Console& console, const engine::Command& command,
                                          engine::Millis mono) {
  using Kind = DeskRefusal::Kind;
  const DeskOutcome outcome = console.submit(command, mono);
  if (outcome.no_match) return DeskRefusal{Kind::kNoMatch, *outcome.refusal};
  if (outcome.store_error) return DeskRefusal{Kind::kStoreError, *outcome.store_error};
  if (outcome.refusal) return DeskRefusal{Kind::kRefused, *outcome.refusal};
  return std::nullopt;
}

std::optional<DeskRefusal> give_desk_command(Console& console, std::string_view line,
                                             engine::Millis mono) {
  using Kind = DeskRefusal::Kind;
  if (line.ends_with('\n')) line.remove_suffix(1);
  if (line.ends_with('\r')) line.remove_suffix(1);
  if (line.find_first_of("\r\n") != std::string_view::npos)
    return DeskRefusal{Kind::kRefused, "one command per request (the body has more than one line)"};
  std::vector<bool> quoted;
  auto tokens = codec::tokenize(line, &quoted);
  if (auto* e = std::get_if<std::string>(&tokens)) return DeskRefusal{Kind::kRefused, codec::printable(*e)};
  const auto& t = std::get<std::vector<std::string>>(tokens);
  if (t.empty()) return DeskRefusal{Kind::kRefused, "no command (the body is empty or only a comment)"};
  if (!t[0].empty() && t[0][0] == '@')
    return DeskRefusal{Kind::kRefused,
                       "leave out `" + codec::printable(t[0]) +
                           "`: the desk's own match clock gives the command its time"};
  if (!console.session()) return DeskRefusal{Kind::kNoMatch, "there is no match on the desk"};
  auto parsed = codec::parse_command(t, console.session()->match().game(), quoted);
  if (auto* e = std::get_if<std::string>(&parsed)) return DeskRefusal{Kind::kRefused, codec::printable(*e)};
  return submit_to_desk(console, std::get<codec::TimedCommand>(parsed).command, mono);
}

}  // namespace facedown::console
