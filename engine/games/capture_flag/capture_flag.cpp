#include "engine/games/capture_flag/capture_flag.h"
#include "engine/vocabulary.h"

#include "engine/attack_play.h"
#include "engine/board_game.h"
#include "engine/games/capture_flag/combat.h"
#include "engine/roster_setup.h"
#include "engine/slides.h"

namespace facedown::engine::capture_flag {

namespace {

constexpr int kFiles = 10;
constexpr int kRanks = 10;
constexpr int kSetupRanks = 4;

std::vector<PieceTypeSpec> make_roster() {
  return {
      {"10", "Marshal", "원수", 1, 10},   {"9", "General", "대장", 1, 9},
      {"8", "Colonel", "대령", 2, 8},     {"7", "Major", "소령", 3, 7},
      {"6", "Captain", "대위", 4, 6},     {"5", "Lieutenant", "중위", 4, 5},
      {"4", "Sergeant", "중사", 4, 4},    {"3", "Miner", "공병", 5, 3},
      {"2", "Scout", "정찰병", 8, 2},     {"S", "Spy", "스파이", 1, 1},
      {"B", "Bomb", "폭탄", 6, 0},        {"F", "Flag", "깃발", 1, 0},
  };
}

// Capture Flag's own codes: only the captured flag, shared with the other flag games.
std::vector<Word> make_words() { return flag_capture_words(); }

// One square orthogonally, a Scout any distance, never into or across a lake; a
// line may end on the first enemy (the Scout's strike). Bombs and the Flag stay.
Slide slide_of(PieceType t) {
  if (t == kBomb || t == kFlag) return Slide(0);
  return Slide(t == kScout ? kAnyDistance : 1, kLake);
}

class CaptureFlag final : public BoardGame {
 public:
  CaptureFlag() : BoardGame(Geometry(kFiles, kRanks), make_roster(), make_words()) {
    for (int f : {2, 3, 6, 7})
      for (int r : {4, 5}) geometry_.mark(geometry_.at(f, r), kLake);
  }

  int setup_owner(Square s) const override {
    const int rank = geometry_.rank_of(s);
    return rank < kSetupRanks ? 1 : rank >= kRanks - kSetupRanks ? 2 : 0;
  }

  std::optional<PieceType> objective() const override { return kFlag; }

  std::optional<Rejection> check_setup(int player, const std::vector<Placement>& pl) const override {
    const std::string ranks = player == 1 ? "1-4" : "7-10";
    return check_roster_setup(*this, player, pl,
                              {"setup area (ranks " + ranks + ")", "fill all 40 squares of ranks " + ranks});
  }

  bool never_moves(PieceType t) const override { return slide_of(t).reach == 0; }

  void legal_moves(const MatchState& s, int player, std::vector<Move>& out) const override {
    player_slides(s, geometry_, player, slide_of, out);
  }

  void play(Resolver& r, const Move& move) const override {
    step_or_attack(r, move, combat_by_type(strike), AttackReveal::kBothRanks);
  }

  std::optional<Result> victory(const MatchState& s, int) const override { return flag_captured(s, kFlag); }
};

}  // namespace

GameInfo info() {
  GameInfo g = board_game_info({"capture-flag", "Hidden Capture Flag", "깃발 뺏기", "standard"}, make_roster(),
                               make_words());
  g.presets = {
      {"standard", "10x10 with two lakes, the 40-piece Original roster, ranks public after battle; "
                   "no clocks, no ply limit",
       {}, "10x10, 호수 둘, 40개 오리지널 구성, 전투 후 계급 공개; 시계 없음, 수 제한 없음"},
  };
  g.make = [](const Options&) -> std::unique_ptr<Game> { return std::make_unique<CaptureFlag>(); };
  g.live_analysis.update_events = 100000;
  return g;
}

}  // namespace facedown::engine::capture_flag
