// The steps of the on-air model's fold, shared by ModelFollower (and through it
// derive_model): reading the `opened` event, one public state, one event in
// effect. Internal to broadcast/: outputs use ModelFollower or derive_model.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "broadcast/model.h"

namespace facedown::broadcast::model_fold {

// A counter that hides its piece (CounterSpec::hiding), used in the running
// move: (player, square, counter).
struct BlindMark {
  int player = 0;
  engine::Square square = engine::kNoSquare;
  std::string counter;
};

// The game, players and options of the match (throws on a malformed event).
void read_opened(OnAirModel& m, const nlohmann::json& event, const std::vector<engine::GameInfo>& games);
// Every state field of the model from one public state JSON (throws when malformed;
// the caller keeps its copy of the model from before).
void read_state(OnAirModel& m, const nlohmann::json& state);
// What one event in effect adds to the state: last move, battle, counters used,
// warning, pause reason; `previous`: the public state before it; `ended`: the
// result's English detail and Detail when this is the `ended` event.
void read_event(OnAirModel& m, const PublicRow& row, std::vector<BlindMark>& blinds, const nlohmann::json* previous,
                std::optional<std::pair<std::string, engine::Detail>>& ended);

}  // namespace facedown::broadcast::model_fold
