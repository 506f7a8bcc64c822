// facedown — the headless referee: play match scripts, list rules, print boards
// (and, with the store, replay, export, verify and list matches).
#include <CLI/CLI.hpp>
#include <iostream>

#include "analysis/heap_keep.h"
#include "tools/facedown/commands.h"

int main(int argc, char** argv) {
  facedown::analysis::keep_freed_heap();  // `analyze` after `analyze`: no page faults again
  CLI::App app{"Facedown — referee desk for hidden-information board games", "facedown"};
  app.require_subcommand(1);

  facedown::cli::PlayArgs play;
  auto* p = app.add_subcommand("play", "Play a match script; print events or the final state JSON");
  p->add_option("--view", play.view, "referee | public | player1 | player2")->capture_default_str();
  p->add_flag("--final", play.final, "print only the final state JSON");
  p->add_flag("--keep-going", play.keep_going, "report refused lines and go on");
  p->add_option("--db", play.db, "also record the match in this store");
  p->add_option("file", play.file, "the script, or - for standard input")->capture_default_str();

  std::string game;
  auto* r = app.add_subcommand("rules", "List games, or one game's pieces, presets and options");
  r->add_option("game", game, "game id");

  facedown::cli::BoardArgs board;
  auto* b = app.add_subcommand("board", "Play a script and print its final board as text");
  b->add_option("--view", board.view, "referee | public | player1 | player2")->capture_default_str();
  b->add_option("file", board.file, "the script, or - for standard input")->capture_default_str();

  std::string matches_db;
  auto* ls = app.add_subcommand("matches", "List the matches in a store (id, game, players, status, result, dates)");
  ls->add_option("--db", matches_db, "the store file")->required();

  std::string migrate_db;
  auto* mg = app.add_subcommand("migrate", "Bring an older store to this build's schema (the only verb besides "
                                           "play --db that writes a store)");
  mg->add_option("--db", migrate_db, "the store file")->required();

  facedown::cli::ReplayArgs replay;
  auto* rp = app.add_subcommand("replay", "Print a stored match's events, or its state JSON at any point");
  rp->add_option("--db", replay.db, "the store file")->required();
  rp->add_option("--match", replay.match, "match id (see `facedown matches`)")->required();
  auto* to = rp->add_option("--to", replay.to, "stop after this event (seq)");
  rp->add_option("--ply", replay.ply, "stop at the end of this ply")->excludes(to);
  rp->add_option("--view", replay.view, "referee | public | player1 | player2")->capture_default_str();
  rp->add_flag("--final", replay.final, "print only the state JSON at that point");

  facedown::cli::AnalyzeArgs analyze;
  auto* an = app.add_subcommand("analyze", "What a viewer could deduce about the face-down pieces of a stored match");
  an->add_option("--db", analyze.db, "the store file")->required();
  an->add_option("--match", analyze.match, "match id")->required();
  an->add_option("--view", analyze.view, "public | player1 | player2 (with --win also referee | both)")
      ->capture_default_str();
  an->add_option("--ply", analyze.ply, "at the end of this ply (default: the last event)");
  an->add_flag("--json", analyze.json, "the odds of every piece, the objective and the headlines as JSON");
  an->add_option("--lang", analyze.lang, "en | ko (text output)")->capture_default_str();
  an->add_option("--seed", analyze.seed, "the sampler's seed")->capture_default_str();
  an->add_flag("--win", analyze.win, "who is winning: each side's win probability after every move");
  an->add_option("--playouts", analyze.playouts, "with --win: playouts per move and view, at most")->capture_default_str();

  facedown::cli::ExportArgs exp;
  auto* ex = app.add_subcommand("export", "Write a stored match as a match script (or its full log as JSON)");
  ex->add_option("--db", exp.db, "the store file")->required();
  ex->add_option("--match", exp.match, "match id")->required();
  ex->add_flag("--json", exp.json, "the full log: referee events, wall-clock times, hashes");

  facedown::cli::VerifyArgs ver;
  auto* vf = app.add_subcommand("verify", "Check a store: hash chain, engine replay, public rows, sealed setups");
  vf->add_option("--db", ver.db, "the store file")->required();
  vf->add_option("--match", ver.match, "only this match");
  vf->add_option("--head", ver.head, "the chain head written down with the confirmed result (needs --match)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  // The verbs return errors as values; this is the last guard, so that nothing a
  // script or a file holds can end the process with an abort (and so the store's
  // destructor still releases its writer lock).
  try {
    if (*p) return facedown::cli::play(play, std::cin, std::cout, std::cerr);
    if (*r) return facedown::cli::rules(game, std::cout, std::cerr);
    if (*b) return facedown::cli::board(board, std::cin, std::cout, std::cerr);
    if (*ls) return facedown::cli::matches(matches_db, std::cout, std::cerr);
    if (*mg) return facedown::cli::migrate(migrate_db, std::cout, std::cerr);
    if (*rp) return facedown::cli::replay(replay, std::cout, std::cerr);
    if (*ex) return facedown::cli::export_match(exp, std::cout, std::cerr);
    if (*an) return facedown::cli::analyze(analyze, std::cout, std::cerr);
    if (*vf) return facedown::cli::verify(ver, std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "facedown: internal error: " << e.what() << "\n";
  }
  return 2;
}
