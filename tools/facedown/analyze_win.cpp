// `facedown analyze --win`: who is winning after every move of a stored match
// (analysis/win_probability.h), from the public's point of view (positions drawn
// from what the audience could deduce), a player's, the referee's (the true
// position), or both public and referee. A finished match shows its result.
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

#include "analysis/win_probability.h"
#include "codec/json.h"
#include "db/replay.h"
#include "engine/view.h"
#include "tools/facedown/commands.h"
#include "tools/facedown/json_out.h"
#include "tools/facedown/store_open.h"

namespace facedown::cli {

namespace {

std::string percent(double p) {
  const long v = std::lround(p * 1000);
  return std::to_string(v / 10) + "." + std::to_string(v % 10) + "%";
}

nlohmann::json share_json(const analysis::Share& s) { return {{"p", s.p}, {"low", s.low}, {"high", s.high}}; }

nlohmann::json win_json(const analysis::WinProbability& w) {
  nlohmann::json j;
  if (w.error) {
    j["error"] = *w.error;
    return j;
  }
  j["player1"] = share_json(w.win[0]);
  j["player2"] = share_json(w.win[1]);
  j["draw"] = share_json(w.draw);
  j["unfinished"] = w.unfinished;
  j["playouts"] = w.playouts;
  j["positions"] = w.positions;
  j["decided"] = w.decided;
  return j;
}

// "Alpha 52.1% (49.1-55.0), Beta 47.9% (45.0-50.9), draw 0.0%"
std::string win_text(const analysis::WinProbability& w, const std::array<std::string, 2>& names, bool ko) {
  if (w.error) return (ko ? "계산 못 함: " : "not computed: ") + *w.error;
  std::string s;
  for (std::size_t p = 0; p < 2; ++p) {
    s += (p ? ", " : "") + names[p] + " " + percent(w.win[p].p);
    if (!w.decided) s += " (" + percent(w.win[p].low) + "-" + percent(w.win[p].high) + ")";
  }
  s += std::string(ko ? ", 무승부 " : ", draw ") + percent(w.draw.p);
  if (w.unfinished > 0) s += std::string(ko ? ", 미결 " : ", undecided ") + percent(w.unfinished);
  if (w.decided) s += ko ? " (끝남)" : " (decided)";
  return s;
}

}  // namespace

int analyze_win(const AnalyzeArgs& args, std::ostream& out, std::ostream& err) {
  std::vector<std::pair<std::string, engine::Viewer>> views;
  if (args.view == "both") views = {{"public", engine::kPublic}, {"referee", engine::kReferee}};
  else if (auto v = codec::parse_viewer(args.view)) views = {{args.view, *v}};
  else {
    err << "facedown analyze: unknown view '" << args.view << "' (public, player1, player2, referee, both)\n";
    return 2;
  }
  if (args.playouts < 1) {
    err << "facedown analyze: --playouts must be 1 or more\n";
    return 2;
  }
  if (args.ply && *args.ply < 0) {
    err << "facedown analyze: --ply must be 0 or more\n";
    return 2;
  }
  auto opened = open_replay("analyze", args.db, args.match, err);
  if (!opened) return 2;
  auto& replay = *opened;
  // The moments: the end of every ply (or the one asked), the last one the end of the log.
  std::vector<std::pair<int, int>> moments;  // (ply, seq)
  if (args.ply) {
    moments.emplace_back(*args.ply, replay.seq_of_ply(*args.ply));
  } else {
    for (int ply = 0;; ++ply) {
      const int seq = replay.seq_of_ply(ply);
      moments.emplace_back(ply, seq);
      if (seq >= replay.size()) break;
    }
  }
  analysis::WinOptions options;
  options.seed = args.seed;
  options.max_playouts = args.playouts;
  options.min_playouts = std::min(options.min_playouts, args.playouts);
  const bool ko = args.lang == "ko";
  nlohmann::json j = nlohmann::json::array();
  bool failed = false;
  bool header = false;
  for (const auto& [ply, seq] : moments) {
    const engine::Match& m = replay.seek(seq);
    if (!header && !args.json) {
      out << (ko ? m.info().name_ko : m.info().name_en) << " — " << (ko ? "경기 " : "match ") << args.match << ", "
          << (ko ? "승률" : "who is winning") << " (";
      for (std::size_t v = 0; v < views.size(); ++v) out << (v ? ", " : "") << views[v].first;
      out << (ko ? "; 95% 구간, 끝까지 둔 대국으로)\n" : "; 95% intervals, from games played to the end)\n");
      header = true;
    }
    nlohmann::json row;
    row["ply"] = ply;
    row["events"] = seq;
    std::string line = (ko ? "  수 " : "  ply ") + std::to_string(ply) + ":";
    for (const auto& [name, viewer] : views) {
      analysis::WinProbability w;
      if (viewer == engine::kReferee) {
        w = analysis::referee_win_probability(m, options);
      } else {
        std::vector<engine::Event> stream;
        for (int i = 0; i < seq; ++i) stream.push_back(engine::project(replay.events()[static_cast<std::size_t>(i)], viewer));
        w = analysis::viewer_win_probability(m.info(), stream, viewer, options);
      }
      failed = failed || w.error.has_value();
      row[name] = win_json(w);
      line += " " + name + " " + win_text(w, m.state().players, ko) + ";";
    }
    if (args.json) j.push_back(row);
    else out << line.substr(0, line.size() - 1) << "\n";
  }
  if (args.json) out << printable(j, 2) << "\n";
  return failed ? 1 : 0;
}

}  // namespace facedown::cli
