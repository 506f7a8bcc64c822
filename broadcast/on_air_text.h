// The overlay's on-air wording in English and Korean. Two sources, never a third:
// the on-air-only phrases below (short broadcast captions, in capitals: "PAUSED",
// "Waiting for the match"), and the game's own words (engine/words.h: result
// reasons, details, battle kinds, outcomes, items, warning kinds), read through
// the model's Words. No list of a game's codes lives here.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "broadcast/model.h"
#include "engine/words.h"

namespace facedown::broadcast {

enum class Lang { kEn, kKo };

enum class Phrase {
  kBlind,  // stays in the JSON's `phrases` (version 1); a fighter's tag is hidden_tag's
  kPaused,
  kStandby,
  kDeskReconnecting,
  kWins,
  kDraw,
  kDisqualified,
  kRemoved,
  kItems,
  kItemsUsed,
  kWarnings,
  kToMove,
  kWaitingForFile,
  kWaitingForMatch,
  kSealedSetups,
  kVerified,
  kMismatch,
  kReplay,
  kDeciding,  // a decision awaited whose game gives no status word of its own
  kSetup,
  kReady,
  kWarning,
  kMove,
  // The two below stay in the JSON's `phrases` (keys are only added within
  // version 1); the explainer's lines are the games' words now (Game::explain).
  kHiddenBattle,
  kRemovedCount,  // "{} removed"
  kSetupsRevealed,  // the final reveal's title (reveal.h)
  kWinNote,         // the win bar's interval note: "± {} pts · move {}" (on_air_analysis.h win_note)
};
// How many phrases there are (keep kWinNote, or its successor, last).
inline constexpr int kPhraseCount = static_cast<int>(Phrase::kWinNote) + 1;

const char* phrase(Lang lang, Phrase p);
// The phrase's key in the on-air JSON's "phrases" ("paused", "toMove", "deciding").
const char* phrase_key(Phrase p);
// The status caption under the clock: "Setting up", "PAUSED"; while a decision
// is awaited (status "awaiting-<kind>", engine/decision.h) the game's own
// words for it (its kPhrase "status.awaiting-<kind>": Number Janggi's "Items
// being declared"), else "Decision being made"; "" while playing or ended.
std::string status_caption(const OnAirModel& m, Lang lang);
// The game's status words (its kPhrase codes "status.<status>"), keyed by the
// status: the on-air JSON adds them to its "phrases" (Number Janggi's
// "awaiting-items", "awaiting-revival", as before the decision was generic).
std::vector<std::pair<std::string, engine::Word>> game_status_words(const OnAirModel& m);
engine::Lang words_lang(Lang lang);

// The game's word for a code, in the language (the code itself when undeclared,
// which the conformance check keeps from happening).
// "flag-captured" -> "flag captured" / "깃발 잡힘".
std::string reason_text(const OnAirModel& m, Lang lang, const std::string& reason);
// "blind" -> "Blind" / "블라인드".
// The tag on a fighter kept hidden by a counter (CounterSpec::hiding): the
// counter's word in capitals ("BLIND"; Hangul as it is).
std::string hidden_tag(const OnAirModel& m, Lang lang, const std::string& counter);
std::string item_text(const OnAirModel& m, Lang lang, const std::string& item);
// A warning's kind: "time" -> "time" / "시간".
std::string warning_kind_text(const OnAirModel& m, Lang lang, const std::string& kind);
// What a warning says on air: the engine's detail with names ("turn reached 30 s"),
// or the kind's word where it has none (the referee's typed words stay at the desk).
std::string warning_text(const OnAirModel& m, Lang lang, const WarningShown& w);
// The warning toast's headline: "WARNING 1/2 · Kim".
std::string warning_line(const OnAirModel& m, Lang lang, const WarningShown& w);
// A battle pair's kind and outcome: "minus" -> "minus line", "both" -> "both removed".
std::string battle_kind_text(const OnAirModel& m, Lang lang, const std::string& kind);
std::string outcome_text(const OnAirModel& m, Lang lang, const std::string& outcome);
// Why pieces left the board without a battle: "custodian" -> "sandwiched".
std::string cause_text(const OnAirModel& m, Lang lang, const std::string& cause);

// The result banner's headline: "Kim WINS", "Lee DISQUALIFIED", "DRAW".
std::string result_headline(const OnAirModel& m, Lang lang);
// The theme colour of the result (the palette's "p1", "p2" or "draw"): the
// winner's, whoever the headline names (a disqualification names the loser).
const char* result_colour(const OnAirModel& m);
// What happened, in plain words with the players' names, from the game's words:
// "Kim did not move within 60 s: Lee wins". "" without a result.
std::string result_sentence(const OnAirModel& m, Lang lang);

// A sealed setup's hash as the footer shows it: its first kSealHashShown
// characters and "…" (the whole hash when no longer; JSON `seals[].hash_text`),
// so neither painter cuts it on its own; each shrinks the text into its box.
inline constexpr std::size_t kSealHashShown = 12;
std::string seal_hash_text(const std::string& hash);

}  // namespace facedown::broadcast
