#include "engine/games/number_janggi/number_janggi.h"
#include "engine/vocabulary.h"

#include <algorithm>

#include "engine/board_game.h"
#include "engine/games/number_janggi/battle.h"
#include "engine/games/number_janggi/explanation.h"
#include "engine/identity_reads.h"
#include "engine/roster_setup.h"

namespace facedown::engine::number_janggi {

namespace {

constexpr int kFiles = 6;
constexpr int kRanks = 9;

bool is_number(PieceType t) { return t >= 0 && t < kMineType; }
// Whether piece `id` is a number, asked as the rules ask it (identity_reads.h).
bool number_at(const MatchState& s, int id) { return !type_is(s, id, kMineType) && !type_is(s, id, kKingType); }
int printed_value(PieceType t) { return t + 1; }
Class class_of(PieceType t) { return t == kMineType ? Class::kMine : t == kKingType ? Class::kKing : Class::kNumber; }

std::vector<PieceTypeSpec> make_roster() {
  std::vector<PieceTypeSpec> r;
  for (int v = 1; v <= 10; ++v)
    r.push_back({std::to_string(v), "Number " + std::to_string(v), "숫자 " + std::to_string(v), 1, v});
  r.push_back({"M", "Mine", "지뢰", 3, 0});
  r.push_back({"K", "King", "왕", 1, 0});
  return r;
}

// Number Janggi's own codes: its endings, battle kinds, items and the arrival removal.
std::vector<Word> make_words() {
  using K = WordKind;
  std::vector<Word> words{
      {K::kReason, "king-captured", "king captured", "왕 포획"},
      {K::kReason, "annihilation", "annihilation", "전멸"},
      {K::kReason, "simultaneous-annihilation", "both annihilated", "동시 전멸"},
      {K::kReason, "king-reached-end", "king reached the far rank", "왕 도달"},
      {K::kDetail, "king-removed", "{@player}'s king was removed", "{@player}의 왕이 제거됨"},
      {K::kDetail, "annihilation", "{@player} has nothing left but the king", "{@player}: 왕만 남음"},
      {K::kDetail, "simultaneous-annihilation", "both players lost every piece but the king",
       "양측 모두 왕만 남음"},
      {K::kDetail, "king-reached-end", "{@player}'s king reached the far rank", "{@player}의 왕이 끝 줄에 도달"},
      {K::kBattle, "sum", "sum", "합"},
      {K::kBattle, "minus", "minus line", "마이너스 선"},
      {K::kBattle, "mine", "mine", "지뢰"},
      {K::kBattle, "king", "king", "왕"},
      {K::kBattle, "kings", "kings", "왕끼리"},
      {K::kItem, "blind", "Blind", "블라인드"},
      {K::kItem, "plus", "+1", "+1"},
      {K::kItem, "minus", "-1", "-1"},
      {K::kCause, "arrival", "reached the far rank", "끝 줄 도달"},
      // Its decisions as a log line names them: awaited (by kind), made (by event).
      {K::kPhrase, "awaiting-items", "Awaiting item declarations on", "아이템 선언 대기"},
      {K::kPhrase, "awaiting-revival", "Awaiting revival choice of", "부활 선택 대기:"},
      {K::kPhrase, "items-declared", "Items declared:", "아이템 선언:"},
      {K::kPhrase, "revived", "Revived", "부활"},
      {K::kPhrase, "revival-declined", "Revival declined by", "부활 거절:"},
      // The status caption on air while a decision is awaited (broadcast/on_air_text.h status_caption).
      {K::kPhrase, "status.awaiting-items", "Items being declared", "아이템 선택 중"},
      {K::kPhrase, "status.awaiting-revival", "Revival being chosen", "부활 선택 중"},
  };
  // The battle explainer's sentences (explanation.h).
  for (Word& w : explanation_words()) words.push_back(std::move(w));
  return words;
}

class NumberJanggi final : public BoardGame {
 public:
  explicit NumberJanggi(const Options& o)
      : BoardGame(Geometry(kFiles, kRanks), make_roster(), make_words()),
        rules_{o.at("tie_compare") == "printed", o.at("minus_rule") == "threshold"},
        reveal_kings_(o.at("reveal_kings") == "on"),
        revive_(o.at("revive")),
        mover_wins_annihilation_(o.at("simultaneous_annihilation") == "mover-wins"),
        items_(parse_inventory(o.at("items")).value_or(std::array<int, kItemKinds>{0, 0, 0})) {
    geometry_.mark_file_border(1);  // b|c
    geometry_.mark_file_border(3);  // d|e
  }

