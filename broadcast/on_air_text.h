// The overlay's on-air wording in English and Korean. Kept in the overlay (not
// the shared ui/ strings) because these are broadcast captions, short and in
// capitals, not operator labels.
#pragma once
#include <array>
#include <string>

namespace facedown::broadcast {

enum class Lang { kEn, kKo };

enum class Phrase {
  kBlind,
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
  kAwaitingItems,
  kAwaitingRevival,
  kSetup,
  kReady,
  kWarning,
  kMove,
};

const char* phrase(Lang lang, Phrase p);
// "king-captured" -> "King captured" / "왕 잡힘"; unknown reasons are shown as written.
std::string reason_text(Lang lang, const std::string& reason);
// "blind" -> "Blind" / "블라인드".
std::string item_text(Lang lang, const std::string& item);
// A warning's kind on air: "time" | "manual" | "timeout".
std::string warning_kind_text(Lang lang, const std::string& kind);
// What happened, in plain words with the players' names: "Kim did not move
// within 60 s: Lee wins". winner 0: a draw. turn_limit in seconds (timeouts).
std::string result_sentence(Lang lang, const std::string& reason, int winner,
                            const std::array<std::string, 2>& players, int turn_limit);

}  // namespace facedown::broadcast
