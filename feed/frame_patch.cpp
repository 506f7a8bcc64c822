#include "feed/frame_patch.h"

namespace facedown::feed {

using nlohmann::json;

std::optional<std::string> patch_body(const json& base, const json& next, const EventId& base_id, const EventId& id,
                                      std::size_t next_size) {
  if (!base.is_object() || !next.is_object()) return std::nullopt;
  // The envelope's keys first, the ops last: a reader (or a person with curl)
  // sees which row it is before the ops.
  std::string body = R"({"match":)" + std::to_string(id.match) + R"(,"seq":)" + std::to_string(id.seq) +
                     R"(,"id":")" + id.text() + R"(","base":")" + base_id.text() + R"(","base_seq":)" +
                     std::to_string(base_id.seq) + R"(,"ops":)";
  // The frame's strings are the feed's own (valid UTF-8); replace, never throw, all the same.
  body += json::diff(base, next).dump(-1, ' ', false, json::error_handler_t::replace);
  body += '}';
  if (body.size() >= next_size) return std::nullopt;
  return body;
}

std::variant<json, std::string> apply_patch_body(const json& doc, const json& body) {
  if (!body.is_object() || !body.contains("ops") || !body["ops"].is_array()) return std::string("not a patch body (no ops)");
  try {
    return doc.patch(body["ops"]);
  } catch (const std::exception& e) {
    return std::string("the patch does not apply: ") + e.what();
  }
}

std::optional<json> FrameFollower::accept(const json& body) {
  if (!body.is_object()) return std::nullopt;
  const std::string id = body.contains("id") && body["id"].is_string() ? body["id"].get<std::string>() : "";
  if (body.contains("frame") && body["frame"].is_object()) {
    frame_ = body["frame"];
    id_ = id;
    need_full_ = false;
    return frame_;
  }
  if (!body.contains("ops")) return std::nullopt;
  if (id_.empty() || !body.contains("base") || body["base"] != id_) {
    need_full_ = true;
    return std::nullopt;
  }
  auto applied = apply_patch_body(frame_, body);
  if (std::holds_alternative<std::string>(applied)) {
    need_full_ = true;
    id_.clear();
    return std::nullopt;
  }
  frame_ = std::move(std::get<json>(applied));
  id_ = id;
  return frame_;
}

}  // namespace facedown::feed
