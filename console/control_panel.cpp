#include "console/control_panel.h"

#include <imgui.h>

#include "console/widgets.h"
#include "ui/theme.h"

namespace facedown::console {

void add_control_phrases(ui::Catalog& c) {
  c.add({
      {"ctlapi.button", "Control API", "원격 제어 API"},
      {"ctlapi.button_tip", "Address and token for a remote control (Companion, curl)",
       "원격 제어(Companion, curl)용 주소와 토큰"},
      {"ctlapi.title", "Control API", "원격 제어 API"},
      {"ctlapi.url", "URL", "주소"},
      {"ctlapi.token", "Token", "토큰"},
      {"ctlapi.hidden", "(hidden — hold the button above)", "(숨김 — 위 버튼을 누르고 있으세요)"},
      {"ctlapi.reveal", "Hold to reveal", "누르고 있으면 보기"},
      {"ctlapi.reveal_tip", "Shows the token while held (the desk may be on camera)",
       "누르고 있는 동안 토큰 표시 (콘솔이 화면에 나갈 수 있음)"},
      {"ctlapi.copy_url", "Copy URL", "주소 복사"},
      {"ctlapi.copy_token", "Copy token", "토큰 복사"},
      {"ctlapi.copied", "Copied to the clipboard", "클립보드에 복사됨"},
      {"ctlapi.usage", "POST /api/command with one match-script command, header Authorization: Bearer TOKEN (docs/control.md)",
       "POST /api/command 에 경기 스크립트 명령 하나, 헤더 Authorization: Bearer 토큰 (docs/control.md)"},
      {"ctlapi.off", "Off (start with --control-listen 127.0.0.1:8089)",
       "꺼짐 (--control-listen 127.0.0.1:8089 로 시작)"},
      {"ctlapi.failed", "Not listening", "수신 대기 안 함"},
      {"ctlapi.close", "Close", "닫기"},
  });
}

void draw_control_button(const ui::Tr& tr, UiState& ui) {
  if (action_button(ui, "control_api", tr("ctlapi.button"), tr("ctlapi.button_tip"))) {
    ui.control_open = !ui.control_open;
    ui.control_copied = false;
  }
}

void draw_control_dialog(const std::optional<ControlInfo>& info, const ui::Tr& tr, UiState& ui) {
  if (!ui.control_open) return;
  ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  const std::string title = std::string(tr("ctlapi.title")) + "###control_api_dialog";
  // Not modal: the hold key and the board stay at hand while it is open.
  if (!ImGui::Begin(title.c_str(), &ui.control_open,
                    ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                        ImGuiWindowFlags_NoCollapse)) {
    ImGui::End();
    return;
  }
  if (!info || info->url.empty()) {
    if (info && !info->error.empty()) {
      ImGui::TextColored(ui::to_vec4(ui::colour::kWarning), "%s: %s", tr("ctlapi.failed"), info->error.c_str());
    } else {
      ImGui::TextUnformatted(tr("ctlapi.off"));
    }
  } else {
    ImGui::Text("%s: %s", tr("ctlapi.url"), info->url.c_str());
    ImGui::SameLine();
    if (action_button(ui, "control_api.copy_url", tr("ctlapi.copy_url"), tr("ctlapi.copy_url"))) {
      ImGui::SetClipboardText(info->url.c_str());
      ui.control_copied = true;
    }
    // The reveal button comes first so this frame already knows whether it is held.
    ImGui::Button(tr("ctlapi.reveal"));
    const bool reveal = ImGui::IsItemActive();
    ui.hits.record_last_item("control_api.reveal");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("ctlapi.reveal_tip"));
    ImGui::SameLine();
    if (action_button(ui, "control_api.copy_token", tr("ctlapi.copy_token"), tr("ctlapi.copy_token"))) {
      ImGui::SetClipboardText(info->token.c_str());
      ui.control_copied = true;
    }
    ImGui::Text("%s: %s", tr("ctlapi.token"), reveal ? info->token.c_str() : tr("ctlapi.hidden"));
    ui.control_token_shown = reveal;
    if (ui.control_copied) ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", tr("ctlapi.copied"));
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
    ImGui::TextColored(ui::to_vec4(ui::colour::kMuted), "%s", tr("ctlapi.usage"));
    ImGui::PopTextWrapPos();
  }
  if (action_button(ui, "control_api.close", tr("ctlapi.close"), tr("ctlapi.close"))) ui.control_open = false;
  ImGui::End();
}

}  // namespace facedown::console
