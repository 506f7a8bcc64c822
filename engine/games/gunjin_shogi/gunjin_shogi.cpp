#include "engine/games/gunjin_shogi/gunjin_shogi.h"

#include <algorithm>

#include "engine/attack_play.h"
#include "engine/board_game.h"
#include "engine/end_checks.h"
#include "engine/games/gunjin_shogi/combat.h"
#include "engine/roster_setup.h"
#include "engine/slides.h"
#include "engine/vocabulary.h"

namespace facedown::engine::gunjin_shogi {

namespace {

constexpr int kSize = 9;            // files and ranks
constexpr int kSetupRanks = 4;      // player 1 ranks 1-4, player 2 ranks 6-9
constexpr int kHeadquarterFiles[] = {3, 5};  // d, f
constexpr int kNoMineFiles[] = {3, 5};       // d4 f4 / d6 f6: in front of the headquarters

std::vector<PieceTypeSpec> make_roster() {
  // value: the rank order of the ten ranks (10 = General), 0 for the specials.
  return {
      {"GEN", "General", "대장", 1, 10},        {"LTG", "Lieutenant General", "중장", 1, 9},
      {"MJG", "Major General", "소장", 2, 8},   {"COL", "Colonel", "대령", 2, 7},
      {"LTC", "Lieutenant Colonel", "중령", 2, 6}, {"MAJ", "Major", "소령", 2, 5},
      {"CPT", "Captain", "대위", 2, 4},         {"LT", "Lieutenant", "중위", 2, 3},
      {"2LT", "Second Lieutenant", "소위", 2, 2}, {"CAV", "Cavalry", "기병", 2, 1},
      {"SPY", "Spy", "스파이", 1, 0},           {"AIR", "Aircraft", "비행기", 2, 0},
      {"TNK", "Tank", "탱크", 3, 0},            {"ENG", "Engineer", "공병", 3, 0},
      {"MIN", "Mine", "지뢰", 3, 0},            {"FLG", "Flag", "군기", 1, 0},
  };
}

// Gunjin's own codes over the flag capture the attack games share.
std::vector<Word> make_words() {
  using K = WordKind;
  std::vector<Word> w = flag_capture_words();
  w.push_back({K::kReason, "headquarters", "headquarters entered", "사령부 점령"});
  w.push_back({K::kDetail, "flag-attacked", "{@player}'s flag attacked and fell", "{@player}의 군기가 공격하다 제거됨"});
  w.push_back({K::kDetail, "headquarters", "{@player} entered {@opponent}'s headquarters {square}",
               "{@player}가 {@opponent}의 사령부 {square}에 들어감"});
  return w;
}

// How far a piece moves along a file or rank (0: it never moves; the Aircraft flies).
int reach(PieceType t) {
  if (t <= kMajor) return 1;
  if (t <= kSecondLt) return 2;
  if (t == kCavalry) return 3;
  if (t == kEngineer) return kSize;
  if (t == kMine) return 0;
  return 1;  // Spy, Tank, Flag
}

int back_rank(int player) { return player == 1 ? 0 : kSize - 1; }
int front_rank(int player) { return player == 1 ? kSetupRanks - 1 : kSize - kSetupRanks; }

// Pieces that do not win by entering an enemy headquarters.
bool may_take_headquarters(PieceType t) { return t != kTank && t != kAircraft && t != kEngineer; }

class GunjinShogi final : public BoardGame {
 public:
  explicit GunjinShogi(bool flag_attack_loses)
      : BoardGame(Geometry(kSize, kSize), make_roster(), make_words()), flag_attack_loses_(flag_attack_loses) {
    for (int f : kHeadquarterFiles)
      for (int p : {1, 2}) geometry_.mark(geometry_.at(f, back_rank(p)), kHeadquarters);
  }

  int setup_owner(Square s) const override {
    const int rank = geometry_.rank_of(s);
    return rank < kSetupRanks ? 1 : rank >= kSize - kSetupRanks ? 2 : 0;
  }

  std::optional<Rejection> check_setup(int player, const std::vector<Placement>& pl) const override {
    return check_roster_setup(*this, player, pl,
                              {std::string("setup area (ranks ") + (player == 1 ? "1-4" : "6-9") + ")",
                               "place all 31 pieces"},
                              [&](const Placement& p) { return check_placement(player, p); });
  }

  std::optional<Rejection> check_placement(int player, const Placement& p) const override {
    if (auto r = Game::check_placement(player, p)) return r;
    if (p.type == kMine && forbids_mine(player, p.square))
      return Rejection{"MIN on " + geometry_.name(p.square) + ": no mine may stand in front of " +
                       player_name(player) + "'s headquarters (" + no_mine_names(player) + ")"};
    return std::nullopt;
  }

  std::optional<PieceType> objective() const override { return kFlag; }

  // The default shuffle could put a mine in front of a headquarters: mines first,
  // on the squares they may take, then everything else.
  std::vector<Placement> random_setup(int player, std::uint64_t seed) const override {
    std::vector<Square> squares;
    for (Square s = 0; s < geometry_.size(); ++s)
      if (setup_owner(s) == player) squares.push_back(s);
    for (std::size_t i = squares.size(); i > 1; --i) std::swap(squares[i - 1], squares[splitmix64(seed) % i]);
    std::stable_partition(squares.begin(), squares.end(), [&](Square s) { return !forbids_mine(player, s); });
    std::vector<Placement> out;
    std::size_t next = 0;
    for (int n = 0; n < roster_[kMine].count; ++n) out.push_back({kMine, squares[next++]});
    std::vector<Square> rest(squares.begin() + static_cast<long>(next), squares.end());
    for (std::size_t i = rest.size(); i > 1; --i) std::swap(rest[i - 1], rest[splitmix64(seed) % i]);
    next = 0;
    for (PieceType t = 0; t < kPieceTypes; ++t) {
      if (t == kMine) continue;
      for (int n = 0; n < roster_[static_cast<std::size_t>(t)].count; ++n) out.push_back({t, rest[next++]});
    }
    return out;
  }

