// ControlToken: the bearer token of the console's control API. 32 random bytes in
// hex, made on first start and kept in the user's config
// ($XDG_CONFIG_HOME/facedown/control-token, mode 0600), so a Companion button
// page set up once keeps working. The token never goes into the event store.
#pragma once
#include <string>
#include <string_view>
#include <variant>

namespace facedown::console {

struct ControlToken {
  std::string hex;  // 64 lowercase hex digits
};

// $XDG_CONFIG_HOME/facedown/control-token, else ~/.config/facedown/control-token.
std::string default_control_token_path();

// Reads the token at `path`, or makes one there (mode 0600) when there is none.
// An existing file that does not hold a token is an error, never overwritten.
std::variant<ControlToken, std::string> load_or_create_control_token(const std::string& path);

// 64 lowercase hex digits from the kernel's random source, or why not.
std::variant<ControlToken, std::string> random_control_token();

// Equal texts, in time that depends on the lengths only (a timing probe learns
// nothing of the token's digits).
bool same_secret(std::string_view given, std::string_view expected);

}  // namespace facedown::console
