#include "engine/game.h"

#include <algorithm>

namespace facedown::engine {

std::variant<DecideCmd, std::string> Game::read_decision(const std::vector<std::string>& tokens) const {
  return "unknown command '" + (tokens.empty() ? std::string() : tokens.front()) + "'";
}

std::optional<Rejection> Game::decide(Resolver&, const DecideCmd&) const {
  return Rejection{"no decision is awaited now"};
}

void Game::decide_by_default(Resolver&) const {}

std::string Game::awaiting(const MatchState& s) const { return "waiting for the " + s.pending.kind + " decision"; }

std::optional<DecideCmd> Game::decision_of(const Decided&) const { return std::nullopt; }

std::optional<DecideCmd> Game::word_picks(const MatchState&, const std::vector<DecisionPick>&) const {
  return std::nullopt;
}

DecideCmd Game::choose_decision(const MatchState&, const DecisionPolicy&, std::uint64_t&) const { return {}; }

std::vector<std::string> Game::explain(const ShownBattle& battle, Lang lang) const {
  return explain_ranks_and_outcomes(*this, battle, lang);
}

bool Game::has_legal_move(const MatchState& s, int player) const {
  std::vector<Move> moves;
  legal_moves(s, player, moves);
  return !moves.empty();
}

bool Game::is_legal_move(const MatchState& s, int player, const Move& move) const {
  std::vector<Move> moves;
  legal_moves(s, player, moves);
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

std::optional<Rejection> Game::check_placement(int player, const Placement& p) const {
  if (p.type < 0 || p.type >= static_cast<int>(roster().size())) return Rejection{"unknown piece"};
  if (p.square < 0 || p.square >= geometry().size()) return Rejection{"a square is off the board"};
  if (setup_owner(p.square) != player) return Rejection{geometry().name(p.square) + " is not in the setup area"};
  return std::nullopt;
}

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::vector<Placement> Game::random_setup(int player, std::uint64_t seed) const {
  std::vector<Square> squares;
  for (Square s = 0; s < geometry().size(); ++s)
    if (setup_owner(s) == player) squares.push_back(s);
  for (std::size_t i = squares.size(); i > 1; --i)
    std::swap(squares[i - 1], squares[splitmix64(seed) % i]);
  std::vector<Placement> out;
  std::size_t next = 0;
  for (std::size_t t = 0; t < roster().size(); ++t)
    for (int n = 0; n < roster()[t].count && next < squares.size(); ++n)
      out.push_back({static_cast<PieceType>(t), squares[next++]});
  return out;
}

std::optional<PieceType> Game::parse_token(const std::string& token) const {
  const auto& r = roster();
  for (std::size_t i = 0; i < r.size(); ++i)
    if (r[i].token == token) return static_cast<PieceType>(i);
  return std::nullopt;
}

const Preset* GameInfo::find_preset(const std::string& preset_id) const {
  for (const auto& p : presets)
    if (p.id == preset_id) return &p;
  return nullptr;
}

const OptionSpec* GameInfo::find_option(const std::string& name) const {
  for (const auto& o : options)
    if (o.name == name) return &o;
  return nullptr;
}

std::vector<OptionSpec> shared_option_specs() {
  using K = OptionSpec::Kind;
  return {
      {"turn_limit", K::kInteger, {}, 0, 86400, "0",
       "seconds a player has for one move; 0 = no limit", "차례 제한 시간(초)", "한 수에 주어지는 초; 0 = 제한 없음"},
      {"on_timeout", K::kChoice, {"loss", "warning"}, 0, 0, "loss",
       "what a turn that reaches turn_limit costs: the game, or a warning and a fresh turn clock", "시간 초과 시", "차례 제한 시간에 닿으면: 패배, 또는 경고와 새 차례 시계"},
      {"warning_after", K::kInteger, {}, 0, 86400, "0",
       "a warning each time one turn's elapsed time reaches a multiple of this many seconds; 0 = off", "경고 간격(초)", "한 차례의 경과 시간이 이 초의 배수에 닿을 때마다 경고; 0 = 없음"},
      {"warnings_to_dq", K::kInteger, {}, 0, 100, "2",
       "warnings (timed or manual) that disqualify; 0 = never", "실격 경고 수", "실격이 되는 경고 수(시간 경고와 수동 경고 합산); 0 = 실격 없음"},
      {"decision_limit", K::kInteger, {}, 0, 86400, "0",
       "seconds for item and revival decisions, after which they count as none/decline; 0 = off", "결정 제한 시간(초)", "아이템과 부활 결정에 주어지는 초, 지나면 없음/거절로 처리; 0 = 제한 없음"},
      {"ply_limit", K::kInteger, {}, 0, 100000, "0", "moves after which the game is drawn; 0 = off", "수 제한", "이 수만큼 두면 무승부; 0 = 없음"},
      {"no_legal_moves", K::kChoice, {"loss", "draw"}, 0, 0, "loss",
       "what happens to a player who has no legal move", "둘 수 없을 때", "둘 수 있는 수가 없는 플레이어의 결과"},
  };
}

ResolvedOptions resolve_options(const GameInfo& info, const std::string& preset_id,
                                const Options& overrides) {
  ResolvedOptions out;
  const Preset* preset = info.find_preset(preset_id);
  if (!preset) {
    std::string list;
    for (const auto& p : info.presets) list += (list.empty() ? "" : ", ") + p.id;
    out.error = "unknown preset '" + preset_id + "' for " + info.id + " (presets: " + list + ")";
    return out;
  }
  for (const auto& spec : info.options) out.options[spec.name] = spec.default_value;
  for (const auto& [k, v] : preset->options) out.options[k] = v;
  for (const auto& [k, v] : overrides) {
    if (!info.find_option(k)) {
      out.error = "unknown option '" + k + "' for " + info.id;
      return out;
    }
    out.options[k] = v;
  }
  for (const auto& spec : info.options) {
    if (auto err = check_option_value(spec, out.options[spec.name])) {
      out.error = *err;
      return out;
    }
  }
  if (info.check_options)
    if (auto err = info.check_options(out.options)) out.error = *err;
  return out;
}

}  // namespace facedown::engine
