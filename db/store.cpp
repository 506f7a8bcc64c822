#include "db/store.h"

#include <spdlog/sinks/null_sink.h>
#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>

#include "codec/json.h"
#include "db/hash_chain.h"
#include "db/match_rows.h"
#include "db/cues.h"
#include "db/presentation.h"
#include "db/parsed_log.h"
#include "db/process_identity.h"
#include "db/projection.h"
#include "db/schema.h"
#include "db/sealed_setup.h"
#include "db/utc_text.h"
#include "db/sqlite.h"
#include "db/statements.h"
#include "engine/registry.h"

namespace facedown::db {

using K = StoreError::Kind;

namespace {

// What the store keeps for each match whose writer lock it holds: the match folded
// from the stored rows (to compute the public state after every event) and the
// last hash of the chain. Dropped after a failed write; rebuilt from the file.
struct Held {
  std::optional<engine::Match> shadow;
  std::string last_hash = kChainStart;
  // Wall time of the last commit: a commit is never stamped earlier (a clock
  // stepped back by NTP must not make an honest log look edited).
  std::int64_t last_wall = 0;
  std::int64_t last_heartbeat_wall = 0;  // when this Store last wrote one
};

}  // namespace

struct Store::Impl {
  std::string path;
  StoreOptions options;
  std::shared_ptr<spdlog::logger> log;
  sql::Connection db;
  ProcessIdentity me;
  std::string token;
  std::vector<engine::GameInfo> games = engine::all_games();
  std::map<MatchId, Held> held;
  std::optional<int> migrated_from;

