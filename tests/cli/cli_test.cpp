// The facedown CLI verbs (play, rules, board) called as functions with string
// streams: bad input never crashes and is reported as `line N: <line>: reason`
// with exit status 2; --keep-going, --view and --final behave as documented.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "engine/registry.h"
#include "tools/facedown/commands.h"

using nlohmann::json;

namespace {

struct Out {
  int status = 0;
  std::string out, err;
};

Out play(const std::string& script, const std::string& view = "referee", bool final = false, bool keep_going = false) {
  facedown::cli::PlayArgs args;
  args.view = view;
  args.final = final;
  args.keep_going = keep_going;
  std::istringstream in(script);
  std::ostringstream out, err;
  Out o;
  o.status = facedown::cli::play(args, in, out, err);
  o.out = out.str();
  o.err = err.str();
  return o;
}

const std::string kHeader = "game number-janggi\npreset genius-2015\n";
const std::string kSetups =
    "setup 1 K:a1 M:b1 M:c1 M:d1 1:e1 2:f1 3:a2 4:b2 5:c2 6:d2 7:e2 8:f2 9:a3 10:b3\n"
    "setup 2 K:f9 M:e9 M:d9 M:c9 1:b9 2:a9 3:f8 4:e8 5:d8 6:c8 7:b8 8:a8 9:f7 10:e7\n";
const std::string kStarted = kHeader + kSetups + "first 1\nstart\n";  // lines 1-6

// The script's last line is refused with exactly this message (and nothing else is).
// The registered game ids in registry order, as the unknown-game message lists
// them: built from all_games() so that a new game needs no edit here.
std::string registered_ids() {
  std::string ids;
  for (const auto& g : facedown::engine::all_games()) ids += (ids.empty() ? "" : ", ") + g.id;
  return ids;
}

void check_refused(const std::string& script, int line, const std::string& text, const std::string& reason) {
  INFO(script);
  auto o = play(script);
  CHECK(o.status == 2);
  CHECK(o.err == "line " + std::to_string(line) + ": " + text + ": " + reason + "\n");
}

std::vector<json> lines_json(const std::string& out) {
  std::vector<json> v;
  std::istringstream in(out);
  std::string l;
  while (std::getline(in, l)) v.push_back(json::parse(l));
  return v;
}

}  // namespace

TEST_CASE("play: an accepted script prints one JSON event per line and exits 0") {
  auto o = play(kStarted + "move a3-a4\n");
  CHECK(o.status == 0);
  CHECK(o.err.empty());
  auto ev = lines_json(o.out);
  REQUIRE(ev.size() == 8);
  CHECK(ev.front()["type"] == "opened");
  CHECK(ev[6]["type"] == "moved");
  CHECK(ev[6]["command"] == "move a3-a4");
  CHECK(ev.back()["type"] == "turn-started");
}

TEST_CASE("play: each kind of bad input gets `line N: <line>: reason` and status 2") {
  check_refused(kStarted + "move c3\n", 7, "move c3", "expected FROM-TO, got 'c3'");
  check_refused(kStarted + "move a3-z3\n", 7, "move a3-z3", "unknown square 'z3'");
  check_refused(kStarted + "move a3-a4 a5\n", 7, "move a3-a4 a5", "usage: move FROM-TO");
  check_refused(kStarted + "fly a3-a9\n", 7, "fly a3-a9", "unknown command 'fly'");
  check_refused(kHeader + "setup 1 Q:a1\n", 3, "setup 1 Q:a1", "unknown piece 'Q' in 'Q:a1'");
  check_refused(kHeader + "setup 1 K:a1 M:b1\n", 3, "setup 1 K:a1 M:b1",
                "player 1 must place all 14 pieces; missing: 1 2 3 4 5 6 7 8 9 10 M M");
  check_refused(kStarted + "move a3-b5\n", 7, "move a3-b5",
                "a3-b5 is not a legal move: a Number 9 cannot go from a3 to b5");
  check_refused(kStarted + "move a8-a7\n", 7, "move a8-a7", "a8 is player 2's piece; player 1 is to move");
  check_refused(kStarted + "resign 1\nmove a3-a4\n", 8, "move a3-a4",
                "the game is over (resigned); only void, note, caption and close are accepted");
  check_refused(kStarted + "@10 move a3-a4\n@9 move a8-a7\n", 8, "@9 move a8-a7",
                "time goes backwards: 9 s is before 10 s");
  check_refused(kStarted + "pause \"camera\n", 7, "pause \"camera", "unterminated quote");
  check_refused(kStarted + "@ten move a3-a4\n", 7, "@ten move a3-a4", "bad time '@ten' (expected @SECONDS, e.g. @61.5, at most 1000000000)");
  check_refused(kStarted + "@5\n", 7, "@5", "a time with no command");
  check_refused(kStarted + "game number-janggi\n", 7, "game number-janggi",
                "'game' belongs in the header, before the first command");
  check_refused(kSetups, 1, kSetups.substr(0, kSetups.find('\n')),
                "no game given (the header needs `game GAME-ID` before any command)");
  check_refused("game chess\nsetup 1\n", 1, "game chess", "unknown game 'chess' (games: " + registered_ids() + ")");
  // An unknown preset is reported on its own line.
  check_refused("game number-janggi\npreset blitz\nstart\n", 2, "preset blitz",
                "unknown preset 'blitz' for number-janggi (presets: genius-2015, rsf-s52)");
  // So are an unknown option and a value out of range (and the match keeps its defaults).
  check_refused("game number-janggi\noption speed=fast\nstart\n", 2, "option speed=fast",
                "unknown option 'speed' for number-janggi");
  check_refused("game number-janggi\noption revive=never\nstart\n", 2, "option revive=never",
                "option revive must be one of optional-swap | remove-always | keep-and-revive, not 'never'");
  check_refused("game number-janggi\noption reveal_kings\n", 2, "option reveal_kings", "usage: option NAME=VALUE");
  check_refused("game number-janggi\nplayer 3 \"X\"\n", 2, "player 3 \"X\"", "player must be 1 or 2, not '3'");
}

