// The overlay's secrecy guarantee, end to end: random matches of every preset of
// every game are played into a store; then every row the public reader returns
// (public events, public states, match summaries, seals) is checked against the
// referee's truth, and the reader is shown to refuse the secret tables.
#include <catch2/catch.hpp>

#include "broadcast/on_air_json.h"
#include "codec/json.h"
#include "db/public_reader.h"
#include "db/store.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "overlay_support.h"
#include "temp_file.h"

using namespace facedown;
using namespace facedown::overlay::testing;
using nlohmann::json;

namespace {

template <class T>
T must(db::Result<T> r) {
  if (auto* e = std::get_if<db::StoreError>(&r)) FAIL(e->message);
  return std::move(std::get<T>(r));
}

// Keys that exist only in the referee's form of an event.
void check_no_referee_keys(const json& j, const std::string& where) {
  if (j.is_object()) {
    for (const char* key : {"id", "secret_from", "command", "piece_id"}) {
      INFO(where << ": " << j.dump());
      CHECK_FALSE(j.contains(key));
    }
    for (const auto& [k, v] : j.items()) check_no_referee_keys(v, where);
  } else if (j.is_array()) {
    for (const auto& v : j) check_no_referee_keys(v, where);
  }
}

// Walks the referee and public forms of one event side by side: every piece the
// referee marks secret from the public must carry neither identity nor value.
std::size_t check_event(const json& referee, const json& pub, const std::string& where) {
  std::size_t hidden = 0;
  if (referee.is_object()) {
    if (referee.contains("secret_from") && (referee.at("secret_from").get<int>() & engine::viewer_bit(engine::kPublic))) {
      INFO(where << ": referee " << referee.dump() << " public " << pub.dump());
      REQUIRE(pub.is_object());
      CHECK(pub.at("piece").is_null());
      CHECK_FALSE(pub.contains("value"));
      ++hidden;
    }
    for (const auto& [k, v] : referee.items())
      if (pub.is_object() && pub.contains(k)) hidden += check_event(v, pub.at(k), where + "." + k);
  } else if (referee.is_array() && pub.is_array()) {
    REQUIRE(referee.size() == pub.size());
    for (std::size_t i = 0; i < referee.size(); ++i) hidden += check_event(referee[i], pub[i], where);
  }
  return hidden;
}

// The public state after an event against the referee's state at that moment.
std::size_t check_state(const engine::Match& truth, const json& pub, const std::string& where) {
  const engine::MatchState& s = truth.state();
  const engine::Geometry& g = truth.game().geometry();
  std::size_t hidden = 0;
  INFO(where << ": " << pub.dump());
  REQUIRE(pub.at("board").size() ==
          static_cast<std::size_t>(std::count_if(s.board.begin(), s.board.end(), [](int id) { return id >= 0; })));
  for (engine::Square sq = 0; sq < g.size(); ++sq) {
    const int id = s.piece_at(sq);
    if (id < 0) continue;
    const engine::Piece& p = s.pieces[static_cast<std::size_t>(id)];
    const json& shown = pub.at("board").at(g.name(sq));
    CHECK(shown.at("owner").get<int>() == p.owner);
    if (!p.revealed) {
      CHECK(shown.at("piece").is_null());
      ++hidden;
    } else {
      CHECK(shown.at("piece") == truth.game().token(p.type));
    }
  }
  for (std::size_t o = 0; o < 2; ++o) {
    const json& list = pub.at("removed").at(std::to_string(o + 1));
    REQUIRE(list.size() == s.removed[o].size());
    for (std::size_t i = 0; i < list.size(); ++i) {
      const engine::Piece& p = s.pieces[static_cast<std::size_t>(s.removed[o][i])];
      if (!p.revealed) {
        CHECK(list[i].is_null());
        ++hidden;
      }
    }
  }
  return hidden;
}

// The on-air JSON built from the first `count` store rows against the referee's
// truth at that moment: a face-down piece has no token on its square, in a tray
// or among the battle's fighters (tests/overlay/on_air_leak_test.cpp adds the
// identity-swap comparison of whole documents).
std::size_t check_on_air(const std::vector<broadcast::PublicRow>& rows, std::size_t count, const engine::Match& truth,
                         const std::vector<engine::GameInfo>& games, const std::string& where) {
  const broadcast::OnAirModel m = broadcast::derive_model(rows, count, games);
  const double t = rows[count - 1].wall_time;
  std::size_t hidden = 0;
  for (double dt : {0.5, 3.3, 10.0}) {
    const json j = broadcast::on_air_json(m, t + dt, broadcast::OnAirOptions{});
    INFO(where << " on air: " << j.dump());
    REQUIRE(j.at("opened") == true);
    const engine::MatchState& s = truth.state();
    const engine::Geometry& g = truth.game().geometry();
    for (const auto& sq : j.at("board").at("squares")) {
      const int id = s.piece_at(*g.parse(sq.at("square").get<std::string>()));
      if (id < 0 || s.pieces[static_cast<std::size_t>(id)].revealed) continue;
      REQUIRE(sq.at("piece").is_object());
      CHECK(sq.at("piece").at("token").is_null());
      ++hidden;
    }
    for (std::size_t o = 0; o < 2; ++o) {
      const json& tray = j.at("players")[o].at("removed");
      for (std::size_t i = 0; i < tray.size() && i < s.removed[o].size(); ++i)
        if (!s.pieces[static_cast<std::size_t>(s.removed[o][i])].revealed) CHECK(tray[i].is_null());
    }
    // The battle of this very row: its fighters stand where the truth has them.
    if (j.at("battle").is_object() && j.at("battle").at("seq") == rows[count - 1].seq)
      for (const auto& f : j.at("battle").at("fighters")) {
        const auto sq = g.parse(f.at("square").get<std::string>());
        if (!sq) continue;
        const int id = s.piece_at(*sq);
        if (id >= 0 && s.pieces[static_cast<std::size_t>(id)].owner == f.at("owner").get<int>() &&
            !s.pieces[static_cast<std::size_t>(id)].revealed)
          CHECK(f.at("token").is_null());
      }
  }
  return hidden;
}

void check_refused(db::PublicReader& reader, const std::string& sql) {
  auto r = reader.query(sql);
  INFO(sql);
  CHECK(std::holds_alternative<db::StoreError>(r));
}

}  // namespace

