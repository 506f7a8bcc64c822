#include "tests/games/scenario.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "codec/json.h"
#include "engine/registry.h"
#include "engine/view.h"

namespace facedown::test {

using namespace engine;

const GameInfo& game_info(const std::string& id) {
  static const std::vector<GameInfo> games = all_games();
  const GameInfo* g = find_game(games, id);
  if (!g) throw std::runtime_error("no game " + id);
  return *g;
}

std::string doc_example(const std::string& id) {
  std::ifstream in(std::string(FACEDOWN_SOURCE_DIR) + "/docs/rules/" + id + ".md");
  if (!in) throw std::runtime_error("no docs/rules/" + id + ".md");
  std::string line, out;
  bool inside = false, example = false;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) example = line == "## Example";
    if (example && line.rfind("```", 0) == 0) {
      inside = !inside;
      continue;
    }
    if (!inside) continue;
    if (auto hash = line.find("  #"); hash != std::string::npos) line.erase(hash);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::string setup_line(const std::string& id, int player, const std::map<std::string, std::string>& fixed) {
  const GameInfo& info = game_info(id);
  auto resolved = resolve_options(info, info.default_preset, {});
  auto game = info.make(resolved.options);
  const Geometry& g = game->geometry();
  std::vector<int> left;
  for (const auto& spec : game->roster()) left.push_back(spec.count);
  std::string line = "setup " + std::to_string(player);
  for (const auto& [sq, tok] : fixed) {
    if (tok == ".") continue;
    auto t = game->parse_token(tok);
    if (!t) throw std::runtime_error("bad token " + tok);
    --left[static_cast<std::size_t>(*t)];
    line += " " + tok + ":" + sq;
  }
  std::vector<Square> squares;
  for (Square s = 0; s < g.size(); ++s)
    if (game->setup_owner(s) == player && !fixed.count(g.name(s))) squares.push_back(s);
  // Back rank first: player 2's back rank is the top one.
  std::stable_sort(squares.begin(), squares.end(), [&](Square a, Square b) {
    int ra = g.rank_of(a), rb = g.rank_of(b);
    return player == 1 ? ra < rb : ra > rb;
  });
  std::size_t next = 0;
  for (int t = static_cast<int>(left.size()) - 1; t >= 0; --t)
    for (int n = 0; n < left[static_cast<std::size_t>(t)] && next < squares.size(); ++n)
      line += " " + game->token(t) + ":" + g.name(squares[next++]);
  return line;
}

std::string seeded_setup_line(const std::string& id, int player, std::uint64_t seed) {
  const GameInfo& info = game_info(id);
  auto game = info.make(resolve_options(info, info.default_preset, {}).options);
  std::string line = "setup " + std::to_string(player);
  for (const Placement& p : game->random_setup(player, seed))
    line += " " + game->token(p.type) + ":" + game->geometry().name(p.square);
  return line;
}

std::string script(const std::string& game, const std::vector<std::string>& options,
                   const std::string& setup1, const std::string& setup2,
                   const std::vector<std::string>& commands) {
  std::string s = "game " + game + "\n";
  for (const auto& o : options) s += "option " + o + "\n";
  for (const auto* setup : {&setup1, &setup2})
    if (!setup->empty()) s += *setup + "\n";  // none for a fixed placement
  s += "first 1\nstart\n";
  for (const auto& c : commands) s += c + "\n";
  return s;
}

Played play(const std::string& text) {
  auto run = codec::run_script(text);
  if (!run.match) throw std::runtime_error("the match did not open: " +
                                           (run.errors.empty() ? std::string("?") : run.errors.front()));
  return Played{std::move(*run.match), run.errors};
}

nlohmann::json state(const Match& m, Viewer v) { return codec::state_to_json(m, v); }

std::vector<nlohmann::json> stream(const Match& m, Viewer v) {
  std::vector<nlohmann::json> out;
  for (const auto& e : m.log()) out.push_back(codec::event_to_json(project(e, v), m.game()));
  return out;
}

nlohmann::json last_event(const Match& m, const std::string& type, Viewer v) {
  nlohmann::json found;
  for (const auto& j : stream(m, v))
    if (j.at("type") == type) found = j;
  return found;
}

}  // namespace facedown::test
