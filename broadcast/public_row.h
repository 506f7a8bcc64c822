// What the overlay reads: one public row of the store per event (its public JSON
// and the public state JSON after it), and the sealed-setup commitments. These
// are the only inputs of the overlay's model; the store decides nothing here and
// the overlay never sees a referee row, so it has nothing secret to filter.
#pragma once
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "broadcast/director.h"

namespace facedown::broadcast {

struct PublicRow {
  int seq = 0;            // 1-based position in the match's log
  std::string type;       // "moved", "battle", ... (as in the event JSON)
  double match_time = 0;  // seconds on the match clock
  double wall_time = 0;   // seconds since the Unix epoch when it was committed
  nlohmann::json event;   // the public projection of the event
  nlohmann::json state;   // the public state JSON after the event
};

// A sealed setup: the hash is public from the lock; the setup and its salt are
// published only after the end, so anyone can check the hash.
struct SetupCommitment {
  int player = 0;
  std::string hash;                   // hex digest published at the lock
  std::optional<std::string> setup;   // revealed at the end
  std::optional<std::string> salt;
  std::optional<bool> verified;       // whether setup+salt hash to `hash` (when revealed)
};

// The referee desk's last sign of life: how far its match clock had run, and
// when. Older than kStaleDeskSeconds, the desk counts as gone (standby).
struct DeskHeartbeat {
  double match_time = 0;  // seconds on the match clock
  double wall_time = 0;   // seconds since the Unix epoch
};
inline constexpr double kStaleDeskSeconds = 2.0;

// The director's presentation state (db/presentation.h): a hold keeps what was
// on air at held_seq (a battle in its explained phase, a result banner) until
// released. Not a match event: the engine knows nothing of it.
struct Presentation {
  bool held = false;
  int held_seq = 0;       // the last row on air when the hold began
  double wall_time = 0;   // when the hold began (seconds since the epoch)
};

// Where rows come from: the store (PublicFeed) or, in tests, a list.
class RowSource {
 public:
  virtual ~RowSource() = default;
  virtual bool poll() = 0;  // true when rows or seals changed
  virtual const std::vector<PublicRow>& rows() const = 0;
  virtual std::array<std::optional<SetupCommitment>, 2> commitments() const = 0;
  // What the source is waiting for, for the logs only: it may name the file,
  // which never goes on air (the no-match card says "Waiting for the match").
  virtual std::string message() const = 0;
  // Changes whenever the rows were replaced rather than extended (another match,
  // another file): what follows is a catch-up, not news.
  virtual std::uint64_t generation() const { return 0; }
  // The desk's heartbeat, when the source has one.
  virtual std::optional<DeskHeartbeat> heartbeat() const { return std::nullopt; }
  // The director's hold, when the source has one.
  virtual std::optional<Presentation> presentation() const { return std::nullopt; }
  // The director's cues (director.h), in order, when the source has them.
  virtual std::vector<CueRecord> cues() const { return {}; }
  // The store's id of the match the rows belong to, when the source has one
  // (the frame names it, and the analysis of a row is looked up by it).
  virtual std::optional<std::int64_t> match() const { return std::nullopt; }
};

}  // namespace facedown::broadcast
