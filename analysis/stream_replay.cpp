#include "analysis/stream_replay.h"

#include <algorithm>

#include "engine/event_refs.h"
#include "engine/identity_reads.h"
#include "engine/vocabulary.h"

namespace facedown::analysis {

using namespace facedown::engine;

namespace {

bool same_event(const Event& a, const Event& b) {
  return a.seq == b.seq && a.t == b.t && a.cmd == b.cmd && a.command.has_value() == b.command.has_value() &&
         a.body == b.body;
}

// Texts the views blank: any accepted text replays the same projection.
std::string text_or(const std::string& s) { return s.empty() || s == "restore" || s == "clear" ? "x" : s; }

void add_unique(std::vector<int>& v, int x) {
  if (x >= 0 && std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

}  // namespace

void IdentityLog::note(int slot, PieceType tested_type, std::size_t event) {
  if (slot < 0) return;
  const auto s = static_cast<std::size_t>(slot);
  if (whole.size() <= s) {
    whole.resize(s + 1, kNever);
    tested.resize((s + 1) * types, kNever);
  }
  std::uint32_t& at = tested_type == kWholeIdentity ? whole[s] : tested[s * types + static_cast<std::size_t>(tested_type)];
  at = std::min(at, static_cast<std::uint32_t>(event));
}

std::uint32_t IdentityLog::first_difference(const std::vector<PieceType>& from, const std::vector<PieceType>& to) const {
  std::uint32_t first = kNever;
  for (std::size_t s = 0; s < std::min(whole.size(), std::min(from.size(), to.size())); ++s) {
    if (from[s] == to[s]) continue;
    first = std::min(first, whole[s]);
    // "Is it t?" has another answer only for the identity left or the one taken.
    for (PieceType t : {from[s], to[s]})
      if (t >= 0 && static_cast<std::size_t>(t) < types) first = std::min(first, tested[s * types + static_cast<std::size_t>(t)]);
  }
  return first;
}

void IdentityLog::forget_from(std::size_t event) {
  for (auto* v : {&whole, &tested})
    for (auto& x : *v)
      if (x != kNever && x >= event) x = kNever;
}

std::vector<PieceRef> refs_of(const Event& e) {
  std::vector<PieceRef> out;
  for_each_ref(e, [&](const PieceRef& r) { out.push_back(r); });
  return out;
}

std::variant<StreamReplay, std::string> StreamReplay::plan(const GameInfo& info, std::vector<Event> stream,
                                                            Viewer viewer) {
  if (viewer == kReferee) return std::string("the referee sees every piece: nothing to deduce");
  if (stream.empty()) return std::string("the stream is empty");
  auto started = start(info, stream[0], viewer);
  if (auto* r = std::get_if<StreamReplay>(&started)) {
    r->stream_.reserve(stream.size());
    for (std::size_t i = 1; i < stream.size(); ++i)
      if (auto err = r->append(stream[i])) return *err;
  }
  return started;
}

std::variant<StreamReplay, std::string> StreamReplay::start(const GameInfo& info, const Event& first, Viewer viewer) {
  if (viewer == kReferee) return std::string("the referee sees every piece: nothing to deduce");
  const auto* opened = std::get_if<Opened>(&first.body);
  if (!opened) return std::string("the stream does not begin with the match's opening");
  if (opened->game != info.id) return "the stream is a " + opened->game + " match, not " + info.id;
  ResolvedOptions resolved = resolve_options(info, opened->preset, opened->options);
  if (resolved.error) return "the stream's options: " + *resolved.error;
  const auto game = info.make(resolved.options);
  StreamReplay r;
  r.viewer_ = viewer;
  r.opened_ = *opened;
  for (const auto& t : game->roster()) r.roster_counts_.push_back(t.count);
  auto match = Match::open(info, opened->preset, opened->options, opened->players);
  if (auto* m = std::get_if<Match>(&match)) r.opened_match_ = std::make_shared<const Match>(std::move(*m));
  r.stream_.push_back(first);
  r.event_block_.push_back(-1);
  r.group_of_.push_back(0);
  r.group_end_.push_back(1);
  return r;
}

std::optional<std::string> StreamReplay::append(const Event& e) {
  const std::size_t i = stream_.size();
  int block = -1;
  if (const auto* setup = std::get_if<SetupLocked>(&e.body)) {
    Block b{setup->player, i, roster_counts_, {}};
    std::vector<Slot> added;
    for (const auto& ref : setup->pieces) {
      if (ref.type == kHiddenType) {
        b.slots.push_back(static_cast<int>(slots_.size() + added.size()));
        added.push_back({static_cast<int>(blocks_.size()), setup->player, ref.square});
      } else if (ref.type >= 0 && ref.type < static_cast<int>(roster_counts_.size())) {
        --b.counts[static_cast<std::size_t>(ref.type)];
      } else {
        return std::string("a setup names a piece the roster does not have");
      }
    }
    if (!b.slots.empty()) {
      if (std::any_of(b.counts.begin(), b.counts.end(), [](int c) { return c < 0; }))
        return std::string("a setup shows more pieces of a kind than the roster has");
      block = static_cast<int>(blocks_.size());
      blocks_.push_back(std::move(b));
      slots_.insert(slots_.end(), added.begin(), added.end());
    }
  }
  // Groups: the events of one command, or of one moment's deadlines.
  const Event& prev = stream_.back();
  const bool same = e.cmd == prev.cmd && (e.cmd != 0 || e.t == prev.t);
  if (same) {
    group_end_.back() = i + 1;
  } else {
    group_end_.push_back(i + 1);
  }
  group_of_.push_back(group_end_.size() - 1);
  event_block_.push_back(block);
  if (const auto* v = std::get_if<Voided>(&e.body); v && v->rewind_to >= 1)
    voids_.emplace_back(i, static_cast<std::size_t>(v->rewind_to - 1));
  stream_.push_back(e);
  return std::nullopt;
}

// forget() leaves kReplayHistory to 1.5 kReplayHistory events, and one command adds
// a few before the next forget().
std::size_t StreamReplay::log_room() const { return std::min(stream_.size() + 8, kReplayHistory * 3 / 2 + 16); }

void StreamReplay::forget(Match& m, std::size_t at) const {
  // Nothing a void still ahead of the replay will undo.
  const std::size_t size = m.forgotten() + m.log().size();
  std::size_t keep = kReplayHistory;
  for (auto it = voids_.rbegin(); it != voids_.rend() && it->first >= at; ++it)
    if (it->second < size) keep = std::max(keep, size - it->second);
  m.forget_history(keep);
}

std::optional<Command> StreamReplay::command_at(std::size_t event, const std::vector<PieceType>& types) const {
  std::optional<Command> out;
  std::visit(Overloaded{
                 [&](const SetupLocked& o) {
                   SetupCmd c{o.player, {}};
                   const int b = event_block_[event];
                   std::size_t next = 0;
                   for (const auto& ref : o.pieces) {
                     PieceType t = ref.type;
                     if (t == kHiddenType) {
                       const auto& slots = blocks_[static_cast<std::size_t>(b)].slots;
                       t = types[static_cast<std::size_t>(slots[next++])];
                     }
                     c.placements.push_back({t, ref.square});
                   }
                   out = c;
                 },
                 [&](const FirstChosen& o) { out = FirstCmd{o.player, o.toss_seed}; },
                 [&](const Started&) { out = StartCmd{}; },
                 [&](const Moved& o) { out = MoveCmd{{o.from, o.to}}; },
                 [&](const Attack& o) { out = MoveCmd{{o.from, o.to}}; },
                 // A decision, as the game words the one that wrote it (nullopt: the stream hides it).
                 [&](const Decided& o) {
                   if (!opened_match_) return;
                   if (auto d = opened_match_->game().decision_of(o)) out = std::move(*d);
                 },
                 [&](const Ticked&) { out = TickCmd{}; },
                 [&](const Paused& o) { out = PauseCmd{text_or(o.reason)}; },
                 [&](const Resumed&) { out = ResumeCmd{}; },
                 [&](const Warned& o) { out = WarnCmd{o.player, text_or(o.reason)}; },
                 [&](const Ended& o) {
                   if (o.reason == "resigned") out = ResignCmd{other(o.winner)};
                   else if (o.reason == "draw-agreed") out = DrawCmd{};
                   else if (o.reason == "awarded") out = AwardCmd{o.winner, text_or(o.detail)};
                 },
                 [&](const Voided& o) { out = VoidCmd{o.count, text_or(o.reason), o.restore}; },
                 [&](const ClockSet& o) { out = ClockCmd{o.elapsed, text_or(o.reason)}; },
                 [&](const Noted& o) { out = NoteCmd{text_or(o.text)}; },
                 [&](const Captioned& o) { out = CaptionCmd{o.text}; },
                 [&](const Closed&) { out = CloseCmd{}; },
                 [](const auto&) {},
             },
             stream_[event].body);
  return out;
}

ReplayRun StreamReplay::run(const GameInfo& game, const std::vector<PieceType>& types, std::size_t limit,
                            ReplayTrace* trace) const {
  ReplayCursor c;
  const ReplayRun out = advance(game, types, c, limit, trace);
  if (trace) {
    trace->id_slot = c.id_slot;
    trace->trail = c.trail;
    if (out.consistent) trace->final.emplace(std::move(*c.match));
  }
  return out;
}

ReplayRun StreamReplay::advance(const GameInfo& game, const std::vector<PieceType>& types, ReplayCursor& c,
                                std::size_t limit, ReplayTrace* trace) const {
  ReplayRun out;
  limit = std::min(limit, stream_.size());
  if (trace) {
    trace->named.clear();
    trace->shown.clear();
    trace->final.reset();
  }
  auto fail = [&](std::size_t at, std::vector<int> named) {
    c.ok = false;
    out.failed_event = at;
    out.failed_named = std::move(named);
    if (trace) trace->id_slot = c.id_slot;
    return out;
  };
  if (!c.ok) return fail(c.checked, {});
  if (!c.match) {
    if (opened_match_ && opened_match_->info().id == game.id) {
      c.match.emplace(*opened_match_);
      c.match->reserve(log_room());
    } else {
      auto opened = Match::open(game, opened_.preset, opened_.options, opened_.players);
      if (!std::holds_alternative<Match>(opened)) return fail(0, {});
      c.match.emplace(std::move(std::get<Match>(opened)));
    }
    if (c.match->log().empty() || !same_event(project(c.match->log()[0], viewer_), stream_[0])) return fail(0, {});
    c.next = c.checked = 1;
    out.matched = 1;
  }
  Match& m = *c.match;
  auto& id_slot = c.id_slot;
  // Compares one produced event (projected) with the stream's at q, noting what
  // the stream shows and who was named.
  auto compare = [&](std::size_t q, const Event& produced_raw, const Event& seen, const std::vector<int>& named) {
    if (trace) {
      for (int s : named) add_unique(trace->named.of(group_of_[q]), s);
      // Identities the stream shows, matched to the replay's pieces by owner and
      // square (one piece per square within an event).
      if (seen.body.index() == stream_[q].body.index()) {
        std::optional<std::vector<PieceRef>> mine;  // listed only when the stream shows a piece
        for_each_ref(stream_[q], [&](const PieceRef& theirs) {
          // Off-board references (revival candidates) share kNoSquare: no match by square.
          if (theirs.type == kHiddenType || theirs.square == kNoSquare) return;
          if (!mine) mine = refs_of(produced_raw);
          for (const auto& ref : *mine)
            if (ref.id >= 0 && ref.square == theirs.square && ref.owner == theirs.owner &&
                static_cast<std::size_t>(ref.id) < id_slot.size() && id_slot[static_cast<std::size_t>(ref.id)] >= 0) {
              trace->shown.emplace_back(id_slot[static_cast<std::size_t>(ref.id)], theirs.type);
              break;
            }
        });
      }
    }
    return same_event(seen, stream_[q]);
  };
  // What a command produced past the stream's end, now that the stream has more.
  while (c.checked < c.next && c.checked < stream_.size()) {
    const Event& raw = c.pending[c.pending.size() - (c.next - c.checked)];
    if (!compare(c.checked, raw, project(raw, viewer_), c.pending_named)) return fail(c.checked, c.pending_named);
    ++c.checked;
    out.matched = c.checked;
  }
  if (c.checked == c.next) {
    c.pending.clear();
    c.pending_named.clear();
  }
  while (c.next < limit) {
    const std::size_t p = c.next;
    const Event& e = stream_[p];
    // A void that undoes commands this replay's match forgot: the replay is
    // made again from the beginning to here (untraced: this call's trace
    // covers what it covered), forgetting nothing that void undoes, and goes on.
    if (const auto* v = std::get_if<Voided>(&e.body);
        v && v->rewind_to >= 1 && static_cast<std::size_t>(v->rewind_to - 1) < m.forgotten()) {
      ReplayCursor again;
      again.reads.on = c.reads.on;
      if (!advance(game, types, again, p).consistent || again.next != p || again.checked != p) return fail(p, {});
      c = std::move(again);  // m and id_slot are c's members: still c's
    }
    std::vector<Event> produced;
    std::vector<int> named;
    // The identity questions the command's rules ask, when they are logged.
    std::optional<IdentityReads> asked;
    if (c.reads.on && m.game().reports_identity_reads()) {
      if (c.reads.types == 0) c.reads.types = roster_counts_.size();
      asked.emplace();
    }
    const bool asked_at_all = asked.has_value();
    auto log_asked = [&] {
      if (!asked) return;
      for (const IdentityRead& r : asked->reads)
        if (r.id >= 0 && static_cast<std::size_t>(r.id) < id_slot.size())
          c.reads.note(id_slot[static_cast<std::size_t>(r.id)], r.tested, p);
      asked.reset();
    };
    if (e.cmd == 0) {
      produced = m.advance(e.t);
      log_asked();
    } else {
      auto cmd = command_at(p, types);
      if (!cmd) return fail(p, {});
      // The pieces the command itself names, so a refusal is put down to them:
      // the mover, and the pieces an item is declared on (+1 and -1 only on a
      // number: a defender's +1 on a piece the candidate makes a mine is refused
      // before any event names it, and a refusal that named nobody was put down
      // to no piece, so the learning gave up there and the sampler, with what
      // came after unlearned, found no consistent setup; issue 32).
      const auto name_at = [&](Square sq) {
        const int id = sq == kNoSquare ? -1 : m.state().piece_at(sq);
        if (id >= 0 && static_cast<std::size_t>(id) < id_slot.size()) add_unique(named, id_slot[static_cast<std::size_t>(id)]);
      };
      if (const auto* mv = std::get_if<MoveCmd>(&*cmd)) name_at(mv->move.from);
      if (const auto* decided = std::get_if<Decided>(&stream_[p].body))
        for (const auto& [key, fact] : decided->facts)
          if (const auto* sq = std::get_if<SquareFact>(&fact.value)) name_at(sq->square);
      auto sub = m.submit(*cmd, e.t);
      log_asked();
      if (sub.rejection) return fail(p, named);
      produced = std::move(sub.events);
    }
    if (produced.empty()) return fail(p, named);
    for (const Event& ev : produced) {
      c.trail.note(ev);
      if (!std::holds_alternative<SetupLocked>(ev.body) && !std::holds_alternative<Moved>(ev.body))
        for_each_ref(ev, [&](const PieceRef& ref) {
          if (ref.id < 0) return;
          if (c.named_beyond_moves.size() <= static_cast<std::size_t>(ref.id))
            c.named_beyond_moves.resize(static_cast<std::size_t>(ref.id) + 1, false);
          c.named_beyond_moves[static_cast<std::size_t>(ref.id)] = true;
        });
      if (const auto* setup = std::get_if<SetupLocked>(&ev.body)) {
        const std::size_t q = p + static_cast<std::size_t>(&ev - produced.data());
        const int b = q < stream_.size() ? event_block_[q] : -1;
        std::size_t next = 0;
        for (const auto& ref : setup->pieces) {
          if (ref.id < 0) continue;
          if (id_slot.size() <= static_cast<std::size_t>(ref.id)) id_slot.resize(static_cast<std::size_t>(ref.id) + 1, -1);
          int slot = -1;
          if (b >= 0 && (ref.hidden_from & viewer_bit(viewer_))) {
            const auto& slots = blocks_[static_cast<std::size_t>(b)].slots;
            if (next < slots.size()) slot = slots[next++];
          }
          id_slot[static_cast<std::size_t>(ref.id)] = slot;
        }
      }
      // A setup names its pieces but decides nothing about them beyond their squares.
      if (!std::holds_alternative<SetupLocked>(ev.body))
        for_each_ref(ev, [&](const PieceRef& ref) {
          if (ref.id >= 0 && static_cast<std::size_t>(ref.id) < id_slot.size())
            add_unique(named, id_slot[static_cast<std::size_t>(ref.id)]);
        });
      if (const auto* d = std::get_if<DecisionAwaited>(&ev.body))
        if (d->piece_id >= 0 && static_cast<std::size_t>(d->piece_id) < id_slot.size())
          add_unique(named, id_slot[static_cast<std::size_t>(d->piece_id)]);
      // An identity the viewer is shown is read by the comparison with the stream.
      if (asked_at_all) {
        const std::size_t q = p + static_cast<std::size_t>(&ev - produced.data());
        for_each_ref(ev, [&](const PieceRef& ref) {
          if (ref.id >= 0 && static_cast<std::size_t>(ref.id) < id_slot.size() && !(ref.hidden_from & viewer_bit(viewer_)))
            c.reads.note(id_slot[static_cast<std::size_t>(ref.id)], kWholeIdentity, q);
        });
      }
    }
    for (std::size_t j = 0; j < produced.size(); ++j) {
      const std::size_t q = p + j;
      // A stream may end inside a command (a reader between two rows): what it
      // holds is all that must match; the rest waits for the stream to grow.
      if (q >= stream_.size()) {
        c.pending.push_back(produced[j]);
        continue;
      }
      if (!compare(q, produced[j], project(produced[j], viewer_), named)) return fail(q, named);
      out.matched = q + 1;
      c.checked = q + 1;
    }
    if (!c.pending.empty()) c.pending_named = named;
    c.next = p + produced.size();
    forget(m, c.next);
  }
  out.consistent = true;
  out.failed_event = c.next;
  if (trace) trace->id_slot = id_slot;
  return out;
}

}  // namespace facedown::analysis

namespace facedown::analysis {

ReplayCursor StreamReplay::start_from(const std::vector<PieceType>& base_types, const ReplayCursor& base,
                                      const ReplayCursor* earlier, const std::vector<PieceType>& types,
                                      std::size_t limit) const {
  ReplayCursor out;
  out.reads.on = base.reads.on;
  if (!earlier || !base.reads.on || !earlier->reads.on || !earlier->match || !earlier->ok ||
      earlier->checked != earlier->next || earlier->next <= 1 || base_types.size() != types.size() || stream_.empty() ||
      !earlier->match->game().reports_identity_reads())
    return out;
  // The first event that might differ: one whose command asked a question the
  // trial answers otherwise, where the base stopped matching, or the limit.
  std::size_t cut = std::min<std::size_t>(base.reads.first_difference(base_types, types), base.checked);
  cut = std::min({cut, limit, stream_.size() - 1});
  const std::size_t g = group_of_[cut];
  const std::size_t start = g == 0 ? 0 : group_end_[g - 1];
  if (earlier->next > start) return out;
  // Every changed setup must be behind, and one the game accepts (its check
  // reads the whole placement, not through identity_reads.h).
  for (const Block& b : blocks_) {
    bool changed = false;
    for (int s : b.slots) changed = changed || base_types[static_cast<std::size_t>(s)] != types[static_cast<std::size_t>(s)];
    if (!changed) continue;
    if (b.setup_event >= earlier->next) return out;
    const auto cmd = command_at(b.setup_event, types);
    const auto* setup = cmd ? std::get_if<SetupCmd>(&*cmd) : nullptr;
    if (!setup || earlier->match->game().check_setup(setup->player, setup->placements)) return out;
  }
  // The earlier replay, its match copied with room to grow (a copy's log has none).
  ReplayCursor c;
  c.match.emplace(*earlier->match, log_room());
  c.ok = earlier->ok;
  c.next = earlier->next;
  c.checked = earlier->checked;
  c.pending = earlier->pending;
  c.pending_named = earlier->pending_named;
  c.id_slot = earlier->id_slot;
  c.reads = earlier->reads;
  c.trail = earlier->trail;
  c.named_beyond_moves = earlier->named_beyond_moves;
  std::vector<std::pair<int, PieceType>> changes;
  for (std::size_t id = 0; id < c.id_slot.size(); ++id) {
    const int slot = c.id_slot[id];
    if (slot < 0 || base_types[static_cast<std::size_t>(slot)] == types[static_cast<std::size_t>(slot)]) continue;
    changes.emplace_back(static_cast<int>(id), types[static_cast<std::size_t>(slot)]);
  }
  if (!c.match->retype(changes)) return out;
  return c;
}

}  // namespace facedown::analysis
