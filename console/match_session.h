// MatchSession: the console's only way to change a match. submit() and advance()
// hand the events a command (or the passing of time) caused to a Journal — the
// event store — before they count as done. When the journal fails, the match is
// rebuilt as it was before the command, so the screen never shows what was not
// stored, and the error comes back for the banner. Nothing is lost: the command
// can simply be given again.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/command.h"
#include "engine/event.h"
#include "engine/match.h"

namespace facedown::console {

struct SessionOutcome {
  std::vector<engine::Event> events;       // stored and applied
  std::optional<std::string> rejection;    // the engine refused the command
  std::optional<std::string> store_error;  // the journal failed: nothing changed
  bool done() const { return !rejection && !store_error; }
};

class MatchSession {
 public:
  // Stores events of a command whose events `after` already holds; an error
  // message when it could not.
  using Journal = std::function<std::optional<std::string>(const engine::Match& after,
                                                           const std::vector<engine::Event>&)>;
  // The sealed-setup commitment of a player, when the store keeps one.
  using Commitment = std::function<std::optional<std::string>(int player)>;

  // The desk's sign of life: the match time it has reached (the store writes it
  // at most twice a second, where the overlay reads it).
  using Heartbeat = std::function<void(engine::Millis t)>;

  MatchSession(engine::Match match, Journal journal, Commitment commitment, std::string label,
               std::int64_t id = 0, Heartbeat heartbeat = {});

  const engine::Match& match() const { return match_; }
  SessionOutcome submit(const engine::Command& command, engine::Millis t);
  // Lets match time pass (deadlines fire and are stored) and beats the heart.
  // Cheap when nothing is due. Call it every frame.
  SessionOutcome advance(engine::Millis t);
  std::optional<std::string> commitment(int player) const;
  // Where the match lives ("/srv/final.db", "memory"); the desk writes it into a
  // sentence of its language with the id ("match 3 in /srv/final.db").
  const std::string& label() const { return label_; }
  // The match's id in its library (0: none).
  std::int64_t id() const { return id_; }

 private:
  SessionOutcome store(std::vector<engine::Event> events, std::size_t log_before);
  std::optional<std::string> journal(const std::vector<engine::Event>& events);

  engine::Match match_;
  Journal journal_;
  Commitment commitment_;
  Heartbeat heartbeat_;
  std::string label_;
  std::int64_t id_ = 0;
};

}  // namespace facedown::console
