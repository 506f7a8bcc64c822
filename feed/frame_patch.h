// Frame patches: the on-air stream's messages after the first as RFC 6902 JSON
// Patch (nlohmann's json::diff) from the message before. A move changes a few
// squares and the clock; the whole frame is 25-55 KB, its patch about 1 KB.
//
// The body of a patch message (docs/on-air.md, "Patches"):
//   {"match":M,"seq":S,"id":"M.S.U","base":"M.S'.U'","base_seq":S',"ops":[...]}
// `ops` applied to the document of message `base` give the document of `id`.
// A client that does not hold `base` must not apply it: it waits for (nchan)
// or asks for (the feed's own stream: a fresh connection) a full frame.
// Invariant: a body is only made when it is smaller than the document itself;
// otherwise the message goes whole (a match switch, a new game's board).
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>

#include "feed/message_log.h"

namespace facedown::feed {

// The patch body from `base` to `next`, or nullopt when either is not a JSON
// object or the body would not be smaller than `next_size` bytes.
std::optional<std::string> patch_body(const nlohmann::json& base, const nlohmann::json& next, const EventId& base_id,
                                      const EventId& id, std::size_t next_size);

// `doc` with a patch body's ops applied (nlohmann's json::patch), or why not:
// the body is not a patch, or an op does not apply to `doc`. Never throws.
std::variant<nlohmann::json, std::string> apply_patch_body(const nlohmann::json& doc, const nlohmann::json& body);

// A client of the versioned stream in C++ (tests, benchmarks), as the page's
// feed_stream.js: full frames are taken, patches applied on the frame of their
// base; a patch on another frame is refused (nullopt, `need_full` set).
class FrameFollower {
 public:
  // The frame after `body` (a wire body, parsed), or nullopt.
  std::optional<nlohmann::json> accept(const nlohmann::json& body);
  const std::string& id() const { return id_; }
  bool need_full() const { return need_full_; }

 private:
  nlohmann::json frame_;
  std::string id_;
  bool need_full_ = false;
};

}  // namespace facedown::feed
