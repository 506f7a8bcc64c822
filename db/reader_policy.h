// The one security policy of the store's read-only doors (PublicReader and
// DelayedReader): which tables a statement may read and which SQL functions it may
// call. Both readers' authorizers consult these lists and nothing else, so a table
// is readable through one door exactly when it is through the other (the delayed
// reader adds only its gated view of `events` and its release clock).
// Invariant: every table listed holds only what the store wrote for the public.
#pragma once
#include <span>

namespace facedown::db::reader_policy {

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
