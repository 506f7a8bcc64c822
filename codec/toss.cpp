#include "codec/toss.h"

#include <openssl/sha.h>

#include <array>

namespace facedown::codec {

namespace {
std::array<unsigned char, SHA256_DIGEST_LENGTH> digest(const std::string& bytes) {
  std::array<unsigned char, SHA256_DIGEST_LENGTH> out{};
  SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), out.data());
  return out;
}
}  // namespace

int toss(const std::string& seed) { return digest(seed)[0] % 2 == 0 ? 1 : 2; }

std::string sha256_hex(const std::string& bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : digest(bytes)) {
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out;
}

}  // namespace facedown::codec
