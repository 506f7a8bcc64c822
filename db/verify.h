// verify: the tamper-evidence check behind `facedown verify`. For each match it
// walks the stored rows once, in seq order, with two cursors (events and
// public_events) and folds one match as it goes: every hash link, every payload
// (canonical, and what the engine decides when the commands are played again),
// every column of both tables, every public row byte for byte against the
// engine's projection, the matches row, the sealed setups and their public
// commitments, and the interruptions. Memory does not grow with the public rows
// (only the folded match's own log is held). It names the first bad sequence
// number and why; it never writes (its connection is read-only).
//
// What it cannot see, and what closes it, is in docs/db-schema.md ("What
// verify checks, and what it cannot"): the chain head written down with the
// confirmed result (`expected_head`).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "db/error.h"
#include "db/store.h"

namespace facedown::db {

struct MatchVerdict {
  MatchId match = 0;
  int events = 0;
  std::string head;                  // the hash of the last event (the chain head); empty if unread
  std::optional<int> first_bad_seq;  // nullopt with ok: everything checks out
  std::string problem;               // empty when ok
  bool ok() const { return problem.empty(); }
};

struct VerifyReport {
  std::vector<MatchVerdict> matches;
  bool ok() const;
};

struct VerifyOptions {
  std::optional<MatchId> only;  // every match when empty
  // The chain head the referee wrote down with the confirmed result (64 hex
  // characters, either case): the match's last hash must equal it. Needs `only`.
  std::optional<std::string> expected_head;
};

// Every match, or only `only`. A file that cannot be opened is an error value.
Result<VerifyReport> verify(Store& store, std::optional<MatchId> only = std::nullopt);
Result<VerifyReport> verify(Store& store, const VerifyOptions& options);

}  // namespace facedown::db