TEST_CASE("no row the public reader returns identifies a face-down piece, in any preset of any game", "[leak]") {
  TempDir dir;
  std::size_t matches = 0, rows_checked = 0, hidden_checked = 0, on_air_hidden = 0;
  for (const auto& info : engine::all_games()) {
    for (const auto& preset : info.presets) {
      for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        const std::string path = dir.file(info.id + "-" + preset.id + "-" + std::to_string(seed) + ".db");
        auto store = must(db::Store::open(path));
        db::MatchId id = 0;
        bool mid_checked = false;
        engine::Match match = random_match(
            info, preset.id, seed, 160, [&](const engine::Match& m, const std::vector<engine::Event>& events) {
              if (id == 0) {
                id = must(store.create_match(m));
                return;
              }
              if (auto err = store.append(id, m, events)) FAIL(err->message);
              // Mid-match: seals are public hashes only.
              if (!mid_checked && m.state().started && !m.state().result) {
                mid_checked = true;
                auto reader = must(db::PublicReader::open(path));
                for (const auto& seal : must(reader.seals(id))) {
                  CHECK(seal.commitment.size() == 64);
                  CHECK_FALSE(seal.setup_text);
                  CHECK_FALSE(seal.salt);
                }
              }
            });
        ++matches;
        INFO(info.id << " " << preset.id << " seed " << seed);
        REQUIRE(match.state().result);
        // Ended, then confirmed: the sealed setups open at close.
        {
          auto closed = match.submit(engine::CloseCmd{}, match.state().time);
          if (closed.rejection) FAIL("close refused: " << closed.rejection->reason);
          if (auto err = store.append(id, match, closed.events)) FAIL(err->message);
        }

        auto reader = must(db::PublicReader::open(path));
        auto rows = must(reader.events_after(id, 0));
        const auto& log = match.log();
        REQUIRE(rows.size() == log.size());
        auto folded = engine::Match::from_log(info, {log.front()});
        REQUIRE(std::holds_alternative<engine::Match>(folded));
        engine::Match truth = std::move(std::get<engine::Match>(folded));
        std::vector<broadcast::PublicRow> on_air_rows;
        for (const auto& r : rows)
          on_air_rows.push_back({r.seq, r.type, static_cast<double>(r.t) / 1000.0, static_cast<double>(r.wall_ms) / 1000.0,
                                 r.event, r.state});
        const auto games = engine::all_games();
        for (std::size_t i = 0; i < rows.size(); ++i) {
          if (i > 0) REQUIRE_FALSE(truth.record(log[i]).has_value());
          const std::string where = info.id + "/" + preset.id + " seq " + std::to_string(rows[i].seq);
          REQUIRE(rows[i].seq == log[i].seq);
          check_no_referee_keys(rows[i].event, where);
          hidden_checked += check_event(codec::event_to_json(log[i], match.game()), rows[i].event, where);
          hidden_checked += check_state(truth, rows[i].state, where);
          // The on-air JSON as it stood after this row (every 7th row and the last).
          if (i % 7 == 0 || i + 1 == rows.size()) on_air_hidden += check_on_air(on_air_rows, i + 1, truth, games, where);
          // The row_at / latest paths return the same public rows.
          if (i + 1 == rows.size()) {
            auto last = must(reader.latest(id));
            REQUIRE(last);
            CHECK(last->event == rows[i].event);
          }
          ++rows_checked;
        }
        // After close the sealed setups are opened, and they check out.
        for (const auto& seal : must(reader.seals(id))) {
          REQUIRE(seal.setup_text);
          REQUIRE(seal.salt);
        }
        // Summaries carry no piece identities at all.
        for (const auto& summary : must(reader.matches())) check_no_referee_keys(json::parse(summary.options_json), "options");

        check_refused(reader, "SELECT * FROM events");
        check_refused(reader, "SELECT payload FROM events WHERE seq = 1");
        check_refused(reader, "SELECT * FROM sealed_setups");
        check_refused(reader, "SELECT * FROM writers");
        check_refused(reader, "SELECT p.seq FROM public_events p JOIN events e ON e.seq = p.seq");
        check_refused(reader, "SELECT * FROM public_events WHERE seq IN (SELECT seq FROM events)");
        check_refused(reader, "PRAGMA table_info(events)");
        check_refused(reader, "DELETE FROM public_events");
        check_refused(reader, "ATTACH DATABASE '" + path + "' AS again");
        // The public tables themselves stay readable through the same connection.
        CHECK(std::holds_alternative<std::vector<db::PublicReader::Row>>(reader.query("SELECT seq FROM public_events")));
      }
    }
  }
  CHECK(matches >= 4);
  CHECK(rows_checked > 100);
  CHECK(hidden_checked > 100);  // the check saw plenty of secrets to keep
  CHECK(on_air_hidden > 100);   // and so did the on-air JSON's
}
