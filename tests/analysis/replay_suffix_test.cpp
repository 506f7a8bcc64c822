// A learning trial that starts from the candidate's replay (StreamReplay::
// start_from, on the engine's identity questions, engine/identity_reads.h)
// gives what a replay from the start gives: the same run (consistent or where
// and why it failed), the same match after it (log and state) and the same
// trace over the events it replayed, over random referee sessions of Number
// Janggi (items, revivals, voids, pauses) from every point of view, with other
// identities swapped or changed at random. And a game that does not report its
// questions is never shortened.
#include <catch2/catch.hpp>

#include <iostream>

#include "analysis/stream_replay.h"
#include "engine/identity_reads.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "tests/analysis/analysis_support.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::engine;
using facedown::analysis::ReplayCursor;
using facedown::analysis::ReplayRun;
using facedown::analysis::ReplayTrace;
using facedown::analysis::StreamReplay;

namespace {

// The true identities of the viewer's slots (what the referee's setups say).
std::vector<PieceType> truth(const StreamReplay& plan, const Match& m) {
  std::vector<PieceType> out(plan.slots().size(), 0);
  for (const auto& b : plan.blocks()) {
    const auto& setup = std::get<SetupLocked>(m.log()[b.setup_event].body);
    std::size_t next = 0;
    for (const auto& ref : setup.pieces)
      if (ref.hidden_from & viewer_bit(plan.viewer())) out[static_cast<std::size_t>(b.slots[next++])] = ref.type;
  }
  return out;
}

void same_match(const Match& a, const Match& b) {
  REQUIRE(a.log().size() == b.log().size());
  for (std::size_t i = 0; i < a.log().size(); ++i) {
    INFO("event " << i);
    CHECK(a.log()[i].seq == b.log()[i].seq);
    CHECK(a.log()[i].t == b.log()[i].t);
    CHECK(a.log()[i].cmd == b.log()[i].cmd);
    CHECK(a.log()[i].body == b.log()[i].body);
  }
  const MatchState &s = a.state(), &t = b.state();
  REQUIRE(s.pieces.size() == t.pieces.size());
  for (std::size_t i = 0; i < s.pieces.size(); ++i) {
    CHECK(s.pieces[i].type == t.pieces[i].type);
    CHECK(s.pieces[i].square == t.pieces[i].square);
    CHECK(s.pieces[i].revealed == t.pieces[i].revealed);
  }
  CHECK(s.board == t.board);
  CHECK(s.removed == t.removed);
  CHECK(s.phase == t.phase);
  CHECK(s.ply == t.ply);
  CHECK(s.turn_positions == t.turn_positions);
  CHECK(a.legal_moves() == b.legal_moves());
}

}  // namespace

