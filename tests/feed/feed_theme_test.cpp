// The feed decides the frame's explainer places (battle.explainer_box) from the
// theme.json it serves to the pages, not from the build's copy: a served theme
// whose explainer sits elsewhere moves the boxes in the frames it serves.
#include <fstream>
#include <nlohmann/json.hpp>

#include "broadcast/theme.h"
#include "db/public_reader.h"
#include "engine/registry.h"
#include "feed/on_air_json.h"
#include "feed_support.h"

using namespace facedown;
using namespace facedown::feed;
using namespace facedown::feed::testing;
using nlohmann::json;

TEST_CASE("feed: the frames' explainer places come from the theme.json it serves", "[feed]") {
  TempDir dir;
  LiveMatch live(dir.file("s.db"), 10);
  for (int i = 0; i < 400 && live.step(); ++i) {
  }
  // The served theme: the source tree's, the explainer's preferred place 60 px lower.
  std::ifstream in(std::string(FACEDOWN_SOURCE_DIR) + "/feed/web/theme.json");
  json t = json::parse(in);
  // The board and its explainer a little to the right: every line the feed places moves with them.
  for (const char* l : {"landscape", "portrait", "faces"})
    for (const char* e : {"board", "explainer"})
      t["layouts"][l]["elements"][e]["x"] = t["layouts"][l]["elements"][e]["x"].get<double>() + 8;
  std::filesystem::create_directories(dir.path() / "web");
  { std::ofstream(dir.path() / "web" / "theme.json") << t.dump(); }
  auto served = broadcast::parse_theme(t.dump());
  REQUIRE(std::holds_alternative<broadcast::Theme>(served));
  const broadcast::Theme& theme = std::get<broadcast::Theme>(served);

  FeedOptions o;
  o.db_path = live.path;
  o.wall_clock_ms = [] { return std::int64_t{1'800'000'000'000}; };
  o.web_root = dir.path() / "web";
  auto feed = start_feed(o);
  httplib::Client cli("127.0.0.1", feed->port());
  auto reader = must(db::PublicReader::open(live.path));
  std::vector<broadcast::PublicRow> rows;
  for (auto& r : must(reader.events_after(live.id, 0, live.seq()))) rows.push_back(to_public_row(std::move(r)));
  const auto seals = to_commitments(must(reader.seals(live.id)));
  int battles = 0, moved = 0;
  for (std::size_t step = 1; step <= rows.size() && battles < 4; ++step) {
    auto r = cli.Get("/replay/" + std::to_string(live.id) + "/on-air?step=" + std::to_string(step));
    REQUIRE(r);
    REQUIRE(r->status == 200);
    const json got = json::parse(r->body);
    if (got.at("battle").is_null()) continue;
    ++battles;
    const auto model = model_after(rows, step, seals, std::nullopt, engine::all_games());
    const auto now = static_cast<std::int64_t>(rows[step - 1].wall_time * 1000.0 + 0.5);
    const json want = json::parse(on_air_text(model, now, true, {}, &theme));
    const json built_in = json::parse(on_air_text(model, now, true, {}, nullptr));
    INFO("step " << step);
    CHECK(got.at("battle").at("explainer_box") == want.at("battle").at("explainer_box"));
    CHECK(got.at("battle").at("explainer_lines") == want.at("battle").at("explainer_lines"));
    if (got.at("battle").at("explainer_box") != built_in.at("battle").at("explainer_box")) ++moved;
  }
  CHECK(battles > 0);
  CHECK(moved > 0);
}
