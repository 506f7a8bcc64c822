// Errors are values: a command that cannot be carried out yields a Rejection whose
// reason is written for the operator ("c3 is not your piece"), and changes nothing.
#pragma once
#include <string>
#include <variant>

namespace facedown::engine {

struct Rejection {
  std::string reason;
};

}  // namespace facedown::engine
