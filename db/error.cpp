#include "db/error.h"

namespace facedown::db {

const char* kind_name(StoreError::Kind kind) {
  using K = StoreError::Kind;
  switch (kind) {
    case K::kNotSqlite: return "not-sqlite";
    case K::kNotAStore: return "not-a-store";
    case K::kCorrupt: return "corrupt";
    case K::kNewerVersion: return "newer-version";
    case K::kOlderVersion: return "older-version";
    case K::kReadOnly: return "read-only";
    case K::kDiskFull: return "disk-full";
    case K::kLocked: return "locked";
    case K::kBusy: return "busy";
    case K::kNotFound: return "not-found";
    case K::kInvalid: return "invalid";
    case K::kTampered: return "tampered";
    case K::kIo: return "io";
  }
  return "?";
}

}  // namespace facedown::db
