// The on-air JSON the feed serves for a match after public row N. Built from what
// the public reader returns only (summary, public rows, public seals, the desk's
// heartbeat), so it can hold nothing the store did not already make public; the
// feed decides no secrecy. Until the broadcast on-air model (docs/on-air.md)
// is merged this is the feed's own small form; the feed calls nothing else.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "db/public_reader.h"

namespace facedown::feed {

struct OnAirInput {
  const db::MatchSummary* summary = nullptr;
  const std::vector<db::PublicEventRow>* rows = nullptr;  // in seq order
  std::size_t count = 0;                                  // rows[0, count) have been aired
  const std::vector<db::PublicSeal>* seals = nullptr;     // as the reader returns them now
  bool standby = false;                                   // the desk has gone silent
};

// One line of JSON; a pure function of its input (no clock), so equal inputs
// give equal bytes and a stream only sends what changed.
std::string on_air_json(const OnAirInput& in);

// The JSON for "no match to follow yet".
std::string waiting_json();

}  // namespace facedown::feed
