#include "broadcast/on_air_text.h"

#include <array>
#include <utility>

#include <fmt/format.h>

namespace facedown::broadcast {

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
    case Phrase::kAwaitingItems: return ko ? "아이템 선택 중" : "Items being declared";
    case Phrase::kAwaitingRevival: return ko ? "부활 선택 중" : "Revival being chosen";
    case Phrase::kSetup: return ko ? "배치 중" : "Setting up";
    case Phrase::kReady: return ko ? "시작 대기" : "Ready";
    case Phrase::kWarning: return ko ? "경고" : "WARNING";
    case Phrase::kMove: return ko ? "수" : "Move";
  }
  return "";
}

std::string reason_text(Lang lang, const std::string& reason) {
  static const std::array<std::array<const char*, 3>, 17> kReasons{{
      {"king-captured", "King captured", "왕 잡힘"},
      {"annihilation", "Annihilation", "전멸"},
      {"simultaneous-annihilation", "Both annihilated", "동시 전멸"},
      {"king-reached-end", "King reached the far rank", "왕 끝줄 도달"},
      {"timeout", "Out of time", "시간 초과"},
      {"disqualified", "Disqualified", "실격"},
      {"resigned", "Resignation", "기권"},
      {"draw-agreed", "Draw agreed", "합의 무승부"},
      {"awarded", "Awarded by the referee", "심판 판정"},
      {"no-legal-moves", "No legal moves", "둘 수 없음"},
      {"ply-limit", "Move limit", "수 제한"},
      {"flag-captured", "Flag captured", "깃발 잡힘"},
      {"flag-claim", "Flag claimed", "깃발 도달"},
      {"leader-captured", "Leader captured", "지휘관 잡힘"},
      {"headquarters", "Headquarters taken", "사령부 점령"},
      {"repetition", "Repetition", "반복"},
      {"marshal-captured", "Marshal captured", "원수 잡힘"},
  }};
  for (const auto& r : kReasons)
    if (reason == r[0]) return lang == Lang::kKo ? r[2] : r[1];
  return reason;
}

std::string result_sentence(Lang lang, const std::string& reason, int winner,
                            const std::array<std::string, 2>& players, int turn_limit) {
  const bool ko = lang == Lang::kKo;
  if (winner != 1 && winner != 2) {
    if (reason == "simultaneous-annihilation") return ko ? "양쪽 동시 전멸: 무승부" : "Both sides were annihilated: a draw";
    if (reason == "draw-agreed") return ko ? "두 선수 합의: 무승부" : "Both players agreed to a draw";
    if (reason == "ply-limit") return ko ? "수 제한 도달: 무승부" : "The move limit was reached: a draw";
    if (reason == "no-legal-moves") return ko ? "둘 수 있는 수 없음: 무승부" : "No legal move left: a draw";
    return fmt::format("{}: {}", reason_text(lang, reason), ko ? "무승부" : "a draw");
  }
  const std::string& w = players[static_cast<std::size_t>(winner - 1)];
  const std::string& l = players[static_cast<std::size_t>(2 - winner)];
  const std::string wins = ko ? fmt::format("{} 승리", w) : fmt::format("{} wins", w);
  std::string what;
  if (reason == "timeout")
    what = ko ? fmt::format("{}, {}초 안에 두지 못함", l, turn_limit)
              : fmt::format("{} did not move within {} s", l, turn_limit);
  else if (reason == "king-captured") what = ko ? fmt::format("{}의 왕이 잡힘", l) : fmt::format("{}'s king was captured", l);
  else if (reason == "annihilation")
    what = ko ? fmt::format("{}, 왕 외의 말이 모두 잡힘", l) : fmt::format("{} has no pieces left but the king", l);
  else if (reason == "king-reached-end")
    what = ko ? fmt::format("{}의 왕이 끝줄에 도달", w) : fmt::format("{}'s king reached the far rank", w);
  else if (reason == "disqualified") what = ko ? fmt::format("{} 실격", l) : fmt::format("{} was disqualified", l);
  else if (reason == "resigned") what = ko ? fmt::format("{} 기권", l) : fmt::format("{} resigned", l);
  else if (reason == "awarded") what = ko ? "심판 판정" : "Awarded by the referee";
  else if (reason == "no-legal-moves") what = ko ? fmt::format("{}, 둘 수 있는 수 없음", l) : fmt::format("{} has no legal move", l);
  else if (reason == "flag-captured") what = ko ? fmt::format("{}의 깃발이 잡힘", l) : fmt::format("{}'s flag was captured", l);
  else if (reason == "marshal-captured") what = ko ? fmt::format("{}의 원수가 잡힘", l) : fmt::format("{}'s marshal was captured", l);
  else what = reason_text(lang, reason);
  return what + ": " + wins;
}

std::string warning_kind_text(Lang lang, const std::string& kind) {
  const bool ko = lang == Lang::kKo;
  if (kind == "time") return ko ? "시간 경고" : "Time warning";
  if (kind == "timeout") return ko ? "시간 초과" : "Out of time";
  return ko ? "심판 경고" : "Referee's warning";
}

std::string item_text(Lang lang, const std::string& item) {
  if (item == "blind") return lang == Lang::kKo ? "블라인드" : "Blind";
  if (item == "plus") return "+1";
  if (item == "minus") return "-1";  // NanumGothic has no U+2212
  return item;
}

}  // namespace facedown::broadcast
