#include "tests/analysis/item_match.h"

#include <string>
#include <variant>

#include "engine/games/number_janggi/decisions.h"

namespace analysis_test {

using namespace facedown::engine;
namespace nj = facedown::engine::number_janggi;
using nj::Item;
using nj::ItemChoice;

namespace {

bool is_number(const MatchState& s, Square sq) {
  const int id = s.piece_at(sq);
  if (id < 0) return false;
  const PieceType t = s.pieces[static_cast<std::size_t>(id)].type;
  return t >= 0 && t < 10;  // Number Janggi's roster: 1..10, then the mine and the king
}

}  // namespace

Match item_match(const GameInfo& info, std::uint64_t seed, int max_plies) {
  auto opened = Match::open(info, "genius-2015", {{"ply_limit", std::to_string(max_plies)}}, {"A", "B"});
  Match m = std::move(std::get<Match>(opened));
  std::uint64_t rng = seed;
  for (int p : {1, 2}) m.submit(SetupCmd{p, m.game().random_setup(p, splitmix64(rng))}, 0);
  m.submit(FirstCmd{1 + static_cast<int>(splitmix64(rng) % 2), std::nullopt}, 0);
  m.submit(StartCmd{}, 0);
  for (int guard = 0; guard < 4 * max_plies && m.state().phase != Phase::kFinished; ++guard) {
    const MatchState& s = m.state();
    if (s.pending.kind == nj::kItemsKind) {
      nj::ItemChoices c;
      const int mover = s.mover;
      const int defender = 3 - mover;
      const auto& inv = s.counters.left[static_cast<std::size_t>(defender - 1)];
      std::vector<Square> numbers;
      for (Square sq : s.pending.squares) {
        const int id = s.piece_at(sq);
        if (id >= 0 && s.pieces[static_cast<std::size_t>(id)].owner == defender && is_number(s, sq)) numbers.push_back(sq);
      }
      std::vector<Item> kinds;
      if (inv[static_cast<std::size_t>(Item::kPlus)] > 0) kinds.push_back(Item::kPlus);
      if (inv[static_cast<std::size_t>(Item::kMinus)] > 0) kinds.push_back(Item::kMinus);
      if (!numbers.empty() && !kinds.empty() && splitmix64(rng) % 2 == 0)
        c[static_cast<std::size_t>(defender - 1)] =
            ItemChoice{kinds[splitmix64(rng) % kinds.size()], numbers[splitmix64(rng) % numbers.size()]};
      const auto& own = s.counters.left[static_cast<std::size_t>(mover - 1)];
      const Square moved = s.pieces[static_cast<std::size_t>(s.pending.piece_id)].square;
      if (splitmix64(rng) % 4 == 0) {
        std::vector<Item> mine;
        for (int k = 0; k < nj::kItemKinds; ++k)
          if (own[static_cast<std::size_t>(k)] > 0 && (k == static_cast<int>(Item::kBlind) || is_number(s, moved)))
            mine.push_back(static_cast<Item>(k));
        if (!mine.empty()) c[static_cast<std::size_t>(mover - 1)] = ItemChoice{mine[splitmix64(rng) % mine.size()], moved};
      }
      if (m.submit(nj::items_cmd(m.game(), c), 0).rejection) m.submit(nj::items_cmd(m.game()), 0);
      continue;
    }
    if (s.pending.kind == nj::kRevivalKind) {
      if (s.pending.candidates.empty() || s.pending.squares.empty() || splitmix64(rng) % 2 == 0) {
        m.submit(nj::decline_cmd(), 0);
      } else {
        const int id = s.pending.candidates[splitmix64(rng) % s.pending.candidates.size()];
        const Square sq = s.pending.squares[splitmix64(rng) % s.pending.squares.size()];
        if (m.submit(nj::revive_cmd(m.game(), s.pieces[static_cast<std::size_t>(id)].type, sq), 0).rejection)
          m.submit(nj::decline_cmd(), 0);
      }
      continue;
    }
    auto moves = m.legal_moves();
    if (moves.empty()) break;
    m.submit(MoveCmd{moves[splitmix64(rng) % moves.size()]}, 0);
  }
  return m;
}

std::vector<std::size_t> command_ends(const std::vector<Event>& log) {
  std::vector<std::size_t> out;
  for (std::size_t cut = 1; cut <= log.size(); ++cut)
    if (cut == log.size() || log[cut].cmd == 0 || log[cut].cmd != log[cut - 1].cmd) out.push_back(cut);
  return out;
}

std::vector<std::size_t> after_defender_items(const std::vector<Event>& log) {
  std::vector<std::size_t> out;
  int mover = 0;
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (const auto* mv = std::get_if<Moved>(&log[i].body)) mover = mv->player;
    const auto* decided = std::get_if<Decided>(&log[i].body);
    if (decided && decided->type == "revived") mover = std::get<int>(decided->facts.at("player").value);
    const auto items = decided ? nj::items_of(*decided) : std::nullopt;
    if (!items || mover == 0) continue;
    const auto& c = (*items)[static_cast<std::size_t>(2 - mover)];
    if (!c.item || *c.item == Item::kBlind) continue;
    std::size_t cut = i + 1;
    while (cut < log.size() && log[cut].cmd != 0 && log[cut].cmd == log[cut - 1].cmd) ++cut;
    out.push_back(cut);
  }
  return out;
}

}  // namespace analysis_test
