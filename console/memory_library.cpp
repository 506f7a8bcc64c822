#include <map>

#include "console/match_library.h"
#include "engine/registry.h"

namespace facedown::console {

MatchListing listing_of(std::int64_t id, const engine::Match& match) {
  const auto& s = match.state();
  MatchListing l;
  l.id = id;
  l.game = s.game;
  l.preset = s.preset;
  l.players = s.players;
  l.status = s.status();
  l.finished = s.result.has_value();
  if (s.result) {
    l.winner = s.result->winner;
    l.reason = s.result->reason;
  }
  l.events = static_cast<int>(match.log().size());
  return l;
}

namespace {

// Logs by id; a session's journal appends to its log, like a store would.
class MemoryLibrary final : public MatchLibrary {
 public:
  std::string location() const override { return "memory"; }

  Found<std::vector<MatchListing>> list() override {
    std::vector<MatchListing> out;
    for (const auto& [id, log] : *logs_) {
      auto m = rebuild(log);
      if (auto* match = std::get_if<engine::Match>(&m)) out.push_back(listing_of(id, *match));
    }
    return out;
  }

  Found<std::unique_ptr<MatchSession>> create(engine::Match opened) override {
    const std::int64_t id = static_cast<std::int64_t>(logs_->size()) + 1;
    (*logs_)[id] = opened.log();
    return session(id, std::move(opened));
  }

  Found<std::unique_ptr<MatchSession>> resume(std::int64_t id, const OutagePolicy& policy) override {
    const auto it = logs_->find(id);
    if (it == logs_->end()) return "no match " + std::to_string(id) + " in memory";
    auto rebuilt = rebuild(it->second);
    if (auto* e = std::get_if<std::string>(&rebuilt)) return *e;
    auto& match = std::get<engine::Match>(rebuilt);
    const auto& st = match.state();
    // Memory keeps no heartbeat: the desk got as far as the last event.
    if (st.started && !st.paused && !st.result && policy) {
      const auto events = policy(match, Outage{st.time, 0, 0});
      it->second.insert(it->second.end(), events.begin(), events.end());
    }
    return session(id, std::move(match));
  }

  Found<std::vector<engine::Event>> events(std::int64_t id) override {
    const auto it = logs_->find(id);
    if (it == logs_->end()) return "no match " + std::to_string(id) + " in memory";
    return it->second;
  }

  // Cues as the store keeps them: at the match's last event (memory has no
  // public rows; the last seq stands for them), with no wall clock of its own.
  Found<std::vector<broadcast::CueRecord>> append_cues(std::int64_t id, const std::vector<std::string>& cues) override {
    const auto it = logs_->find(id);
    if (it == logs_->end()) return "no match " + std::to_string(id) + " in memory";
    std::vector<broadcast::CueRecord> out;
    auto& kept = cues_[id];
    for (const auto& text : cues)
      out.push_back({static_cast<std::int64_t>(kept.size() + out.size()) + 1, it->second.back().seq, 0, text});
    kept.insert(kept.end(), out.begin(), out.end());
    return out;
  }
  Found<std::vector<broadcast::CueRecord>> cues(std::int64_t id) override { return cues_[id]; }

 private:
  std::variant<engine::Match, std::string> rebuild(const std::vector<engine::Event>& log) {
    if (log.empty()) return std::string("empty log");
    const auto* opened = std::get_if<engine::Opened>(&log.front().body);
    if (!opened) return std::string("the log does not start with Opened");
    const auto* info = engine::find_game(games_, opened->game);
    if (!info) return "unknown game " + opened->game;
    auto m = engine::Match::from_log(*info, log);
    if (auto* r = std::get_if<engine::Rejection>(&m)) return r->reason;
    return std::move(std::get<engine::Match>(m));
  }

  std::unique_ptr<MatchSession> session(std::int64_t id, engine::Match match) {
    auto logs = logs_;
    auto journal = [logs, id](const engine::Match&, const std::vector<engine::Event>& events)
        -> std::optional<std::string> {
      auto& log = (*logs)[id];
      log.insert(log.end(), events.begin(), events.end());
      return std::nullopt;
    };
    // Memory has no sealed setups; the console shows the locked setup masked.
    return std::make_unique<MatchSession>(std::move(match), journal, nullptr,
                                          "memory", id);
  }

  std::vector<engine::GameInfo> games_ = engine::all_games();
  std::shared_ptr<std::map<std::int64_t, std::vector<engine::Event>>> logs_ =
      std::make_shared<std::map<std::int64_t, std::vector<engine::Event>>>();
  std::map<std::int64_t, std::vector<broadcast::CueRecord>> cues_;
};

}  // namespace

std::unique_ptr<MatchLibrary> memory_library() { return std::make_unique<MemoryLibrary>(); }

}  // namespace facedown::console
