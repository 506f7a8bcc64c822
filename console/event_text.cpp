#include "console/event_text.h"

#include <fmt/format.h>

#include <array>
#include <optional>

#include "engine/vocabulary.h"
#include "codec/script.h"

namespace facedown::console {

namespace {

using engine::WordKind;

std::string square_name(const engine::Game& game, engine::Square s) {
  return s == engine::kNoSquare ? "-" : game.geometry().name(s);
}

std::string pieces(const std::vector<engine::PieceRef>& list, const engine::Game& game,
                   const ui::Tr& tr) {
  std::string out;
  for (const auto& p : list) {
    if (!out.empty()) out += ", ";
    out += describe_piece(p, game, tr);
  }
  return out.empty() ? "-" : out;
}

// A decision made, from its facts alone: its title (the game's phrase for its type), the
// player it names, the piece it puts back, and each player's counter spent (a
// fact under "<group>.<player>": its name and square, or none).
template <class Seat, class Word>
std::string decided_text(const engine::Decided& e, const engine::Game& game, const ui::Tr& tr, const Seat& seat,
                         const Word& word) {
  std::string out = word(WordKind::kPhrase, e.type);
  if (auto f = e.facts.find("player"); f != e.facts.end())
    if (const auto* p = std::get_if<int>(&f->second.value)) out += " " + seat(*p);
  for (const auto& [key, fact] : e.facts)
    if (const auto* r = std::get_if<engine::PieceRef>(&fact.value); r && fact.role == engine::FactRole::kPlaced)
      out += ": " + describe_piece(*r, game, tr);
  std::array<std::optional<std::string>, 2> spent;
  for (const auto& [key, fact] : e.facts) {
    const auto dot = key.rfind('.');
    const std::string tail = dot == std::string::npos ? key : key.substr(dot + 1);
    if (const auto* name = std::get_if<std::string>(&fact.value); name && fact.role == engine::FactRole::kSpent &&
                                                                   (fact.player == 1 || fact.player == 2)) {
      const std::string prefix = key.substr(0, dot == std::string::npos ? 0 : dot + 1);
      std::string where = "-";
      for (const auto& [k2, f2] : e.facts)
        if (const auto* sq = std::get_if<engine::SquareFact>(&f2.value); sq && k2.rfind(prefix, 0) == 0)
          where = square_name(game, sq->square);
      spent[static_cast<std::size_t>(fact.player - 1)] = fmt::format("{}:{}", word(WordKind::kItem, *name), where);
    } else if (std::holds_alternative<std::monostate>(fact.value) && fact.role == engine::FactRole::kPlain &&
               (tail == "1" || tail == "2")) {
      spent[static_cast<std::size_t>(tail == "1" ? 0 : 1)] = std::string(tr("item.none"));
    }
  }
  if (spent[0] || spent[1])
    for (int p = 0; p < 2; ++p)
      out += fmt::format(" {}={}", seat(p + 1), spent[static_cast<std::size_t>(p)].value_or(tr("item.none")));
  return out;
}

}  // namespace

engine::Lang words_lang(ui::Lang lang) {
  return lang == ui::Lang::kKorean ? engine::Lang::kKorean : engine::Lang::kEnglish;
}

std::string result_text(const engine::Result& result, const engine::Words& words, const ui::Tr& tr,
                        const engine::Names& names) {
  return engine::result_sentence(words, result.winner, result.reason, result.what, words_lang(tr.lang), names);
}

std::string reason_text(const engine::Words& words, const std::string& reason, const ui::Tr& tr) {
  return words.text(WordKind::kReason, reason, words_lang(tr.lang));
}

// "Head: reason", or just "Head" where the reason is blank (the public projection
// clears the referee's typed words, and a dangling colon would say something was cut).
std::string with_reason(const std::string& head, const std::string& reason) {
  return reason.empty() ? head : fmt::format("{}: {}", head, reason);
}

std::string clock_text(engine::Millis ms) {
  if (ms < 0) ms = 0;
  const long long tenths = ms / 100;
  return fmt::format("{}:{:02}.{}", tenths / 600, (tenths / 10) % 60, tenths % 10);
}

std::string describe_piece(const engine::PieceRef& piece, const engine::Game& game,
                           const ui::Tr& tr) {
  std::string who = piece.type >= 0 && piece.type < static_cast<int>(game.roster().size())
                        ? ui::piece_name(game.roster()[static_cast<std::size_t>(piece.type)],
                                         tr.lang)
                        : tr("hidden");
  if (piece.value) who += fmt::format(" [{}]", *piece.value);
  return fmt::format("{} ({}) {}", who, piece.owner, square_name(game, piece.square));
}

std::string describe(const engine::Event& event, const engine::Game& game, const ui::Tr& tr,
                     const engine::Names& names) {
  const engine::Words& words = game.words();
  const engine::Lang lang = words_lang(tr.lang);
  auto word = [&](WordKind kind, const std::string& code) { return words.text(kind, code, lang); };
  // The player an event is about, by name (the seat when no name is set).
  auto seat = [&](int player) { return engine::seat_text(words, player, lang, names); };
  return std::visit(
      engine::Overloaded{
          [&](const engine::Opened& e) {
            return fmt::format("{}: {} / {} — {} vs {}", tr("ev.opened"), e.game, e.preset,
                               e.players[0], e.players[1]);
          },
          [&](const engine::SetupLocked& e) {
            return fmt::format("{} {}: {}", tr("ev.setup_locked"), seat(e.player),
                               pieces(e.pieces, game, tr));
          },
          [&](const engine::FirstChosen& e) {
            return e.toss_seed ? fmt::format("{} {} ({} \"{}\")", tr("ev.first"), seat(e.player),
                                             tr("toss"), *e.toss_seed)
                               : fmt::format("{} {}", tr("ev.first"), seat(e.player));
          },
          [&](const engine::Started&) { return std::string(tr("ev.started")); },
          [&](const engine::TurnStarted& e) {
            return fmt::format("{} {}", tr("ev.turn"), seat(e.player));
          },
          [&](const engine::Moved& e) {
            return fmt::format("{} {}: {} {}-{}", tr("ev.moved"), seat(e.player),
                               describe_piece(e.piece, game, tr), square_name(game, e.from),
                               square_name(game, e.to));
          },
          // A decision (engine/decision.h): of both players, with its squares; of one, with its player.
          [&](const engine::DecisionAwaited& e) {
            const std::string title = word(WordKind::kPhrase, "awaiting-" + e.kind);
            if (e.player == 0) {
              std::string sq;
              for (auto s : e.squares) sq += " " + square_name(game, s);
              return fmt::format("{}:{}", title, sq);
            }
            return fmt::format("{} {}", title, seat(e.player));
          },
          [&](const engine::Decided& e) { return decided_text(e, game, tr, seat, word); },
          [&](const engine::Battle& e) {
            std::string out = tr("battle");
            for (const auto& p : e.pairs) {
              // A kind the viewer may not know comes blank from the projection: left out.
              const std::string how =
                  p.kind.empty() ? word(WordKind::kOutcome, p.outcome)
                                 : fmt::format("{}, {}", engine::battle_kind_text(words, p.kind, lang),
                                               word(WordKind::kOutcome, p.outcome));
              out += fmt::format(" | {} x {} ({})", describe_piece(p.mover, game, tr),
                                 describe_piece(p.enemy, game, tr), how);
            }
            out += fmt::format(" | {}: {}", tr("removed"), pieces(e.removed, game, tr));
            return out;
          },
          [&](const engine::Attack& e) {
            return fmt::format("{} {}: {} x {} ({})", tr("ev.attack"), seat(e.player),
                               describe_piece(e.attacker, game, tr),
                               describe_piece(e.defender, game, tr),
                               word(WordKind::kOutcome, engine::outcome_name(e.outcome)));
          },
          [&](const engine::Removed& e) {
            const std::string why = e.cause.empty() ? "" : " (" + word(WordKind::kCause, e.cause) + ")";
            return fmt::format("{}{}: {}", tr("removed"), why, pieces(e.pieces, game, tr));
          },

          [&](const engine::Warned& e) {
            // An engine-made warning reads from its code; a manual one is the
            // referee's typed reason (cleared in every public view).
            const std::string why = e.what.empty() ? e.reason : engine::render(words, e.what, lang, names);
            return with_reason(fmt::format("{} {} ({}, {})", tr("ev.warned"), seat(e.player),
                                           word(WordKind::kWarning, e.kind), e.total),
                               why);
          },
          [&](const engine::Paused& e) { return with_reason(tr("ev.paused"), e.reason); },
          [&](const engine::Resumed&) { return std::string(tr("ev.resumed")); },
          [&](const engine::Ticked&) { return std::string(tr("ev.ticked")); },
          [&](const engine::Ended& e) {
            // Old logs have no detail code: the reason's word stands in (their
            // English `detail` never reaches a screen in another language).
            return fmt::format("{}: {}", tr("ev.ended"),
                               engine::result_sentence(words, e.winner, e.reason, e.what, lang, names));
          },
          [&](const engine::Voided& e) {
            return with_reason(fmt::format("{} {}{}", tr("ev.voided"), e.count,
                                           e.restore ? std::string(" (") + tr("ev.clock_restored") + ")" : ""),
                               e.reason);
          },
          [&](const engine::ClockSet& e) {
            return with_reason(fmt::format("{} {} {}", tr(e.reinstate ? "ev.reinstated" : "ev.clock_set"),
                                           seat(e.player), clock_text(e.elapsed)),
                               e.reason);
          },
          [&](const engine::Noted& e) {
            return e.text.empty() ? std::string(tr("ev.noted_public")) : fmt::format("{}: {}", tr("ev.noted"), e.text);
          },
          [&](const engine::Captioned& e) {
            return e.text ? fmt::format("{}: {}", tr("ev.caption"), *e.text) : std::string(tr("ev.caption_cleared"));
          },
          [&](const engine::Closed&) { return std::string(tr("ev.closed")); },
      },
      event.body);
}

}  // namespace facedown::console
