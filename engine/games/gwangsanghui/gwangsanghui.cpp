#include "engine/games/gwangsanghui/gwangsanghui.h"

#include <algorithm>

#include "engine/attack_play.h"
#include "engine/board_game.h"
#include "engine/games/gwangsanghui/moves.h"
#include "engine/positions.h"
#include "engine/vocabulary.h"

namespace facedown::engine::gwangsanghui {

namespace {

std::vector<PieceTypeSpec> make_roster() {
  // Values stay 0: material at the ply limit counts pieces, not their worth.
  return {
      {"M", "Marshal", "원수", 1, 0},        {"A", "Advisor", "사", 4, 0},
      {"E", "Elephant", "상", 4, 0},         {"R", "Chariot", "차", 4, 0},
      {"C", "Cannon", "포", 4, 0},           {"H", "Horse", "마", 4, 0},
      {"G", "General", "장군", 2, 0},        {"V", "Vanguard", "선봉", 1, 0},
      {"Q", "Rearguard", "후군", 1, 0},      {"O", "Elite officer", "정예", 2, 0},
      {"T", "Traveler", "유격", 2, 0},       {"B", "Ambush", "복병", 2, 0},
      {"I", "Infantry", "보병", 6, 0},       {"K", "Cavalry", "기병", 6, 0},
  };
}

// The game's own codes: its result reason and details (the shared table has
// no-legal-moves and the seat words).
std::vector<Word> make_words() {
  using K = WordKind;
  return {
      {K::kReason, "marshal-captured", "Marshal captured", "원수 포획"},
      {K::kDetail, "marshal-captured", "{@player}'s Marshal was captured", "{@player}의 원수가 잡힘"},
      {K::kDetail, "ply-limit-material",
       "the ply limit of {limit} was reached: {@south} has {south_count} pieces, {@north} has {north_count}",
       "수 제한 {limit}수 도달: {@south} {south_count}개, {@north} {north_count}개"},
  };
}

// South's placement, rank 6 down to rank 1 (the rules' diagram); '.' is empty.
constexpr const char* kSouth[] = {
    "KKK.III.III.KKK",  // 6
    "...T...V...T...",  // 5
    "H.C..HC.CH..C.H",  // 4
    ".G.O...M...O.G.",  // 3
    "RAE.REA.AER.EAR",  // 2
    "...B...Q...B...",  // 1
};

class Gwangsanghui final : public BoardGame {
 public:
  explicit Gwangsanghui(const Options& o) : BoardGame(Geometry(kFiles, kRanks), make_roster(), make_words()) {
    geometry_.set_on_points(true);
    for (int f0 : {0, 6, 12})
      for (int r0 : {1, 10})
        for (int df = 0; df < 3; ++df)
          for (int dr = 0; dr < 3; ++dr) geometry_.mark(geometry_.at(f0 + df, r0 + dr), kPalace);
    rules_.contact_rule = o.count("contact_rule") == 0 || o.at("contact_rule") == "on";
    rules_.ambush_capturable = o.count("ambush_capturable") != 0 && o.at("ambush_capturable") == "on";
    ply_limit_ = option_int(o, "ply_limit");
    no_moves_draw_ = o.count("no_legal_moves") != 0 && o.at("no_legal_moves") == "draw";
    for (int p = 1; p <= 2; ++p) {
      auto& out = placement_[static_cast<std::size_t>(p - 1)];
      for (int own = 1; own <= 6; ++own) {
        const char* row = kSouth[6 - own];
        const int rank0 = p == 1 ? own - 1 : kRanks - own;
        for (int f = 0; f < kFiles; ++f) {
          if (row[f] == '.') continue;
          out.push_back({*parse_token(std::string(1, row[f])), geometry_.at(f, rank0)});
        }
      }
      std::sort(out.begin(), out.end(), [](const Placement& a, const Placement& b) { return a.square < b.square; });
    }
  }

  int setup_owner(Square) const override { return 0; }
  std::array<std::vector<Placement>, 2> fixed_placement() const override { return placement_; }

  std::optional<PieceType> objective() const override { return kMarshal; }

  std::optional<Rejection> check_setup(int, const std::vector<Placement>&) const override {
    return Rejection{"gwangsanghui has a fixed placement and no setup"};
  }