  std::int64_t now() const {
    if (options.wall_clock_ms) return options.wall_clock_ms();
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
  StoreError fail(const std::string& what, const sql::SqliteError& f) const {
    auto e = sql::classify(path, what, f);
    log->error("{}", e.message);
    return e;
  }
  StoreError fail(K kind, const std::string& message) const {
    StoreError e{kind, path + ": " + message};
    log->error("{}", e.message);
    return e;
  }

  const engine::GameInfo* game_info(const std::string& id) const { return engine::find_game(games, id); }

  Result<std::vector<StoredEvent>> events(MatchId id, std::optional<int> to_seq);
  Result<engine::Match> load(MatchId id, std::optional<int> to_seq);
  Failure acquire(MatchId id);
  Failure write(MatchId id, Held& h, const engine::Match& after, const std::vector<engine::Event>& events,
                const std::function<Failure()>& extra);
  Failure write_rows(MatchId id, Held& h, const std::vector<engine::Event>& events, std::int64_t wall);
  Result<std::string> storable_payload(const engine::Event& e, const engine::Game& game,
                                       const std::string& what) const;
  Failure write_event_row(MatchId id, Held& h, const engine::Event& e, const std::string& payload,
                          std::int64_t wall, const std::string& what);
  Failure write_public_row(MatchId id, const engine::Event& e, const engine::Match& after, std::int64_t wall,
                           const std::string& what);
  Failure seal_setup(MatchId id, const engine::Event& e, const engine::SetupLocked& setup,
                     const engine::Game& game, const std::string& what);
  Failure open_seals(MatchId id, const std::string& what);
  Failure update_summary(MatchId id, const engine::Match& m, std::int64_t wall, const std::string& what,
                         bool voided = false);
};

// ------------------------------------------------------------------ opening

Result<Store> Store::open(const std::string& path, StoreOptions options) {
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  impl->log = options.log ? options.log
                          : std::make_shared<spdlog::logger>("facedown-db",
                                                             std::make_shared<spdlog::sinks::null_sink_mt>());
  impl->options = std::move(options);
  impl->me = this_process();
  impl->token = random_salt().value_or(std::to_string(impl->me.pid)).substr(0, 16);

  std::error_code ec;
  const bool read_only = impl->options.read_only;
  bool exists = std::filesystem::exists(path, ec);
  if (!exists && (read_only || !impl->options.create))
    return impl->fail(K::kNotFound, "no such file");
  if (exists && std::filesystem::is_directory(path, ec))
    return impl->fail(K::kIo, "is a directory, not a store file");
  // SQLite would take a 0-byte file for a new database; a reader must not.
  if (read_only && std::filesystem::file_size(path, ec) == 0 && !ec)
    return impl->fail(K::kNotAStore, "an empty file, not a Facedown store");

  int flags = read_only ? SQLITE_OPEN_READONLY
                        : SQLITE_OPEN_READWRITE | (impl->options.create ? SQLITE_OPEN_CREATE : 0);
  if (auto f = sql::Connection::open(path, flags, impl->db)) return impl->fail("opening the store", *f);
  if (!read_only && impl->db.read_only())
    return impl->fail(sql::classify(path, "opening the store", {SQLITE_READONLY, "opened read-only"}).kind,
                      "the file is read-only (a writer needs to write the file and its directory)");
  sqlite3_busy_timeout(impl->db.get(), impl->options.busy_timeout_ms);

  int from = 0;
  if (auto e = schema::prepare(impl->db, path, read_only, kSchemaVersion, &from)) {
    impl->log->error("{}", e->message);
    return *e;
  }
  if (from != kSchemaVersion) {
    impl->log->info("{}: schema {} -> {}", path, from, kSchemaVersion);
    impl->migrated_from = from;
  }

  if (!read_only) {
    sql::Statement st;
    if (auto f = sql::Statement::prepare(impl->db, "PRAGMA journal_mode=WAL", st))
      return impl->fail("switching to WAL", *f);
    int rc = st.step();
    if (rc != SQLITE_ROW) return impl->fail("switching to WAL", st.failure(rc));
    if (st.text(0) != "wal")
      return impl->fail(K::kIo, "could not switch to WAL mode (journal mode stays " + st.text(0) + ")");
    std::string pragmas = "PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;";
    if (impl->options.max_page_count > 0)
      pragmas += "PRAGMA max_page_count=" + std::to_string(impl->options.max_page_count) + ";";
    if (auto f = impl->db.exec(pragmas)) return impl->fail("setting up the connection", *f);
  } else if (auto f = impl->db.exec("PRAGMA query_only=1")) {
    return impl->fail("setting up the connection", *f);
  }

  // A damaged page is better found now than in the middle of a live match.
  {
    sql::Statement st;
    if (auto f = sql::Statement::prepare(impl->db, "PRAGMA quick_check(1)", st))
      return impl->fail("checking the file", *f);
    int rc = st.step();
    if (rc != SQLITE_ROW) return impl->fail("checking the file", st.failure(rc));
    if (st.text(0) != "ok")
      return impl->fail(K::kCorrupt, "the database file is corrupted (" + st.text(0) + ")");
  }
  impl->log->info("{}: store open (schema {}, pid {})", path, kSchemaVersion, impl->me.pid);
  return Store(std::move(impl));
}

Store::Store(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Store::Store(Store&&) noexcept = default;

void Store::release_all() {
  if (!impl_) return;
  std::vector<MatchId> ids;
  for (const auto& [id, h] : impl_->held) ids.push_back(id);
  for (auto id : ids) release(id);
}

Store& Store::operator=(Store&& other) noexcept {
  if (this != &other) {
    release_all();  // the locks of the store being replaced are let go, not orphaned
    impl_ = std::move(other.impl_);
  }
  return *this;
}

Store::~Store() { release_all(); }

const std::string& Store::path() const { return impl_->path; }
std::optional<int> Store::migrated_from() const { return impl_->migrated_from; }

// ------------------------------------------------------------------ reading

Result<std::vector<StoredEvent>> Store::Impl::events(MatchId id, std::optional<int> to_seq) {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db,
                                       "SELECT seq, type, t_ms, wall_ms, payload, hash FROM events "
                                       "WHERE match_id = ?1 AND seq <= ?2 ORDER BY seq",
                                       st))
    return fail("reading events", *f);
  st.bind(1, id).bind(2, static_cast<std::int64_t>(to_seq.value_or(INT32_MAX)));
  std::vector<StoredEvent> out;
  int rc;
  while ((rc = st.step()) == SQLITE_ROW)
    out.push_back(StoredEvent{st.integer(0), st.text(1), st.int64(2), st.int64(3), st.text(4), st.text(5)});
  if (rc != SQLITE_DONE) return fail("reading events of match " + std::to_string(id), st.failure(rc));
  return out;
}

Result<std::vector<StoredEvent>> Store::events(MatchId id, std::optional<int> to_seq) {
  return impl_->events(id, to_seq);
}

Result<MatchSummary> Store::match(MatchId id) {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(impl_->db,
                                       std::string("SELECT ") + rows::kSummaryColumns +
                                           " FROM matches WHERE id = ?1",
                                       st))
    return impl_->fail("reading matches", *f);
  st.bind(1, id);
  int rc = st.step();
  if (rc == SQLITE_ROW) return rows::summary(st);
  if (rc == SQLITE_DONE) return StoreError{K::kNotFound, impl_->path + ": no match " + std::to_string(id)};
  return impl_->fail("reading matches", st.failure(rc));
}

