// The game plug-in interface. A GameInfo describes a game (id, names, roster,
// presets, options) and builds a Game bound to one match's options. A Game owns
// the rules: geometry and terrain, setup validation, legal moves, resolution of a
// move (battles, captures, reveals, decisions), and victory.
//
// Resolution writes events through a Resolver, which applies each one to the
// match state at once, so a game reads the position its own events produced.
// A Game never rejects after emitting: it validates first, then emits.
// The generic turn cycle (who moves next, clocks, warnings, the ply limit, no
// legal moves) belongs to Match, not to games.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/battle_explanation.h"
#include "engine/command.h"
#include "engine/decision.h"
#include "engine/event.h"
#include "engine/geometry.h"
#include "engine/match_state.h"
#include "engine/options.h"
#include "engine/piece.h"
#include "engine/rejection.h"
#include "engine/words.h"

namespace facedown::engine {

class Resolver {
 public:
  virtual ~Resolver() = default;
  virtual const MatchState& state() const = 0;
  virtual void emit(EventBody body) = 0;
};

class Game {
 public:
  virtual ~Game() = default;

  virtual const Geometry& geometry() const = 0;
  virtual const std::vector<PieceTypeSpec>& roster() const = 0;
  // The game's words (its codes over the shared ones): every result reason,
  // battle kind, item, removal cause and detail code its events carry.
  virtual const Words& words() const = 0;
  // The player whose setup area holds this square; 0 for none.
  virtual int setup_owner(Square s) const = 0;
  // The game's counters (engine/decision.h), each player's at the start; none
  // by default. A game with counters always lists them in its state JSON.
  virtual CounterSpec counters() const { return {}; }
  // Perfect-information games with a fixed placement (Gwangsanghui): each
  // player's pieces (index 0: player 1), face up on the board as soon as the
  // match is created; such games take no `setup` commands. Empty for games
  // with a secret setup (the default).
  virtual std::array<std::vector<Placement>, 2> fixed_placement() const { return {}; }
  bool has_fixed_placement() const {
    auto f = fixed_placement();
    return !f[0].empty() || !f[1].empty();
  }

  // Why this setup cannot be locked, or nullopt when it can.
  virtual std::optional<Rejection> check_setup(int player,
                                               const std::vector<Placement>& placements) const = 0;
  // Why this one placement can never be part of the player's setup, counts
  // aside: off the player's area, or against the game's placement limits
  // (Luzhanqi's flag on a headquarters). check_setup applies it to every
  // placement, so the analysis reads the setup limits from the same rule.
  virtual std::optional<Rejection> check_placement(int player, const Placement& placement) const;

  // The piece whose capture decides the game (king, flag, leader, marshal);
  // the analysis says where it can be. nullopt: the game has none.
  virtual std::optional<PieceType> objective() const { return std::nullopt; }

  // A valid setup drawn from `seed` (tests, demos, the console's shuffle). The
  // default shuffles the roster over the player's setup squares; games with
  // placement limits override it.
  virtual std::vector<Placement> random_setup(int player, std::uint64_t seed) const;

  // Every legal move of `player` in this state (appended to out).
  virtual void legal_moves(const MatchState& s, int player, std::vector<Move>& out) const = 0;
  // Whether `player` has a legal move, and whether `move` is one of theirs:
  // what Match decides a turn by, for a game that reports its identity
  // questions (reports_identity_reads), which answers them asking as few as it
  // can (for other games Match keeps the turn's list, as legal_moves gives it).
  // The defaults ask legal_moves.
  virtual bool has_legal_move(const MatchState& s, int player) const;
  virtual bool is_legal_move(const MatchState& s, int player, const Move& move) const;
  // Whether pieces of this type never move (a mine, a flag): the reason a refusal
  // gives, from the rules; legal_moves stays the only judge of what is legal.
  virtual bool never_moves(PieceType) const { return false; }

  // Carries out a legal move of the player to move. Leaves the state either with
  // a pending decision (DecisionAwaited) or with the move fully resolved.
  virtual void play(Resolver& r, const Move& move) const = 0;

