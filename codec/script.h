// The match script (docs/match-script.md): a header (game, preset, options,
// players) then one command per line, each optionally stamped `@T` in seconds.
// This file turns lines into engine Commands and back; it is the only parser of
// the format, used by `facedown play`, export, the console's command box and tests.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/command.h"
#include "engine/game.h"
#include "engine/options.h"
#include "engine/time.h"

namespace facedown::codec {

// Splits a line into tokens: spaces separate, "double quotes" group, # comments.
// Returns an error for an unterminated quote. With `quoted`, also says of each
// token whether it was written in quotes (a quoted `"clear"` is a text, not the
// keyword).
std::variant<std::vector<std::string>, std::string> tokenize(std::string_view line,
                                                             std::vector<bool>* quoted = nullptr);

struct Header {
  std::string game;
  std::string preset;  // empty: the game's default
  engine::Options overrides;
  std::array<std::string, 2> players{"Player 1", "Player 2"};
  bool has_game = false;
};

// Applies one header statement (tokens of a line) to the header.
// Returns nullopt when the line is not a header statement at all.
std::optional<std::variant<std::monostate, std::string>> parse_header_line(
    const std::vector<std::string>& tokens, Header& header);

struct TimedCommand {
  engine::Command command;
  std::optional<engine::Millis> t;  // nullopt: the time of the previous line
};

// Parses a command line (tokens) for this game; the error names what is wrong.
std::variant<TimedCommand, std::string> parse_command(const std::vector<std::string>& tokens,
                                                      const engine::Game& game,
                                                      const std::vector<bool>& quoted = {});

// The command as a script line (without @T), e.g. "move c3-c5".
std::string format_command(const engine::Command& command, const engine::Game& game);
// A token quoted when it needs to be.
std::string quote(const std::string& text);
// A line as it may be shown in an error message: bytes that are not valid UTF-8
// and control characters appear as \xNN (a CR would otherwise rewrite the
// terminal line, and a bad byte would break a JSON or UTF-8 consumer).
std::string printable(std::string_view line);

}  // namespace facedown::codec
