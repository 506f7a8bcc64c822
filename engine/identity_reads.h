// Which pieces' identities the rules read while a command is decided, for the
// analysis (analysis/stream_replay.h), which tries many identities for a
// face-down piece by replaying the match with each.
//
// Two replays whose rules get the same answer to every question they ask about
// an identity make the same decisions: they differ only where an identity is
// copied (into events, the state, the position keys). So a replay with other
// identities can start from a kept replay at the first event whose rules asked
// about a changed identity, and replay only the rest.
//
// A rule that decides by a piece's identity asks through type_is (one identity
// tested: "is it a mine?") or type_of (the whole identity). While an
// IdentityReads recorder is installed on this thread (by whoever submits the
// command), each question is appended to it as (piece id, identity tested);
// otherwise nothing is recorded and the questions cost one branch.
//
// Invariant: a game whose Game::reports_identity_reads() is true asks every
// identity question of its rules (legal moves, battles, victory, decisions)
// through these two; Match's own rules ask none but through the game
// (the no-legal-move end calls legal_moves). Copies of an identity (refs in
// events, MatchState::apply, position keys) are not questions: position keys
// with identities (PositionKind::kOwnersAndTypes) are read only by games that
// do not report (Gwangsanghui). tests/engine/identity_reads_test.cpp checks it
// for Number Janggi, the only game that reports so far.
#pragma once
#include <vector>

#include "engine/match_state.h"

namespace facedown::engine {

// The identity tested by a type_of: every identity.
inline constexpr PieceType kWholeIdentity = -2;

struct IdentityRead {
  int id = -1;             // the piece asked about
  PieceType tested = kWholeIdentity;  // type_is's identity, or kWholeIdentity (type_of)
};

// Records the questions asked on this thread while it lives (nested recorders
// restore the outer one when they end).
class IdentityReads {
 public:
  IdentityReads() : outer_(current()) { current() = this; }
  ~IdentityReads() { current() = outer_; }
  IdentityReads(const IdentityReads&) = delete;
  IdentityReads& operator=(const IdentityReads&) = delete;

  std::vector<IdentityRead> reads;

  static IdentityReads*& current() {
    thread_local IdentityReads* recorder = nullptr;
    return recorder;
  }

 private:
  IdentityReads* outer_;
};

// Whether piece `id` is of type `t` (recorded as a question about `t`).
inline bool type_is(const MatchState& s, int id, PieceType t) {
  if (IdentityReads* r = IdentityReads::current()) r->reads.push_back({id, t});
  return s.pieces[static_cast<std::size_t>(id)].type == t;
}

// Piece `id`'s whole identity (recorded as a question about all of it).
inline PieceType type_of(const MatchState& s, int id) {
  if (IdentityReads* r = IdentityReads::current()) r->reads.push_back({id, kWholeIdentity});
  return s.pieces[static_cast<std::size_t>(id)].type;
}

}  // namespace facedown::engine
