#include <fstream>
#include <iostream>
#include <sstream>

#include "codec/json.h"
#include "codec/script_runner.h"
#include "engine/view.h"
#include "tools/facedown/commands.h"

namespace facedown::cli {

using namespace engine;

int board(const BoardArgs& args, std::istream& in, std::ostream& out, std::ostream& err) {
  auto viewer = codec::parse_viewer(args.view);
  if (!viewer) {
    err << "facedown board: unknown view '" << args.view << "'\n";
    return 2;
  }
  std::stringstream text;
  if (args.file == "-") {
    text << in.rdbuf();
  } else {
    std::ifstream f(args.file);
    if (!f) {
      err << "facedown board: cannot open " << args.file << "\n";
      return 2;
    }
    text << f.rdbuf();
  }
  auto run = codec::run_script(text.str());
  for (const auto& e : run.errors) err << e << "\n";
  if (!run.match) return 2;
  const Match& m = *run.match;
  const Geometry& g = m.game().geometry();
  StateView v = view_state(m.state(), *viewer);
  // Empty squares show their terrain: ~ lake, ^ camp, H headquarters, + palace.
  std::vector<std::string> cells(static_cast<std::size_t>(g.size()), " .  ");
  for (Square s = 0; s < g.size(); ++s) {
    const auto t = g.terrain(s);
    if (t & kLake) cells[static_cast<std::size_t>(s)] = "~~~ ";
    else if (t & kCamp) cells[static_cast<std::size_t>(s)] = " ^  ";
    else if (t & kHeadquarters) cells[static_cast<std::size_t>(s)] = " H  ";
    else if (t & kPalace) cells[static_cast<std::size_t>(s)] = " +  ";
  }
  for (const auto& sq : v.board) {
    std::string tok = sq.type ? m.game().token(*sq.type) : "?";
    // Owner 1 in upper case brackets [ ], owner 2 in parentheses ( ); face-up marked with *.
    std::string cell = (sq.owner == 1 ? "[" : "(") + tok + (sq.owner == 1 ? "]" : ")");
    if (sq.revealed) cell += "*";
    while (cell.size() < 4) cell += " ";
    cells[static_cast<std::size_t>(sq.square)] = cell;
  }
  for (int r = g.ranks() - 1; r >= 0; --r) {
    out << (r + 1 < 10 ? " " : "") << r + 1 << " ";
    for (int f = 0; f < g.files(); ++f) {
      out << cells[static_cast<std::size_t>(g.at(f, r))];
      out << (g.file_border_marked(f) ? "-" : " ");
    }
    out << "\n";
  }
  out << "   ";
  for (int f = 0; f < g.files(); ++f) out << " " << static_cast<char>('a' + f) << "   ";
  out << "\n";
  const auto& s = m.state();
  out << "status " << s.status() << ", ply " << s.ply;
  if (s.to_move) out << ", player " << s.to_move << " to move";
  if (s.result) out << ", result: " << (s.result->winner ? "player " + std::to_string(s.result->winner) : "draw") << " (" << s.result->reason << ")";
  out << "\n";
  return run.errors.empty() ? 0 : 2;
}

}  // namespace facedown::cli
