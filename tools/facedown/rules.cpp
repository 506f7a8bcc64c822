#include <iostream>

#include "engine/registry.h"
#include "tools/facedown/commands.h"

namespace facedown::cli {

using namespace engine;

int rules(const std::string& game, std::ostream& out, std::ostream& err) {
  auto games = all_games();
  if (game.empty()) {
    for (const auto& g : games) {
      out << g.id << "\t" << g.name_en << " (" << g.name_ko << ")\tpresets:";
      for (const auto& p : g.presets) out << " " << p.id << (p.id == g.default_preset ? "*" : "");
      out << "\n";
    }
    return 0;
  }
  const GameInfo* g = find_game(games, game);
  if (!g) {
    err << "facedown rules: unknown game '" << game << "'\n";
    return 2;
  }
  out << g->name_en << " (" << g->name_ko << ") — id " << g->id << "\n\nPieces (token, name, count per player):\n";
  for (const auto& p : g->roster) out << "  " << p.token << "\t" << p.name_en << " / " << p.name_ko << "\t×" << p.count << "\n";
  out << "\nPresets (* = default):\n";
  for (const auto& p : g->presets) {
    out << "  " << p.id << (p.id == g->default_preset ? " *" : "") << "\t" << p.description << "\n";
    for (const auto& [k, v] : p.options) out << "      " << k << "=" << v << "\n";
  }
  out << "\nOptions (default in brackets):\n";
  for (const auto& o : g->options) {
    out << "  " << o.name << " [" << o.default_value << "]\t";
    if (o.kind == OptionSpec::Kind::kChoice) {
      for (std::size_t i = 0; i < o.choices.size(); ++i) out << (i ? " | " : "") << o.choices[i];
    } else if (o.kind == OptionSpec::Kind::kInteger) {
      out << o.min << ".." << o.max;
    } else {
      out << "text";
    }
    out << "\t" << o.help << "\n";
  }
  return 0;
}

}  // namespace facedown::cli
