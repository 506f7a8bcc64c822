#include "broadcast/analysis_record.h"

namespace facedown::broadcast {

using nlohmann::json;

namespace {

json share(const AnalysisShare& s) { return json::array({s.p, s.low, s.high}); }

AnalysisShare share_from(const json& j) {
  const auto& a = j.get_ref<const json::array_t&>();
  if (a.size() != 3) throw std::runtime_error("a share has three numbers");
  return AnalysisShare{a[0].get<double>(), a[1].get<double>(), a[2].get<double>()};
}

template <typename T>
std::optional<T> opt(const json& j, const char* key) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return std::nullopt;
  return it->get<T>();
}

}  // namespace

json record_json(const OnAirAnalysis& a) {
  json j{{"view", a.view}, {"seq", a.seq}, {"ply", a.ply}, {"exact", a.exact}, {"objective", a.objective}};
  json places = json::array();
  for (const auto& side : a.objective_places) {
    json s = json::array();
    for (const auto& p : side) s.push_back(json::array({p.square, p.lost, p.p}));
    places.push_back(std::move(s));
  }
  j["places"] = std::move(places);
  json pieces = json::array();
  for (const auto& p : a.pieces) {
    json odds = json::array();
    for (const auto& o : p.odds) odds.push_back(json::array({o.token, o.p, o.se}));
    pieces.push_back(json{{"owner", p.owner}, {"square", p.square}, {"certain", p.certain}, {"odds", std::move(odds)}});
  }
  j["pieces"] = std::move(pieces);
  j["headlines"] = json::array({a.headlines[0], a.headlines[1]});
  if (a.win)
    j["win"] = json{{"win", json::array({share(a.win->win[0]), share(a.win->win[1])})},
                    {"draw", share(a.win->draw)},
                    {"decided", a.win->decided},
                    {"playouts", a.win->playouts}};
  else
    j["win"] = nullptr;
  j["win_error"] = a.win_error ? json(*a.win_error) : json(nullptr);
  j["win_seq"] = a.win_seq;
  j["win_ply"] = a.win_ply;
  j["error"] = a.error ? json(*a.error) : json(nullptr);
  return j;
}

std::optional<OnAirAnalysis> record_from_json(const json& j) {
  try {
    OnAirAnalysis a;
    a.view = j.at("view").get<std::string>();
    a.seq = j.at("seq").get<int>();
    a.ply = j.at("ply").get<int>();
    a.exact = j.at("exact").get<bool>();
    a.objective = j.at("objective").get<std::string>();
    const auto& places = j.at("places").get_ref<const json::array_t&>();
    if (places.size() != 2) return std::nullopt;
    for (std::size_t side = 0; side < 2; ++side)
      for (const auto& p : places[side].get_ref<const json::array_t&>()) {
        if (p.size() != 3) return std::nullopt;
        a.objective_places[side].push_back(ObjectivePlace{p[0].get<engine::Square>(), p[1].get<int>(), p[2].get<double>()});
      }
    for (const auto& p : j.at("pieces").get_ref<const json::array_t&>()) {
      PieceOddsShown piece;
      piece.owner = p.at("owner").get<int>();
      piece.square = p.at("square").get<engine::Square>();
      piece.certain = p.at("certain").get<bool>();
      for (const auto& o : p.at("odds").get_ref<const json::array_t&>()) {
        if (o.size() != 3) return std::nullopt;
        piece.odds.push_back(TokenOdds{o[0].get<std::string>(), o[1].get<double>(), o[2].get<double>()});
      }
      a.pieces.push_back(std::move(piece));
    }
    const auto& headlines = j.at("headlines").get_ref<const json::array_t&>();
    if (headlines.size() != 2) return std::nullopt;
    a.headlines[0] = headlines[0].get<std::vector<std::string>>();
    a.headlines[1] = headlines[1].get<std::vector<std::string>>();
    if (const auto& w = j.at("win"); !w.is_null()) {
      AnalysisWin win;
      const auto& sides = w.at("win").get_ref<const json::array_t&>();
      if (sides.size() != 2) return std::nullopt;
      win.win = {share_from(sides[0]), share_from(sides[1])};
      win.draw = share_from(w.at("draw"));
      win.decided = w.at("decided").get<bool>();
      win.playouts = w.at("playouts").get<int>();
      a.win = win;
    }
    a.win_error = opt<std::string>(j, "win_error");
    a.win_seq = j.at("win_seq").get<int>();
    a.win_ply = j.at("win_ply").get<int>();
    a.error = opt<std::string>(j, "error");
    return a;
  } catch (const std::exception&) {
    return std::nullopt;  // not a record: no analysis shown, nothing aborts
  }
}

std::optional<OnAirAnalysis> record_from_text(const std::string& text) {
  auto j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return std::nullopt;
  return record_from_json(j);
}

}  // namespace facedown::broadcast
