// The verbs of the `facedown` command-line tool. Each takes already-parsed
// arguments and the streams to write to, and returns the process exit status,
// so tests can call them without spawning a process.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <optional>
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

// The store's verbs (docs/db-schema.md). None of them creates a missing file, and
// the reading ones (matches, replay, export, verify) open it read-only: they never
// change or migrate it.
int matches(const std::string& db, std::ostream& out, std::ostream& err);
// Opens an existing store with a writer, which migrates an older schema; says
// from which version. Exit 0 when the file is a store of this build's version.
int migrate(const std::string& db, std::ostream& out, std::ostream& err);

struct ReplayArgs {
  std::string db;
  std::int64_t match = 0;
  std::optional<int> to;   // the last event to show (seq)
  std::optional<int> ply;  // or: up to the end of this ply
  std::string view = "referee";
  bool final = false;  // print the state JSON there instead of the events
};
int replay(const ReplayArgs& args, std::ostream& out, std::ostream& err);

// What one viewer could deduce about the pieces it cannot see (docs/analysis.md).
// Exit status 0: printed; 1: the analysis found no consistent setup; 2: bad input.
struct AnalyzeArgs {
  std::string db;
  std::int64_t match = 0;
  std::string view = "public";
  std::optional<int> ply;  // at the end of this ply (default: the last event)
  bool json = false;
  std::string lang = "en";  // en | ko (text output)
  std::uint64_t seed = 1;   // the sampler's seed, when it samples
  // Who is winning, per move (analysis/win_probability.h): view may then also be
  // referee, or both (public and referee).
  bool win = false;
  int playouts = 1100;  // at most, per move and view
};
int analyze(const AnalyzeArgs& args, std::ostream& out, std::ostream& err);
// `analyze --win` (analyze_win.cpp).
int analyze_win(const AnalyzeArgs& args, std::ostream& out, std::ostream& err);

struct ExportArgs {
  std::string db;
  std::int64_t match = 0;
  bool json = false;  // the full log (referee events, wall times, hashes) as JSON
};
int export_match(const ExportArgs& args, std::ostream& out, std::ostream& err);

struct VerifyArgs {
  std::string db;
  std::optional<std::int64_t> match;
  // The chain head the referee wrote down with the confirmed result: the match's
  // last hash must equal it (needs match).
  std::optional<std::string> head = std::nullopt;
};
// Exit status 0: everything checks out; 1: a problem was found; 2: cannot check.
int verify(const VerifyArgs& args, std::ostream& out, std::ostream& err);

}  // namespace facedown::cli
