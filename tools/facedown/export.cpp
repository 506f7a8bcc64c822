#include <iostream>

#include "codec/export.h"
#include "codec/json.h"
#include "engine/time.h"
#include "tools/facedown/commands.h"
#include "tools/facedown/json_out.h"
#include "tools/facedown/store_open.h"

namespace facedown::cli {

int export_match(const ExportArgs& args, std::ostream& out, std::ostream& err) {
  auto store = open_store("export", args.db, err);
  if (!store) return 2;
  auto loaded = store->load(args.match);
  if (auto* e = std::get_if<db::StoreError>(&loaded)) {
    err << "facedown export: " << e->message << "\n";
    return 2;
  }
  const auto& m = std::get<engine::Match>(loaded);
  if (args.json) {
    auto rows = store->events(args.match);
    auto summary = store->match(args.match);
    if (auto* e = std::get_if<db::StoreError>(&rows)) {
      err << "facedown export: " << e->message << "\n";
      return 2;
    }
    if (auto* e = std::get_if<db::StoreError>(&summary)) {
      err << "facedown export: " << e->message << "\n";
      return 2;
    }
    const auto& s = std::get<db::MatchSummary>(summary);
    nlohmann::json events = nlohmann::json::array();
    for (const auto& r : std::get<std::vector<db::StoredEvent>>(rows)) {
      // `event` dumped compactly (keys sorted, as nlohmann does) is the stored payload,
      // so the hashes can be checked from the export alone.
      auto event = nlohmann::json::parse(r.payload, nullptr, false);
      if (event.is_discarded()) {
        err << "facedown export: " << args.db << ": match " << args.match << ", seq " << r.seq
            << ": the stored payload is not JSON (run facedown verify)\n";
        return 2;
      }
      events.push_back({{"seq", r.seq}, {"wall_ms", r.wall_ms}, {"hash", r.hash}, {"event", std::move(event)}});
    }
    nlohmann::json doc = {{"match", s.id},
                          {"game", s.game},
                          {"preset", s.preset},
                          {"players", {s.players[0], s.players[1]}},
                          {"status", s.status},
                          {"created_ms", s.created_ms},
                          {"finished_ms", s.finished_ms ? nlohmann::json(*s.finished_ms) : nlohmann::json(nullptr)},
                          {"events", events}};
    out << printable(doc, 2) << "\n";
    return 0;
  }
  out << codec::export_script(m);
  // A script replays time only up to its last command: deadlines that fired after
  // it (a final timeout seen by the console's clock) would not come back by play.
  const auto& log = m.log();
  std::size_t tail = 0;
  for (auto it = log.rbegin(); it != log.rend() && it->cmd == 0 && !it->command; ++it) ++tail;
  if (tail > 0 && tail < log.size())
    err << "facedown export: note: the last " << tail << " event(s), from "
        << engine::format_seconds(log[log.size() - tail].t)
        << " s, came from time passing after the last command; playing the script stops before them\n";
  return 0;
}

}  // namespace facedown::cli
