#include "tests/support/outage_pause.h"
#include "tests/fuzz/checks.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "codec/export.h"
#include "codec/json.h"
#include "codec/script.h"
#include "codec/script_runner.h"
#include "db/projection.h"
#include "db/public_reader.h"
#include "db/store.h"
#include "db/verify.h"
#include "engine/registry.h"
#include "engine/text.h"
#include "engine/view.h"
#include "tests/fuzz/mutate.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif

namespace fuzz {

using namespace facedown;
using namespace facedown::engine;
using nlohmann::json;

namespace {

constexpr std::array<Viewer, 4> kViews = {kReferee, kPlayer1, kPlayer2, kPublic};

// Groups messages that differ only in numbers (positions, sizes, seqs).
std::string normalise(const std::string& text) {
  std::string out;
  std::string t = text.substr(0, 90);
  // nlohmann names the byte and its index: one defect, many messages.
  if (auto at = t.find(" byte at index"); at != std::string::npos) t.resize(at);
  for (char c : t) out += (c >= '0' && c <= '9') ? '#' : c;
  return out;
}

void add(std::vector<Failure>& f, const std::string& kind, const std::string& detail) {
  for (const auto& x : f)
    if (x.kind == kind) return;  // once per script
  f.push_back({kind, detail});
}

// A store message without the file name (which differs in every run).
std::string cause(const std::string& message, const std::string& path) {
  return normalise(message.compare(0, path.size(), path) == 0 ? message.substr(path.size()) : message);
}

std::string line_ref(int n, const std::string& line) { return "line " + std::to_string(n) + ": " + escaped(line, 200); }

std::vector<std::string> views(const Match& m) {
  std::vector<std::string> out;
  for (Viewer v : kViews) out.push_back(codec::state_to_json(m, v).dump());
  return out;
}

std::vector<std::string> referee_stream(const Match& m) {
  std::vector<std::string> out;
  for (const auto& e : m.log()) out.push_back(codec::event_to_json(e, m.game()).dump());
  return out;
}

// The first index where two streams differ (or the shorter length), for a report.
std::string first_difference(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a[i] != b[i]) return "event " + std::to_string(i + 1) + ":\n  " + escaped(a[i], 600) + "\n  " + escaped(b[i], 600);
  return "lengths " + std::to_string(a.size()) + " and " + std::to_string(b.size());
}

// --------------------------------------------------------------- watchdog

std::atomic<std::int64_t> g_line_started{0};  // steady ns; 0: not inside a line
std::atomic<long> g_case{-1};
std::atomic<const std::string*> g_script{nullptr};
char g_crash_file[4096] = {0};

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Async-signal-safe: only open/write/close.
void write_crash_file(const char* why) {
  char msg[256];
  const int n = std::snprintf(msg, sizeof msg, "\nfuzz: %s in case %ld; the script is in %s\n", why, g_case.load(),
                              g_crash_file);
  if (n > 0 && ::write(2, msg, static_cast<std::size_t>(n)) < 0) return;
  const std::string* s = g_script.load();
  if (!s || !g_crash_file[0]) return;
  int fd = ::open(g_crash_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  std::size_t off = 0;
  while (off < s->size()) {
    ssize_t w = ::write(fd, s->data() + off, s->size() - off);
    if (w <= 0) break;
    off += static_cast<std::size_t>(w);
  }
  ::close(fd);
}

struct sigaction g_old[32];

void on_fatal_signal(int sig) {
  write_crash_file(sig == SIGABRT ? "abort (SIGABRT)" : "fatal signal");
  if (sig > 0 && sig < 32 && g_old[sig].sa_handler != SIG_DFL && g_old[sig].sa_handler != SIG_IGN &&
      !(g_old[sig].sa_flags & SA_SIGINFO)) {
    g_old[sig].sa_handler(sig);
  }
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

#if defined(__SANITIZE_ADDRESS__)
void on_sanitizer_death() { write_crash_file("sanitizer error"); }
#endif

class LineTimer {
 public:
  LineTimer() : start_(now_ns()) { g_line_started = start_; }
  ~LineTimer() { g_line_started = 0; }
  double seconds() const { return static_cast<double>(now_ns() - start_) / 1e9; }

 private:
  std::int64_t start_;
};

// --------------------------------------------------------------- in process

void check_events_json(const std::vector<Event>& events, const Game& game, int n, const std::string& line,
                       std::vector<Failure>& f) {
  for (const auto& e : events) {
    for (Viewer v : kViews) {
      try {
        (void)codec::event_to_json(project(e, v), game).dump();
      } catch (const std::exception& ex) {
        add(f, "event_to_json(...).dump() throws: " + normalise(ex.what()),
            line_ref(n, line) + "\nview " + codec::viewer_name(v) + ", event " + event_type(e.body) + ": " + ex.what());
      }
    }
    try {
      const json j = codec::event_to_json(e, game);
      auto back = codec::event_from_json(j, game);
      if (auto* err = std::get_if<std::string>(&back))
        add(f, "event_from_json refuses a referee event", line_ref(n, line) + "\n" + *err);
      else if (codec::event_to_json(std::get<Event>(back), game) != j)
        add(f, "event JSON does not round-trip", line_ref(n, line) + "\n" + escaped(j.dump(), 600));
    } catch (const std::exception& ex) {
      (void)ex;  // reported above for the referee view
    }
  }
}

void check_state(const Match& m, int n, const std::string& line, std::vector<Failure>& f) {
  if (auto broken = m.state().check_invariants()) add(f, "check_invariants: " + normalise(*broken), line_ref(n, line) + "\n" + *broken);
  for (Viewer v : kViews) {
    try {
      (void)codec::state_to_json(m, v).dump();
    } catch (const std::exception& ex) {
      add(f, "state_to_json(...).dump() throws: " + normalise(ex.what()),
          line_ref(n, line) + "\nview " + codec::viewer_name(v) + ": " + ex.what());
    }
  }
}

}  // namespace

InProcess run_in_process(const std::string& script, std::vector<Failure>& f) {
  InProcess out;
  codec::ScriptRunner runner;
  const auto lines = split_lines(script);
  int n = 0;
  bool broken = false;
  double total = 0;
  for (const auto& line : lines) {
    ++n;
    const std::size_t before = runner.match() ? runner.match()->log().size() : 0;
    codec::ScriptRunner::LineResult r;
    double secs = 0;
    try {
      LineTimer timer;
      r = runner.feed(line);
      secs = timer.seconds();
    } catch (const std::exception& ex) {
      add(f, std::string("ScriptRunner::feed throws: ") + normalise(ex.what()), line_ref(n, line) + "\n" + ex.what());
      broken = true;
      break;
    }
    if (secs > out.slowest_line) out.slowest_line = secs;
    total += secs;
    if (secs > kLineBudgetSeconds)
      add(f, "one line takes seconds", line_ref(n, line) + "\ntook " + std::to_string(secs) + " s");

    // Tokens as the parser sees them: blank and comment lines do nothing.
    auto tokens = codec::tokenize(line);
    const bool bad_tokens = std::holds_alternative<std::string>(tokens);
    const bool blank = !bad_tokens && std::get<std::vector<std::string>>(tokens).empty();
    if (r.error) {
      ++out.refused;
      out.errors.emplace_back(n, *r.error);
      if (r.error->empty()) add(f, "a refused line has an empty error", line_ref(n, line));
      if (r.error->find('\n') != std::string::npos)
        add(f, "an error message holds a newline (breaks `line N:` reports)", line_ref(n, line) + "\n" + escaped(*r.error));
      // The reason is shown to the operator as it is (docs/match-script.md, "Text"):
      // valid UTF-8 without control characters, like the line it quotes.
      else if (auto bad = engine::text_problem(*r.error); bad && bad->find("longer than") == std::string::npos)
        add(f, "an error message is not printable text: " + normalise(*bad), line_ref(n, line) + "\n" + escaped(*r.error));
    }
    if (bad_tokens && !r.error) add(f, "a line the tokenizer refuses is accepted", line_ref(n, line));
    if (blank && (r.error || !r.events.empty())) add(f, "a blank or comment line did something", line_ref(n, line));

    const Match* m = runner.match();
    if (!m) {
      if (!r.events.empty()) add(f, "events without a match", line_ref(n, line));
      continue;
    }
    const std::size_t after = m->log().size();
    if (after != before + r.events.size()) {
      add(f, "the events a line returns are not what the log gained",
          line_ref(n, line) + "\nlog " + std::to_string(before) + " -> " + std::to_string(after) + ", returned " +
              std::to_string(r.events.size()));
    } else {
      for (std::size_t i = 0; i < r.events.size(); ++i)
        if (r.events[i].seq != static_cast<int>(before + i + 1))
          add(f, "returned events are not the log's tail", line_ref(n, line));
    }
    int commands = 0;
    for (const auto& e : r.events)
      if (e.command) ++commands;
    if (commands > 1) add(f, "one line produced two commands", line_ref(n, line));
    if (r.error && commands) add(f, "a refused line recorded a command", line_ref(n, line) + "\n" + *r.error);
    if (!r.error && !blank && !bad_tokens && commands == 0)
      add(f, "a command line was neither refused nor recorded", line_ref(n, line));
    if (!r.error && commands) ++out.accepted;

    check_events_json(r.events, m->game(), n, line, f);
    if (!r.events.empty() || before == 0) check_state(*m, n, line, f);
  }
  if (total > kScriptBudgetSeconds)
    add(f, "one script's lines take long", std::to_string(lines.size()) + " lines took " + std::to_string(total) + " s");
  if (!broken) {
    try {
      LineTimer timer;
      auto r = runner.finish();
      if (r.error) out.errors.emplace_back(n, *r.error);
      if (runner.match()) {
        check_events_json(r.events, runner.match()->game(), n, "(end of script)", f);
        check_state(*runner.match(), n, "(end of script)", f);
      }
    } catch (const std::exception& ex) {
      add(f, std::string("ScriptRunner::finish throws: ") + normalise(ex.what()), ex.what());
      broken = true;
    }
  }
  out.match = runner.release();
  if (broken || !out.match) return out;
  const Match& m = *out.match;

  try {
    // The fold of the log is the live match, in every view.
    auto folded = Match::from_log(m.info(), m.log());
    if (auto* r = std::get_if<Rejection>(&folded)) {
      add(f, "Match::from_log refuses the live log", r->reason);
    } else if (views(std::get<Match>(folded)) != views(m)) {
      add(f, "Match::from_log differs from the live match", escaped(views(m)[0], 800));
    }
    // export -> play of the export gives the same events.
    const std::string script2 = codec::export_script(m);
    auto run = codec::run_script(script2);
    if (!run.errors.empty()) {
      add(f, "the export of an accepted script is refused: " + normalise(run.errors.front().substr(run.errors.front().find(':') + 1)),
          escaped(run.errors.front(), 600) + "\nexport:\n" + escaped(script2, 3000));
    } else if (!run.match) {
      add(f, "the export of an accepted script opens no match", escaped(script2, 3000));
    } else {
      run.match->advance(m.state().time);
      auto a = referee_stream(m), b = referee_stream(*run.match);
      if (a != b) add(f, "play of the export gives other events", first_difference(a, b));
    }
  } catch (const std::exception& ex) {
    add(f, std::string("fold/export throws: ") + normalise(ex.what()), ex.what());
  }
  return out;
}

// --------------------------------------------------------------- store

void check_store(const std::string& script, std::vector<Failure>& f) {
  TempDir dir;
  const std::string path = dir.file("fuzz.db");
  try {
    auto opened = db::Store::open(path);
    if (auto* e = std::get_if<db::StoreError>(&opened)) {
      add(f, "store: cannot open a new file", e->message);
      return;
    }
    db::Store store = std::move(std::get<db::Store>(opened));
    db::MatchId id = 0;
    std::string journal_error;
    codec::ScriptRunner runner([&](const Match& m, const std::vector<Event>& events) -> std::optional<std::string> {
      if (id == 0) {
        auto r = store.create_match(m);
        if (auto* e = std::get_if<db::StoreError>(&r)) return journal_error = e->message;
        id = std::get<db::MatchId>(r);
        return std::nullopt;
      }
      if (auto e = store.append(id, m, events)) return journal_error = e->message;
      return std::nullopt;
    });
    for (const auto& line : split_lines(script)) {
      LineTimer timer;
      runner.feed(line);
    }
    runner.finish();
    if (runner.failed()) {
      add(f, "store: refuses what the engine accepted: " + cause(journal_error, path), journal_error);
      return;
    }
    const Match* live = runner.match();
    if (!live) return;
    if (id == 0) {
      add(f, "store: a match was opened but not recorded", "");
      return;
    }
    const auto want = referee_stream(*live);

    auto loaded = store.load(id);
    if (auto* e = std::get_if<db::StoreError>(&loaded)) {
      add(f, "store: cannot read back what it accepted (load): " + cause(e->message, path), e->message);
    } else {
      auto& m = std::get<Match>(loaded);
      auto got = referee_stream(m);
      if (got != want) add(f, "store: load differs from the live log", first_difference(want, got));
      else if (views(m) != views(*live)) add(f, "store: the loaded state differs from the live state", escaped(views(m)[0], 600));
    }

    auto report = db::verify(store, id);
    if (auto* e = std::get_if<db::StoreError>(&report)) {
      add(f, "store: verify fails: " + cause(e->message, path), e->message);
    } else {
      for (const auto& v : std::get<db::VerifyReport>(report).matches)
        if (!v.ok()) add(f, "verify reports an honest store as bad: " + normalise(v.problem),
                         "seq " + std::to_string(v.first_bad_seq.value_or(0)) + ": " + v.problem);
    }

    // The public rows read back, one per event, equal to the engine's projection.
    auto reader_or = db::PublicReader::open(path);
    if (auto* e = std::get_if<db::StoreError>(&reader_or)) {
      add(f, "store: the public reader cannot open it", e->message);
    } else {
      auto& reader = std::get<db::PublicReader>(reader_or);
      auto rows_or = reader.events_after(id, 0);
      if (auto* re = std::get_if<db::StoreError>(&rows_or)) {
        add(f, "store: the public rows cannot be read: " + cause(re->message, path), re->message);
      } else {
        const auto& rows = std::get<std::vector<db::PublicEventRow>>(rows_or);
        if (rows.size() != live->log().size()) {
          add(f, "store: one public row per event", std::to_string(rows.size()) + " rows, " +
                                                        std::to_string(live->log().size()) + " events");
        } else {
          auto follower = Match::from_log(live->info(), {live->log().front()});
          auto& fm = std::get<Match>(follower);
          for (std::size_t i = 0; i < rows.size(); ++i) {
            const auto& ev = live->log()[i];
            if (i > 0) fm.record(ev);
            auto proj = db::public_projection(ev, fm);
            if (rows[i].event.dump() != proj.event || rows[i].state.dump() != proj.state) {
              add(f, "store: a public row differs from the engine's projection",
                  "seq " + std::to_string(ev.seq) + "\n" + escaped(rows[i].event.dump(), 400) + "\n" + escaped(proj.event, 400));
              break;
            }
          }
        }
      }
    }

    // Resume (after a crash): the stored match plus, when its clock ran, one pause.
    auto resumed = store.resume(id, facedown::testing::pause_at_gap());
    if (auto* e = std::get_if<db::StoreError>(&resumed)) {
      add(f, "store: resume fails: " + cause(e->message, path), e->message);
    } else {
      auto got = referee_stream(std::get<Match>(resumed));
      const auto& rlog = std::get<Match>(resumed).log();
      bool prefix = got.size() >= want.size() && std::equal(want.begin(), want.end(), got.begin());
      bool extra_ok = true;
      // The interruption: a pause and a note of the outage, nothing else.
      for (std::size_t i = want.size(); i < rlog.size(); ++i) {
        auto* p = std::get_if<Paused>(&rlog[i].body);
        auto* note = std::get_if<Noted>(&rlog[i].body);
        if (!(p && p->reason == db::kInterruptionReason) && !(note && note->text.rfind("outage: ", 0) == 0))
          extra_ok = false;
      }
      if (!prefix || !extra_ok || rlog.size() > want.size() + 2)
        add(f, "store: resume gives another log than the stored one plus its interruption", first_difference(want, got));
      auto again = store.load(id);
      if (auto* ae = std::get_if<db::StoreError>(&again))
        add(f, "store: cannot read back after resume: " + cause(ae->message, path), ae->message);
      else if (referee_stream(std::get<Match>(again)) != got)
        add(f, "store: load after resume differs from the resumed match", "");
    }
  } catch (const std::exception& ex) {
    add(f, std::string("store: throws: ") + normalise(ex.what()), ex.what());
  }
}

// --------------------------------------------------------------- the binary

namespace {

struct Child {
  bool exited = false;
  int code = -1;
  int signal = 0;
  bool timed_out = false;
  std::string out, err;
};

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Child run_child(const std::vector<std::string>& args, const std::string& input, const TempDir& dir) {
  Child c;
  const std::string in_path = dir.file("stdin.txt"), out_path = dir.file("stdout.txt"), err_path = dir.file("stderr.txt");
  {
    std::ofstream in(in_path, std::ios::binary);
    in << input;
  }
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = ::fork();
  if (pid == 0) {
    int in = ::open(in_path.c_str(), O_RDONLY);
    int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) ::_exit(121);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(kWatchdogSeconds);
  int status = 0;
  for (;;) {
    pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) break;
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      c.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  if (WIFEXITED(status)) {
    c.exited = true;
    c.code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    c.signal = WTERMSIG(status);
  }
  c.out = slurp(out_path);
  c.err = slurp(err_path);
  return c;
}

struct Expected {
  bool ok = false;  // false: the in-process run threw (reported by run_in_process)
  int status = 0;
  std::string out, err;
  std::optional<Match> match;
};

// What `facedown play` prints for this script, computed in process the way play.cpp does.
Expected expected_play(const std::string& script, const CliOptions& o) {
  Expected x;
  try {
    const Viewer viewer = o.view.empty() ? kReferee : *codec::parse_viewer(o.view);
    codec::ScriptRunner runner;
    std::ostringstream out, err;
    auto print = [&](const std::vector<Event>& events) {
      if (o.final || !runner.match()) return;
      for (const auto& e : events) out << codec::event_to_json(project(e, viewer), runner.match()->game()).dump() << "\n";
    };
    int n = 0;
    for (const auto& line : split_lines(script)) {
      ++n;
      auto r = runner.feed(line);
      print(r.events);
      if (r.error) {
        err << "line " << n << ": " << codec::printable(line) << ": " << *r.error << "\n";
        x.status = 2;
        if (!o.keep_going) break;
      }
    }
    if (x.status == 0 || o.keep_going) {
      auto r = runner.finish();
      print(r.events);
      if (r.error) {
        err << "line " << n << ": " << *r.error << "\n";
        x.status = 2;
      }
    }
    if (!runner.match()) {
      if (x.status == 0) err << "facedown play: the script opens no match (no `game` line)\n";
      x.status = 2;
    } else {
      if (o.final) out << codec::state_to_json(*runner.match(), viewer).dump(2) << "\n";
      if (o.keep_going) x.status = 0;
    }
    x.out = out.str();
    x.err = err.str();
    x.match = runner.release();
    x.ok = true;
  } catch (const std::exception&) {
    x.ok = false;
  }
  return x;
}

bool starts_with(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }

}  // namespace

void check_cli(const std::string& script, const CliOptions& o, std::vector<Failure>& f) {
  TempDir dir;
  std::vector<std::string> args = {FACEDOWN_CLI_BINARY, "play"};
  if (o.final) args.push_back("--final");
  if (o.keep_going) args.push_back("--keep-going");
  if (!o.view.empty()) args.insert(args.end(), {"--view", o.view});
  const std::string db_path = dir.file("cli.db");
  if (o.db) args.insert(args.end(), {"--db", db_path});
  args.push_back("-");
  std::string flags;
  for (std::size_t i = 2; i < args.size(); ++i) flags += " " + args[i];

  Child c = run_child(args, script, dir);
  if (c.timed_out) {
    add(f, "facedown play: runs for minutes", "facedown" + flags);
    return;
  }
  if (!c.exited) {
    add(f, "facedown play: killed by signal " + std::to_string(c.signal) + " (" + strsignal(c.signal) + ")",
        "facedown" + flags + "\nstderr: " + escaped(c.err, 1500));
    return;
  }
  if (c.code != 0 && c.code != 2) {
    add(f, "facedown play: exit status " + std::to_string(c.code) + " (only 0 and 2 are allowed)",
        "facedown" + flags + "\nstderr: " + escaped(c.err, 1500));
    return;
  }
  // Every stderr line is `line N: ...` (N a line of the script) or `facedown play: ...`.
  const std::size_t nlines = split_lines(script).size();
  std::istringstream es(c.err);
  std::string el;
  while (std::getline(es, el)) {
    if (auto bad = engine::utf8_problem(el))
      add(f, "facedown play: a stderr line is not valid UTF-8", "facedown" + flags + "\n" + escaped(el, 600));
    for (char ch : el)
      if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t') {
        add(f, "facedown play: a stderr line holds a control character", "facedown" + flags + "\n" + escaped(el, 600));
        break;
      }
    if (starts_with(el, "facedown play: ")) continue;
    std::size_t i = 5;
    bool ok = starts_with(el, "line ");
    std::size_t num = 0;
    while (ok && i < el.size() && el[i] >= '0' && el[i] <= '9') num = num * 10 + static_cast<std::size_t>(el[i++] - '0');
    ok = ok && i > 5 && i + 1 < el.size() + 1 && el.compare(i, 2, ": ") == 0 && num <= std::max<std::size_t>(nlines, 1);
    if (!ok) {
      add(f, "facedown play: a stderr line that is not `line N: ...`", "facedown" + flags + "\n" + escaped(el, 600));
      break;
    }
  }
  // Exactly what the in-process runner says play prints.
  Expected x = expected_play(script, o);
  if (!x.ok) return;
  if (c.code != x.status)
    add(f, "facedown play: exit status differs from the in-process run",
        "facedown" + flags + ": " + std::to_string(c.code) + ", expected " + std::to_string(x.status) + "\nstderr: " + escaped(c.err, 800));
  std::string err = c.err;
  if (o.db) {
    // The store's own line: "facedown play: recorded as match 1 in PATH".
    const std::string rec = "facedown play: recorded as match 1 in " + db_path + "\n";
    auto at = err.find(rec);
    if (x.match && at == std::string::npos)
      add(f, "facedown play --db: no `recorded as match` line", "facedown" + flags + "\n" + escaped(err, 800));
    if (at != std::string::npos) err.erase(at, rec.size());
  }
  if (err != x.err)
    add(f, "facedown play: stderr differs from the in-process run",
        "facedown" + flags + "\ngot:\n" + escaped(err, 800) + "\nexpected:\n" + escaped(x.err, 800));
  if (c.out != x.out)
    add(f, "facedown play: stdout differs from the in-process run",
        "facedown" + flags + "\ngot " + std::to_string(c.out.size()) + " bytes, expected " + std::to_string(x.out.size()));
  if (!o.db || !x.match) return;
  // The file it wrote: the expected log, verified, and no writer lock left behind.
  try {
    db::StoreOptions so;
    so.create = false;
    auto opened = db::Store::open(db_path, so);
    if (auto* e = std::get_if<db::StoreError>(&opened)) {
      add(f, "facedown play --db: the file cannot be opened afterwards", e->message);
      return;
    }
    auto& store = std::get<db::Store>(opened);
    if (store.lock_holder(1)) add(f, "facedown play --db: leaves a writer lock behind", "facedown" + flags);
    auto loaded = store.load(1);
    if (auto* e = std::get_if<db::StoreError>(&loaded))
      add(f, "facedown play --db: the match cannot be read back: " + cause(e->message, db_path), e->message);
    else if (referee_stream(std::get<Match>(loaded)) != referee_stream(*x.match))
      add(f, "facedown play --db: the stored log differs from the in-process run",
          first_difference(referee_stream(*x.match), referee_stream(std::get<Match>(loaded))));
    auto report = db::verify(store, 1);
    if (auto* e = std::get_if<db::StoreError>(&report))
      add(f, "facedown play --db: verify fails", e->message);
    else if (!std::get<db::VerifyReport>(report).ok())
      add(f, "facedown play --db: verify reports the file as bad: " + normalise(std::get<db::VerifyReport>(report).matches.at(0).problem),
          std::get<db::VerifyReport>(report).matches.at(0).problem);
  } catch (const std::exception& ex) {
    add(f, std::string("facedown play --db: reading the file throws: ") + normalise(ex.what()), ex.what());
  }
}

// --------------------------------------------------------------- minimize

std::string minimize(const std::string& script, const std::function<bool(const std::string&)>& still_fails) {
  auto lines = split_lines(script);
  const bool final_newline = !script.empty() && script.back() == '\n';
  auto join = [&](const std::vector<std::string>& ls) {
    std::string s;
    for (std::size_t i = 0; i < ls.size(); ++i) s += ls[i] + (i + 1 < ls.size() || final_newline ? "\n" : "");
    return s;
  };
  int budget = 300;
  for (std::size_t chunk = std::max<std::size_t>(lines.size() / 2, 1); chunk >= 1 && budget > 0; chunk /= 2) {
    for (std::size_t at = 0; at < lines.size() && budget > 0;) {
      std::vector<std::string> shorter = lines;
      shorter.erase(shorter.begin() + static_cast<long>(at),
                    shorter.begin() + static_cast<long>(std::min(lines.size(), at + chunk)));
      --budget;
      if (!shorter.empty() && still_fails(join(shorter))) lines = std::move(shorter);
      else at += chunk;
    }
    if (chunk == 1) break;
  }
  // Long lines: cut them down while the failure stays.
  for (auto& l : lines) {
    while (l.size() > 64 && budget-- > 0) {
      std::string keep = l;
      l = l.substr(0, l.size() / 2);
      if (!still_fails(join(lines))) {
        l = keep;
        break;
      }
    }
  }
  return join(lines);
}

// --------------------------------------------------------------- crash reporting

void install_crash_reporting(const std::filesystem::path& crash_file) {
  std::snprintf(g_crash_file, sizeof g_crash_file, "%s", crash_file.c_str());
  static bool started = false;
  for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) {
    struct sigaction sa {};
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    ::sigaction(sig, &sa, &g_old[sig]);
  }
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_set_death_callback(on_sanitizer_death);
#endif
  if (started) return;
  started = true;
  std::thread([] {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      const std::int64_t start = g_line_started.load();
      if (start != 0 && static_cast<double>(now_ns() - start) / 1e9 > kWatchdogSeconds) {
        write_crash_file("one line ran past the watchdog's limit");
        std::_Exit(70);
      }
    }
  }).detach();
}

void set_current_case(const std::string* script, long case_number) {
  g_script = script;
  g_case = case_number;
}

}  // namespace fuzz
