#include "ui/i18n.h"

namespace facedown::ui {

namespace {

const std::vector<Phrase>& shared_phrases() {
  static const std::vector<Phrase> phrases = {
      {"viewer.referee", "Referee", "심판"},
      {"viewer.player1", "Player 1", "플레이어 1"},
      {"viewer.player2", "Player 2", "플레이어 2"},
      {"viewer.public", "Public", "공개"},
      {"phase.setup", "Setup", "배치"},
      {"phase.ready", "Ready", "준비"},
      {"phase.playing", "Playing", "진행 중"},
      {"phase.items", "Items", "아이템"},
      {"phase.revival", "Revival", "부활"},
      {"phase.finished", "Finished", "종료"},
      {"paused", "PAUSED", "일시정지"},
      {"draw", "Draw", "무승부"},
      {"winner", "Winner", "승자"},
      {"wins", "wins", "승리"},
      {"warnings", "Warnings", "경고"},
      {"turn", "Turn", "차례"},
      {"ply", "Ply", "수"},
      {"clock", "Clock", "시계"},
      {"removed", "Removed", "제거된 말"},
      {"items", "Items", "아이템"},
      {"item.none", "None", "없음"},
      {"battle", "Battle", "전투"},
      {"hidden", "hidden", "비공개"},
      {"language", "Language", "언어"},
  };
  return phrases;
}

}  // namespace

Catalog::Catalog() { add(shared_phrases()); }

void Catalog::add(const std::vector<Phrase>& phrases) {
  for (const auto& p : phrases) phrases_[p.key] = p;
}

const char* Catalog::get(Lang lang, std::string_view key) const {
  const auto it = phrases_.find(std::string(key));
  if (it == phrases_.end()) return unknown_.emplace(key).first->c_str();
  return lang == Lang::kKorean ? it->second.ko : it->second.en;
}

bool Catalog::has(std::string_view key) const { return phrases_.count(std::string(key)) != 0; }

const char* piece_name(const engine::PieceTypeSpec& spec, Lang lang) {
  return lang == Lang::kKorean && !spec.name_ko.empty() ? spec.name_ko.c_str()
                                                         : spec.name_en.c_str();
}

const char* viewer_key(engine::Viewer v) {
  switch (v) {
    case engine::kReferee: return "viewer.referee";
    case engine::kPlayer1: return "viewer.player1";
    case engine::kPlayer2: return "viewer.player2";
    case engine::kPublic: return "viewer.public";
  }
  return "viewer.public";
}

std::string phase_key(engine::Phase phase, const std::string& decision) {
  switch (phase) {
    case engine::Phase::kSetup: return "phase.setup";
    case engine::Phase::kReady: return "phase.ready";
    case engine::Phase::kPlaying: return "phase.playing";
    case engine::Phase::kDeciding: return "phase." + decision;
    case engine::Phase::kFinished: return "phase.finished";
  }
  return "phase.setup";
}

const char* lang_name(Lang lang) { return lang == Lang::kKorean ? "한국어" : "English"; }

}  // namespace facedown::ui
