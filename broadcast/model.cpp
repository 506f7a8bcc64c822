#include "broadcast/model.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "broadcast/model_fold.h"
#include "broadcast/model_follower.h"
#include "engine/registry.h"

namespace facedown::broadcast {

using nlohmann::json;

namespace {

std::optional<std::string> token_of(const json& j) {
  if (!j.is_object() || !j.contains("piece") || !j.at("piece").is_string()) return std::nullopt;
  return j.at("piece").get<std::string>();
}

double option_seconds(const engine::Options& o, const char* name) {
  auto it = o.find(name);
  if (it == o.end()) return 0;
  try {
    return std::stod(it->second);
  } catch (...) {
    return 0;
  }
}

engine::Square parse_square(const OnAirModel& m, const json& j) {
  if (!m.game || !j.is_string()) return engine::kNoSquare;
  return m.game->geometry().parse(j.get<std::string>()).value_or(engine::kNoSquare);
}

void read_opened(OnAirModel& m, const json& e, const std::vector<engine::GameInfo>& games) {
  m.game_id = e.at("game").get<std::string>();
  m.preset = e.value("preset", std::string{});
  m.players = e.at("players").get<std::array<std::string, 2>>();
  m.options = e.value("options", engine::Options{});
  const engine::GameInfo* info = engine::find_game(games, m.game_id);
  if (!info) {
    m.problems.push_back(fmt::format("unknown game '{}'", m.game_id));
    return;
  }
  m.game_name_en = info->name_en;
  m.game_name_ko = info->name_ko;
  // The stored options are complete; resolving them again fills any key an older
  // store left out with its default, so make() always gets a full set.
  auto resolved = engine::resolve_options(*info, m.preset.empty() ? info->default_preset : m.preset, m.options);
  if (resolved.error) {
    m.problems.push_back(fmt::format("options: {}", *resolved.error));
    return;
  }
  m.options = resolved.options;
  m.game = std::shared_ptr<const engine::Game>(info->make(m.options));
  m.words = m.game->words();
  m.turn_limit = option_seconds(m.options, "turn_limit");
  m.warning_after = option_seconds(m.options, "warning_after");
  m.warnings_to_dq = static_cast<int>(option_seconds(m.options, "warnings_to_dq"));
  m.counters = m.game->counters();
  m.has_counters = std::any_of(m.counters.initial.begin(), m.counters.initial.end(), [](int n) { return n > 0; });
  for (auto& left : m.counters_left) left.assign(m.counters.names.size(), 0);
  m.board.assign(static_cast<std::size_t>(m.game->geometry().size()), std::nullopt);
  m.opened = true;
}

void read_state(OnAirModel& m, const json& s) {
  m.status = s.at("status").get<std::string>();
  m.to_move = s.at("to_move").is_null() ? 0 : s.at("to_move").get<int>();
  m.ply = s.value("ply", 0);
  m.match_time = s.at("clock").at("time").get<double>();
  m.turn_elapsed = s.at("clock").at("turn_elapsed").get<double>();
  if (const auto it = s.find("caption"); it != s.end() && it->is_string()) m.caption = it->get<std::string>();
  std::fill(m.board.begin(), m.board.end(), std::nullopt);
  for (const auto& [name, p] : s.at("board").items()) {
    engine::Square sq = parse_square(m, json(name));
    if (sq == engine::kNoSquare) continue;
    m.board[static_cast<std::size_t>(sq)] = ShownPiece{p.at("owner").get<int>(), token_of(p), p.value("revealed", false)};
  }
  for (int o = 0; o < 2; ++o) {
    auto& out = m.removed[static_cast<std::size_t>(o)];
    out.clear();
    for (const auto& t : s.at("removed").at(std::to_string(o + 1)))
      out.push_back(t.is_string() ? std::optional<std::string>(t.get<std::string>()) : std::nullopt);
  }
  if (s.contains("warnings"))
    for (int o = 0; o < 2; ++o) m.warnings[static_cast<std::size_t>(o)] = s.at("warnings").value(std::to_string(o + 1), 0);
  if (!m.counters.group.empty() && s.contains(m.counters.group)) {
    const json& held = s.at(m.counters.group);
    for (int o = 0; o < 2; ++o) {
      auto& left = m.counters_left[static_cast<std::size_t>(o)];
      left.assign(m.counters.names.size(), 0);
      for (std::size_t k = 0; k < left.size(); ++k) left[k] = held.at(std::to_string(o + 1)).value(m.counters.names[k], 0);
    }
  }
  const json& r = s.at("result");
  if (r.is_null()) {
    m.result.reset();
  } else {
    m.result = ResultShown{r.at("winner").is_null() ? 0 : r.at("winner").get<int>(), r.at("reason").get<std::string>(), {}, {}};
  }
  m.paused = m.status == "paused";
  m.closed = s.value("closed", false);
}

// An event's detail as the codec writes it: detail_code and detail_params.
engine::Detail detail_of(const json& e) {
  engine::Detail d;
  if (const auto c = e.find("detail_code"); c != e.end() && c->is_string()) d.code = c->get<std::string>();
  if (const auto p = e.find("detail_params"); p != e.end() && p->is_object())
    for (const auto& [k, v] : p->items())
      if (v.is_string()) d.params[k] = v.get<std::string>();
  return d;
}

// Counters that hide a piece, used in the running move: (player, square, counter).
using BlindMark = model_fold::BlindMark;

// The value under a decision fact's dotted key ("items.1.item"), as the codec
// nests it; nullptr when absent.
const json* fact_at(const json& e, const std::string& key) {
  const json* at = &e;
  std::size_t from = 0;
  while (true) {
    const std::size_t dot = key.find('.', from);
    const std::string part = key.substr(from, dot == std::string::npos ? std::string::npos : dot - from);
    if (!at->is_object()) return nullptr;
    const auto found = at->find(part);
    if (found == at->end()) return nullptr;
    at = &*found;
    if (dot == std::string::npos) return at;
    from = dot + 1;
  }
}

// The counters a decision event of the game used (its facts of role kSpent),
// each with the square it names; none when `type` is no decision of the game.
std::vector<CounterUse> counters_spent(const OnAirModel& m, const std::string& type, const json& e) {
  std::vector<CounterUse> out;
  if (!m.game) return out;
  for (const engine::DecidedSpec& spec : m.game->decided_specs()) {
    if (spec.type != type) continue;
    for (const engine::FactSpec& fact : spec.facts) {
      if (fact.role != engine::FactRole::kSpent) continue;
      const json* used = fact_at(e, fact.key);
      if (!used || !used->is_string()) continue;  // null: a choice of none
      const json* square = fact.on.empty() ? nullptr : fact_at(e, fact.on);
      out.push_back({fact.player, used->get<std::string>(), square && square->is_string() ? square->get<std::string>() : ""});
    }
  }
  return out;
}

Fighter fighter(const OnAirModel& m, const json& ref, bool mover, const std::vector<BlindMark>& blinds) {
  Fighter f;
  f.owner = ref.at("owner").get<int>();
  f.square = parse_square(m, ref.at("square"));
  f.token = token_of(ref);
  if (ref.contains("value") && ref.at("value").is_number_integer()) f.value = ref.at("value").get<int>();
  f.mover = mover;
  if (!f.token)
    for (const auto& b : blinds)
      if (b.player == f.owner && b.square == f.square) {
        f.blind = true;
        f.hidden_by = b.counter;
      }
  return f;
}

// Whether the public state before the battle showed this piece's identity.
bool face_up_before(const json* before, const OnAirModel& m, const Fighter& f) {
  if (!before || !m.game || f.square == engine::kNoSquare) return false;
  const json& board = before->at("board");
  const std::string name = m.game->geometry().name(f.square);
  if (!board.contains(name)) return false;
  const json& p = board.at(name);
  return p.at("owner").get<int>() == f.owner && p.at("piece").is_string();
}

BattleShow battle_show(const OnAirModel& m, const PublicRow& row, const std::vector<BlindMark>& blinds,
                       const json* before) {
  BattleShow b;
  b.seq = row.seq;
  b.wall_time = row.wall_time;
  b.kind = row.type;
  const json& e = row.event;
  auto add = [&](Fighter f) {
    for (const auto& g : b.fighters)
      if (g.square == f.square && g.owner == f.owner) return;
    b.fighters.push_back(std::move(f));
  };
  if (row.type == "battle") {
    for (const auto& p : e.at("pairs")) {
      const Fighter mv = fighter(m, p.at("mover"), true, blinds), en = fighter(m, p.at("enemy"), false, blinds);
      const auto kind = p.find("kind");
      b.pairs.push_back({kind != p.end() && kind->is_string() ? kind->get<std::string>() : std::string(),
                         p.value("outcome", std::string{}), mv.value, en.value, mv.token, en.token});
      add(mv);
      add(en);
    }
    for (const auto& r : e.at("removed")) {
      engine::Square sq = parse_square(m, r.at("square"));
      int owner = r.at("owner").get<int>();
      for (auto& f : b.fighters)
        if (f.square == sq && f.owner == owner) f.removed = true;
    }
  } else {
    Fighter a = fighter(m, e.at("attacker"), true, blinds);
    Fighter d = fighter(m, e.at("defender"), false, blinds);
    const std::string outcome = e.value("outcome", std::string{});
    a.removed = outcome == "defender" || outcome == "both";
    d.removed = outcome == "attacker" || outcome == "both";
    b.fighters = {a, d};
    b.pairs.push_back({"", outcome, std::nullopt, std::nullopt, a.token, d.token});
  }
  for (auto& f : b.fighters) f.was_face_up = face_up_before(before, m, f);
  return b;
}

// Pieces removed without a battle (Hidden Hasami's custodian runs, a revival's
// arrival): they light up and fade like a battle's losers, and the explainer names
// the cause, so a capture never just vanishes from the board.
BattleShow capture_show(const OnAirModel& m, const PublicRow& row, const json* before) {
  BattleShow b;
  b.seq = row.seq;
  b.wall_time = row.wall_time;
  b.kind = "capture";
  for (const auto& r : row.event.at("pieces")) {
    Fighter f = fighter(m, r, false, {});
    f.removed = true;
    f.was_face_up = face_up_before(before, m, f);
    b.fighters.push_back(std::move(f));
  }
  b.pairs.push_back({row.event.value("cause", std::string{}), "", std::nullopt, std::nullopt, std::nullopt,
                     std::nullopt});
  return b;
}

}  // namespace

namespace model_fold {

void read_opened(OnAirModel& m, const json& e, const std::vector<engine::GameInfo>& games) {
  facedown::broadcast::read_opened(m, e, games);
}

void read_state(OnAirModel& m, const json& s) {
  // Every state field from this state alone: what an older state said and this
  // one leaves out (a caption cleared) does not linger.
  m.status = "setup";
  m.to_move = 0;
  m.ply = 0;
  m.match_time = m.turn_elapsed = 0;
  m.caption.reset();
  m.warnings = {0, 0};
  for (auto& left : m.counters_left) left.assign(m.counters.names.size(), 0);
  m.result.reset();
  m.closed = false;
  m.paused = false;
  facedown::broadcast::read_state(m, s);
}

void read_event(OnAirModel& m, const PublicRow& row, std::vector<BlindMark>& blinds, const json* previous,
                std::optional<std::pair<std::string, engine::Detail>>& ended) {
  const json& e = row.event;
  const std::string& type = row.type;
  if (type == "moved" || type == "attack") {
    m.last_from = parse_square(m, e.at("from"));
    m.last_to = parse_square(m, e.at("to"));
    blinds.clear();
    if (type == "attack") m.battle = battle_show(m, row, blinds, previous);
  } else if (type == "setup-locked") {
    const int p = e.at("player").get<int>();
    if (p == 1 || p == 2) m.setup_locked[static_cast<std::size_t>(p - 1)] = true;
  } else if (const auto spent = counters_spent(m, type, e); !spent.empty()) {
    const auto& hiding = m.counters.hiding;
    for (const CounterUse& use : spent) {
      if (!use.square.empty() && std::find(hiding.begin(), hiding.end(), use.counter) != hiding.end())
        blinds.push_back({use.player, parse_square(m, json(use.square)), use.counter});
      m.counters_used.push_back(use);
    }
  } else if (type == "battle") {
    m.battle = battle_show(m, row, blinds, previous);
  } else if (type == "removed" && !e.at("pieces").empty()) {
    m.battle = capture_show(m, row, previous);
  } else if (type == "warned") {
    m.last_warning = WarningShown{row.seq, e.at("player").get<int>(), e.value("kind", std::string{}),
                                  e.value("reason", std::string{}), e.value("total", 0), row.wall_time, detail_of(e)};
  } else if (type == "paused") {
    m.pause_reason = e.value("reason", std::string{});
  } else if (type == "ended") {
    ended = std::make_pair(e.value("detail", std::string{}), detail_of(e));
  }
}

}  // namespace model_fold

OnAirModel derive_model(const std::vector<PublicRow>& rows, std::size_t count,
                        const std::vector<engine::GameInfo>& games) {
  count = std::min(count, rows.size());
  ModelFollower f(games);
  const RowHistory history = history_of(rows);
  for (std::size_t i = 0; i < count; ++i) f.add(rows[i], history);
  return f.model();
}

void attach_commitments(OnAirModel& m, const std::array<std::optional<SetupCommitment>, 2>& seals) {
  for (std::size_t p = 0; p < 2; ++p) {
    m.commitments[p].reset();
    if (!seals[p] || !m.setup_locked[p]) continue;
    SetupCommitment c = *seals[p];
    if (!m.closed) {  // the rules open no setup before `close` (a void can undo a result)
      c.setup.reset();
      c.salt.reset();
      c.verified.reset();
    }
    m.commitments[p] = std::move(c);
  }
}

std::size_t rows_on_air(const std::vector<PublicRow>& rows, std::size_t count,
                        const std::optional<Presentation>& p) {
  count = std::min(count, rows.size());
  if (!p || !p->held) return count;
  std::size_t n = 0;
  while (n < count && rows[n].seq <= p->held_seq) ++n;
  return n;
}

void apply_presentation(OnAirModel& m, const OnAirModel& live, const std::optional<Presentation>& p) {
  m.held = p && p->held;
  m.held_wall = m.held ? p->wall_time : 0;
  if (!m.held || !live.opened) return;
  // The live parts: what a viewer reads as "now" (whose turn, how long it has
  // run, warnings, the pause, the director's caption). The held picture keeps
  // board, battle, trays, items, last move, result and seals.
  m.status = live.status;
  m.paused = live.paused;
  m.pause_reason = live.pause_reason;
  m.to_move = live.to_move;
  m.match_time = live.match_time;
  m.turn_elapsed = live.turn_elapsed;
  m.row_wall_time = live.row_wall_time;
  m.warnings = live.warnings;
  m.last_warning = live.last_warning;
  m.caption = live.caption;
  m.caption_wall = live.caption_wall;
  if (live.heartbeat) m.heartbeat = live.heartbeat;
}

OnAirModel derive_on_air(const std::vector<PublicRow>& rows, std::size_t count, const std::optional<Presentation>& p,
                         const std::vector<engine::GameInfo>& games) {
  count = std::min(count, rows.size());
  const std::size_t shown = rows_on_air(rows, count, p);
  OnAirModel m = derive_model(rows, shown, games);
  if (shown == count) {
    apply_presentation(m, m, p);
  } else {
    const OnAirModel live = derive_model(rows, count, games);
    apply_presentation(m, live, p);
  }
  return m;
}

double shown_now(const OnAirModel& m, double now_wall) { return m.held ? std::min(now_wall, m.held_wall) : now_wall; }

bool desk_standby(const OnAirModel& m, double now_wall) {
  return m.opened && !m.result && m.heartbeat && now_wall - m.heartbeat->wall_time > kStaleDeskSeconds;
}

ClockShown turn_clock(const OnAirModel& m, double now_wall) {
  ClockShown c;
  if (!m.opened || m.to_move == 0 || m.result) return c;
  if (m.status != "playing" && m.status != "paused") return c;
  c.visible = true;
  c.running = m.status == "playing";
  double used = m.turn_elapsed;
  if (c.running) {
    double ran = std::max(0.0, now_wall - m.row_wall_time);
    if (m.heartbeat) {
      // Never past the desk's own clock: it stands still while the desk holds
      // it (a dialog) and stops when the desk goes quiet (standby). Between
      // heartbeats it runs on from the last one, up to kStaleDeskSeconds; at
      // standby it freezes where it stood then, never back at the heartbeat
      // (that was a jump of up to 2 s: 0:49 running, 0:51 frozen).
      const double known = std::max(0.0, m.heartbeat->match_time - m.match_time);
      if (desk_standby(m, now_wall)) {
        const double at_standby = std::max(0.0, m.heartbeat->wall_time + kStaleDeskSeconds - m.row_wall_time);
        ran = std::min({ran, at_standby, known + kStaleDeskSeconds});
        c.running = false;
      } else {
        ran = std::min(ran, known + std::max(0.0, now_wall - m.heartbeat->wall_time));
      }
    }
    used += ran;
  }
  if (m.turn_limit > 0) {
    c.counts_down = true;
    c.seconds = std::max(0.0, m.turn_limit - used);
    // Broadcast convention: amber for the last third (at most 20 s), red for the last 10 s.
    const double caution = std::min(20.0, m.turn_limit / 3.0);
    const double danger = std::min(10.0, m.turn_limit / 6.0);
    c.level = c.seconds <= danger ? ClockLevel::kDanger : c.seconds <= caution ? ClockLevel::kCaution : ClockLevel::kCalm;
    if (c.level == ClockLevel::kCalm) c.next_level_in = c.seconds - caution, c.next_level = ClockLevel::kCaution;
    else if (c.level == ClockLevel::kCaution) c.next_level_in = c.seconds - danger, c.next_level = ClockLevel::kDanger;
  } else {
    c.seconds = used;
    if (m.warning_after > 0) {
      c.next_warning = m.warning_after - std::fmod(used, m.warning_after);
      c.level = c.next_warning <= 10 ? ClockLevel::kDanger : c.next_warning <= 30 ? ClockLevel::kCaution : ClockLevel::kCalm;
      if (c.level == ClockLevel::kCalm) c.next_level_in = c.next_warning - 30, c.next_level = ClockLevel::kCaution;
      else if (c.level == ClockLevel::kCaution) c.next_level_in = c.next_warning - 10, c.next_level = ClockLevel::kDanger;
      else c.next_level_in = c.next_warning, c.next_level = ClockLevel::kCalm;
    }
  }
  if (!c.running || !(c.next_level_in > 0)) c.next_level_in = 0;
  return c;
}

std::string format_clock(double seconds, bool counts_down) {
  if (!(seconds > 0)) return "0:00";
  const long s = static_cast<long>(counts_down ? std::ceil(seconds - 1e-9) : std::floor(seconds));
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

}  // namespace facedown::broadcast
