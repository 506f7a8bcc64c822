#include "db/hash_chain.h"

#include "codec/json.h"
#include "codec/toss.h"

namespace facedown::db {

std::string canonical_payload(const engine::Event& event, const engine::Game& game) {
  return codec::event_to_json(event, game).dump();
}

std::string chain_hash(const std::string& prev_hash, const std::string& payload) {
  return codec::sha256_hex(prev_hash + payload);
}

}  // namespace facedown::db
