// The script's text rules: lines are UTF-8; names and reasons are one line of
// text; whatever the parser accepts, format_command writes back so that it
// parses to the same command (the store and export depend on it).
#include <catch2/catch.hpp>

#include <random>

#include "codec/script.h"
#include "codec/script_runner.h"
#include "engine/registry.h"
#include "engine/text.h"

using namespace facedown;
using namespace facedown::engine;

namespace {

std::string tokenize_error(std::string_view line) {
  auto r = codec::tokenize(line);
  if (auto* e = std::get_if<std::string>(&r)) return *e;
  return "";
}

const Game& nj_game() {
  static const auto games = all_games();
  static const GameInfo& info = *find_game(games, "number-janggi");
  static const auto game = info.make(resolve_options(info, "genius-2015", {}).options);
  return *game;
}

}  // namespace

TEST_CASE("a line that is not valid UTF-8 is refused, whatever the bytes") {
  CHECK(tokenize_error("player 1 \"\xff\"") == "not valid UTF-8 (byte 11)");
  CHECK(tokenize_error("pause \"caf\xe9\"") == "not valid UTF-8 (byte 11)");       // Latin-1
  CHECK(tokenize_error("warn 1 \"\xc0\xaf\"").find("not valid UTF-8") == 0);        // overlong
  CHECK(tokenize_error("award 2 \"\x80\"").find("not valid UTF-8") == 0);           // lone continuation
  CHECK(tokenize_error("void 1 \"\xed\xa0\x80\"").find("not valid UTF-8") == 0);    // surrogate
  CHECK(tokenize_error("first toss \"\xf4\x90\x80\x80\"").find("not valid UTF-8") == 0);  // > U+10FFFF
  CHECK(tokenize_error("pause \"\xe2\x82\"").find("not valid UTF-8") == 0);         // cut short
  CHECK(tokenize_error(std::string_view("pause \"a\0b\"", 11)) == "a NUL byte (not text)");
  CHECK(tokenize_error("# comment \xff").find("not valid UTF-8") == 0);
  // Hangul and other scripts are text.
  CHECK(tokenize_error("player 1 \"김경훈\"").empty());
  CHECK(tokenize_error("caption \"Ünïcödé ✓ 𝄞\"").empty());
}

TEST_CASE("control characters inside a quoted text are refused: a CR at the end of a line is not") {
  CHECK(tokenize_error("pause \"camera\rchange\"") == "a control character (byte 13) inside a quoted text");
  CHECK(tokenize_error("first toss \"a\rb\"") == "a control character (byte 13) inside a quoted text");
  CHECK(tokenize_error("note \"a\x1b[31mred\"") == "a control character (byte 27) inside a quoted text");
  CHECK(tokenize_error("tick\x01") == "a control character (byte 1) in the line");
  CHECK(tokenize_error("start\r").empty());  // Windows line ends
  CHECK(tokenize_error("pause \"a\tb\"").empty());  // a tab is text
}

TEST_CASE("printable shows bad bytes and control characters as hex escapes and leaves text alone") {
  CHECK(codec::printable("player 1 \"\xff\"") == "player 1 \"\\xFF\"");
  CHECK(codec::printable("pause \"a\rb\"") == "pause \"a\\x0Db\"");
  CHECK(codec::printable("김경훈 \xe2\x82") == "김경훈 \\xE2\\x82");
  CHECK(codec::printable("plain\ttext") == "plain\ttext");
}

TEST_CASE("every command, the new ones too, is written back as a line that parses to it") {
  const Game& g = nj_game();
  const std::vector<std::string> lines = {
      "clock 20.5 \"restored after void\"", "note \"player 2 asked for water\"", "caption \"Final: game 3\"",
      "caption clear", "close", "void 2 \"typo\" restore", "void 1 \"typo\"", "pause \"\"",
      "warn 1 \"said \\\"no\\\" twice\"", "award 2 \"a # is not a comment in quotes\"", "first toss \"season 4\"",
  };
  for (const auto& line : lines) {
    INFO(line);
    auto tokens = std::get<std::vector<std::string>>(codec::tokenize(line));
    auto parsed = codec::parse_command(tokens, g);
    REQUIRE(std::holds_alternative<codec::TimedCommand>(parsed));
    const Command& c = std::get<codec::TimedCommand>(parsed).command;
    const std::string written = codec::format_command(c, g);
    auto again = codec::parse_command(std::get<std::vector<std::string>>(codec::tokenize(written)), g);
    REQUIRE(std::holds_alternative<codec::TimedCommand>(again));
    CHECK(codec::format_command(std::get<codec::TimedCommand>(again).command, g) == written);
  }
}

