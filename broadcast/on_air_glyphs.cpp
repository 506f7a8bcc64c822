#include "broadcast/on_air_glyphs.h"

#include "broadcast/deduction_view.h"
#include "broadcast/on_air_text.h"
#include "broadcast/win_words.h"
#include "engine/words.h"

namespace facedown::broadcast {

namespace {

// The symbols the frame's texts are built with beside words: the middle dot of
// the warning line, the ellipsis of a shortened hash, the replay's play sign and
// speed cross, and the explainer's arrow (the explainer's phrases, in the words
// tables, carry it too).
constexpr const char* kSymbols = "\xC2\xB7\xE2\x80\xA6\xE2\x96\xB6\xC3\x97\xE2\x86\x92";

void add_words(std::string& s, const std::vector<engine::Word>& words) {
  for (const auto& w : words) s += w.en + w.ko;
}

}  // namespace

std::string on_air_characters(const std::vector<engine::GameInfo>& games) {
  std::string s;
  for (char c = 0x20; c < 0x7F; ++c) s += c;
  s += kSymbols;
  s += deduction_characters();  // the deduction's headline and legend (deduction_view.h)
  for (int p = 0; p < kPhraseCount; ++p)
    for (Lang l : {Lang::kEn, Lang::kKo}) s += phrase(l, static_cast<Phrase>(p));
  // The win bar's note in plain words (win_words.h).
  for (auto b : {WinBand::kEven, WinBand::kEdge, WinBand::kClear, WinBand::kNearCertain})
    for (Lang l : {Lang::kEn, Lang::kKo}) s += win_band_text(b, l);
  add_words(s, engine::shared_words());
  for (const auto& g : games) {
    s += g.name_en + g.name_ko;
    add_words(s, g.words);
    for (const auto& spec : g.roster) s += spec.token + spec.name_en + spec.name_ko;
  }
  return s;
}

std::string typed_characters(const OnAirModel& m) {
  std::string s = m.players[0] + m.players[1] + m.preset + m.pause_reason;
  if (m.caption) s += *m.caption;
  if (m.result) s += m.result->detail;
  return s;
}

}  // namespace facedown::broadcast
