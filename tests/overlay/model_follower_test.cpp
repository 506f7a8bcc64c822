// The incremental follower (broadcast/model_follower.h) against a batch oracle
// written here the simple way (the rows in effect after voids, the newest state,
// their events in order, as derive_model was before it folded incrementally):
// for random sessions of every game and preset (voids, pauses, warnings,
// resignations included), after every row the on-air JSON of the follower's
// model equals the oracle's. A row re-reads nothing unless it is a void.
#include <catch2/catch.hpp>

#include "broadcast/model_fold.h"
#include "broadcast/model_follower.h"
#include "broadcast/on_air_json.h"
#include "engine/registry.h"
#include "overlay_support.h"
#include "scripts.h"
#include "tests/conformance/random_match.h"

using namespace facedown;
using namespace facedown::broadcast;
using namespace facedown::overlay::testing;

namespace {

OnAirModel oracle(const std::vector<PublicRow>& rows, std::size_t count, const std::vector<engine::GameInfo>& games) {
  OnAirModel m;
  std::vector<const PublicRow*> effective;
  const PublicRow* newest_state = nullptr;
  for (std::size_t i = 0; i < count; ++i) {
    const PublicRow& row = rows[i];
    if (row.type == "opened" && !m.opened) model_fold::read_opened(m, row.event, games);
    if (row.type == "voided") {
      const int to = row.event.at("rewind_to").get<int>();
      std::erase_if(effective, [&](const PublicRow* r) { return r->seq >= to; });
    } else {
      effective.push_back(&row);
    }
    if (m.opened && row.state.is_object()) newest_state = &row;
    m.last_seq = row.seq;
    m.rows = i + 1;
  }
  if (!m.opened) return m;
  model_fold::read_state(m, newest_state->state);
  m.row_wall_time = rows[count - 1].wall_time;
  // When the caption and the result arrived: the first state (of every row,
  // in order) that showed them after one that did not.
  const nlohmann::json* shown = nullptr;
  for (std::size_t i = 0; i < count; ++i) {
    const nlohmann::json& st = rows[i].state;
    if (!st.is_object() || !st.contains("caption")) continue;
    const nlohmann::json none;
    const nlohmann::json& was_caption = shown ? shown->at("caption") : none;
    const bool had_result = shown && !shown->at("result").is_null();
    if (st.at("caption").is_string() && st.at("caption") != was_caption) m.caption_wall = rows[i].wall_time;
    if (!st.at("result").is_null() && !had_result) m.result_wall = rows[i].wall_time;
    shown = &st;
  }
  std::vector<model_fold::BlindMark> blinds;
  const nlohmann::json* before = nullptr;
  std::optional<std::pair<std::string, engine::Detail>> ended;
  for (const PublicRow* r : effective) {
    const nlohmann::json* previous = before;
    if (r->state.is_object()) before = &r->state;
    model_fold::read_event(m, *r, blinds, previous, ended);
  }
  if (m.result && ended) {
    m.result->detail = ended->first;
    m.result->what = ended->second;
  }
  return m;
}

}  // namespace

TEST_CASE("the follower, row by row, shows what a batch fold of the same rows shows", "[follower]") {
  const auto games = engine::all_games();
  int voids = 0;
  for (const auto& info : games) {
    for (const auto& preset : info.presets) {
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        conformance::SessionConfig config;
        config.seed = seed * 65537 + 11;
        config.max_commands = 120;
        const auto session = conformance::play_session(info, preset.id, config);
        const auto rows = public_rows(session.match, 1000, 1);
        const RowHistory history = history_of(rows);
        ModelFollower f(games);
        for (std::size_t n = 1; n <= rows.size(); ++n) {
          const std::size_t reread = f.rows_reread();
          f.add(rows[n - 1], history);
          INFO(info.id << "/" << preset.id << " seed " << seed << " row " << n << " " << rows[n - 1].type);
          if (rows[n - 1].type == "voided") {
            ++voids;
            CHECK(f.rows_reread() - reread <= 2 * n);
          } else {
            CHECK(f.rows_reread() == reread);  // a row costs itself
          }
          const OnAirModel want = oracle(rows, n, games);
          CHECK(f.model().problems.empty());
          for (double dt : {0.5, 2.0, 9.0})
            CHECK(on_air_json(f.model(), rows[n - 1].wall_time + dt, OnAirOptions{}) ==
                  on_air_json(want, rows[n - 1].wall_time + dt, OnAirOptions{}));
        }
        // The picture at an earlier row, read through the history in chunks.
        const int mid = rows[rows.size() / 2].seq;
        CHECK(on_air_json(model_up_to(history, mid, games), 5000, OnAirOptions{}) ==
              on_air_json(oracle(rows, rows.size() / 2 + 1, games), 5000, OnAirOptions{}));
      }
    }
  }
  CHECK(voids > 0);  // the sessions did void
}

