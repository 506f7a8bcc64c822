#include <iostream>

#include "db/verify.h"
#include "tools/facedown/commands.h"
#include "tools/facedown/store_open.h"

namespace facedown::cli {

int verify(const VerifyArgs& args, std::ostream& out, std::ostream& err) {
  auto store = open_store("verify", args.db, err);
  if (!store) return 2;
  db::VerifyOptions options;
  options.only = args.match;
  options.expected_head = args.head;
  if (args.head && !args.match) {
    err << "facedown verify: --head belongs to one match: give --match too\n";
    return 2;
  }
  auto r = db::verify(*store, options);
  if (auto* e = std::get_if<db::StoreError>(&r)) {
    err << "facedown verify: " << e->message << "\n";
    return 2;
  }
  const auto& report = std::get<db::VerifyReport>(r);
  for (const auto& m : report.matches) {
    if (m.ok()) {
      out << "match " << m.match << ": ok (" << m.events
          << " events: chain, replay, public rows, matches row, sealed setups; head " << m.head
          << (args.head ? ", as written down" : "") << ")\n";
    } else {
      out << "match " << m.match << ": BAD at seq " << m.first_bad_seq.value_or(0) << ": " << m.problem << "\n";
    }
  }
  if (report.matches.empty()) out << "no matches in " << args.db << "\n";
  return report.ok() ? 0 : 1;
}

}  // namespace facedown::cli
