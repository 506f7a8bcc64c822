// The analysis record's stored form: one OnAirAnalysis (on_air_analysis.h) as
// JSON, exactly, for the analysis file (db/analysis_file.h) that carries a
// record from the one process that computed it to every output that shows it.
//
// Invariants: record_from_json(record_json(a)) == a for every record (doubles
// are written in their shortest round-trip form, so two outputs reading the
// same bytes show the same numbers); record_from_json never throws: a body
// that is not a record is nullopt, and the caller shows no analysis.
#pragma once
#include <optional>

#include <nlohmann/json.hpp>

#include "broadcast/on_air_analysis.h"

namespace facedown::broadcast {

nlohmann::json record_json(const OnAirAnalysis& a);
std::optional<OnAirAnalysis> record_from_json(const nlohmann::json& j);
// The same from the stored text (a parse error is nullopt).
std::optional<OnAirAnalysis> record_from_text(const std::string& text);

// The view the analysis file keeps: the public one only. Other points of view
// are the TV cut's and replays' own; they are never written where any
// follower of the store could read them.
inline constexpr const char* kPublicRecords = "public";

}  // namespace facedown::broadcast