Result<std::vector<MatchSummary>> Store::matches() {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(
          impl_->db, std::string("SELECT ") + rows::kSummaryColumns + " FROM matches ORDER BY id", st))
    return impl_->fail("reading matches", *f);
  std::vector<MatchSummary> out;
  int rc;
  while ((rc = st.step()) == SQLITE_ROW) out.push_back(rows::summary(st));
  if (rc != SQLITE_DONE) return impl_->fail("reading matches", st.failure(rc));
  return out;
}

Result<std::vector<MatchId>> Store::unfinished() {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(impl_->db,
                                       "SELECT id FROM matches WHERE finished_ms IS NULL ORDER BY id", st))
    return impl_->fail("reading matches", *f);
  std::vector<MatchId> out;
  int rc;
  while ((rc = st.step()) == SQLITE_ROW) out.push_back(st.int64(0));
  if (rc != SQLITE_DONE) return impl_->fail("reading matches", st.failure(rc));
  return out;
}

Result<engine::Match> Store::Impl::load(MatchId id, std::optional<int> to_seq) {
  auto rows_or = events(id, to_seq);
  if (auto* e = std::get_if<StoreError>(&rows_or)) return *e;
  auto& rows = std::get<std::vector<StoredEvent>>(rows_or);
  const std::string where = "match " + std::to_string(id);
  if (rows.empty()) return fail(K::kNotFound, "no match " + std::to_string(id) + " (no events stored)");
  auto parsed_or = parse_log(rows, games);
  if (auto* pf = std::get_if<ParseFailure>(&parsed_or))
    return fail(K::kTampered, where + ", seq " + std::to_string(pf->seq) + ": " + pf->reason);
  auto& parsed = std::get<ParsedLog>(parsed_or);
  auto m = engine::Match::from_log(*parsed.info, parsed.events);
  if (auto* r = std::get_if<engine::Rejection>(&m))
    return fail(K::kTampered, where + ": the engine cannot rebuild it: " + r->reason);
  return std::move(std::get<engine::Match>(m));
}

Result<engine::Match> Store::load(MatchId id, std::optional<int> to_seq) { return impl_->load(id, to_seq); }

// ------------------------------------------------------------------ locks

std::optional<WriterLock> Store::lock_holder(MatchId id) {
  sql::Statement st;
  if (sql::Statement::prepare(impl_->db, "SELECT pid, host, since_ms FROM writers WHERE match_id = ?1", st))
    return std::nullopt;
  st.bind(1, id);
  if (st.step() != SQLITE_ROW) return std::nullopt;
  return WriterLock{static_cast<long>(st.int64(0)), st.text(1), st.int64(2)};
}

