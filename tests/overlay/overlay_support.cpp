#include "overlay_support.h"

#include <algorithm>

#include <catch2/catch.hpp>

#include "codec/json.h"
#include "codec/script_runner.h"
#include "engine/registry.h"
#include "engine/view.h"

namespace facedown::overlay::testing {

using namespace engine;

std::vector<PublicRow> public_rows(const Match& match, double wall0, double step) {
  std::vector<PublicRow> rows;
  const auto& log = match.log();
  auto first = Match::from_log(match.info(), {log.front()});
  REQUIRE(std::holds_alternative<Match>(first));
  Match m = std::move(std::get<Match>(first));
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (i > 0) REQUIRE_FALSE(m.record(log[i]).has_value());
    PublicRow r;
    r.seq = log[i].seq;
    r.type = event_type(log[i].body);
    r.match_time = static_cast<double>(log[i].t) / 1000.0;
    r.wall_time = wall0 + step * static_cast<double>(i);
    r.event = codec::event_to_json(project(log[i], kPublic), m.game());
    r.state = codec::state_to_json(m, kPublic);
    rows.push_back(std::move(r));
  }
  return rows;
}

Match script_match(const std::string& script) {
  codec::ScriptRun run = codec::run_script(script);
  INFO((run.errors.empty() ? std::string() : run.errors.front()));
  REQUIRE(run.errors.empty());
  REQUIRE(run.match.has_value());
  return std::move(*run.match);
}

Match random_match(const GameInfo& info, const std::string& preset, std::uint64_t seed, int max_plies) {
  return random_match(info, preset, seed, max_plies, {});
}

Match random_match(const GameInfo& info, const std::string& preset, std::uint64_t seed, int max_plies,
                   const EventSink& sink) {
  auto opened = Match::open(info, preset, {}, {"Jang Dong-min", "김경훈"});
  REQUIRE(std::holds_alternative<Match>(opened));
  Match m = std::move(std::get<Match>(opened));
  if (sink) sink(m, m.log());
  std::uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 1;
  auto pick = [&](std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(splitmix64(rng) % n); };
  Millis t = 0;
  auto submit = [&](const Command& c) {
    auto r = m.submit(c, t);
    if (sink && !r.events.empty()) sink(m, r.events);
    return !r.rejection.has_value();
  };
  // A game with a fixed placement (Gwangsanghui) has no setup to enter.
  for (int p = 1; p <= 2 && !m.game().has_fixed_placement(); ++p)
    REQUIRE(submit(SetupCmd{p, m.game().random_setup(p, splitmix64(rng))}));
  REQUIRE(submit(FirstCmd{static_cast<int>(1 + pick(2)), std::nullopt}));
  REQUIRE(submit(StartCmd{}));
  for (int step = 0; step < max_plies * 3 && !m.state().result; ++step) {
    const MatchState& s = m.state();
    // Think times mostly short, now and then past a limit (timeouts, warnings).
    t += static_cast<Millis>(pick(8) == 0 ? 20000 + pick(400000) : 500 + pick(9000));
    if (s.ply >= max_plies) break;
    if (s.phase == Phase::kDeciding && s.pending.player == 0) {
      // A decision of both players over the game's counters (Number Janggi's items).
      std::vector<DecisionPick> picks;
      for (int p = 0; p < 2; ++p) {
        if (pick(2) == 0 || s.pending.squares.empty()) continue;
        Square sq = s.pending.squares[pick(s.pending.squares.size())];
        int id = s.piece_at(sq);
        if (id < 0 || s.pieces[static_cast<std::size_t>(id)].owner != p + 1) continue;
        picks.push_back({p + 1, s.counters.names[pick(s.counters.names.size())], -1, sq, {}, false});
      }
      const DecideCmd none = m.game().default_decision(s);
      if (!submit(m.game().word_picks(s, picks).value_or(none))) REQUIRE(submit(none));
    } else if (s.phase == Phase::kDeciding) {
      // A decision of one player over pieces and squares (Number Janggi's revival).
      const DecideCmd decline = m.game().default_decision(s);
      DecideCmd cmd = decline;
      if (!s.pending.candidates.empty() && !s.pending.squares.empty() && pick(3) != 0) {
        const int id = s.pending.candidates[pick(s.pending.candidates.size())];
        const Square sq = s.pending.squares[pick(s.pending.squares.size())];
        cmd = m.game().word_picks(s, {{s.pending.player, {}, id, sq, {}, false}}).value_or(decline);
      }
      if (!submit(cmd)) REQUIRE(submit(decline));
    } else if (s.paused) {
      submit(ResumeCmd{});
    } else if (pick(40) == 0) {
      submit(PauseCmd{"injury time"});
    } else if (pick(60) == 0) {
      submit(WarnCmd{static_cast<int>(1 + pick(2)), "touching pieces"});
    } else {
      auto moves = m.legal_moves();
      if (moves.empty()) {
        submit(TickCmd{});
        continue;
      }
      submit(MoveCmd{moves[pick(moves.size())]});
    }
  }
  if (!m.state().result) submit(ResignCmd{static_cast<int>(1 + pick(2))});
  return m;
}

std::size_t rows_through_last(const std::vector<PublicRow>& rows, std::initializer_list<std::string_view> types) {
  std::size_t n = rows.size();
  while (n > 1 && std::find(types.begin(), types.end(), rows[n - 1].type) == types.end()) --n;
  return n;
}

std::vector<GameFrame> every_game_frame() {
  std::vector<GameFrame> out;
  for (const auto& info : engine::all_games())
    for (const auto& preset : info.presets) {
      const auto rows = public_rows(random_match(info, preset.id, 3, 60), 1.7e9, 1);
      // Through the last battle or move, and the next turn's start after it: a
      // started match with a live turn, so the scorebug's clock runs (the
      // frame's moment, 10 s later, gives it a fixed time).
      // (A match cut by its ply limit right after a move has no turn after it:
      // then through its last turn's start.)
      const std::size_t last = rows_through_last(rows, {"attack", "moved", "removed"});
      std::size_t n = rows_through_last(rows, {"turn-started"});
      for (std::size_t i = last; i < rows.size(); ++i)
        if (rows[i].type == "turn-started") {
          n = i + 1;
          break;
        }
      out.push_back({preset.id == info.default_preset ? info.id : info.id + "-" + preset.id,
                     derive_model(rows, n, engine::all_games())});
    }
  return out;
}

}  // namespace facedown::overlay::testing