  CounterSpec counters() const override {
    CounterSpec c{"items", {}, {}, {item_name(Item::kBlind)}};  // Blind keeps the piece's number hidden
    for (int k = 0; k < kItemKinds; ++k) {
      c.names.push_back(item_name(static_cast<Item>(k)));
      c.initial.push_back(items_[static_cast<std::size_t>(k)]);
    }
    return c;
  }
  std::vector<std::string> explain(const ShownBattle& battle, Lang lang) const override {
    return number_janggi::explain(*this, battle, lang);
  }

  int setup_owner(Square s) const override {
    int rank = geometry_.rank_of(s);
    return rank < 3 ? 1 : rank >= kRanks - 3 ? 2 : 0;
  }

  std::optional<PieceType> objective() const override { return kKingType; }

  std::optional<Rejection> check_setup(int player, const std::vector<Placement>& pl) const override {
    return check_roster_setup(*this, player, pl,
                              {std::string("territory (ranks ") + (player == 1 ? "1-3" : "7-9") + ")",
                               "place all 14 pieces"});
  }

  bool never_moves(PieceType t) const override { return t == kMineType; }
  // Every identity question below goes through type_is/type_of.
  bool reports_identity_reads() const override { return true; }

  void legal_moves(const MatchState& s, int player, std::vector<Move>& out) const override {
    // The hottest function of self-play: plain index arithmetic on the 6x9 board.
    out.reserve(out.size() + 64);
    for (std::size_t id = 0; id < s.pieces.size(); ++id) {
      const Piece& p = s.pieces[id];
      if (p.owner != player || p.square == kNoSquare) continue;
      each_move(s, static_cast<int>(id), [&](const Move& m) { out.push_back(m); });
    }
  }

  bool has_legal_move(const MatchState& s, int player) const override {
    // A player has at most the roster's mines on the board (a revival brings
    // back a number only), so when more of their pieces have a free square to
    // go to, one of them is a number or the king and can move: decided with no
    // identity asked (identity_reads.h), so the analysis' replays with other
    // identities ask the same questions here and may start later. Otherwise
    // the pieces are asked one by one. The answer is the same either way.
    const int mines = roster_[static_cast<std::size_t>(kMineType)].count;
    int free = 0;
    for (std::size_t id = 0; id < s.pieces.size(); ++id) {
      const Piece& p = s.pieces[id];
      std::array<Move, 6> moves;
      if (p.owner == player && p.square != kNoSquare && steps(s, static_cast<int>(id), moves) > 0 && ++free > mines)
        return true;
    }
    for (std::size_t id = 0; id < s.pieces.size(); ++id) {
      const Piece& p = s.pieces[id];
      if (p.owner == player && p.square != kNoSquare && each_move(s, static_cast<int>(id), [](const Move&) {}))
        return true;
    }
    return false;
  }

  bool is_legal_move(const MatchState& s, int player, const Move& move) const override {
    const int id = s.piece_at(move.from);
    if (id < 0 || s.pieces[static_cast<std::size_t>(id)].owner != player) return false;
    bool found = false;
    each_move(s, id, [&](const Move& m) { found = found || m == move; });
    return found;
  }

  void play(Resolver& r, const Move& move) const override {
    const MatchState& s = r.state();
    const int id = s.piece_at(move.from);
    const Piece& piece = s.pieces[static_cast<std::size_t>(id)];
    r.emit(Moved{piece.owner, s.ref(id), move.from, move.to});
    start_battles(r, id);
  }

  // ----- Decisions (decisions.h): the items and the revival.
  std::vector<std::string> decision_verbs() const override { return {"items", "revive"}; }

