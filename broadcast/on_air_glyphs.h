// The characters a frame can carry, for painters that must know them before
// drawing (the ImGui overlay's font atlas holds only the glyphs asked for). Two
// parts: what is fixed by the code and the games' tables (every game's words and
// roster names in both languages, the shared words — the battle explainer's
// sentences among them (engine/battle_explanation.h) — every on-air phrase and
// the symbols the frame's texts use), and what a match
// types in (players' names, the caption, the preset). Built from the tables, so a
// word a game adds is in the atlas without anyone listing it.
#pragma once
#include <string>
#include <vector>

#include "broadcast/model.h"
#include "engine/game.h"

namespace facedown::broadcast {

// Every character of every word, name and phrase any of `games` can put on air,
// in both languages, plus printable ASCII and the frame's symbols (· … ▶ × →).
std::string on_air_characters(const std::vector<engine::GameInfo>& games);
// The text typed into one match: players' names, the caption, preset and pause
// reason, the result's English detail (old logs).
std::string typed_characters(const OnAirModel& m);

}  // namespace facedown::broadcast
