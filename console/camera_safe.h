// Camera-safe texts: what the console shows while it may be on camera. Each is
// made from the engine's projection for a viewer (engine::project, view_state);
// the console masks nothing itself, so what the engine keeps from the public
// cannot reach a text the UI built. Pass kPublic for the camera-safe text and
// kReferee for the operator's own.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/match.h"
#include "engine/view.h"
#include "ui/i18n.h"

namespace facedown::console {

// One label per occupied square of the view, as the board draws it
// ("c3 P1 ?" when face down, "c3 P2 7 revealed").
std::vector<std::string> board_labels(const engine::StateView& view, const engine::Game& game);
// Every log line as `viewer` sees it ("[VOID] " before undone ones).
std::vector<std::string> log_lines(const engine::Match& match, engine::Viewer viewer, const ui::Tr& tr);
// The battles a previewed move would cause, from its events as `viewer` would
// see them: "c5 x c4 (minus)", the kind left out where the viewer may not know it.
// A preview's battles have not happened, so what they would reveal is not known
// yet: `known_now` (when given) says whether the viewer knows the piece on a
// square after the move already now, and a kind shows only when both are known.
std::vector<std::string> preview_lines(const std::vector<engine::Event>& events, engine::Viewer viewer,
                                       const engine::Game& game, engine::Lang lang,
                                       const std::function<bool(engine::Square)>& known_now = {});

}  // namespace facedown::console
