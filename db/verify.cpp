// Index of this file:
// [SECTION] Reading columns exactly (types included)
// [SECTION] The matches row, the seals and the interruptions as stored
// [SECTION] The walk: one pass over events and public_events in seq order
// [SECTION] After the walk: matches row, seals, interruptions, chain head
// [SECTION] verify()
#include "db/verify.h"

#include <algorithm>
#include <deque>
#include <map>
#include <nlohmann/json.hpp>

#include "codec/json.h"
#include "db/hash_chain.h"
#include "db/projection.h"
#include "db/sealed_setup.h"
#include "db/sqlite.h"
#include "engine/registry.h"

namespace facedown::db {

namespace {

// A problem found at a seq (0: the match as a whole).
struct Problem {
  int seq = 0;
  std::string what;
};

// -----------------------------------------------------------------------------
// [SECTION] Reading columns exactly (types included)
// -----------------------------------------------------------------------------
// A bit flip can turn an integer into a text or a NULL; what the store wrote has
// one type per column, so anything else is tampering, not a value to coerce.

// One statement stepped along the walk, with the result of its last step.
struct Cursor {
  sql::Statement st;
  int rc = SQLITE_OK;
};

std::string hex_lower(std::string s) {
  for (auto& c : s)
    if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

bool is_hash_text(const std::string& s) {
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

// -----------------------------------------------------------------------------
// [SECTION] The matches row, the seals and the interruptions as stored
// -----------------------------------------------------------------------------

struct MatchRow {
  std::string game, preset, options, player1, player2, status;
  std::optional<std::int64_t> created_ms, finished_ms, winner, events, match_time_ms, last_wall_ms;
  std::optional<std::string> result_reason;
  bool types_ok = true;
};

struct SealRow {
  int seq = 0;
  std::optional<std::int64_t> player;
  std::string commitment;
  std::optional<std::string> setup_text, salt;
  bool types_ok = true;
};

struct SecretSealRow {
  std::optional<std::int64_t> player;
  std::string setup_text, salt;
  bool types_ok = true;
};

struct InterruptionRow {
  std::optional<std::int64_t> after_seq, last_wall_ms, resumed_wall_ms, paused_seq;
  bool types_ok = true;
};

// What the walk remembers for the checks after it: small, one entry per setup,
// per interruption, per seal-opening event.
struct Walked {
  int last_seq = 0;
  engine::Millis last_t = 0;
  std::int64_t first_wall = 0, last_wall = 0;
  std::string head;
  std::optional<engine::Opened> opened;
  std::optional<std::int64_t> finished_wall;  // what finished_ms must be
  struct Setup {
    int seq = 0;
    int player = 0;
    std::string text;  // canonical setup text, rebuilt from the event
  };
  std::vector<Setup> setups;
  int last_opening_seq = 0;              // the last event that opens the seals, `closed` (0: none)
  std::map<int, std::int64_t> wall_at;   // wall_ms of the seqs interruptions name
  std::map<int, bool> interruption_pause;  // seq -> is a Paused "resumed after interruption"
  int expected_head_seq = 0;               // the seq whose hash is the expected head (0: none)
};

class MatchCheck {
 public:
  MatchCheck(sql::Connection& db, const std::string& path, MatchId id, const std::vector<engine::GameInfo>& games,
             const std::optional<std::string>& expected_head)
      : db_(db), path_(path), id_(id), games_(games), expected_head_(expected_head) {}

  MatchVerdict run();

 private:
  std::optional<Problem> read_match_row();
  std::optional<Problem> read_interruptions();
  std::optional<Problem> walk();
  std::optional<Problem> check_row(Cursor& ev, Cursor& pub, int expected_seq);
  std::optional<Problem> check_match_row() const;
  std::optional<Problem> check_seals();
  std::optional<Problem> check_interruptions() const;
  std::optional<Problem> check_head() const;
  Problem sqlite_problem(int seq, const std::string& what, int rc) const {
    return Problem{seq, sql::classify(path_, what, db_.last_failure(rc)).message};
  }
  void end_of_wall_run();

  sql::Connection& db_;
  const std::string& path_;
  MatchId id_;
  const std::vector<engine::GameInfo>& games_;
  std::optional<std::string> expected_head_;

  MatchRow row_;
  std::vector<InterruptionRow> interruptions_;
  Walked w_;

  // The fold: `decider` plays the commands again (submit/advance), `folder`
  // records each stored event (the state after every event, for its public row).
  const engine::GameInfo* info_ = nullptr;
  std::unique_ptr<engine::Game> game_;
  std::optional<engine::Match> decider_, folder_;
  std::deque<engine::Event> pending_;  // decided by the engine, not yet matched with a row
  std::optional<std::string> prev_hash_;
  std::optional<std::int64_t> prev_wall_;
  bool run_voided_ = false;  // a void among the events of the current wall-time run
  int prev_cmd_ = 0;
};

std::optional<Problem> MatchCheck::read_match_row() {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db_,
                                       "SELECT game, preset, options, player1, player2, status, created_ms, "
                                       "finished_ms, winner, result_reason, events, match_time_ms, last_wall_ms "
                                       "FROM matches WHERE id = ?1",
                                       st))
    return Problem{0, sql::classify(path_, "reading matches", *f).message};
  st.bind(1, id_);
  int rc = st.step();
  if (rc == SQLITE_DONE) return Problem{0, "the match has no matches row"};
  if (rc != SQLITE_ROW) return Problem{0, sql::classify(path_, "reading matches", st.failure(rc)).message};
  auto text = [&](int col, std::string& out) { out = st.text(col); };
  text(0, row_.game);
  text(1, row_.preset);
  text(2, row_.options);
  text(3, row_.player1);
  text(4, row_.player2);
  text(5, row_.status);
  row_.created_ms = st.int64_or_null(6);
  row_.finished_ms = st.int64_or_null(7);
  row_.winner = st.int64_or_null(8);
  row_.result_reason = st.text_or_null(9);
  row_.events = st.int64_or_null(10);
  row_.match_time_ms = st.int64_or_null(11);
  row_.last_wall_ms = st.int64_or_null(12);
  for (int c : {0, 1, 2, 3, 4, 5})
    if (st.column_type(c) != SQLITE_TEXT) row_.types_ok = false;
  for (int c : {6, 10, 11, 12})
    if (st.column_type(c) != SQLITE_INTEGER) row_.types_ok = false;
  for (int c : {7, 8})
    if (st.column_type(c) != SQLITE_INTEGER && st.column_type(c) != SQLITE_NULL) row_.types_ok = false;
  if (st.column_type(9) != SQLITE_TEXT && st.column_type(9) != SQLITE_NULL) row_.types_ok = false;
  if (!row_.types_ok) return Problem{0, "the matches row holds a value of the wrong type (edited or damaged)"};
  return std::nullopt;
}

std::optional<Problem> MatchCheck::read_interruptions() {
  sql::Statement st;
  if (auto f = sql::Statement::prepare(db_,
                                       "SELECT after_seq, last_wall_ms, resumed_wall_ms, paused_seq "
                                       "FROM interruptions WHERE match_id = ?1 ORDER BY id",
                                       st))
    return Problem{0, sql::classify(path_, "reading interruptions", *f).message};
  st.bind(1, id_);
  int rc;
  while ((rc = st.step()) == SQLITE_ROW) {
    InterruptionRow r{st.int64_or_null(0), st.int64_or_null(1), st.int64_or_null(2), st.int64_or_null(3), true};
    for (int c : {0, 1, 2})
      if (st.column_type(c) != SQLITE_INTEGER) r.types_ok = false;
    if (st.column_type(3) != SQLITE_INTEGER && st.column_type(3) != SQLITE_NULL) r.types_ok = false;
    if (!r.types_ok) return Problem{0, "an interruptions row holds a value of the wrong type (edited or damaged)"};
    if (*r.after_seq >= 1 && *r.after_seq <= INT32_MAX) w_.wall_at[static_cast<int>(*r.after_seq)] = -1;
    if (r.paused_seq && *r.paused_seq >= 1 && *r.paused_seq <= INT32_MAX)
      w_.interruption_pause[static_cast<int>(*r.paused_seq)] = false;
    interruptions_.push_back(r);
    if (interruptions_.size() > 100000) return Problem{0, "more interruptions than any match could have"};
  }
  if (rc != SQLITE_DONE) return Problem{0, sql::classify(path_, "reading interruptions", st.failure(rc)).message};
  return std::nullopt;
}

// -----------------------------------------------------------------------------
// [SECTION] The walk: one pass over events and public_events in seq order
// -----------------------------------------------------------------------------

// The result state after the last event of a run of equal wall times (one
// commit, or several in the same millisecond): finished_ms is the wall time the
// result first appeared, NULL again when a void undid it.
void MatchCheck::end_of_wall_run() {
  if (!prev_wall_ || !folder_) return;
  // A void in the run undid any earlier end (the store stamps such a commit anew).
  if (folder_->state().result) {
    if (!w_.finished_wall || run_voided_) w_.finished_wall = *prev_wall_;
  } else {
    w_.finished_wall.reset();
  }
  run_voided_ = false;
}

std::optional<Problem> MatchCheck::walk() {
  Cursor ev, pub;
  if (auto f = sql::Statement::prepare(db_,
                                       "SELECT seq, cmd, type, t_ms, wall_ms, payload, hash FROM events "
                                       "WHERE match_id = ?1 ORDER BY seq",
                                       ev.st))
    return Problem{0, sql::classify(path_, "reading events", *f).message};
  if (auto f = sql::Statement::prepare(db_,
                                       "SELECT seq, type, t_ms, wall_ms, event, state FROM public_events "
                                       "WHERE match_id = ?1 ORDER BY seq",
                                       pub.st))
    return Problem{0, sql::classify(path_, "reading public events", *f).message};
  ev.st.bind(1, id_);
  pub.st.bind(1, id_);
  pub.rc = pub.st.step();
  int expected = 1;
  while ((ev.rc = ev.st.step()) == SQLITE_ROW) {
    if (auto p = check_row(ev, pub, expected)) return p;
    ++expected;
  }
  if (ev.rc != SQLITE_DONE) return Problem{expected, sql::classify(path_, "reading events", ev.st.failure(ev.rc)).message};
  if (expected == 1) return Problem{1, "no events are stored"};
  end_of_wall_run();
  if (pub.rc == SQLITE_ROW)
    return Problem{pub.st.integer(0), "a public row has no event behind it (events were cut off, or the row was added)"};
  if (pub.rc != SQLITE_DONE)
    return Problem{w_.last_seq, sql::classify(path_, "reading public events", pub.st.failure(pub.rc)).message};
  if (!pending_.empty())
    return Problem{w_.last_seq + 1, "the engine decides more events than are stored (the log was cut inside a command)"};
  return std::nullopt;
}

std::optional<Problem> MatchCheck::check_row(Cursor& evc, Cursor& pubc, int expected) {
  const sql::Statement& r = evc.st;
  const std::optional<std::int64_t> seq_col = r.int64_or_null(0);
  if (r.column_type(0) != SQLITE_INTEGER || !seq_col) return Problem{expected, "an event row's seq is not a number"};
  if (*seq_col != expected)
    return Problem{expected, "event " + std::to_string(expected) + " is missing (next stored is " +
                                 std::to_string(*seq_col) + ")"};
  const int seq = expected;
  for (int c : {1, 3, 4})
    if (r.column_type(c) != SQLITE_INTEGER) return Problem{seq, "the event row holds a value of the wrong type"};
  for (int c : {2, 5, 6})
    if (r.column_type(c) != SQLITE_TEXT) return Problem{seq, "the event row holds a value of the wrong type"};
  const std::int64_t cmd = r.int64(1), t_ms = r.int64(3), wall = r.int64(4);
  const std::string type = r.text(2), payload = r.text(5), hash = r.text(6);

  // The chain.
  if (chain_hash(prev_hash_.value_or(kChainStart), payload) != hash)
    return Problem{seq, "the hash chain breaks here (the row was edited, or one before it was)"};
  prev_hash_ = hash;
  if (expected_head_ && hash == *expected_head_) w_.expected_head_seq = seq;

  // The payload: JSON, an event of this game, in canonical form.
  auto j = nlohmann::json::parse(payload, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return Problem{seq, "the payload is not JSON"};
  if (seq == 1) {
    auto type_it = j.find("type");
    auto game_it = j.find("game");
    if (type_it == j.end() || !type_it->is_string() || *type_it != "opened" || game_it == j.end() ||
        !game_it->is_string())
      return Problem{1, "the first event is not a readable opened event"};
    const std::string game_id = game_it->get<std::string>();
    info_ = engine::find_game(games_, game_id);
    if (!info_) return Problem{1, "game '" + game_id + "' is unknown to this build"};
    auto preset_it = j.find("preset");
    auto options_it = j.find("options");
    if (preset_it == j.end() || !preset_it->is_string() || options_it == j.end() || !options_it->is_object())
      return Problem{1, "the opened event is malformed"};
    engine::Options options;
    for (auto it = options_it->begin(); it != options_it->end(); ++it) {
      if (!it->is_string()) return Problem{1, "the opened event's options are malformed"};
      options[it.key()] = it->get<std::string>();
    }
    auto resolved = engine::resolve_options(*info_, preset_it->get<std::string>(), options);
    if (resolved.error) return Problem{1, "the opened event's options: " + *resolved.error};
    game_ = info_->make(resolved.options);
  }
  auto parsed = codec::event_from_json(j, *game_);
  if (auto* err = std::get_if<std::string>(&parsed)) return Problem{seq, "unreadable event: " + *err};
  engine::Event& e = std::get<engine::Event>(parsed);
  if (e.seq != seq) return Problem{seq, "the payload says seq " + std::to_string(e.seq)};
  if (canonical_payload(e, *game_) != payload)
    return Problem{seq, "the payload is not in canonical form (edited by hand?)"};
  if (type != engine::event_type(e.body) || t_ms != e.t || cmd != e.cmd)
    return Problem{seq, "the row's type, match time or command number differ from its payload"};

  // Wall times: never backwards; one command's events share one commit.
  if (seq == 1) w_.first_wall = wall;
  if (prev_wall_ && wall < *prev_wall_)
    return Problem{seq, "the wall clock goes backwards here (wall_ms edited?)"};
  if (prev_wall_ && cmd != 0 && cmd == prev_cmd_ && wall != *prev_wall_)
    return Problem{seq, "the events of one command carry different wall times (they were one commit)"};
  if (prev_wall_ && wall != *prev_wall_) end_of_wall_run();

  // The engine, playing the commands again, decides exactly this event.
  if (seq == 1) {
    const auto* opened = std::get_if<engine::Opened>(&e.body);
    if (!opened) return Problem{1, "the first event is not an opened event"};
    auto m = engine::Match::open(*info_, opened->preset, opened->options, opened->players);
    if (auto* rej = std::get_if<engine::Rejection>(&m))
      return Problem{1, "the engine cannot open this match: " + rej->reason};
    decider_.emplace(std::move(std::get<engine::Match>(m)));
    if (canonical_payload(decider_->log().front(), *game_) != payload)
      return Problem{1, "the opened event differs from what the engine writes for it"};
    auto f = engine::Match::from_log(*info_, {e});
    if (auto* rej = std::get_if<engine::Rejection>(&f))
      return Problem{1, "the engine cannot rebuild this match: " + rej->reason};
    folder_.emplace(std::move(std::get<engine::Match>(f)));
    w_.opened = *opened;
  } else {
    if (pending_.empty()) {
      std::vector<engine::Event> produced;
      if (e.cmd == 0) {
        produced = decider_->advance(e.t);
      } else if (e.command) {
        auto sub = decider_->submit(*e.command, e.t);
        if (sub.rejection) return Problem{seq, "the engine refuses this command: " + sub.rejection->reason};
        produced = std::move(sub.events);
      } else {
        return Problem{seq, "the event belongs to command " + std::to_string(e.cmd) +
                                ", whose first event (with the command) is not before it"};
      }
      if (produced.empty()) return Problem{seq, "the engine decides no event here"};
      pending_.assign(std::make_move_iterator(produced.begin()), std::make_move_iterator(produced.end()));
    }
    const std::string decided = canonical_payload(pending_.front(), *game_);
    pending_.pop_front();
    if (decided != payload) return Problem{seq, "the stored event differs from what the engine decides"};
    if (auto rej = folder_->record(e)) return Problem{seq, "the engine cannot fold this event: " + rej->reason};
  }

  // The public row, byte for byte.
  if (pubc.rc == SQLITE_ROW && pubc.st.column_type(0) == SQLITE_INTEGER && pubc.st.int64(0) < seq)
    return Problem{pubc.st.integer(0), "a public row has no event behind it"};
  if (pubc.rc != SQLITE_ROW) {
    if (pubc.rc != SQLITE_DONE)
      return Problem{seq, sql::classify(path_, "reading public events", pubc.st.failure(pubc.rc)).message};
    return Problem{seq, "the public row of this event is missing"};
  }
  const sql::Statement& p = pubc.st;
  if (p.column_type(0) != SQLITE_INTEGER) return Problem{seq, "a public row's seq is not a number"};
  if (p.int64(0) != seq) return Problem{seq, "the public row of this event is missing"};
  for (int c : {2, 3})
    if (p.column_type(c) != SQLITE_INTEGER) return Problem{seq, "the public row holds a value of the wrong type"};
  for (int c : {1, 4, 5})
    if (p.column_type(c) != SQLITE_TEXT) return Problem{seq, "the public row holds a value of the wrong type"};
  if (p.text(1) != type || p.int64(2) != t_ms || p.int64(3) != wall)
    return Problem{seq, "the public row's type or times differ from the event's"};
  const auto want = public_projection(e, *folder_);
  if (p.text(4) != want.event) return Problem{seq, "the stored public event differs from the engine's projection"};
  if (p.text(5) != want.state) return Problem{seq, "the stored public state differs from the recomputed one"};
  pubc.rc = pubc.st.step();

  // What the checks after the walk need.
  if (const auto* setup = std::get_if<engine::SetupLocked>(&e.body))
    w_.setups.push_back({seq, setup->player, canonical_setup_text(id_, seq, *setup, *game_)});
  if (opens_seals(e)) w_.last_opening_seq = seq;
  if (auto it = w_.wall_at.find(seq); it != w_.wall_at.end()) it->second = wall;
  if (auto it = w_.interruption_pause.find(seq); it != w_.interruption_pause.end()) {
    const auto* paused = std::get_if<engine::Paused>(&e.body);
    it->second = paused && paused->reason == kInterruptionReason;
  }
  if (std::holds_alternative<engine::Voided>(e.body)) run_voided_ = true;
  prev_wall_ = wall;
  prev_cmd_ = static_cast<int>(cmd);
  w_.last_seq = seq;
  w_.last_t = e.t;
  w_.last_wall = wall;
  w_.head = hash;
  return std::nullopt;
}

// -----------------------------------------------------------------------------
// [SECTION] After the walk: matches row, seals, interruptions, chain head
// -----------------------------------------------------------------------------

std::optional<Problem> MatchCheck::check_match_row() const {
  const int last = w_.last_seq;
  const auto& o = *w_.opened;
  if (row_.game != o.game || row_.preset != o.preset || row_.player1 != o.players[0] || row_.player2 != o.players[1])
    return Problem{1, "the matches row's game, preset or players differ from the opened event"};
  if (row_.options != nlohmann::json(o.options).dump())
    return Problem{1, "the matches row's options differ from the opened event"};
  if (row_.created_ms != w_.first_wall)
    return Problem{1, "the matches row's created_ms is not the wall time of the opened event"};
  if (row_.events != last)
    return Problem{last, "the matches row counts " + std::to_string(row_.events.value_or(0)) + " events but " +
                             std::to_string(last) + " are stored (events were cut off or added)"};
  if (row_.match_time_ms != w_.last_t)
    return Problem{last, "the matches row's match time is not the last event's (events were cut off?)"};
  if (row_.last_wall_ms != w_.last_wall)
    return Problem{last, "the matches row's last_wall_ms is not the last event's wall time"};
  const auto& s = folder_->state();
  if (row_.status != s.status())
    return Problem{last, "the matches row says status '" + row_.status + "', the log says '" + s.status() + "'"};
  if (s.result) {
    const std::optional<std::int64_t> winner = s.result->winner;
    if (row_.result_reason != s.result->reason || row_.winner != winner)
      return Problem{last, "the matches row's winner or result differ from the log's"};
  } else if (row_.result_reason || row_.winner) {
    return Problem{last, "the matches row shows a result the log does not have"};
  }
  if (row_.finished_ms != w_.finished_wall)
    return Problem{last, row_.finished_ms.has_value() == w_.finished_wall.has_value()
                             ? "the matches row's finished_ms is not the wall time the result was recorded"
                             : "the matches row's finished_ms does not fit the result (NULL exactly while none)"};
  return std::nullopt;
}

std::optional<Problem> MatchCheck::check_seals() {
  sql::Statement pub, sec;
  if (auto f = sql::Statement::prepare(db_,
                                       "SELECT seq, player, commitment, setup_text, salt FROM public_seals "
                                       "WHERE match_id = ?1 ORDER BY seq",
                                       pub))
    return Problem{0, sql::classify(path_, "reading public seals", *f).message};
  if (auto f = sql::Statement::prepare(db_,
                                       "SELECT seq, player, setup_text, salt FROM sealed_setups "
                                       "WHERE match_id = ?1 ORDER BY seq",
                                       sec))
    return Problem{0, sql::classify(path_, "reading sealed setups", *f).message};
  pub.bind(1, id_);
  sec.bind(1, id_);
  int prc = pub.step(), src = sec.step();
  for (const auto& setup : w_.setups) {
    // Rows before this setup's seq have no setup-locked event behind them.
    if (prc == SQLITE_ROW && pub.int64(0) < setup.seq)
      return Problem{pub.integer(0), "a public commitment has no setup-locked event behind it"};
    if (src == SQLITE_ROW && sec.int64(0) < setup.seq)
      return Problem{sec.integer(0), "a sealed setup has no setup-locked event behind it"};
    if (prc != SQLITE_ROW || pub.int64(0) != setup.seq) {
      if (prc != SQLITE_ROW && prc != SQLITE_DONE)
        return Problem{setup.seq, sql::classify(path_, "reading public seals", pub.failure(prc)).message};
      return Problem{setup.seq, "the sealed setup's commitment is missing"};
    }
    if (src != SQLITE_ROW || sec.int64(0) != setup.seq) {
      if (src != SQLITE_ROW && src != SQLITE_DONE)
        return Problem{setup.seq, sql::classify(path_, "reading sealed setups", sec.failure(src)).message};
      return Problem{setup.seq, "the secret sealed setup is missing"};
    }
    if (pub.column_type(1) != SQLITE_INTEGER || pub.column_type(2) != SQLITE_TEXT ||
        sec.column_type(1) != SQLITE_INTEGER || sec.column_type(2) != SQLITE_TEXT || sec.column_type(3) != SQLITE_TEXT)
      return Problem{setup.seq, "a seal row holds a value of the wrong type"};
    if (pub.int64(1) != setup.player || sec.int64(1) != setup.player)
      return Problem{setup.seq, "the commitment names another player"};
    const std::string text = sec.text(2), salt = sec.text(3), commitment = pub.text(2);
    if (text != setup.text) return Problem{setup.seq, "the sealed setup is not the one the match was played with"};
    if (!is_hash_text(salt)) return Problem{setup.seq, "the sealed setup's salt is not 64 lowercase hex characters"};
    if (setup_commitment(text, salt) != commitment)
      return Problem{setup.seq, "the sealed setup and salt do not match the commitment published at setup"};
    const auto open_text = pub.text_or_null(3), open_salt = pub.text_or_null(4);
    const bool should_be_open = w_.last_opening_seq > setup.seq;
    if (!should_be_open) {
      if (open_text || open_salt) return Problem{setup.seq, "the setup was made public before the match was closed"};
    } else {
      if (!open_text || !open_salt) return Problem{setup.seq, "the match is closed but its sealed setup is not open"};
      if (*open_text != text) return Problem{setup.seq, "the opened setup is not the one the match was played with"};
      if (*open_salt != salt || setup_commitment(*open_text, *open_salt) != commitment)
        return Problem{setup.seq, "the opened setup and salt do not match the commitment published at setup"};
    }
    prc = pub.step();
    src = sec.step();
  }
  if (prc == SQLITE_ROW) return Problem{pub.integer(0), "a commitment has no setup-locked event behind it"};
  if (src == SQLITE_ROW) return Problem{sec.integer(0), "a sealed setup has no setup-locked event behind it"};
  if (prc != SQLITE_DONE) return Problem{0, sql::classify(path_, "reading public seals", pub.failure(prc)).message};
  if (src != SQLITE_DONE) return Problem{0, sql::classify(path_, "reading sealed setups", sec.failure(src)).message};
  return std::nullopt;
}

std::optional<Problem> MatchCheck::check_interruptions() const {
  for (const auto& r : interruptions_) {
    const std::int64_t after = *r.after_seq;
    if (after < 1 || after > w_.last_seq)
      return Problem{static_cast<int>(std::clamp<std::int64_t>(after, 0, INT32_MAX)),
                     "an interruption names event " + std::to_string(after) + ", which is not stored (events cut off?)"};
    if (*r.last_wall_ms != w_.wall_at.at(static_cast<int>(after)))
      return Problem{static_cast<int>(after), "an interruption's last_wall_ms is not the wall time of its event"};
    if (r.paused_seq) {
      const std::int64_t ps = *r.paused_seq;
      if (ps <= after || ps > w_.last_seq)
        return Problem{static_cast<int>(after), "an interruption's paused_seq is not an event after it"};
      if (!w_.interruption_pause.at(static_cast<int>(ps)))
        return Problem{static_cast<int>(ps), "an interruption's paused_seq is not the pause the resume wrote"};
    }
  }
  return std::nullopt;
}

std::optional<Problem> MatchCheck::check_head() const {
  if (!expected_head_) return std::nullopt;
  if (w_.head == *expected_head_) return std::nullopt;
  if (w_.expected_head_seq > 0)
    return Problem{w_.expected_head_seq + 1,
                   "the head written down is the hash of event " + std::to_string(w_.expected_head_seq) + ", but " +
                       std::to_string(w_.last_seq - w_.expected_head_seq) +
                       " event(s) follow it in the file (added after the result was confirmed)"};
  return Problem{w_.last_seq, "the chain head is " + w_.head + ", not the " + *expected_head_ +
                                  " written down: the log was cut or rewritten"};
}

MatchVerdict MatchCheck::run() {
  MatchVerdict v;
  v.match = id_;
  auto bad = [&](const Problem& p) {
    v.first_bad_seq = p.seq;
    v.problem = p.what;
    v.events = w_.last_seq;
    v.head = w_.head;
    return v;
  };
  try {
    if (auto p = read_match_row()) return bad(*p);
    if (auto p = read_interruptions()) return bad(*p);
    if (auto p = walk()) return bad(*p);
    v.events = w_.last_seq;
    v.head = w_.head;
    if (auto p = check_match_row()) return bad(*p);
    if (auto p = check_seals()) return bad(*p);
    if (auto p = check_interruptions()) return bad(*p);
    if (auto p = check_head()) return bad(*p);
  } catch (const std::exception& ex) {
    // Nothing a file holds may stop the check: a row that makes a library throw
    // is a bad row.
    return bad(Problem{w_.last_seq + 1, std::string("the row cannot be read (") + ex.what() + ")"});
  }
  return v;
}

}  // namespace

// -----------------------------------------------------------------------------
// [SECTION] verify()
// -----------------------------------------------------------------------------

bool VerifyReport::ok() const {
  for (const auto& m : matches)
    if (!m.ok()) return false;
  return true;
}

Result<VerifyReport> verify(Store& store, std::optional<MatchId> only) {
  VerifyOptions options;
  options.only = only;
  return verify(store, options);
}

Result<VerifyReport> verify(Store& store, const VerifyOptions& options) {
  using K = StoreError::Kind;
  const std::string& path = store.path();
  std::optional<std::string> head;
  if (options.expected_head) {
    head = hex_lower(*options.expected_head);
    if (!is_hash_text(*head))
      return StoreError{K::kInvalid, "the chain head to check must be 64 hex characters, got '" +
                                         *options.expected_head + "'"};
    if (!options.only) return StoreError{K::kInvalid, "a chain head belongs to one match: give the match too"};
  }
  // A connection of its own, read-only, and one read transaction per match so a
  // writer committing meanwhile cannot mix two states of the file into one check.
  sql::Connection db;
  if (auto f = sql::Connection::open(path, SQLITE_OPEN_READONLY, db))
    return sql::classify(path, "opening the store for verify", *f);
  sqlite3_busy_timeout(db.get(), 5000);
  if (auto f = db.exec("PRAGMA query_only=1")) return sql::classify(path, "opening the store for verify", *f);

  std::vector<MatchId> ids;
  if (options.only) {
    auto m = store.match(*options.only);
    if (auto* e = std::get_if<StoreError>(&m)) return *e;
    ids.push_back(*options.only);
  } else {
    sql::Statement st;
    if (auto f = sql::Statement::prepare(db, "SELECT id FROM matches ORDER BY id", st))
      return sql::classify(path, "reading matches", *f);
    int rc;
    while ((rc = st.step()) == SQLITE_ROW) ids.push_back(st.int64(0));
    if (rc != SQLITE_DONE) return sql::classify(path, "reading matches", st.failure(rc));
  }
  const auto games = engine::all_games();
  VerifyReport report;
  for (MatchId id : ids) {
    if (auto f = db.exec("BEGIN")) return sql::classify(path, "verifying match " + std::to_string(id), *f);
    MatchCheck check(db, path, id, games, head);
    report.matches.push_back(check.run());
    db.exec("COMMIT");
  }
  if (!options.only) {
    // Rows of a match whose matches row is gone (deleted, or its id damaged).
    sql::Statement st;
    if (auto f = sql::Statement::prepare(
            db,
            "SELECT DISTINCT match_id FROM (SELECT match_id FROM events UNION SELECT match_id FROM public_events "
            "UNION SELECT match_id FROM sealed_setups UNION SELECT match_id FROM public_seals "
            "UNION SELECT match_id FROM interruptions UNION SELECT match_id FROM heartbeats) "
            "WHERE match_id NOT IN (SELECT id FROM matches) ORDER BY match_id",
            st))
      return sql::classify(path, "looking for rows without a match", *f);
    int rc;
    while ((rc = st.step()) == SQLITE_ROW) {
      MatchVerdict v;
      v.match = st.int64(0);
      v.first_bad_seq = 0;
      v.problem = "rows of this match are stored, but it has no matches row (deleted?)";
      report.matches.push_back(std::move(v));
    }
    if (rc != SQLITE_DONE) return sql::classify(path, "looking for rows without a match", st.failure(rc));
  }
  return report;
}

}  // namespace facedown::db
