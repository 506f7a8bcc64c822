#include "console/console.h"

#if FACEDOWN_CONSOLE_HAS_STORE
#include "broadcast/analysis_records.h"
#endif

#include <fmt/format.h>
#include <imgui.h>

#include <chrono>
#include <utility>

#include "engine/vocabulary.h"
#include "codec/toss.h"
#include "console/correction_hold.h"
#include "console/on_program.h"
#include "console/option_words.h"
#include "console/director_panel.h"
#include "console/screens.h"
#include "console/hold_on_air.h"
#include "console/widgets.h"
#include "engine/registry.h"
#include "ui/keys.h"
#include "ui/theme.h"

namespace facedown::console {

namespace {

double wall_now() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

Console::Console(std::unique_ptr<MatchLibrary> library, const ui::Fonts* fonts)
    : library_(std::move(library)), fonts_(fonts), games_(engine::all_games()) {
  add_console_phrases(catalog_);
  add_control_phrases(catalog_);
  add_hold_on_air_phrases(catalog_);
  add_director_phrases(catalog_);
  add_option_words(catalog_);
  refresh_list();
}

bool Console::request_close(engine::Millis mono_ms) {
  if (!match_running()) return true;
  desk_.hold_clock(mono_ms);  // held from the moment it was asked
  ui_.quit_asked = true;
  return false;
}

void Console::hold_match_clock(engine::Millis mono_ms) {
  const bool hold = holds_match_clock(ui_.play.dialog) || ui_.quit_asked;
  // Held at the frame the dialog opened in (this frame's time has not passed yet).
  if (hold) desk_.hold_clock(last_mono_);
  else desk_.release_clock(mono_ms);
}

std::string Console::session_title(const ui::Tr& tr) const {
  return fmt::format(fmt::runtime(tr("header.match_in")), session()->id(), session()->label());
}

void Console::refresh_list() {
  listed_log_size_ = session() ? session()->match().log().size() : 0;
  auto listed = library_->list();
  if (auto* e = std::get_if<std::string>(&listed)) {
    listing_error_ = *e;
    listing_.clear();
  } else {
    listing_error_.clear();
    listing_ = std::move(std::get<std::vector<MatchListing>>(listed));
  }
}

void Console::enter_match(std::unique_ptr<MatchSession> entered, engine::Millis mono_ms) {
  caption_wall_ = 0;
  result_wall_ = entered->match().state().result ? std::optional<double>(0.0) : std::nullopt;
  const std::int64_t id = entered->id();
  desk_.open(std::move(entered), mono_ms);
  desk_.set_on_air([library = library_.get(), id](bool held) { return library->set_on_air_hold(id, held); });
  const ui::Lang lang = ui_.lang;
  const StartForm form = ui_.start;
  const bool camera_safe = ui_.camera_safe;
  const bool control_open = ui_.control_open;
  ui_ = UiState{};
  ui_.lang = lang;
  ui_.camera_safe = camera_safe;
  ui_.control_open = control_open;
  ui_.start = form;
  ui_.screen = Screen::kMatch;
  ui_.play.last_result_log = session()->match().log().size();
  ui_.play.result_end = ui_.play.last_result_log;
}

void Console::dispatch(const Action& action, engine::Millis mono_ms) {
  std::visit(
      engine::Overloaded{
          [&](const SubmitCommand& a) { submit(a.command, mono_ms); },
          [&](const CreateMatch& a) { create(a, mono_ms); },
          [&](const ResumeMatch& a) {
            if (session() && session()->id() == a.id) {
              ui_.screen = Screen::kMatch;  // the match on the desk: just go back to it
              return;
            }
            auto resumed = library_->resume(a.id, outage_pause(ui::Tr{&catalog_, ui_.lang}));
            if (auto* e = std::get_if<std::string>(&resumed)) {
              ui_.notice = *e;
              return;
            }
            enter_match(std::move(std::get<std::unique_ptr<MatchSession>>(resumed)), mono_ms);
          },
          [&](const OpenReplay& a) {
            auto events = library_->events(a.id);
            if (auto* e = std::get_if<std::string>(&events)) {
              ui_.notice = *e;
              return;
            }
            ui_.replay = ReplayUi{};
            ui_.replay.events = std::move(std::get<std::vector<engine::Event>>(events));
            ui_.replay.title = fmt::format("#{}", a.id);
            for (const auto& m : listing_)
              if (m.id == a.id) {
                // The game by its name in the desk's language, not its id.
                const auto* info = engine::find_game(games_, m.game);
                const std::string game = !info ? m.game : ui_.lang == ui::Lang::kKorean ? info->name_ko : info->name_en;
                ui_.replay.title = fmt::format("#{} {} — {} vs {}", m.id, game, m.players[0], m.players[1]);
              }
            replay_cursor_built_ = -1;
            ui_.screen = Screen::kReplay;
            start_replay_graph(a.id);
          },
          [&](const ReplayCurrent&) {
            if (!session()) return;
            ui_.replay = ReplayUi{};
            ui_.replay.events = session()->match().log();
            ui_.replay.title = session_title(ui::Tr{&catalog_, ui_.lang});
            ui_.replay.cursor = static_cast<int>(ui_.replay.events.size());
            ui_.replay.from_live = true;
            // On camera the replay starts from the public's side too.
            ui_.replay.viewer = ui_.camera_safe ? engine::kPublic : engine::kReferee;
            replay_cursor_built_ = -1;
            ui_.screen = Screen::kReplay;
            start_replay_graph(session()->id());
          },
          [&](const BackToStart&) {
            ui_.notice.clear();  // a refusal belongs to the screen it was made on
            if (ui_.screen == Screen::kReplay && ui_.replay.from_live && session()) {
              ui_.screen = Screen::kMatch;  // back to the desk
              return;
            }
            ui_.screen = Screen::kStart;
            refresh_list();
          },
          [&](const RefreshList&) { refresh_list(); },

          [&](const AirNow&) {
            const DeskOutcome outcome = desk_.air_now();
            if (outcome.on_air_error) ui_.notice = *outcome.on_air_error;
          },
          [&](const QuitDesk&) {
            ui_.quit_asked = false;
            const std::size_t before = session() ? session()->match().log().size() : 0;
            const DeskOutcome outcome = desk_.quit(mono_ms);
            show(outcome, before);
            // Not stored: stay open and ask again (the operator may still leave anyway).
            if (outcome.store_error) ui_.quit_asked = true;
            if (outcome.done()) exit_ready_ = true;
          },
      },
      action);
}

std::optional<std::string> Console::create(const CreateMatch& a, engine::Millis mono_ms) {
  const auto* info = engine::find_game(games_, a.game);
  if (!info) return ui_.notice = "unknown game " + a.game;
  auto opened = engine::Match::open(*info, a.preset, a.overrides, a.players);
  if (auto* r = std::get_if<engine::Rejection>(&opened)) return ui_.notice = r->reason;
  auto created = library_->create(std::move(std::get<engine::Match>(opened)));
  if (auto* e = std::get_if<std::string>(&created)) return ui_.banner = *e;
  enter_match(std::move(std::get<std::unique_ptr<MatchSession>>(created)), mono_ms);
  if (a.first < 0) return std::nullopt;  // decided later (a script's own `first` line)
  engine::FirstCmd first{a.first, a.toss_seed};
  if (a.toss_seed) first.player = codec::toss(*a.toss_seed);
  const DeskOutcome outcome = submit(first, mono_ms);
  if (outcome.store_error) return *outcome.store_error;
  return outcome.refusal;
}

DeskOutcome Console::submit(const engine::Command& command, engine::Millis mono_ms) {
  const std::size_t before = session() ? session()->match().log().size() : 0;
  const DeskOutcome outcome = desk_.submit(command, mono_ms);
  show(outcome, before);
  if (!outcome.done()) return outcome;
  // The desk's drafts of what was just decided go away.
  ui_.play.preview.reset();
  ui_.play.selected = engine::kNoSquare;
  ui_.play.item = {0, 0};
  ui_.play.decision_piece.reset();
  ui_.play.decision_square = engine::kNoSquare;
  ui_.play.decision_choice.clear();
  if (const auto* setup = std::get_if<engine::SetupCmd>(&command)) {
    // The secret leaves the UI once it is locked.
    const std::size_t i = static_cast<std::size_t>(setup->player - 1);
    ui_.setup.draft[i].clear();
    ui_.setup.text[i].clear();
    ui_.setup.tray.reset();
  }
  return outcome;
}

void Console::show(const DeskOutcome& outcome, std::size_t log_before) {
  // When the caption and the result were stored, for what the program shows.
  for (const auto& e : outcome.events) {
    if (std::holds_alternative<engine::Captioned>(e.body)) caption_wall_ = wall_now();
    if (std::holds_alternative<engine::Ended>(e.body)) result_wall_ = wall_now();
  }
  if (outcome.store_error) {
    ui_.banner = *outcome.store_error;
    return;
  }
  if (outcome.no_match) return;
  // The result panel shows what this command (or this passing of time) caused:
  // nothing, when it was refused.
  if (!outcome.events.empty() || outcome.refusal) {
    ui_.play.last_result_log = log_before;
    ui_.play.result_end = session()->match().log().size();
  }
  if (outcome.refusal) ui_.notice = *outcome.refusal;
  else ui_.notice.clear();
}

void Console::start_replay_graph(std::int64_t match) {
  if (!replay_graph_) replay_graph_ = std::make_unique<ReplayGraphWorker>(replay_graph_options_);
  replay_graph_->start(ui_.replay.events, library_->store_path(), match);
#if FACEDOWN_CONSOLE_HAS_STORE
  // What aired (the analysis file beside the store), for the replay to show it.
  if (!library_->store_path().empty()) aired_ = std::make_shared<broadcast::AnalysisRecords>(library_->store_path());
  aired_match_ = match;
#endif
}

const engine::Match* Console::replay_match() {
  if (ui_.screen != Screen::kReplay || ui_.replay.events.empty()) return nullptr;
  ReplayUi& r = ui_.replay;
  r.cursor = std::clamp(r.cursor, 1, static_cast<int>(r.events.size()));
  if (replay_cursor_built_ != r.cursor || !replay_match_) {
    const auto* opened = std::get_if<engine::Opened>(&r.events.front().body);
    const auto* info = opened ? engine::find_game(games_, opened->game) : nullptr;
    if (!info) return nullptr;
    std::vector<engine::Event> prefix(r.events.begin(), r.events.begin() + r.cursor);
    auto m = engine::Match::from_log(*info, prefix);
    if (auto* rej = std::get_if<engine::Rejection>(&m)) {
      ui_.notice = rej->reason;
      return nullptr;
    }
    replay_match_.emplace(std::move(std::get<engine::Match>(m)));
    replay_cursor_built_ = r.cursor;
  }
  return &*replay_match_;
}

void Console::tick_replay(engine::Millis mono_ms) {
  ReplayUi& r = ui_.replay;
  const engine::Millis dt = std::max<engine::Millis>(mono_ms - last_mono_, 0);
  if (!r.playing) return;
  const int n = static_cast<int>(r.events.size());
  if (r.cursor >= n) {
    r.playing = false;
    return;
  }
  r.replay_time_ms += static_cast<double>(dt * r.speed);
  replay_since_step_ += dt * r.speed;
  const auto& next = r.events[static_cast<std::size_t>(r.cursor)];
  // Events keep their match-time spacing; steps without time between them (the
  // setups) still get a short beat so they can be followed.
  if (static_cast<double>(next.t) <= r.replay_time_ms && replay_since_step_ >= 300) {
    r.cursor = replay_step_forward(r.events, r.cursor);
    replay_since_step_ = 0;
  }
}

void Console::draw_top_bar(const ui::Tr& tr) {
  ImGui::TextUnformatted("Facedown");
  ImGui::SameLine();
  ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", tr("app.title"));
  // The camera-safe switch stands here; the lang button further right.
  const float switches_x = ImGui::GetWindowWidth() - 470;
  if (session() && ui_.screen == Screen::kMatch) {
    ImGui::SameLine();
    ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "|");
    ImGui::SameLine();
    // A long store path is elided in its middle: it never runs under the Control
    // API button that follows it, nor that button under the switch.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float button_w = ImGui::CalcTextSize(tr("ctlapi.button")).x + 2 * style.FramePadding.x;
    const float room = switches_x - ImGui::GetCursorPosX() - 2 * style.ItemSpacing.x - button_w;
    elided_text(ui_, "header.label", ui::colour::kMuted, session_title(tr), room);
  }
  ImGui::SameLine();
  draw_control_button(tr, ui_);
  ImGui::SameLine(ImGui::GetWindowWidth() - 150);
  const std::string other = ui_.lang == ui::Lang::kEnglish ? ui::lang_name(ui::Lang::kKorean)
                                                           : ui::lang_name(ui::Lang::kEnglish);
  if (action_button(ui_, "lang", other.c_str(), tr("app.lang_tip"), ui::key::kF1 + 11, "F12")) {
    ui_.lang = ui_.lang == ui::Lang::kEnglish ? ui::Lang::kKorean : ui::Lang::kEnglish;
  }
  if (ui_.screen == Screen::kMatch) {
    // One camera-safe switch for setup, board, log and preview; hold to reveal.
    ImGui::SameLine(switches_x);
    ImGui::Checkbox(tr("app.camera_safe"), &ui_.camera_safe);
    ui_.hits.record_last_item("camera_safe");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s  [F9]", tr("app.camera_safe_tip"));
    if (shortcut_pressed(ui::key::kF1 + 8)) ui_.camera_safe = !ui_.camera_safe;
    ImGui::SameLine();
    ImGui::Button(tr("app.reveal"));
    ui_.reveal_button = ImGui::IsItemActive();
    ui_.hits.record_last_item("reveal");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s  [F8]", tr("app.reveal_tip"));
  }
  if (!ui_.banner.empty()) {
    // A window of its own over the top of the screen, not a line in it: the
    // store error never pushes the board down under the mouse. Created after the
    // desk's window (which never comes to the front), it stays above it.
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::SetNextWindowPos(at);
    ImGui::SetNextWindowSize(ImVec2(ImGui::GetWindowWidth() - 2.0f * (at.x - ImGui::GetWindowPos().x), 64));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ui::colour::kDanger);
    ImGui::Begin("store_banner", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoFocusOnAppearing);
    ImGui::TextWrapped("%s: %s", tr("app.store_error"), ui_.banner.c_str());
    if (action_button(ui_, "banner.retry", tr("app.retry"), tr("app.retry_tip"))) {
      ui_.banner.clear();
      desk_.acknowledge_store_error();
    }
    ImGui::End();
    ImGui::PopStyleColor();
  }
  // The refusal line is always there (empty when there is none), so a refusal
  // never pushes the board down under the mouse.
  if (!ui_.notice.empty()) {
    // Reveal held: the refusal with its reason (it may name a hidden piece).
    const bool reasoned = !ui_.masked() && ui_.notice_revealed.first == ui_.notice;
    ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s: %s", tr("app.refused"),
                       (reasoned ? ui_.notice_revealed.second : ui_.notice).c_str());
  } else {
    ImGui::TextUnformatted(" ");
  }
  ImGui::Separator();
}

