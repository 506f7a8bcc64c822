// Opening the store (or one match of it) for a CLI verb: logs nothing and
// turns a failure into the verb's message on stderr. Reading verbs (neither create nor write) open the
// file read-only: they never create, change or migrate it. Only `play --db`
// (create) and `migrate` (write) open it with a writer.
#pragma once
#include <optional>
#include <ostream>
#include <string>

#include "db/replay.h"
#include "db/store.h"

namespace facedown::cli {

inline std::optional<db::Store> open_store(const std::string& verb, const std::string& path, std::ostream& err,
                                           bool create = false, bool write = false) {
  if (path.empty()) {
    err << "facedown " << verb << ": --db FILE is required\n";
    return std::nullopt;
  }
  db::StoreOptions options;
  options.create = create;
  options.read_only = !create && !write;
  auto r = db::Store::open(path, options);
  if (auto* e = std::get_if<db::StoreError>(&r)) {
    err << "facedown " << verb << ": " << e->message << "\n";
    return std::nullopt;
  }
  return std::move(std::get<db::Store>(r));
}

// A reading verb's match, read whole (read-only store); nullopt after the
// verb's message on stderr.
inline std::optional<db::Replay> open_replay(const std::string& verb, const std::string& path, db::MatchId match,
                                             std::ostream& err) {
  auto store = open_store(verb, path, err);
  if (!store) return std::nullopt;
  auto r = db::Replay::open(*store, match);
  if (auto* e = std::get_if<db::StoreError>(&r)) {
    err << "facedown " << verb << ": " << e->message << "\n";
    return std::nullopt;
  }
  return std::move(std::get<db::Replay>(r));
}

}  // namespace facedown::cli
