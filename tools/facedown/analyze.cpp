// `facedown analyze`: what one viewer could deduce at a point of a stored match
// (analysis/deduction.h). The viewer's stream is the engine's projection of the
// stored events, exactly what that viewer was shown.
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

#include "analysis/deduction.h"
#include "analysis/headlines.h"
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

nlohmann::json to_json(const engine::Game& game, const analysis::Analysis& a, const std::string& view, int seq) {
  nlohmann::json j;
  j["view"] = view;
  j["events"] = seq;
  j["method"] = a.method == analysis::Method::kExact ? "exact" : "sampled";
  if (a.method == analysis::Method::kSampled) {
    j["draws"] = a.draws;
    j["accepted"] = a.accepted;
  }
  j["notes"] = a.notes;
  const auto& roster = game.roster();
  j["pieces"] = nlohmann::json::array();
  for (const auto& piece : a.pieces) {
    nlohmann::json pj;
    pj["owner"] = piece.owner;
    if (piece.square != engine::kNoSquare) pj["square"] = game.geometry().name(piece.square);
    else pj["lost"] = piece.removed_index + 1;
    pj["setup_square"] = game.geometry().name(piece.setup_square);
    nlohmann::json odds = nlohmann::json::object(), se = nlohmann::json::object(),
                   interval = nlohmann::json::object();
    int possible = 0;
    for (std::size_t t = 0; t < roster.size(); ++t) {
      if (!piece.possible[t]) continue;
      ++possible;
      odds[roster[t].token] = piece.p[t];
      if (a.method == analysis::Method::kSampled) se[roster[t].token] = piece.se[t];
      // The 95 % interval ([p, p] when exact): a sampled one is not symmetric about p.
      interval[roster[t].token] = {piece.low.empty() ? piece.p[t] : piece.low[t],
                                   piece.high.empty() ? piece.p[t] : piece.high[t]};
    }
    pj["odds"] = odds;
    if (a.method == analysis::Method::kSampled) pj["se"] = se;
    pj["interval"] = interval;
    pj["certain"] = possible == 1;
    j["pieces"].push_back(pj);
  }
  if (const auto objective = game.objective()) {
    j["objective"]["piece"] = roster[static_cast<std::size_t>(*objective)].token;
    for (int owner : {1, 2}) {
      nlohmann::json places = nlohmann::json::array();
      for (const auto& place : analysis::objective_places(game, a, owner))
        places.push_back({{"place", analysis::place_name(game, *place.piece, engine::Lang::kEnglish)}, {"p", place.p}});
      j["objective"]["player" + std::to_string(owner)] = places;
    }
  }
  j["headlines"]["en"] = analysis::headlines(game, a, engine::Lang::kEnglish);
  j["headlines"]["ko"] = analysis::headlines(game, a, engine::Lang::kKorean);
  return j;
}

}  // namespace

int analyze(const AnalyzeArgs& args, std::ostream& out, std::ostream& err) {
  // Checked before either kind of analysis, so both refuse it alike.
  if (args.lang != "en" && args.lang != "ko") {
    err << "facedown analyze: unknown language '" << args.lang << "' (en, ko)\n";
    return 2;
  }
  if (args.win) return analyze_win(args, out, err);
  auto viewer = codec::parse_viewer(args.view);
  if (!viewer || *viewer == engine::kReferee) {
    err << "facedown analyze: unknown view '" << args.view
        << "' (public, player1, player2; the referee sees every piece)\n";
    return 2;
  }
  auto opened = open_replay("analyze", args.db, args.match, err);
  if (!opened) return 2;
  auto& replay = *opened;
  int seq = replay.size();
  if (args.ply) {
    if (*args.ply < 0) {
      err << "facedown analyze: --ply must be 0 or more\n";
      return 2;
    }
    seq = replay.seq_of_ply(*args.ply);
  }
  const engine::Match& m = replay.seek(seq);
  std::vector<engine::Event> stream;
  for (int i = 0; i < seq; ++i) stream.push_back(engine::project(replay.events()[static_cast<std::size_t>(i)], *viewer));
  analysis::AnalysisOptions options;
  options.seed = args.seed;
  const auto a = analysis::analyze(m.info(), stream, *viewer, options);
  if (a.error) {
    err << "facedown analyze: " << *a.error << "\n";
    return 1;
  }
  const engine::Game& game = m.game();
  if (args.json) {
    out << printable(to_json(game, a, args.view, seq), 2) << "\n";
    return 0;
  }
  const engine::Lang lang = args.lang == "ko" ? engine::Lang::kKorean : engine::Lang::kEnglish;
  const bool ko = lang == engine::Lang::kKorean;
  out << (ko ? m.info().name_ko : m.info().name_en) << " — match " << args.match << ", " << args.view << ", "
      << seq << " events: "
      << (a.method == analysis::Method::kExact ? (ko ? "정확" : "exact")
                                               : (ko ? "표본 " : "sampled ") + std::to_string(a.accepted) + "/" +
                                                     std::to_string(a.draws))
      << "\n";
  for (const auto& line : analysis::headlines(game, a, lang)) out << "  " << line << "\n";
  for (const auto& piece : a.pieces) {
    out << "  " << analysis::place_name(game, piece, lang) << " (" << (ko ? "플레이어 " : "player ") << piece.owner
        << "):";
    std::vector<std::size_t> order;
    for (std::size_t t = 0; t < piece.p.size(); ++t)
      if (piece.possible[t]) order.push_back(t);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return piece.p[x] > piece.p[y]; });
    for (std::size_t t : order) {
      out << " " << game.roster()[t].token << " " << percent(piece.p[t]);
      if (a.method == analysis::Method::kSampled) out << " ±" << percent(piece.se[t]);
    }
    out << "\n";
  }
  return 0;
}

}  // namespace facedown::cli
