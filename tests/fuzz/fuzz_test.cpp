// The fuzz test: seeded mutations of the bundled and test scripts.
//  - 20,000 per run (ci preset; 500 in unoptimised and sanitised builds)
//    through the parser and the engine in process (tests/fuzz/checks.h lists what
//    is checked on every line);
//  - 1,000 (dev: 25) through the store: journalled into a temp file, then load,
//    verify, the public rows and resume;
//  - 400 (dev: 40) through the `facedown play -` binary;
//  - hostile inputs (huge times, bad bytes, option extremes) through all three paths.
// Nothing may crash, throw, take seconds for one line, or read back otherwise
// than it was written. Each defect is reported once, with the case number, the
// mutations, and a reproducer shortened line by line (also written to
// build/<preset>/fuzz-findings/).
// FACEDOWN_FUZZ_SCALE=N multiplies the counts; FACEDOWN_FUZZ_SEED=S fuzzes other
// cases; FACEDOWN_FUZZ_CASES=N caps each stream (quick local runs);
// FACEDOWN_FUZZ_CASE=N runs only case N (as numbered in a report).
#include <catch2/catch.hpp>
#include <sys/resource.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "tests/fuzz/checks.h"
#include "tests/fuzz/mutate.h"

#if defined(__SANITIZE_ADDRESS__)
// A runaway allocation ends the run with a report instead of taking the machine.
extern "C" const char* __asan_default_options() { return "hard_rss_limit_mb=4096:detect_leaks=1"; }
#endif
// Undefined behaviour fails the run (by default UBSan only prints and goes on).
extern "C" const char* __ubsan_default_options() { return "halt_on_error=1:print_stacktrace=1"; }

namespace {

#ifdef NDEBUG
constexpr long kEngineCases = 20000, kStoreCases = 1000, kCliCases = 400;
#else
// Unoptimised and sanitised builds (the dev preset: ASan and UBSan at -O0, about
// 40 times slower per script) run a fortieth of the engine cases and of the
// store cases, so the sanitizer share stays within a few minutes of CI.
constexpr long kEngineCases = 500, kStoreCases = 25, kCliCases = 40;
#endif
// Case numbers of the three streams, so each case has one number.
constexpr long kStoreBase = 1000000, kCliBase = 2000000;

long scaled(long n) {
  long scale = 1;
  if (const char* s = std::getenv("FACEDOWN_FUZZ_SCALE")) scale = std::max(1L, std::atol(s));
  n *= scale;
  // A quick local run: FACEDOWN_FUZZ_CASES=N caps each stream.
  if (const char* s = std::getenv("FACEDOWN_FUZZ_CASES")) n = std::min(n, std::max(1L, std::atol(s)));
  return n;
}

std::uint64_t base_seed() {
  if (const char* s = std::getenv("FACEDOWN_FUZZ_SEED")) return std::strtoull(s, nullptr, 10);
  return 20261201;
}

std::optional<long> only_case() {
  if (const char* s = std::getenv("FACEDOWN_FUZZ_CASE")) return std::atol(s);
  return std::nullopt;
}

const std::filesystem::path kOut = std::filesystem::path(FACEDOWN_BINARY_DIR) / "fuzz-findings";

void setup_process() {
  std::filesystem::create_directories(kOut);
  fuzz::install_crash_reporting(kOut / "crash-case.txt");
#if !defined(__SANITIZE_ADDRESS__)
  // A command that asks for unbounded memory fails with bad_alloc (a finding)
  // instead of taking the machine; the limit is inherited by `facedown` children.
  struct rlimit rl {};
  rl.rlim_cur = rl.rlim_max = 4ull << 30;
  ::setrlimit(RLIMIT_AS, &rl);
#endif
  ::setenv("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=1", 0);
  ::setenv("ASAN_OPTIONS", "hard_rss_limit_mb=4096", 0);
}

const std::vector<fuzz::CorpusScript>& corpus() {
  static const std::vector<fuzz::CorpusScript> c = fuzz::load_corpus();
  return c;
}

struct Case {
  long number = 0;
  std::string base;
  std::string script;
  std::vector<std::string> mutations;
  fuzz::CliOptions cli;  // the binary's options (cli cases)
};

Case make_case(long number) {
  fuzz::Rng rng{base_seed() * 0x9E3779B97F4A7C15ull ^ (static_cast<std::uint64_t>(number) * 0xD1B54A32D192ED03ull)};
  rng.next();
  Case c;
  c.number = number;
  const auto& src = corpus()[rng.below(corpus().size())];
  c.base = src.name;
  c.script = fuzz::mutate(src.text, rng, c.mutations);
  return c;
}

struct Finding {
  long count = 0;
  Case first;
  std::string detail;
};

// Findings by kind, over one test case's run.
class Findings {
 public:
  explicit Findings(std::string path_name) : path_(std::move(path_name)) {}
  void add(const Case& c, const std::vector<fuzz::Failure>& failures) {
    for (const auto& f : failures) {
      auto& x = by_kind_[f.kind];
      if (x.count++ == 0) {
        x.first = c;
        x.detail = f.detail;
      }
    }
  }
  bool empty() const { return by_kind_.empty(); }