TEST_CASE("a trial replayed from the candidate's replay equals one replayed from the start", "[analysis][suffix]") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "number-janggi");
  int trials = 0, shortened = 0, consistent = 0;
  std::uint64_t rng = 7;
  for (const Preset& preset : info.presets) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      conformance::SessionConfig config;
      config.seed = seed;
      config.max_commands = 90;
      const auto session = conformance::play_session(info, preset.id, config);
      for (Viewer v : {kPublic, kPlayer1, kPlayer2}) {
        auto planned = StreamReplay::plan(info, analysis_test::stream_of(session.match, v), v);
        REQUIRE(std::holds_alternative<StreamReplay>(planned));
        const StreamReplay& plan = std::get<StreamReplay>(planned);
        if (plan.slots().empty() || plan.groups() < 4) continue;
        const auto types = truth(plan, session.match);
        const std::size_t size = plan.stream().size();
        for (int round = 0; round < 12; ++round) {
          INFO(preset.id << " seed " << seed << " viewer " << static_cast<int>(v) << " round " << round);
          // The candidate's replay before a group, and through it (logging its questions).
          const std::size_t g = 1 + splitmix64(rng) % (plan.groups() - 1);
          const std::size_t limit = plan.group_end(g);
          ReplayCursor earlier, base;
          earlier.reads.on = base.reads.on = true;
          REQUIRE(plan.advance(info, types, earlier, plan.group_end(g - 1)).consistent);
          base = earlier;
          REQUIRE(plan.advance(info, types, base, limit).consistent);
          // Other identities: a swap within a block (counts kept), or one piece
          // changed outright (a setup the game may refuse).
          auto trial = types;
          const auto& slots = plan.slots();
          const std::size_t s1 = splitmix64(rng) % slots.size();
          if (round % 4 == 3) {
            trial[s1] = static_cast<PieceType>(splitmix64(rng) % info.roster.size());
          } else {
            const auto& block = plan.blocks()[static_cast<std::size_t>(slots[s1].block)].slots;
            const auto s2 = static_cast<std::size_t>(block[splitmix64(rng) % block.size()]);
            std::swap(trial[s1], trial[s2]);
          }
          ReplayCursor fast = plan.start_from(types, base, &earlier, trial, limit);
          const std::size_t from = fast.next;
          ReplayCursor full;
          ReplayTrace fast_trace, full_trace;
          const ReplayRun a = plan.advance(info, trial, fast, limit, &fast_trace);
          const ReplayRun b = plan.advance(info, trial, full, limit, &full_trace);
          ++trials;
          shortened += from > 0;
          CHECK(a.consistent == b.consistent);
          CHECK(a.failed_named == b.failed_named);
          if (!a.consistent) {
            CHECK(a.failed_event == b.failed_event);
            continue;
          }
          ++consistent;
          same_match(*fast.match, *full.match);
          // The trace over the events replayed: what they named and showed.
          for (std::size_t k = plan.group_of(std::min(from, size - 1)); k < plan.groups(); ++k)
            CHECK(fast_trace.named[k] == full_trace.named[k]);
          REQUIRE(fast_trace.shown.size() <= full_trace.shown.size());
          CHECK(std::equal(fast_trace.shown.begin(), fast_trace.shown.end(),
                           full_trace.shown.end() - static_cast<long>(fast_trace.shown.size())));
          // Both go on alike to the end of the stream.
          const ReplayRun c = plan.advance(info, trial, fast, size);
          const ReplayRun d = plan.advance(info, trial, full, size);
          CHECK(c.consistent == d.consistent);
          CHECK(c.failed_event == d.failed_event);
          if (c.consistent) same_match(*fast.match, *full.match);
        }
      }
    }
  }
  std::cerr << "suffix: " << trials << " trials, " << shortened << " started late, " << consistent << " consistent\n";
  CHECK(shortened >= trials / 3);
  CHECK(consistent >= trials / 4);
}

TEST_CASE("only a game that reports its identity questions is retyped", "[analysis][suffix]") {
  const auto games = all_games();
  for (const char* id : {"number-janggi", "salpakan"}) {
    const GameInfo& info = *find_game(games, id);
    conformance::SessionConfig config;
    config.max_commands = 20;
    auto session = conformance::play_session(info, info.default_preset, config);
    Match m = session.match;
    REQUIRE(!m.state().pieces.empty());
    const PieceType other = (m.state().pieces[0].type + 1) % static_cast<PieceType>(info.roster.size());
    const bool reports = std::string(id) == "number-janggi";
    CHECK(m.game().reports_identity_reads() == reports);
    CHECK(m.retype(0, other) == reports);
    CHECK(m.state().pieces[0].type == (reports ? other : session.match.state().pieces[0].type));
    CHECK_FALSE(m.retype(-1, 0));
    CHECK_FALSE(m.retype(0, static_cast<PieceType>(info.roster.size())));
  }
  // A recorder lists the questions asked while it lives, and only then.
  const auto session = conformance::play_session(*find_game(games, "number-janggi"), "genius-2015", {});
  const MatchState& s = session.match.state();
  {
    IdentityReads asked;
    CHECK(type_is(s, 0, 10) == (s.pieces[0].type == 10));
    CHECK(type_of(s, 1) == s.pieces[1].type);
    REQUIRE(asked.reads.size() == 2);
    CHECK(asked.reads[0].id == 0);
    CHECK(asked.reads[0].tested == 10);
    CHECK(asked.reads[1].id == 1);
    CHECK(asked.reads[1].tested == kWholeIdentity);
  }
  CHECK(IdentityReads::current() == nullptr);
}
