#include "codec/script.h"
#include "engine/vocabulary.h"

#include <algorithm>
#include <charconv>
#include <cstdint>

#include "codec/toss.h"
#include "engine/text.h"

namespace facedown::codec {

using namespace engine;

namespace {

std::optional<int> parse_int(const std::string& s) {
  int v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

std::optional<int> parse_player(const std::string& s) {
  if (s == "1") return 1;
  if (s == "2") return 2;
  return std::nullopt;
}

// "PIECE:SQUARE" -> (type, square), or an error naming the bad part.
std::variant<std::pair<PieceType, Square>, std::string> parse_piece_square(const std::string& tok,
                                                                          const Game& game) {
  auto colon = tok.rfind(':');
  if (colon == std::string::npos) return "expected PIECE:SQUARE, got '" + tok + "'";
  auto type = game.parse_token(tok.substr(0, colon));
  if (!type) return "unknown piece '" + tok.substr(0, colon) + "' in '" + tok + "'";
  auto sq = game.geometry().parse(tok.substr(colon + 1));
  if (!sq) return "unknown square '" + tok.substr(colon + 1) + "' in '" + tok + "'";
  return std::pair{*type, *sq};
}

}  // namespace

std::variant<std::vector<std::string>, std::string> tokenize(std::string_view line,
                                                             std::vector<bool>* quoted) {
  if (auto bad = utf8_problem(line)) return *bad;
  std::vector<std::string> out;
  std::vector<bool> marks;
  std::string cur;
  bool in_quotes = false, have = false, was_quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (in_quotes) {
      if (c == '"') {
        in_quotes = false;
      } else if (c == '\\' && i + 1 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\')) {
        cur += line[++i];
      } else if (static_cast<unsigned char>(c) < 0x20 && c != '\t') {
        // A line break or other control character in a name or reason could not
        // be written back as one script line; refuse it here, before anything
        // stores it.
        return "a control character (byte " + std::to_string(static_cast<int>(c)) +
               ") inside a quoted text";
      } else {
        cur += c;
      }
      continue;
    }
    if (c == '#') break;
    if (c == '"') {
      in_quotes = true;
      have = true;
      was_quoted = true;
    } else if (c == ' ' || c == '\t' || c == '\r') {
      if (have) {
        out.push_back(cur);
        marks.push_back(was_quoted);
      }
      cur.clear();
      have = false;
      was_quoted = false;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      return "a control character (byte " + std::to_string(static_cast<int>(c)) + ") in the line";
    } else {
      cur += c;
      have = true;
    }
  }
  if (in_quotes) return std::string("unterminated quote");
  if (have) {
    out.push_back(cur);
    marks.push_back(was_quoted);
  }
  if (quoted) *quoted = std::move(marks);
  return out;
}

std::optional<std::variant<std::monostate, std::string>> parse_header_line(
    const std::vector<std::string>& t, Header& h) {
  using R = std::variant<std::monostate, std::string>;
  if (t.empty()) return std::nullopt;
  const std::string& k = t[0];
  if (k == "game") {
    if (t.size() != 2) return R{"usage: game GAME-ID"};
    if (h.has_game) return R{"the game is already set"};
    h.game = t[1];
    h.has_game = true;
    return R{};
  }
  if (k == "preset") {
    if (t.size() != 2) return R{"usage: preset PRESET-ID"};
    h.preset = t[1];
    return R{};
  }
  if (k == "option") {
    if (t.size() != 2) return R{"usage: option NAME=VALUE"};
    auto eq = t[1].find('=');
    if (eq == std::string::npos || eq == 0) return R{"usage: option NAME=VALUE"};
    h.overrides[t[1].substr(0, eq)] = t[1].substr(eq + 1);
    return R{};
  }
  if (k == "player") {
    if (t.size() != 3) return R{"usage: player 1|2 \"NAME\""};
    auto p = parse_player(t[1]);
    if (!p) return R{"player must be 1 or 2, not '" + t[1] + "'"};
    h.players[static_cast<std::size_t>(*p - 1)] = t[2];
    return R{};
  }
  return std::nullopt;
}

std::variant<TimedCommand, std::string> parse_command(const std::vector<std::string>& tokens,
                                                      const Game& game, const std::vector<bool>& quoted) {
  TimedCommand out{TickCmd{}, std::nullopt};
  std::size_t i = 0;
  if (!tokens.empty() && !tokens[0].empty() && tokens[0][0] == '@') {
    auto t = parse_seconds(std::string_view(tokens[0]).substr(1));
    if (!t) return "bad time '" + tokens[0] + "' (expected @SECONDS, e.g. @61.5, at most 1000000000)";
    out.t = t;
    i = 1;
  }
  if (i >= tokens.size()) return std::string("a time with no command");
  const std::string& verb = tokens[i];
  std::vector<std::string> a(tokens.begin() + static_cast<long>(i) + 1, tokens.end());
  const Geometry& g = game.geometry();
  auto need = [&](std::size_t n, const char* usage) -> std::optional<std::string> {
    if (a.size() != n) return std::string("usage: ") + usage;
    return std::nullopt;
  };

  if (verb == "setup") {
    if (a.empty()) return std::string("usage: setup 1|2 PIECE:SQUARE ...");
    auto p = parse_player(a[0]);
    if (!p) return "player must be 1 or 2, not '" + a[0] + "'";
    SetupCmd c{*p, {}};
    for (std::size_t k = 1; k < a.size(); ++k) {
      auto ps = parse_piece_square(a[k], game);
      if (auto* e = std::get_if<std::string>(&ps)) return *e;
      auto [type, sq] = std::get<std::pair<PieceType, Square>>(ps);
      c.placements.push_back({type, sq});
    }
    out.command = c;
  } else if (verb == "first") {
    if (a.size() == 2 && a[0] == "toss") {
      out.command = FirstCmd{toss(a[1]), a[1]};
    } else {
      if (auto e = need(1, "first 1|2 | first toss SEED")) return *e;
      auto p = parse_player(a[0]);
      if (!p) return "first takes 1, 2 or toss SEED, not '" + a[0] + "'";
      out.command = FirstCmd{*p, std::nullopt};
    }
  } else if (verb == "start") {
    if (auto e = need(0, "start")) return *e;
    out.command = StartCmd{};
  } else if (verb == "move") {
    if (auto e = need(1, "move FROM-TO")) return *e;
    auto dash = a[0].find('-');
    if (dash == std::string::npos) return "expected FROM-TO, got '" + a[0] + "'";
    auto from = g.parse(a[0].substr(0, dash));
    auto to = g.parse(a[0].substr(dash + 1));
    if (!from) return "unknown square '" + a[0].substr(0, dash) + "'";
    if (!to) return "unknown square '" + a[0].substr(dash + 1) + "'";
    out.command = MoveCmd{{*from, *to}};
  } else if (verb == "tick") {
    if (auto e = need(0, "tick")) return *e;
    out.command = TickCmd{};
  } else if (verb == "pause") {
    if (a.size() > 1) return std::string("usage: pause \"REASON\"");
    out.command = PauseCmd{a.empty() ? "" : a[0]};
  } else if (verb == "resume") {
    if (auto e = need(0, "resume")) return *e;
    out.command = ResumeCmd{};
  } else if (verb == "warn") {
    if (a.empty() || a.size() > 2) return std::string("usage: warn 1|2 \"REASON\"");
    auto p = parse_player(a[0]);
    if (!p) return "player must be 1 or 2, not '" + a[0] + "'";
    out.command = WarnCmd{*p, a.size() > 1 ? a[1] : ""};
  } else if (verb == "resign") {
    if (auto e = need(1, "resign 1|2")) return *e;
    auto p = parse_player(a[0]);
    if (!p) return "player must be 1 or 2, not '" + a[0] + "'";
    out.command = ResignCmd{*p};
  } else if (verb == "draw") {
    if (auto e = need(0, "draw")) return *e;
    out.command = DrawCmd{};
  } else if (verb == "award") {
    if (auto e = need(2, "award 1|2 \"REASON\"")) return *e;
    auto p = parse_player(a[0]);
    if (!p) return "player must be 1 or 2, not '" + a[0] + "'";
    out.command = AwardCmd{*p, a[1]};
  } else if (verb == "void") {
    if (a.empty() || a.size() > 3) return std::string("usage: void N \"REASON\" [restore]");
    auto n = parse_int(a[0]);
    if (!n || *n < 1) return "void needs a count of at least 1, not '" + a[0] + "'";
    bool restore = false;
    if (a.size() == 2 && a[1] == "restore") return std::string("void needs a reason before `restore`: void N \"REASON\" restore");
    if (a.size() == 3) {
      if (a[2] != "restore") return "void takes `restore` after its reason, not '" + a[2] + "'";
      restore = true;
    }
    out.command = VoidCmd{*n, a.size() > 1 ? a[1] : "", restore};
  } else if (verb == "clock") {
    if (auto e = need(2, "clock SECONDS \"REASON\"")) return *e;
    auto e = parse_seconds(a[0]);
    if (!e) return "bad elapsed time '" + a[0] + "' (expected SECONDS, e.g. 20.5, at most 1000000000)";
    out.command = ClockCmd{*e, a[1]};
  } else if (verb == "note") {
    if (auto e = need(1, "note \"TEXT\"")) return *e;
    out.command = NoteCmd{a[0]};
  } else if (verb == "caption") {
    if (auto e = need(1, "caption \"TEXT\" | caption clear")) return *e;
    // Only the bare keyword clears; a quoted "clear" is a text, which the engine
    // refuses with its reason (a script could not write it back apart from the keyword).
    const std::size_t at = i + 1;
    const bool keyword = a[0] == "clear" && !(at < quoted.size() && quoted[at]);
    out.command = keyword ? CaptionCmd{std::nullopt} : CaptionCmd{a[0]};
  } else if (verb == "close") {
    if (auto e = need(0, "close")) return *e;
    out.command = CloseCmd{};
  } else if (verb == "game" || verb == "preset" || verb == "option" || verb == "player") {
    return "'" + verb + "' belongs in the header, before the first command";
  } else if (const auto verbs = game.decision_verbs(); std::find(verbs.begin(), verbs.end(), verb) != verbs.end()) {
    // The game's own decision: it reads the statement and words it (engine/decision.h).
    auto d = game.read_decision(std::vector<std::string>(tokens.begin() + static_cast<long>(i), tokens.end()));
    if (auto* e = std::get_if<std::string>(&d)) return *e;
    out.command = std::get<DecideCmd>(d);
  } else {
    return "unknown command '" + verb + "'";
  }
  return out;
}

std::string quote(const std::string& text) {
  bool plain = !text.empty();
  for (char c : text)
    if (c == ' ' || c == '"' || c == '#' || c == '\t' || c == '\\') plain = false;
  if (plain) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string printable(std::string_view line) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (std::size_t i = 0; i < line.size();) {
    // The longest valid UTF-8 sequence starting here (1 to 4 bytes), if any.
    std::size_t n = 0;
    for (std::size_t k = 1; k <= 4 && i + k <= line.size(); ++k)
      if (!utf8_problem(line.substr(i, k))) {
        n = k;
        break;
      }
    const auto c = static_cast<unsigned char>(line[i]);
    if (n == 0 || (n == 1 && c < 0x20 && c != '\t') || c == 0x7F) {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 0xF];
      ++i;
    } else {
      out.append(line.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::string format_command(const Command& command, const Game& game) {
  const Geometry& g = game.geometry();
  auto ps = [&](PieceType t, Square s) { return game.token(t) + ":" + g.name(s); };
  return std::visit(
      Overloaded{
          [&](const SetupCmd& c) {
            std::string out = "setup " + std::to_string(c.player);
            for (const auto& p : c.placements) out += " " + ps(p.type, p.square);
            return out;
          },
          [&](const FirstCmd& c) {
            return c.toss_seed ? "first toss " + quote(*c.toss_seed) : "first " + std::to_string(c.player);
          },
          [&](const StartCmd&) { return std::string("start"); },
          [&](const MoveCmd& c) { return "move " + g.name(c.move.from) + "-" + g.name(c.move.to); },
          [&](const DecideCmd& c) { return c.text; },
          [&](const TickCmd&) { return std::string("tick"); },
          [&](const PauseCmd& c) { return "pause " + quote(c.reason); },
          [&](const ResumeCmd&) { return std::string("resume"); },
          [&](const WarnCmd& c) { return "warn " + std::to_string(c.player) + " " + quote(c.reason); },
          [&](const ResignCmd& c) { return "resign " + std::to_string(c.player); },
          [&](const DrawCmd&) { return std::string("draw"); },
          [&](const AwardCmd& c) { return "award " + std::to_string(c.player) + " " + quote(c.reason); },
          [&](const VoidCmd& c) {
            return "void " + std::to_string(c.count) + " " + quote(c.reason) + (c.restore ? " restore" : "");
          },
          [&](const ClockCmd& c) { return "clock " + format_seconds(c.elapsed) + " " + quote(c.reason); },
          [&](const NoteCmd& c) { return "note " + quote(c.text); },
          [&](const CaptionCmd& c) { return c.text ? "caption " + quote(*c.text) : std::string("caption clear"); },
          [&](const CloseCmd&) { return std::string("close"); },
      },
      command);
}

}  // namespace facedown::codec
