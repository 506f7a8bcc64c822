#include "tests/number_janggi/nj_support.h"

#include <catch2/catch.hpp>
#include <algorithm>

#include "codec/script.h"
#include "engine/games/number_janggi/number_janggi.h"

namespace nj {

using namespace facedown;
using namespace facedown::engine;

const GameInfo& game_info() {
  static const GameInfo info = number_janggi::info();
  return info;
}

std::string header(const std::string& preset, const std::vector<std::string>& options) {
  std::string out = "game number-janggi\npreset " + preset + "\n";
  for (const auto& o : options) out += "option " + o + "\n";
  return out;
}

namespace {

std::vector<std::string> territory(int player) {
  std::vector<std::string> out;
  const std::vector<int> ranks = player == 1 ? std::vector<int>{1, 2, 3} : std::vector<int>{9, 8, 7};
  for (int r : ranks)
    for (char f = 'a'; f <= 'f'; ++f) out.push_back(std::string(1, f) + std::to_string(r));
  return out;
}

std::vector<std::string> roster_tokens() {
  std::vector<std::string> t;
  for (int v = 1; v <= 10; ++v) t.push_back(std::to_string(v));
  t.insert(t.end(), {"M", "M", "M", "K"});
  return t;
}

}  // namespace

std::string setup(int player, const Pins& pins) {
  auto tokens = roster_tokens();
  auto squares = territory(player);
  std::string out = "setup " + std::to_string(player);
  for (const auto& [tok, sq] : pins) {
    auto it = std::find(tokens.begin(), tokens.end(), tok);
    REQUIRE(it != tokens.end());
    tokens.erase(it);
    squares.erase(std::remove(squares.begin(), squares.end(), sq), squares.end());
    out += " " + tok + ":" + sq;
  }
  REQUIRE(tokens.size() <= squares.size());
  for (std::size_t i = 0; i < tokens.size(); ++i) out += " " + tokens[i] + ":" + squares[i];
  return out + "\n";
}

codec::ScriptRun run(const std::string& script) { return codec::run_script(script); }

Match run_ok(const std::string& script) {
  auto r = codec::run_script(script);
  for (const auto& e : r.errors) FAIL_CHECK(e);
  REQUIRE(r.errors.empty());
  REQUIRE(r.match);
  return std::move(*r.match);
}

Match position(const Pins& p1, const Pins& p2, int to_move, const std::vector<std::string>& options,
               const std::string& preset) {
  Options overrides;
  for (const auto& o : options) {
    auto eq = o.find('=');
    overrides[o.substr(0, eq)] = o.substr(eq + 1);
  }
  auto opened = Match::open(game_info(), preset, overrides, {"One", "Two"});
  REQUIRE(std::holds_alternative<Match>(opened));
  std::vector<Event> log = std::get<Match>(opened).log();
  const Game& g = std::get<Match>(opened).game();
  int id = 0;
  auto add = [&](EventBody body) {
    Event e;
    e.seq = static_cast<int>(log.size()) + 1;
    e.body = std::move(body);
    log.push_back(std::move(e));
  };
  for (int p = 1; p <= 2; ++p) {
    SetupLocked s{p, {}};
    for (const auto& [tok, sq] : p == 1 ? p1 : p2) {
      auto type = g.parse_token(tok);
      auto square = g.geometry().parse(sq);
      REQUIRE(type);
      REQUIRE(square);
      s.pieces.push_back(PieceRef{-1, p, *type, *square, std::nullopt, hidden_but_owner(p)});
    }
    std::sort(s.pieces.begin(), s.pieces.end(),
              [](const PieceRef& a, const PieceRef& b) { return a.square < b.square; });
    for (auto& r : s.pieces) r.id = id++;
    add(std::move(s));
  }
  add(FirstChosen{to_move, std::nullopt});
  add(Started{});
  add(TurnStarted{to_move});
  auto m = Match::from_log(game_info(), log);
  REQUIRE(std::holds_alternative<Match>(m));
  return std::move(std::get<Match>(m));
}

std::optional<std::string> submit(Match& m, const std::string& line) {
  std::vector<bool> quoted;
  auto tokens = codec::tokenize(line, &quoted);
  REQUIRE(std::holds_alternative<std::vector<std::string>>(tokens));
  auto parsed = codec::parse_command(std::get<std::vector<std::string>>(tokens), m.game(), quoted);
  if (auto* err = std::get_if<std::string>(&parsed)) return *err;
  const auto& tc = std::get<codec::TimedCommand>(parsed);
  auto out = m.submit(tc.command, tc.t.value_or(m.state().time));
  if (out.rejection) return out.rejection->reason;
  return std::nullopt;
}

void play(Match& m, const std::string& line) {
  auto r = submit(m, line);
  INFO(line << " -> " << r.value_or(""));
  REQUIRE_FALSE(r);
}

nlohmann::json state(const Match& m, Viewer v) { return codec::state_to_json(m, v); }

std::vector<nlohmann::json> events(const Match& m, Viewer v) {
  std::vector<nlohmann::json> out;
  for (std::size_t i = 0; i < m.log().size(); ++i)
    if (m.in_effect()[i]) out.push_back(codec::event_to_json(project(m.log()[i], v), m.game()));
  return out;
}

std::vector<nlohmann::json> events_of(const Match& m, const std::string& type, Viewer v) {
  std::vector<nlohmann::json> out;
  for (auto& e : events(m, v))
    if (e["type"] == type) out.push_back(e);
  return out;
}

nlohmann::json last_battle(const Match& m, Viewer v) {
  auto b = events_of(m, "battle", v);
  REQUIRE_FALSE(b.empty());
  return b.back();
}

std::string at(const Match& m, const std::string& square) {
  auto s = state(m);
  if (!s["board"].contains(square)) return "";
  return s["board"][square]["piece"].get<std::string>();
}

}  // namespace nj
