// Options and presets. An option is a named string setting with a declared set
// of legal values (a choice list or an integer range) or a game-checked free text.
// A preset is a named, complete assignment; a match's options are a preset plus
// overrides, validated before the match exists.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace facedown::engine {

using Options = std::map<std::string, std::string>;

struct OptionSpec {
  enum class Kind { kChoice, kInteger, kText };
  std::string name;
  Kind kind = Kind::kChoice;
  std::vector<std::string> choices;  // kChoice
  long min = 0, max = 0;             // kInteger (inclusive)
  std::string default_value;
  std::string help;
  // Korean for the desk's start screen: a short name (the script keeps `name`) and
  // the help sentence. Every option of every game has both (conformance test).
  std::string name_ko = {};
  std::string help_ko = {};
};

struct Preset {
  std::string id;
  std::string description;
  Options options;  // overrides of the specs' defaults
  std::string description_ko = {};  // the description in Korean (every preset has one)
};

// Checks one value against its spec; returns the reason when it does not fit.
std::optional<std::string> check_option_value(const OptionSpec& spec, const std::string& value);

// Integer value of an option known to be valid ("off" reads as 0).
long option_int(const Options& options, const std::string& name);

}  // namespace facedown::engine
