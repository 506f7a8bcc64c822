#include "feed/on_air_json.h"

#include <nlohmann/json.hpp>

#include "broadcast/on_air_json.h"
#include "db/sealed_setup.h"

namespace facedown::feed {

using nlohmann::json;

broadcast::PublicRow to_public_row(db::PublicEventRow&& r) {
  return broadcast::PublicRow{r.seq, std::move(r.type), static_cast<double>(r.t) / 1000.0,
                              static_cast<double>(r.wall_ms) / 1000.0, std::move(r.event), std::move(r.state)};
}

std::array<std::optional<broadcast::SetupCommitment>, 2> to_commitments(const std::vector<db::PublicSeal>& seals) {
  std::array<std::optional<broadcast::SetupCommitment>, 2> out{};
  for (const auto& s : seals) {
    if (s.player < 1 || s.player > 2) continue;
    broadcast::SetupCommitment c{s.player, s.commitment, s.setup_text, s.salt, std::nullopt};
    if (s.setup_text && s.salt) c.verified = db::setup_commitment(*s.setup_text, *s.salt) == s.commitment;
    out[static_cast<std::size_t>(s.player - 1)] = c;
  }
  return out;
}

broadcast::OnAirModel model_after(const std::vector<broadcast::PublicRow>& rows, std::size_t count,
                                  const std::array<std::optional<broadcast::SetupCommitment>, 2>& seals,
                                  const std::optional<db::Heartbeat>& heartbeat,
                                  const std::vector<engine::GameInfo>& games,
                                  const std::optional<broadcast::Presentation>& hold) {
  broadcast::OnAirModel m = broadcast::derive_on_air(rows, count, hold, games);
  broadcast::attach_commitments(m, seals);
  if (heartbeat)
    m.heartbeat = broadcast::DeskHeartbeat{static_cast<double>(heartbeat->match_ms) / 1000.0,
                                           static_cast<double>(heartbeat->wall_ms) / 1000.0};
  return m;
}

std::optional<broadcast::Presentation> to_presentation(const std::optional<db::OnAirHold>& hold) {
  if (!hold) return std::nullopt;
  return broadcast::Presentation{hold->held, hold->held_seq, static_cast<double>(hold->wall_ms) / 1000.0};
}

json on_air_doc(const broadcast::OnAirModel& m, std::int64_t now_ms, bool replay, const broadcast::DirectorState& director,
                const broadcast::Theme* theme) {
  broadcast::OnAirOptions o;
  o.theme = theme;
  o.replay = replay;
  o.director = director;
  return broadcast::on_air_json(m, static_cast<double>(now_ms) / 1000.0, o);
}

std::string on_air_text(const broadcast::OnAirModel& m, std::int64_t now_ms, bool replay,
                        const broadcast::DirectorState& director, const broadcast::Theme* theme) {
  return on_air_doc(m, now_ms, replay, director, theme).dump();
}

std::string phase_signature(json j) {
  if (!j.is_object()) return j.dump();
  j.erase("now");
  if (j.contains("clock") && j["clock"].is_object())
    for (const char* k : {"seconds", "text", "next_warning", "next_warning_text"}) j["clock"].erase(k);
  if (j.contains("battle") && j["battle"].is_object()) j["battle"].erase("elapsed");
  return j.dump();
}

}  // namespace facedown::feed
