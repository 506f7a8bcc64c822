// MatchLibrary: where the console finds and keeps matches — the SQLite event store
// (store_library.h) or, for tests and demos without a file, memory. The start
// screen lists it; new, resumed and replayed matches all come from it.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "broadcast/director.h"
#include "console/match_session.h"
#include "engine/event.h"
#include "engine/match.h"

namespace facedown::console {

struct MatchListing {
  std::int64_t id = 0;
  std::string game;
  std::string preset;
  std::array<std::string, 2> players;
  std::string status;  // the engine's status word
  bool finished = false;
  int winner = 0;      // when finished; 0: draw
  std::string reason;  // when finished
  int events = 0;
};

// What a resume found (the store's report, db::OutageGap): the match clock was
// running when the desk went quiet, the match time it had reached by its last
// sign of life and the wall clock then (0: unknown, as in memory), and when the
// resume came.
struct Outage {
  engine::Millis stopped_at = 0;
  std::int64_t last_sign_wall_ms = 0;
  std::int64_t resumed_wall_ms = 0;
};
// The desk's answer to an outage (console/desk.h outage_pause): the events it
// submits to `live`, stored with the interruption.
using OutagePolicy = std::function<std::vector<engine::Event>(engine::Match& live, const Outage& outage)>;

template <class T>
using Found = std::variant<T, std::string>;  // the value or why not

class MatchLibrary {
 public:
  virtual ~MatchLibrary() = default;
  // "/home/op/.local/share/facedown/facedown.db" or "memory".
  virtual std::string location() const = 0;
  // The store's file when the matches are stored (the analysis file lies
  // beside it: the replay graph reads what aired there); empty in memory.
  virtual std::string store_path() const { return {}; }
  // Every match, newest last.
  virtual Found<std::vector<MatchListing>> list() = 0;
  // Stores a freshly opened match and returns its live session.
  virtual Found<std::unique_ptr<MatchSession>> create(engine::Match opened) = 0;
  // Continues an unfinished match after a crash or restart. The library only
  // reports the outage it found; `policy` (the desk's) says what to record
  // about it, and is asked only when the match clock was running.
  virtual Found<std::unique_ptr<MatchSession>> resume(std::int64_t id, const OutagePolicy& policy) = 0;
  // The stored log of any match (replay).
  virtual Found<std::vector<engine::Event>> events(std::int64_t id) = 0;
  // The director's hold on air (the store's presentation table, which the
  // overlay reads); an error message when it could not be stored. Memory: no
  // overlay can read it, so there is nothing to store.
  virtual std::optional<std::string> set_on_air_hold(std::int64_t /*id*/, bool /*held*/) { return std::nullopt; }
  // The director's cues (the store's cues table, which the feed and the overlay
  // follow; console/director_cues.h checks them first): appended together, all or
  // none, at the match's last public row; what was stored, or why not.
  virtual Found<std::vector<broadcast::CueRecord>> append_cues(std::int64_t /*id*/,
                                                               const std::vector<std::string>& /*cues*/) {
    return std::string("this library keeps no cues");
  }
  // Every cue of the match, in order.
  virtual Found<std::vector<broadcast::CueRecord>> cues(std::int64_t /*id*/) {
    return std::vector<broadcast::CueRecord>{};
  }
};

// Matches held in memory only (tests, the demo without a database).
std::unique_ptr<MatchLibrary> memory_library();

// The listing of a match (used by both libraries).
MatchListing listing_of(std::int64_t id, const engine::Match& match);

// The reason the desk pauses a running clock with after an outage (the
// store's marker, db::kInterruptionReason, which verify checks).
inline constexpr const char* kResumeReason = "resumed after interruption";
// The pause recorded when the operator closes the console window mid-match.
inline constexpr const char* kQuitReason = "console window closed";

}  // namespace facedown::console
