#include <filesystem>
#include <iostream>

#include "db/utc_text.h"
#include "tools/facedown/commands.h"
#include "tools/facedown/store_open.h"

namespace facedown::cli {

int matches(const std::string& path, std::ostream& out, std::ostream& err) {
  auto store = open_store("matches", path, err);
  if (!store) return 2;
  auto list = store->matches();
  if (auto* e = std::get_if<db::StoreError>(&list)) {
    err << "facedown matches: " << e->message << "\n";
    return 2;
  }
  // Tab-separated, one match a line, so `cut` and `column -t -s$'\t'` work on it.
  out << "id\tgame\tplayers\tstatus\tresult\tevents\tcreated\tfinished\n";
  for (const auto& m : std::get<std::vector<db::MatchSummary>>(list)) {
    std::string result = "-";
    if (m.result)
      result = (m.result->winner ? "player " + std::to_string(m.result->winner) : std::string("draw")) + " (" +
               m.result->reason + ")";
    out << m.id << "\t" << m.game << "\t" << m.players[0] << " vs " << m.players[1] << "\t" << m.status << "\t"
        << result << "\t" << m.events << "\t" << db::utc_iso(m.created_ms) << "\t"
        << (m.finished_ms ? db::utc_iso(*m.finished_ms) : std::string("-")) << "\n";
  }
  return 0;
}

int migrate(const std::string& path, std::ostream& out, std::ostream& err) {
  std::error_code ec;
  if (!path.empty() && std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) == 0) {
    err << "facedown migrate: " << path << ": an empty file, not a Facedown store\n";
    return 2;
  }
  auto store = open_store("migrate", path, err, false, /*write=*/true);
  if (!store) return 2;
  if (auto from = store->migrated_from())
    out << path << ": migrated from schema version " << *from << " to " << db::kSchemaVersion << "\n";
  else
    out << path << ": already at schema version " << db::kSchemaVersion << "\n";
  return 0;
}

}  // namespace facedown::cli
