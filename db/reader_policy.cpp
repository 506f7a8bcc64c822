#include "db/reader_policy.h"

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

}  // namespace facedown::db::reader_policy
