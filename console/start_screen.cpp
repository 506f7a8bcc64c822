// [SECTION] Start screen: resume (offered first), new match, finished matches.
#include <fmt/format.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "console/event_text.h"
#include "console/option_words.h"
#include "console/screens.h"
#include "engine/registry.h"
#include "console/widgets.h"
#include "ui/keys.h"
#include "ui/theme.h"

namespace facedown::console {

namespace {

// A listed match's game in the screen's language (its id when the game is unknown).
std::string game_name(const StartView& view, const std::string& id, ui::Lang lang) {
  const engine::GameInfo* info = view.games ? engine::find_game(*view.games, id) : nullptr;
  if (!info) return id;
  return lang == ui::Lang::kKorean ? info->name_ko : info->name_en;
}

const std::string& preset_description(const engine::Preset& p, ui::Lang lang) {
  return lang == ui::Lang::kKorean && !p.description_ko.empty() ? p.description_ko : p.description;
}

// Fills the form with a game's default preset and that preset's option values.
void choose_game(const std::vector<engine::GameInfo>& games, int index, const std::string& preset,
                 StartForm& form) {
  form.game = index;
  const auto& info = games[static_cast<std::size_t>(index)];
  form.preset = preset.empty() ? info.default_preset : preset;
  const auto resolved = engine::resolve_options(info, form.preset, {});
  form.options.clear();
  for (const auto& spec : info.options) {
    const auto it = resolved.options.find(spec.name);
    form.options[spec.name] = it != resolved.options.end() ? it->second : spec.default_value;
  }
  form.initialised = true;
}

void draw_new_match(const StartView& view, const ui::Tr& tr, UiState& ui,
                    std::vector<Action>& out, float reserve) {
  const auto& games = *view.games;
  StartForm& form = ui.start;
  if (!form.initialised) choose_game(games, 0, "", form);
  const auto& info = games[static_cast<std::size_t>(form.game)];

  ImGui::SetNextItemWidth(320);
  const std::string game_label =
      ui.lang == ui::Lang::kKorean ? info.name_ko : info.name_en;
  int chosen = -1;
  if (ImGui::BeginCombo(tr("start.game"), game_label.c_str())) {
    for (std::size_t i = 0; i < games.size(); ++i) {
      const std::string name = ui.lang == ui::Lang::kKorean ? games[i].name_ko : games[i].name_en;
      if (ImGui::Selectable(name.c_str(), static_cast<int>(i) == form.game)) chosen = static_cast<int>(i);
      ui.hits.record_last_item("start.game." + games[i].id);
    }
    ImGui::EndCombo();
  }
  ui.hits.record_last_item("start.game");
  if (chosen >= 0) {
    // The rest of this form belongs to the old game: draw it from the next frame.
    choose_game(games, chosen, "", form);
    return;
  }
  ImGui::SetNextItemWidth(440);  // a preset's Korean name and its id
  const engine::Preset* chosen_preset = info.find_preset(form.preset);
  const std::string preset_shown = chosen_preset ? preset_label(tr, *chosen_preset) : form.preset;
  if (ImGui::BeginCombo(tr("start.preset"), preset_shown.c_str())) {
    for (const auto& p : info.presets) {
      ImGui::PushID(p.id.c_str());  // the id, whatever the label reads
      if (ImGui::Selectable(preset_label(tr, p).c_str(), p.id == form.preset)) choose_game(games, form.game, p.id, form);
      ImGui::PopID();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", preset_description(p, ui.lang).c_str());
    }
    ImGui::EndCombo();
  }
  if (const auto* preset = info.find_preset(form.preset)) {
    ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", preset_description(*preset, ui.lang).c_str());
  }

  // Options: value editable, the preset's value shown as the default. The table
  // leaves room for every row below it (names, first mover, the toss seed and its
  // message, an option error, Create match), so Create match stays on screen.
  const auto resolved = engine::resolve_options(info, form.preset, {});
  // The seed's row and the message row are always there (empty or not), so the
  // table keeps its height when the coin toss is chosen.
  const int rows_below = 5 + 2 + 1;
  reserve += static_cast<float>(rows_below) * ImGui::GetFrameHeightWithSpacing() + 8.0f;
  if (ImGui::BeginTable("options", 3, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY,
                        ImVec2(0, std::max(120.0f, ImGui::GetContentRegionAvail().y - reserve)))) {
    ImGui::TableSetupColumn(tr("start.option"));
    ImGui::TableSetupColumn(tr("start.value"));
    ImGui::TableSetupColumn(tr("start.default"));
    ImGui::TableHeadersRow();
    for (const auto& spec : info.options) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      // In Korean the option's Korean name; its script name stays in the tooltip.
      const bool ko = ui.lang == ui::Lang::kKorean && !spec.name_ko.empty();
      ImGui::TextUnformatted(ko ? spec.name_ko.c_str() : spec.name.c_str());
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", ko ? fmt::format("{} ({})", spec.help_ko, spec.name).c_str() : spec.help.c_str());
      ImGui::TableNextColumn();
      ImGui::PushID(spec.name.c_str());
      std::string& value = form.options[spec.name];
      ImGui::SetNextItemWidth(-1);
      if (spec.kind == engine::OptionSpec::Kind::kChoice) {
        if (ImGui::BeginCombo("##v", option_value_label(tr, value).c_str())) {
          for (const auto& c : spec.choices)
            if (ImGui::Selectable((option_value_label(tr, c) + "##" + c).c_str(), c == value)) value = c;
          ImGui::EndCombo();
        }
      } else {
        ImGui::InputText("##v", &value);
      }
      const auto bad = engine::check_option_value(spec, value);
      ImGui::PopID();
      ImGui::TableNextColumn();
      const auto it = resolved.options.find(spec.name);
      const std::string def = it != resolved.options.end() ? it->second : spec.default_value;
      if (bad) {
        ImGui::TextColored(ui::to_vec4(ui::colour::kDanger), "%s", bad->c_str());
      } else {
        ImGui::TextColored(ui::to_vec4(def == value ? ui::colour::kMuted : ui::colour::kWarning),
                           "%s", option_value_label(tr, def).c_str());
      }
    }
    ImGui::EndTable();
  }

