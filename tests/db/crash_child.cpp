// The process the crash test kills: plays random matches into a store forever,
// resuming whatever the previous (killed) child left unfinished, and after every
// append that returned ok writes "C <match> <seq>\n" to stdout with write(2), so
// the parent knows exactly what was reported as committed before the SIGKILL.
//   db_crash_child FILE SEED
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "tests/support/outage_pause.h"
#include "db/store.h"
#include "tests/db/random_operator.h"

using namespace facedown;

namespace {

void report(const std::string& line) {
  std::size_t done = 0;
  while (done < line.size()) {
    auto n = ::write(1, line.data() + done, line.size() - done);
    if (n <= 0) std::_Exit(4);
    done += static_cast<std::size_t>(n);
  }
}

[[noreturn]] void die(const std::string& why) {
  report("E " + why + "\n");
  std::_Exit(3);
}

// Plays the match to its end (at most a few hundred commands, then an award).
void play(db::Store& store, db::MatchId id, engine::Match& live, db::testing::RandomOperator& op) {
  for (int i = 0; live.state().phase != engine::Phase::kFinished; ++i) {
    std::vector<engine::Event> evs;
    if (i < 250) {
      evs = op.step(live);
    } else {
      evs = live.submit(engine::AwardCmd{1, "the crash test's time is up"}, live.state().time).events;
    }
    if (evs.empty()) break;
    if (auto e = store.append(id, live, evs)) die(e->message);
    report("C " + std::to_string(id) + " " + std::to_string(evs.back().seq) + "\n");
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) die("usage: db_crash_child FILE SEED");
  const std::uint64_t seed = std::strtoull(argv[2], nullptr, 10);
  auto store_or = db::Store::open(argv[1]);
  if (auto* e = std::get_if<db::StoreError>(&store_or)) die(e->message);
  auto& store = std::get<db::Store>(store_or);
  db::testing::RandomOperator op(seed);

  auto unfinished = store.unfinished();
  if (auto* e = std::get_if<db::StoreError>(&unfinished)) die(e->message);
  for (auto id : std::get<std::vector<db::MatchId>>(unfinished)) {
    auto live = store.resume(id, facedown::testing::pause_at_gap());
    if (auto* e = std::get_if<db::StoreError>(&live)) die(e->message);
    auto& m = std::get<engine::Match>(live);
    report("C " + std::to_string(id) + " " + std::to_string(m.log().size()) + "\n");
    play(store, id, m, op);
  }
  for (std::uint64_t n = 0;; ++n) {
    auto live = db::testing::open_random_match(seed * 1000 + n);
    auto id_or = store.create_match(live);
    if (auto* e = std::get_if<db::StoreError>(&id_or)) die(e->message);
    auto id = std::get<db::MatchId>(id_or);
    report("C " + std::to_string(id) + " 1\n");
    play(store, id, live, op);
  }
}
