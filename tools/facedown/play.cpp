#include <fstream>
#include <iostream>

#include "codec/json.h"
#include "codec/script.h"
#include "codec/script_runner.h"
#include "engine/view.h"
#include "tools/facedown/commands.h"
#include "tools/facedown/store_open.h"

namespace facedown::cli {

using namespace engine;

int play(const PlayArgs& args, std::istream& in, std::ostream& out, std::ostream& err) {
  auto viewer = codec::parse_viewer(args.view);
  if (!viewer) {
    err << "facedown play: unknown view '" << args.view << "' (referee, public, player1, player2)\n";
    return 2;
  }
  std::ifstream file;
  std::istream* src = &in;
  if (args.file != "-") {
    file.open(args.file);
    if (!file) {
      err << "facedown play: cannot open " << args.file << "\n";
      return 2;
    }
    src = &file;
  }
  // With --db every line's events are committed before they are printed: the
  // journal runs inside feed(), before it returns the events.
  std::optional<db::Store> store;
  db::MatchId match_id = 0;
  if (!args.db.empty()) {
    store = open_store("play", args.db, err, true);
    if (!store) return 2;
  }
  codec::ScriptRunner::Journal journal;
  if (store) {
    journal = [&](const Match& m, const std::vector<Event>& events) -> std::optional<std::string> {
      if (match_id == 0) {
        auto id = store->create_match(m);
        if (auto* e = std::get_if<db::StoreError>(&id)) return e->message;
        match_id = std::get<db::MatchId>(id);
        return std::nullopt;
      }
      if (auto e = store->append(match_id, m, events)) return e->message;
      return std::nullopt;
    };
  }
  codec::ScriptRunner runner(journal);
  auto print = [&](const std::vector<Event>& events) {
    if (args.final || !runner.match()) return;
    for (const auto& e : events) out << codec::event_to_json(project(e, *viewer), runner.match()->game()).dump() << "\n";
  };
  int status = 0;
  std::string line;
  int n = 0;
  while (std::getline(*src, line)) {
    ++n;
    auto r = runner.feed(line);
    print(r.events);
    if (r.error) {
      err << "line " << n << ": " << codec::printable(line) << ": " << *r.error << "\n";
      status = 2;
      if (!args.keep_going || runner.failed()) break;
    }
  }
  if (status == 0 || args.keep_going) {
    auto r = runner.finish();
    print(r.events);
    if (r.error) {
      err << "line " << n << ": " << *r.error << "\n";
      status = 2;
    }
  }
  if (!runner.match()) {
    if (status == 0) err << "facedown play: the script opens no match (no `game` line)\n";
    return 2;
  }
  if (args.final) out << codec::state_to_json(*runner.match(), *viewer).dump(2) << "\n";
  if (match_id) err << "facedown play: recorded as match " << match_id << " in " << args.db << "\n";
  // --keep-going forgives refused lines, never a store that failed.
  if (args.keep_going && !runner.failed()) return 0;
  return status;
}

}  // namespace facedown::cli
