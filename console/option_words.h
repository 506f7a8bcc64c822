// OptionWords: an option's value as the start screen shows it. The value's id is
// what scripts and the store keep ("on", "mover-wins"); in Korean the screen adds
// the value's Korean word in front ("켜짐 (on)"), so a Korean desk reads no bare
// English id. Ids without a word are shown as they are. Presets and a listed
// match's status read the same way (a preset's Korean name is the console's
// word for it, else the head of its Korean description).
#pragma once
#include <string>

#include "engine/options.h"
#include "ui/i18n.h"

namespace facedown::console {

void add_option_words(ui::Catalog& catalog);
std::string option_value_label(const ui::Tr& tr, const std::string& value);
// "genius-2015" in English; "더 지니어스 그랜드 파이널 (2015) (genius-2015)" in Korean.
std::string preset_label(const ui::Tr& tr, const engine::Preset& preset);
// A listed match's status (the engine's word: "playing", "paused", ...).
std::string status_label(const ui::Tr& tr, const std::string& status);

}  // namespace facedown::console
