#include "feed/on_air_json.h"

#include <nlohmann/json.hpp>

namespace facedown::feed {

using nlohmann::json;

std::string on_air_json(const OnAirInput& in) {
  json j;
  const db::MatchSummary& s = *in.summary;
  j["match"] = s.id;
  j["seq"] = in.count == 0 ? 0 : (*in.rows)[in.count - 1].seq;
  j["standby"] = in.standby;
  j["summary"] = {{"game", s.game}, {"preset", s.preset}, {"players", {s.players[0], s.players[1]}}};
  bool closed = false;
  for (std::size_t i = 0; i < in.count; ++i) closed = closed || (*in.rows)[i].type == "closed";
  if (in.count > 0) {
    const db::PublicEventRow& row = (*in.rows)[in.count - 1];
    j["t"] = row.t;
    j["event"] = row.event;
    j["state"] = row.state;
  } else {
    j["event"] = nullptr;
    j["state"] = nullptr;
  }
  // Seals as aired at this row: the commitments locked by then; the opened
  // setups only once the row that closed the match has aired.
  json seals = json::array();
  const int seq = j["seq"].get<int>();
  if (in.seals)
    for (const auto& seal : *in.seals) {
      if (seal.seq > seq) continue;
      json o = {{"player", seal.player}, {"seq", seal.seq}, {"commitment", seal.commitment}};
      if (closed && seal.setup_text && seal.salt) {
        o["setup_text"] = *seal.setup_text;
        o["salt"] = *seal.salt;
      }
      seals.push_back(std::move(o));
    }
  j["seals"] = std::move(seals);
  return j.dump();
}

std::string waiting_json() { return json{{"match", nullptr}, {"seq", 0}, {"waiting", true}}.dump(); }

}  // namespace facedown::feed
