// JSON for events and states, with nlohmann::json. The referee form of an event
// is complete (ids, secrecy masks, the command text) and is what the store keeps;
// event_from_json reads it back exactly. Other views are written from projected
// events and states (engine/view.h), so this file never decides what is secret.
#pragma once
#include <nlohmann/json.hpp>
#include <variant>

#include "engine/event.h"
#include "engine/game.h"
#include "engine/match.h"

namespace facedown::codec {

nlohmann::json event_to_json(const engine::Event& event, const engine::Game& game);
std::variant<engine::Event, std::string> event_from_json(const nlohmann::json& j,
                                                         const engine::Game& game);

// The state JSON of docs/match-script.md, as `viewer` may see it.
nlohmann::json state_to_json(const engine::Match& match, engine::Viewer viewer);

// "referee" | "public" | "player1" | "player2"
std::optional<engine::Viewer> parse_viewer(const std::string& name);
const char* viewer_name(engine::Viewer v);

}  // namespace facedown::codec