  for (int p = 0; p < 2; ++p) {
    ImGui::SetNextItemWidth(320);
    ImGui::InputText(p == 0 ? tr("start.player1") : tr("start.player2"),
                     &form.players[static_cast<std::size_t>(p)]);
    ui.hits.record_last_item(p == 0 ? "start.player1" : "start.player2");
  }
  ImGui::TextUnformatted(tr("start.first"));
  ImGui::SameLine();
  ImGui::RadioButton(tr("viewer.player1"), &form.first, 1);
  ui.hits.record_last_item("start.first1");
  ImGui::SameLine();
  ImGui::RadioButton(tr("viewer.player2"), &form.first, 2);
  ui.hits.record_last_item("start.first2");
  ImGui::SameLine();
  ImGui::RadioButton(tr("start.toss"), &form.first, 0);
  ui.hits.record_last_item("start.toss");
  // The seed's row and the message row below it keep their height whether they
  // show anything or not: Create match never moves under the mouse.
  if (form.first == 0) {
    ImGui::SetNextItemWidth(320);
    ImGui::InputText(tr("start.toss_seed"), &form.toss_seed);
    ui.hits.record_last_item("start.toss_seed");
  } else {
    ImGui::Dummy(ImVec2(320, ImGui::GetFrameHeight()));
  }

