#include "tests/conformance/random_match.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "codec/toss.h"
#include "tests/conformance/random_text.h"

namespace conformance {

using namespace facedown::engine;

namespace {

struct Rng {
  std::uint64_t state;
  std::uint64_t next() { return splitmix64(state); }
  // 0 <= x < n
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
  bool chance(int percent_times_10) { return static_cast<int>(next() % 1000) < percent_times_10; }
};

Match open_match(const GameInfo& info, const std::string& preset, const Options& overrides,
                 const std::array<std::string, 2>& players = {"Alpha", "Beta"}) {
  auto opened = Match::open(info, preset, overrides, players);
  REQUIRE(std::holds_alternative<Match>(opened));
  return std::move(std::get<Match>(opened));
}

// The game's main action for the current phase (a move, declarations, a revival).
std::optional<Command> main_action(const Match& m, Rng& rng) {
  const MatchState& s = m.state();
  if (s.phase == Phase::kPlaying && s.to_move != 0) {
    auto moves = m.legal_moves();
    if (moves.empty()) return std::nullopt;
    // Half the time prefer moves that change rank, so pieces travel (and reach
    // far ranks, revivals and the end) instead of shuffling sideways.
    if (rng.chance(500)) {
      const Geometry& g = m.game().geometry();
      std::vector<Move> travel;
      for (const auto& mv : moves)
        if (g.rank_of(mv.from) != g.rank_of(mv.to)) travel.push_back(mv);
      if (!travel.empty()) return MoveCmd{travel[rng.below(travel.size())]};
    }
    return MoveCmd{moves[rng.below(moves.size())]};
  }
  const Game& game = m.game();
  if (s.phase == Phase::kDeciding && s.pending.player == 0) {
    // Both players decide over the game's counters (Number Janggi's items).
    std::vector<DecisionPick> picks;
    for (int p = 1; p <= 2; ++p) {
      if (!rng.chance(400)) continue;
      const auto& inv = s.counters.left[static_cast<std::size_t>(p - 1)];
      std::vector<std::size_t> kinds;
      for (std::size_t k = 0; k < inv.size(); ++k)
        if (inv[k] > 0) kinds.push_back(k);
      std::vector<Square> own;
      for (Square sq : s.pending.squares)
        if (s.piece_at(sq) >= 0 && s.pieces[static_cast<std::size_t>(s.piece_at(sq))].owner == p) own.push_back(sq);
      if (kinds.empty() || own.empty()) continue;
      const std::string& name = s.counters.names[kinds[rng.below(kinds.size())]];
      picks.push_back({p, name, -1, own[rng.below(own.size())], {}, false});
    }
    return game.word_picks(s, picks).value_or(game.default_decision(s));
  }
  if (s.phase == Phase::kDeciding) {
    // One player decides over pieces and squares (Number Janggi's revival).
    if (rng.chance(250) || s.pending.candidates.empty() || s.pending.squares.empty())
      return game.default_decision(s);
    int id = s.pending.candidates[rng.below(s.pending.candidates.size())];
    const Square sq = s.pending.squares[rng.below(s.pending.squares.size())];
    return game.word_picks(s, {{s.pending.player, {}, id, sq, {}, false}}).value_or(game.default_decision(s));
  }
  return std::nullopt;
}

}  // namespace

Session play_session(const GameInfo& info, const std::string& preset, const SessionConfig& config,
                     const Observer& observe) {
  Rng rng{config.seed * 0x9E3779B97F4A7C15ull + 12345};
  auto text = [&](const char* what, const char* fixed) { return config.text ? config.text(what) : std::string(fixed); };
  std::array<std::string, 2> players{text("player", "Alpha"), text("player", "Beta")};
  // The engine refuses control characters in names (docs/match-script.md, "Text").
  if (std::holds_alternative<Rejection>(Match::open(info, preset, {}, players)))
    for (auto& p : players) p = replace_controls(p);
  Session session{open_match(info, preset, {}, players), {}};
  Match& m = session.match;
  Millis now = 0;
  auto submit = [&](const Command& c) {
    auto out = m.submit(c, now);
    Submission sub{c, now, !out.rejection};
    session.submissions.push_back(sub);
    if (observe) observe(m, sub, out.events);
    return !out.rejection;
  };

  submit(SetupCmd{1, m.game().random_setup(1, rng.next())});
  submit(SetupCmd{2, m.game().random_setup(2, rng.next())});
  if (config.text && rng.chance(300)) {
    const std::string seed = config.text("toss");
    submit(FirstCmd{facedown::codec::toss(seed), seed});
  } else {
    submit(FirstCmd{1 + static_cast<int>(rng.below(2)), std::nullopt});
  }
  submit(StartCmd{});

  for (int n = 0; n < config.max_commands; ++n) {
    const MatchState& s = m.state();
    // Time: mostly standing still or a few seconds; now and then a long wait.
    if (rng.chance(400)) now += static_cast<Millis>(rng.below(15000));
    if (config.extras && rng.chance(15)) now += 50000 + static_cast<Millis>(rng.below(600000));

    if (s.phase == Phase::kFinished) {
      if (!config.extras || !rng.chance(300) || m.voidable() == 0) {
        // Now and then the referee confirms the result (the seals open).
        if (config.extras && rng.chance(400)) submit(CloseCmd{});
        break;
      }
      submit(VoidCmd{1 + static_cast<int>(rng.below(std::min(3, m.voidable()))), text("void", "after the end")});
      continue;
    }
    if (config.extras) {
      const int roll = static_cast<int>(rng.below(1000));
      if (s.paused) {
        if (roll < 700) submit(ResumeCmd{});
        else if (roll < 800) submit(TickCmd{});
        else if (roll < 900) submit(MoveCmd{{0, 1}});  // refused while paused
        else submit(WarnCmd{1 + static_cast<int>(rng.below(2)), text("warn", "while paused")});
        continue;
      }
      if (roll < 30) { submit(TickCmd{}); continue; }
      if (roll < 45) { submit(PauseCmd{text("pause", "random pause")}); continue; }
      if (roll < 52) { submit(WarnCmd{1 + static_cast<int>(rng.below(2)), text("warn", "random warning")}); continue; }
      if (roll < 90 && m.voidable() > 4) {
        submit(VoidCmd{1 + static_cast<int>(rng.below(std::min(3, m.voidable() - 4))), text("void", "random void"),
                       rng.chance(300)});
        continue;
      }
      if (roll < 110) {  // nonsense: a random move, a stray decision, a second start
        const int size = m.game().geometry().size();
        const int kind = static_cast<int>(rng.below(4));
        if (kind == 0) submit(MoveCmd{{static_cast<Square>(rng.below(static_cast<std::size_t>(size))),
                                       static_cast<Square>(rng.below(static_cast<std::size_t>(size)))}});
        else if (kind == 1) submit(DecideCmd{"revive " + m.game().token(0) + ":" + m.game().geometry().name(0)});
        else if (kind == 2) submit(DecideCmd{"items 1=none 2=none"});
        else submit(StartCmd{});
        continue;
      }
      if (roll < 112) { submit(ResignCmd{1 + static_cast<int>(rng.below(2))}); continue; }
      if (roll < 113) { submit(DrawCmd{}); continue; }
      if (roll < 114) { submit(AwardCmd{1 + static_cast<int>(rng.below(2)), text("award", "random award")}); continue; }
      // The referee's own lines: notes, captions, a corrected turn clock.
      if (roll < 117) { submit(NoteCmd{text("note", "random note")}); continue; }
      if (roll < 120) {
        submit(CaptionCmd{rng.chance(300) ? std::nullopt : std::optional<std::string>(text("caption", "on air"))});
        continue;
      }
      if (roll < 122) { submit(ClockCmd{static_cast<Millis>(rng.below(40000)), text("clock", "clock corrected")}); continue; }
    }
    auto action = main_action(m, rng);
    if (!action) break;
    if (!submit(*action) && std::holds_alternative<DecideCmd>(*action) && m.state().phase == Phase::kDeciding &&
        m.state().pending.player == 0)
      submit(m.game().default_decision(m.state()));  // a declaration the rules refuse (say +1 on a mine): declare nothing
  }
  return session;
}

Replay replay(const GameInfo& info, const Opened& opened, const std::vector<Submission>& subs,
              const std::array<std::vector<Placement>, 2>* setups) {
  Replay out{open_match(info, opened.preset, opened.options), {}};
  for (const auto& sub : subs) {
    Command c = sub.command;
    if (setups)
      if (auto* sc = std::get_if<SetupCmd>(&c)) sc->placements = (*setups)[static_cast<std::size_t>(sc->player - 1)];
    out.accepted.push_back(!out.match.submit(c, sub.t).rejection);
  }
  return out;
}

}  // namespace conformance
