// Test support for the public line as it aired (broadcast/public_wins.h): a
// finished match stored one event per commit while a live analysis runner
// (broadcast/analysis_runner.h) follows it for its first move steps, so the
// analysis file beside the store holds the aired record of those steps' rows
// and nothing for the later ones (the runner is stopped first, as when the
// analysis was off for part of a match).
#pragma once
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "broadcast/analysis_record.h"
#include "broadcast/analysis_runner.h"
#include "tests/conformance/random_match.h"
#include "db/analysis_file.h"
#include "db/store.h"
#include "engine/registry.h"
#include "engine/replay_steps.h"

namespace facedown::testing {

// A short Number Janggi match that ends (a resignation if the moves did not end it).
inline engine::Match finished_number_janggi(std::uint64_t seed, int commands) {
  const auto games = engine::all_games();
  const auto& info = *engine::find_game(games, "number-janggi");
  conformance::SessionConfig config;
  config.seed = seed;
  config.max_commands = commands;
  config.extras = false;
  auto a = conformance::play_session(info, info.default_preset, config);
  engine::Match m = std::move(a.match);
  if (!m.state().result) REQUIRE_FALSE(m.submit(engine::ResignCmd{2}, m.state().time).rejection);
  REQUIRE(m.state().result);
  return m;
}

struct AiredStore {
  db::MatchId id = 0;
  std::vector<int> moves;  // the replay's move steps (positions = rows)
  std::set<int> aired;     // the steps whose row's record holds that row's own win (read back from the file)
};

// The public record of row `seq` as the analysis file holds it (nullopt: none).
inline std::optional<broadcast::OnAirAnalysis> aired_record(const std::string& path, db::MatchId id, int seq) {
  auto file = db::AnalysisFile::open_reader(path);
  if (!std::holds_alternative<db::AnalysisFile>(file)) return std::nullopt;
  auto body = std::get<db::AnalysisFile>(file).get(id, broadcast::kPublicRecords, seq);
  auto* b = std::get_if<std::optional<std::string>>(&body);
  if (!b || !*b) return std::nullopt;
  return broadcast::record_from_text(**b);
}

// Stores `m` at `path`; a runner (`playouts` a win) analyses its first
// `aired_steps` move steps, each waited for until its row's record has its win.
inline AiredStore store_with_aired_steps(const std::string& path, const engine::Match& m, std::size_t aired_steps,
                                         int playouts) {
  AiredStore out;
  out.moves = engine::replay_steps(m.log()).moves;
  auto opened = db::Store::open(path);
  REQUIRE(std::holds_alternative<db::Store>(opened));
  auto& store = std::get<db::Store>(opened);
  auto folded = engine::Match::from_log(m.info(), {m.log().front()});
  REQUIRE(std::holds_alternative<engine::Match>(folded));
  engine::Match step = std::move(std::get<engine::Match>(folded));
  auto created = store.create_match(step);
  REQUIRE(std::holds_alternative<db::MatchId>(created));
  out.id = std::get<db::MatchId>(created);
  broadcast::RunnerOptions ro;
  ro.db_path = path;
  ro.match = [id = out.id] { return id; };
  ro.poll = std::chrono::milliseconds(5);
  ro.analysis.win.max_playouts = playouts;
  ro.analysis.win.min_playouts = playouts;
  ro.lower_priority = false;
  auto started = broadcast::AnalysisRunner::start(std::move(ro));
  REQUIRE(std::holds_alternative<std::unique_ptr<broadcast::AnalysisRunner>>(started));
  auto runner = std::move(std::get<std::unique_ptr<broadcast::AnalysisRunner>>(started));
  std::size_t next = 1;
  auto store_to = [&](std::size_t position) {
    for (; next < position; ++next) {
      REQUIRE_FALSE(step.record(m.log()[next]));
      REQUIRE_FALSE(store.append(out.id, step, {m.log()[next]}));
    }
  };
  for (std::size_t i = 0; i < aired_steps && i < out.moves.size(); ++i) {
    const int position = out.moves[i];
    store_to(static_cast<std::size_t>(position));
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
      auto a = runner->at(out.id, position);
      if (a && a->win_seq == position && a->win) break;
      REQUIRE(std::chrono::steady_clock::now() < until);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    out.aired.insert(position);
  }
  runner.reset();  // the analysis off for the rest of the match: its lock freed
  store_to(m.log().size());
  // Every step whose row aired its own win (the runner may also have caught a
  // step on its way, the opening's row as it started).
  for (int position : out.moves)
    if (auto a = aired_record(path, out.id, position); a && a->win_seq == position && a->win) out.aired.insert(position);
  return out;
}

}  // namespace facedown::testing
