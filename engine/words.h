// Words: every code an event carries (result reasons, battle kinds, item names,
// warning kinds, attack outcomes, removal causes, detail codes) with its English
// and Korean text. Shared codes live once in shared_words(); each game declares
// only its own beside its roster (Game::words(), GameInfo::words), and a Words
// looks in the game's table first, then the shared one.
//
// Engine-made text is a Detail: a code and parameters ("flag-lost", player=2).
// render() writes it in a language with the players' names; the English `detail`
// string the JSON keeps for old readers is render() with seat names. Every screen
// reads these tables, so no screen keeps its own list of a game's codes.
// Invariant (tests/conformance): every code an event of any game emits is
// declared with non-empty English and Korean text.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace facedown::engine {

enum class Lang : std::uint8_t { kEnglish = 0, kKorean = 1 };

enum class WordKind : std::uint8_t {
  kReason,   // Ended::reason: "timeout", "flag-captured"
  kBattle,   // BattlePair::kind: "sum", "mine"
  kItem,     // a counter a decision spends (engine/decision.h): Number Janggi's "blind", "plus", "minus"
  kWarning,  // Warned::kind: "time", "manual", "timeout"
  kOutcome,  // BattlePair::outcome ("mover", ...) and Attack outcomes ("attacker", ...)
  kCause,    // Removed::cause: "arrival"
  kDetail,   // Detail::code: a template with {param} and {@seat} placeholders
  kPhrase,   // sentence parts: "wins" ({@winner} wins), "draw", "seat" (player {n})
};
inline constexpr int kWordKinds = 8;
// "reason", "battle", ... (for messages and tests).
const char* word_kind_name(WordKind kind);

struct Word {
  WordKind kind = WordKind::kReason;
  std::string code;
  std::string en;
  std::string ko;
  const std::string& in(Lang lang) const { return lang == Lang::kKorean ? ko : en; }
};

// Parameters of a detail, by name. A template's {name} is replaced by the value;
// {@name} by the name of the seat the value holds ("1" or "2").
using Params = std::map<std::string, std::string>;

// Engine-made text as a code and its parameters. Empty code: none (old logs,
// whose events only have the English `detail`).
struct Detail {
  std::string code;
  Params params;
  bool empty() const { return code.empty(); }
  bool operator==(const Detail&) const = default;
};

// A seat as a detail parameter: "1" or "2".
inline std::string seat_param(int player) { return std::to_string(player); }

// The codes every game shares: the engine's own result reasons, warning kinds,
// attack and pair outcomes, their details and the sentence parts.
std::vector<Word> shared_words();

class Words {
 public:
  // The shared table only (a game with no codes of its own).
  Words();
  // The game's own table over the shared one.
  explicit Words(std::vector<Word> own);

  // The declared word, the game's before the shared; nullptr when undeclared.
  const Word* find(WordKind kind, std::string_view code) const;
  bool declared(WordKind kind, std::string_view code) const { return find(kind, code) != nullptr; }
  // The word in a language; the code itself when undeclared (visible, never a
  // crash; the conformance check keeps it from happening).
  std::string text(WordKind kind, std::string_view code, Lang lang) const;

  const std::vector<Word>& own() const { return own_; }
  const std::vector<Word>& shared() const { return shared_; }

 private:
  std::vector<Word> own_;
  std::vector<Word> shared_;
};

// Players' names by seat; an empty name is shown as the seat ("player 1").
using Names = std::array<std::string, 2>;

// The name of seat 1 or 2 in a language: names[seat-1], or "player N" / "플레이어 N".
std::string seat_text(const Words& words, int seat, Lang lang, const Names& names);
// A detail in a language with the players' names. An undeclared code renders as
// the code; an empty detail as "".
std::string render(const Words& words, const Detail& detail, Lang lang, const Names& names);
// The English text with seat names ("player 2's king was removed"): the JSON's
// `detail` string, as old readers and stored logs have it.
std::string english_detail(const Words& words, const Detail& detail);

// The result as a sentence for banners and logs, in plain words with names:
// "Kim did not move within 60 s: Lee wins", "the ply limit of 80 was reached: draw".
// Without a detail (old logs) the reason's word stands in for it.
std::string result_sentence(const Words& words, int winner, std::string_view reason,
                            const Detail& detail, Lang lang, const Names& names);
// Short forms for captions: "Lee wins" / "draw", and a battle kind's word.
std::string winner_text(const Words& words, int winner, Lang lang, const Names& names);
inline std::string battle_kind_text(const Words& words, std::string_view kind, Lang lang) {
  return words.text(WordKind::kBattle, kind, lang);
}

// A phrase (WordKind::kPhrase) with its parameters, in a language: the battle
// explainer's sentences ("{low} + {high} = {total}: the {winner} wins"). {name}
// is replaced by the parameter; an undeclared code renders as the code.
std::string render_phrase(const Words& words, std::string_view code, const Params& params, Lang lang);

// Placeholders left in a rendered line ("{limit}"), for checks: the first one, or "".
std::string unexpanded_placeholder(std::string_view line);

}  // namespace facedown::engine