  bool never_moves(PieceType t) const override { return reach(t) == 0; }

  void legal_moves(const MatchState& s, int player, std::vector<Move>& out) const override {
    for (const Piece& p : s.pieces) {
      if (p.owner != player || p.square == kNoSquare) continue;
      if (p.type == kAircraft) {
        // Flies over everything: any empty square, any enemy piece.
        for (Square to = 0; to < geometry_.size(); ++to) {
          const int there = s.board[static_cast<std::size_t>(to)];
          if (there < 0 || s.pieces[static_cast<std::size_t>(there)].owner != player) out.push_back({p.square, to});
        }
        continue;
      }
      // Along files and ranks, never jumping: the line ends at the first piece,
      // an attack when it is an enemy.
      piece_slides(s, geometry_, p, Slide(reach(p.type)), out);
    }
  }

  void play(Resolver& r, const Move& move) const override {
    // The shared step-or-attack: the moves above decide reach (the Aircraft's
    // flight too); identities stay hidden, the public learns which squares emptied.
    step_or_attack(r, move, combat_by_type(engage), AttackReveal::kOutcomeOnly);
  }

  std::optional<Result> victory(const MatchState& s, int mover) const override {
    // 1. A Flag removed by this move: captured, or fallen attacking.
    for (std::size_t o = 0; o < 2; ++o)
      for (std::size_t i = s.removed_at_turn_start[o]; i < s.removed[o].size(); ++i) {
        const Piece& p = s.pieces[static_cast<std::size_t>(s.removed[o][i])];
        if (p.type != kFlag) continue;
        if (p.owner != mover)
          return Result{mover, "flag-captured", {"flag-captured", {{"player", seat_param(p.owner)}}}, {}};
        if (flag_attack_loses_)
          return Result{other(mover), "flag-captured", {"flag-attacked", {{"player", seat_param(mover)}}}, {}};
      }
    // 2. A headquarters entered (only the piece that just moved can stand on one).
    if (s.last_to != kNoSquare && (geometry_.terrain(s.last_to) & kHeadquarters) &&
        geometry_.rank_of(s.last_to) == back_rank(other(mover))) {
      const int id = s.piece_at(s.last_to);
      if (id >= 0) {
        const Piece& p = s.pieces[static_cast<std::size_t>(id)];
        if (p.owner == mover && may_take_headquarters(p.type))
          return Result{mover, "headquarters",
                        {"headquarters",
                         {{"player", seat_param(mover)},
                          {"opponent", seat_param(other(mover))},
                          {"square", geometry_.name(s.last_to)}}},
                        {}};
      }
    }
    // 3. No legal move comes before the ply limit, which Match checks next.
    if (ply_limit_reached(s)) return no_legal_moves_result(*this, s, other(mover));
    return std::nullopt;
  }

 private:
  bool forbids_mine(int player, Square s) const {
    if (geometry_.rank_of(s) != front_rank(player)) return false;
    const int f = geometry_.file_of(s);
    return f == kNoMineFiles[0] || f == kNoMineFiles[1];
  }
  std::string no_mine_names(int player) const {
    return geometry_.name(geometry_.at(kNoMineFiles[0], front_rank(player))) + ", " +
           geometry_.name(geometry_.at(kNoMineFiles[1], front_rank(player)));
  }

  bool flag_attack_loses_;
};

}  // namespace

GameInfo info() {
  GameInfo g = board_game_info({"gunjin-shogi", "Gunjin Shogi", "군인장기", "standard"}, make_roster(), make_words());
  g.options.push_back({"flag_attack", OptionSpec::Kind::kChoice, {"loses", "continues"}, 0, 0, "loses",
                       "a Flag that attacks falls with its target; loses: its side loses, "
                       "continues: play goes on",
                       "군기 공격", "공격한 군기는 상대와 함께 제거됨; loses: 그 편이 짐, continues: 경기 계속"});
  g.presets = {
      {"standard", "9x9, 31 pieces each, two headquarters each, identities hidden even after battle, "
                   "a Flag's attack loses; no clocks, no ply limit",
       {}, "9x9, 한쪽 31개, 사령부 둘씩, 전투 후에도 정체 비공개, 군기가 공격하면 짐; 시계 없음, 수 제한 없음"},
  };
  g.make = [](const Options& o) -> std::unique_ptr<Game> {
    auto it = o.find("flag_attack");
    return std::make_unique<GunjinShogi>(it == o.end() || it->second == "loses");
  };
  // A bar of 0.02 needs 625 independent draws at p = 0.5. Since the forest
  // draws the unfought pieces within their own allowed sets (rest_fill.h),
  // its draws replay and every particle is independent, so what bounds the
  // bars is how many fresh draws an update may make after a battle kills
  // kept ones: 40,000 events and 2,000 draws an update; and with ~1,000
  // independent draws the counting's odds (a known superset where the
  // learning gave up) weigh as 10 draws, not 40. The live bench: every bar
  // within 0.02 at 195 of 205 sampled moments, was 91; the worst event
  // still under 250 ms (docs/performance.md, "Gunjin Shogi's error bars").
  g.live_analysis = {1000, 40000, 2000, 10};
  return g;
}

}  // namespace facedown::engine::gunjin_shogi