  std::variant<DecideCmd, std::string> read_decision(const std::vector<std::string>& tokens) const override {
    if (!tokens.empty() && tokens[0] == "items") {
      auto c = read_items(*this, tokens);
      if (auto* e = std::get_if<std::string>(&c)) return *e;
      return DecideCmd{word_items(*this, std::get<ItemChoices>(c))};
    }
    if (!tokens.empty() && tokens[0] == "revive") {
      auto c = read_revival(*this, tokens);
      if (auto* e = std::get_if<std::string>(&c)) return *e;
      return DecideCmd{word_revival(*this, std::get<RevivalChoice>(c))};
    }
    return Game::read_decision(tokens);
  }

  std::optional<Rejection> decide(Resolver& r, const DecideCmd& cmd) const override {
    std::vector<std::string> tokens;
    for (std::size_t pos = 0; pos <= cmd.text.size();) {
      const std::size_t space = std::min(cmd.text.find(' ', pos), cmd.text.size());
      if (space > pos) tokens.push_back(cmd.text.substr(pos, space - pos));
      pos = space + 1;
    }
    const std::string verb = tokens.empty() ? std::string() : tokens[0];
    const std::string& awaited = r.state().pending.kind;
    if (verb == "items") {
      if (awaited != kItemsKind) return Rejection{"no item declarations are awaited now"};
      auto c = read_items(*this, tokens);
      if (auto* e = std::get_if<std::string>(&c)) return Rejection{*e};
      return declare_items(r, std::get<ItemChoices>(c));
    }
    if (verb == "revive") {
      if (awaited != kRevivalKind) return Rejection{"no revival choice is awaited now"};
      auto c = read_revival(*this, tokens);
      if (auto* e = std::get_if<std::string>(&c)) return Rejection{*e};
      return revive(r, std::get<RevivalChoice>(c));
    }
    return Game::decide(r, cmd);
  }

  std::string awaiting(const MatchState& s) const override {
    if (s.pending.kind == kItemsKind) return "waiting for item declarations";
    return "waiting for " + player_name(s.pending.player) + "'s revival choice";
  }

  std::vector<DecidedSpec> decided_specs() const override { return number_janggi::decided_specs(); }

  std::optional<DecideCmd> decision_of(const Decided& o) const override {
    if (auto items = items_of(o)) return DecideCmd{word_items(*this, *items)};
    if (o.type == "revival-declined") return DecideCmd{word_revival(*this, {true, 0, kNoSquare})};
    if (o.type == "revived") {
      auto f = o.facts.find("piece");
      const PieceRef* piece = f == o.facts.end() ? nullptr : std::get_if<PieceRef>(&f->second.value);
      if (piece && piece->type != kHiddenType)
        return DecideCmd{word_revival(*this, {false, piece->type, piece->square})};
    }
    return std::nullopt;
  }

  DecideCmd default_decision(const MatchState& s) const override {
    if (s.pending.kind == kItemsKind) return DecideCmd{word_items(*this, {})};
    return DecideCmd{word_revival(*this, {true, 0, kNoSquare})};
  }

  std::optional<DecideCmd> word_picks(const MatchState& s, const std::vector<DecisionPick>& picks) const override {
    if (s.pending.kind == kItemsKind) {
      ItemChoices choices;
      for (const DecisionPick& p : picks) {
        if (p.player < 1 || p.player > 2 || p.counter.empty()) continue;
        choices[static_cast<std::size_t>(p.player - 1)] = {parse_item(p.counter), p.square};
      }
      return DecideCmd{word_items(*this, choices)};
    }
    for (const DecisionPick& p : picks) {
      if (p.decline) return DecideCmd{word_revival(*this, {true, 0, kNoSquare})};
      if (p.piece >= 0 && static_cast<std::size_t>(p.piece) < s.pieces.size() && p.square != kNoSquare)
        return DecideCmd{word_revival(*this, {false, s.pieces[static_cast<std::size_t>(p.piece)].type, p.square})};
    }
    return std::nullopt;
  }

