// The director's panel at the desk (F7 opens and closes it): the layouts
// (Ctrl+1, Ctrl+2, Ctrl+3 at any time in a match), each element's show and
// hide, the picture's hold and the caption's clear, each fired at once as a cue
// through console/director_cues.h (the director's page, /director, adds a
// preview and a Take). The panel shows the program as stored; a refused cue or a
// store failure is shown in it and changes nothing.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "broadcast/director.h"
#include "console/match_library.h"
#include "ui/i18n.h"

namespace facedown::console {

struct UiState;
struct DirectorPanelUi;  // ui_state.h

void add_director_phrases(ui::Catalog& catalog);

// The phrase key of an element's state on the program: "dir.off", "dir.held",
// "dir.on", or "dir.cued" for what only appears when its moment comes (the
// explainer, the result, the setups, standby, feed lost): shown on the program,
// those are cued, not on air.
const char* element_state_key(const broadcast::DirectorState& s, broadcast::Element e);

// What taking layout `l` would drop from the program `s` (broadcast::layout_drops),
// as the panel writes it under the layouts: "Faces drops: Board, Players" /
// "얼굴 적용 시 빠짐: 판, 선수"; empty when it drops nothing (or is the layout on air
// with nothing to drop). A layout never drops a cued analysis element silently.
std::string layout_drops_line(const broadcast::DirectorState& s, broadcast::Layout l, bool korean);

// The F7 toggle and the layout keys, then the panel while open. `match`: a match
// is on the desk (nothing can be cued without one).
void draw_director_panel(const ui::Tr& tr, UiState& ui, bool match);

// After the frame: fires what the panel asked for (as one Take) and rereads the
// program. Without a match it only forgets the program.
void fire_director_request(MatchLibrary& library, std::optional<std::int64_t> match, DirectorPanelUi& panel);

}  // namespace facedown::console
