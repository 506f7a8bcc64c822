#include "db/process_identity.h"

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <fstream>
#include <optional>
#include <sstream>

namespace facedown::db {

namespace {

struct ProcStat {
  char state = '?';
  std::string start;
};

std::optional<ProcStat> read_stat(long pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  if (!f) return std::nullopt;
  std::string line;
  std::getline(f, line);
  // The command name (field 2) may hold spaces; fields after it follow the last ')'.
  auto close = line.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream rest(line.substr(close + 2));
  ProcStat s;
  rest >> s.state;
  std::string field;
  for (int i = 4; i <= 22 && rest >> field; ++i)
    if (i == 22) s.start = field;
  return s;
}

}  // namespace

ProcessIdentity this_process() {
  ProcessIdentity me;
  me.pid = static_cast<long>(::getpid());
  if (auto s = read_stat(me.pid)) me.start = s->start;
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) == 0) me.host = host;
  return me;
}

bool still_running(const ProcessIdentity& who) {
  if (who.host != this_process().host) return true;  // cannot look; assume alive
  if (who.pid <= 0) return false;
  if (auto s = read_stat(who.pid)) {
    if (s->state == 'Z' || s->state == 'X') return false;
    return who.start.empty() || s->start.empty() || s->start == who.start;
  }
  if (::kill(static_cast<pid_t>(who.pid), 0) == 0) return true;
  return errno == EPERM;
}

}  // namespace facedown::db
