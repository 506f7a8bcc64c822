#include "engine/games/salpakan/salpakan.h"
#include "engine/vocabulary.h"

#include "engine/attack_play.h"
#include "engine/board_game.h"
#include "engine/games/salpakan/combat.h"
#include "engine/roster_setup.h"
#include "engine/slides.h"

namespace facedown::engine::salpakan {

namespace {

constexpr int kFiles = 9;
constexpr int kRanks = 8;
constexpr int kSetupRanks = 3;

std::vector<PieceTypeSpec> make_roster() {
  return {
      {"G5", "General of the Army (5 stars)", "5성 장군", 1, 15},
      {"G4", "General (4 stars)", "4성 장군", 1, 14},
      {"G3", "Lieutenant General (3 stars)", "3성 장군", 1, 13},
      {"G2", "Major General (2 stars)", "2성 장군", 1, 12},
      {"G1", "Brigadier General (1 star)", "1성 장군", 1, 11},
      {"COL", "Colonel", "대령", 1, 10},
      {"LTC", "Lieutenant Colonel", "중령", 1, 9},
      {"MAJ", "Major", "소령", 1, 8},
      {"CPT", "Captain", "대위", 1, 7},
      {"1LT", "First Lieutenant", "중위", 1, 6},
      {"2LT", "Second Lieutenant", "소위", 1, 5},
      {"SGT", "Sergeant", "중사", 1, 4},
      {"PVT", "Private", "이등병", 6, 3},
      {"SPY", "Spy", "스파이", 2, 2},
      {"FLG", "Flag", "깃발", 1, 1},
  };
}

// Salpakan's own codes: the flag is eliminated (not captured) or claims the far rank.
std::vector<Word> make_words() {
  using K = WordKind;
  return {
      {K::kReason, "flag-captured", "flag eliminated", "깃발 제거"},
      {K::kReason, "flag-claim", "flag reached the far rank", "깃발 도달"},
      {K::kDetail, "flag-eliminated", "{@player}'s flag was eliminated", "{@player}의 깃발이 제거됨"},
      {K::kDetail, "flag-claim", "{@player}'s flag held {@opponent}'s back rank for a complete turn",
       "{@player}의 깃발이 {@opponent}의 마지막 줄에서 한 차례를 버팀"},
      // Short Korean labels where the roster's name is too wide for a piece at
      // 24 px (broadcast/piece_labels.h): the stars of a general, the army's
      // own short form of a private. English shows the token.
      {K::kPhrase, "label-G5", "G5", "5성"},
      {K::kPhrase, "label-G4", "G4", "4성"},
      {K::kPhrase, "label-G3", "G3", "3성"},
      {K::kPhrase, "label-G2", "G2", "2성"},
      {K::kPhrase, "label-G1", "G1", "1성"},
      {K::kPhrase, "label-PVT", "PVT", "이병"},
  };
}

class Salpakan final : public BoardGame {
 public:
  Salpakan() : BoardGame(Geometry(kFiles, kRanks), make_roster(), make_words()) {}

  int setup_owner(Square s) const override {
    const int rank = geometry_.rank_of(s);
    return rank < kSetupRanks ? 1 : rank >= kRanks - kSetupRanks ? 2 : 0;
  }

  std::optional<PieceType> objective() const override { return kFlag; }

  std::optional<Rejection> check_setup(int player, const std::vector<Placement>& pl) const override {
    return check_roster_setup(*this, player, pl,
                              {std::string("setup area (ranks ") + (player == 1 ? "1-3" : "6-8") + ")",
                               "place all 21 pieces"});
  }

  // Every piece, the Flag too, steps one square orthogonally.
  void legal_moves(const MatchState& s, int player, std::vector<Move>& out) const override {
    player_slides(s, geometry_, player, [](PieceType) { return Slide(1); }, out);
  }

  void play(Resolver& r, const Move& move) const override {
    // The arbiter announces only who was eliminated: both ranks stay secret.
    step_or_attack(r, move, combat_by_type(challenge), AttackReveal::kOutcomeOnly);
  }

  std::optional<Result> victory(const MatchState& s, int mover) const override {
    std::array<Square, 2> flag{kNoSquare, kNoSquare};
    for (const Piece& p : s.pieces)
      if (p.type == kFlag) flag[static_cast<std::size_t>(p.owner - 1)] = p.square;
    for (int p = 1; p <= 2; ++p)
      if (flag[static_cast<std::size_t>(p - 1)] == kNoSquare)
        return Result{other(p), "flag-captured", {"flag-eliminated", {{"player", seat_param(p)}}}, {}};
    // Only the claimant's own moves can put its Flag on the far rank, so a Flag
    // found there after the opponent's turn has held it for one complete turn.
    const int claimant = other(mover);
    const Square f = flag[static_cast<std::size_t>(claimant - 1)];
    if (geometry_.rank_of(f) == far_rank(claimant))
      return Result{claimant, "flag-claim",
                    {"flag-claim", {{"player", seat_param(claimant)}, {"opponent", seat_param(mover)}}}, {}};
    return std::nullopt;
  }

 private:
  static int far_rank(int player) { return player == 1 ? kRanks - 1 : 0; }
};

}  // namespace

GameInfo info() {
  GameInfo g = board_game_info({"salpakan", "Salpakan Classic", "살파칸", "standard"}, make_roster(), make_words());
  g.presets = {
      {"standard", "9x8, 21 pieces each, ranks never announced, silent flag claim; "
                   "no clocks, no ply limit",
       {}, "9x8, 한쪽 21개, 계급은 발표하지 않음, 깃발 도달은 조용히 판정; 시계 없음, 수 제한 없음"},
  };
  g.make = [](const Options&) -> std::unique_ptr<Game> { return std::make_unique<Salpakan>(); };
  g.live_analysis.samples = 800;
  g.live_analysis.update_events = 100000;
  return g;
}

}  // namespace facedown::engine::salpakan