  // One FAIL_CHECK per kind, with a shortened reproducer; also written to a file.
  void report(const std::function<std::vector<fuzz::Failure>(const Case&, const std::string&)>& rerun) {
    int k = 0;
    for (const auto& [kind, x] : by_kind_) {
      ++k;
      std::string small = x.first.script;
      if (small.size() < 4000000) {
        small = fuzz::minimize(x.first.script, [&, kind = kind](const std::string& s) {
          for (const auto& f : rerun(x.first, s))
            if (f.kind == kind) return true;
          return false;
        });
      }
      const auto file = kOut / (path_ + "-" + std::to_string(k) + ".txt");
      std::ofstream(file, std::ios::binary) << small;
      std::string muts;
      for (const auto& m : x.first.mutations) muts += " " + m;
      FAIL_CHECK(path_ << ": " << kind << "\n  " << x.count << " case(s); first: case " << x.first.number << " (from "
                       << x.first.base << ";" << muts << ")\n  " << x.detail << "\n  reproducer (" << file.string()
                       << "):\n" << fuzz::escaped(small, 3000));
    }
  }

 private:
  std::string path_;
  std::map<std::string, Finding> by_kind_;
};

struct Tally {
  long cases = 0, lines = 0, accepted = 0, refused = 0, opened = 0, finished = 0;
  double slowest = 0;
};

void run_engine_case(const Case& c, Findings& findings, Tally& t) {
  fuzz::set_current_case(&c.script, c.number);
  std::vector<fuzz::Failure> failures;
  auto r = fuzz::run_in_process(c.script, failures);
  fuzz::set_current_case(nullptr, -1);
  ++t.cases;
  t.accepted += r.accepted;
  t.refused += r.refused;
  t.lines += static_cast<long>(fuzz::split_lines(c.script).size());
  if (r.match) {
    ++t.opened;
    if (r.match->state().result) ++t.finished;
  }
  t.slowest = std::max(t.slowest, r.slowest_line);
  findings.add(c, failures);
}

fuzz::CliOptions cli_options(long number) {
  fuzz::Rng rng{static_cast<std::uint64_t>(number) * 7919u + 3};
  fuzz::CliOptions o;
  o.final = rng.chance(300);
  o.keep_going = rng.chance(400);
  o.db = rng.chance(300);
  const std::size_t v = rng.below(6);
  o.view = v == 0 ? "public" : v == 1 ? "player1" : v == 2 ? "player2" : v == 3 ? "referee" : "";
  return o;
}

double since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Hostile inputs (and their relatives), whole scripts.
const std::string kSetups =
    "setup 1 K:a1 M:b1 M:c1 M:d1 1:e1 2:f1 3:a2 4:b2 5:c2 6:d2 7:e2 8:f2 9:a3 10:b3\n"
    "setup 2 K:f9 M:e9 M:d9 M:c9 1:b9 2:a9 3:f8 4:e8 5:d8 6:c8 7:b8 8:a8 9:f7 10:e7\n";
const std::string kStarted = "game number-janggi\npreset genius-2015\n" + kSetups + "first 1\nstart\n";

std::vector<std::pair<std::string, std::string>> hostile_scripts() {
  return {
      {"an invalid UTF-8 player name", "game number-janggi\nplayer 1 \"\xff\"\n"},
      {"an invalid UTF-8 player name, then a match", "game number-janggi\nplayer 1 \"\xff\"\n" + kSetups + "first 1\nstart\n@5 move b3-b4\n"},
      {"a Latin-1 pause reason", kStarted + "@3 pause \"caf\xe9\"\n@4 resume\n@5 move b3-b4\n"},
      {"an overlong slash in a warning", kStarted + "@3 warn 1 \"\xc0\xaf\"\n"},
      {"a lone continuation byte in an award", kStarted + "@3 award 2 \"\x80\"\n"},
      {"a UTF-16 surrogate in a void reason", kStarted + "@3 move b3-b4\n@4 void 1 \"\xed\xa0\x80\"\n"},
      {"a code point above U+10FFFF in a toss seed",
       "game number-janggi\n" + kSetups + "first toss \"\xf4\x90\x80\x80\"\nstart\n"},
      {"a carriage return in a pause reason", kStarted + "@3 pause \"camera\rchange\"\n@9 resume\n@10 move b3-b4\n"},
      {"a carriage return in a toss seed", "game number-janggi\n" + kSetups + "first toss \"a\rb\"\nstart\n@2 move b3-b4\n"},
      {"a carriage return in a player name", "game number-janggi\nplayer 2 \"Kim\rKyung-hoon\"\n" + kSetups + "first 2\nstart\n"},
      {"NUL in a player name and a warning",
       std::string("game number-janggi\nplayer 1 \"a\0b\"\n", 32) + kSetups + "first 1\nstart\n" +
           std::string("@2 warn 2 \"x\0y\"\n", 17)},
      {"control characters in reasons", kStarted + "@3 pause \"\x1b[2J\x07\"\n@4 resume\n@5 warn 1 \"\x7f\x01\"\n"},
      {"CRLF line endings", "game number-janggi\r\npreset genius-2015\r\n" + kSetups + "first 1\r\nstart\r\n@3 move b3-b4\r\n"},
      {"a huge time with a warning every second",
       "game number-janggi\npreset rsf-s52\noption warning_after=1\noption warnings_to_dq=0\n" + kSetups +
           "first 1\nstart\n@999999999999999 tick\n"},
      {"a huge time with a timeout warning every second",
       "game number-janggi\noption on_timeout=warning\noption turn_limit=1\noption warnings_to_dq=0\n" + kSetups +
           "first 1\nstart\n@999999999999999 tick\n"},
      {"a day of warnings, then a move",
       "game number-janggi\npreset rsf-s52\noption warning_after=1\noption warnings_to_dq=0\n" + kSetups +
           "first 1\nstart\n@86400 tick\n@86401 move b3-b4\n@86402 void 1 \"r\"\n"},
      {"odd numbers", kStarted + "@-0 tick\n@1e308 tick\n@nan tick\n@0x10 tick\n@9999999999999999 tick\nvoid 2147483648 \"r\"\n"},
      {"a 1 MB line", kStarted + "pause \"" + std::string(1 << 20, 'x') + "\"\n" + std::string(1 << 20, 'a') + "\n"},
      {"an open quote", kStarted + "@3 pause \"camera change\n@4 resume\n"},
      {"a revival offer after a removal on arrival (revive=remove-always), through the store",
       "game number-janggi\noption revive=remove-always\n"
       "setup 1 K:a1 M:b1 M:d1 M:e1 1:f1 4:a2 9:b2 3:d2 5:e2 6:f2 7:a3 2:d3 8:e3 10:f3\n"
       "setup 2 M:c9 M:d9 M:e9 K:f9 2:b8 3:c8 4:d8 5:e8 6:f8 1:b7 7:c7 8:d7 9:e7 10:f7\n"
       "first 2\nstart\n@3 move b7-c6\n@6 move a3-a5\n@9 move c6-c4\n@12 move a5-a7\n@15 move c4-c3\n"
       "@16 items 1=none 2=none\n@20 move a7-a9\n@21 revive 2:c1\n"},
      {"the new referee commands", kStarted +
                                       "@3 clock 20.5 \"gave time back\"\n@4 note \"a \\\"note\\\" \xea\xb9\x80\"\n"
                                       "@5 caption \"\xec\x88\xab\xec\x9e\x90\xec\x9e\xa5\xea\xb8\xb0\"\n@6 caption clear\n"
                                       "@7 move b3-b4\n@8 void 1 \"r\" restore\n@9 resign 2\n@10 close\n@11 note \"after\"\n"},
  };
}

}  // namespace

