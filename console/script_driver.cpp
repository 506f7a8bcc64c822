#include "console/script_driver.h"

#include "console/desk_command.h"
#include "engine/registry.h"

namespace facedown::console {

std::variant<ScriptDriver, std::string> ScriptDriver::load(const std::string& text) {
  ScriptDriver d;
  std::size_t pos = 0;
  int number = 0;
  while (pos <= text.size()) {
    const std::size_t end = text.find('\n', pos);
    const std::string line = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? text.size() + 1 : end + 1;
    ++number;
    auto tokens = codec::tokenize(line);
    if (auto* e = std::get_if<std::string>(&tokens)) return "line " + std::to_string(number) + ": " + *e;
    const auto& t = std::get<std::vector<std::string>>(tokens);
    if (t.empty()) continue;
    if (d.lines_.empty()) {
      if (auto header = codec::parse_header_line(t, d.header_)) {
        if (auto* e = std::get_if<std::string>(&*header)) return "line " + std::to_string(number) + ": " + *e;
        continue;
      }
    }
    d.lines_.push_back(line);
  }
  if (!d.header_.has_game) return std::string("the script has no `game` line");
  return d;
}

std::optional<std::string> ScriptDriver::create(Console& console, engine::Millis mono) {
  CreateMatch c{header_.game, header_.preset, header_.overrides, header_.players, -1, std::nullopt};
  if (c.preset.empty()) {
    for (const auto& g : engine::all_games())
      if (g.id == c.game) c.preset = g.default_preset;
  }
  if (auto e = console.create(c, mono)) return "the match could not be created: " + *e;
  return std::nullopt;
}

std::optional<std::string> ScriptDriver::play(Console& console, std::size_t i, engine::Millis& mono) {
  if (!console.session()) return std::string("no match");
  std::vector<bool> quoted;
  auto tokens = codec::tokenize(lines_[i], &quoted);
  if (auto* e = std::get_if<std::string>(&tokens)) return *e;
  auto parsed = codec::parse_command(std::get<std::vector<std::string>>(tokens),
                                     console.session()->match().game(), quoted);
  if (auto* e = std::get_if<std::string>(&parsed)) return *e;
  const auto& timed = std::get<codec::TimedCommand>(parsed);
  if (started_ && timed.t) mono = std::max(mono, start_mono_ + *timed.t);
  if (std::holds_alternative<engine::StartCmd>(timed.command)) {
    started_ = true;
    start_mono_ = mono;
  }
  if (auto refused = submit_to_desk(console, timed.command, mono)) return refused->reason;
  return std::nullopt;
}

std::string demo_script_path(const std::string& source_dir) {
  return source_dir + "/assets/matches/demo-genius.txt";
}

}  // namespace facedown::console
