#include "console/director_cues.h"

#include <fmt/format.h>

namespace facedown::console {

using broadcast::Cue;
using broadcast::DirectorState;

std::variant<std::vector<std::string>, std::string> cue_lines(std::string_view body) {
  std::vector<std::string> out;
  std::size_t line = 0;
  while (!body.empty()) {
    ++line;
    const auto nl = body.find('\n');
    std::string_view text = body.substr(0, nl);
    body = nl == std::string_view::npos ? std::string_view{} : body.substr(nl + 1);
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    if (text.find_first_not_of(" \t") == std::string_view::npos) continue;
    if (out.size() == kMaxCuesAtOnce) return fmt::format("more than {} cues at once", kMaxCuesAtOnce);
    out.emplace_back(text);
  }
  if (out.empty()) return std::string("no cue given (one per line, e.g. \"show scorebug\")");
  return out;
}

Found<DirectorState> program_of(MatchLibrary& library, std::int64_t id) {
  auto stored = library.cues(id);
  if (auto* e = std::get_if<std::string>(&stored)) return *e;
  return broadcast::fold_cues(std::get<std::vector<broadcast::CueRecord>>(stored));
}

std::variant<DirectorState, std::string> preview_cues(const DirectorState& program, const std::vector<std::string>& cues) {
  DirectorState s = program;
  for (std::size_t i = 0; i < cues.size(); ++i) {
    auto parsed = broadcast::parse_cue(cues[i]);
    if (auto* e = std::get_if<std::string>(&parsed)) return fmt::format("cue {}: {}", i + 1, *e);
    const Cue& c = std::get<Cue>(parsed);
    if (auto why = broadcast::check_cue(s, c)) return fmt::format("cue {}: {}", i + 1, *why);
    s = broadcast::apply_cue(std::move(s), c, 0, 0);  // seq and time: the store's, at the Take
  }
  return s;
}

std::optional<std::string> take_cues(MatchLibrary& library, std::int64_t id, const std::vector<std::string>& cues) {
  auto program = program_of(library, id);
  if (auto* e = std::get_if<std::string>(&program)) return *e;
  auto preview = preview_cues(std::get<DirectorState>(program), cues);
  if (auto* e = std::get_if<std::string>(&preview)) return *e;
  std::vector<std::string> canonical;  // the store keeps each cue's canonical text
  for (const auto& text : cues) canonical.push_back(broadcast::cue_text(std::get<Cue>(broadcast::parse_cue(text))));
  auto stored = library.append_cues(id, canonical);
  if (auto* e = std::get_if<std::string>(&stored)) return *e;
  return std::nullopt;
}

}  // namespace facedown::console
