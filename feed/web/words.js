// The overlay's fixed words in English and Korean, the same as the ImGui
// overlay's (overlay/overlay_text.cpp). Text the on-air JSON carries itself
// (captions, names, explainer lines) always wins over these.

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
  'item.blind': ['Blind', '블라인드'],
  'item.plus': ['+1', '+1'],
  'item.minus': ['-1', '-1'],
  'warn.time': ['Time warning', '시간 경고'],
  'warn.timeout': ['Out of time', '시간 초과'],
  'warn.manual': ["Referee's warning", '심판 경고'],
};

const REASONS = {
  'king-captured': ['King captured', '왕 잡힘'],
  annihilation: ['Annihilation', '전멸'],
  'simultaneous-annihilation': ['Both annihilated', '동시 전멸'],
  'king-reached-end': ['King reached the far rank', '왕 끝줄 도달'],
  timeout: ['Out of time', '시간 초과'],
  disqualified: ['Disqualified', '실격'],
  resigned: ['Resignation', '기권'],
  'draw-agreed': ['Draw agreed', '합의 무승부'],
  awarded: ['Awarded by the referee', '심판 판정'],
  'no-legal-moves': ['No legal moves', '둘 수 없음'],
  'ply-limit': ['Move limit', '수 제한'],
  'flag-captured': ['Flag captured', '깃발 잡힘'],
  'flag-claim': ['Flag claimed', '깃발 도달'],
  'leader-captured': ['Leader captured', '지휘관 잡힘'],
  headquarters: ['Headquarters taken', '사령부 점령'],
  repetition: ['Repetition', '반복'],
  'marshal-captured': ['Marshal captured', '원수 잡힘'],
};

export function phrase(lang, key) {
  const p = PHRASES[key];
  if (!p) return '';
  return lang === 'ko' ? p[1] : p[0];
}

export function reasonText(lang, reason) {
  const r = REASONS[reason];
  if (!r) return reason || '';
  return lang === 'ko' ? r[1] : r[0];
}

// A value the JSON may give as plain text or as {en, ko}: the screen's language.
export function pick(lang, v) {
  if (v == null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (typeof v === 'object') return String(v[lang] ?? v.en ?? v.ko ?? '');
  return '';
}
