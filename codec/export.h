// Writes a match back out as a match script: the header from its Opened event,
// then every accepted command with its time (voided ones and voids included, so
// playing the script back gives the same events, corrections and all).
#pragma once
#include <string>

#include "engine/match.h"

namespace facedown::codec {

std::string export_script(const engine::Match& match);

}  // namespace facedown::codec
