// Match: the commands before play — setup, first, start.
#include <algorithm>

#include "engine/match.h"
#include "engine/vocabulary.h"

namespace facedown::engine {

std::optional<Rejection> Match::decide_one(const SetupCmd& c) {
  const MatchState& s = state_;
  if (game_->has_fixed_placement())
    return Rejection{info_->id + " has a fixed placement: the pieces are already on the board and "
                     "there is no setup (give first, then start)"};
  if (s.started) return Rejection{"setups are locked once the match has started"};
  if (!valid_player(c.player)) return Rejection{"player must be 1 or 2"};
  if (s.setup_locked[static_cast<std::size_t>(c.player - 1)])
    return Rejection{player_name(c.player) + "'s setup is already locked (void it to change it)"};
  if (auto r = game_->check_setup(c.player, c.placements)) return r;
  SetupLocked ev{c.player, {}};
  for (const auto& p : c.placements)
    ev.pieces.push_back(PieceRef{-1, c.player, p.type, p.square, std::nullopt, hidden_but_owner(c.player)});
  std::sort(ev.pieces.begin(), ev.pieces.end(),
            [](const PieceRef& a, const PieceRef& b) { return a.square < b.square; });
  int next_id = static_cast<int>(s.pieces.size());
  for (auto& r : ev.pieces) r.id = next_id++;
  emit(std::move(ev));
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const FirstCmd& c) {
  const MatchState& s = state_;
  if (s.started) return Rejection{"the match has already started"};
  if (!valid_player(c.player)) return Rejection{"player must be 1 or 2"};
  if (s.first != 0) return Rejection{"who moves first is already decided (" + player_name(s.first) + ")"};
  emit(FirstChosen{c.player, c.toss_seed});
  return std::nullopt;
}

std::optional<Rejection> Match::decide_one(const StartCmd&) {
  const MatchState& s = state_;
  if (s.started) return Rejection{"the match has already started"};
  if (!s.setup_locked[0]) return Rejection{"player 1's setup is missing"};
  if (!s.setup_locked[1]) return Rejection{"player 2's setup is missing"};
  if (s.first == 0) return Rejection{"who moves first is not decided (use first)"};
  emit(Started{});
  begin_turn(s.first);
  return std::nullopt;
}

}  // namespace facedown::engine
