#include "engine/games/number_janggi/decisions.h"

namespace facedown::engine::number_janggi {

namespace {

std::optional<int> parse_player(const std::string& s) {
  if (s == "1") return 1;
  if (s == "2") return 2;
  return std::nullopt;
}

std::string items_key(int player) { return "items." + std::to_string(player); }

}  // namespace

const char* item_name(Item item) {
  switch (item) {
    case Item::kBlind: return "blind";
    case Item::kPlus: return "plus";
    case Item::kMinus: return "minus";
  }
  return "?";
}

std::optional<Item> parse_item(const std::string& name) {
  if (name == "blind") return Item::kBlind;
  if (name == "plus") return Item::kPlus;
  if (name == "minus") return Item::kMinus;
  return std::nullopt;
}

std::variant<ItemChoices, std::string> read_items(const Game& game, const std::vector<std::string>& tokens) {
  if (tokens.size() != 3) return std::string("usage: items 1=ITEM:SQUARE|none 2=ITEM:SQUARE|none");
  const Geometry& g = game.geometry();
  ItemChoices out;
  std::array<bool, 2> seen{false, false};
  for (std::size_t k = 1; k < tokens.size(); ++k) {
    const std::string& tok = tokens[k];
    auto eq = tok.find('=');
    auto p = eq == std::string::npos ? std::nullopt : parse_player(tok.substr(0, eq));
    if (!p) return "expected N=ITEM:SQUARE or N=none, got '" + tok + "'";
    if (seen[static_cast<std::size_t>(*p - 1)]) return "player " + std::to_string(*p) + " is named twice";
    seen[static_cast<std::size_t>(*p - 1)] = true;
    std::string v = tok.substr(eq + 1);
    ItemChoice ch;
    if (v != "none") {
      auto colon = v.find(':');
      if (colon == std::string::npos) return "expected ITEM:SQUARE or none, got '" + v + "'";
      ch.item = parse_item(v.substr(0, colon));
      if (!ch.item) return "unknown item '" + v.substr(0, colon) + "' (blind, plus or minus)";
      auto sq = g.parse(v.substr(colon + 1));
      if (!sq) return "unknown square '" + v.substr(colon + 1) + "'";
      ch.square = *sq;
    }
    out[static_cast<std::size_t>(*p - 1)] = ch;
  }
  return out;
}

std::variant<RevivalChoice, std::string> read_revival(const Game& game, const std::vector<std::string>& tokens) {
  if (tokens.size() != 2) return std::string("usage: revive PIECE:SQUARE | revive decline");
  const std::string& tok = tokens[1];
  if (tok == "decline") return RevivalChoice{true, 0, kNoSquare};
  auto colon = tok.rfind(':');
  if (colon == std::string::npos) return "expected PIECE:SQUARE, got '" + tok + "'";
  auto type = game.parse_token(tok.substr(0, colon));
  if (!type) return "unknown piece '" + tok.substr(0, colon) + "' in '" + tok + "'";
  auto sq = game.geometry().parse(tok.substr(colon + 1));
  if (!sq) return "unknown square '" + tok.substr(colon + 1) + "' in '" + tok + "'";
  return RevivalChoice{false, *type, *sq};
}

std::string word_items(const Game& game, const ItemChoices& choices) {
  std::string out = "items";
  for (int p = 0; p < 2; ++p) {
    const auto& ch = choices[static_cast<std::size_t>(p)];
    out += " " + std::to_string(p + 1) + "=" +
           (ch.item ? std::string(item_name(*ch.item)) + ":" + game.geometry().name(ch.square) : "none");
  }
  return out;
}

std::string word_revival(const Game& game, const RevivalChoice& c) {
  return c.decline ? std::string("revive decline")
                   : "revive " + game.token(c.type) + ":" + game.geometry().name(c.square);
}

DecideCmd items_cmd(const Game& game, const ItemChoices& choices) { return {word_items(game, choices)}; }

DecideCmd revive_cmd(const Game& game, PieceType type, Square square) {
  return {word_revival(game, {false, type, square})};
}

DecideCmd decline_cmd() { return {"revive decline"}; }

Decided items_declared(const Game&, const ItemChoices& choices) {
  Decided d{"items-declared", {}};
  for (int p = 1; p <= 2; ++p) {
    const ItemChoice& c = choices[static_cast<std::size_t>(p - 1)];
    if (!c.item) {
      d.facts[items_key(p)] = Fact{};
      continue;
    }
    d.facts[items_key(p) + ".item"] = Fact{std::string(item_name(*c.item)), FactRole::kSpent, p};
    d.facts[items_key(p) + ".square"] = Fact{SquareFact{c.square}};
  }
  return d;
}

std::optional<ItemChoices> items_of(const Decided& event) {
  if (event.type != "items-declared") return std::nullopt;
  ItemChoices out;
  for (int p = 1; p <= 2; ++p) {
    auto item = event.facts.find(items_key(p) + ".item");
    auto square = event.facts.find(items_key(p) + ".square");
    if (item == event.facts.end() || square == event.facts.end()) continue;
    const auto* name = std::get_if<std::string>(&item->second.value);
    const auto* sq = std::get_if<SquareFact>(&square->second.value);
    if (!name || !sq) continue;
    out[static_cast<std::size_t>(p - 1)] = ItemChoice{parse_item(*name), sq->square};
  }
  return out;
}

Decided revived(int player, const std::optional<PieceRef>& arriving, const PieceRef& piece) {
  Decided d{"revived", {}};
  d.facts["player"] = Fact{player};
  d.facts["arriving"] = Fact{arriving ? FactValue(*arriving) : FactValue(), FactRole::kTaken};
  d.facts["piece"] = Fact{piece, FactRole::kPlaced};
  return d;
}

Decided revival_declined(int player) {
  Decided d{"revival-declined", {}};
  d.facts["player"] = Fact{player};
  return d;
}

std::vector<DecidedSpec> decided_specs() {
  using K = FactKind;
  using R = FactRole;
  return {
      {"items-declared",
       {{"items.1.item", K::kText, R::kSpent, 1, "items.1.square"},
        {"items.1.square", K::kSquare, R::kPlain, 0, ""},
        {"items.2.item", K::kText, R::kSpent, 2, "items.2.square"},
        {"items.2.square", K::kSquare, R::kPlain, 0, ""}}},
      {"revived",
       {{"player", K::kNumber, R::kPlain, 0, ""},
        {"arriving", K::kPiece, R::kTaken, 0, ""},
        {"piece", K::kPiece, R::kPlaced, 0, ""}}},
      {"revival-declined", {{"player", K::kNumber, R::kPlain, 0, ""}}},
  };
}

}  // namespace facedown::engine::number_janggi
