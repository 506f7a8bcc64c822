#include "clip/highlights.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "analysis/turning_points.h"
#include "broadcast/explainer.h"
#include "broadcast/model_follower.h"
#include "broadcast/on_air_text.h"
#include "broadcast/replay_steps.h"

namespace facedown::clip {

namespace {

using broadcast::PublicRow;

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "; ") + l;
  return out;
}

int rank(MomentKind k) { return static_cast<int>(k); }

// The battle's own line in both languages: the explainer's words.
void battle_lines(StoryMoment& m, const broadcast::OnAirModel& model, const char* en, const char* ko) {
  const std::string what_en = joined(broadcast::battle_explainer(model, broadcast::Lang::kEn));
  const std::string what_ko = joined(broadcast::battle_explainer(model, broadcast::Lang::kKo));
  m.en = what_en.empty() ? en : fmt::format("{}: {}", en, what_en);
  m.ko = what_ko.empty() ? ko : fmt::format("{}: {}", ko, what_ko);
}

}  // namespace

MatchStory match_story(const std::vector<PublicRow>& rows, const std::vector<engine::GameInfo>& games,
                       const AiredShares& shares, const broadcast::BattleTiming& timing, double lead_in) {
  MatchStory story;
  if (rows.empty()) return story;
  const double first = rows.front().wall_time;
  const double battle_body = timing.total() + 1.5;
  auto lead = [&](double wall) { return std::max(first, wall - lead_in); };
  broadcast::ModelFollower follower(games);
  const broadcast::RowHistory history = broadcast::history_of(rows);
  std::optional<StoryMoment> last_battle;  // kept until we know whether the result followed it
  int last_battle_cmd = 0;
  bool had_result = false, had_closed = false;
  std::vector<StoryMoment> battles;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const PublicRow& row = rows[i];
    follower.add(row, history);
    const broadcast::OnAirModel& m = follower.model();
    if (m.battle && m.battle->seq == row.seq) {
      story.battle_seqs.push_back(row.seq);
      StoryMoment b;
      b.seq = row.seq;
      b.from = lead(row.wall_time);
      b.to = row.wall_time + battle_body;
      std::optional<std::string> objective;
      if (m.game)
        if (auto t = m.game->objective()) objective = m.game->token(*t);
      const bool took_objective =
          objective && std::any_of(m.battle->fighters.begin(), m.battle->fighters.end(), [&](const broadcast::Fighter& f) {
            return f.removed && f.token == objective;
          });
      b.kind = took_objective ? MomentKind::kObjectiveBattle : MomentKind::kSwing;  // kSwing: not a highlight by itself
      battle_lines(b, m, took_objective ? "Objective taken" : "Battle", took_objective ? "목표 말 제거" : "전투");
      battles.push_back(b);
      last_battle = b;
      last_battle_cmd = broadcast::step_mark(row).cmd;
    }
    if (m.result && !had_result) {
      had_result = true;
      // The battle of the same command decided it.
      const int cmd = broadcast::step_mark(row).cmd;
      if (last_battle && cmd != 0 && cmd == last_battle_cmd) {
        for (auto& b : battles)
          if (b.seq == last_battle->seq) {
            b.kind = MomentKind::kDecidingBattle;
            battle_lines(b, m, "Deciding battle", "승부를 가른 전투");
            b.to = std::max(b.to, row.wall_time + battle_body + 2.0);  // the result banner after it
          }
      } else {
        StoryMoment r;
        r.kind = MomentKind::kResult;
        r.seq = row.seq;
        r.from = lead(row.wall_time);
        r.to = row.wall_time + 4.0;
        r.en = broadcast::result_headline(m, broadcast::Lang::kEn);
        r.ko = broadcast::result_headline(m, broadcast::Lang::kKo);
        story.moments.push_back(r);
      }
    }
    if (m.closed && !had_closed) {
      had_closed = true;
      story.closed = true;
      StoryMoment r;
      r.kind = MomentKind::kReveal;
      r.seq = row.seq;
      r.from = std::max(first, row.wall_time - 1.0);
      r.to = row.wall_time + kRevealSeconds;
      r.en = "Final reveal: both setups";
      r.ko = "최종 공개: 양측 배치";
      story.moments.push_back(r);
    }
  }
  for (const auto& b : battles)
    if (b.kind != MomentKind::kSwing) story.moments.push_back(b);

  // The win graph's swings over the move steps, as the replay graph draws them.
  const engine::ReplaySteps steps = broadcast::replay_steps(rows);
  std::vector<std::optional<double>> at_stop;
  for (int position : steps.moves) {
    const auto i = static_cast<std::size_t>(position - 1);
    at_stop.push_back(i < shares.size() ? shares[i] : std::nullopt);
  }
  std::vector<analysis::TurningPoint> swings = analysis::turning_points(at_stop, at_stop.size());
  // A correction is not play: no swing across a void. Nor the jump to the
  // decided result: the deciding battle or the result tells that moment.
  std::erase_if(swings, [&](const analysis::TurningPoint& t) {
    const auto lo = static_cast<std::size_t>(steps.moves[t.index - 1]), hi = static_cast<std::size_t>(steps.moves[t.index]);
    for (std::size_t i = lo; i < hi && i < rows.size(); ++i)
      if (rows[i].type == "voided" || rows[i].type == "ended") return true;
    return false;
  });
  std::stable_sort(swings.begin(), swings.end(),
                   [](const auto& a, const auto& b) { return std::fabs(a.swing) > std::fabs(b.swing); });
  if (swings.size() > analysis::kTurningPoints) swings.resize(analysis::kTurningPoints);
  broadcast::ModelFollower names(games);
  if (!rows.empty()) names.add(rows.front(), history);
  const auto& players = names.model().players;
  for (const auto& t : swings) {
    const auto lo = static_cast<std::size_t>(steps.moves[t.index - 1]), hi = static_cast<std::size_t>(steps.moves[t.index]);
    StoryMoment s;
    s.kind = MomentKind::kSwing;
    s.seq = rows[lo].seq;
    s.from = lead(rows[lo].wall_time);
    const bool fought = std::any_of(story.battle_seqs.begin(), story.battle_seqs.end(),
                                    [&](int seq) { return seq >= rows[lo].seq && seq <= rows[hi - 1].seq; });
    s.to = rows[hi - 1].wall_time + (fought ? battle_body : 3.0);
    s.weight = std::fabs(t.swing);
    const double before = *at_stop[t.index - 1], after = *at_stop[t.index];
    const std::string& p1 = players[0].empty() ? std::string("Player 1") : players[0];
    s.en = fmt::format("Win chances: {} {:.0f}% to {:.0f}%", p1, 100 * before, 100 * after);
    s.ko = fmt::format("승률 변화: {} {:.0f}% → {:.0f}%", players[0].empty() ? std::string("1번 선수") : players[0],
                       100 * before, 100 * after);
    story.moments.push_back(s);
  }
  std::stable_sort(story.moments.begin(), story.moments.end(),
                   [](const StoryMoment& a, const StoryMoment& b) { return a.from < b.from; });
  return story;
}

