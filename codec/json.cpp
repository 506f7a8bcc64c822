#include "codec/json.h"

#include <algorithm>
#include "engine/vocabulary.h"

#include "codec/script.h"
#include "engine/view.h"

namespace facedown::codec {

using namespace engine;
using nlohmann::json;

namespace {

double seconds(Millis ms) { return static_cast<double>(ms) / 1000.0; }

json piece_token(const Game& g, PieceType t) {
  return t == kHiddenType ? json(nullptr) : json(g.token(t));
}

json square_json(const Game& g, Square s) { return s == kNoSquare ? json(nullptr) : json(g.geometry().name(s)); }

json ref_json(const PieceRef& r, const Game& g) {
  json j = {{"owner", r.owner}, {"piece", piece_token(g, r.type)}, {"square", square_json(g, r.square)}};
  if (r.value) j["value"] = *r.value;
  if (r.id >= 0) {
    j["id"] = r.id;
    j["secret_from"] = r.hidden_from;
  }
  return j;
}

json refs_json(const std::vector<PieceRef>& refs, const Game& g) {
  json a = json::array();
  for (const auto& r : refs) a.push_back(ref_json(r, g));
  return a;
}

// A detail's keys, added beside the English "detail" (only when it has a code, so
// events written before codes existed are written back unchanged).
void put_detail(json& j, const Detail& d) {
  if (d.empty()) return;
  j["detail_code"] = d.code;
  j["detail_params"] = d.params;
}

Detail get_detail(const json& j) {
  Detail d;
  if (!j.contains("detail_code")) return d;
  d.code = j.at("detail_code").get<std::string>();
  if (j.contains("detail_params")) d.params = j.at("detail_params").get<Params>();
  return d;
}

// A decision's facts (engine/decision.h) under their dotted keys.
void put_facts(json& j, const Decided& d, const Game& g) {
  for (const auto& [key, fact] : d.facts) {
    json* at = &j;
    for (std::size_t pos = 0;;) {
      const std::size_t dot = key.find('.', pos);
      at = &(*at)[key.substr(pos, dot == std::string::npos ? std::string::npos : dot - pos)];
      if (dot == std::string::npos) break;
      pos = dot + 1;
    }
    *at = std::visit(Overloaded{
                         [](const std::monostate&) { return json(nullptr); },
                         [](int n) { return json(n); },
                         [](const std::string& text) { return json(text); },
                         [&](const SquareFact& sq) { return square_json(g, sq.square); },
                         [&](const PieceRef& r) { return ref_json(r, g); },
                     },
                     fact.value);
  }
}

// ----- reading back (referee form only)

struct Reader {
  const Game& g;
  std::string error;

