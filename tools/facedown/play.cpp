#include <fstream>
#include <iostream>

#include "codec/json.h"
#include "codec/script_runner.h"
#include "engine/view.h"
#include "tools/facedown/commands.h"

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
  if (!args.db.empty()) {
    err << "facedown play: --db needs the event store, which this build does not have yet\n";
    return 2;
  }
  codec::ScriptRunner runner;
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
      err << "line " << n << ": " << line << ": " << *r.error << "\n";
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
  // --keep-going forgives refused lines, never a store that failed.
  if (args.keep_going && !runner.failed()) return 0;
  return status;
}

}  // namespace facedown::cli