ClipPlan highlight_plan(const MatchStory& story, double max_seconds, int fps) {
  ClipPlan plan;
  plan.fps = fps;
  // The most important first: what is kept is decided in this order.
  std::vector<const StoryMoment*> order;
  for (const auto& m : story.moments) order.push_back(&m);
  std::stable_sort(order.begin(), order.end(), [](const StoryMoment* a, const StoryMoment* b) {
    if (rank(a->kind) != rank(b->kind)) return rank(a->kind) < rank(b->kind);
    return a->weight > b->weight;
  });
  auto merged = [](std::vector<const StoryMoment*> kept) {
    std::sort(kept.begin(), kept.end(), [](auto* a, auto* b) { return a->from < b->from; });
    std::vector<Segment> out;
    for (auto* m : kept) {
      if (!out.empty() && m->from <= out.back().to + 0.5) out.back().to = std::max(out.back().to, m->to);
      else out.push_back({m->from, m->to});
    }
    return out;
  };
  auto length = [&](const std::vector<Segment>& s) {
    ClipPlan p;
    p.fps = fps;
    p.segments = s;
    return p.duration();
  };
  std::vector<const StoryMoment*> kept;
  std::optional<StoryMoment> shortened;
  for (auto* m : order) {
    kept.push_back(m);
    if (length(merged(kept)) > max_seconds) kept.pop_back();
  }
  // Even the most important moment alone is too long: its end is cut.
  if (kept.empty() && !order.empty()) {
    shortened = *order.front();
    shortened->to = shortened->from + std::max(1.0 / fps, std::floor(max_seconds * fps) / fps);
    kept.push_back(&*shortened);
  }
  plan.segments = merged(kept);
  std::sort(kept.begin(), kept.end(), [](auto* a, auto* b) { return a->from < b->from; });
  for (auto* m : kept) {
    for (std::size_t s = 0; s < plan.segments.size(); ++s) {
      const Segment& g = plan.segments[s];
      if (m->from >= g.from - 1e-9 && m->from <= g.to) {
        plan.chapters.push_back({plan.segment_start(s) + (m->from - g.from), m->en, m->ko});
        break;
      }
    }
  }
  return plan;
}

}  // namespace facedown::clip
