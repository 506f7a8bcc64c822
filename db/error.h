// StoreError: why the event store could not do what was asked, as a value.
// `message` is written for the operator and always names the file and the cause
// ("/srv/final.db: the disk is full (SQLITE_FULL); nothing of this command was
// recorded"). A failed write never leaves part of a command behind.
#pragma once
#include <optional>
#include <string>
#include <variant>

namespace facedown::db {

struct StoreError {
  enum class Kind {
    kNotSqlite,     // the file is not an SQLite database
    kNotAStore,     // an SQLite database, but not a Facedown store
    kCorrupt,       // an SQLite file, but damaged or truncated
    kNewerVersion,  // written by a newer Facedown (schema user_version too high)
    kOlderVersion,  // an older schema, and this connection may not migrate it (read-only)
    kReadOnly,      // the file or its directory cannot be written
    kDiskFull,      // SQLITE_FULL (or the database reached max_page_count)
    kLocked,        // another live process (or Store) holds this match's writer lock
    kBusy,          // SQLite stayed busy past the timeout
    kNotFound,      // no such match / no such file (when not creating)
    kInvalid,       // the caller passed events that do not fit the stored log
    kTampered,      // a stored row fails its hash or does not replay (load/verify)
    kIo,            // any other SQLite or OS error
  };
  Kind kind = Kind::kIo;
  std::string message;
};

// A value or the reason there is none. std::get_if<StoreError>(&r) tests for failure.
template <class T>
using Result = std::variant<T, StoreError>;
// For operations with nothing to return: the failure, if there was one (nullopt:
// done). Reads as `if (auto failure = store.append(...)) report(failure->message);`.
using Failure = std::optional<StoreError>;
// Deprecated: the old name of Failure, kept so code outside db/ still compiles.
using Status [[deprecated("use facedown::db::Failure")]] = Failure;

const char* kind_name(StoreError::Kind kind);

}  // namespace facedown::db
