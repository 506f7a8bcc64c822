#include "codec/script_runner.h"

#include <sstream>

namespace facedown::codec {

using namespace engine;

ScriptRunner::ScriptRunner(Journal journal, std::vector<GameInfo> games)
    : journal_(std::move(journal)), games_(games.empty() ? all_games() : std::move(games)) {}

ScriptRunner::LineResult ScriptRunner::open_match() {
  LineResult out;
  if (header_error_) {
    out.error = *header_error_;
    return out;
  }
  if (!header_.has_game) {
    header_error_ = "no game given (the header needs `game GAME-ID` before any command)";
    out.error = header_error_;
    return out;
  }
  const GameInfo* info = find_game(games_, header_.game);
  if (!info) {
    std::string list;
    for (const auto& g : games_) list += (list.empty() ? "" : ", ") + g.id;
    header_error_ = "unknown game '" + header_.game + "' (games: " + list + ")";
    out.error = header_error_;
    return out;
  }
  std::string preset = header_.preset.empty() ? info->default_preset : header_.preset;
  auto opened = Match::open(*info, preset, header_.overrides, header_.players);
  if (auto* r = std::get_if<Rejection>(&opened)) {
    header_error_ = r->reason;
    out.error = header_error_;
    return out;
  }
  match_.emplace(std::move(std::get<Match>(opened)));
  out.events = match_->log();
  if (journal_) {
    if (auto err = journal_(*match_, out.events)) {
      journal_failed_ = true;
      out.error = *err;
    }
  }
  return out;
}

std::optional<std::string> ScriptRunner::check_header(const Header& h) const {
  // Each header line is checked as soon as what it names can be: a game, preset or
  // option that does not exist is reported on its own line (the preset and the
  // options only once the game is known), never at the first command.
  if (!h.has_game) return std::nullopt;
  const GameInfo* info = find_game(games_, h.game);
  if (!info) {
    std::string list;
    for (const auto& g : games_) list += (list.empty() ? "" : ", ") + g.id;
    return "unknown game '" + h.game + "' (games: " + list + ")";
  }
  if (!h.preset.empty() && !info->find_preset(h.preset)) {
    std::string list;
    for (const auto& p : info->presets) list += (list.empty() ? "" : ", ") + p.id;
    return "unknown preset '" + h.preset + "' for " + info->id + " (presets: " + list + ")";
  }
  auto resolved = resolve_options(*info, h.preset.empty() ? info->default_preset : h.preset, h.overrides);
  if (resolved.error) return resolved.error;
  return std::nullopt;
}

ScriptRunner::LineResult ScriptRunner::feed(const std::string& line) {
  LineResult out;
  if (journal_failed_) {
    out.error = "the store failed earlier; nothing more is recorded";
    return out;
  }
  std::vector<bool> quoted;
  auto tokens_or = tokenize(line, &quoted);
  if (auto* e = std::get_if<std::string>(&tokens_or)) {
    out.error = *e;
    return out;
  }
  const auto& tokens = std::get<std::vector<std::string>>(tokens_or);
  if (tokens.empty()) return out;

  if (!match_ && !header_error_) {
    // A refused header line changes nothing: the line is tried on a copy, and the
    // match keeps the game, preset and options it had (contract: "Header lines").
    Header candidate = header_;
    if (auto header = parse_header_line(tokens, candidate)) {
      if (auto* e = std::get_if<std::string>(&*header))
        out.error = *e;
      else if (auto bad = check_header(candidate))
        out.error = bad;
      else
        header_ = std::move(candidate);
      return out;
    }
    out = open_match();
    if (out.error) return out;
  } else if (!match_) {
    out.error = *header_error_;
    return out;
  }

  auto parsed = parse_command(tokens, match_->game(), quoted);
  if (auto* e = std::get_if<std::string>(&parsed)) {
    out.error = *e;
    return out;
  }
  auto& tc = std::get<TimedCommand>(parsed);
  Millis t = tc.t.value_or(last_time_);
  last_time_ = t;
  auto submitted = match_->submit(tc.command, t);
  if (journal_ && !submitted.events.empty()) {
    if (auto err = journal_(*match_, submitted.events)) {
      journal_failed_ = true;
      out.error = *err;
      return out;
    }
  }
  out.events.insert(out.events.end(), submitted.events.begin(), submitted.events.end());
  if (submitted.rejection) out.error = submitted.rejection->reason;
  return out;
}

ScriptRunner::LineResult ScriptRunner::finish() {
  if (match_ || header_error_ || !header_.has_game) return {};
  return open_match();
}

ScriptRun run_script(const std::string& text) {
  ScriptRun run;
  ScriptRunner runner;
  std::istringstream in(text);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    auto r = runner.feed(line);
    if (r.error) run.errors.push_back("line " + std::to_string(n) + ": " + printable(line) + ": " + *r.error);
  }
  runner.finish();
  run.match = runner.release();
  return run;
}

}  // namespace facedown::codec
