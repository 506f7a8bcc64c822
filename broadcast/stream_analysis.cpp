#include "broadcast/stream_analysis.h"

#include <algorithm>

#include "analysis/headlines.h"
#include "codec/json.h"
#include "engine/registry.h"

namespace facedown::broadcast {

namespace {

// The public JSON of an event drops each piece's secrecy mask with its id
// (codec::ref_json writes them for the referee only), while engine::project
// keeps it and the analysis compares events as values. A face-down piece in a
// public row is hidden from everyone but its owner (engine::hidden_but_owner,
// the mask the games give it); a face-up one from no one. Put it back.
void restore_masks(nlohmann::json& j) {
  if (j.is_object()) {
    if (j.contains("owner") && j.contains("piece") && j.contains("square") && !j.contains("secret_from")) {
      const int owner = j["owner"].is_number_integer() ? j["owner"].get<int>() : 0;
      j["secret_from"] = j["piece"].is_null() && (owner == 1 || owner == 2) ? engine::hidden_but_owner(owner) : 0;
    }
    for (auto& [k, v] : j.items()) restore_masks(v);
  } else if (j.is_array()) {
    for (auto& v : j) restore_masks(v);
  }
}

}  // namespace

struct StreamAnalysis::State {
  engine::Viewer viewer = engine::kPublic;
  StreamAnalysisOptions options;
  const std::vector<engine::GameInfo>* games = nullptr;
  const engine::GameInfo* info = nullptr;
  std::unique_ptr<engine::Game> game;
  std::optional<analysis::Analyzer> analyzer;
  // The win probability, its positions kept as the stream grows; it replays
  // the Analyzer's plan of the stream (stream()), or its own when the
  // Analyzer has none (a viewer with nothing to deduce).
  std::optional<analysis::ViewerWin> win;
  std::size_t win_pushed = 0;
  // The last deduction analyse() made: the odds win() proposes positions from
  // when it needs more (the same stream; see win()).
  std::optional<analysis::Analysis> deduction;
  int seq = 0;
  int ply = 0;
  std::optional<std::string> error;
};

StreamAnalysisOptions live_analysis_options() {
  StreamAnalysisOptions o;
  o.win.policy = analysis::PlayerOptions{analysis::PlayerKind::kInformed, 1, 8, false};
  o.tune_per_game = true;
  return o;
}

void tune_for_live(const std::string& game, analysis::AnalysisOptions& options) {
  // The game carries its budget beside its roster (GameInfo::live_analysis).
  const auto games = engine::all_games();
  const engine::GameInfo* info = engine::find_game(games, game);
  if (!info) return;
  const engine::AnalysisTuning& t = info->live_analysis;
  if (t.samples > 0) options.samples = t.samples;
  if (t.update_events > 0) options.update_events = t.update_events;
  if (t.update_draws > 0) options.update_draws = t.update_draws;
  if (t.prior_draws > 0) options.prior_draws = t.prior_draws;
}

StreamAnalysis::StreamAnalysis(engine::Viewer viewer, StreamAnalysisOptions options,
                               const std::vector<engine::GameInfo>& games)
    : s_(std::make_unique<State>()) {
  s_->viewer = viewer;
  s_->options = std::move(options);
  s_->games = &games;
}
StreamAnalysis::StreamAnalysis(StreamAnalysis&&) noexcept = default;
StreamAnalysis& StreamAnalysis::operator=(StreamAnalysis&&) noexcept = default;
StreamAnalysis::~StreamAnalysis() = default;

int StreamAnalysis::seq() const { return s_->seq; }
std::optional<std::string> StreamAnalysis::error() const { return s_->error; }
const engine::GameInfo* StreamAnalysis::info() const { return s_->info; }
const engine::Game* StreamAnalysis::game() const { return s_->game.get(); }
const std::vector<engine::Event>& StreamAnalysis::stream() const {
  static const std::vector<engine::Event> none;
  return s_->win ? s_->win->stream() : none;
}

void StreamAnalysis::push(int seq, const nlohmann::json& event, int ply) {
  State& s = *s_;
  if (s.error) return;
  if (!s.game) {
    // The Opened row names the game and its options (as db::parse_log reads them).
    try {
      if (event.at("type") != "opened") {
        s.error = "row " + std::to_string(seq) + ": the first row is not the opening";
        return;
      }
    } catch (const std::exception& ex) {
      s.error = "row " + std::to_string(seq) + ": " + ex.what();
      return;
    }
    if (!open(event.value("game", std::string()), event.value("preset", std::string()), event.at("options"), seq)) return;
  }
  nlohmann::json masked = event;
  restore_masks(masked);
  auto parsed = codec::event_from_json(masked, *s.game);
  if (auto* err = std::get_if<std::string>(&parsed)) {
    s.error = "row " + std::to_string(seq) + ": " + *err;
    return;
  }
  push_event(seq, std::move(std::get<engine::Event>(parsed)), ply);
}

bool StreamAnalysis::open(const std::string& game, const std::string& preset, const nlohmann::json& options, int seq) {
  State& s = *s_;
  auto fail = [&](const std::string& why) {
    s.error = "row " + std::to_string(seq) + ": " + why;
    return false;
  };
  try {
    s.info = engine::find_game(*s.games, game);
    if (!s.info) return fail("unknown game");
    auto resolved = engine::resolve_options(*s.info, preset, options.get<engine::Options>());
    if (resolved.error) return fail(*resolved.error);
    s.game = s.info->make(resolved.options);
  } catch (const std::exception& ex) {
    return fail(std::string("the opening is malformed: ") + ex.what());
  }
  if (s.options.tune_per_game) tune_for_live(s.info->id, s.options.deduction);
  s.analyzer.emplace(*s.info, s.viewer, s.options.deduction);
  s.win.emplace(*s.info, s.viewer, s.options.win);
  return true;
}

void StreamAnalysis::push_event(int seq, engine::Event e, int ply) {
  State& s = *s_;
  if (s.error) return;
  if (!s.game) {
    const auto* o = std::get_if<engine::Opened>(&e.body);
    if (!o) {
      s.error = "row " + std::to_string(seq) + ": the first row is not the opening";
      return;
    }
    if (!open(o->game, o->preset, nlohmann::json(o->options), seq)) return;
  }
  s.analyzer->push(e);
  // The win replays the Analyzer's plan of the stream: one copy of it.
  if (s.win_pushed++ == 0) s.win->share_plan(s.analyzer->plan());
  s.win->push(e);
  s.seq = seq;
  s.ply = ply;
}

std::optional<AnalysisWin> to_on_air(const analysis::WinProbability& w) {
  if (w.error) return std::nullopt;
  AnalysisWin out;
  for (std::size_t p = 0; p < 2; ++p) out.win[p] = AnalysisShare{w.win[p].p, w.win[p].low, w.win[p].high};
  out.draw = AnalysisShare{w.draw.p, w.draw.low, w.draw.high};
  out.decided = w.decided;
  out.playouts = w.playouts;
  return out;
}

std::variant<AnalysisWin, std::string> StreamAnalysis::win() {
  State& s = *s_;
  if (!s.game || s.error) return s.error.value_or("no opening yet");
  if (!s.options.win_probability) return std::string("not asked");
  // The live deduction of this very stream when analyse() made one (the
  // runner asks analyse() first); never a new analysis() here, which would
  // change the live deduction's course.
  const analysis::Analysis* deduction =
      s.deduction && s.deduction->events == s.analyzer->events() ? &*s.deduction : nullptr;
  const auto w = s.win->win(deduction);
  if (w.error) return *w.error;
  return *to_on_air(w);
}

OnAirAnalysis StreamAnalysis::analyse(bool with_win) {
  State& s = *s_;
  OnAirAnalysis out;
  out.view = codec::viewer_name(s.viewer);
  out.seq = s.seq;
  out.ply = s.ply;
  if (s.error || !s.game) {
    out.error = s.error.value_or("no opening yet");
    return out;
  }
  const engine::Game& game = *s.game;
  const analysis::Analysis a = s.analyzer->analysis();
  s.deduction = a;
  if (a.error) {
    out.error = *a.error;
  } else {
    out.exact = a.method == analysis::Method::kExact;
    const auto& roster = game.roster();
    if (const auto objective = game.objective()) {
      out.objective = roster[static_cast<std::size_t>(*objective)].token;
      for (int owner : {1, 2})
        for (const auto& place : analysis::objective_places(game, a, owner)) {
          ObjectivePlace pl;
          pl.square = place.piece->square;
          if (pl.square == engine::kNoSquare) pl.lost = place.piece->removed_index + 1;
          pl.p = place.p;
          out.objective_places[static_cast<std::size_t>(owner - 1)].push_back(pl);
        }
    }
    for (const auto& piece : a.pieces) {
      if (piece.square == engine::kNoSquare) continue;  // the board's pieces only: the tray shows its own
      PieceOddsShown shown;
      shown.owner = piece.owner;
      shown.square = piece.square;
      std::vector<std::size_t> order;
      for (std::size_t t = 0; t < piece.p.size(); ++t)
        if (piece.possible[t]) order.push_back(t);
      shown.certain = order.size() == 1;
      std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return piece.p[x] > piece.p[y]; });
      for (std::size_t i = 0; i < order.size() && i < kOddsShown; ++i) {
        const std::size_t t = order[i];
        shown.odds.push_back(TokenOdds{roster[t].token, piece.p[t], t < piece.se.size() ? piece.se[t] : 0.0});
      }
      out.pieces.push_back(std::move(shown));
    }
    out.headlines[0] = analysis::headlines(game, a, engine::Lang::kEnglish);
    out.headlines[1] = analysis::headlines(game, a, engine::Lang::kKorean);
  }
  if (with_win) {
    auto w = win();
    if (auto* ok = std::get_if<AnalysisWin>(&w)) out.win = *ok;
    else out.win_error = std::get<std::string>(w);
    out.win_seq = s.seq;
    out.win_ply = s.ply;
  }
  return out;
}

}  // namespace facedown::broadcast
