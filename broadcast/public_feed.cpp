#include "broadcast/public_feed.h"

#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fmt/format.h>

#include "db/public_reader.h"
#include "db/sealed_setup.h"

namespace facedown::broadcast {

namespace {

PublicRow to_row(db::PublicEventRow&& r) {
  return PublicRow{r.seq, std::move(r.type), static_cast<double>(r.t) / 1000.0,
                   static_cast<double>(r.wall_ms) / 1000.0, std::move(r.event), std::move(r.state)};
}

double steady_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

constexpr double kReopenEvery = 0.5;         // seconds between attempts to open
constexpr double kIdentityCheckEvery = 1.0;  // seconds between checks of the file's inode

template <class T>
const db::StoreError* failed(const db::Result<T>& r) {
  return std::get_if<db::StoreError>(&r);
}

}  // namespace

PublicFeed::PublicFeed(std::string path, std::optional<std::int64_t> match)
    : path_(std::move(path)), wanted_(match) {
  message_ = fmt::format("waiting for {}", path_);
}

PublicFeed::~PublicFeed() = default;

void PublicFeed::disconnect(std::string why) {
  reader_.reset();
  data_version_.reset();
  identity_.reset();
  message_ = std::move(why);
}

std::optional<std::pair<std::uint64_t, std::uint64_t>> PublicFeed::file_identity() const {
  struct stat st {};
  if (::stat(path_.c_str(), &st) != 0) return std::nullopt;
  return std::pair<std::uint64_t, std::uint64_t>{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino)};
}

bool PublicFeed::poll() {
  const double now = steady_now();
  if (reader_ && now >= next_identity_check_) {
    next_identity_check_ = now + kIdentityCheckEvery;
    if (file_identity() != identity_) disconnect(fmt::format("{} was replaced; reopening", path_));
  }
  if (!reader_) {
    if (now < next_open_) return false;
    next_open_ = now + kReopenEvery;
    identity_ = file_identity();
    if (!identity_) {
      message_ = fmt::format("waiting for {}", path_);
      return false;
    }
    auto opened = db::PublicReader::open(path_);
    if (auto* err = failed(opened)) {
      message_ = err->message;
      return false;
    }
    reader_ = std::make_unique<db::PublicReader>(std::move(std::get<db::PublicReader>(opened)));
    next_identity_check_ = now + kIdentityCheckEvery;
    // Whatever was shown came from another file (or none): read this one from the start.
    current_.reset();
  }
  auto version = reader_->data_version();
  if (auto* err = failed(version)) {
    disconnect(err->message);
    return false;
  }
  const std::int64_t v = std::get<std::int64_t>(version);
  if (data_version_ && *data_version_ == v && current_) return false;
  data_version_ = v;
  return read_new();
}

bool PublicFeed::read_new() {
  std::optional<std::int64_t> target = wanted_;
  if (!target) {
    auto list = reader_->matches();
    if (auto* err = failed(list)) {
      disconnect(err->message);
      return false;
    }
    for (const auto& m : std::get<std::vector<db::MatchSummary>>(list))
      if (!target || m.id > *target) target = m.id;
  }
  if (!target) {
    message_ = fmt::format("{}: no match yet", path_);
    return false;
  }
  if (wanted_ && rows_.empty()) {
    // A match asked for by id that is not there (yet) is waited for, and said so.
    auto summary = reader_->match(*wanted_);
    if (auto* err = failed(summary)) {
      message_ = err->message;
      return false;
    }
  }
  bool changed = false;
  if (current_ != target) {
    current_ = target;
    rows_.clear();
    commitments_ = {};
    heartbeat_.reset();
    presentation_.reset();
    cues_.clear();
    ++generation_;
    changed = true;
  }
  const int after = rows_.empty() ? 0 : rows_.back().seq;
  auto fresh = reader_->events_after(*current_, after);
  if (auto* err = failed(fresh)) {
    // A match id that does not exist (yet) is waited for, like a missing file.
    message_ = err->message;
    return changed;
  }
  auto& got = std::get<std::vector<db::PublicEventRow>>(fresh);
  fresh_from_ = changed ? 0 : rows_.size();
  for (auto& r : got) rows_.push_back(to_row(std::move(r)));
  changed = changed || !got.empty();
  auto seals = reader_->seals(*current_);
  if (!failed(seals)) {
    std::array<std::optional<SetupCommitment>, 2> next{};
    for (const auto& s : std::get<std::vector<db::PublicSeal>>(seals)) {
      if (s.player < 1 || s.player > 2) continue;
      SetupCommitment c{s.player, s.commitment, s.setup_text, s.salt, std::nullopt};
      if (s.setup_text && s.salt) c.verified = db::setup_commitment(*s.setup_text, *s.salt) == s.commitment;
      next[static_cast<std::size_t>(s.player - 1)] = c;
    }
    for (std::size_t i = 0; i < 2; ++i) {
      const auto& a = next[i];
      const auto& b = commitments_[i];
      if (a.has_value() != b.has_value() || (a && (a->hash != b->hash || a->verified != b->verified))) changed = true;
    }
    commitments_ = next;
  }
  // Every heartbeat the desk writes moves data_version, so this stays fresh
  // while the desk lives; when it dies, the last one ages into standby.
  auto beat = reader_->heartbeat(*current_);
  if (!failed(beat))
    if (const auto& b = std::get<std::optional<db::Heartbeat>>(beat))
      heartbeat_ = DeskHeartbeat{static_cast<double>(b->match_ms) / 1000.0, static_cast<double>(b->wall_ms) / 1000.0};
  // The director's hold: a change is news (the picture freezes or catches up).
  auto hold = reader_->on_air_hold(*current_);
  if (!failed(hold)) {
    std::optional<Presentation> next;
    if (const auto& h = std::get<std::optional<db::OnAirHold>>(hold))
      next = Presentation{h->held, h->held_seq, static_cast<double>(h->wall_ms) / 1000.0};
    const bool was = presentation_ && presentation_->held, is = next && next->held;
    if (was != is || (is && next->held_seq != presentation_->held_seq)) changed = true;
    presentation_ = next;
  }
  // The director's cues: only the new ones are read; each is news.
  auto cued = reader_->cues(*current_, cues_.empty() ? 0 : cues_.back().id);
  if (!failed(cued))
    for (const auto& c : std::get<std::vector<db::CueRow>>(cued)) {
      cues_.push_back({c.id, c.seq, static_cast<double>(c.wall_ms) / 1000.0, c.cue});
      changed = true;
    }
  message_.clear();
  return changed;
}

}  // namespace facedown::broadcast