  // ----- Decisions (engine/decision.h). A game without them keeps the defaults.
  // The script verbs that are this game's decisions ("items", "revive").
  virtual std::vector<std::string> decision_verbs() const { return {}; }
  // A statement of one of those verbs (its tokens, the verb first), worded as
  // the game writes it (format_command gives the text back), or why not.
  virtual std::variant<DecideCmd, std::string> read_decision(const std::vector<std::string>& tokens) const;
  // Validates, then resolves a decision (the game says when none is awaited).
  virtual std::optional<Rejection> decide(Resolver& r, const DecideCmd& cmd) const;
  // What a decision that ran out of time resolves to (decision_limit).
  virtual void decide_by_default(Resolver& r) const;
  // Why a move is refused while a decision is awaited ("waiting for ...").
  virtual std::string awaiting(const MatchState& s) const;
  // The decision events this game writes, with their facts (the codec reads
  // stored ones back by them).
  virtual std::vector<DecidedSpec> decided_specs() const { return {}; }
  // The decision that wrote this event, as a viewer's stream shows it; nullopt
  // when the stream hides what it needs (the analysis replays it).
  virtual std::optional<DecideCmd> decision_of(const Decided& event) const;
  // The decision that chooses nothing (no items, a declined revival): what a
  // tool decides when it does not choose; empty text when the game has none.
  virtual DecideCmd default_decision(const MatchState&) const { return {}; }
  // The decision a desk's picks make (engine/decision.h), as the game words it.
  virtual std::optional<DecideCmd> word_picks(const MatchState& s, const std::vector<DecisionPick>& picks) const;
  // What the analysis' players decide at the awaited decision (analysis/player.h).
  virtual DecideCmd choose_decision(const MatchState& s, const DecisionPolicy& policy, std::uint64_t& rng) const;

  // The battle explainer's lines for a battle, attack or capture of this game,
  // one per pair, in the language: the game writes what its battles mean, as it
  // writes its result reasons, from what the public knows (ShownBattle holds
  // nothing else; engine/battle_explanation.h). The default names both ranks
  // where public and only the outcome where hidden
  // (explain_ranks_and_outcomes); Number Janggi states its arithmetic.
  virtual std::vector<std::string> explain(const ShownBattle& battle, Lang lang) const;

  // Whether every identity question of this game's rules goes through
  // type_is/type_of (engine/identity_reads.h), so the analysis may shorten its
  // replays by what they record. False unless the game says so.
  virtual bool reports_identity_reads() const { return false; }

  // After a complete resolution by `mover`: has the game been decided?
  virtual std::optional<Result> victory(const MatchState& s, int mover) const = 0;

  // Token of a piece type as written in scripts ("7", "M").
  const std::string& token(PieceType t) const { return roster()[static_cast<std::size_t>(t)].token; }
  std::optional<PieceType> parse_token(const std::string& token) const;
};

struct GameInfo {
  std::string id;        // "number-janggi"
  std::string name_en;   // "Number Janggi"
  std::string name_ko;   // "숫자장기"
  std::string default_preset;
  std::vector<PieceTypeSpec> roster;
  // The game's own codes with English and Korean text (the shared ones are not
  // repeated); the Game it makes returns Words(words).
  std::vector<Word> words;
  std::vector<OptionSpec> options;  // the game's own and the shared ones
  std::vector<Preset> presets;
  // Extra validation of a full option set (free-text options, combinations).
  std::function<std::optional<std::string>(const Options&)> check_options;
  std::function<std::unique_ptr<Game>(const Options&)> make;
  // The live analysis' budget for this game (engine/decision.h); defaults where 0.
  AnalysisTuning live_analysis = {};

  const Preset* find_preset(const std::string& id) const;
  const OptionSpec* find_option(const std::string& name) const;
};

// A small deterministic generator (SplitMix64) for seeded choices in the engine.
std::uint64_t splitmix64(std::uint64_t& state);

// Options every game shares: clocks, warnings, decisions, ply limit, no legal moves.
std::vector<OptionSpec> shared_option_specs();

// The preset's options with overrides applied, every option present, all checked.
struct ResolvedOptions {
  Options options;
  std::optional<std::string> error;
};
ResolvedOptions resolve_options(const GameInfo& info, const std::string& preset,
                                const Options& overrides);

}  // namespace facedown::engine
