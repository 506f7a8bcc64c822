// The flat data form of the on-air document (XML and CSV for vMix, Singular,
// NodeCG): every value read from the JSON, the same names in the same order
// for every document, the running clock counted to the request, text escaped.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "feed/on_air_flat.h"
#include "feed_support.h"

using namespace facedown;
using namespace facedown::feed;
using namespace facedown::feed::testing;
using nlohmann::json;

namespace {

json fixture() {
  std::ifstream in(std::string(FACEDOWN_SOURCE_DIR) + "/tests/browser/fixtures/sample-battle.json");
  return json::parse(in);
}

std::string value(const FlatFields& f, const std::string& name) {
  for (const auto& [n, v] : f)
    if (n == name) return v;
  FAIL("no field " << name);
  return {};
}

std::vector<std::string> names(const FlatFields& f) {
  std::vector<std::string> out;
  for (const auto& [n, v] : f) out.push_back(n);
  return out;
}

// Splits one CSV line (RFC 4180 quoting) into cells.
std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', ++i;
      else if (c == '"') quoted = false;
      else out.back() += c;
    } else if (c == '"') quoted = true;
    else if (c == ',') out.emplace_back();
    else out.back() += c;
  }
  return out;
}

}  // namespace

TEST_CASE("on-air flat: every value from the document, the clock counted to the request", "[feed][flat]") {
  const json doc = fixture();
  const double now = doc.at("now").get<double>();
  const auto f = flat_fields(doc, "en", now + 7.2);
  CHECK(value(f, "p1_name") == doc.at("players").at(0).at("name"));
  CHECK(value(f, "p2_name") == doc.at("players").at(1).at("name"));
  CHECK(value(f, "p1_warnings") == doc.at("players").at(0).at("warnings").dump());
  CHECK(value(f, "status") == doc.at("status"));
  CHECK(value(f, "game") == doc.at("game").at("name").at("en"));
  // 60 s left, running, 7.2 s later: 52.8 left, shown rounded up.
  CHECK(value(f, "clock_text") == "0:53");
  CHECK(value(f, "clock_seconds") == "53");
  CHECK(value(f, "clock_running") == "true");
  std::string caption;
  for (const auto& l : doc.at("battle").at("caption").at("en")) caption += (caption.empty() ? "" : " / ") + l.get<std::string>();
  CHECK(value(f, "battle_text") == caption);
  CHECK(value(f, "battle_seq") == doc.at("battle").at("seq").dump());
  // Korean texts when asked.
  const auto ko = flat_fields(doc, "ko", now);
  CHECK(value(ko, "game") == doc.at("game").at("name").at("ko"));
  CHECK(value(ko, "clock_text") == "1:00");
  // A frozen clock does not count.
  json paused = doc;
  paused["clock"]["running"] = false;
  CHECK(value(flat_fields(paused, "en", now + 30), "clock_text") == "1:00");
  // Nothing on air: the same names, empty values, the waiting message.
  json waiting = {{"version", 1}, {"now", now}, {"opened", false}, {"message", {{"en", "Waiting for the match"}, {"ko", "경기를 기다리는 중"}}},
                  {"players", json::array()}, {"items", {{"enabled", false}, {"used", json::array()}}}};
  const auto w = flat_fields(waiting, "en", now);
  // ... but for the game's counters, one field each per seat, which come with its match.
  auto without_counters = names(f);
  for (const auto& c : doc.at("items").at("order"))
    for (const char* seat : {"p1_", "p2_"})
      without_counters.erase(std::remove(without_counters.begin(), without_counters.end(),
                                         seat + c.get<std::string>() + "_left"),
                             without_counters.end());
  CHECK(without_counters.size() + 6 == names(f).size());
  CHECK(names(w) == without_counters);
  CHECK(value(w, "message") == "Waiting for the match");
  CHECK(value(w, "p1_name").empty());
  CHECK(value(w, "clock_text").empty());
}

TEST_CASE("on-air flat: XML and CSV escape what a name or caption may hold", "[feed][flat]") {
  json doc = fixture();
  doc["players"][0]["name"] = "Kim \"K\" <A&B>, jr.";
  doc["caption"] = "line one\nline, two";
  const auto f = flat_fields(doc, "en", doc.at("now").get<double>());
  const std::string xml = flat_xml(f);
  CHECK(xml.find("<p1_name>Kim &quot;K&quot; &lt;A&amp;B&gt;, jr.</p1_name>") != std::string::npos);
  CHECK(xml.rfind("<?xml", 0) == 0);
  const std::string bom = "\xEF\xBB\xBF";
  const std::string with_bom = flat_csv(f);
  // A UTF-8 byte order mark first (Windows tools read Hangul right only with it).
  REQUIRE(with_bom.rfind(bom, 0) == 0);
  const std::string csv = with_bom.substr(bom.size());
  const auto header_end = csv.find("\r\n");
  const auto header = csv_cells(csv.substr(0, header_end));
  CHECK(header == names(f));
  const auto row = csv_cells(csv.substr(header_end + 2, csv.size() - header_end - 4));
  REQUIRE(row.size() == f.size());
  for (std::size_t i = 0; i < f.size(); ++i) CHECK(row[i] == f[i].second);
}

TEST_CASE("on-air flat over HTTP: /on-air.xml and /on-air.csv follow /on-air", "[feed][flat]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 7);
  live.step();
  FeedOptions o;
  o.db_path = live.path;
  auto feed = start_feed(o);
  httplib::Client cli("127.0.0.1", feed->port());
  auto on_air = cli.Get("/on-air");
  REQUIRE(on_air);
  const json doc = json::parse(on_air->body);
  auto xml = cli.Get("/on-air.xml?lang=en");
  REQUIRE(xml);
  CHECK(xml->status == 200);
  CHECK(xml->get_header_value("Content-Type") == "application/xml; charset=utf-8");
  CHECK(xml->body.find("<p1_name>" + doc.at("players").at(0).at("name").get<std::string>() + "</p1_name>") !=
        std::string::npos);
  auto csv = cli.Get("/on-air.csv");
  REQUIRE(csv);
  CHECK(csv->status == 200);
  CHECK(csv->get_header_value("Content-Type") == "text/csv; charset=utf-8");
  CHECK(csv->body.rfind("\xEF\xBB\xBFmatch,seq,opened,", 0) == 0);
  CHECK(cli.Get("/on-air.xml?lang=fr")->status == 400);
}