  // The movement rules, less the moves that would make a position occur for the
  // third time (with the same side to move).
  void legal_moves(const MatchState& s, int player, std::vector<Move>& out) const override {
    const std::size_t first = out.size();
    movement(s, geometry_, rules_, player, out);
    if (s.piece_positions.size() < 2) return;
    // Only a position that already occurred twice can be made a third time: find
    // those first (usually none, and then nothing is filtered).
    std::vector<std::uint64_t> seen = s.piece_positions;
    std::sort(seen.begin(), seen.end());
    std::vector<std::uint64_t> twice;
    for (std::size_t i = 1; i < seen.size(); ++i)
      if (seen[i] == seen[i - 1] && (twice.empty() || twice.back() != seen[i])) twice.push_back(seen[i]);
    if (twice.empty()) return;
    // The key after a move, from the key now: the mover's piece leaves `from` and
    // stands on `to`, a captured piece leaves `to`, the other side is to move.
    const std::uint64_t base = piece_position_key(s, player) ^ side_key(player) ^ side_key(other(player));
    auto kept = std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), [&](const Move& m) {
      const Piece& p = s.pieces[static_cast<std::size_t>(s.piece_at(m.from))];
      std::uint64_t k = base ^ square_key(m.from, p.owner, p.type) ^ square_key(m.to, p.owner, p.type);
      if (const int t = s.piece_at(m.to); t >= 0) {
        const Piece& q = s.pieces[static_cast<std::size_t>(t)];
        k ^= square_key(m.to, q.owner, q.type);
      }
      return std::binary_search(twice.begin(), twice.end(), k);
    });
    out.erase(kept, out.end());
  }

  // Every piece is face up: a capture reveals nothing and always succeeds.
  void play(Resolver& r, const Move& move) const override {
    step_or_attack(r, move, [](const MatchState&, int, int) { return AttackOutcome::kAttacker; },
                   AttackReveal::kOutcomeOnly);
  }

  // Order: the Marshal capture, then (only at the ply limit, which is checked
  // last) no legal move for the side to move, then the ply limit on material.
  // Match checks "no legal move" itself whenever a turn begins.
  std::optional<Result> victory(const MatchState& s, int mover) const override {
    const int opp = other(mover);
    for (const Piece& p : s.pieces)
      if (p.type == kMarshal && p.owner == opp && p.square == kNoSquare)
        return Result{mover, "marshal-captured", {"marshal-captured", {{"player", seat_param(opp)}}}, {}};
    if (ply_limit_ <= 0 || s.ply < ply_limit_) return std::nullopt;
    std::vector<Move> moves;
    legal_moves(s, opp, moves);
    if (moves.empty())
      return Result{no_moves_draw_ ? 0 : mover, "no-legal-moves", {"no-legal-moves", {{"player", seat_param(opp)}}}, {}};
    std::array<int, 2> count{0, 0};
    for (const Piece& p : s.pieces)
      if (p.square != kNoSquare) ++count[static_cast<std::size_t>(p.owner - 1)];
    const int winner = count[0] > count[1] ? 1 : count[1] > count[0] ? 2 : 0;
    return Result{winner, "ply-limit",
                  {"ply-limit-material",
                   {{"limit", std::to_string(ply_limit_)}, {"south_count", std::to_string(count[0])},
                    {"north_count", std::to_string(count[1])}, {"south", seat_param(1)}, {"north", seat_param(2)}}},
                  {}};
  }

 private:
  MoveRules rules_;
  long ply_limit_ = kDefaultPlyLimit;
  bool no_moves_draw_ = false;
  std::array<std::vector<Placement>, 2> placement_;
};

}  // namespace

GameInfo info() {
  using K = OptionSpec::Kind;
  GameInfo g = board_game_info({"gwangsanghui", "Gwangsanghui", "광상희", "standard"}, make_roster(), make_words());
  for (OptionSpec& o : g.options)
    if (o.name == "ply_limit") {
      o.default_value = std::to_string(kDefaultPlyLimit);
      o.help = "moves after which the game ends on material (more pieces wins, equal draws); 0 = off";
    }
  // The game's own options come before the shared ones.
  g.options.insert(g.options.begin(), {
      {"contact_rule", K::kChoice, {"on", "off"}, 0, 0, "on",
       "no captures until an Infantry or Cavalry of either side has stood in its enemy half", "접촉 규칙", "어느 쪽이든 보병이나 기병이 적진 절반에 들어서기 전에는 잡을 수 없음"},
      {"ambush_capturable", K::kChoice, {"off", "on"}, 0, 0, "off",
       "whether an Ambush can be captured (it never captures either way)", "복병 포획", "복병을 잡을 수 있는지 (복병은 어느 경우에도 잡지 않음)"},
  });
  g.presets = {
      {"standard", "15x14 points, the fixed 43-piece placement, contact rule on, Ambush uncapturable, "
                   "ply limit 400 on material; no clocks",
       {}, "15x14 교차점, 고정된 43개 배치, 접촉 규칙 켬, 복병 포획 불가, 400수 제한 후 기물로 판정; 시계 없음"},
  };
  g.make = [](const Options& o) -> std::unique_ptr<Game> { return std::make_unique<Gwangsanghui>(o); };
  return g;
}

}  // namespace facedown::engine::gwangsanghui