void Console::draw_match_screen(const ui::Tr& tr, std::vector<Action>& out) {
  const engine::Match& match = session()->match();
  const auto& st = match.state();
  MatchView view;
  view.match = &match;
  // Asked only once a setup is locked: there is no commitment before.
  for (int p = 1; p <= 2; ++p)
    if (st.setup_locked[static_cast<std::size_t>(p - 1)])
      view.commitments[static_cast<std::size_t>(p - 1)] = session()->commitment(p);
  view.label = session()->label();
  view.fonts = fonts_;
  view.grace_left = desk_.grace_left(ui_.mono);
  if (st.caption && ui_.director.program)
    view.caption_on_air = caption_on_program(*ui_.director.program, caption_wall_, result_wall_, wall_now());
  if (st.started) {
    // Play keeps its log beside the board, which takes the full height.
    draw_clock(view, tr, ui_, out);
    draw_play(view, tr, ui_, out);
    return;
  }
  ImGui::BeginChild("match_body", ImVec2(0, -120.0f), false);
  draw_setup(view, tr, ui_, out);
  ImGui::EndChild();
  ImGui::BeginChild("match_log", ImVec2(0, 0), true);
  // Camera-safe: the log is the engine's public projection unless reveal is held.
  draw_log(match, ui_.masked() ? engine::kPublic : engine::kReferee, tr);
  ImGui::EndChild();
}

