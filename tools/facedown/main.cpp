// facedown — the headless referee: play match scripts, list rules, print boards
// (and, with the store, replay, export, verify and list matches).
#include <CLI/CLI.hpp>
#include <iostream>

#include "tools/facedown/commands.h"

int main(int argc, char** argv) {
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

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (*p) return facedown::cli::play(play, std::cin, std::cout, std::cerr);
  if (*r) return facedown::cli::rules(game, std::cout, std::cerr);
  if (*b) return facedown::cli::board(board, std::cin, std::cout, std::cerr);
  return 2;
}
