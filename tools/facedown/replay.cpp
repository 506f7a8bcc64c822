#include <iostream>

#include "codec/json.h"
#include "db/replay.h"
#include "engine/view.h"
#include "tools/facedown/commands.h"
#include "tools/facedown/json_out.h"
#include "tools/facedown/store_open.h"

namespace facedown::cli {

int replay(const ReplayArgs& args, std::ostream& out, std::ostream& err) {
  auto viewer = codec::parse_viewer(args.view);
  if (!viewer) {
    err << "facedown replay: unknown view '" << args.view << "' (referee, public, player1, player2)\n";
    return 2;
  }
  if (args.to && args.ply) {
    err << "facedown replay: give --to or --ply, not both\n";
    return 2;
  }
  auto opened = open_replay("replay", args.db, args.match, err);
  if (!opened) return 2;
  auto& replay = *opened;
  int seq = replay.size();
  if (args.to) {
    if (*args.to < 1 || *args.to > replay.size()) {
      err << "facedown replay: --to " << *args.to << " is outside the match (events 1.." << replay.size() << ")\n";
      return 2;
    }
    seq = *args.to;
  } else if (args.ply) {
    if (*args.ply < 0) {
      err << "facedown replay: --ply must be 0 or more\n";
      return 2;
    }
    seq = replay.seq_of_ply(*args.ply);
  }
  const engine::Match& m = replay.seek(seq);
  if (args.final) {
    out << printable(codec::state_to_json(m, *viewer), 2) << "\n";
    return 0;
  }
  for (int i = 0; i < seq; ++i)
    out << printable(codec::event_to_json(engine::project(replay.events()[static_cast<std::size_t>(i)], *viewer),
                                          m.game()))
        << "\n";
  return 0;
}

}  // namespace facedown::cli
