#include "broadcast/deduction_view.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <limits>

#include "broadcast/model.h"
#include "broadcast/piece_labels.h"
#include "broadcast/piece_news.h"

namespace facedown::broadcast {

using nlohmann::json;

namespace {

constexpr std::array<Lang, 2> kLangs = {Lang::kEn, Lang::kKo};

// The deduction's words, {English, Korean} (fmt patterns: a name, a piece's name).
using Words2 = std::array<std::string_view, 2>;
constexpr Words2 kWhere = {"Where is {}'s {}?", "{}의 {} 어디에?"};  // Korean: the name with its topic particle
constexpr Words2 kCertainOn = {"{}'s {} is on", "{}의 {} 위치 확정:"};
constexpr Words2 kPlayer = {"Player {}", "플레이어 {}"};
constexpr Words2 kLegend = {"Shade: the {}'s odds · gold: certain · labels: news only",
                            "음영: {} 위치 확률 · 금색: 확실 · 글자: 새로 밝혀진 말만"};
constexpr Words2 kEach = {"{} squares, {} each", "{}곳, 각 {}"};
constexpr Words2 kKnows = {"What the audience knows:", "관중이 아는 것:"};
constexpr Words2 kNothingYet = {"No hidden piece stands out yet", "아직 두드러진 말 없음"};
constexpr Words2 kLegendNoObjective = {"Labels: a hidden piece's likely identity, when news · gold: certain",
                                       "글자: 숨은 말의 유력한 정체(새로 밝혀진 것만) · 금색: 확실"};
constexpr std::array<Words2, 8> kAllWords = {kWhere, kCertainOn, kPlayer, kLegend, kEach, kKnows, kNothingYet,
                                             kLegendNoObjective};

std::string say(const Words2& w, std::size_t lang) { return std::string(w[lang]); }

float metric(const Theme& t, std::string_view name) { return t.metric(name); }

std::string percent(double p) {
  if (p > 0 && p < 0.005) return "<1%";
  return fmt::format("{}%", std::lround(std::clamp(p, 0.0, 1.0) * 100));
}

std::string square_name(const OnAirModel& m, engine::Square s) {
  return s != engine::kNoSquare && s < m.game->geometry().size() ? m.game->geometry().name(s) : std::string();
}

std::string player_name(const OnAirModel& m, int seat, Lang lang) {
  const std::string& name = m.players[static_cast<std::size_t>(seat - 1)];
  if (!name.empty()) return name;
  return fmt::format(fmt::runtime(kPlayer[lang == Lang::kKo ? 1 : 0]), seat);
}

// The objective's roster name ("King", "왕"), its token when the roster has no name.
std::string objective_name(const OnAirModel& m, const std::string& token, Lang lang) {
  for (const auto& spec : m.game->roster())
    if (spec.token == token) {
      const std::string& n = lang == Lang::kKo ? spec.name_ko : spec.name_en;
      return n.empty() ? token : n;
    }
  return token;
}

// A Korean noun with its topic particle: 은 after a final consonant, else 는
// (a name that does not end in Hangul takes 은/는, both written).
std::string with_topic(const std::string& noun) {
  if (noun.size() < 3) return noun + "은(는)";
  const auto* b = reinterpret_cast<const unsigned char*>(noun.data() + noun.size() - 3);
  if ((b[0] & 0xF0) != 0xE0) return noun + "은(는)";
  const unsigned code = ((b[0] & 0x0Fu) << 12) | ((b[1] & 0x3Fu) << 6) | (b[2] & 0x3Fu);
  if (code < 0xAC00 || code > 0xD7A3) return noun + "은(는)";
  return noun + ((code - 0xAC00) % 28 != 0 ? "은" : "는");
}

// Variants of the squares' text, 1..n of `items` joined by " · ", with their width bounds.
void fill_places(HeadlineLine& line, std::size_t l, const std::vector<std::string>& items, float size) {
  std::string joined;
  for (std::size_t i = 0; i < items.size() && i < kHeadlineSquares; ++i) {
    joined += (i == 0 ? "" : " · ") + items[i];
    line.places[l].push_back(joined);
    line.places_w[l].push_back(label_width_bound(joined, size));
  }
}

// Each seat's places of its objective on the board, likeliest first: the
// analysis's, or where the audience sees it face up (seen: there for certain).
struct SeatPlaces {
  std::vector<ObjectivePlace> places;
  bool seen = false;
};
SeatPlaces seat_places(const OnAirModel& m, const OnAirAnalysis& a, int seat) {
  SeatPlaces out;
  for (const auto& pl : a.objective_places[static_cast<std::size_t>(seat - 1)])
    if (pl.square != engine::kNoSquare && pl.square < m.game->geometry().size()) out.places.push_back(pl);
  if (!a.objective_places[static_cast<std::size_t>(seat - 1)].empty()) return out;
  for (std::size_t s = 0; s < m.board.size(); ++s)
    if (m.board[s] && m.board[s]->owner == seat && m.board[s]->token == a.objective) {
      out.places.push_back({static_cast<engine::Square>(s), 0, 1.0});
      out.seen = true;
    }
  return out;
}

}  // namespace

std::string deduction_characters() {
  std::string s = "·<%/()은는";
  for (const auto& w : kAllWords) s += std::string(w[0]) + std::string(w[1]);
  return s;
}

float heat_strength(const Theme& theme, double p) {
  const double root = std::sqrt(std::clamp(p, 0.0, 1.0));
  return metric(theme, "deduction.heat_floor_fraction") +
         metric(theme, "deduction.heat_span_fraction") * static_cast<float>(root);
}

float label_min_cell(const Theme& theme, const std::string& text, float y_fraction) {
  if (text.empty()) return 0;
  const float size = metric(theme, "analysis.label_text"), pad = metric(theme, "analysis.label_pad");
  const float top = metric(theme, "analysis.heat_label_y_fraction"), bottom = metric(theme, "analysis.odds_label_y_fraction");
  const float width = label_width_bound(text, size) + 2 * pad;
  // Inside the cell at its row, label_pad from its edge: half the label and the pad above and
  // below its middle (so a label never touches one in the next cell, which keeps its pad too).
  const float edge = std::min(y_fraction, 1 - y_fraction);
  const float inside = edge > 0 ? (size / 2 + pad) / edge : std::numeric_limits<float>::infinity();
  // Clear of the other row's label in the same cell, by the pad on each side.
  const float gap = std::abs(bottom - top);
  const float apart = gap > 0 ? (size + 2 * pad) / gap : std::numeric_limits<float>::infinity();
  return std::max({width, inside, apart});
}

DeductionView deduction_view(const OnAirModel& m, const OnAirAnalysis& a, const Theme& theme) {
  DeductionView v;
  if (!m.game) return v;
  const float size = metric(theme, "deduction.headline_text");
  const float heat_row = metric(theme, "analysis.heat_label_y_fraction");
  const float odds_row = metric(theme, "analysis.odds_label_y_fraction");
  // Every piece's label; whether it is news decides the deduction's.
  for (const auto& piece : a.pieces) {
    PieceLabel l{piece.owner, piece.square, piece.certain, piece_is_news(*m.game, piece), {}, {}};
    for (std::size_t i = 0; i < 2; ++i) {
      l.text[i] = piece_odds_label(m, piece, kLangs[i], &theme);
      l.cell[i] = label_min_cell(theme, l.text[i], odds_row);
    }
    v.pieces.push_back(std::move(l));
  }
  if (!a.objective.empty()) {
    for (int seat : {1, 2}) {
      const SeatPlaces sp = seat_places(m, a, seat);
      if (sp.places.empty()) continue;
      const bool certain = sp.places.front().p >= kCertainP;
      // How many places share the top's whole percent.
      std::size_t tied = 0;
      while (tied < sp.places.size() && percent(sp.places[tied].p) == percent(sp.places.front().p)) ++tied;
      HeadlineLine line;
      line.seat = seat;
      for (std::size_t i = 0; i < 2; ++i) {
        const Lang lang = kLangs[i];
        const std::string who = player_name(m, seat, lang), what = objective_name(m, a.objective, lang);
        const std::string piece = !certain && lang == Lang::kKo ? with_topic(what) : what;
        line.lead[i] = fmt::format(fmt::runtime(certain ? kCertainOn[i] : kWhere[i]), who, piece);
        std::vector<std::string> items;
        if (tied > kHeadlineSquares) {
          // More squares share the top odds than the headline names: say how many, not three of them.
          items.push_back(fmt::format(fmt::runtime(kEach[i]), tied, percent(sp.places.front().p)));
        } else {
          for (const auto& pl : sp.places) {
            if (certain) {
              items.push_back(square_name(m, pl.square));
              break;
            }
            items.push_back(square_name(m, pl.square) + " " + percent(pl.p));
          }
        }
        fill_places(line, i, items, size);
      }
      v.headline.push_back(std::move(line));
      for (std::size_t k = 0; k < sp.places.size(); ++k) {
        const auto& pl = sp.places[k];
        HeatPlace h;
        h.seat = seat;
        h.square = pl.square;
        h.p = pl.p;
        h.strength = heat_strength(theme, pl.p);
        h.certain = pl.p >= kCertainP;
        h.seen = sp.seen;
        // The headline's squares carry their number on the board too; a certain place its gold ring.
        if (!h.certain && k < kHeadlineSquares && tied <= kHeadlineSquares)
          for (std::size_t i = 0; i < 2; ++i) {
            h.text[i] = percent(pl.p);
            h.cell[i] = label_min_cell(theme, h.text[i], heat_row);
          }
        v.heat.push_back(std::move(h));
      }
    }
    for (std::size_t i = 0; i < 2; ++i)
      v.legend[i] = fmt::format(fmt::runtime(kLegend[i]), objective_name(m, a.objective, kLangs[i]));
  } else {
    // No objective: what the audience has learnt, the newest deductions first (likeliest first).
    std::vector<std::size_t> news;
    for (std::size_t i = 0; i < v.pieces.size(); ++i)
      if (v.pieces[i].news && v.pieces[i].square != engine::kNoSquare) news.push_back(i);
    std::stable_sort(news.begin(), news.end(), [&](std::size_t x, std::size_t y) {
      return a.pieces[x].odds.front().p > a.pieces[y].odds.front().p;
    });
    HeadlineLine line;
    for (std::size_t i = 0; i < 2; ++i) {
      line.lead[i] = say(news.empty() ? kNothingYet : kKnows, i);
      std::vector<std::string> items;
      for (std::size_t k : news) items.push_back(square_name(m, v.pieces[k].square) + " " + v.pieces[k].text[i]);
      fill_places(line, i, items, size);
    }
    v.headline.push_back(std::move(line));
    v.legend = {say(kLegendNoObjective, 0), say(kLegendNoObjective, 1)};
  }
  return v;
}

HeadlineParts headline_parts(const Theme& theme, const ThemeRect& place, const ThemeRect& board, std::size_t lines,
                             const ThemeRect* caption) {
  HeadlineParts out;
  const float gap = metric(theme, "deduction.headline_gap"), pad_x = metric(theme, "deduction.headline_pad_x");
  const float pad_y = metric(theme, "deduction.headline_pad_y"), line = metric(theme, "deduction.headline_line");
  out.text_size = metric(theme, "deduction.headline_text");
  out.legend_size = metric(theme, "deduction.legend_text");
  // Under the board's frame (its margin round the squares), then the gap.
  const float top = board.y + board.h + metric(theme, "board.margin") + gap;
  out.panel = {place.x, top, place.w, 2 * pad_y + static_cast<float>(lines + 1) * line};
  const float half = (place.w - 3 * pad_x) / 2;
  for (std::size_t i = 0; i < lines; ++i) {
    const float y = out.panel.y + pad_y + static_cast<float>(i) * line;
    out.lead.push_back({place.x + pad_x, y, half, line});
    out.places.push_back({place.x + 2 * pad_x + half, y, half, line});
  }
  out.legend = {place.x + pad_x, out.panel.y + pad_y + static_cast<float>(lines) * line, place.w - 2 * pad_x, line};
  const ThemeRect& p = out.panel;
  out.shown = !caption || !(p.x < caption->x + caption->w && caption->x < p.x + p.w && p.y < caption->y + caption->h &&
                            caption->y < p.y + p.h);
  return out;
}

json deduction_json(const OnAirModel& m, const DeductionView& v) {
  const auto both = [](const std::array<std::string, 2>& t) { return json{{"en", t[0]}, {"ko", t[1]}}; };
  const auto four = [](double x) { return std::round(x * 10000.0) / 10000.0; };
  json headline = json::array();
  for (const auto& line : v.headline)
    headline.push_back(json{{"seat", line.seat},
                            {"lead", both(line.lead)},
                            {"places", json{{"en", line.places[0]}, {"ko", line.places[1]}}},
                            {"places_w_en", line.places_w[0]},
                            {"places_w_ko", line.places_w[1]}});
  json heat = json::array();
  for (const auto& h : v.heat)
    heat.push_back(json{{"seat", h.seat},
                        {"square", square_name(m, h.square)},
                        {"p", four(h.p)},
                        {"strength", four(h.strength)},
                        {"certain", h.certain},
                        {"seen", h.seen},
                        {"text", both(h.text)},
                        {"cell_en", h.cell[0]},
                        {"cell_ko", h.cell[1]}});
  return json{{"headline", std::move(headline)}, {"legend", both(v.legend)}, {"heat", std::move(heat)}};
}

}  // namespace facedown::broadcast