Failure Store::Impl::acquire(MatchId id) {
  const std::string what = "taking the writer lock of match " + std::to_string(id);
  {
    sql::Transaction tx;
    if (auto f = sql::Transaction::begin(db, tx)) return fail(what, *f);
    sql::Statement st;
    if (auto f = sql::Statement::prepare(db, "SELECT count(*) FROM matches WHERE id = ?1", st))
      return fail(what, *f);
    st.bind(1, id);
    if (st.step() != SQLITE_ROW || st.int64(0) == 0)
      return StoreError{K::kNotFound, path + ": no match " + std::to_string(id)};
    st.reset();  // no statement may be open at COMMIT (see write())
    sql::Statement lk;
    if (auto f = sql::Statement::prepare(
            db, "SELECT pid, pid_start, host, token, since_ms FROM writers WHERE match_id = ?1", lk))
      return fail(what, *f);
    lk.bind(1, id);
    int rc = lk.step();
    if (rc == SQLITE_ROW && lk.text(3) != token) {
      ProcessIdentity holder{static_cast<long>(lk.int64(0)), lk.text(1), lk.text(2)};
      const std::int64_t since = lk.int64(4);
      if (still_running(holder)) {
        StoreError e{K::kLocked, path + ": match " + std::to_string(id) + " is being written by process " +
                                     std::to_string(holder.pid) + " on " + holder.host + " since " +
                                     utc_text(since) + "; close that writer first"};
        log->warn("{}", e.message);
        return e;
      }
      log->warn("{}: match {}: taking over the writer lock of process {} on {} (since {}), which is gone",
                path, id, holder.pid, holder.host, utc_text(since));
    } else if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
      return fail(what, lk.failure(rc));
    }
    lk.reset();
    sql::Statement up;
    if (auto f = sql::Statement::prepare(db, statements::kReplaceWriter, up))
      return fail(what, *f);
    up.bind(1, id).bind(2, static_cast<std::int64_t>(me.pid)).bind(3, me.start).bind(4, me.host).bind(5, token).bind(6, now());
    if (auto f = up.run()) return fail(what, *f);
    if (auto f = tx.commit()) return fail(what, *f);
  }
  auto& h = held[id];
  h.shadow.reset();
  auto m = load(id, std::nullopt);
  if (auto* e = std::get_if<StoreError>(&m)) {
    held.erase(id);
    return *e;
  }
  h.shadow.emplace(std::move(std::get<engine::Match>(m)));
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db, "SELECT hash, wall_ms FROM events WHERE match_id = ?1 ORDER BY seq DESC LIMIT 1", st))
    return fail(what, *f);
  st.bind(1, id);
  if (st.step() == SQLITE_ROW) {
    h.last_hash = st.text(0);
    h.last_wall = st.int64(1);
  }
  return std::nullopt;
}

Failure Store::acquire(MatchId id) { return impl_->acquire(id); }

void Store::release(MatchId id) {
  impl_->held.erase(id);
  sql::Statement st;
  if (sql::Statement::prepare(impl_->db, statements::kDeleteWriter, st)) return;
  st.bind(1, id).bind(2, impl_->token);
  if (auto f = st.run()) impl_->log->warn("{}: could not release the lock of match {}: {}", impl_->path, id, f->message);
}

// ------------------------------------------------------------------ writing
//
// One append is: for each event, its referee row and chain link
// (write_event_row), its public row (write_public_row), its seal when it locks a
// setup (seal_setup) and the opening of the seals when it closes the match
// (open_seals); then the matches row (update_summary). write_rows runs the four
// per-event steps in order; write() wraps everything in one transaction.

// The canonical payload of `e`, or why it cannot be stored: text that is not
// UTF-8 cannot be dumped, and a payload that does not parse back to the same
// event would be a log the store could not read again (replay, resume, verify).
Result<std::string> Store::Impl::storable_payload(const engine::Event& e, const engine::Game& game,
                                                  const std::string& what) const {
  std::string payload;
  try {
    payload = canonical_payload(e, game);
  } catch (const std::exception& ex) {
    return fail(K::kInvalid, what + ", seq " + std::to_string(e.seq) + ": the event cannot be written as JSON (" +
                                 ex.what() + "); nothing of this command was recorded");
  }
  auto j = nlohmann::json::parse(payload, nullptr, false);
  std::optional<std::string> again;
  if (!j.is_discarded()) {
    auto back = codec::event_from_json(j, game);
    if (auto* ev = std::get_if<engine::Event>(&back)) {
      try {
        again = canonical_payload(*ev, game);
      } catch (const std::exception&) {
      }
    }
  }
  if (again != payload)
    return fail(K::kInvalid, what + ", seq " + std::to_string(e.seq) +
                                 ": the event would not read back as written (a text the script reader cannot "
                                 "parse again?); nothing of this command was recorded");
  return payload;
}

