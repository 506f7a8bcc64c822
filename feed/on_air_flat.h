// The on-air state as flat data for graphics systems that bind fields rather
// than read JSON (vMix data sources, Singular, NodeCG): one name per value, in a
// fixed order, as XML (/on-air.xml) or CSV (/on-air.csv). Every value is read
// from the on-air JSON document (docs/on-air.md) the overlay draws, so there is
// no second decision of what is on air; only the running clock is carried
// forward to the moment of the request, as the overlay's page counts it.
// Invariants: the same field names in the same order for every document (empty
// values where the document has none), so a designer's bindings never break.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace facedown::feed {

using FlatFields = std::vector<std::pair<std::string, std::string>>;

// `doc`: an on-air JSON document; `lang`: "en" or "ko" for the texts; `now`:
// the request's time in seconds since the epoch (the clock counts to it).
// `status` is one of the documented words (the engine's "finished" is "ended").
// `match` and `seq` are the document's; the feed fills them from its message id
// when the document has none (feed_server.cpp).
FlatFields flat_fields(const nlohmann::json& doc, const std::string& lang, double now);

// <on-air><match>3</match><p1_name>…</p1_name>…</on-air>, text escaped.
std::string flat_xml(const FlatFields& fields);
// A UTF-8 byte order mark, then a header row of names and one row of values
// (RFC 4180 quoting), CRLF ends.
std::string flat_csv(const FlatFields& fields);

}  // namespace facedown::feed
