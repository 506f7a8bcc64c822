// JSON text for the terminal. A text that is not UTF-8 cannot reach here from a
// parsed script or a verified store, but if one did, it is printed with U+FFFD
// instead of nlohmann's dump() throwing type_error.316 and ending the process.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace facedown::cli {

inline std::string printable(const nlohmann::json& j, int indent = -1) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace facedown::cli
