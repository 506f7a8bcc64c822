#include "db/parsed_log.h"

#include "codec/json.h"
#include "engine/registry.h"

namespace facedown::db {

std::variant<ParsedLog, ParseFailure> parse_log(const std::vector<StoredEvent>& rows,
                                                const std::vector<engine::GameInfo>& games) {
  if (rows.empty()) return ParseFailure{1, "no events are stored"};
  ParsedLog out;
  nlohmann::json first = nlohmann::json::parse(rows[0].payload, nullptr, false);
  auto type_it = first.is_object() ? first.find("type") : first.end();
  if (first.is_discarded() || !first.is_object() || type_it == first.end() || *type_it != "opened" ||
      !first.contains("game") || !first["game"].is_string())
    return ParseFailure{rows[0].seq, "the first event is not a readable opened event"};
  const std::string game_id = first["game"].get<std::string>();
  out.info = engine::find_game(games, game_id);
  if (!out.info) return ParseFailure{rows[0].seq, "game '" + game_id + "' is unknown to this build"};
  engine::Options options;
  std::string preset;
  try {
    options = first.at("options").get<engine::Options>();
    preset = first.at("preset").get<std::string>();
  } catch (const nlohmann::json::exception& e) {
    return ParseFailure{rows[0].seq, std::string("the opened event is malformed: ") + e.what()};
  }
  auto resolved = engine::resolve_options(*out.info, preset, options);
  if (resolved.error) return ParseFailure{rows[0].seq, "the opened event's options: " + *resolved.error};
  out.game = out.info->make(resolved.options);
  out.events.reserve(rows.size());
  for (const auto& row : rows) {
    nlohmann::json j = nlohmann::json::parse(row.payload, nullptr, false);
    if (j.is_discarded()) return ParseFailure{row.seq, "the payload is not JSON"};
    std::variant<engine::Event, std::string> e = std::string();
    try {
      e = codec::event_from_json(j, *out.game);
    } catch (const std::exception& ex) {
      e = std::string(ex.what());
    }
    if (auto* err = std::get_if<std::string>(&e)) return ParseFailure{row.seq, "unreadable event: " + *err};
    auto& ev = std::get<engine::Event>(e);
    if (ev.seq != row.seq)
      return ParseFailure{row.seq, "the payload says seq " + std::to_string(ev.seq)};
    out.events.push_back(std::move(ev));
  }
  return out;
}

}  // namespace facedown::db
