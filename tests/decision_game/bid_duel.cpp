#include "tests/decision_game/bid_duel.h"

#include <algorithm>

#include "engine/roster_setup.h"
#include "engine/vocabulary.h"

namespace facedown::testgames::bid_duel {

using namespace facedown::engine;

namespace {

constexpr int kFiles = 3;
constexpr int kRanks = 5;
constexpr const char* kBid = "bid";

std::vector<PieceTypeSpec> make_roster() { return {{"P", "Pawn", "졸", 2, 1}}; }

std::vector<Word> make_words() {
  using K = WordKind;
  return {
      {K::kReason, "outbid", "outbid", "입찰 승리"},
      {K::kDetail, "outbid", "{@player} spent the chip", "{@player}: 칩 사용"},
      {K::kItem, "chip", "Chip", "칩"},
      {K::kPhrase, "bid", "Bid", "입찰"},
      {K::kPhrase, "awaiting-bid", "Awaiting the bid of", "입찰 대기:"},
      {K::kPhrase, "bid-made", "Bid by", "입찰:"},
  };
}

class BidDuel final : public Game {
 public:
  BidDuel() : geometry_(kFiles, kRanks), roster_(make_roster()), words_(make_words()) {}

  const Geometry& geometry() const override { return geometry_; }
  const std::vector<PieceTypeSpec>& roster() const override { return roster_; }
  const Words& words() const override { return words_; }
  int setup_owner(Square s) const override {
    const int rank = geometry_.rank_of(s);
    return rank == 0 ? 1 : rank == kRanks - 1 ? 2 : 0;
  }
  std::optional<Rejection> check_setup(int player, const std::vector<Placement>& pl) const override {
    return check_roster_setup(*this, player, pl, {"first rank", "place both pawns"});
  }
  CounterSpec counters() const override { return {"chips", {"chip"}, {1}, {}}; }

  void legal_moves(const MatchState& s, int player, std::vector<Move>& out) const override {
    const int forward = player == 1 ? 1 : -1;
    for (const Piece& p : s.pieces) {
      if (p.owner != player || p.square == kNoSquare) continue;
      const int f = geometry_.file_of(p.square), r = geometry_.rank_of(p.square);
      for (auto [df, dr] : {std::pair{0, forward}, {-1, 0}, {1, 0}}) {
        const Square to = geometry_.at(f + df, r + dr);
        if (to != kNoSquare && s.piece_at(to) < 0) out.push_back({p.square, to});
      }
    }
  }

  void play(Resolver& r, const Move& move) const override {
    const MatchState& s = r.state();
    const int id = s.piece_at(move.from);
    const int owner = s.pieces[static_cast<std::size_t>(id)].owner;
    r.emit(Moved{owner, s.ref(id), move.from, move.to});
    if (geometry_.rank_of(move.to) != (owner == 1 ? kRanks - 1 : 0)) return;
    // The pawn arrived: its owner bids, 1 only while the chip is left.
    DecisionAwaited d{kBid, owner, id, {}, {}, {"0"}};
    if (r.state().counters.left[static_cast<std::size_t>(owner - 1)][0] > 0) d.choices.push_back("1");
    r.emit(std::move(d));
  }