  DecideCmd choose_decision(const MatchState& s, const DecisionPolicy& policy, std::uint64_t& rng) const override {
    // Item declarations are "none" for both sides (a limit: docs/analysis.md).
    if (s.pending.kind == kItemsKind) return DecideCmd{word_items(*this, {})};
    const auto below = [&](std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(splitmix64(rng) % n); };
    const auto& pending = s.pending;
    const auto revive = [&](int id, Square sq) {
      return DecideCmd{word_revival(*this, {false, s.pieces[static_cast<std::size_t>(id)].type, sq})};
    };
    const DecideCmd decline{word_revival(*this, {true, 0, kNoSquare})};
    if (pending.candidates.empty() || pending.squares.empty()) return decline;
    if (policy.random) {
      if (below(pending.candidates.size() + 1) == 0) return decline;
      const int id = pending.candidates[below(pending.candidates.size())];
      return revive(id, pending.squares[below(pending.squares.size())]);
    }
    // The strongest piece back (its own pieces: the player knows them).
    const auto worth = [&](int id) {
      const auto t = static_cast<std::size_t>(s.pieces[static_cast<std::size_t>(id)].type);
      return t < policy.worth.size() ? policy.worth[t] : 0.0;
    };
    int best = pending.candidates.front();
    for (int id : pending.candidates)
      if (worth(id) > worth(best)) best = id;
    return revive(best, pending.squares[below(pending.squares.size())]);
  }

  void decide_by_default(Resolver& r) const override {
    const MatchState& s = r.state();
    if (s.pending.kind == kItemsKind) {
      const int mover = s.pending.piece_id;
      const ItemChoices none{};
      r.emit(items_declared(*this, none));
      resolve(r, mover, none);
      after_battles(r, mover);
    } else if (s.pending.kind == kRevivalKind) {
      r.emit(revival_declined(s.pending.player));
    }
  }

  std::optional<Result> victory(const MatchState& s, int mover) const override {
    // Each player has exactly one king (the roster's count; a revival brings
    // back a number only), so a king is alive unless it is among its owner's
    // removed pieces, and "is it the king?" is asked only of those and of the
    // mover's pieces on the far rank (identity_reads.h: the rules ask no more
    // than what decides, so the analysis may replay less).
    std::array<bool, 2> king_alive{true, true};
    std::array<int, 2> others{0, 0};
    for (std::size_t o = 0; o < 2; ++o)
      for (int id : s.removed[o])
        if (king_alive[o] && type_is(s, id, kKingType)) king_alive[o] = false;
    for (const Piece& p : s.pieces)
      if (p.square != kNoSquare) ++others[static_cast<std::size_t>(p.owner - 1)];
    for (int p = 1; p <= 2; ++p)
      if (!king_alive[static_cast<std::size_t>(p - 1)])
        return Result{other(p), "king-captured", {"king-removed", {{"player", seat_param(p)}}}, {}};
    --others[0];
    --others[1];
    if (others[0] == 0 && others[1] == 0)
      return Result{mover_wins_annihilation_ ? mover : 0, "simultaneous-annihilation",
                    {"simultaneous-annihilation", {}}, {}};
    for (int p = 1; p <= 2; ++p)
      if (others[static_cast<std::size_t>(p - 1)] == 0)
        return Result{other(p), "annihilation", {"annihilation", {{"player", seat_param(p)}}}, {}};
    for (std::size_t id = 0; id < s.pieces.size(); ++id) {
      const Piece& p = s.pieces[id];
      if (p.owner == mover && p.square != kNoSquare && geometry_.rank_of(p.square) == far_rank(mover) &&
          type_is(s, static_cast<int>(id), kKingType))
        return Result{mover, "king-reached-end", {"king-reached-end", {{"player", seat_param(mover)}}}, {}};
    }
    return std::nullopt;
  }

 private:
  int far_rank(int player) const { return player == 1 ? kRanks - 1 : 0; }
  int back_rank(int player) const { return player == 1 ? 0 : kRanks - 1; }