TEST_CASE("property: any text the engine accepts in a reason survives format and parse") {
  const Game& g = nj_game();
  std::mt19937 rng(20261201);
  const std::vector<std::string> alphabet = {"a", "Z", " ", "\"", "\\", "#", "\t", "@", "김", "경", "✓", "𝄞", "'", "-", ":"};
  for (int n = 0; n < 2000; ++n) {
    std::string text;
    const int len = static_cast<int>(rng() % 12) + 1;
    for (int i = 0; i < len; ++i) text += alphabet[rng() % alphabet.size()];
    const Command c = PauseCmd{text};
    const std::string line = codec::format_command(c, g);
    INFO(line);
    auto tokens = codec::tokenize(line);
    REQUIRE(std::holds_alternative<std::vector<std::string>>(tokens));
    auto parsed = codec::parse_command(std::get<std::vector<std::string>>(tokens), g);
    REQUIRE(std::holds_alternative<codec::TimedCommand>(parsed));
    CHECK(std::get<PauseCmd>(std::get<codec::TimedCommand>(parsed).command).reason == text);
  }
}

TEST_CASE("the engine itself refuses texts the script could not carry") {
  const auto games = all_games();
  const GameInfo& info = *find_game(games, "number-janggi");
  auto bad_name = Match::open(info, "genius-2015", {}, {"Kim\rKyung-hoon", "Lee"});
  REQUIRE(std::holds_alternative<Rejection>(bad_name));
  CHECK(std::get<Rejection>(bad_name).reason == "player 1's name: a control character (byte 13)");
  auto opened = Match::open(info, "genius-2015", {}, {"Kim", "Lee"});
  Match& m = std::get<Match>(opened);
  CHECK(m.submit(NoteCmd{"a\nb"}, 0).rejection->reason == "the note: a control character (byte 10)");
  CHECK(m.submit(NoteCmd{"\xff"}, 0).rejection->reason == "the note: not valid UTF-8 (byte 1)");
  CHECK(m.submit(NoteCmd{std::string(kMaxTextBytes + 1, 'x')}, 0).rejection->reason ==
        "the note: longer than 4096 bytes");
  CHECK(m.submit(CaptionCmd{"clear"}, 0).rejection->reason == "a caption cannot read just `clear`");
  CHECK(m.log().size() == 1);
}

TEST_CASE("times past 10^9 s are refused by the parser and by the engine") {
  CHECK(parse_seconds("1000000000") == kMaxMillis);
  CHECK_FALSE(parse_seconds("1000000000.001"));
  CHECK_FALSE(parse_seconds("999999999999999"));
  const auto games = all_games();
  auto opened = Match::open(*find_game(games, "number-janggi"), "genius-2015", {}, {"A", "B"});
  Match& m = std::get<Match>(opened);
  CHECK(m.submit(TickCmd{}, kMaxMillis + 1).rejection->reason.find("past the latest match time") !=
        std::string::npos);
}

TEST_CASE("an unknown game or preset is reported on its own line") {
  auto run = codec::run_script("game number-janggi\npreset blitz\nplayer 1 \"A\"\nstart\n");
  REQUIRE(!run.errors.empty());
  CHECK(run.errors[0].find("line 2: preset blitz: unknown preset 'blitz'") == 0);
  auto run2 = codec::run_script("game chess\n");
  REQUIRE(run2.errors.size() == 1);
  CHECK(run2.errors[0].find("line 1: game chess: unknown game 'chess'") == 0);
}
