#include "db/verify.h"

#include "codec/json.h"
#include "db/hash_chain.h"
#include "db/parsed_log.h"
#include "db/projection.h"
#include "db/public_reader.h"
#include "db/sealed_setup.h"
#include "engine/registry.h"

namespace facedown::db {

namespace {

struct Problem {
  int seq = 0;
  std::string what;
};

std::optional<Problem> check_chain(const std::vector<StoredEvent>& rows) {
  std::string prev = kChainStart;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    if (r.seq != static_cast<int>(i) + 1)
      return Problem{static_cast<int>(i) + 1, "event " + std::to_string(i + 1) + " is missing (next stored is " +
                                                   std::to_string(r.seq) + ")"};
    if (chain_hash(prev, r.payload) != r.hash)
      return Problem{r.seq, "the hash chain breaks here (the row was edited, or one before it was)"};
    prev = r.hash;
  }
  return std::nullopt;
}

// Plays the log again through the engine: every accepted command is submitted at
// its time and every run of time-passing events comes from advance(); the engine
// must decide exactly the stored events.
std::optional<Problem> check_replay(const ParsedLog& log, const std::vector<StoredEvent>& rows) {
  const auto& evs = log.events;
  const auto& opened = std::get<engine::Opened>(evs.front().body);
  auto opened_or = engine::Match::open(*log.info, opened.preset, opened.options, opened.players);
  if (auto* r = std::get_if<engine::Rejection>(&opened_or))
    return Problem{1, "the engine cannot open this match: " + r->reason};
  engine::Match m = std::move(std::get<engine::Match>(opened_or));
  if (canonical_payload(m.log().front(), m.game()) != rows[0].payload)
    return Problem{1, "the opened event differs from what the engine writes for it"};
  std::size_t i = 1;
  while (i < evs.size()) {
    const engine::Event& e = evs[i];
    std::vector<engine::Event> produced;
    if (e.cmd == 0) {
      produced = m.advance(e.t);
    } else if (e.command) {
      auto sub = m.submit(*e.command, e.t);
      if (sub.rejection) return Problem{e.seq, "the engine refuses this command: " + sub.rejection->reason};
      produced = std::move(sub.events);
    } else {
      return Problem{e.seq, "the event belongs to command " + std::to_string(e.cmd) +
                                ", whose first event (with the command) is not before it"};
    }
    if (produced.empty()) return Problem{e.seq, "the engine decides no event here"};
    for (std::size_t j = 0; j < produced.size(); ++j) {
      if (i + j >= evs.size())
        return Problem{static_cast<int>(evs.size()) + 1, "the engine decides more events than are stored"};
      if (canonical_payload(produced[j], m.game()) != rows[i + j].payload)
        return Problem{rows[i + j].seq, "the stored event differs from what the engine decides"};
    }
    i += produced.size();
  }
  return std::nullopt;
}

std::optional<Problem> check_public(const ParsedLog& log, const std::vector<StoredEvent>& rows,
                                    const std::vector<PublicEventRow>& pub) {
  auto first = engine::Match::from_log(*log.info, {log.events.front()});
  engine::Match m = std::move(std::get<engine::Match>(first));
  for (std::size_t i = 0; i < log.events.size(); ++i) {
    const auto& e = log.events[i];
    if (i > 0) m.record(e);
    if (i >= pub.size() || pub[i].seq != e.seq) return Problem{e.seq, "the public row of this event is missing"};
    const auto& p = pub[i];
    if (p.type != rows[i].type || p.t != rows[i].t || p.wall_ms != rows[i].wall_ms)
      return Problem{e.seq, "the public row's type or times differ from the event's"};
    auto want = public_projection(e, m);
    if (p.event != nlohmann::json::parse(want.event))
      return Problem{e.seq, "the stored public event differs from the engine's projection"};
    if (p.state != nlohmann::json::parse(want.state))
      return Problem{e.seq, "the stored public state differs from the recomputed one"};
  }
  if (pub.size() > log.events.size())
    return Problem{pub[log.events.size()].seq, "a public row has no event behind it"};
  return std::nullopt;
}

std::optional<Problem> check_seals(MatchId id, const ParsedLog& log, const std::vector<PublicSeal>& seals) {
  bool ended = false;
  for (const auto& e : log.events)
    if (std::holds_alternative<engine::Ended>(e.body)) ended = true;
  std::size_t k = 0;
  for (const auto& e : log.events) {
    const auto* setup = std::get_if<engine::SetupLocked>(&e.body);
    if (!setup) continue;
    if (k >= seals.size() || seals[k].seq != e.seq) return Problem{e.seq, "the sealed setup's commitment is missing"};
    const auto& s = seals[k++];
    if (s.player != setup->player) return Problem{e.seq, "the commitment names another player"};
    if (!ended) {
      if (s.setup_text || s.salt) return Problem{e.seq, "the setup was made public before the match ended"};
      continue;
    }
    if (!s.setup_text || !s.salt) return Problem{e.seq, "the match has ended but its sealed setup is not open"};
    if (*s.setup_text != canonical_setup_text(id, e.seq, *setup, *log.game))
      return Problem{e.seq, "the opened setup is not the one the match was played with"};
    if (setup_commitment(*s.setup_text, *s.salt) != s.commitment)
      return Problem{e.seq, "the opened setup and salt do not match the commitment published at setup"};
  }
  if (k < seals.size()) return Problem{seals[k].seq, "a commitment has no setup-locked event behind it"};
  return std::nullopt;
}

MatchVerdict verify_match(Store& store, PublicReader& reader, MatchId id) {
  MatchVerdict v;
  v.match = id;
  auto bad = [&](int seq, const std::string& what) {
    v.first_bad_seq = seq;
    v.problem = what;
    return v;
  };
  auto rows_or = store.events(id);
  if (auto* e = std::get_if<StoreError>(&rows_or)) return bad(0, e->message);
  const auto& rows = std::get<std::vector<StoredEvent>>(rows_or);
  v.events = static_cast<int>(rows.size());
  if (rows.empty()) return bad(1, "no events are stored");
  if (auto p = check_chain(rows)) return bad(p->seq, p->what);

  const auto games = engine::all_games();  // parse_log's info points into it
  auto parsed_or = parse_log(rows, games);
  if (auto* pf = std::get_if<ParseFailure>(&parsed_or)) return bad(pf->seq, pf->reason);
  const auto& log = std::get<ParsedLog>(parsed_or);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& e = log.events[i];
    if (rows[i].type != engine::event_type(e.body) || rows[i].t != e.t)
      return bad(rows[i].seq, "the row's type or match time differ from its payload");
    if (canonical_payload(e, *log.game) != rows[i].payload)
      return bad(rows[i].seq, "the payload is not in canonical form (edited by hand?)");
  }
  if (auto p = check_replay(log, rows)) return bad(p->seq, p->what);