  std::optional<Rejection> declare_items(Resolver& r, const ItemChoices& choices) const {
    const MatchState& s = r.state();
    const auto& squares = s.pending.squares;
    for (int p = 1; p <= 2; ++p) {
      const ItemChoice& c = choices[static_cast<std::size_t>(p - 1)];
      if (!c.item) continue;
      const std::string who = player_name(p);
      if (s.counters.left[static_cast<std::size_t>(p - 1)][static_cast<std::size_t>(*c.item)] <= 0)
        return Rejection{who + " has no " + item_name(*c.item) + " item left"};
      const int id = s.piece_at(c.square);
      if (id < 0 || s.pieces[static_cast<std::size_t>(id)].owner != p ||
          std::find(squares.begin(), squares.end(), c.square) == squares.end())
        return Rejection{geometry_.name(c.square) + " is not one of " + who +
                         "'s pieces in this battle"};
      if (*c.item != Item::kBlind && !number_at(s, id))
        return Rejection{std::string("+1 and -1 apply only to numbers; ") + geometry_.name(c.square) +
                         " is not a number"};
    }
    const int mover = s.pending.piece_id;
    r.emit(items_declared(*this, choices));
    resolve(r, mover, choices);
    after_battles(r, mover);
    return std::nullopt;
  }

  std::optional<Rejection> revive(Resolver& r, const RevivalChoice& cmd) const {
    const MatchState& s = r.state();
    const int player = s.pending.player;
    const int arriving = s.pending.piece_id;
    if (cmd.decline) {
      r.emit(revival_declined(player));
      return std::nullopt;
    }
    int chosen = -1;
    for (int id : s.pending.candidates)
      if (type_is(s, id, cmd.type)) chosen = id;
    if (chosen < 0)
      return Rejection{roster_[static_cast<std::size_t>(cmd.type)].token + " is not among " + player_name(player) +
                       "'s removed numbers that may return"};
    const auto& sq = s.pending.squares;
    if (std::find(sq.begin(), sq.end(), cmd.square) == sq.end())
      return Rejection{geometry_.name(cmd.square) + " is not an empty square of " + player_name(player) +
                       "'s back rank"};
    std::optional<PieceRef> swapped;
    if (revive_ == "optional-swap") {
      PieceRef a = s.ref(arriving);
      a.hidden_from = 0;
      swapped = a;
    }
    r.emit(revived(player, swapped, PieceRef{chosen, player, cmd.type, cmd.square, std::nullopt, 0}));
    start_battles(r, chosen);
    return std::nullopt;
  }

  // Calls f on each move of piece `id` (on the board) in legal_moves' order;
  // false when it has none. Whether it is a mine is asked only when a square is
  // free to go to (identity_reads.h: a blocked piece's identity decides nothing).
  template <class F>
  bool each_move(const MatchState& s, int id, F&& f) const {
    std::array<Move, 6> moves;
    const std::size_t n = steps(s, id, moves);
    if (n == 0 || type_is(s, id, kMineType)) return false;  // a mine never moves
    for (std::size_t i = 0; i < n; ++i) f(moves[i]);
    return true;
  }

  // The squares piece `id` could step to were it not a mine, in legal_moves'
  // order (no identity asked).
  std::size_t steps(const MatchState& s, int id, std::array<Move, 6>& moves) const {
    const Piece& p = s.pieces[static_cast<std::size_t>(id)];
    const int dir = p.owner == 1 ? kFiles : -kFiles;  // one rank forward, as a square offset
    const int* board = s.board.data();
    const Square sq = p.square;
    const int file = sq % kFiles;
    const Square fwd = sq + dir;
    const bool has_fwd = fwd >= 0 && fwd < kFiles * kRanks;
    std::size_t n = 0;
    if (file > 0 && board[sq - 1] < 0) moves[n++] = {sq, sq - 1};
    if (file + 1 < kFiles && board[sq + 1] < 0) moves[n++] = {sq, sq + 1};
    if (has_fwd) {
      if (file > 0 && board[fwd - 1] < 0) moves[n++] = {sq, fwd - 1};
      if (file + 1 < kFiles && board[fwd + 1] < 0) moves[n++] = {sq, fwd + 1};
      if (board[fwd] < 0) {
        moves[n++] = {sq, fwd};
        const Square two = fwd + dir;
        if (two >= 0 && two < kFiles * kRanks && board[two] < 0) moves[n++] = {sq, two};
      }
    }
    return n;
  }

