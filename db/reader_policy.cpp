#include "db/reader_policy.h"

#include <sqlite3.h>
#include <strings.h>

#include <array>
#include <cstring>

namespace facedown::db::reader_policy {

namespace {

// Everything in these is public by construction: the store writes projections,
// seals, outage records, heartbeats, the director's hold and cues there, never referee
// data. sqlite_master/sqlite_schema are the main file's table definitions.
constexpr std::array<const char*, 9> kPublicTables = {"matches",       "public_events", "public_seals",
                                                      "interruptions", "heartbeats",    "presentation",
                                                      "cues",          "sqlite_master", "sqlite_schema"};

// What a person reading public rows reasonably asks (counting, extremes, picking a
// key out of the state JSON). Refused, among others: fts3_tokenizer() (a heap
// address), load_extension() (runs code), randomblob()/zeroblob()/printf() (values
// of any size).
constexpr std::array<const char*, 20> kAllowedFunctions = {
    "count",  "min",    "max",    "sum",   "total",  "avg",          "coalesce",  "ifnull",
    "length", "typeof", "lower",  "upper", "substr", "instr",        "abs",       "json_extract",
    "json_type", "json_array_length", "json_valid", "nullif"};

}  // namespace

std::span<const char* const> public_tables() { return kPublicTables; }
std::span<const char* const> allowed_functions() { return kAllowedFunctions; }

bool is_public_table(const char* table, const char* db_name) {
  if (!table) return false;
  if (db_name && std::strcmp(db_name, "main") != 0) return false;  // temp objects are nobody's tables
  for (const char* t : kPublicTables)
    if (std::strcmp(t, table) == 0) return true;
  return false;
}

bool is_allowed_function(const char* name) {
  if (!name) return false;
  for (const char* f : kAllowedFunctions)
    if (::strcasecmp(f, name) == 0) return true;
  return false;
}

bool is_allowed_pragma(const char* name, const char* value) {
  return name && std::strcmp(name, "data_version") == 0 && value == nullptr;
}

Result<std::vector<Row>> run_statements(sqlite3* db, const std::string& path, const std::string& sql_text) {
  using K = StoreError::Kind;
  std::vector<Row> out;
  const char* tail = sql_text.c_str();
  const char* end = tail + sql_text.size();
  while (tail < end) {
    sqlite3_stmt* raw = nullptr;
    const char* next = nullptr;
    int rc = sqlite3_prepare_v2(db, tail, static_cast<int>(end - tail), &raw, &next);
    if (rc != SQLITE_OK) return StoreError{K::kIo, path + ": refused or invalid statement: " + sqlite3_errmsg(db)};
    tail = next;
    if (!raw) continue;  // whitespace or a comment
    while ((rc = sqlite3_step(raw)) == SQLITE_ROW) {
      Row row;
      for (int c = 0; c < sqlite3_column_count(raw); ++c) {
        if (sqlite3_column_type(raw, c) == SQLITE_NULL) {
          row.emplace_back();
        } else {
          const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(raw, c));
          row.emplace_back(std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(raw, c))));
        }
      }
      out.push_back(std::move(row));
    }
    std::string msg = sqlite3_errmsg(db);
    sqlite3_finalize(raw);
    if (rc == SQLITE_INTERRUPT)
      return StoreError{K::kIo, path + ": statement stopped: it ran past the work allowed for one statement"};
    if (rc != SQLITE_DONE) return StoreError{K::kIo, path + ": statement failed: " + msg};
  }
  return out;
}

}  // namespace facedown::db::reader_policy
