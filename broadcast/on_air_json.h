// The on-air JSON: the whole on-air model at one moment as one JSON document,
// version kOnAirVersion, every key documented in docs/on-air.md. It is the one
// picture every output draws (the ImGui overlay draws the same model; the
// network feed serves this). It holds only what the public rows hold, so it
// carries no identity of a face-down piece (tests/overlay/leak_test.cpp checks
// it against identity-swapped matches). The shape only grows: keys are added,
// never renamed or removed, within a version.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "broadcast/battle_timing.h"
#include "broadcast/director.h"
#include "broadcast/theme.h"
#include "broadcast/model.h"

namespace facedown::broadcast {

inline constexpr int kOnAirVersion = 1;

struct OnAirOptions {
  BattleTiming timing;                 // the explainer's duration (--battle-seconds), unless the director set one
  DirectorState director;              // the director's cues folded (director.h): elements, layout, holds
  std::string orientation = "landscape";  // layout hint: "landscape" | "portrait"
  bool replay = false;                 // the document describes a replayed moment
  // The look the painters read (feed/web/theme.json): where the battle
  // explainer goes depends on its placements. nullptr: the build's copy.
  const Theme* theme = nullptr;
};

// The document at wall time `now_wall` (seconds since the epoch; replay: the
// replayed moment). Top-level keys: version, now, opened, message, game,
// players, status, ply, to_move, board, clock, warning, items, last_move,
// battle, result, banner, paused, caption, standby, held, seals, layout,
// elements (which of the director's elements are on air: broadcast/elements.h;
// a caption, result banner or standby banner whose element is off is not in
// the document at all, so a painter that only paints what is there is right).
nlohmann::json on_air_json(const OnAirModel& m, double now_wall, const OnAirOptions& o);

}  // namespace facedown::broadcast
