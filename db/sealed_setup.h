// Sealed setups: when a setup is locked the store publishes a commitment
// SHA-256(setup_text ‖ salt) and keeps the text and salt secret until the match
// is closed. setup_text is canonical (below) so anyone can rebuild it from the ended
// match's public data; salt is 32 random bytes (OpenSSL RAND_bytes) as 64
// lowercase hex characters, taken as text.
//
//   facedown sealed setup v1\n
//   match <match id>\n
//   seq <seq of the setup-locked event>\n
//   player <1|2>\n
//   <square> <piece token>\n      one line per piece, in square order
#pragma once
#include <optional>
#include <string>

#include "engine/event.h"
#include "engine/game.h"

namespace facedown::db {

std::string canonical_setup_text(std::int64_t match_id, int seq, const engine::SetupLocked& setup,
                                 const engine::Game& game);

// 64 lowercase hex characters from a cryptographic source; nullopt if it failed.
std::optional<std::string> random_salt();

std::string setup_commitment(const std::string& setup_text, const std::string& salt);

// Whether appending this event opens every sealed setup of the match so far to
// the public (the store copies text and salt into public_seals; verify expects a
// seal open exactly when such an event follows it): the match was closed (the
// referee confirmed the result, `close`; after it nothing can be voided). An
// `ended` event opens nothing, since a void can still take it back.
bool opens_seals(const engine::Event& event);

}  // namespace facedown::db
