// verify: the tamper-evidence check behind `facedown verify`. For each match it
// walks the hash chain, replays every event through the engine (which must
// rebuild the same log), recomputes every public row and compares it with the
// stored one, and opens the sealed setups of ended matches. It names the first
// bad sequence number and why; it never writes.
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
  std::optional<int> first_bad_seq;  // nullopt with ok: everything checks out
  std::string problem;               // empty when ok
  bool ok() const { return problem.empty(); }
};

struct VerifyReport {
  std::vector<MatchVerdict> matches;
  bool ok() const;
};

// Every match, or only `only`. A file that cannot be opened is an error value.
Result<VerifyReport> verify(Store& store, std::optional<MatchId> only = std::nullopt);

}  // namespace facedown::db