// Inserts the referee row of `e` and extends the hash chain by it.
Failure Store::Impl::write_event_row(MatchId id, Held& h, const engine::Event& e, const std::string& payload,
                                    std::int64_t wall, const std::string& what) {
  const std::string hash = chain_hash(h.last_hash, payload);
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db, statements::kInsertEvent, st)) return fail(what, *f);
  st.bind(1, id).bind(2, e.seq).bind(3, e.cmd).bind(4, engine::event_type(e.body)).bind(5, e.t).bind(6, wall);
  st.bind(7, payload).bind(8, hash);
  if (auto f = st.run()) return fail(what, *f);
  h.last_hash = hash;
  return std::nullopt;
}

// Inserts the public row of `e`: its public projection and the public state after it.
Failure Store::Impl::write_public_row(MatchId id, const engine::Event& e, const engine::Match& after,
                                     std::int64_t wall, const std::string& what) {
  PublicProjection proj;
  try {
    proj = public_projection(e, after);
  } catch (const std::exception& ex) {
    return fail(K::kInvalid, what + ", seq " + std::to_string(e.seq) + ": the public row cannot be written (" +
                                 ex.what() + "); nothing of this command was recorded");
  }
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db, statements::kInsertPublicEvent, st)) return fail(what, *f);
  st.bind(1, id).bind(2, e.seq).bind(3, engine::event_type(e.body)).bind(4, e.t).bind(5, wall);
  st.bind(6, proj.event).bind(7, proj.state);
  if (auto f = st.run()) return fail(what, *f);
  return std::nullopt;
}

// Draws a salt and writes the secret setup text with it and the public commitment.
Failure Store::Impl::seal_setup(MatchId id, const engine::Event& e, const engine::SetupLocked& setup,
                               const engine::Game& game, const std::string& what) {
  auto salt = random_salt();
  if (!salt) return fail(K::kIo, what + ": no random bytes for the setup's salt (OpenSSL RAND_bytes failed)");
  const std::string text = canonical_setup_text(id, e.seq, setup, game);
  sql::Statement sec, seal;
  if (auto f = sql::Statement::prepare(db, statements::kInsertSealedSetup, sec)) return fail(what, *f);
  sec.bind(1, id).bind(2, e.seq).bind(3, setup.player).bind(4, text).bind(5, *salt);
  if (auto f = sec.run()) return fail(what, *f);
  if (auto f = sql::Statement::prepare(db, statements::kInsertPublicSeal, seal)) return fail(what, *f);
  seal.bind(1, id).bind(2, e.seq).bind(3, setup.player).bind(4, setup_commitment(text, *salt));
  if (auto f = seal.run()) return fail(what, *f);
  return std::nullopt;
}

// Copies the text and salt of every sealed setup of the match not yet open into
// its public seal, so anyone can check the commitments.
Failure Store::Impl::open_seals(MatchId id, const std::string& what) {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db, statements::kOpenSeals, st)) return fail(what, *f);
  st.bind(1, id);
  if (auto f = st.run()) return fail(what, *f);
  return std::nullopt;
}

// Folds each event into the shadow match and writes its rows, link and seals.
Failure Store::Impl::write_rows(MatchId id, Held& h, const std::vector<engine::Event>& evs, std::int64_t wall) {
  const std::string what = "recording events of match " + std::to_string(id);
  engine::Match& m = *h.shadow;
  for (const auto& e : evs) {
    if (e.seq != 1) {
      if (auto r = m.record(e)) return fail(K::kInvalid, what + ": " + r->reason);
    }
    auto payload = storable_payload(e, m.game(), what);
    if (auto* err = std::get_if<StoreError>(&payload)) return *err;
    if (auto f = write_event_row(id, h, e, std::get<std::string>(payload), wall, what)) return f;
    if (auto f = write_public_row(id, e, m, wall, what)) return f;
    if (const auto* setup = std::get_if<engine::SetupLocked>(&e.body))
      if (auto f = seal_setup(id, e, *setup, m.game(), what)) return f;
    if (opens_seals(e))
      if (auto f = open_seals(id, what)) return f;
  }
  return std::nullopt;
}

