#include "console/on_program.h"

namespace facedown::console {

bool caption_on_program(const broadcast::DirectorState& d, double caption_wall, std::optional<double> result_wall,
                        double now_wall) {
  if (!d.is_shown(broadcast::Element::kCaption)) return false;
  if (d.caption_hold) return true;
  if (caption_wall <= d.caption_cleared_wall) return false;
  if (result_wall && !d.caption_keep && caption_wall <= *result_wall) return false;
  if (d.caption_timeout > 0 && caption_wall + d.caption_timeout <= now_wall) return false;
  return true;
}

}  // namespace facedown::console
