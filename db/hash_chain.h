// The tamper-evidence chain: every event row's hash is SHA-256 of the previous
// row's hash (64 lowercase hex characters; 64 '0's before seq 1) followed by the
// row's canonical payload, both as text. So `printf '%s%s' PREV PAYLOAD | sha256sum`
// checks a row by hand (docs/db-schema.md).
#pragma once
#include <string>

#include "engine/event.h"
#include "engine/game.h"

namespace facedown::db {

inline const std::string kChainStart(64, '0');

// The canonical payload of an event: its referee JSON (codec::event_to_json),
// dumped compactly with keys in sorted order. Throws nlohmann's type_error.316
// when a text in the event is not UTF-8: the store catches it (an event it
// cannot write is refused, kInvalid), and verify only calls it on parsed JSON.
std::string canonical_payload(const engine::Event& event, const engine::Game& game);

std::string chain_hash(const std::string& prev_hash, const std::string& payload);

}  // namespace facedown::db
