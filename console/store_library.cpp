#include "console/store_library.h"

#include <exception>
#include <map>

#include "db/public_reader.h"
#include "db/store.h"

namespace facedown::console {

namespace {

// Runs a store call; an exception (from whatever the file holds) becomes the
// error message the desk shows instead of terminating the program.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::exception& e) {
    return std::string("the store failed: ") + e.what();
  } catch (...) {
    return std::string("the store failed");
  }
}

class StoreLibrary final : public MatchLibrary {
 public:
  explicit StoreLibrary(std::shared_ptr<db::Store> store) : store_(std::move(store)) {}

  std::string location() const override { return store_->path(); }
  std::string store_path() const override { return store_->path(); }

  Found<std::vector<MatchListing>> list() override {
    return guarded([&] { return list_unguarded(); });
  }
  Found<std::unique_ptr<MatchSession>> create(engine::Match opened) override {
    return guarded([&] { return create_unguarded(std::move(opened)); });
  }
  Found<std::unique_ptr<MatchSession>> resume(std::int64_t id, const OutagePolicy& policy) override {
    return guarded([&] { return resume_unguarded(id, policy); });
  }
  Found<std::vector<engine::Event>> events(std::int64_t id) override {
    return guarded([&] { return events_unguarded(id); });
  }
  Found<std::vector<broadcast::CueRecord>> append_cues(std::int64_t id, const std::vector<std::string>& cues) override {
    return guarded([&]() -> Found<std::vector<broadcast::CueRecord>> {
      auto r = store_->append_cues(id, cues);
      if (auto* e = std::get_if<db::StoreError>(&r)) return e->message;
      return records(std::get<std::vector<db::CueRow>>(r));
    });
  }
  Found<std::vector<broadcast::CueRecord>> cues(std::int64_t id) override {
    return guarded([&]() -> Found<std::vector<broadcast::CueRecord>> {
      auto r = store_->cues(id);
      if (auto* e = std::get_if<db::StoreError>(&r)) return e->message;
      return records(std::get<std::vector<db::CueRow>>(r));
    });
  }
  std::optional<std::string> set_on_air_hold(std::int64_t id, bool held) override {
    try {
      auto r = store_->set_on_air_hold(id, held);
      if (auto* e = std::get_if<db::StoreError>(&r)) return e->message;
      return std::nullopt;
    } catch (const std::exception& e) {
      return std::string("the store failed: ") + e.what();
    }
  }

 private:
  static std::vector<broadcast::CueRecord> records(const std::vector<db::CueRow>& rows) {
    std::vector<broadcast::CueRecord> out;
    for (const auto& r : rows) out.push_back({r.id, r.seq, static_cast<double>(r.wall_ms) / 1000.0, r.cue});
    return out;
  }
  Found<std::vector<MatchListing>> list_unguarded() {
    auto matches = store_->matches();
    if (auto* e = std::get_if<db::StoreError>(&matches)) return e->message;
    std::vector<MatchListing> out;
    for (const auto& m : std::get<std::vector<db::MatchSummary>>(matches)) {
      MatchListing l;
      l.id = m.id;
      l.game = m.game;
      l.preset = m.preset;
      l.players = m.players;
      l.status = m.status;
      l.finished = m.finished;
      if (m.result) {
        l.winner = m.result->winner;
        l.reason = m.result->reason;
      }
      l.events = m.events;
      out.push_back(l);
    }
    return out;
  }

  Found<std::unique_ptr<MatchSession>> create_unguarded(engine::Match opened) {
    auto id = store_->create_match(opened);
    if (auto* e = std::get_if<db::StoreError>(&id)) return e->message;
    return session(std::get<db::MatchId>(id), std::move(opened));
  }

  Found<std::unique_ptr<MatchSession>> resume_unguarded(std::int64_t id, const OutagePolicy& policy) {
    // The store reports the gap it found; the desk's policy decides what is recorded.
    db::OutagePolicy decide;
    if (policy)
      decide = [&policy](engine::Match& live, const db::OutageGap& gap) {
        return policy(live, Outage{gap.stopped_at, gap.last_sign_wall_ms, gap.resumed_wall_ms});
      };
    auto match = store_->resume(id, decide);
    if (auto* e = std::get_if<db::StoreError>(&match)) return e->message;
    return session(id, std::move(std::get<engine::Match>(match)));
  }

  Found<std::vector<engine::Event>> events_unguarded(std::int64_t id) {
    auto match = store_->load(id);
    if (auto* e = std::get_if<db::StoreError>(&match)) return e->message;
    return std::get<engine::Match>(match).log();
  }

  std::unique_ptr<MatchSession> session(db::MatchId id, engine::Match match) {
    auto store = store_;
    auto journal = [store, id](const engine::Match& after, const std::vector<engine::Event>& events)
        -> std::optional<std::string> {
      if (auto e = store->append(id, after, events)) return e->message;
      return std::nullopt;
    };
    // Commitments come from the public seals; found once, kept.
    auto cache = std::make_shared<std::map<int, std::string>>();
    const std::string path = store_->path();
    auto commitment = [cache, path, id](int player) -> std::optional<std::string> {
      if (auto it = cache->find(player); it != cache->end()) return it->second;
      try {
        return seal_of(*cache, path, id, player);
      } catch (...) {
        return std::nullopt;  // shown as "no commitment", never a crash
      }
    };
    // A failed heartbeat is only a missing sign of life (the store logs it);
    // the next frame tries again.
    auto heartbeat = [store, id](engine::Millis t) { (void)store->heartbeat(id, t); };
    return std::make_unique<MatchSession>(std::move(match), journal, commitment,
                                          store_->path(), id, heartbeat);
  }

  // The player's commitment from the public seals, kept in `cache`.
  static std::optional<std::string> seal_of(std::map<int, std::string>& cache, const std::string& path,
                                            db::MatchId id, int player) {
    auto reader = db::PublicReader::open(path);
    if (!std::holds_alternative<db::PublicReader>(reader)) return std::nullopt;
    auto seals = std::get<db::PublicReader>(reader).seals(id);
    if (!std::holds_alternative<std::vector<db::PublicSeal>>(seals)) return std::nullopt;
    for (const auto& s : std::get<std::vector<db::PublicSeal>>(seals)) cache[s.player] = s.commitment;
    if (auto it = cache.find(player); it != cache.end()) return it->second;
    return std::nullopt;
  }

  std::shared_ptr<db::Store> store_;
};

}  // namespace

std::variant<std::unique_ptr<MatchLibrary>, std::string> store_library(const std::string& path) {
  auto store = db::Store::open(path);
  if (auto* e = std::get_if<db::StoreError>(&store)) return e->message;
  return std::unique_ptr<MatchLibrary>(
      std::make_unique<StoreLibrary>(std::make_shared<db::Store>(std::move(std::get<db::Store>(store)))));
}

}  // namespace facedown::console