// Writes the matches row as the match stands after this commit.
Failure Store::Impl::update_summary(MatchId id, const engine::Match& m, std::int64_t wall, const std::string& what,
                                    bool voided) {
  const auto& s = m.state();
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db, statements::kUpdateSummary, st)) return fail(what, *f);
  st.bind(1, id).bind(2, s.status());
  if (s.result) {
    st.bind(3, s.result->winner).bind(4, s.result->reason);
  } else {
    st.bind_null(3).bind_null(4);
  }
  st.bind(5, wall).bind(6, static_cast<int>(m.log().size())).bind(7, m.log().back().t).bind(8, voided ? 1 : 0);
  if (auto f = st.run()) return fail(what, *f);
  return std::nullopt;
}

Result<MatchId> Store::create_match(const engine::Match& match) {
  auto& d = *impl_;
  const std::string what = "creating a match";
  const auto& log = match.log();
  if (log.empty() || !std::holds_alternative<engine::Opened>(log.front().body))
    return d.fail(K::kInvalid, what + ": the match has no opened event");
  const auto& opened = std::get<engine::Opened>(log.front().body);
  auto shadow = engine::Match::from_log(match.info(), {log.front()});
  if (auto* r = std::get_if<engine::Rejection>(&shadow)) return d.fail(K::kInvalid, what + ": " + r->reason);

  const std::int64_t wall = d.now();
  sql::Transaction tx;
  if (auto f = sql::Transaction::begin(d.db, tx)) return d.fail(what, *f);
  sql::Statement st;
  std::string options_json;
  try {
    options_json = nlohmann::json(opened.options).dump();
  } catch (const std::exception& ex) {
    return d.fail(K::kInvalid, what + ": the options cannot be written as JSON (" + ex.what() + ")");
  }
  if (auto f = sql::Statement::prepare(d.db, statements::kInsertMatch, st)) return d.fail(what, *f);
  st.bind(1, opened.game).bind(2, opened.preset).bind(3, options_json);
  st.bind(4, opened.players[0]).bind(5, opened.players[1]).bind(6, wall);
  if (auto f = st.run()) return d.fail(what, *f);
  const MatchId id = sqlite3_last_insert_rowid(d.db.get());
  sql::Statement lk;
  if (auto f = sql::Statement::prepare(d.db, statements::kInsertWriter, lk))
    return d.fail(what, *f);
  lk.bind(1, id).bind(2, static_cast<std::int64_t>(d.me.pid)).bind(3, d.me.start).bind(4, d.me.host).bind(5, d.token).bind(6, wall);
  if (auto f = lk.run()) return d.fail(what, *f);

  Held h;
  h.shadow.emplace(std::move(std::get<engine::Match>(shadow)));
  if (auto e = d.write_rows(id, h, log, wall)) return *e;
  if (auto e = d.update_summary(id, *h.shadow, wall, what)) return *e;
  if (auto f = tx.commit()) return d.fail(what, *f);
  h.last_wall = wall;
  d.held[id] = std::move(h);
  d.log->info("{}: match {} created ({}, {} vs {})", d.path, id, opened.game, opened.players[0], opened.players[1]);
  return id;
}

