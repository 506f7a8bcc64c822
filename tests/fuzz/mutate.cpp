#include "tests/fuzz/mutate.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

#include "codec/export.h"
#include "engine/game.h"
#include "engine/registry.h"
#include "tests/conformance/random_match.h"
#include "tests/conformance/random_text.h"
#include "tests/overlay/scripts.h"

namespace fuzz {

std::uint64_t Rng::next() { return facedown::engine::splitmix64(state); }
std::size_t Rng::below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
bool Rng::chance(int per_mille) { return static_cast<int>(next() % 1000) < per_mille; }

namespace {

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void add_dir(std::vector<CorpusScript>& out, const std::string& rel) {
  const std::filesystem::path dir = std::filesystem::path(FACEDOWN_SOURCE_DIR) / rel;
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".txt") files.push_back(entry.path());
  std::sort(files.begin(), files.end());  // directory order is not deterministic
  for (const auto& f : files) out.push_back({rel + "/" + f.filename().string(), read_file(f)});
}

const std::vector<std::string> kOddNumbers = {
    "999999999999999", "999999999999999.999", "9999999999999999", "99999999999999999999", "-0", "0", "00",
    "-1", "1e308", "1E3", "nan", "NaN", "inf", "-inf", "0x10", "0b1", "2147483647", "2147483648",
    "-2147483649", "4294967296", "9223372036854775807", "9223372036854775808", "18446744073709551616",
    "1.0005", ".5", "5.", ".", "0.001", "0.0001", "00000000000001", "+1", "1_000", "1,5", "86400",
    "86401", "100000", "100001", "\xd9\xa3" /* Arabic-Indic three */, "\xef\xbc\x91" /* fullwidth 1 */,
    "1\xcc\x81", ""};

const std::vector<std::string> kBadUtf8 = {
    "\xff", "\xfe", "\xc0\xaf", "\xc1\xbf", "\xe0\x80\xaf", "\xf0\x80\x80\xaf", "\x80", "\xbf",
    "\x80\x80", "\xed\xa0\x80", "\xed\xbf\xbf", "\xed\xa0\xbd\xed\xb8\x80", "\xf4\x90\x80\x80",
    "\xf8\x88\x80\x80\x80", "\xe2\x82", "\xc3", "caf\xe9", "\xef\xbf\xbf"};

std::vector<std::string> option_names() {
  std::set<std::string> names;
  for (const auto& g : facedown::engine::all_games())
    for (const auto& o : g.options) names.insert(o.name);
  names.insert("no_such_option");
  names.insert("");
  names.insert("turn_limit ");
  return {names.begin(), names.end()};
}

std::vector<std::string> option_values() {
  std::vector<std::string> v = kOddNumbers;
  for (const auto& g : facedown::engine::all_games())
    for (const auto& o : g.options) {
      for (const auto& c : o.choices) v.push_back(c);
      v.push_back(o.default_value);
      v.push_back(std::to_string(o.min));
      v.push_back(std::to_string(o.max));
      v.push_back(std::to_string(o.max + 1));
    }
  for (const char* s : {"1", "2", "none", "blind:99,plus:99,minus:99", "blind:1,blind:1", "blind:100",
                        "plus:1,", ",", "blind:-1", "blind:1,plus:1,minus:1,", "a=b", "\"quoted\""})
    v.push_back(s);
  return v;
}

std::vector<std::string> game_ids() {
  std::vector<std::string> v;
  for (const auto& g : facedown::engine::all_games()) v.push_back(g.id);
  for (const char* s : {"", "NUMBER-JANGGI", "number-janggi\xff", "chess", "number-janggi number-janggi",
                        "number_janggi", "number-janggi\t"})
    v.push_back(s);
  return v;
}

std::vector<std::string> preset_ids() {
  std::vector<std::string> v;
  for (const auto& g : facedown::engine::all_games())
    for (const auto& p : g.presets) v.push_back(p.id);
  for (const char* s : {"", "nonsense", "genius-2015 rsf-s52", "GENIUS-2015"}) v.push_back(s);
  return v;
}

// Hostile option combinations (extremes of every option) and their relatives.
const std::vector<std::vector<std::string>> kOptionBombs = {
    {"option warning_after=1", "option warnings_to_dq=0"},
    {"option warning_after=1", "option warnings_to_dq=0", "option turn_limit=0"},
    {"option on_timeout=warning", "option turn_limit=1", "option warnings_to_dq=0"},
    {"option decision_limit=1"},
    {"option ply_limit=1"},
    {"option warning_after=86400", "option turn_limit=86400"},
    {"option items=blind:99,plus:99,minus:99"},
    {"option items=none", "option revive=keep-and-revive"},
};

bool is_header(const std::string& line) {
  for (const char* k : {"game", "preset", "option", "player"}) {
    const std::size_t n = std::char_traits<char>::length(k);
    if (line.compare(0, n, k) == 0 && (line.size() == n || line[n] == ' ')) return true;
  }
  return false;
}

// Index just after the header (and the comments before the first command).
std::size_t header_end(const std::vector<std::string>& lines) {
  std::size_t last = 0;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (is_header(lines[i])) last = i + 1;
  return last;
}

std::vector<std::string> split_spaces(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : line) {
    if (c == ' ') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

std::string join_spaces(const std::vector<std::string>& t) {
  std::string out;
  for (std::size_t i = 0; i < t.size(); ++i) out += (i ? " " : "") + t[i];
  return out;
}

std::string random_square(Rng& rng) {
  std::string s(1, static_cast<char>('a' + rng.below(10)));
  s += std::to_string(1 + rng.below(10));
  return s;
}

std::string long_line(Rng& rng) {
  constexpr std::size_t kMB = 1 << 20;
  switch (rng.below(7)) {
    case 0: return std::string(kMB, 'a');
    case 1: return "pause " + quoted(std::string(kMB, 'x'));
    case 2: {
      std::string s = "setup 1";
      while (s.size() < kMB / 2) s += " K:a1";
      return s;
    }
    case 3: return "@" + std::string(kMB, '9') + " tick";
    case 4: return std::string(kMB, ' ') + "tick";
    case 5: return std::string(kMB, '"');
    default: {
      std::string s = "player 1 \"";
      while (s.size() < kMB) s += "\xea\xb9\x80";  // 김
      return s + "\"";
    }
  }
}

std::size_t quote_position(const std::string& line, Rng& rng) {
  std::vector<std::size_t> after_quote;
  for (std::size_t i = 0; i < line.size(); ++i)
    if (line[i] == '"') after_quote.push_back(i + 1);
  if (after_quote.empty()) return rng.below(line.size() + 1);
  return rng.pick(after_quote);
}

}  // namespace

std::vector<CorpusScript> load_corpus() {
  std::vector<CorpusScript> out;
  add_dir(out, "assets/matches");
  add_dir(out, "tests/golden/matches");
  add_dir(out, "tests/console/scripts");
  out.push_back({"tests/overlay/scripts.h kBlindBattle", facedown::overlay::testing::kBlindBattle});
  out.push_back({"tests/overlay/scripts.h kOpenBattle", facedown::overlay::testing::kOpenBattle});
  // Random sessions of every game and preset, exported: the other games' pieces,
  // squares and options, and more voids, decisions and endings.
  for (const auto& info : facedown::engine::all_games())
    for (const auto& preset : info.presets)
      for (std::uint64_t k = 0; k < 4; ++k) {
        conformance::SessionConfig config;
        config.seed = 1000 + k * 31;
        config.max_commands = 30 + static_cast<int>(k) * 25;
        auto session = conformance::play_session(info, preset.id, config);
        out.push_back({"random " + info.id + "/" + preset.id + " #" + std::to_string(k),
                       facedown::codec::export_script(session.match)});
      }
  return out;
}

std::string random_text(Rng& rng, bool controls, std::size_t max_chars) {
  return conformance::random_text(rng.state, controls, max_chars);
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

const std::vector<std::string>& vocabulary() {
  static const std::vector<std::string> v = {
      "tick", "start", "resume", "pause", "pause \"x\"", "pause \"a\" \"b\"", "draw", "draw now", "resign 1",
      "resign 2", "resign 3", "resign", "warn 1 \"r\"", "warn 2", "warn 0 \"r\"", "award 1 \"r\"", "award 2",
      "award 2 \"r\"", "void 1 \"r\"", "void 3 \"r\"", "void 99 \"r\"", "void 0 \"r\"", "void -1 \"r\"",
      "void 1", "void", "void 1 \"r\" restore", "void 2 \"r\" restore", "void 1 restore", "void 1 \"r\" keep",
      "first 1", "first 2", "first 3", "first toss seed", "first toss \"\"", "first toss", "revive decline",
      "revive 7:b1", "revive 9:c1", "revive K:a1", "revive", "items 1=none 2=none", "items 2=none 1=none",
      "items 1=none 1=none", "items 1=blind:a1 2=plus:c5", "items 1=minus:b2 2=blind:c9", "items 1=none",
      "items", "move a1-a2", "move a3-a4", "move c7-c6", "move a1-a1", "move z9-a1", "move a1", "move -",
      "setup 1", "setup 2 K:a1", "setup 3 K:a1", "clock 0 \"r\"", "clock 20.5 \"r\"", "clock 59.999 \"r\"",
      "clock 60 \"r\"", "clock 999999999999999 \"r\"", "clock -1 \"r\"", "clock 1", "clock", "note \"t\"",
      "note", "note \"a\" \"b\"", "caption \"t\"", "caption clear", "caption", "caption \"\"", "close",
      "close now", "game number-janggi", "option turn_limit=5", "player 1 \"x\"", "preset rsf-s52", "bogus",
      "@", "@1", "@1 @2 tick", "#only a comment", "", "   ", "\t"};
  return v;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

std::string escaped(const std::string& text, std::size_t max_bytes) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size() && out.size() < max_bytes) {
    // A long run of one byte: shown once with its count.
    std::size_t run = 1;
    while (i + run < text.size() && text[i + run] == text[i]) ++run;
    const unsigned char c = static_cast<unsigned char>(text[i]);
    std::string one;
    if (c == '\n') one = "\n";
    else if (c == '\\') one = "\\\\";
    else if (c >= 0x20 && c < 0x7F) one = std::string(1, static_cast<char>(c));
    else {
      static const char* hex = "0123456789abcdef";
      one = std::string("\\x") + hex[c >> 4] + hex[c & 15];
    }
    if (run > 16) {
      out += one + "{x" + std::to_string(run) + "}";
      i += run;
    } else {
      out += one;
      ++i;
    }
  }
  if (i < text.size()) out += "...(" + std::to_string(text.size() - i) + " more bytes)";
  return out;
}

std::string mutate(const std::string& base, Rng& rng, std::vector<std::string>& applied) {
  static const std::vector<std::string> opt_names = option_names();
  static const std::vector<std::string> opt_values = option_values();
  static const std::vector<std::string> games = game_ids();
  static const std::vector<std::string> presets = preset_ids();

  std::vector<std::string> lines = split_lines(base);
  if (lines.empty()) lines.push_back("");
  auto any_line = [&]() -> std::string& { return lines[rng.below(lines.size())]; };
  auto command_line = [&]() -> std::size_t {
    const std::size_t h = header_end(lines);
    return h >= lines.size() ? rng.below(lines.size()) : h + rng.below(lines.size() - h);
  };
  bool crlf = false, truncate = false, no_final_newline = false;

  struct Mutator {
    const char* name;
    int weight;
    std::function<void()> run;
  };
  const std::vector<Mutator> mutators = {
      {"byte-flip", 10, [&] {
         auto& l = any_line();
         if (l.empty()) return;
         auto& c = l[rng.below(l.size())];
         c = rng.chance(500) ? static_cast<char>(c ^ (1 << rng.below(8))) : static_cast<char>(rng.below(256));
       }},
      {"byte-insert", 4, [&] {
         auto& l = any_line();
         l.insert(l.begin() + static_cast<long>(rng.below(l.size() + 1)), static_cast<char>(rng.below(256)));
       }},
      {"byte-delete", 4, [&] {
         auto& l = any_line();
         if (!l.empty()) l.erase(rng.below(l.size()), 1 + rng.below(3));
       }},
      {"token-swap", 6, [&] {
         auto& l = lines[command_line()];
         auto t = split_spaces(l);
         if (t.size() < 2) return;
         std::swap(t[rng.below(t.size())], t[rng.below(t.size())]);
         l = join_spaces(t);
       }},
      {"token-swap-lines", 5, [&] {
         auto& a = lines[command_line()];
         auto& b = lines[command_line()];
         auto ta = split_spaces(a), tb = split_spaces(b);
         std::swap(ta[rng.below(ta.size())], tb[rng.below(tb.size())]);
         a = join_spaces(ta);
         b = join_spaces(tb);
       }},
      {"odd-number", 8, [&] {
         auto& l = lines[command_line()];
         std::vector<std::pair<std::size_t, std::size_t>> runs;
         for (std::size_t i = 0; i < l.size();) {
           if (l[i] >= '0' && l[i] <= '9') {
             std::size_t j = i;
             while (j < l.size() && ((l[j] >= '0' && l[j] <= '9') || l[j] == '.')) ++j;
             runs.emplace_back(i, j - i);
             i = j;
           } else {
             ++i;
           }
         }
         if (runs.empty()) return;
         auto [at, len] = rng.pick(runs);
         l.replace(at, len, rng.pick(kOddNumbers));
       }},
      {"odd-time", 6, [&] {
         auto& l = lines[command_line()];
         const std::string t = "@" + rng.pick(kOddNumbers);
         if (!l.empty() && l[0] == '@') {
           auto sp = l.find(' ');
           l = t + (sp == std::string::npos ? "" : l.substr(sp));
         } else {
           l = t + " " + l;
         }
       }},
      {"long-line", 1, [&] {
         auto line = long_line(rng);
         const std::size_t at = rng.below(lines.size() + 1);
         if (rng.chance(500) && at < lines.size()) lines[at] = std::move(line);
         else lines.insert(lines.begin() + static_cast<long>(at), std::move(line));
       }},
      {"bad-utf8", 8, [&] {
         auto& l = any_line();
         const std::size_t at = rng.chance(600) ? quote_position(l, rng) : rng.below(l.size() + 1);
         l.insert(at, rng.pick(kBadUtf8));
       }},
      {"nul", 4, [&] {
         auto& l = any_line();
         const std::size_t at = rng.chance(500) ? quote_position(l, rng) : rng.below(l.size() + 1);
         l.insert(at, 1, '\0');
       }},
      {"cr", 5, [&] {
         auto& l = any_line();
         const std::size_t at = rng.chance(600) ? quote_position(l, rng) : rng.below(l.size() + 1);
         l.insert(at, 1, '\r');
       }},
      {"crlf", 2, [&] { crlf = true; }},
      {"open-quote", 5, [&] {
         auto& l = lines[command_line()];
         auto q = l.rfind('"');
         if (q != std::string::npos && rng.chance(600)) l.erase(q, 1);
         else if (rng.chance(500)) l.insert(rng.below(l.size() + 1), 1, '"');
         else l += " \"unterminated";
       }},
      {"arity-add", 5, [&] {
         auto& l = lines[command_line()];
         l += " " + rng.pick(std::vector<std::string>{"1", "2", "x", "\"r\"", "a1", "restore", "K:a1", "2=none",
                                                       "clear", "toss", "\"\"", "#", "@1"});
       }},
      {"arity-drop", 5, [&] {
         auto& l = lines[command_line()];
         auto t = split_spaces(l);
         if (t.size() < 2) return;
         t.erase(t.begin() + static_cast<long>(rng.below(t.size())));
         l = join_spaces(t);
       }},
      {"dup-line", 5, [&] {
         const std::size_t i = rng.below(lines.size());
         const std::string copy = lines[i];
         lines.insert(lines.begin() + static_cast<long>(rng.chance(500) ? i : rng.below(lines.size() + 1)), copy);
       }},
      {"del-line", 6, [&] {
         if (lines.size() > 1) lines.erase(lines.begin() + static_cast<long>(rng.below(lines.size())));
       }},
      {"swap-lines", 4, [&] { std::swap(lines[rng.below(lines.size())], lines[rng.below(lines.size())]); }},
      {"option", 6, [&] {
         const std::size_t at = rng.chance(850) ? header_end(lines) : rng.below(lines.size() + 1);
         if (rng.chance(400)) {
           const auto& bomb = kOptionBombs[rng.below(kOptionBombs.size())];
           lines.insert(lines.begin() + static_cast<long>(at), bomb.begin(), bomb.end());
         } else {
           lines.insert(lines.begin() + static_cast<long>(at),
                        "option " + rng.pick(opt_names) + "=" + rng.pick(opt_values));
         }
       }},
      {"game-id", 3, [&] {
         const std::string line = "game " + rng.pick(games);
         for (auto& l : lines)
           if (l.rfind("game ", 0) == 0 && rng.chance(800)) {
             l = line;
             return;
           }
         lines.insert(lines.begin() + static_cast<long>(rng.below(lines.size() + 1)), line);
       }},
      {"preset", 3, [&] {
         const std::string line = "preset " + rng.pick(presets);
         for (auto& l : lines)
           if (l.rfind("preset ", 0) == 0 && rng.chance(700)) {
             l = line;
             return;
           }
         lines.insert(lines.begin() + static_cast<long>(header_end(lines)), line);
       }},
      {"player-name", 6, [&] {
         const std::string who = rng.pick(std::vector<std::string>{"1", "2", "1", "2", "0", "3", "-1", "01"});
         std::string line = "player " + who + " " + quoted(random_text(rng, rng.chance(300)));
         if (rng.chance(200)) line = "player " + who + " " + random_text(rng, false, 6);
         for (auto& l : lines)
           if (l.rfind("player " + who, 0) == 0 && rng.chance(800)) {
             l = line;
             return;
           }
         lines.insert(lines.begin() + static_cast<long>(header_end(lines)), line);
       }},
      {"reason-text", 7, [&] {
         auto& l = lines[command_line()];
         auto q1 = l.find('"');
         const std::string text = quoted(random_text(rng, rng.chance(300)));
         if (q1 == std::string::npos) {
           l += " " + text;
           return;
         }
         auto q2 = l.find('"', q1 + 1);
         l.replace(q1, q2 == std::string::npos ? std::string::npos : q2 - q1 + 1, text);
       }},
      {"insert-command", 10, [&] {
         std::string line = rng.pick(vocabulary());
         if (rng.chance(300)) line = "@" + std::to_string(rng.below(200)) + (rng.chance(300) ? ".5 " : " ") + line;
         if (line.find("\"r\"") != std::string::npos && rng.chance(400)) {
           auto at = line.find("\"r\"");
           line.replace(at, 3, quoted(random_text(rng, rng.chance(300))));
         }
         lines.insert(lines.begin() + static_cast<long>(command_line() + (rng.chance(300) ? 1 : 0)), line);
       }},
      {"random-tail", 4, [&] {
         int t = static_cast<int>(rng.below(100));
         const std::size_t n = 3 + rng.below(25);
         for (std::size_t k = 0; k < n; ++k) {
           t += static_cast<int>(rng.below(30));
           std::string cmd = rng.chance(600) ? "move " + random_square(rng) + "-" + random_square(rng)
                                             : rng.pick(vocabulary());
           lines.push_back((rng.chance(700) ? "@" + std::to_string(t) + " " : "") + cmd);
         }
       }},
      {"repeat-tail", 2, [&] {
         const std::size_t k = 1 + rng.below(std::min<std::size_t>(lines.size(), 6));
         std::vector<std::string> tail(lines.end() - static_cast<long>(k), lines.end());
         lines.insert(lines.end(), tail.begin(), tail.end());
       }},
      {"truncate", 2, [&] { truncate = true; }},
      {"no-final-newline", 1, [&] { no_final_newline = true; }},
  };
  int total = 0;
  for (const auto& m : mutators) total += m.weight;
  const std::size_t count = 1 + rng.below(4);
  for (std::size_t k = 0; k < count; ++k) {
    int roll = static_cast<int>(rng.below(static_cast<std::size_t>(total)));
    for (const auto& m : mutators) {
      if (roll < m.weight) {
        m.run();
        applied.emplace_back(m.name);
        break;
      }
      roll -= m.weight;
    }
    if (lines.empty()) lines.push_back("");
  }
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    out += lines[i];
    if (crlf) out += '\r';
    if (i + 1 < lines.size() || !no_final_newline) out += '\n';
  }
  if (truncate && !out.empty()) out.resize(rng.below(out.size()));
  return out;
}

}  // namespace fuzz
