// The director's page (console/web/director.html), built into the desk so the
// control API serves it at /director with nothing to install beside the binary.
#pragma once
#include <string_view>

namespace facedown::console {

std::string_view director_page_html();

}  // namespace facedown::console
