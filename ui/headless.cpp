#include "ui/headless.h"

#include "ui/keys.h"

namespace facedown::ui {

HeadlessContext::HeadlessContext(ImVec2 display, const FontSpec& fonts) {
  context_ = ImGui::CreateContext();
  ImGui::SetCurrentContext(context_);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = display;
  io.DeltaTime = 1.0f / 60.0f;
  const FontLoad loaded = load_fonts(*io.Fonts, fonts);
  fonts_ = loaded.fonts;
  font_error_ = loaded.error;
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // a renderer would upload this
  io.Fonts->SetTexID(nullptr);
  // The GLFW backend's key map, so shortcuts behave the same in tests.
  io.KeyMap[ImGuiKey_Tab] = key::kTab;
  io.KeyMap[ImGuiKey_LeftArrow] = key::kLeft;
  io.KeyMap[ImGuiKey_RightArrow] = key::kRight;
  io.KeyMap[ImGuiKey_UpArrow] = key::kUp;
  io.KeyMap[ImGuiKey_DownArrow] = key::kDown;
  io.KeyMap[ImGuiKey_Home] = key::kHome;
  io.KeyMap[ImGuiKey_End] = key::kEnd;
  io.KeyMap[ImGuiKey_Delete] = key::kDelete;
  io.KeyMap[ImGuiKey_Backspace] = key::kBackspace;
  io.KeyMap[ImGuiKey_Space] = key::kSpace;
  io.KeyMap[ImGuiKey_Enter] = key::kEnter;
  io.KeyMap[ImGuiKey_Escape] = key::kEscape;
  io.KeyMap[ImGuiKey_A] = 'A';
  io.KeyMap[ImGuiKey_C] = 'C';
  io.KeyMap[ImGuiKey_V] = 'V';
  io.KeyMap[ImGuiKey_X] = 'X';
  io.KeyMap[ImGuiKey_Y] = 'Y';
  io.KeyMap[ImGuiKey_Z] = 'Z';
}

HeadlessContext::~HeadlessContext() { ImGui::DestroyContext(context_); }

void HeadlessContext::mouse_to(ImVec2 p) { ImGui::GetIO().MousePos = p; }
void HeadlessContext::mouse_down(bool down) { ImGui::GetIO().MouseDown[0] = down; }

void HeadlessContext::key(int code, bool down) {
  ImGuiIO& io = ImGui::GetIO();
  if (code >= 0 && code < static_cast<int>(IM_ARRAYSIZE(io.KeysDown))) io.KeysDown[code] = down;
  if (code == key::kLeftShift) io.KeyShift = down;
  if (code == key::kLeftControl) io.KeyCtrl = down;
  if (code == key::kLeftAlt) io.KeyAlt = down;
}

void HeadlessContext::type(const std::string& utf8) {
  ImGui::GetIO().AddInputCharactersUTF8(utf8.c_str());
}

void HeadlessContext::begin_frame(float dt) {
  ImGui::SetCurrentContext(context_);
  ImGui::GetIO().DeltaTime = dt;
  ImGui::NewFrame();
}

void HeadlessContext::end_frame() { ImGui::Render(); }

}  // namespace facedown::ui
