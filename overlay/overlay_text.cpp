#include "overlay/overlay_text.h"

#include <array>
#include <utility>

namespace facedown::overlay {

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

std::string item_text(Lang lang, const std::string& item) {
  if (item == "blind") return lang == Lang::kKo ? "블라인드" : "Blind";
  if (item == "plus") return "+1";
  if (item == "minus") return "-1";  // NanumGothic has no U+2212
  return item;
}

}  // namespace facedown::overlay