  auto pub_or = reader.events_after(id, 0);
  if (auto* e = std::get_if<StoreError>(&pub_or)) return bad(0, e->message);
  if (auto p = check_public(log, rows, std::get<std::vector<PublicEventRow>>(pub_or))) return bad(p->seq, p->what);

  auto seals_or = reader.seals(id);
  if (auto* e = std::get_if<StoreError>(&seals_or)) return bad(0, e->message);
  if (auto p = check_seals(id, log, std::get<std::vector<PublicSeal>>(seals_or))) return bad(p->seq, p->what);
  return v;
}

}  // namespace

bool VerifyReport::ok() const {
  for (const auto& m : matches)
    if (!m.ok()) return false;
  return true;
}

Result<VerifyReport> verify(Store& store, std::optional<MatchId> only) {
  auto reader_or = PublicReader::open(store.path());
  if (auto* e = std::get_if<StoreError>(&reader_or)) return *e;
  auto& reader = std::get<PublicReader>(reader_or);
  VerifyReport report;
  if (only) {
    auto m = store.match(*only);
    if (auto* e = std::get_if<StoreError>(&m)) return *e;
    report.matches.push_back(verify_match(store, reader, *only));
    return report;
  }
  auto list = store.matches();
  if (auto* e = std::get_if<StoreError>(&list)) return *e;
  for (const auto& m : std::get<std::vector<MatchSummary>>(list))
    report.matches.push_back(verify_match(store, reader, m.id));
  return report;
}

}  // namespace facedown::db
