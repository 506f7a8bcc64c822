// Who a writer is, so another process can tell a live lock holder from a stale
// one: the pid, the process's start time (from /proc, so a reused pid is not
// mistaken for the old holder) and the host name (a lock held from another host
// is never assumed dead).
#pragma once
#include <string>

namespace facedown::db {

struct ProcessIdentity {
  long pid = 0;
  std::string start;  // /proc/<pid>/stat field 22; empty when unknown
  std::string host;
};

ProcessIdentity this_process();
// Whether the process that wrote `who` still runs (a zombie counts as dead).
bool still_running(const ProcessIdentity& who);

}  // namespace facedown::db
