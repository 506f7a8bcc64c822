// Two runs of one match that differ only in identities the public never saw
// (shared by the feed's leak tests): the session replayed with those identities
// permuted within roster classes, both stored one event per commit on the same
// clock, and the seals' random parts blanked before bytes are compared.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>

#include "codec/json.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "feed_support.h"
#include "tests/conformance/random_match.h"

namespace facedown::feed::testing {

using namespace facedown::engine;
using nlohmann::json;

inline constexpr std::int64_t kWall0 = 1'760'000'000'000;
inline constexpr std::int64_t kStep = 1000;  // wall time between commits, the same in both runs
inline const std::string kToken = "leak-test-token-0123456789";

// Blanks what two runs that differ only in hidden identities may legitimately
// differ in, in the referee's stream (as the conformance suite's check).
inline void strip(json& j) {
  if (j.is_object()) {
    if (j.contains("type") && j["type"] == "decision-awaited") j.erase("candidates");
    if (j.contains("owner") && j.contains("piece")) {
      j["piece"] = nullptr;
      j.erase("value");
    }
    if (j.contains("outcome") && j.contains("kind")) j.erase("kind");
    j.erase("command");
    for (auto& [k, v] : j.items()) strip(v);
  } else if (j.is_array()) {
    for (auto& v : j) strip(v);
  }
}

inline std::vector<std::string> stripped_referee(const Match& m) {
  std::vector<std::string> out;
  for (const auto& e : m.log()) {
    json j = codec::event_to_json(e, m.game());
    strip(j);
    out.push_back(j.dump());
  }
  return out;
}

// Ids some event showed to the public, and ids that moved or attacked.
inline void collect(const json& j, std::vector<bool>& shown, std::vector<bool>& moved) {
  if (j.is_object()) {
    if (j.contains("id") && j.contains("secret_from") && j.contains("owner")) {
      const int id = j["id"];
      if (!(j["secret_from"].get<int>() & viewer_bit(kPublic)) && id >= 0 && id < static_cast<int>(shown.size()))
        shown[static_cast<std::size_t>(id)] = true;
    }
    for (const char* key : {"piece", "attacker"})
      if (j.contains("type") && (j["type"] == "moved" || j["type"] == "attack") && j.contains(key) &&
          j[key].is_object() && j[key].contains("id")) {
        const int id = j[key]["id"];
        if (id >= 0 && id < static_cast<int>(moved.size())) moved[static_cast<std::size_t>(id)] = true;
      }
    // Both sides of an attack stay as they were: their identities decided it (in
    // Gunjin Shogi they stay hidden for good, so nothing else would pin them).
    if (j.contains("type") && j["type"] == "attack")
      for (const char* key : {"attacker", "defender"})
        if (j.contains(key) && j[key].is_object() && j[key].contains("id")) {
          const int id = j[key]["id"];
          if (id >= 0 && id < static_cast<int>(shown.size())) shown[static_cast<std::size_t>(id)] = true;
        }
    for (const auto& [k, v] : j.items()) collect(v, shown, moved);
  } else if (j.is_array()) {
    for (const auto& v : j) collect(v, shown, moved);
  }
}

// The session again with hidden identities permuted within roster classes;
// nullopt when nothing could be permuted or the identities mattered to the play.
inline std::optional<Match> swapped(const GameInfo& info, const conformance::Session& a, std::uint64_t seed) {
  const Match& m = a.match;
  const auto& log = m.log();
  std::array<const SetupLocked*, 2> setups{nullptr, nullptr};
  for (const auto& e : log)
    if (auto* s = std::get_if<SetupLocked>(&e.body))
      if (!setups[static_cast<std::size_t>(s->player - 1)]) setups[static_cast<std::size_t>(s->player - 1)] = s;
  if (!setups[0] || !setups[1]) return std::nullopt;
  std::vector<bool> shown(setups[0]->pieces.size() + setups[1]->pieces.size(), false), moved(shown.size(), false);
  for (const auto& e : log) collect(codec::event_to_json(e, m.game()), shown, moved);
  for (std::size_t id = 0; id < m.state().pieces.size() && id < shown.size(); ++id)
    if (m.state().pieces[id].revealed) shown[id] = true;
  const auto& roster = m.game().roster();
  std::array<std::vector<Placement>, 2> placements;
  std::uint64_t rng = seed * 977 + 3;
  bool changed = false;
  for (std::size_t p = 0; p < 2; ++p) {
    for (const auto& r : setups[p]->pieces) placements[p].push_back({r.type, r.square});
    std::map<std::pair<int, bool>, std::vector<std::size_t>> classes;
    for (std::size_t i = 0; i < setups[p]->pieces.size(); ++i) {
      const auto& r = setups[p]->pieces[i];
      if (shown[static_cast<std::size_t>(r.id)]) continue;
      const auto& spec = roster[static_cast<std::size_t>(r.type)];
      if (seed % 2 == 1 && !moved[static_cast<std::size_t>(r.id)]) classes[{-1, false}].push_back(i);
      else classes[{spec.count, spec.value > 0}].push_back(i);
    }
    for (auto& [cls, idx] : classes) {
      std::vector<PieceType> types;
      for (auto i : idx) types.push_back(placements[p][i].type);
      for (std::size_t i = types.size(); i > 1; --i) std::swap(types[i - 1], types[splitmix64(rng) % i]);
      for (std::size_t k = 0; k < idx.size(); ++k) {
        changed = changed || placements[p][idx[k]].type != types[k];
        placements[p][idx[k]].type = types[k];
      }
    }
  }
  if (!changed) return std::nullopt;
  auto b = conformance::replay(info, std::get<Opened>(log.front().body), a.submissions, &placements);
  std::vector<bool> accepted;
  for (const auto& s : a.submissions) accepted.push_back(s.accepted);
  if (b.accepted != accepted || stripped_referee(m) != stripped_referee(b.match)) return std::nullopt;
  return std::move(b.match);
}

// Stores the match one event per commit, commit k at kWall0 + k * kStep.
inline void store_match(const std::string& path, const Match& m) {
  std::int64_t now = kWall0;
  db::StoreOptions o;
  o.wall_clock_ms = [&now] { return now; };
  auto store = must(db::Store::open(path, o));
  auto folded = Match::from_log(m.info(), {m.log().front()});
  REQUIRE(std::holds_alternative<Match>(folded));
  Match step = std::move(std::get<Match>(folded));
  const db::MatchId id = must(store.create_match(step));
  for (std::size_t i = 1; i < m.log().size(); ++i) {
    REQUIRE_FALSE(step.record(m.log()[i]));
    now += kStep;
    if (auto f = store.append(id, step, {m.log()[i]})) FAIL(f->message);
  }
}

// A sealed setup's commitment hashes a random salt, so it differs between any two
// runs; once the match is closed the setup and salt are opened, by design (and
// the frame's final reveal shows both setups). Those values are blanked before
// the bytes are compared (and a setup may only appear at all once the match is
// closed: checked by the caller).
inline std::string blank_seals(const std::string& bytes) {
  static const std::regex commitment("\"hash\":\"[0-9a-f]{64}\"");
  static const std::regex salt("\"salt\":\"[0-9a-f]{64}\"");
  static const std::regex setup("\"setup\":\"[^\"]*\"");
  std::string out = std::regex_replace(bytes, commitment, "\"hash\":\"#\"");
  out = std::regex_replace(out, salt, "\"salt\":\"#\"");
  // The final reveal (the frame's "reveal", after close only): both setups, piece by piece.
  const std::string open = "\"reveal\":{\"setups\":[", close = "],\"title\"";
  for (std::size_t at = out.find(open); at != std::string::npos; at = out.find(open, at + open.size())) {
    const std::size_t end = out.find(close, at + open.size());
    if (end == std::string::npos) break;
    out.replace(at + open.size(), end - at - open.size(), "#");
  }
  return std::regex_replace(out, setup, "\"setup\":\"#\"");
}

}  // namespace facedown::feed::testing
