#include "engine/options.h"

#include <charconv>

namespace facedown::engine {

std::optional<std::string> check_option_value(const OptionSpec& spec, const std::string& value) {
  switch (spec.kind) {
    case OptionSpec::Kind::kChoice:
      for (const auto& c : spec.choices)
        if (c == value) return std::nullopt;
      {
        std::string list;
        for (const auto& c : spec.choices) list += (list.empty() ? "" : " | ") + c;
        return "option " + spec.name + " must be one of " + list + ", not '" + value + "'";
      }
    case OptionSpec::Kind::kInteger: {
      // "off" is the word for 0 where 0 switches the option off (limits, clocks).
      if (value == "off" && spec.min == 0) return std::nullopt;
      long v = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      if (ec != std::errc() || end != value.data() + value.size() || value.empty())
        return "option " + spec.name + " must be a whole number, not '" + value + "'";
      if (v < spec.min || v > spec.max)
        return "option " + spec.name + " must be between " + std::to_string(spec.min) + " and " +
               std::to_string(spec.max) + ", not " + value;
      return std::nullopt;
    }
    case OptionSpec::Kind::kText:
      return std::nullopt;  // the game checks free text itself
  }
  return std::nullopt;
}

long option_int(const Options& options, const std::string& name) {
  auto it = options.find(name);
  if (it == options.end()) return 0;
  long v = 0;  // stays 0 for "off"
  std::from_chars(it->second.data(), it->second.data() + it->second.size(), v);
  return v;
}

}  // namespace facedown::engine
