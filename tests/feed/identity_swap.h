// The feed's leak tests: two runs that differ only in identities the public
// never saw (tests/support/identity_swap.h), both stored one event per commit on
// the same clock, and the seals' random parts blanked before bytes are compared.
#pragma once
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>

#include "codec/json.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "feed_support.h"
#include "tests/support/identity_swap.h"
#include "tests/conformance/random_match.h"

namespace facedown::feed::testing {

using namespace facedown::engine;
using nlohmann::json;
using facedown::testing::collect;
using facedown::testing::strip;
using facedown::testing::stripped_referee;
using facedown::testing::swapped;

inline constexpr std::int64_t kWall0 = 1'760'000'000'000;
inline constexpr std::int64_t kStep = 1000;  // wall time between commits, the same in both runs
inline const std::string kToken = "leak-test-token-0123456789";

// A feed over `path` with the TV cut (kToken, `delay`) on the test's own clock,
// and the analysis on with `playouts` playouts a step (0: off).
inline FeedOptions tv_options(const std::string& path, std::int64_t delay, std::function<std::int64_t()> clock,
                              int playouts = 0) {
  FeedOptions o;
  o.db_path = path;
  o.tv_token = kToken;
  o.tv_delay_ms = delay;
  o.wall_clock_ms = std::move(clock);
  if (playouts > 0) {
    o.analysis = true;
    o.analysis_playouts = playouts;
  }
  return o;
}

// Stores the match one event per commit, commit k at kWall0 + k * kStep.
inline void store_match(const std::string& path, const Match& m) {
  std::int64_t now = kWall0;
  db::StoreOptions o;
  o.wall_clock_ms = [&now] { return now; };
  auto store = must(db::Store::open(path, o));
  auto folded = Match::from_log(m.info(), {m.log().front()});
  REQUIRE(std::holds_alternative<Match>(folded));
  Match step = std::move(std::get<Match>(folded));
  const db::MatchId id = must(store.create_match(step));
  for (std::size_t i = 1; i < m.log().size(); ++i) {
    REQUIRE_FALSE(step.record(m.log()[i]));
    now += kStep;
    if (auto f = store.append(id, step, {m.log()[i]})) FAIL(f->message);
  }
}

// A sealed setup's commitment (and its cut for the screen, hash_text) hashes a
// random salt, so it differs between any two runs; once the match is closed the
// setup and salt are opened, by design (and the frame's final reveal shows both
// setups). Those values are blanked before the bytes are compared (and a setup
// may only appear at all once the match is closed: checked by the caller).
inline std::string blank_seals(const std::string& bytes) {
  static const std::regex commitment("\"hash\":\"[0-9a-f]{64}\"");
  static const std::regex shown("\"hash_text\":\"[0-9a-f]{12}…\"");  // the commitment as cut for the screen
  static const std::regex salt("\"salt\":\"[0-9a-f]{64}\"");
  static const std::regex setup("\"setup\":\"[^\"]*\"");
  std::string out = std::regex_replace(bytes, commitment, "\"hash\":\"#\"");
  out = std::regex_replace(out, shown, "\"hash_text\":\"#\"");
  out = std::regex_replace(out, salt, "\"salt\":\"#\"");
  // The final reveal (the frame's "reveal", after close only): both setups, piece by piece.
  const std::string open = "\"reveal\":{\"setups\":[", close = "],\"title\"";
  for (std::size_t at = out.find(open); at != std::string::npos; at = out.find(open, at + open.size())) {
    const std::size_t end = out.find(close, at + open.size());
    if (end == std::string::npos) break;
    out.replace(at + open.size(), end - at - open.size(), "#");
  }
  return std::regex_replace(out, setup, "\"setup\":\"#\"");
}

}  // namespace facedown::feed::testing
