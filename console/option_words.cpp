#include "console/option_words.h"

namespace facedown::console {

void add_option_words(ui::Catalog& catalog) {
  catalog.add({
      {"optval.on", "on", "켜짐"},
      {"optval.off", "off", "꺼짐"},
      {"optval.loss", "loss", "패배"},
      {"optval.warning", "warning", "경고"},
      {"optval.draw", "draw", "무승부"},
      {"optval.mover-wins", "mover-wins", "이동한 쪽 승리"},
      {"optval.effective", "effective", "실효 값"},
      {"optval.printed", "printed", "표기 값"},
      {"optval.lower-wins", "lower-wins", "낮은 쪽 승리"},
      {"optval.threshold", "threshold", "기준값"},
      {"optval.optional-swap", "optional-swap", "선택 교환"},
      {"optval.remove-always", "remove-always", "항상 제거"},
      {"optval.keep-and-revive", "keep-and-revive", "유지 후 부활"},
      {"optval.loses", "loses", "패배"},
      {"optval.continues", "continues", "계속"},
      {"preset.standard", "standard", "표준"},
      {"liststatus.setup", "setup", "배치 중"},
      {"liststatus.ready", "ready", "시작 대기"},
      {"liststatus.playing", "playing", "진행 중"},
      {"liststatus.paused", "paused", "일시정지"},
      {"liststatus.awaiting-items", "awaiting-items", "아이템 선택 중"},
      {"liststatus.awaiting-revival", "awaiting-revival", "부활 선택 중"},
      {"liststatus.finished", "finished", "종료"},
  });
}

std::string option_value_label(const ui::Tr& tr, const std::string& value) {
  const std::string key = "optval." + value;
  if (tr.lang != ui::Lang::kKorean || !tr.catalog->has(key)) return value;
  return std::string(tr(key)) + " (" + value + ")";
}

std::string preset_label(const ui::Tr& tr, const engine::Preset& preset) {
  if (tr.lang != ui::Lang::kKorean) return preset.id;
  const std::string key = "preset." + preset.id;
  std::string name;
  if (tr.catalog->has(key)) name = tr(key);
  else if (const auto colon = preset.description_ko.find(": "); colon != std::string::npos && colon <= 60)
    name = preset.description_ko.substr(0, colon);
  return name.empty() ? preset.id : name + " (" + preset.id + ")";
}

std::string status_label(const ui::Tr& tr, const std::string& status) {
  const std::string key = "liststatus." + status;
  if (tr.lang != ui::Lang::kKorean || !tr.catalog->has(key)) return status;
  return tr(key);
}

}  // namespace facedown::console
