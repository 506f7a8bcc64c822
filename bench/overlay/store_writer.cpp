// overlay_store_writer: plays a random match into a store, one append per
// command with a pause between them, like a console on air. Prints
// "SEQ START_NS END_NS" (monotonic clock, around each append) (the latency benchmark reads it), or
// with --hold keeps the file open and the match running until killed.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

#include "db/store.h"
#include "engine/registry.h"
#include "random_play.h"

using namespace facedown;

namespace {
long long now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Plays a random match into a Facedown store, live"};
  std::string path, game = "number-janggi", preset = "genius-2015";
  int commands = 100, min_ms = 40, max_ms = 160;
  std::uint64_t seed = 1;
  bool hold = false, keep_going = false, finish = false;
  app.add_option("--db", path)->required();
  app.add_option("--game", game);
  app.add_option("--preset", preset);
  app.add_option("--commands", commands, "commands after the start");
  app.add_option("--min-ms", min_ms, "shortest wall pause between commits");
  app.add_option("--max-ms", max_ms, "longest wall pause between commits");
  app.add_option("--seed", seed);
  app.add_flag("--keep-going", keep_going, "pause/resume between moves and void endings: exactly --commands commits");
  app.add_flag("--finish", finish, "resign for player 2 at the end if the match is still on");
  app.add_flag("--hold", hold, "stay alive after the last command (a console idling on air)");
  CLI11_PARSE(app, argc, argv);

  auto games = engine::all_games();
  const engine::GameInfo* info = engine::find_game(games, game);
  if (!info) {
    std::fprintf(stderr, "unknown game %s\n", game.c_str());
    return 2;
  }
  auto opened = db::Store::open(path);
  if (auto* err = std::get_if<db::StoreError>(&opened)) {
    std::fprintf(stderr, "%s\n", err->message.c_str());
    return 1;
  }
  db::Store store = std::move(std::get<db::Store>(opened));
  std::mt19937 rng(static_cast<unsigned>(seed));
  std::uniform_int_distribution<int> pause(min_ms, max_ms);
  db::MatchId id = 0;
  long long start = now_ns();
  auto commit = [&](const engine::Match& m, const std::vector<engine::Event>& evs) {
    if (id == 0) {
      auto created = store.create_match(m);
      if (auto* err = std::get_if<db::StoreError>(&created)) throw std::runtime_error(err->message);
      id = std::get<db::MatchId>(created);
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(pause(rng)));
      start = now_ns();
      if (auto err = store.append(id, m, evs)) throw std::runtime_error(err->message);
    }
    std::printf("%d %lld %lld\n", evs.back().seq, start, now_ns());
    std::fflush(stdout);
  };
  engine::Match match = overlay::bench::play_random(*info, preset, seed, commands, 1000, keep_going, commit);
  if (finish && !match.state().result) {
    auto r = match.submit(engine::ResignCmd{2}, match.state().time + 1000);
    if (!r.events.empty()) commit(match, r.events);
  }
  while (hold) std::this_thread::sleep_for(std::chrono::seconds(1));
  return 0;
}
