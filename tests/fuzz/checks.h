// What the fuzz test checks for one script, on three paths:
//  - in process: codec::ScriptRunner line by line (parser + engine), with every
//    line's outcome, the invariants, every view's JSON, the fold of the log and
//    export -> play of the export;
//  - through the store: the same script journalled into a db::Store on a temp
//    file (as `facedown play --db` does), then load, verify, the public rows,
//    resume;
//  - through the binary: `facedown play -` in a child process.
// Problems are collected as Failures (never thrown), so one run reports them all.
#pragma once
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/match.h"
#include "tests/conformance/temp_dir.h"

namespace fuzz {

struct Failure {
  std::string kind;    // short, stable: groups repeats of one defect
  std::string detail;  // what exactly happened
};

// Time bounds: one line, one script's lines, and the watchdog that ends a run
// stuck in one line.
#ifdef NDEBUG
inline constexpr double kLineBudgetSeconds = 2.0;
inline constexpr double kScriptBudgetSeconds = 20.0;
inline constexpr double kWatchdogSeconds = 60.0;
#else
inline constexpr double kLineBudgetSeconds = 10.0;
inline constexpr double kScriptBudgetSeconds = 120.0;
inline constexpr double kWatchdogSeconds = 300.0;
#endif

struct InProcess {
  std::optional<facedown::engine::Match> match;
  std::vector<std::pair<int, std::string>> errors;  // line number, reason (as play reports them)
  int accepted = 0;
  int refused = 0;
  double slowest_line = 0;
};

// Parser + engine, every check on every line. `failures` gets what went wrong.
InProcess run_in_process(const std::string& script, std::vector<Failure>& failures);

// The script through a Store on a temp file, then read back.
void check_store(const std::string& script, std::vector<Failure>& failures);

struct CliOptions {
  bool final = false;
  bool keep_going = false;
  bool db = false;
  std::string view;  // empty: the default
};
// `facedown play [...] -` with the script on stdin.
void check_cli(const std::string& script, const CliOptions& options, std::vector<Failure>& failures);

// Shortens a failing script line by line while `still_fails` holds.
std::string minimize(const std::string& script, const std::function<bool(const std::string&)>& still_fails);

// The watchdog: a thread that ends the process (after writing the script to
// `crash_file`) when one line runs longer than kWatchdogSeconds; and the
// signal/sanitizer hooks that write the script being run when the process dies.
void install_crash_reporting(const std::filesystem::path& crash_file);
void set_current_case(const std::string* script, long case_number);

using TempDir = conformance::TempDir;

}  // namespace fuzz