Failure Store::Impl::write(MatchId id, Held& h, const engine::Match& after, const std::vector<engine::Event>& evs,
                           const std::function<Failure()>& extra) {
  const std::string what = "recording events of match " + std::to_string(id);
  const int stored = static_cast<int>(h.shadow->log().size());
  for (std::size_t i = 0; i < evs.size(); ++i)
    if (evs[i].seq != stored + 1 + static_cast<int>(i))
      return fail(K::kInvalid, what + ": " + std::to_string(stored) + " events are stored, so seq " +
                                   std::to_string(stored + 1 + static_cast<int>(i)) + " comes next, but the event given has seq " +
                                   std::to_string(evs[i].seq) + "; nothing was written");
  if (static_cast<int>(after.log().size()) != evs.back().seq)
    return fail(K::kInvalid, what + ": the events given are not the end of the match's log");

  const std::int64_t wall = std::max(now(), h.last_wall);
  sql::Transaction tx;
  if (auto f = sql::Transaction::begin(db, tx)) return fail(what, *f);
  // Another process may have taken the lock over (this one was thought dead).
  sql::Statement lk;
  if (auto f = sql::Statement::prepare(db, "SELECT token, pid FROM writers WHERE match_id = ?1", lk))
    return fail(what, *f);
  lk.bind(1, id);
  if (lk.step() != SQLITE_ROW || lk.text(0) != token)
    return fail(K::kLocked, what + ": this process no longer holds the match's writer lock");
  // A statement still open at COMMIT makes SQLite's automatic checkpoint fail, so
  // the WAL of a writer that only appends (`facedown play --db`) grew without end.
  lk.reset();
  auto dropped = [&](Failure s) {
    h.shadow.reset();  // it may hold events that were rolled back
    return s;
  };
  if (auto e = write_rows(id, h, evs, wall)) return dropped(e);
  const bool voided = std::any_of(evs.begin(), evs.end(),
                                  [](const engine::Event& e) { return std::holds_alternative<engine::Voided>(e.body); });
  if (auto e = update_summary(id, *h.shadow, wall, what, voided)) return dropped(e);
  if (extra)
    if (auto e = extra()) return dropped(e);
  if (auto f = tx.commit()) return dropped(fail(what, *f));
  h.last_wall = wall;
  return std::nullopt;
}

Failure Store::append(MatchId id, const engine::Match& after, const std::vector<engine::Event>& events) {
  if (events.empty()) return std::nullopt;
  auto& d = *impl_;
  auto it = d.held.find(id);
  if (it == d.held.end() || !it->second.shadow) {
    if (auto e = d.acquire(id)) return e;
    it = d.held.find(id);
  }
  return d.write(id, it->second, after, events, {});
}

Result<engine::Match> Store::resume(MatchId id, const OutagePolicy& decide) {
  auto& d = *impl_;
  if (auto e = d.acquire(id)) return *e;
  auto live_or = d.load(id, std::nullopt);
  if (auto* e = std::get_if<StoreError>(&live_or)) return *e;
  auto& live = std::get<engine::Match>(live_or);
  const auto& s = live.state();
  if (s.result) return std::move(live);  // finished: nothing was interrupted

  Held& h = d.held[id];
  const int after_seq = static_cast<int>(live.log().size());
  std::int64_t last_wall = 0;
  {
    sql::Statement st;
    if (auto f = sql::Statement::prepare(d.db, "SELECT last_wall_ms FROM matches WHERE id = ?1", st))
      return d.fail("resuming", *f);
    st.bind(1, id);
    if (st.step() == SQLITE_ROW) last_wall = st.int64(0);
  }
  std::optional<int> paused_seq;
  std::vector<engine::Event> paused;
  const std::int64_t resumed_wall = d.now();
  if (s.started && !s.paused && decide) {
    // The clock ran until the desk died: up to the last heartbeat, not beyond.
    OutageGap gap;
    gap.stopped_at = s.time;
    auto beat_or = last_heartbeat(id);
    if (auto* e = std::get_if<StoreError>(&beat_or)) return *e;
    const auto& beat = std::get<std::optional<Heartbeat>>(beat_or);
    if (beat && beat->match_ms > gap.stopped_at) gap.stopped_at = beat->match_ms;
    // The interruptions row keeps the last commit's wall time (verify checks it);
    // the gap says when the desk was last alive.
    gap.last_sign_wall_ms = beat && beat->wall_ms > last_wall ? beat->wall_ms : last_wall;
    gap.resumed_wall_ms = resumed_wall;
    paused = decide(live, gap);
    for (const auto& e : paused)
      if (const auto* p = std::get_if<engine::Paused>(&e.body); p && p->reason == kInterruptionReason) paused_seq = e.seq;
  }
  auto record_outage = [&]() -> Failure {
    sql::Statement st;
    if (auto f = sql::Statement::prepare(d.db, statements::kInsertInterruption, st))
      return d.fail("recording the interruption", *f);
    st.bind(1, id).bind(2, after_seq).bind(3, last_wall).bind(4, resumed_wall).bind(5, paused_seq.has_value() ? std::optional<std::int64_t>(*paused_seq) : std::nullopt);
    if (auto f = st.run()) return d.fail("recording the interruption", *f);
    return std::nullopt;
  };
  if (!paused.empty()) {
    if (auto e = d.write(id, h, live, paused, record_outage)) return *e;
  } else {
    sql::Transaction tx;
    if (auto f = sql::Transaction::begin(d.db, tx)) return d.fail("recording the interruption", *f);
    if (auto e = record_outage()) return *e;
    if (auto f = tx.commit()) return d.fail("recording the interruption", *f);
  }
  d.log->warn("{}: match {} resumed after an interruption ({} events; last sign of life {})", d.path, id, after_seq,
              utc_text(last_wall));
  return std::move(live);
}