TEST_CASE("fuzz: mutated scripts through the parser and the engine") {
  setup_process();
  const auto start = std::chrono::steady_clock::now();
  Findings findings("engine");
  Tally t;
  if (auto only = only_case()) {
    Case c = make_case(*only);
    std::ofstream(kOut / "case.txt", std::ios::binary) << c.script;
    WARN("case " << *only << " from " << c.base << ", written to " << (kOut / "case.txt").string() << ":\n"
                 << fuzz::escaped(c.script));
    run_engine_case(c, findings, t);
  } else {
    const long n = scaled(kEngineCases);
    for (long i = 0; i < n; ++i) run_engine_case(make_case(i), findings, t);
    WARN("engine: " << t.cases << " scripts, " << t.lines << " lines (" << t.accepted << " accepted, " << t.refused
                    << " refused), " << t.opened << " matches opened, " << t.finished << " finished; slowest line "
                    << t.slowest << " s; " << since(start) << " s");
    CHECK(t.cases == n);
    // The mutations keep most scripts playable, so the engine is exercised, not
    // only the parser.
    CHECK(t.opened * 10 >= t.cases * 6);
    CHECK(t.accepted >= t.cases * 5);
    CHECK(t.finished * 20 >= t.cases);
    CHECK(t.refused >= t.cases / 2);
  }
  findings.report([](const Case&, const std::string& s) {
    std::vector<fuzz::Failure> f;
    fuzz::run_in_process(s, f);
    return f;
  });
}

