// Reads the on-air JSON (docs/on-air.md) into the scene the page draws. This is
// the only file that knows the JSON's field names; it decides nothing about
// secrecy (a piece without a label in the JSON is drawn as a back, and nothing
// here can give it one). It never throws: a malformed message yields null and
// the page keeps what it showed.
import { phrase, pick, reasonText } from './words.js';
import { squareIndex } from './layout.js';

const num = (v, d = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
// Counts that size the drawing (warning cards) are clamped: a damaged message
// must not make the page build a million nodes.
const count = (v, hi) => Math.max(0, Math.min(hi, Math.floor(num(v))));
const arr = (v) => (Array.isArray(v) ? Array.from(v) : []);  // Array.from: holes become undefined
const obj = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const str = (v) => (typeof v === 'string' ? v : null);

function readBoardGame(g) {
  const files = num(g.files), ranks = num(g.ranks);
  if (files <= 0 || ranks <= 0 || files * ranks > 400) return null;
  const squares = [];
  for (let s = 0; s < files * ranks; ++s) squares.push({ terrain: [], territory: 0 });
  for (const t of arr(g.terrain).map(obj)) {
    const s = squareIndex(t.square, files);
    if (s >= 0 && s < squares.length) squares[s].terrain = (Array.isArray(t.kinds) ? t.kinds : [t.kind]).filter((k) => typeof k === 'string');
  }
  for (const [owner, list] of Object.entries(obj(g.territory)))
    for (const name of arr(list)) {
      const s = squareIndex(name, files);
      if (s >= 0 && s < squares.length) squares[s].territory = Number(owner);
    }
  return { files, ranks, squares, minusBorders: arr(g.minus_borders).map(Number).filter((f) => f >= 0 && f + 1 < files) };
}

function readFighter(f, files) {
  f = obj(f);
  return {
    square: squareIndex(f.square, files),
    owner: num(f.owner),
    label: str(f.label),
    wasFaceUp: !!f.was_face_up,
    removed: !!f.removed,
    blind: !!f.blind,
    tag: str(f.tag),
  };
}

// raw: the parsed JSON; lang: 'en' | 'ko'. Returns the scene, or null.
export function readOnAir(raw, lang) {
  if (!raw || typeof raw !== 'object') return null;
  const sc = { seq: num(raw.seq), match: raw.match ?? null, lang, standby: !!raw.standby };
  sc.serverTime = typeof raw.server_time === 'number' ? raw.server_time : null;
  if (!raw.game || typeof raw.game !== 'object') {
    sc.waiting = pick(lang, raw.message) || phrase(lang, 'waitingForMatch');
    return sc;
  }
  const g = readBoardGame(raw.game);
  if (!g) return null;
  sc.game = { ...g, id: raw.game.id || '', title: pick(lang, raw.game.name), preset: raw.game.preset || '' };
  sc.players = arr(raw.players).slice(0, 2).map((p) => pick(lang, p && typeof p === 'object' && 'name' in p ? p.name : p));
  while (sc.players.length < 2) sc.players.push('');
  sc.status = str(raw.status) || 'setup';
  sc.statusText = pick(lang, raw.status_text) || phrase(lang, sc.status);
  sc.toMove = num(raw.to_move);
  sc.ply = num(raw.ply);
  const c = obj(raw.clock);
  sc.clock = {
    visible: !!c.visible,
    countsDown: !!c.counts_down,
    running: !!c.running && !sc.standby,
    seconds: num(c.seconds),
    asOf: num(c.as_of),
    warnAt: num(c.caution_at, 10),
    dangerAt: num(c.danger_at, 5),
  };
  sc.board = new Map();
  for (const p of arr(raw.board).map(obj)) {
    const s = squareIndex(p.square, g.files);
    if (s >= 0 && s < g.squares.length) sc.board.set(s, { owner: num(p.owner), label: str(p.label) });
  }
  const lm = obj(raw.last_move);
  sc.lastMove = raw.last_move
    ? { from: squareIndex(lm.from, g.files), to: squareIndex(lm.to, g.files) }
    : null;
  const b = raw.battle && typeof raw.battle === 'object' ? raw.battle : null;
  sc.battle = b
    ? {
        seq: num(b.seq),
        start: num(b.start),
        duration: num(b.duration, 3),
        lightUpEnd: num(b.light_up_end, 0.35),
        flipEnd: num(b.flip_end, 0.75),
        fadeStart: num(b.fade_start, 2.4),
        fighters: arr(b.fighters).slice(0, 16).map((f) => readFighter(f, g.files)),
        explainer: arr(b.explainer).map((l) => pick(lang, l)),
      }
    : null;
  sc.trays = [0, 1].map((i) => arr(obj(raw.removed)[String(i + 1)]).slice(0, 64).map(str));
  sc.warnings = [0, 1].map((i) => count(obj(raw.warnings)[String(i + 1)], 9));
  sc.warningsToDq = count(raw.warnings_to_dq, 9);
  sc.items = raw.items && typeof raw.items === 'object'
    ? [0, 1].map((i) => {
        const it = obj(raw.items[String(i + 1)]);
        return ['blind', 'plus', 'minus'].map((k) => ({
          key: k,
          text: phrase(lang, 'item.' + k),
          left: num(it[k]),
          used: num(obj(it.used)[k]),
        }));
      })
    : null;
  sc.caption = raw.caption == null ? null : pick(lang, raw.caption);
  sc.paused = sc.status === 'paused';
  sc.pauseReason = pick(lang, raw.pause_text);
  const r = raw.result && typeof raw.result === 'object' ? raw.result : null;
  if (r) {
    const winner = num(r.winner);
    let head;
    if (winner === 0) head = phrase(lang, 'draw');
    else if (r.reason === 'disqualified') head = `${sc.players[2 - winner]} ${phrase(lang, 'disqualified')}`;
    else head = `${sc.players[winner - 1]} ${phrase(lang, 'wins')}`;
    sc.result = { winner, headline: pick(lang, r.headline) || head, sentence: pick(lang, r.sentence) || reasonText(lang, r.reason) };
  } else {
    sc.result = null;
  }
  const w = raw.warning && typeof raw.warning === 'object' ? raw.warning : null;
  sc.toast = w
    ? {
        player: num(w.player),
        line: `${phrase(lang, 'warning')} ${num(w.total)}/${Math.max(sc.warningsToDq, num(w.total))} · ${sc.players[num(w.player, 1) - 1] || ''}`,
        sub: phrase(lang, 'warn.' + (w.kind || 'manual')),
        until: num(w.until),
      }
    : null;
  sc.seals = [0, 1].map((i) => {
    const s = obj(arr(raw.seals)[i]);
    return s.hash ? { hash: String(s.hash), verified: typeof s.verified === 'boolean' ? s.verified : null } : null;
  });
  return sc;
}