void Console::frame(engine::Millis mono_ms) {
  const ui::Tr tr{&catalog_, ui_.lang};
  ui_.hits.clear();
  ui_.mono = mono_ms;
  // F8 held, or the reveal button held down during the previous frame.
  ui_.reveal = key_held(ui::key::kF1 + 7) || ui_.reveal_button;
  hold_match_clock(mono_ms);
  // Time passes first: deadlines fall due and are stored before anything is drawn.
  // The match clock runs whichever screen the operator is looking at.
  if (session()) {
    ui_.now = match_time(mono_ms);
    const std::size_t before = session()->match().log().size();
    const DeskOutcome outcome = desk_.advance(mono_ms);
    if (outcome.store_error || !outcome.events.empty()) show(outcome, before);
    if (outcome.on_air_error) ui_.notice = *outcome.on_air_error;
  }
  if (ui_.screen == Screen::kReplay) tick_replay(mono_ms);
  last_mono_ = mono_ms;

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  ImGui::Begin("console", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoSavedSettings);
  draw_top_bar(tr);
  std::vector<Action> out;
  switch (ui_.screen) {
    case Screen::kStart: {
      // The match on the desk moved on (its clock ran out): list it afresh.
      if (session() && session()->match().log().size() != listed_log_size_) refresh_list();
      StartView view{&games_, &listing_, library_->location(), listing_error_};
      draw_start(view, tr, ui_, out);
      break;
    }
    case Screen::kMatch:
      if (session()) draw_match_screen(tr, out);
      break;
    case Screen::kReplay:
      ui_.replay.graph = replay_graph_ ? replay_graph_->snapshot() : nullptr;  // a pointer swap: never waits
      // The record of the cursor's row as it aired (a public row's seq is its event's).
      ui_.replay.aired = aired_ ? aired_->at(aired_match_, ui_.replay.cursor) : nullptr;
      if (const auto* m = replay_match()) draw_replay(*m, fonts_, tr, ui_, out);
      break;
  }
  draw_quit_dialog(tr, out);
  ImGui::End();
  draw_control_dialog(control_, tr, ui_);
  // The program is the match's: only beside the match itself, never over the
  // start screen's list or a replay.
  draw_director_panel(tr, ui_, session() != nullptr && ui_.screen == Screen::kMatch);
  for (const auto& a : out) dispatch(a, mono_ms);
  // The director's cues are presentation too: never actions on the match.
  fire_director_request(*library_, session() ? std::optional<std::int64_t>(session()->id()) : std::nullopt, ui_.director);
  // The director's hold on air is presentation, not an action on the match.
  if (const auto asked = std::exchange(ui_.play.on_air_request, std::nullopt); asked && session()) {
    if (auto e = desk_.hold_on_air(*asked)) ui_.notice = *e;
    else ui_.play.on_air_held = *asked;
  }
}