  // Enemy pieces orthogonally adjacent to a square, in square order.
  // At most four: a fixed array, so a quiet move allocates nothing here.
  struct Enemies {
    std::array<int, 4> ids{};
    int count = 0;
    bool empty() const { return count == 0; }
    const int* begin() const { return ids.data(); }
    const int* end() const { return ids.data() + count; }
  };
  Enemies adjacent_enemies(const MatchState& s, int id) const {
    const Piece& p = s.pieces[static_cast<std::size_t>(id)];
    const int f = geometry_.file_of(p.square), r = geometry_.rank_of(p.square);
    Enemies out;
    for (auto [df, dr] : {std::pair{0, -1}, {-1, 0}, {1, 0}, {0, 1}}) {
      int e = s.piece_at(geometry_.at(f + df, r + dr));
      if (e >= 0 && s.pieces[static_cast<std::size_t>(e)].owner != p.owner) out.ids[static_cast<std::size_t>(out.count++)] = e;
    }
    return out;
  }

  bool anyone_holds_items(const MatchState& s) const {
    for (const auto& inv : s.counters.left)
      for (int n : inv)
        if (n > 0) return true;
    return false;
  }

  // The battles a piece causes by arriving (moved or revived): wait for items or resolve.
  void start_battles(Resolver& r, int id) const {
    const MatchState& s = r.state();
    const Enemies enemies = adjacent_enemies(s, id);
    if (!enemies.empty()) {
      if (anyone_holds_items(s)) {
        DecisionAwaited d{kItemsKind, 0, id, {}, {}, {}};
        d.squares.push_back(s.pieces[static_cast<std::size_t>(id)].square);
        for (int e : enemies) d.squares.push_back(s.pieces[static_cast<std::size_t>(e)].square);
        r.emit(std::move(d));
        return;
      }
      resolve(r, id, {});
    }
    after_battles(r, id);
  }

  // Resolves all battles of the arriving piece at once, with the declared items.
  void resolve(Resolver& r, int mover_id, const ItemChoices& items) const {
    const MatchState& s = r.state();
    const Enemies enemies = adjacent_enemies(s, mover_id);
    if (enemies.empty()) return;
    auto fighter = [&](int id, std::optional<Item>& used) {
      const Piece& p = s.pieces[static_cast<std::size_t>(id)];
      const ItemChoice& c = items[static_cast<std::size_t>(p.owner - 1)];
      used = (c.item && c.square == p.square) ? c.item : std::nullopt;
      const PieceType type = type_of(s, id);
      Fighter f{class_of(type), is_number(type) ? printed_value(type) : 0, 0};
      f.effective = f.printed + (used == Item::kPlus ? 1 : used == Item::kMinus ? -1 : 0);
      return f;
    };
    auto battle_ref = [&](int id, const Fighter& f, bool blind) {
      PieceRef out = s.ref(id);
      if (f.cls == Class::kNumber) out.value = f.effective;
      out.hidden_from = blind ? hidden_but_owner(out.owner) : 0;
      return out;
    };

    std::optional<Item> mover_item;
    const Fighter mf = fighter(mover_id, mover_item);
    const bool mover_blind = mover_item == Item::kBlind;
    const Square mover_sq = s.pieces[static_cast<std::size_t>(mover_id)].square;
    Battle battle;
    bool mover_removed = false;
    std::vector<int> removed;
    std::vector<int> revealed;
    bool mover_fought_non_king = false;
    for (int e : enemies) {
      std::optional<Item> enemy_item;
      const Fighter ef = fighter(e, enemy_item);
      const bool enemy_blind = enemy_item == Item::kBlind;
      const Square esq = s.pieces[static_cast<std::size_t>(e)].square;
      PairOutcome out = fight(mf, ef, geometry_.border_marked(mover_sq, esq), rules_);
      BattlePair pair{battle_ref(mover_id, mf, mover_blind), battle_ref(e, ef, enemy_blind), out.kind,
                      out.mover_removed ? (out.enemy_removed ? "both" : "enemy")
                                        : (out.enemy_removed ? "mover" : "none")};
      const bool show = out.kind != "kings" || reveal_kings_;
      if (!show) {
        // Kings that only met each other keep their secret under reveal_kings=off.
        pair.mover = s.ref(mover_id);
        pair.enemy = s.ref(e);
      } else {
        mover_fought_non_king = true;
        if (!enemy_blind) revealed.push_back(e);
      }
      battle.pairs.push_back(std::move(pair));
      mover_removed = mover_removed || out.mover_removed;
      if (out.enemy_removed) removed.push_back(e);
    }
    if (mover_fought_non_king && !mover_blind) revealed.push_back(mover_id);
    if (mover_removed) removed.push_back(mover_id);

    auto blinded = [&](int id) {
      const Piece& p = s.pieces[static_cast<std::size_t>(id)];
      const ItemChoice& c = items[static_cast<std::size_t>(p.owner - 1)];
      return c.item == Item::kBlind && c.square == p.square;
    };
    for (int id : revealed)
      if (!s.pieces[static_cast<std::size_t>(id)].revealed) {
        PieceRef pr = s.ref(id);
        pr.hidden_from = 0;
        battle.revealed.push_back(pr);
      }
    // Removal order: owner 1's pieces, then owner 2's, each in square order (file, then rank).
    std::sort(removed.begin(), removed.end(), [&](int a, int b) {
      const Piece &pa = s.pieces[static_cast<std::size_t>(a)], &pb = s.pieces[static_cast<std::size_t>(b)];
      auto key = [&](const Piece& p) {
        return std::tuple{p.owner, geometry_.file_of(p.square), geometry_.rank_of(p.square)};
      };
      return key(pa) < key(pb);
    });
    for (int id : removed) {
      PieceRef pr = s.ref(id);
      bool visible = !blinded(id) && (s.pieces[static_cast<std::size_t>(id)].revealed ||
                                      std::find(revealed.begin(), revealed.end(), id) != revealed.end());
      pr.hidden_from = visible ? 0 : hidden_but_owner(pr.owner);
      battle.removed.push_back(pr);
    }
    r.emit(std::move(battle));
  }

