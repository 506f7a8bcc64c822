// Two runs of one match that differ only in identities the public never saw,
// for every leak test (the feed's, the on-air JSON's): `swapped` replays a
// random session with the hidden identities permuted within roster classes and
// keeps the pair only when the referee's stream, stripped of identities, is the
// same and the same commands were accepted (an identity that legitimately
// mattered to the play drops the pair). A piece counts as shown once any event
// showed it to the public, or it fought (its identity decided the battle).
#pragma once
#include <array>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "codec/json.h"
#include "engine/registry.h"
#include "engine/view.h"
#include "tests/conformance/random_match.h"

namespace facedown::testing {

using namespace facedown::engine;
using nlohmann::json;

// Blanks what two runs that differ only in hidden identities may legitimately
// differ in, in the referee's stream: piece ids and values, battle kinds, the
// command text, and a revival offer's candidates (which removed pieces may
// return depends on identities: a face-down 5 may, a mine may not).
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

}  // namespace facedown::testing
