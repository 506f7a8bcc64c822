#include "console/hold_on_air.h"

#include "console/widgets.h"

namespace facedown::console {

void add_hold_on_air_phrases(ui::Catalog& catalog) {
  catalog.add({
      {"ctl.hold_on_air", "Hold on air", "방송 화면 고정"},
      {"ctl.release_on_air", "Release", "고정 해제"},
      {"ctl.hold_on_air_tip", "Keep the overlay's battle or result on screen; nothing newer is shown until released",
       "오버레이의 전투나 결과를 화면에 고정합니다. 해제할 때까지 새 내용은 나오지 않습니다"},
      {"ctl.release_on_air_tip", "Release the overlay: it catches up with the match",
       "오버레이 고정을 풀고 경기 진행을 따라갑니다"},
      {"ctl.on_air_held", "ON AIR HELD", "방송 화면 고정 중"},
  });
}

void draw_hold_on_air(const ui::Tr& tr, UiState& ui, std::vector<Action>& out, bool enabled) {
  const bool held = ui.play.on_air_held;
  const char* label = tr(held ? "ctl.release_on_air" : "ctl.hold_on_air");
  const char* tip = tr(held ? "ctl.release_on_air_tip" : "ctl.hold_on_air_tip");
  if (action_button(ui, "ctl.hold_on_air", label, tip, 'H', "H", enabled)) out.push_back(HoldOnAir{!held});
}

}  // namespace facedown::console
