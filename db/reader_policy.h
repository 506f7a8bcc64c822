// The one security policy of the store's read-only doors (PublicReader and
// DelayedReader): which tables a statement may read and which SQL functions it may
// call. Both readers' authorizers consult these lists and nothing else, so a table
// is readable through one door exactly when it is through the other (the delayed
// reader adds only its gated view of `events` and its release clock).
// Invariant: every table listed holds only what the store wrote for the public.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "db/error.h"

struct sqlite3;

namespace facedown::db::reader_policy {

// A result row of a reader's query(): each column as text, or null.
using Row = std::vector<std::optional<std::string>>;
// Runs every statement of `sql` on `db` (a reader's connection, its authorizer
// and progress limit already set) and returns all their rows. A statement the
// authorizer refuses, or one that runs past the work allowed, is an error naming
// why (prefixed with `path`); nothing is ever written through a reader.
Result<std::vector<Row>> run_statements(sqlite3* db, const std::string& path, const std::string& sql);

// The public tables (and the main schema table, whose text is not secret).
std::span<const char* const> public_tables();
// The SQL functions: each linear in its input, none makes values of any size,
// hands out an address or runs code.
std::span<const char* const> allowed_functions();

// True when `table` in database `db_name` (SQLite's authorizer arguments; a null
// name is what SQLite reports for some aggregate reads) is a public table of the
// main database.
bool is_public_table(const char* table, const char* db_name);
bool is_allowed_function(const char* name);
// The one pragma allowed: reading data_version (a3: name, a4: assigned value).
bool is_allowed_pragma(const char* name, const char* value);

}  // namespace facedown::db::reader_policy
