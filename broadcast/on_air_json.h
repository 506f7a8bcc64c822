// The on-air JSON: the on-air frame (on_air_frame.h) at one moment as one JSON
// document, version kOnAirVersion, every key documented in docs/on-air.md. It
// is the frame's serialisation and decides nothing (the ImGui overlay paints
// the same frame; the network feed serves this). It holds only what the public rows hold, so it
// carries no identity of a face-down piece (tests/overlay/leak_test.cpp checks
// it against identity-swapped matches). The shape only grows: keys are added,
// never renamed or removed, within a version.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "broadcast/on_air_frame.h"

namespace facedown::broadcast {

inline constexpr int kOnAirVersion = 1;


// The frame's serialisation (on_air_frame.h decides everything in it). Top-level keys: version, now, opened, message, game,
// players, status, ply, to_move, board, clock, warning, items, last_move,
// battle, result, banner, paused, caption, standby, held, seals, layout,
// elements (which of the director's elements are on air: broadcast/elements.h;
// a caption, result banner or standby banner whose element is off is not in
// the document at all, so a painter that only paints what is there is right).
nlohmann::json on_air_json(const OnAirFrame& f);
// The document at wall time `now_wall` (seconds since the epoch; replay: the
// replayed moment): on_air_json(frame_at(m, now_wall, o)).
nlohmann::json on_air_json(const OnAirModel& m, double now_wall, const OnAirOptions& o);

}  // namespace facedown::broadcast
