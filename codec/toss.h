// The recorded coin toss: player 1 when the first byte of SHA-256(seed as UTF-8)
// is even, else player 2 (docs/match-script.md). Outside the engine because the
// engine uses the standard library only; the outcome travels in the command.
#pragma once
#include <string>

namespace facedown::codec {

int toss(const std::string& seed);
std::string sha256_hex(const std::string& bytes);

}  // namespace facedown::codec