void Console::draw_quit_dialog(const ui::Tr& tr, std::vector<Action>& out) {
  if (!ui_.quit_asked) return;
  const std::string popup = fmt::format("{}###quit_dialog", tr("quit.title"));
  if (!ImGui::IsPopupOpen(popup.c_str())) ImGui::OpenPopup(popup.c_str());
  if (!ImGui::BeginPopupModal(popup.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::TextUnformatted(tr("quit.question"));
  ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", tr("dlg.clock_held"));
  if (action_button(ui_, "quit.confirm", tr("quit.confirm"), tr("quit.confirm"), ui::key::kEnter, "Enter")) {
    out.push_back(QuitDesk{});
    ImGui::CloseCurrentPopup();
  }
  // The store refused the pause: the operator may still leave (resume records
  // the interruption), but only by saying so.
  if (!ui_.banner.empty()) {
    ImGui::SameLine();
    if (action_button(ui_, "quit.anyway", tr("quit.anyway"), tr("quit.anyway_tip"))) {
      exit_ready_ = true;
      ui_.quit_asked = false;
      ImGui::CloseCurrentPopup();
    }
  }
  ImGui::SameLine();
  if (action_button(ui_, "quit.cancel", tr("cancel"), tr("cancel"), ui::key::kEscape, "Esc")) {
    ui_.quit_asked = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace facedown::console
