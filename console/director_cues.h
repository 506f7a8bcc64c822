// The director's cues at the desk: the program (the fold of the match's stored
// cues), the preview of cues not yet taken, and the Take that stores them, all
// checked against broadcast/director.h's grammar before anything is written. The
// console, the control API (POST /api/cue, /api/preview; GET /api/cues) and the
// director's page all come through here. A cue is no match command: the match,
// its log and its clock never see it.
// Invariant: a Take stores every cue it was given, or (any refused) none.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "broadcast/director.h"
#include "broadcast/director_json.h"
#include "console/match_library.h"

namespace facedown::console {

// The cue lines of a request body: one per line, blank lines skipped, at most
// kMaxCuesAtOnce; an error names the line and what was wrong.
inline constexpr std::size_t kMaxCuesAtOnce = 32;
std::variant<std::vector<std::string>, std::string> cue_lines(std::string_view body);

// The program of match `id`: its stored cues folded in order.
Found<broadcast::DirectorState> program_of(MatchLibrary& library, std::int64_t id);

// `program` after `cues`, each checked in order ("cue 2 (hold scorebug): ...");
// nothing is stored.
std::variant<broadcast::DirectorState, std::string> preview_cues(const broadcast::DirectorState& program,
                                                                 const std::vector<std::string>& cues);

// Checks the cues against the program, then stores them together. The error
// says which cue was refused and why, or what the store said.
std::optional<std::string> take_cues(MatchLibrary& library, std::int64_t id, const std::vector<std::string>& cues);

using broadcast::director_json;  // the state as the API and the director's page read it

}  // namespace facedown::console
