#include "broadcast/on_air_text.h"

#include "broadcast/on_air_rules.h"

#include <algorithm>
#include <fmt/format.h>

namespace facedown::broadcast {

using engine::WordKind;

const char* phrase(Lang lang, Phrase p) {
  const bool ko = lang == Lang::kKo;
  switch (p) {
    case Phrase::kBlind: return ko ? "블라인드" : "BLIND";
    case Phrase::kPaused: return ko ? "일시 정지" : "PAUSED";
    case Phrase::kStandby: return ko ? "대기" : "STANDBY";
    case Phrase::kDeskReconnecting: return ko ? "심판석 연결을 기다리는 중" : "Waiting for the referee desk";
    case Phrase::kWins: return ko ? "승리" : "WINS";
    case Phrase::kDraw: return ko ? "무승부" : "DRAW";
    case Phrase::kDisqualified: return ko ? "실격" : "DISQUALIFIED";
    case Phrase::kRemoved: return ko ? "잡힌 말" : "Removed";
    case Phrase::kItems: return ko ? "아이템" : "Items";
    case Phrase::kItemsUsed: return ko ? "사용" : "Used";
    case Phrase::kWarnings: return ko ? "경고" : "Warnings";
    case Phrase::kToMove: return ko ? "차례" : "TO MOVE";
    case Phrase::kWaitingForFile: return ko ? "경기 기록을 기다리는 중" : "Waiting for the match record";
    case Phrase::kWaitingForMatch: return ko ? "경기를 기다리는 중" : "Waiting for the match";
    case Phrase::kSealedSetups: return ko ? "봉인된 배치" : "Sealed setups";
    case Phrase::kVerified: return ko ? "확인됨" : "verified";
    case Phrase::kMismatch: return ko ? "불일치" : "MISMATCH";
    case Phrase::kReplay: return ko ? "다시 보기" : "REPLAY";
    case Phrase::kDeciding: return ko ? "선택 중" : "Decision being made";
    case Phrase::kSetup: return ko ? "배치 중" : "Setting up";
    case Phrase::kReady: return ko ? "시작 대기" : "Ready";
    case Phrase::kWarning: return ko ? "경고" : "WARNING";
    case Phrase::kMove: return ko ? "수" : "Move";
    case Phrase::kHiddenBattle: return ko ? "비공개 전투" : "hidden battle";
    case Phrase::kRemovedCount: return ko ? "{}개 제거" : "{} removed";
    case Phrase::kSetupsRevealed: return ko ? "배치 공개" : "SETUPS REVEALED";
    case Phrase::kWinNote: return ko ? "\xC2\xB1 {}%p \xC2\xB7 {}수 기준" : "\xC2\xB1 {} pts \xC2\xB7 move {}";
  }
  return "";
}

const char* phrase_key(Phrase p) {
  switch (p) {
    case Phrase::kBlind: return "blind";
    case Phrase::kPaused: return "paused";
    case Phrase::kStandby: return "standby";
    case Phrase::kDeskReconnecting: return "deskReconnecting";
    case Phrase::kWins: return "wins";
    case Phrase::kDraw: return "draw";
    case Phrase::kDisqualified: return "disqualified";
    case Phrase::kRemoved: return "removed";
    case Phrase::kItems: return "items";
    case Phrase::kItemsUsed: return "itemsUsed";
    case Phrase::kWarnings: return "warnings";
    case Phrase::kToMove: return "toMove";
    case Phrase::kWaitingForFile: return "waitingForFile";
    case Phrase::kWaitingForMatch: return "waitingForMatch";
    case Phrase::kSealedSetups: return "sealedSetups";
    case Phrase::kVerified: return "verified";
    case Phrase::kMismatch: return "mismatch";
    case Phrase::kReplay: return "replay";
    case Phrase::kDeciding: return "deciding";
    case Phrase::kSetup: return "setup";
    case Phrase::kReady: return "ready";
    case Phrase::kWarning: return "warning";
    case Phrase::kMove: return "move";
    case Phrase::kHiddenBattle: return "hiddenBattle";
    case Phrase::kRemovedCount: return "removedCount";
    case Phrase::kSetupsRevealed: return "setupsRevealed";
    case Phrase::kWinNote: return "winNote";
  }
  return "";
}

std::string warning_line(const OnAirModel& m, Lang lang, const WarningShown& w) {
  const std::string who = w.player >= 1 && w.player <= 2 ? m.players[static_cast<std::size_t>(w.player - 1)] : "";
  return fmt::format("{} {}/{} \xC2\xB7 {}", phrase(lang, Phrase::kWarning), w.total, std::max(m.warnings_to_dq, w.total),
                     who);
}

std::string status_caption(const OnAirModel& m, Lang lang) {
  if (m.status == "setup") return phrase(lang, Phrase::kSetup);
  if (m.status == "ready") return phrase(lang, Phrase::kReady);
  if (m.status.rfind("awaiting-", 0) == 0) {
    const std::string code = "status." + m.status;
    return m.words.declared(WordKind::kPhrase, code) ? m.words.text(WordKind::kPhrase, code, words_lang(lang))
                                                      : phrase(lang, Phrase::kDeciding);
  }
  if (m.status == "paused") return correction_hold(m) ? "" : phrase(lang, Phrase::kPaused);
  return "";
}

std::vector<std::pair<std::string, engine::Word>> game_status_words(const OnAirModel& m) {
  std::vector<std::pair<std::string, engine::Word>> out;
  constexpr std::string_view kPrefix = "status.";
  for (const engine::Word& w : m.words.own())
    if (w.kind == WordKind::kPhrase && w.code.rfind(kPrefix, 0) == 0) out.emplace_back(w.code.substr(kPrefix.size()), w);
  return out;
}

engine::Lang words_lang(Lang lang) { return lang == Lang::kKo ? engine::Lang::kKorean : engine::Lang::kEnglish; }

std::string reason_text(const OnAirModel& m, Lang lang, const std::string& reason) {
  return m.words.text(WordKind::kReason, reason, words_lang(lang));
}

std::string item_text(const OnAirModel& m, Lang lang, const std::string& item) {
  return m.words.text(WordKind::kItem, item, words_lang(lang));
}

std::string hidden_tag(const OnAirModel& m, Lang lang, const std::string& counter) {
  std::string tag = item_text(m, lang, counter);
  for (char& c : tag)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return tag;
}

std::string warning_kind_text(const OnAirModel& m, Lang lang, const std::string& kind) {
  return m.words.text(WordKind::kWarning, kind, words_lang(lang));
}

std::string warning_text(const OnAirModel& m, Lang lang, const WarningShown& w) {
  if (m.words.declared(WordKind::kDetail, w.what.code)) return engine::render(m.words, w.what, words_lang(lang), m.players);
  return warning_kind_text(m, lang, w.kind);
}

std::string battle_kind_text(const OnAirModel& m, Lang lang, const std::string& kind) {
  return engine::battle_kind_text(m.words, kind, words_lang(lang));
}

std::string outcome_text(const OnAirModel& m, Lang lang, const std::string& outcome) {
  return m.words.text(WordKind::kOutcome, outcome, words_lang(lang));
}

std::string cause_text(const OnAirModel& m, Lang lang, const std::string& cause) {
  return m.words.text(WordKind::kCause, cause, words_lang(lang));
}

std::string result_headline(const OnAirModel& m, Lang lang) {
  if (!m.result) return {};
  const ResultShown& r = *m.result;
  if (r.winner != 1 && r.winner != 2) return phrase(lang, Phrase::kDraw);
  const engine::Lang l = words_lang(lang);
  if (r.reason == "disqualified")
    return fmt::format("{} {}", engine::seat_text(m.words, 3 - r.winner, l, m.players),
                       phrase(lang, Phrase::kDisqualified));
  return fmt::format("{} {}", engine::seat_text(m.words, r.winner, l, m.players), phrase(lang, Phrase::kWins));
}

const char* result_colour(const OnAirModel& m) {
  if (!m.result) return "draw";
  return m.result->winner == 1 ? "p1" : m.result->winner == 2 ? "p2" : "draw";
}

std::string result_sentence(const OnAirModel& m, Lang lang) {
  if (!m.result) return {};
  const ResultShown& r = *m.result;
  return engine::result_sentence(m.words, r.winner, r.reason, r.what, words_lang(lang), m.players);
}

std::string seal_hash_text(const std::string& hash) {
  return hash.size() > kSealHashShown ? hash.substr(0, kSealHashShown) + "\xE2\x80\xA6" : hash;
}

}  // namespace facedown::broadcast
