// OptionWords: an option's value as the start screen shows it. The value's id is
// what scripts and the store keep ("on", "mover-wins"); in Korean the screen adds
// the value's Korean word in front ("켜짐 (on)"), so a Korean desk reads no bare
// English id. Ids without a word are shown as they are.
#pragma once
#include <string>

#include "ui/i18n.h"

namespace facedown::console {

void add_option_words(ui::Catalog& catalog);
std::string option_value_label(const ui::Tr& tr, const std::string& value);

}  // namespace facedown::console
