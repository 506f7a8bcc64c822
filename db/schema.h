// The store's schema as numbered migrations (docs/db-schema.md is the reader's
// guide). PRAGMA user_version is the number of migrations applied; a file is a
// Facedown store when its application_id is kApplicationId (or it is empty).
// Migrations only add: no step rewrites an event, so an old file keeps its chain.
#pragma once
#include <string>
#include <vector>

#include "db/error.h"
#include "db/sqlite.h"

namespace facedown::db::schema {

inline constexpr int kApplicationId = 0x46445731;  // "FDW1"

// Step i (0-based) brings a file from user_version i to i + 1.
const std::vector<std::string>& migrations();

// Checks the file is a Facedown store this build understands and, when writable,
// migrates it to kSchemaVersion (one transaction). `path` is for messages.
// read_only: refuses an older file instead of migrating (the public reader).
Failure prepare(sql::Connection& db, const std::string& path, bool read_only, int target_version,
               int* migrated_from = nullptr);

}  // namespace facedown::db::schema
