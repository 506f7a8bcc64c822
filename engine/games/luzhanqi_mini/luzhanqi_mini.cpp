#include "engine/games/luzhanqi_mini/luzhanqi_mini.h"
#include "engine/vocabulary.h"

#include "engine/attack_play.h"
#include "engine/board_game.h"
#include "engine/games/luzhanqi_mini/combat.h"
#include "engine/roster_setup.h"
#include "engine/slides.h"

namespace facedown::engine::luzhanqi_mini {

namespace {

constexpr int kFiles = 7;
constexpr int kRanks = 8;
constexpr int kCampFiles[] = {1, 5};     // b, f
constexpr int kCampRanks[] = {3, 4};     // 4, 5
constexpr int kHeadquarterFiles[] = {1, 5};  // b1 f1, b8 f8

int back_rank(int player) { return player == 1 ? 0 : kRanks - 1; }
int front_rank(int player) { return player == 1 ? 1 : kRanks - 2; }

std::vector<PieceTypeSpec> make_roster() {
  return {
      {"CMD", "Commander", "사령관", 1, 4}, {"OFF", "Officer", "장교", 2, 3},
      {"SOL", "Soldier", "병사", 3, 2},     {"ENG", "Engineer", "공병", 3, 1},
      {"BMB", "Bomb", "폭탄", 2, 0},        {"MIN", "Mine", "지뢰", 2, 0},
      {"FLG", "Flag", "군기", 1, 0},
  };
}

void shuffle(std::vector<Square>& v, std::uint64_t& seed) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[splitmix64(seed) % i]);
}

// One square orthogonally; the Flag and Mines never move. A piece in a camp
// cannot be attacked, though any piece may enter an empty camp.
Slide slide_of(PieceType t) { return Slide(t == kFlag || t == kMine ? 0 : 1, kPlain, kCamp); }

// Luzhanqi Mini's own codes: only the captured flag, shared with the other flag games.
std::vector<Word> make_words() { return flag_capture_words(); }

class LuzhanqiMini final : public BoardGame {
 public:
  LuzhanqiMini() : BoardGame(Geometry(kFiles, kRanks), make_roster(), make_words()) {
    for (int f : kCampFiles)
      for (int r : kCampRanks) geometry_.mark(geometry_.at(f, r), kCamp);
    for (int f : kHeadquarterFiles)
      for (int p : {1, 2}) geometry_.mark(geometry_.at(f, back_rank(p)), kHeadquarters);
  }

  int setup_owner(Square s) const override {
    const int rank = geometry_.rank_of(s);
    return rank < 2 ? 1 : rank >= kRanks - 2 ? 2 : 0;
  }

  std::optional<Rejection> check_setup(int player, const std::vector<Placement>& pl) const override {
    const std::string ranks = player == 1 ? "1-2" : "7-8";
    return check_roster_setup(*this, player, pl,
                              {"setup area (ranks " + ranks + ")", "fill all 14 squares of ranks " + ranks},
                              [&](const Placement& p) { return check_placement(player, p); });
  }

  std::optional<Rejection> check_placement(int player, const Placement& p) const override {
    if (auto r = Game::check_placement(player, p)) return r;
    const std::string who = player_name(player);
    const std::string at = roster_[static_cast<std::size_t>(p.type)].token + " on " + geometry_.name(p.square);
    const int rank = geometry_.rank_of(p.square);
    if (p.type == kMine && rank != back_rank(player))
      return Rejection{at + ": mines go only on " + who + "'s back rank (rank " +
                       std::to_string(back_rank(player) + 1) + ")"};
    if (p.type == kBomb && rank == front_rank(player))
      return Rejection{at + ": bombs may not stand on " + who + "'s front rank (rank " +
                       std::to_string(front_rank(player) + 1) + ")"};
    if (p.type == kFlag && !(geometry_.terrain(p.square) & kHeadquarters))
      return Rejection{at + ": the flag must stand on one of " + who + "'s headquarters (" +
                       headquarters_names(player) + ")"};
    return std::nullopt;
  }

  std::optional<PieceType> objective() const override { return kFlag; }

  // The default shuffle would put mines, bombs and the flag anywhere: draw the
  // flag's headquarters first, then mines and bombs on the rest of the back rank,
  // then everything that moves over the squares left.
  std::vector<Placement> random_setup(int player, std::uint64_t seed) const override {
    const int back = back_rank(player), front = front_rank(player);
    std::vector<Placement> out;
    const Square flag = geometry_.at(kHeadquarterFiles[splitmix64(seed) % 2], back);
    out.push_back({kFlag, flag});
    std::vector<Square> rest_of_back;
    for (int f = 0; f < kFiles; ++f)
      if (geometry_.at(f, back) != flag) rest_of_back.push_back(geometry_.at(f, back));
    shuffle(rest_of_back, seed);
    std::size_t next = 0;
    for (PieceType t : {kMine, kBomb})
      for (int n = 0; n < roster_[static_cast<std::size_t>(t)].count; ++n)
        out.push_back({t, rest_of_back[next++]});
    std::vector<Square> open(rest_of_back.begin() + static_cast<long>(next), rest_of_back.end());
    for (int f = 0; f < kFiles; ++f) open.push_back(geometry_.at(f, front));
    shuffle(open, seed);
    next = 0;
    for (PieceType t = kCommander; t <= kEngineer; ++t)
      for (int n = 0; n < roster_[static_cast<std::size_t>(t)].count; ++n) out.push_back({t, open[next++]});
    return out;
  }

  bool never_moves(PieceType t) const override { return slide_of(t).reach == 0; }

  void legal_moves(const MatchState& s, int player, std::vector<Move>& out) const override {
    player_slides(s, geometry_, player, slide_of, out);
  }

  void play(Resolver& r, const Move& move) const override {
    // Identities stay private: the public learns squares and the outcome only.
    step_or_attack(r, move, combat_by_type(engage), AttackReveal::kOutcomeOnly);
  }

  std::optional<Result> victory(const MatchState& s, int) const override { return flag_captured(s, kFlag); }

 private:
  std::string headquarters_names(int player) const {
    return geometry_.name(geometry_.at(kHeadquarterFiles[0], back_rank(player))) + ", " +
           geometry_.name(geometry_.at(kHeadquarterFiles[1], back_rank(player)));
  }

};

}  // namespace

GameInfo info() {
  GameInfo g = board_game_info({"luzhanqi-mini", "Luzhanqi Mini", "미니 육군기", "standard"}, make_roster(),
                               make_words());
  g.presets = {
      {"standard", "7x8 with four camps and two headquarters each, 14 pieces, identities private "
                   "after battle; no clocks, no ply limit",
       {}, "7x8, 행영 넷과 사령부 둘씩, 14개, 전투 후에도 정체 비공개; 시계 없음, 수 제한 없음"},
  };
  g.make = [](const Options&) -> std::unique_ptr<Game> { return std::make_unique<LuzhanqiMini>(); };
  g.live_analysis.samples = 800;
  g.live_analysis.update_events = 100000;
  return g;
}

}  // namespace facedown::engine::luzhanqi_mini