// ------------------------------------------------------------------ heartbeats

Failure Store::heartbeat(MatchId id, engine::Millis t) {
  auto& d = *impl_;
  auto it = d.held.find(id);
  if (it == d.held.end()) return d.fail(K::kLocked, "match " + std::to_string(id) + ": a heartbeat needs the writer lock");
  const std::int64_t wall = d.now();
  if (wall - it->second.last_heartbeat_wall < kHeartbeatEveryMs) return std::nullopt;
  sql::Statement st;
  const std::string what = "recording the heartbeat of match " + std::to_string(id);
  if (auto f = sql::Statement::prepare(d.db, statements::kUpsertHeartbeat, st))
    return d.fail(what, *f);
  st.bind(1, id).bind(2, t).bind(3, wall);
  if (auto f = st.run()) return d.fail(what, *f);
  it->second.last_heartbeat_wall = wall;
  return std::nullopt;
}

// ------------------------------------------------------------------ presentation

Result<OnAirHold> Store::set_on_air_hold(MatchId id, bool held) {
  OnAirHold out;
  if (auto f = rows::set_on_air_hold(impl_->db, id, held, impl_->now(), out))
    return impl_->fail(std::string(held ? "holding" : "releasing") + " the picture on air of match " + std::to_string(id), *f);
  return out;
}

Result<std::optional<OnAirHold>> Store::on_air_hold(MatchId id) {
  std::optional<OnAirHold> out;
  if (auto f = rows::on_air_hold(impl_->db, id, out)) return impl_->fail("reading the hold on air", *f);
  return out;
}

Result<std::vector<CueRow>> Store::append_cues(MatchId id, const std::vector<std::string>& cues) {
  const std::string what = "recording cues of match " + std::to_string(id);
  sql::Transaction tx;
  if (auto f = sql::Transaction::begin(impl_->db, tx)) return impl_->fail(what, *f);
  std::vector<CueRow> out;
  const std::int64_t wall = impl_->now();
  for (const auto& cue : cues) {
    CueRow row;
    std::optional<std::string> refused;
    if (auto f = rows::append_cue(impl_->db, id, cue, wall, row, refused)) return impl_->fail(what, *f);
    if (refused)  // the transaction rolls back: none of the cues is kept
      return StoreError{K::kInvalid, impl_->path + ": cue refused: " + *refused + "; nothing was recorded"};
    out.push_back(std::move(row));
  }
  if (auto f = tx.commit()) return impl_->fail(what, *f);
  return out;
}

Result<CueRow> Store::append_cue(MatchId id, const std::string& cue) {
  auto r = append_cues(id, {cue});
  if (auto* e = std::get_if<StoreError>(&r)) return *e;
  return std::get<std::vector<CueRow>>(r).front();
}

Result<std::vector<CueRow>> Store::cues(MatchId id, std::int64_t after_id) {
  std::vector<CueRow> out;
  if (auto f = rows::cues(impl_->db, id, after_id, out)) return impl_->fail("reading the cues", *f);
  return out;
}

Result<std::optional<Heartbeat>> Store::last_heartbeat(MatchId id) {
  std::optional<Heartbeat> beat;
  if (auto f = rows::heartbeat(impl_->db, id, beat)) return impl_->fail("reading the heartbeat", *f);
  return beat;
}

}  // namespace facedown::db
