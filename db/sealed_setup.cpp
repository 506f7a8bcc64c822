#include "db/sealed_setup.h"

#include <openssl/rand.h>

#include "codec/toss.h"

namespace facedown::db {

std::string canonical_setup_text(std::int64_t match_id, int seq, const engine::SetupLocked& setup,
                                 const engine::Game& game) {
  std::string text = "facedown sealed setup v1\nmatch " + std::to_string(match_id) + "\nseq " +
                     std::to_string(seq) + "\nplayer " + std::to_string(setup.player) + "\n";
  for (const auto& p : setup.pieces)
    text += game.geometry().name(p.square) + " " + game.token(p.type) + "\n";
  return text;
}

std::optional<std::string> random_salt() {
  unsigned char bytes[32];
  if (RAND_bytes(bytes, sizeof bytes) != 1) return std::nullopt;
  static const char* kHex = "0123456789abcdef";
  std::string out;
  for (unsigned char b : bytes) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

std::string setup_commitment(const std::string& setup_text, const std::string& salt) {
  return codec::sha256_hex(setup_text + salt);
}

bool opens_seals(const engine::Event& event) { return std::holds_alternative<engine::Closed>(event.body); }

}  // namespace facedown::db
