// OnProgram: what the desk says is on air is what the program shows, not what was
// cued. A caption the match holds is on air only while the director's program
// shows the caption element and neither a clear, its timeout nor the result (when
// not kept) has taken it down — or while a hold keeps it (broadcast/director.h's
// rules, as the outputs apply them). GUI-free, so tests ask it directly.
#pragma once
#include <optional>

#include "broadcast/director.h"

namespace facedown::console {

// `caption_wall`: when the desk stored the caption (seconds since the epoch; 0:
// before this desk started, unknown); `result_wall`: when the result was stored.
bool caption_on_program(const broadcast::DirectorState& program, double caption_wall,
                        std::optional<double> result_wall, double now_wall);

}  // namespace facedown::console
