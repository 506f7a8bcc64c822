// The software rasteriser the clips render with (clip/draw_list_raster.h),
// under the name the overlay's tests have always used.
#pragma once
#include "clip/draw_list_raster.h"

namespace facedown::overlay::testing {

using clip::AtlasPixels;
using clip::rasterise;

}  // namespace facedown::overlay::testing
