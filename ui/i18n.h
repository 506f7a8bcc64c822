// The UI's words in English and Korean, switchable at run time. A Catalog maps a
// stable key ("pause") to both languages; the shared phrases (viewers, phases,
// common actions) are built in and each application adds its own with add().
// An unknown key is shown as itself, so a missing phrase is visible, never a crash;
// returned pointers stay valid as long as the catalog.
// Game words (piece names, game names) come from the engine's GameInfo, not from here.
#pragma once
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/event.h"
#include "engine/match_state.h"
#include "engine/piece.h"

namespace facedown::ui {

enum class Lang { kEnglish = 0, kKorean = 1 };

struct Phrase {
  const char* key;
  const char* en;
  const char* ko;
};

class Catalog {
 public:
  Catalog();  // holds the shared phrases
  // Adds (or replaces) phrases; the strings must outlive the catalog (literals).
  void add(const std::vector<Phrase>& phrases);
  const char* get(Lang lang, std::string_view key) const;
  bool has(std::string_view key) const;

 private:
  std::unordered_map<std::string, Phrase> phrases_;
  // Unknown keys, kept so the returned pointer stays valid (node-based set).
  mutable std::unordered_set<std::string> unknown_;
};

// A catalog and a language together: tr("pause").
struct Tr {
  const Catalog* catalog;
  Lang lang;
  const char* operator()(std::string_view key) const { return catalog->get(lang, key); }
};

const char* piece_name(const engine::PieceTypeSpec& spec, Lang lang);
const char* viewer_key(engine::Viewer v);     // "viewer.referee", ...
// "phase.setup", ...; a decision's is its kind's ("phase.items", "phase.revival").
std::string phase_key(engine::Phase phase, const std::string& decision = {});
const char* lang_name(Lang lang);             // "English" | "한국어"

}  // namespace facedown::ui