TEST_CASE("catching up on a long match reads a few states, not every row's, and shows the same", "[follower]") {
  const auto games = engine::all_games();
  for (const auto& info : games) {
    for (const auto& preset : info.presets) {
      for (std::uint64_t seed = 1; seed <= 1; ++seed) {
        conformance::SessionConfig config;
        config.seed = seed * 65537 + 29;
        config.max_commands = 120;
        const auto session = conformance::play_session(info, preset.id, config);
        const auto rows = public_rows(session.match, 1000, 1);
        // Prefixes a feed might start on (every 13th, and the whole match).
        for (std::size_t n = 1; n <= rows.size(); n += (n + 13 <= rows.size() ? 13 : std::max<std::size_t>(1, rows.size() - n))) {
          const std::vector<PublicRow> prefix(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(n));
          std::vector<PublicRow> bare = prefix;
          for (auto& r : bare) r.state = nullptr;
          const RowHistory history = history_of(prefix);
          std::size_t states_read = 0;
          const RowHistory full = [&](int after, int up_to, std::size_t limit) {
            auto got = history(after, up_to, limit);
            states_read += got.size();
            return got;
          };
          ModelFollower f(games);
          catch_up(f, history_of(bare), full, history);
          INFO(info.id << "/" << preset.id << " seed " << seed << " rows " << n);
          CHECK(f.last_seq() == prefix.back().seq);
          CHECK(f.model().problems.empty());
          const OnAirModel want = oracle(rows, n, games);
          // When a caption and the result arrived (they time what elements show).
          const OnAirModel all_rows = derive_model(rows, n, games);
          CHECK(f.model().caption_wall == all_rows.caption_wall);
          CHECK(f.model().result_wall == all_rows.result_wall);
          for (double dt : {0.5, 2.0, 9.0})
            CHECK(on_air_json(f.model(), prefix.back().wall_time + dt, OnAirOptions{}) ==
                  on_air_json(want, prefix.back().wall_time + dt, OnAirOptions{}));
          bool voided = false;
          for (std::size_t k = 0; k < n; ++k) voided = voided || prefix[k].type == "voided";
          std::size_t marks = 0;
          for (std::size_t k = 0; k < n; ++k)
            marks += prefix[k].type == "captioned" || prefix[k].type == "ended" ? 2 : 0;
          // The last row, the latest battle and the row before it, a caption or result and the row before it.
          if (!voided) CHECK(states_read <= 3 + marks);
        }
      }
    }
  }
}

TEST_CASE("catching up keeps when a caption set before the latest battle arrived", "[follower]") {
  const auto games = engine::all_games();
  std::string script = kOpenBattle;
  script.replace(script.find("@12 move"), 0, "@6 caption \"Game 3\"\n");
  const auto rows = public_rows(script_match(script), 1000, 1);
  std::vector<PublicRow> bare = rows;
  for (auto& r : bare) r.state = nullptr;
  ModelFollower f(games);
  catch_up(f, history_of(bare), history_of(rows), history_of(rows));
  const OnAirModel full = derive_model(rows, rows.size(), games);
  REQUIRE(full.caption);
  CHECK(f.model().caption == full.caption);
  CHECK(f.model().caption_wall == full.caption_wall);
  CHECK(on_air_json(f.model(), rows.back().wall_time + 2, OnAirOptions{}) ==
        on_air_json(full, rows.back().wall_time + 2, OnAirOptions{}));
}
