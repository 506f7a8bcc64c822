// The on-air JSON the feed serves (docs/on-air.md, broadcast/on_air_json.h),
// from what the public reader returns only: public rows, public seals and the
// desk's heartbeat, through broadcast's model, so it holds nothing the store did
// not already make public and the feed decides no secrecy. The model is derived
// once per new row; the JSON is rendered at a wall time, and its phase
// signature (the document without the continuously running numbers, taken
// from the document in memory, never by parsing the text back) tells the feed
// when time alone changed what is on air (a battle's phase, standby, a warning
// toast ending).
#pragma once
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "broadcast/director.h"
#include "broadcast/model.h"
#include "broadcast/public_row.h"
#include "broadcast/theme.h"
#include "db/public_reader.h"

namespace facedown::feed {

broadcast::PublicRow to_public_row(db::PublicEventRow&& row);
std::array<std::optional<broadcast::SetupCommitment>, 2> to_commitments(const std::vector<db::PublicSeal>& seals);

// The model after rows[0, count), with the seals as they were on air then and
// (live only) the desk's heartbeat and the director's hold (rows after the hold
// wait for its release).
broadcast::OnAirModel model_after(const std::vector<broadcast::PublicRow>& rows, std::size_t count,
                                  const std::array<std::optional<broadcast::SetupCommitment>, 2>& seals,
                                  const std::optional<db::Heartbeat>& heartbeat,
                                  const std::vector<engine::GameInfo>& games,
                                  const std::optional<broadcast::Presentation>& hold = std::nullopt);
std::optional<broadcast::Presentation> to_presentation(const std::optional<db::OnAirHold>& hold);

// One line of JSON at wall time now_ms (ms since the epoch), under the
// director's cues folded (the default: no cue yet). `theme`: the theme.json the
// feed serves (where the explainer goes is decided from it); null: the build's copy.
std::string on_air_text(const broadcast::OnAirModel& m, std::int64_t now_ms, bool replay,
                        const broadcast::DirectorState& director = {}, const broadcast::Theme* theme = nullptr);
// The same document, not yet serialised.
nlohmann::json on_air_doc(const broadcast::OnAirModel& m, std::int64_t now_ms, bool replay,
                          const broadcast::DirectorState& director = {}, const broadcast::Theme* theme = nullptr);
// The document without "now", the clock's running numbers and the battle's
// elapsed time: equal signatures mean nothing but the clocks moved.
std::string phase_signature(nlohmann::json doc);

}  // namespace facedown::feed