  // After an arriving piece's battles: offer a revival when it earned one.
  void after_battles(Resolver& r, int id) const {
    const MatchState& s = r.state();
    if (s.pending.awaited()) return;
    const Piece& p = s.pieces[static_cast<std::size_t>(id)];
    if (p.square == kNoSquare || geometry_.rank_of(p.square) != far_rank(p.owner) || !number_at(s, id))
      return;
    if (victory(s, p.owner)) return;  // the game is decided; nothing more happens
    const int owner = p.owner;
    if (revive_ == "remove-always") {
      PieceRef a = s.ref(id);
      a.hidden_from = 0;
      r.emit(Removed{{a}, "arrival"});
    }
    DecisionAwaited d{kRevivalKind, owner, id, {}, {}, {}};
    for (int f = 0; f < kFiles; ++f) {
      Square sq = geometry_.at(f, back_rank(owner));
      if (s.board[static_cast<std::size_t>(sq)] < 0) d.squares.push_back(sq);
    }
    bool lost_face_down = false;
    for (int rid : s.removed[static_cast<std::size_t>(owner - 1)]) {
      const Piece& rp = s.pieces[static_cast<std::size_t>(rid)];
      if (rid != id && !rp.revealed) lost_face_down = true;
      if (rid != id && number_at(s, rid)) {
        PieceRef c = s.ref(rid);
        c.hidden_from = rp.revealed ? 0 : hidden_but_owner(owner);
        d.candidates.push_back(c);
      }
    }
    if (d.squares.empty()) return;
    // Whether an offer exists must not tell what a face-down loss was (ruling
    // "Revival"): under optional-swap a player who lost any piece face down is
    // offered the exchange whenever a back-rank square is free, even when that
    // piece was a mine and nothing can come back (then only a decline is possible,
    // and it looks like any other). The other options exchange only when a number
    // can come back; the piece that does shows what the rule itself shows.
    const bool offer_anyway = revive_ == "optional-swap" && lost_face_down;
    if (d.candidates.empty() && !offer_anyway) return;
    r.emit(std::move(d));
  }