  // Only what differs from the preset travels as overrides.
  engine::Options overrides;
  for (const auto& [name, value] : form.options) {
    const auto it = resolved.options.find(name);
    if (it == resolved.options.end() || it->second != value) overrides[name] = value;
  }
  const auto checked = engine::resolve_options(info, form.preset, overrides);
  const bool toss_ok = form.first != 0 || !form.toss_seed.empty();
  const std::string message = checked.error ? *checked.error : !toss_ok ? std::string(tr("start.need_seed")) : "";
  elided_text(ui, "start.message", ui::colour::kDanger, message, ImGui::GetContentRegionAvail().x);
  if (action_button(ui, "start.create", tr("start.create"), tr("start.create_tip"), 'N', "N",
                    !checked.error && toss_ok)) {
    CreateMatch c{info.id, form.preset, overrides, form.players, form.first, std::nullopt};
    if (form.first == 0) c.toss_seed = form.toss_seed;
    out.emplace_back(std::in_place_type<CreateMatch>, std::move(c));
  }
}

}  // namespace

void draw_start(const StartView& view, const ui::Tr& tr, UiState& ui, std::vector<Action>& out) {
  ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s: %s", tr("start.database"),
                     view.location.c_str());
  if (!view.error.empty()) ImGui::TextColored(ui::to_vec4(ui::colour::kDanger), "%s", view.error.c_str());

  // Unfinished matches come first: after a crash the operator resumes in one key.
  std::vector<const MatchListing*> unfinished, finished;
  if (view.matches) {
    for (const auto& m : *view.matches) (m.finished ? finished : unfinished).push_back(&m);
  }
  if (!unfinished.empty()) {
    ImGui::Separator();
    ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s", tr("start.unfinished"));
    for (std::size_t i = unfinished.size(); i-- > 0;) {
      const auto& m = *unfinished[i];
      ImGui::PushID(static_cast<int>(m.id));
      const bool newest = i + 1 == unfinished.size();
      if (action_button(ui, fmt::format("start.resume.{}", m.id), tr("start.resume"),
                        tr("start.resume_tip"), newest ? 'R' : 0, newest ? "R" : nullptr)) {
        out.push_back(ResumeMatch{m.id});
      }
      ImGui::SameLine();
      ImGui::Text("#%lld  %s  %s vs %s  (%s, %d %s)", static_cast<long long>(m.id), game_name(view, m.game, ui.lang).c_str(),
                  m.players[0].c_str(), m.players[1].c_str(), status_label(tr, m.status).c_str(), m.events,
                  tr("start.events"));
      ImGui::PopID();
    }
  }

  ImGui::Separator();
  ImGui::TextUnformatted(tr("start.new"));
  // Below the options: names, first mover, create (and the finished matches,
  // which need room of their own).
  draw_new_match(view, tr, ui, out, finished.empty() ? 0.0f : 180.0f);

  if (!finished.empty()) {
    ImGui::Separator();
    ImGui::TextUnformatted(tr("start.finished"));
    ImGui::BeginChild("finished", ImVec2(0, 0), false);  // scrolls when there are many
    for (std::size_t i = finished.size(); i-- > 0;) {
      const auto& m = *finished[i];
      ImGui::PushID(static_cast<int>(m.id));
      if (action_button(ui, fmt::format("start.replay.{}", m.id), tr("start.replay"),
                        tr("start.replay_tip"))) {
        out.push_back(OpenReplay{m.id});
      }
      ImGui::SameLine();
      // The game's own words for its reason (the shared ones for an unknown game).
      const engine::GameInfo* info = engine::find_game(*view.games, m.game);
      const engine::Words words = info ? engine::Words(info->words) : engine::Words();
      const engine::Lang lang = words_lang(tr.lang);
      ImGui::Text("#%lld  %s  %s vs %s  — %s (%s)", static_cast<long long>(m.id), game_name(view, m.game, ui.lang).c_str(),
                  m.players[0].c_str(), m.players[1].c_str(),
                  engine::winner_text(words, m.winner, lang, {m.players[0], m.players[1]}).c_str(),
                  reason_text(words, m.reason, tr).c_str());
      ImGui::PopID();
    }
    ImGui::EndChild();
  }
}

}  // namespace facedown::console
