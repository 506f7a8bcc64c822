#include "db/store.h"

#include <spdlog/sinks/null_sink.h>
#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>

#include "codec/json.h"
#include "db/hash_chain.h"
#include "db/match_rows.h"
#include "db/parsed_log.h"
#include "db/process_identity.h"
#include "db/projection.h"
#include "db/schema.h"
#include "db/sealed_setup.h"
#include "db/sqlite.h"
#include "engine/registry.h"

namespace facedown::db {

using K = StoreError::Kind;

namespace {

std::string utc_text(std::int64_t ms) {
  std::time_t secs = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return buf;
}

// What the store keeps for each match whose writer lock it holds: the match folded
// from the stored rows (to compute the public state after every event) and the
// last hash of the chain. Dropped after a failed write; rebuilt from the file.
struct Held {
  std::optional<engine::Match> shadow;
  std::string last_hash = kChainStart;
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

  std::int64_t now() const {
    if (options.wall_clock_ms) return options.wall_clock_ms();
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
  StoreError fail(const std::string& what, const sql::Failure& f) const {
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
  Status acquire(MatchId id);
  Status write(MatchId id, Held& h, const engine::Match& after, const std::vector<engine::Event>& events,
               const std::function<Status()>& extra);
  Status write_rows(MatchId id, Held& h, const std::vector<engine::Event>& events, std::int64_t wall);
  Status update_summary(MatchId id, const engine::Match& m, std::int64_t wall, const std::string& what);
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
  bool exists = std::filesystem::exists(path, ec);
  if (!exists && !impl->options.create)
    return impl->fail(K::kNotFound, "no such file");
  if (exists && std::filesystem::is_directory(path, ec))
    return impl->fail(K::kIo, "is a directory, not a store file");

  int flags = SQLITE_OPEN_READWRITE | (impl->options.create ? SQLITE_OPEN_CREATE : 0);
  if (auto f = sql::Connection::open(path, flags, impl->db)) return impl->fail("opening the store", *f);
  if (impl->db.read_only())
    return impl->fail(sql::classify(path, "opening the store", {SQLITE_READONLY, "opened read-only"}).kind,
                      "the file is read-only (a writer needs to write the file and its directory)");
  sqlite3_busy_timeout(impl->db.get(), impl->options.busy_timeout_ms);

  int from = 0;
  if (auto e = schema::prepare(impl->db, path, false, kSchemaVersion, &from)) {
    impl->log->error("{}", e->message);
    return *e;
  }
  if (from != kSchemaVersion)
    impl->log->info("{}: schema {} -> {}", path, from, kSchemaVersion);

  {
    sql::Statement st;
    if (auto f = sql::Statement::prepare(impl->db, "PRAGMA journal_mode=WAL", st))
      return impl->fail("switching to WAL", *f);
    int rc = st.step();
    if (rc != SQLITE_ROW) return impl->fail("switching to WAL", st.failure(rc));
    if (st.text(0) != "wal")
      return impl->fail(K::kIo, "could not switch to WAL mode (journal mode stays " + st.text(0) + ")");
  }
  std::string pragmas = "PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;";
  if (impl->options.max_page_count > 0)
    pragmas += "PRAGMA max_page_count=" + std::to_string(impl->options.max_page_count) + ";";
  if (auto f = impl->db.exec(pragmas)) return impl->fail("setting up the connection", *f);

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

Status Store::Impl::acquire(MatchId id) {
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
    sql::Statement up;
    if (auto f = sql::Statement::prepare(
            db,
            "INSERT OR REPLACE INTO writers (match_id, pid, pid_start, host, token, since_ms) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            up))
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
  if (auto f = sql::Statement::prepare(db, "SELECT hash FROM events WHERE match_id = ?1 ORDER BY seq DESC LIMIT 1", st))
    return fail(what, *f);
  st.bind(1, id);
  if (st.step() == SQLITE_ROW) h.last_hash = st.text(0);
  return std::nullopt;
}

Status Store::acquire(MatchId id) { return impl_->acquire(id); }

void Store::release(MatchId id) {
  impl_->held.erase(id);
  sql::Statement st;
  if (sql::Statement::prepare(impl_->db, "DELETE FROM writers WHERE match_id = ?1 AND token = ?2", st)) return;
  st.bind(1, id).bind(2, impl_->token);
  if (auto f = st.run()) impl_->log->warn("{}: could not release the lock of match {}: {}", impl_->path, id, f->message);
}

// ------------------------------------------------------------------ writing

Status Store::Impl::write_rows(MatchId id, Held& h, const std::vector<engine::Event>& evs, std::int64_t wall) {
  const std::string what = "recording events of match " + std::to_string(id);
  sql::Statement ev, pub;
  if (auto f = sql::Statement::prepare(db,
                                       "INSERT INTO events (match_id, seq, cmd, type, t_ms, wall_ms, payload, hash) "
                                       "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                                       ev))
    return fail(what, *f);
  if (auto f = sql::Statement::prepare(db,
                                       "INSERT INTO public_events (match_id, seq, type, t_ms, wall_ms, event, state) "
                                       "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                                       pub))
    return fail(what, *f);
  engine::Match& m = *h.shadow;
  for (const auto& e : evs) {
    if (e.seq != 1) {
      if (auto r = m.record(e)) return fail(K::kInvalid, what + ": " + r->reason);
    }
    const std::string payload = canonical_payload(e, m.game());
    const std::string hash = chain_hash(h.last_hash, payload);
    const char* type = engine::event_type(e.body);
    ev.reset();
    ev.bind(1, id).bind(2, e.seq).bind(3, e.cmd).bind(4, type).bind(5, e.t).bind(6, wall).bind(7, payload).bind(8, hash);
    if (auto f = ev.run()) return fail(what, *f);
    auto proj = public_projection(e, m);
    pub.reset();
    pub.bind(1, id).bind(2, e.seq).bind(3, type).bind(4, e.t).bind(5, wall).bind(6, proj.event).bind(7, proj.state);
    if (auto f = pub.run()) return fail(what, *f);
    h.last_hash = hash;

    if (const auto* setup = std::get_if<engine::SetupLocked>(&e.body)) {
      auto salt = random_salt();
      if (!salt) return fail(K::kIo, what + ": no random bytes for the setup's salt (OpenSSL RAND_bytes failed)");
      const std::string text = canonical_setup_text(id, e.seq, *setup, m.game());
      sql::Statement sec, seal;
      if (auto f = sql::Statement::prepare(db,
                                           "INSERT INTO sealed_setups (match_id, seq, player, setup_text, salt) "
                                           "VALUES (?1, ?2, ?3, ?4, ?5)",
                                           sec))
        return fail(what, *f);
      sec.bind(1, id).bind(2, e.seq).bind(3, setup->player).bind(4, text).bind(5, *salt);
      if (auto f = sec.run()) return fail(what, *f);
      if (auto f = sql::Statement::prepare(db,
                                           "INSERT INTO public_seals (match_id, seq, player, commitment) "
                                           "VALUES (?1, ?2, ?3, ?4)",
                                           seal))
        return fail(what, *f);
      seal.bind(1, id).bind(2, e.seq).bind(3, setup->player).bind(4, setup_commitment(text, *salt));
      if (auto f = seal.run()) return fail(what, *f);
    }
    if (std::holds_alternative<engine::Ended>(e.body)) {
      // The match is over: every sealed setup so far is opened to the public.
      if (auto f = db.exec("UPDATE public_seals SET setup_text = (SELECT s.setup_text FROM sealed_setups s "
                           "WHERE s.match_id = public_seals.match_id AND s.seq = public_seals.seq), "
                           "salt = (SELECT s.salt FROM sealed_setups s WHERE s.match_id = public_seals.match_id "
                           "AND s.seq = public_seals.seq) WHERE match_id = " +
                           std::to_string(id) + " AND setup_text IS NULL"))
        return fail(what, *f);
    }
  }
  return std::nullopt;
}

Status Store::Impl::update_summary(MatchId id, const engine::Match& m, std::int64_t wall, const std::string& what) {
  const auto& s = m.state();
  sql::Statement st;
  if (auto f = sql::Statement::prepare(
          db,
          "UPDATE matches SET status = ?2, winner = ?3, result_reason = ?4, "
          "finished_ms = CASE WHEN ?4 IS NULL THEN NULL ELSE coalesce(finished_ms, ?5) END, "
          "events = ?6, match_time_ms = ?7, last_wall_ms = ?5 WHERE id = ?1",
          st))
    return fail(what, *f);
  st.bind(1, id).bind(2, s.status());
  if (s.result) {
    st.bind(3, s.result->winner).bind(4, s.result->reason);
  } else {
    st.bind_null(3).bind_null(4);
  }
  st.bind(5, wall).bind(6, static_cast<int>(m.log().size())).bind(7, m.log().back().t);
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
  if (auto f = sql::Statement::prepare(d.db,
                                       "INSERT INTO matches (game, preset, options, player1, player2, created_ms, "
                                       "status, last_wall_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'setup', ?6)",
                                       st))
    return d.fail(what, *f);
  st.bind(1, opened.game).bind(2, opened.preset).bind(3, nlohmann::json(opened.options).dump());
  st.bind(4, opened.players[0]).bind(5, opened.players[1]).bind(6, wall);
  if (auto f = st.run()) return d.fail(what, *f);
  const MatchId id = sqlite3_last_insert_rowid(d.db.get());
  sql::Statement lk;
  if (auto f = sql::Statement::prepare(d.db,
                                       "INSERT INTO writers (match_id, pid, pid_start, host, token, since_ms) "
                                       "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                                       lk))
    return d.fail(what, *f);
  lk.bind(1, id).bind(2, static_cast<std::int64_t>(d.me.pid)).bind(3, d.me.start).bind(4, d.me.host).bind(5, d.token).bind(6, wall);
  if (auto f = lk.run()) return d.fail(what, *f);

  Held h;
  h.shadow.emplace(std::move(std::get<engine::Match>(shadow)));
  if (auto e = d.write_rows(id, h, log, wall)) return *e;
  if (auto e = d.update_summary(id, *h.shadow, wall, what)) return *e;
  if (auto f = tx.commit()) return d.fail(what, *f);
  d.held[id] = std::move(h);
  d.log->info("{}: match {} created ({}, {} vs {})", d.path, id, opened.game, opened.players[0], opened.players[1]);
  return id;
}

Status Store::Impl::write(MatchId id, Held& h, const engine::Match& after, const std::vector<engine::Event>& evs,
                          const std::function<Status()>& extra) {
  const std::string what = "recording events of match " + std::to_string(id);
  const int stored = static_cast<int>(h.shadow->log().size());
  for (std::size_t i = 0; i < evs.size(); ++i)
    if (evs[i].seq != stored + 1 + static_cast<int>(i))
      return fail(K::kInvalid, what + ": " + std::to_string(stored) + " events are stored, so seq " +
                                   std::to_string(stored + 1 + static_cast<int>(i)) + " comes next, but the event given has seq " +
                                   std::to_string(evs[i].seq) + "; nothing was written");
  if (static_cast<int>(after.log().size()) != evs.back().seq)
    return fail(K::kInvalid, what + ": the events given are not the end of the match's log");

  const std::int64_t wall = now();
  sql::Transaction tx;
  if (auto f = sql::Transaction::begin(db, tx)) return fail(what, *f);
  // Another process may have taken the lock over (this one was thought dead).
  sql::Statement lk;
  if (auto f = sql::Statement::prepare(db, "SELECT token, pid FROM writers WHERE match_id = ?1", lk))
    return fail(what, *f);
  lk.bind(1, id);
  if (lk.step() != SQLITE_ROW || lk.text(0) != token)
    return fail(K::kLocked, what + ": this process no longer holds the match's writer lock");
  auto dropped = [&](Status s) {
    h.shadow.reset();  // it may hold events that were rolled back
    return s;
  };
  if (auto e = write_rows(id, h, evs, wall)) return dropped(e);
  if (auto e = update_summary(id, *h.shadow, wall, what)) return dropped(e);
  if (extra)
    if (auto e = extra()) return dropped(e);
  if (auto f = tx.commit()) return dropped(fail(what, *f));
  return std::nullopt;
}

Status Store::append(MatchId id, const engine::Match& after, const std::vector<engine::Event>& events) {
  if (events.empty()) return std::nullopt;
  auto& d = *impl_;
  auto it = d.held.find(id);
  if (it == d.held.end() || !it->second.shadow) {
    if (auto e = d.acquire(id)) return e;
    it = d.held.find(id);
  }
  return d.write(id, it->second, after, events, {});
}

Result<engine::Match> Store::resume(MatchId id) {
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
  if (s.started && !s.paused) {
    // The clock ran until the desk died: up to the last heartbeat, not beyond.
    engine::Millis at = s.time;
    auto beat_or = last_heartbeat(id);
    if (auto* e = std::get_if<StoreError>(&beat_or)) return *e;
    const auto& beat = std::get<std::optional<Heartbeat>>(beat_or);
    if (beat && beat->match_ms > at) at = beat->match_ms;
    if (beat && beat->wall_ms > last_wall) last_wall = beat->wall_ms;
    auto sub = live.submit(engine::PauseCmd{kInterruptionReason}, at);
    if (sub.rejection && at != s.time) sub = live.submit(engine::PauseCmd{kInterruptionReason}, s.time);
    if (!sub.rejection) {
      paused = sub.events;
      for (const auto& e : paused)
        if (std::holds_alternative<engine::Paused>(e.body)) paused_seq = e.seq;
      const double outage_s = static_cast<double>(std::max<std::int64_t>(0, resumed_wall - last_wall)) / 1000.0;
      auto noted = live.submit(
          engine::NoteCmd{fmt::format("outage: the desk stopped at match time {} s ({}, last sign of life); "
                                      "resumed {} ({:.1f} s later)",
                                      engine::format_seconds(live.state().time), utc_text(last_wall),
                                      utc_text(resumed_wall), outage_s)},
          live.state().time);
      paused.insert(paused.end(), noted.events.begin(), noted.events.end());
    }
  }
  auto record_outage = [&]() -> Status {
    sql::Statement st;
    if (auto f = sql::Statement::prepare(d.db,
                                         "INSERT INTO interruptions (match_id, after_seq, last_wall_ms, "
                                         "resumed_wall_ms, paused_seq) VALUES (?1, ?2, ?3, ?4, ?5)",
                                         st))
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

Status Store::heartbeat(MatchId id, engine::Millis t) {
  auto& d = *impl_;
  auto it = d.held.find(id);
  if (it == d.held.end()) return d.fail(K::kLocked, "match " + std::to_string(id) + ": a heartbeat needs the writer lock");
  const std::int64_t wall = d.now();
  if (wall - it->second.last_heartbeat_wall < kHeartbeatEveryMs) return std::nullopt;
  sql::Statement st;
  const std::string what = "recording the heartbeat of match " + std::to_string(id);
  if (auto f = sql::Statement::prepare(d.db,
                                       "INSERT INTO heartbeats (match_id, match_ms, wall_ms) VALUES (?1, ?2, ?3) "
                                       "ON CONFLICT(match_id) DO UPDATE SET match_ms = excluded.match_ms, "
                                       "wall_ms = excluded.wall_ms",
                                       st))
    return d.fail(what, *f);
  st.bind(1, id).bind(2, t).bind(3, wall);
  if (auto f = st.run()) return d.fail(what, *f);
  it->second.last_heartbeat_wall = wall;
  return std::nullopt;
}

Result<std::optional<Heartbeat>> Store::last_heartbeat(MatchId id) {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(impl_->db, "SELECT match_ms, wall_ms FROM heartbeats WHERE match_id = ?1", st))
    return impl_->fail("reading the heartbeat", *f);
  st.bind(1, id);
  int rc = st.step();
  if (rc == SQLITE_ROW) return std::optional<Heartbeat>(Heartbeat{st.int64(0), st.int64(1)});
  if (rc == SQLITE_DONE) return std::optional<Heartbeat>();
  return impl_->fail("reading the heartbeat", st.failure(rc));
}

}  // namespace facedown::db