TEST_CASE("fuzz: mutated scripts through the store") {
  setup_process();
  const auto start = std::chrono::steady_clock::now();
  Findings findings("store");
  const long n = scaled(kStoreCases);
  long opened = 0;
  for (long i = 0; i < n; ++i) {
    Case c = make_case(kStoreBase + i);
    fuzz::set_current_case(&c.script, c.number);
    std::vector<fuzz::Failure> f;
    fuzz::check_store(c.script, f);
    fuzz::set_current_case(nullptr, -1);
    std::vector<fuzz::Failure> ignored;
    if (fuzz::run_in_process(c.script, ignored).match) ++opened;
    findings.add(c, f);
  }
  WARN("store: " << n << " scripts, " << opened << " matches recorded and read back; " << since(start) << " s");
  CHECK(opened * 10 >= n * 6);
  findings.report([](const Case&, const std::string& s) {
    std::vector<fuzz::Failure> f;
    fuzz::check_store(s, f);
    return f;
  });
}

TEST_CASE("fuzz: mutated scripts through facedown play") {
  setup_process();
  const auto start = std::chrono::steady_clock::now();
  Findings findings("cli");
  const long n = scaled(kCliCases);
  for (long i = 0; i < n; ++i) {
    Case c = make_case(kCliBase + i);
    c.cli = cli_options(c.number);
    const auto& o = c.cli;
    if (o.final) c.mutations.push_back("[--final]");
    if (o.keep_going) c.mutations.push_back("[--keep-going]");
    if (o.db) c.mutations.push_back("[--db]");
    if (!o.view.empty()) c.mutations.push_back("[--view " + o.view + "]");
    std::vector<fuzz::Failure> f;
    fuzz::check_cli(c.script, o, f);
    findings.add(c, f);
  }
  WARN("cli: " << n << " runs of facedown play; " << since(start) << " s");
  findings.report([](const Case& c, const std::string& s) {
    std::vector<fuzz::Failure> f;
    fuzz::check_cli(s, c.cli, f);
    return f;
  });
}

TEST_CASE("fuzz: hostile scripts (huge times, control bytes, option extremes) are refused or played, never crash") {
  setup_process();
  for (const auto& [name, script] : hostile_scripts()) {
    INFO(name << ":\n" << fuzz::escaped(script, 2000));
    fuzz::set_current_case(&script, -1);
    std::vector<fuzz::Failure> f;
    auto r = fuzz::run_in_process(script, f);
    CHECK(r.match.has_value());
    fuzz::check_store(script, f);
    for (bool keep : {false, true})
      for (bool db : {false, true}) fuzz::check_cli(script, fuzz::CliOptions{false, keep, db, ""}, f);
    fuzz::check_cli(script, fuzz::CliOptions{true, true, false, "public"}, f);
    fuzz::set_current_case(nullptr, -1);
    for (const auto& x : f) FAIL_CHECK(x.kind << "\n" << x.detail);
  }
}