TEST_CASE("play: a script without a match, an unknown view, a missing file") {
  auto empty = play("");
  CHECK(empty.status == 2);
  CHECK(empty.err == "facedown play: the script opens no match (no `game` line)\n");
  auto comments = play("# nothing here\n\n   \n");
  CHECK(comments.status == 2);
  auto view = play(kStarted, "audience");
  CHECK(view.status == 2);
  CHECK(view.err.find("unknown view 'audience'") != std::string::npos);
  facedown::cli::PlayArgs args;
  args.file = "/nonexistent/match.txt";
  std::istringstream in;
  std::ostringstream out, err;
  CHECK(facedown::cli::play(args, in, out, err) == 2);
  CHECK(err.str() == "facedown play: cannot open /nonexistent/match.txt\n");
  // A header alone opens the match (and prints its opened event).
  auto header_only = play(kHeader);
  CHECK(header_only.status == 0);
  CHECK(lines_json(header_only.out).size() == 1);
}

TEST_CASE("play: without --keep-going the first refused line stops the run") {
  auto o = play(kStarted + "move a3-b5\nmove a3-a4\n");
  CHECK(o.status == 2);
  // Nothing after the refused line was played: the last event is the first turn's start.
  auto ev = lines_json(o.out);
  CHECK(ev.back()["type"] == "turn-started");
  CHECK(ev.back()["player"] == 1);
}

TEST_CASE("play --keep-going: refused lines are reported and skipped: status 0") {
  auto o = play(kStarted + "move a3-b5\nbogus\nmove a3-a4\nmove a8-a7\n", "referee", false, true);
  CHECK(o.status == 0);
  CHECK(o.err ==
        "line 7: move a3-b5: a3-b5 is not a legal move: a Number 9 cannot go from a3 to b5\n"
        "line 8: bogus: unknown command 'bogus'\n");
  auto ev = lines_json(o.out);
  CHECK(ev.back()["type"] == "turn-started");
  CHECK(ev.back()["player"] == 1);  // both moves were played
  // A header that fails is fatal even with --keep-going: there is no match.
  auto bad = play("game chess\nstart\n", "referee", false, true);
  CHECK(bad.status == 2);
}

TEST_CASE("play --view: the public and player views never show hidden identities or internals") {
  auto o = play(kStarted + "move a3-a4\n", "public");
  CHECK(o.status == 0);
  for (const auto& e : lines_json(o.out)) {
    CHECK_FALSE(e.contains("command"));
    if (e["type"] == "setup-locked")
      for (const auto& p : e["pieces"]) {
        CHECK(p["piece"].is_null());
        CHECK_FALSE(p.contains("id"));
      }
    if (e["type"] == "moved") CHECK(e["piece"]["piece"].is_null());
  }
  auto p1 = play(kStarted + "move a3-a4\n", "player1");
  auto ev = lines_json(p1.out);
  CHECK(ev[6]["piece"]["piece"] == "9");  // player 1 knows its own 9
  auto p2 = play(kStarted + "move a3-a4\n", "player2");
  CHECK(lines_json(p2.out)[6]["piece"]["piece"].is_null());
}

TEST_CASE("play --final: one state JSON after the last statement") {
  auto o = play(kStarted + "@12.5 move a3-a4\n", "public", true);
  CHECK(o.status == 0);
  auto s = json::parse(o.out);
  CHECK(s["game"] == "number-janggi");
  CHECK(s["preset"] == "genius-2015");
  CHECK(s["status"] == "playing");
  CHECK(s["to_move"] == 2);
  CHECK(s["ply"] == 1);
  CHECK(s["clock"] == json({{"time", 12.5}, {"turn_elapsed", 0.0}}));
  CHECK(s["result"].is_null());
  CHECK(s["board"]["a4"] == json({{"owner", 1}, {"piece", nullptr}, {"revealed", false}}));
  CHECK(s["board"].size() == 28);
  CHECK(s["removed"] == json({{"1", json::array()}, {"2", json::array()}}));
  CHECK(s["warnings"] == json({{"1", 0}, {"2", 0}}));
  CHECK(s["items"]["1"] == json({{"blind", 1}, {"plus", 1}, {"minus", 1}}));
  // With a refused line and --keep-going, the final state is still printed.
  auto k = play(kStarted + "move a3-b5\n", "referee", true, true);
  CHECK(k.status == 0);
  CHECK(json::parse(k.out)["board"]["a3"]["piece"] == "9");
}

