#include "tests/db/random_operator.h"

#include <stdexcept>

#include "engine/registry.h"

namespace facedown::db::testing {

using namespace engine;

std::vector<Command> RandomOperator::proposals(const Match& match) {
  const MatchState& s = match.state();
  std::vector<Command> out;
  if (!s.started) {
    for (int p = 1; p <= 2; ++p)
      if (!s.setup_locked[static_cast<std::size_t>(p - 1)])
        out.push_back(SetupCmd{p, match.game().random_setup(p, next())});
    if (s.first == 0) out.push_back(FirstCmd{1 + static_cast<int>(next() % 2), std::nullopt});
    out.push_back(StartCmd{});
    return out;
  }
  const std::uint64_t roll = next() % 1000;
  // Voids only once two plies are in, so `start` itself is never undone here (the
  // store's tests are about the log, not about restarting a match).
  if (corrections_ && roll < 15 && s.ply >= 2 && match.voidable() > 0) out.push_back(VoidCmd{1, "operator slip"});
  if (s.paused) {
    out.push_back(ResumeCmd{});
    return out;
  }
  if (roll >= 15 && roll < 35) out.push_back(PauseCmd{"technical break"});
  if (roll >= 35 && roll < 45) out.push_back(WarnCmd{1 + static_cast<int>(next() % 2), "stalling"});
  if (roll == 999) out.push_back(ResignCmd{1 + static_cast<int>(next() % 2)});
  if (s.phase == Phase::kDeciding) {
    // Nothing chosen (no items, a declined revival), then every piece onto every square.
    out.push_back(match.game().default_decision(s));
    for (Square sq : s.pending.squares)
      for (int id : s.pending.candidates)
        if (auto r = match.game().word_picks(s, {{s.pending.player, {}, id, sq, {}, false}})) out.push_back(*r);
  } else {
    auto moves = match.legal_moves();
    if (!moves.empty()) out.push_back(MoveCmd{moves[next() % moves.size()]});
  }
  out.push_back(DrawCmd{});  // a way out when nothing else is accepted
  return out;
}

std::vector<Event> RandomOperator::step(Match& match) {
  if (match.state().phase == Phase::kFinished) return {};
  // Before the start the match clock stands still (at 0, or where a void of the
  // start left it).
  t_ = match.state().started ? std::max(t_, match.state().time) + static_cast<Millis>(next() % 4000)
                             : match.state().time;
  std::vector<Event> events;
  std::string why;
  for (auto& c : proposals(match)) {
    auto sub = match.submit(c, t_);
    events.insert(events.end(), sub.events.begin(), sub.events.end());
    if (!sub.rejection) return events;
    if (match.state().phase == Phase::kFinished) return events;
    why += " [" + sub.rejection->reason + "]";
  }
  throw std::logic_error("the random operator found no accepted command:" + why);
}

Match open_random_match(std::uint64_t seed, const std::string& game) {
  auto games = all_games();
  const GameInfo* info = game.empty() ? &games[seed % games.size()] : find_game(games, game);
  if (!info) throw std::invalid_argument("unknown game " + game);
  auto m = Match::open(*info, info->default_preset, {},
                       {"Player " + std::to_string(seed % 97), "Player " + std::to_string(seed % 89 + 100)});
  if (auto* r = std::get_if<Rejection>(&m)) throw std::logic_error(r->reason);
  return std::move(std::get<Match>(m));
}

}  // namespace facedown::db::testing
