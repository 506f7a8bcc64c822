// Runs a match script line by line: header statements build the match, command
// lines go through Match::submit with their time (`@T`, or the previous line's).
// One runner serves `facedown play`, the store's import and the tests, so every
// path reads scripts the same way.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "codec/script.h"
#include "engine/match.h"
#include "engine/registry.h"

namespace facedown::codec {

class ScriptRunner {
 public:
  struct LineResult {
    std::vector<engine::Event> events;  // appended by this line (deadline events too)
    std::optional<std::string> error;   // why the line was refused
  };
  // Called with a new match's Opened event and with the events of each line before
  // they count as done; a returned error stops the runner (a store that failed).
  using Journal = std::function<std::optional<std::string>(const engine::Match&,
                                                           const std::vector<engine::Event>&)>;

  // `games`: the games it knows; empty: all_games() (a test game is given here).
  explicit ScriptRunner(Journal journal = {}, std::vector<engine::GameInfo> games = {});

  LineResult feed(const std::string& line);
  // Opens the match if the script had a header but no command (call at the end).
  LineResult finish();

  const engine::Match* match() const { return match_ ? &*match_ : nullptr; }
  bool failed() const { return journal_failed_; }
  std::optional<engine::Match> release() { return std::move(match_); }

 private:
  LineResult open_match();
  // Whether a header, with one more line applied, names a game, preset and options
  // that exist (what cannot be checked yet, before the game line, passes).
  std::optional<std::string> check_header(const Header& h) const;

  Journal journal_;
  std::vector<engine::GameInfo> games_;
  Header header_;
  std::optional<engine::Match> match_;
  std::optional<std::string> header_error_;
  engine::Millis last_time_ = 0;
  bool journal_failed_ = false;
};

// Plays a whole script; returns the match (or the first error if the header fails).
struct ScriptRun {
  std::optional<engine::Match> match;
  std::vector<std::string> errors;  // "line N: text: reason"
};
ScriptRun run_script(const std::string& text);

}  // namespace facedown::codec