TEST_CASE("play: mangled scripts never crash: every complaint names its line") {
  std::ifstream f(std::string(FACEDOWN_SOURCE_DIR) + "/assets/matches/demo-genius.txt");
  std::stringstream buf;
  buf << f.rdbuf();
  const std::string demo = buf.str();
  REQUIRE(play(demo).status == 0);
  const std::regex line_re(R"(^line \d+: .*: .+$)");
  std::uint64_t seed = 42;
  auto next = [&] {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return seed >> 33;
  };
  const std::string junk = "\"@#:=-0123456789abcdefghiz KM\t\\\x01\xff";
  for (int round = 0; round < 300; ++round) {
    std::string s = demo;
    const int edits = 1 + static_cast<int>(next() % 4);
    for (int e = 0; e < edits; ++e) {
      const std::size_t pos = next() % s.size();
      switch (next() % 3) {
        case 0: s.erase(pos, 1 + next() % 6); break;
        case 1: s.insert(pos, 1, junk[next() % junk.size()]); break;
        default: s[pos] = junk[next() % junk.size()]; break;
      }
    }
    for (bool keep : {false, true}) {
      auto o = play(s, "public", next() % 2 == 0, keep);
      INFO(s);
      CHECK((o.status == 0 || o.status == 2));
      std::istringstream err(o.err);
      std::string l;
      while (std::getline(err, l))
        CHECK((std::regex_match(l, line_re) || l.rfind("facedown play: ", 0) == 0));
    }
  }
}

TEST_CASE("rules: games, presets and options with defaults") {
  std::ostringstream out, err;
  CHECK(facedown::cli::rules("", out, err) == 0);
  CHECK(out.str().find("number-janggi\tNumber Janggi (숫자장기)\tpresets: genius-2015* rsf-s52") != std::string::npos);
  std::ostringstream nj, nj_err;
  CHECK(facedown::cli::rules("number-janggi", nj, nj_err) == 0);
  const std::string text = nj.str();
  for (const std::string want :
       {"genius-2015 *", "rsf-s52", "turn_limit=60", "warning_after=300", "items=none", "tie_compare [effective]",
        "effective | printed", "minus_rule [lower-wins]", "lower-wins | threshold", "reveal_kings [on]",
        "items [blind:1,plus:1,minus:1]", "revive [optional-swap]", "optional-swap | remove-always | keep-and-revive",
        "simultaneous_annihilation [draw]", "draw | mover-wins", "turn_limit [0]", "on_timeout [loss]",
        "loss | warning", "warning_after [0]", "warnings_to_dq [2]", "decision_limit [0]", "ply_limit [0]",
        "no_legal_moves [loss]", "loss | draw", "10\tNumber 10", "M\tMine", "K\tKing"})
    CHECK(text.find(want) != std::string::npos);
  std::ostringstream o2, e2;
  CHECK(facedown::cli::rules("chess", o2, e2) == 2);
  CHECK(e2.str() == "facedown rules: unknown game 'chess'\n");
}

TEST_CASE("board: the final board as text, in any view") {
  auto board = [](const std::string& script, const std::string& view, std::string& err) {
    facedown::cli::BoardArgs args;
    args.view = view;
    std::istringstream in(script);
    std::ostringstream out, e;
    int status = facedown::cli::board(args, in, out, e);
    err = e.str();
    return std::pair{status, out.str()};
  };
  std::string err;
  auto [st, ref] = board(kStarted + "move a3-a4\n", "referee", err);
  CHECK(st == 0);
  CHECK(ref.find(" 4 [9]  ") != std::string::npos);
  CHECK(ref.find("status playing, ply 1, player 2 to move") != std::string::npos);
  auto [st2, pub] = board(kStarted + "move a3-a4\n", "public", err);
  CHECK(st2 == 0);
  CHECK(pub.find(" 4 [?]  ") != std::string::npos);
  CHECK(pub.find("[9]") == std::string::npos);
  auto [st3, bad] = board(kStarted + "move a3-b5\n", "referee", err);
  CHECK(st3 == 2);
  CHECK(err == "line 7: move a3-b5: a3-b5 is not a legal move: a Number 9 cannot go from a3 to b5\n");
  auto [st4, none] = board(kStarted, "nobody", err);
  CHECK(st4 == 2);
  CHECK(err.find("unknown view 'nobody'") != std::string::npos);
}
