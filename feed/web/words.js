// The overlay's on-air-only phrases in English and Korean, the same as the ImGui
// overlay's (broadcast/on_air_text.cpp). A game's words (result reasons, battle
// kinds, items, warnings) are never kept here: the on-air JSON carries them
// rendered in both languages from the game's table, and the page picks one.

const PHRASES = {
  blind: ['BLIND', '블라인드'],
  paused: ['PAUSED', '일시 정지'],
  standby: ['STANDBY', '대기'],
  deskReconnecting: ['Waiting for the referee desk', '심판석 연결을 기다리는 중'],
  wins: ['WINS', '승리'],
  draw: ['DRAW', '무승부'],
  disqualified: ['DISQUALIFIED', '실격'],
  removed: ['Removed', '잡힌 말'],
  items: ['Items', '아이템'],
  itemsUsed: ['Used', '사용'],
  warnings: ['Warnings', '경고'],
  toMove: ['TO MOVE', '차례'],
  waitingForMatch: ['Waiting for the match', '경기를 기다리는 중'],
  sealedSetups: ['Sealed setups', '봉인된 배치'],
  verified: ['verified', '확인됨'],
  mismatch: ['MISMATCH', '불일치'],
  replay: ['REPLAY', '다시 보기'],
  'awaiting-items': ['Items being declared', '아이템 선택 중'],
  'awaiting-revival': ['Revival being chosen', '부활 선택 중'],
  setup: ['Setting up', '배치 중'],
  ready: ['Ready', '시작 대기'],
  warning: ['WARNING', '경고'],
  move: ['Move', '수'],
};

export function phrase(lang, key) {
  const p = PHRASES[key];
  if (!p) return '';
  return lang === 'ko' ? p[1] : p[0];
}

// A value the JSON may give as plain text or as {en, ko}: the screen's language.
export function pick(lang, v) {
  if (v == null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (typeof v === 'object') return String(v[lang] ?? v.en ?? v.ko ?? '');
  return '';
}
