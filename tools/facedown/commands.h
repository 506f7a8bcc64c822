// The verbs of the `facedown` command-line tool. Each takes already-parsed
// arguments and the streams to write to, and returns the process exit status,
// so tests can call them without spawning a process.
#pragma once
#include <iosfwd>
#include <string>

namespace facedown::cli {

struct PlayArgs {
  std::string file = "-";
  std::string view = "referee";
  bool final = false;
  bool keep_going = false;
  std::string db;  // write through the store when set
};
int play(const PlayArgs& args, std::istream& in, std::ostream& out, std::ostream& err);

int rules(const std::string& game, std::ostream& out, std::ostream& err);

struct BoardArgs {
  std::string file = "-";
  std::string view = "referee";
};
int board(const BoardArgs& args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace facedown::cli
