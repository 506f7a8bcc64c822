#include "engine/games/hidden_hasami/hidden_hasami.h"

#include <algorithm>
#include <string>

#include "engine/board_game.h"
#include "engine/end_checks.h"
#include "engine/positions.h"
#include "engine/roster_setup.h"
#include "engine/slides.h"
#include "engine/vocabulary.h"

namespace facedown::engine::hidden_hasami {

namespace {

constexpr std::pair<int, int> kDirections[] = {{0, 1}, {0, -1}, {-1, 0}, {1, 0}};

std::vector<PieceTypeSpec> make_roster(int n) {
  return {{"L", "Leader", "대장", 1, 0}, {"G", "Guard", "호위", n - 1, 0}};
}

std::vector<Word> make_words() {
  using K = WordKind;
  return {
      {K::kReason, "leader-captured", "leader captured", "대장 포획"},
      {K::kReason, "annihilation", "stones wiped out", "돌 전멸"},
      {K::kReason, "repetition", "third repetition", "같은 국면 세 번"},
      {K::kCause, "custodian", "sandwiched", "협공으로 잡힘"},
      {K::kDetail, "leader-captured", "{@player}'s leader was captured", "{@player}의 대장이 잡힘"},
      {K::kDetail, "annihilation-one", "{@player} has one stone left", "{@player}: 돌 하나만 남음"},
      {K::kDetail, "annihilation-none", "{@player} has no stone left", "{@player}: 남은 돌 없음"},
      {K::kDetail, "repetition", "the same position with {@player} to move occurred for the third time",
       "{@player} 차례의 같은 국면이 세 번째 나옴"},
  };
}

class HiddenHasami final : public BoardGame {
 public:
  explicit HiddenHasami(int n) : BoardGame(Geometry(n, n), make_roster(n), make_words()), n_(n) {
    geometry_.set_stones(true);
  }

  int setup_owner(Square s) const override {
    const int rank = geometry_.rank_of(s);
    return rank == 0 ? 1 : rank == n_ - 1 ? 2 : 0;
  }

  std::optional<PieceType> objective() const override { return kLeader; }

  std::optional<Rejection> check_setup(int player, const std::vector<Placement>& pl) const override {
    const std::string rank = std::to_string(player == 1 ? 1 : n_);
    return check_roster_setup(*this, player, pl,
                              {"back rank (rank " + rank + ")",
                               "fill all " + std::to_string(n_) + " squares of rank " + rank + " with one L and " +
                                   std::to_string(n_ - 1) + " G"});
  }

  // Every stone slides like a rook to an empty square: it never moves onto a piece.
  void legal_moves(const MatchState& s, int player, std::vector<Move>& out) const override {
    player_slides(s, geometry_, player, [](PieceType) { return Slide(kAnyDistance, kPlain, kPlain, false); }, out);
  }

  void play(Resolver& r, const Move& move) const override {
    const int id = r.state().piece_at(move.from);
    const int player = r.state().pieces[static_cast<std::size_t>(id)].owner;
    r.emit(Moved{player, r.state().ref(id), move.from, move.to});
    const MatchState& s = r.state();  // after the move
    std::vector<Square> taken;
    const int f = geometry_.file_of(move.to), rk = geometry_.rank_of(move.to);
    for (auto [df, dr] : kDirections) {
      std::vector<Square> run;
      for (int k = 1;; ++k) {
        const Square sq = geometry_.at(f + df * k, rk + dr * k);
        const int there = s.piece_at(sq);
        if (there < 0) break;  // the edge or an empty square: no bracket
        if (s.pieces[static_cast<std::size_t>(there)].owner == player) {
          taken.insert(taken.end(), run.begin(), run.end());
          break;
        }
        run.push_back(sq);
      }
    }
    if (taken.empty()) return;
    std::sort(taken.begin(), taken.end());
    std::vector<PieceRef> removed;
    for (Square sq : taken) {
      PieceRef ref = s.ref(s.piece_at(sq));
      if (ref.type == kLeader) ref.hidden_from = 0;  // a captured leader is announced
      removed.push_back(ref);
    }
    r.emit(Removed{removed, "custodian"});
  }

  std::optional<Result> victory(const MatchState& s, int mover) const override {
    const int opp = other(mover);
    for (int id : s.removed[static_cast<std::size_t>(opp - 1)])
      if (s.pieces[static_cast<std::size_t>(id)].type == kLeader)
        return Result{mover, "leader-captured", {"leader-captured", {{"player", seat_param(opp)}}}, {}};
    const auto left = std::count_if(s.pieces.begin(), s.pieces.end(),
                                    [&](const Piece& p) { return p.owner == opp && p.square != kNoSquare; });
    if (left <= 1)
      return Result{mover, "annihilation",
                    {left == 1 ? "annihilation-one" : "annihilation-none", {{"player", seat_param(opp)}}}, {}};
    // No legal move and repetition come before the ply limit (Match checks it next).
    // Owners only: the stones' identities are secret, so the key must not see them.
    const std::uint64_t key = position_key(s, PositionKind::kOwners, opp);
    const auto seen = std::count(s.turn_positions.begin(), s.turn_positions.end(), key);
    const bool repeated = seen + 1 >= 3;
    if (repeated || ply_limit_reached(s))
      if (auto r = no_legal_moves_result(*this, s, opp)) return r;
    if (repeated)
      return Result{0, "repetition", {"repetition", {{"player", seat_param(opp)}}}, {}};
    return std::nullopt;
  }

 private:
  int n_;
};

int board_size(const Options& o) {
  auto it = o.find("size");
  return it != o.end() && it->second == "7" ? 7 : 9;
}

}  // namespace

GameInfo info() {
  GameInfo g = board_game_info({"hidden-hasami", "Hidden Hasami", "숨은 하사미", "standard"}, make_roster(9),
                               make_words());
  g.options.push_back({"size", OptionSpec::Kind::kChoice, {"9", "7"}, 0, 0, "9",
                       "the board is size x size, with size stones a side (one of them the leader)",
                       "판 크기", "판은 size x size, 한쪽 돌도 size개 (그중 하나가 대장)"});
  g.presets = {
      {"standard", "9x9, nine stones a side, one a secret leader, custodian capture, draw on the third "
                   "repetition; no clocks, no ply limit",
       {}, "9x9, 한쪽 돌 아홉, 그중 하나가 비밀 대장, 협공으로 잡기, 같은 국면 세 번이면 무승부; 시계 없음, 수 제한 없음"},
  };
  g.make = [](const Options& o) -> std::unique_ptr<Game> { return std::make_unique<HiddenHasami>(board_size(o)); };
  return g;
}

}  // namespace facedown::engine::hidden_hasami