  Square square(const json& j) {
    if (j.is_null()) return kNoSquare;
    auto s = g.geometry().parse(j.get<std::string>());
    if (!s) {
      error = "bad square";
      return kNoSquare;
    }
    return *s;
  }
  PieceRef ref(const json& j) {
    PieceRef r;
    r.owner = j.at("owner").get<int>();
    if (j.at("piece").is_null()) {
      r.type = kHiddenType;
    } else {
      auto t = g.parse_token(j.at("piece").get<std::string>());
      if (!t) error = "bad piece";
      r.type = t.value_or(kHiddenType);
    }
    r.square = square(j.at("square"));
    if (j.contains("value")) r.value = j.at("value").get<int>();
    r.id = j.value("id", -1);
    r.hidden_from = j.value("secret_from", std::uint8_t{0});
    return r;
  }
  std::vector<PieceRef> refs(const json& j) {
    std::vector<PieceRef> out;
    for (const auto& e : j) out.push_back(ref(e));
    return out;
  }
  // A decision's facts as the game declares them (DecidedSpec): a key under a
  // null is one null fact (a choice of none).
  Decided decided(const DecidedSpec& spec, const json& j) {
    Decided d{spec.type, {}};
    for (const FactSpec& f : spec.facts) {
      const json* at = &j;
      std::string key;
      bool stopped = false;
      for (std::size_t pos = 0;;) {
        const std::size_t dot = f.key.find('.', pos);
        const std::string part = f.key.substr(pos, dot == std::string::npos ? std::string::npos : dot - pos);
        key += (key.empty() ? "" : ".") + part;
        if (!at->contains(part)) {
          stopped = true;  // a fact the event does not hold (another player's)
          break;
        }
        at = &at->at(part);
        if (dot == std::string::npos) break;
        if (at->is_null()) {
          d.facts[key] = Fact{};
          stopped = true;
          break;
        }
        pos = dot + 1;
      }
      if (stopped) continue;
      Fact fact{{}, f.role, f.player};
      if (!at->is_null()) {
        switch (f.kind) {
          case FactKind::kNumber: fact.value = at->get<int>(); break;
          case FactKind::kText: fact.value = at->get<std::string>(); break;
          case FactKind::kSquare: fact.value = SquareFact{square(*at)}; break;
          case FactKind::kPiece: fact.value = ref(*at); break;
        }
      }
      d.facts[f.key] = std::move(fact);
    }
    return d;
  }
};

}  // namespace

std::optional<Viewer> parse_viewer(const std::string& name) {
  if (name == "referee") return kReferee;
  if (name == "public") return kPublic;
  if (name == "player1") return kPlayer1;
  if (name == "player2") return kPlayer2;
  return std::nullopt;
}

const char* viewer_name(Viewer v) {
  switch (v) {
    case kReferee: return "referee";
    case kPlayer1: return "player1";
    case kPlayer2: return "player2";
    case kPublic: return "public";
  }
  return "referee";
}

json event_to_json(const Event& e, const Game& g) {
  json j = {{"seq", e.seq}, {"t", seconds(e.t)}, {"type", event_type(e.body)}};
  if (e.cmd) j["cmd"] = e.cmd;
  if (e.command) j["command"] = format_command(*e.command, g);
  // Added key, absent in older logs: when an event a void found took effect.
  if (e.at) j["at"] = seconds(*e.at);
  std::visit(Overloaded{
                 [&](const Opened& o) {
                   j["game"] = o.game;
                   j["preset"] = o.preset;
                   j["options"] = o.options;
                   j["players"] = o.players;
                 },
                 [&](const SetupLocked& o) {
                   j["player"] = o.player;
                   j["pieces"] = refs_json(o.pieces, g);
                 },
                 [&](const FirstChosen& o) {
                   j["player"] = o.player;
                   j["toss_seed"] = o.toss_seed ? json(*o.toss_seed) : json(nullptr);
                 },
                 [&](const Started&) {},
                 [&](const TurnStarted& o) { j["player"] = o.player; },
                 [&](const Moved& o) {
                   j["player"] = o.player;
                   j["from"] = g.geometry().name(o.from);
                   j["to"] = g.geometry().name(o.to);
                   j["piece"] = ref_json(o.piece, g);
                 },
                 [&](const DecisionAwaited& o) {
                   j["decision"] = o.kind;
                   j["player"] = o.player;
                   if (o.piece_id >= 0) j["piece_id"] = o.piece_id;
                   json sq = json::array();
                   for (Square s : o.squares) sq.push_back(g.geometry().name(s));
                   j["squares"] = sq;
                   j["candidates"] = refs_json(o.candidates, g);
                   if (!o.choices.empty()) j["choices"] = o.choices;  // added key: absent where a game lists none
                 },
                 [&](const Battle& o) {
                   json pairs = json::array();
                   for (const auto& p : o.pairs)
                     pairs.push_back({{"mover", ref_json(p.mover, g)},
                                      {"enemy", ref_json(p.enemy, g)},
                                      {"kind", p.kind.empty() ? json(nullptr) : json(p.kind)},
                                      {"outcome", p.outcome}});
                   j["pairs"] = pairs;
                   j["removed"] = refs_json(o.removed, g);
                   j["revealed"] = refs_json(o.revealed, g);
                 },
                 [&](const Attack& o) {
                   j["player"] = o.player;
                   j["from"] = g.geometry().name(o.from);
                   j["to"] = g.geometry().name(o.to);
                   j["attacker"] = ref_json(o.attacker, g);
                   j["defender"] = ref_json(o.defender, g);
                   j["outcome"] = outcome_name(o.outcome);
                   j["revealed"] = refs_json(o.revealed, g);
                 },
                 [&](const Removed& o) {
                   j["pieces"] = refs_json(o.pieces, g);
                   j["cause"] = o.cause;
                 },
                 [&](const Decided& o) { put_facts(j, o, g); },
                 [&](const Warned& o) {
                   j["player"] = o.player;
                   j["kind"] = o.kind;
                   j["reason"] = o.reason;
                   j["total"] = o.total;
                   put_detail(j, o.what);
                 },
                 [&](const Paused& o) { j["reason"] = o.reason; },
                 [&](const Resumed&) {},
                 [&](const Ticked&) {},
                 [&](const Ended& o) {
                   j["winner"] = o.winner == 0 ? json(nullptr) : json(o.winner);
                   j["reason"] = o.reason;
                   j["detail"] = o.detail;
                   put_detail(j, o.what);
                 },
                 [&](const Voided& o) {
                   j["count"] = o.count;
                   j["reason"] = o.reason;
                   j["commands"] = o.commands;
                   j["rewind_to"] = o.rewind_to;
                   j["restore"] = o.restore;
                 },
                 [&](const ClockSet& o) {
                   j["player"] = o.player;
                   j["elapsed"] = seconds(o.elapsed);
                   j["reason"] = o.reason;
                   if (o.reinstate) j["reinstate"] = true;  // added key: absent in older logs
                 },
                 [&](const Noted& o) { j["text"] = o.text; },
                 [&](const Captioned& o) { j["text"] = o.text ? json(*o.text) : json(nullptr); },
                 [&](const Closed&) {},
             },
             e.body);
  return j;
}

std::variant<Event, std::string> event_from_json(const json& j, const Game& g) {
  try {
    Event e;
    e.seq = j.at("seq").get<int>();
    e.t = static_cast<Millis>(std::llround(j.at("t").get<double>() * 1000.0));
    e.cmd = j.value("cmd", 0);
    if (j.contains("at")) e.at = static_cast<Millis>(std::llround(j.at("at").get<double>() * 1000.0));
    if (j.contains("command")) {
      std::vector<bool> quoted;
      auto tokens = tokenize(j.at("command").get<std::string>(), &quoted);
      if (auto* err = std::get_if<std::string>(&tokens)) return "event " + std::to_string(e.seq) + ": " + *err;
      auto parsed = parse_command(std::get<std::vector<std::string>>(tokens), g, quoted);
      if (auto* err = std::get_if<std::string>(&parsed)) return "event " + std::to_string(e.seq) + ": " + *err;
      e.command = std::get<TimedCommand>(parsed).command;
    }
    Reader rd{g, {}};
    const std::string type = j.at("type").get<std::string>();
    if (type == "opened") {
      e.body = Opened{j.at("game"), j.at("preset"), j.at("options").get<Options>(),
                      j.at("players").get<std::array<std::string, 2>>()};
    } else if (type == "setup-locked") {
      e.body = SetupLocked{j.at("player"), rd.refs(j.at("pieces"))};
    } else if (type == "first-chosen") {
      FirstChosen f{j.at("player"), std::nullopt};
      if (!j.at("toss_seed").is_null()) f.toss_seed = j.at("toss_seed").get<std::string>();
      e.body = f;
    } else if (type == "started") {
      e.body = Started{};
    } else if (type == "turn-started") {
      e.body = TurnStarted{j.at("player")};
    } else if (type == "moved") {
      e.body = Moved{j.at("player"), rd.ref(j.at("piece")), rd.square(j.at("from")), rd.square(j.at("to"))};
    } else if (type == "decision-awaited") {
      DecisionAwaited d;
      d.kind = j.at("decision").get<std::string>();
      d.player = j.at("player");
      d.piece_id = j.value("piece_id", -1);
      for (const auto& s : j.at("squares")) d.squares.push_back(rd.square(s));
      d.candidates = rd.refs(j.at("candidates"));
      if (j.contains("choices")) d.choices = j.at("choices").get<std::vector<std::string>>();
      e.body = d;
    } else if (type == "battle") {
      Battle b;
      for (const auto& p : j.at("pairs"))
        b.pairs.push_back({rd.ref(p.at("mover")), rd.ref(p.at("enemy")),
                           p.at("kind").is_null() ? std::string() : p.at("kind").get<std::string>(), p.at("outcome")});
      b.removed = rd.refs(j.at("removed"));
      b.revealed = rd.refs(j.at("revealed"));
      e.body = b;
    } else if (type == "attack") {
      const auto outcome = parse_outcome(j.at("outcome").get<std::string>());
      if (!outcome) return "event " + std::to_string(e.seq) + ": unknown attack outcome " + j.at("outcome").dump();
      e.body = Attack{j.at("player"), rd.ref(j.at("attacker")), rd.ref(j.at("defender")), rd.square(j.at("from")),
                      rd.square(j.at("to")), *outcome, rd.refs(j.at("revealed"))};
    } else if (type == "removed") {
      e.body = Removed{rd.refs(j.at("pieces")), j.at("cause")};
    } else if (type == "warned") {
      e.body = Warned{j.at("player"), j.at("kind"), j.at("reason"), j.at("total"), get_detail(j)};
    } else if (type == "paused") {
      e.body = Paused{j.at("reason")};
    } else if (type == "resumed") {
      e.body = Resumed{};
    } else if (type == "ticked") {
      e.body = Ticked{};
    } else if (type == "ended") {
      e.body = Ended{j.at("winner").is_null() ? 0 : j.at("winner").get<int>(), j.at("reason"), j.at("detail"),
                     get_detail(j)};
    } else if (type == "voided") {
      e.body = Voided{j.at("count"), j.at("reason"), j.at("commands").get<std::vector<int>>(), j.at("rewind_to"),
                      j.value("restore", false)};
    } else if (type == "clock-set") {
      e.body = ClockSet{j.at("player"), static_cast<Millis>(std::llround(j.at("elapsed").get<double>() * 1000.0)),
                        j.at("reason"), j.value("reinstate", false)};
    } else if (type == "noted") {
      e.body = Noted{j.at("text")};
    } else if (type == "captioned") {
      Captioned c;
      if (!j.at("text").is_null()) c.text = j.at("text").get<std::string>();
      e.body = c;
    } else if (type == "closed") {
      e.body = Closed{};
    } else {
      // The game's decision events (engine/decision.h).
      const auto specs = g.decided_specs();
      const auto spec = std::find_if(specs.begin(), specs.end(), [&](const DecidedSpec& d) { return d.type == type; });
      if (spec == specs.end()) return "event " + std::to_string(e.seq) + ": unknown type '" + type + "'";
      e.body = rd.decided(*spec, j);
    }
    if (!rd.error.empty()) return "event " + std::to_string(e.seq) + ": " + rd.error;
    return e;
  } catch (const std::exception& ex) {  // nlohmann's errors, and any other a bad row causes
    return std::string("malformed event: ") + ex.what();
  }
}

json state_to_json(const Match& match, Viewer viewer) {
  const MatchState& s = match.state();
  const Game& g = match.game();
  StateView v = view_state(s, viewer);
  json board = json::object();
  for (const auto& sq : v.board)
    board[g.geometry().name(sq.square)] = {
        {"owner", sq.owner}, {"piece", sq.type ? piece_token(g, *sq.type) : json(nullptr)}, {"revealed", sq.revealed}};
  json removed = {{"1", json::array()}, {"2", json::array()}};
  for (std::size_t o = 0; o < 2; ++o)
    for (const auto& t : v.removed[o]) removed[std::to_string(o + 1)].push_back(t ? piece_token(g, *t) : json(nullptr));
  json j = {
      {"game", s.game},
      {"preset", s.preset},
      {"status", s.status()},
      {"to_move", s.to_move == 0 ? json(nullptr) : json(s.to_move)},
      {"ply", s.ply},
      {"clock", {{"time", seconds(s.time)}, {"turn_elapsed", seconds(s.turn_elapsed())}}},
      {"result", s.result ? json{{"winner", s.result->winner == 0 ? json(nullptr) : json(s.result->winner)},
                                 {"reason", s.result->reason}}
                          : json(nullptr)},
      {"board", board},
      {"removed", removed},
      {"warnings", {{"1", s.warnings[0]}, {"2", s.warnings[1]}}},
      {"caption", s.caption ? json(*s.caption) : json(nullptr)},
      {"closed", s.closed},
  };
  // The game's counters (Number Janggi's items), what each player has left.
  if (const CounterSpec counters = g.counters(); !counters.names.empty()) {
    json left = json::object();
    for (std::size_t p = 0; p < 2; ++p) {
      json& mine = left[std::to_string(p + 1)] = json::object();
      for (std::size_t k = 0; k < s.counters.names.size(); ++k) mine[s.counters.names[k]] = s.counters.left[p][k];
    }
    j[counters.group] = left;
  }
  return j;
}

}  // namespace facedown::codec