  BattleRules rules_;
  bool reveal_kings_;
  std::string revive_;
  bool mover_wins_annihilation_;
  std::array<int, kItemKinds> items_;
};

}  // namespace

std::optional<std::array<int, kItemKinds>> parse_inventory(const std::string& text) {
  std::array<int, kItemKinds> out{0, 0, 0};
  if (text == "none") return out;
  std::size_t pos = 0;
  std::array<bool, kItemKinds> seen{false, false, false};
  while (pos <= text.size()) {
    std::size_t comma = text.find(',', pos);
    std::string part = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    std::size_t colon = part.find(':');
    if (colon == std::string::npos) return std::nullopt;
    auto item = parse_item(part.substr(0, colon));
    std::string count = part.substr(colon + 1);
    if (!item || count.empty() || count.size() > 2 ||
        !std::all_of(count.begin(), count.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return std::nullopt;
    auto k = static_cast<std::size_t>(*item);
    if (seen[k]) return std::nullopt;
    seen[k] = true;
    out[k] = std::stoi(count);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return out;
}

GameInfo info() {
  using K = OptionSpec::Kind;
  GameInfo g = board_game_info({"number-janggi", "Number Janggi", "숫자장기", "genius-2015"}, make_roster(),
                               make_words());
  // The game's own options come before the shared ones.
  g.options.insert(g.options.begin(), {
      {"tie_compare", K::kChoice, {"effective", "printed"}, 0, 0, "effective",
       "whether equal values (both removed) are judged after items or on the printed numbers", "동점 비교", "같은 값(둘 다 제거)을 아이템 적용 후 값으로 볼지, 적힌 숫자로 볼지"},
      {"minus_rule", K::kChoice, {"lower-wins", "threshold"}, 0, 0, "lower-wins",
       "across a minus line: the lower wins, or the sum rule's 10-threshold applied to the difference", "마이너스 선 규칙", "마이너스 선을 사이에 두면: 낮은 쪽이 이김, 또는 차이에 합 규칙의 10 기준 적용"},
      {"reveal_kings", K::kChoice, {"on", "off"}, 0, 0, "on", "whether two kings that meet are turned face up", "왕끼리 공개", "만난 두 왕을 앞면으로 뒤집을지"},
      {"items", K::kText, {}, 0, 0, "blind:1,plus:1,minus:1",
       "items each player holds: none, or counts such as blind:1,plus:1,minus:1", "아이템", "각 플레이어의 아이템: none, 또는 blind:1,plus:1,minus:1 같은 개수"},
      {"revive", K::kChoice, {"optional-swap", "remove-always", "keep-and-revive"}, 0, 0, "optional-swap",
       "a number reaching the far rank: may swap for a removed number / is always removed and may "
       "bring one back / stays and may bring one back",
       "부활", "끝 줄에 닿은 숫자: 잡힌 숫자와 바꿀 수 있음 / 항상 제거되고 하나를 되살릴 수 있음 / 남고 하나를 되살릴 수 있음"},
      {"simultaneous_annihilation", K::kChoice, {"draw", "mover-wins"}, 0, 0, "draw",
       "both players left with only the king after one move", "동시 전멸", "한 수 뒤 두 플레이어 모두 왕만 남았을 때"},
  });
  g.presets = {
      {"genius-2015", "The Genius: Grand Final (2015): 60 s per move, timeout loses, Blind/+1/-1 items",
       {{"turn_limit", "60"}, {"on_timeout", "loss"}, {"warning_after", "0"}, {"warnings_to_dq", "2"},
        {"items", "blind:1,plus:1,minus:1"}},
       "더 지니어스 그랜드 파이널 (2015): 한 수 60초, 시간 초과는 패배, 블라인드/+1/-1 아이템"},
      {"rsf-s52", "RSF Season 52: no hard limit, a warning every 5 minutes of one turn, 2 warnings "
                  "disqualify, no items",
       {{"turn_limit", "0"}, {"warning_after", "300"}, {"warnings_to_dq", "2"}, {"items", "none"}},
       "RSF 시즌 52: 제한 시간 없음, 한 차례 5분마다 경고, 경고 2회 실격, 아이템 없음"},
  };
  g.check_options = [](const Options& o) -> std::optional<std::string> {
    if (!parse_inventory(o.at("items")))
      return "option items must be none or counts like blind:1,plus:1,minus:1 (0-99 each), not '" +
             o.at("items") + "'";
    return std::nullopt;
  };
  g.make = [](const Options& o) -> std::unique_ptr<Game> { return std::make_unique<NumberJanggi>(o); };
  g.live_analysis.update_events = 2000;
  return g;
}

}  // namespace facedown::engine::number_janggi
