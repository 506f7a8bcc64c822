// Turning stored rows back into engine events: the Opened row names the game and
// its options, which give the Game that reads every other row. Shared by load,
// replay and verify so they all read a log the same way.
#pragma once
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "db/store.h"
#include "engine/game.h"

namespace facedown::db {

struct ParsedLog {
  const engine::GameInfo* info = nullptr;  // points into the `games` given to parse_log
  std::unique_ptr<engine::Game> game;
  std::vector<engine::Event> events;
};

struct ParseFailure {
  int seq = 0;  // the first row that could not be read
  std::string reason;
};

std::variant<ParsedLog, ParseFailure> parse_log(const std::vector<StoredEvent>& rows,
                                                const std::vector<engine::GameInfo>& games);

}  // namespace facedown::db