  // ----- the bid
  std::vector<std::string> decision_verbs() const override { return {kBid}; }
  std::variant<DecideCmd, std::string> read_decision(const std::vector<std::string>& tokens) const override {
    if (tokens.size() != 2 || (tokens[1] != "0" && tokens[1] != "1")) return std::string("usage: bid 0|1");
    return DecideCmd{std::string(kBid) + " " + tokens[1]};
  }
  std::optional<Rejection> decide(Resolver& r, const DecideCmd& cmd) const override {
    const MatchState& s = r.state();
    if (s.pending.kind != kBid) return Rejection{"no bid is awaited now"};
    if (cmd.text != "bid 0" && cmd.text != "bid 1") return Rejection{"usage: bid 0|1"};
    const std::string amount = cmd.text.substr(4);
    if (std::find(s.pending.choices.begin(), s.pending.choices.end(), amount) == s.pending.choices.end())
      return Rejection{player_name(s.pending.player) + " has no chip left"};
    bid(r, amount == "1");
    return std::nullopt;
  }
  void decide_by_default(Resolver& r) const override { bid(r, false); }
  std::string awaiting(const MatchState& s) const override {
    return "waiting for " + player_name(s.pending.player) + "'s bid";
  }
  std::vector<DecidedSpec> decided_specs() const override {
    return {{"bid-made",
             {{"player", FactKind::kNumber, FactRole::kPlain, 0, ""},
              {"bid", FactKind::kNumber, FactRole::kPlain, 0, ""},
              {"chip.1", FactKind::kText, FactRole::kSpent, 1, ""},
              {"chip.2", FactKind::kText, FactRole::kSpent, 2, ""},
              {"pawn", FactKind::kPiece, FactRole::kTaken, 0, ""}}}};
  }
  std::optional<DecideCmd> decision_of(const Decided& o) const override {
    const auto bid = o.facts.find("bid");
    if (o.type != "bid-made" || bid == o.facts.end() || !std::holds_alternative<int>(bid->second.value))
      return std::nullopt;
    return DecideCmd{"bid " + std::to_string(std::get<int>(bid->second.value))};
  }
  DecideCmd default_decision(const MatchState&) const override { return {"bid 0"}; }
  std::optional<DecideCmd> word_picks(const MatchState& s, const std::vector<DecisionPick>& picks) const override {
    for (const DecisionPick& p : picks)
      if (std::find(s.pending.choices.begin(), s.pending.choices.end(), p.choice) != s.pending.choices.end())
        return DecideCmd{"bid " + p.choice};
    return std::nullopt;
  }
  DecideCmd choose_decision(const MatchState& s, const DecisionPolicy&, std::uint64_t&) const override {
    return {"bid " + s.pending.choices.back()};
  }

  std::optional<Result> victory(const MatchState& s, int mover) const override {
    for (int p : {mover, other(mover)})
      if (s.counters.used[static_cast<std::size_t>(p - 1)][0] > 0)
        return Result{p, "outbid", {"outbid", {{"player", seat_param(p)}}}, {}};
    return std::nullopt;
  }

 private:
  // The bid's event: who bid what, the chip spent (a bid of 1), the pawn taken off.
  void bid(Resolver& r, bool spend) const {
    const MatchState& s = r.state();
    const int player = s.pending.player;
    Decided d{"bid-made", {}};
    d.facts["player"] = Fact{player};
    d.facts["bid"] = Fact{spend ? 1 : 0};
    d.facts["chip." + std::to_string(player)] =
        spend ? Fact{std::string("chip"), FactRole::kSpent, player} : Fact{{}, FactRole::kSpent, player};
    PieceRef pawn = s.ref(s.pending.piece_id);
    pawn.hidden_from = 0;
    d.facts["pawn"] = Fact{pawn, FactRole::kTaken};
    r.emit(std::move(d));
  }

  Geometry geometry_;
  std::vector<PieceTypeSpec> roster_;
  Words words_;
};

}  // namespace

GameInfo info() {
  GameInfo g;
  g.id = "bid-duel";
  g.name_en = "Bid Duel";
  g.name_ko = "입찰 결투";
  g.default_preset = "standard";
  g.roster = make_roster();
  g.words = make_words();
  g.options = shared_option_specs();
  g.presets = {{"standard", "3x5, two pawns each, one chip to bid", {}, "3x5, 졸 둘, 입찰 칩 하나"}};
  g.make = [](const Options&) -> std::unique_ptr<Game> { return std::make_unique<BidDuel>(); };
  return g;
}

}  // namespace facedown::testgames::bid_duel
