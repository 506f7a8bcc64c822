// Reads the on-air JSON (docs/on-air.md) into the scene the page draws. This is
// the only file that knows the JSON's field names; it decides nothing about
// secrecy (a piece without a label in the JSON is drawn as a back, and nothing
// here can give it one). It never throws: a malformed message yields null and
// the page keeps what it showed.
import { phrase, pick, reasonText } from './words.js';
import { squareIndex } from './layout.js';

const num = (v, d = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : d);

function readBoardGame(g) {
  const files = num(g.files), ranks = num(g.ranks);
  if (files <= 0 || ranks <= 0 || files * ranks > 400) return null;
  const squares = [];
  for (let s = 0; s < files * ranks; ++s) squares.push({ terrain: [], territory: 0 });
  for (const t of g.terrain || []) {
    const s = squareIndex(t.square, files);
    if (s >= 0 && s < squares.length) squares[s].terrain = Array.isArray(t.kinds) ? t.kinds : [t.kind];
  }
  for (const [owner, list] of Object.entries(g.territory || {}))
    for (const name of list) {
      const s = squareIndex(name, files);
      if (s >= 0 && s < squares.length) squares[s].territory = Number(owner);
    }
  return { files, ranks, squares, minusBorders: (g.minus_borders || []).map(Number) };
}

function readFighter(f, files) {
  return {
    square: squareIndex(f.square, files),
    owner: num(f.owner),
    label: f.label ?? null,
    wasFaceUp: !!f.was_face_up,
    removed: !!f.removed,
    blind: !!f.blind,
    tag: f.tag ?? null,
  };
}

// raw: the parsed JSON; lang: 'en' | 'ko'. Returns the scene, or null.
export function readOnAir(raw, lang) {
  if (!raw || typeof raw !== 'object') return null;
  const sc = { seq: num(raw.seq), match: raw.match ?? null, lang, standby: !!raw.standby };
  sc.serverTime = typeof raw.server_time === 'number' ? raw.server_time : null;
  if (!raw.game) {
    sc.waiting = pick(lang, raw.message) || phrase(lang, 'waitingForMatch');
    return sc;
  }
  const g = readBoardGame(raw.game);
  if (!g) return null;
  sc.game = { ...g, id: raw.game.id || '', title: pick(lang, raw.game.name), preset: raw.game.preset || '' };
  sc.players = (raw.players || []).slice(0, 2).map((p) => pick(lang, p && typeof p === 'object' && 'name' in p ? p.name : p));
  while (sc.players.length < 2) sc.players.push('');
  sc.status = raw.status || 'setup';
  sc.statusText = pick(lang, raw.status_text) || phrase(lang, sc.status);
  sc.toMove = num(raw.to_move);
  sc.ply = num(raw.ply);
  const c = raw.clock || {};
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
  for (const p of raw.board || []) {
    const s = squareIndex(p.square, g.files);
    if (s >= 0) sc.board.set(s, { owner: num(p.owner), label: p.label ?? null });
  }
  sc.lastMove = raw.last_move
    ? { from: squareIndex(raw.last_move.from, g.files), to: squareIndex(raw.last_move.to, g.files) }
    : null;
  const b = raw.battle;
  sc.battle = b
    ? {
        seq: num(b.seq),
        start: num(b.start),
        duration: num(b.duration, 3),
        lightUpEnd: num(b.light_up_end, 0.35),
        flipEnd: num(b.flip_end, 0.75),
        fadeStart: num(b.fade_start, 2.4),
        fighters: (b.fighters || []).map((f) => readFighter(f, g.files)),
        explainer: (b.explainer || []).map((l) => pick(lang, l)),
      }
    : null;
  sc.trays = [0, 1].map((i) => ((raw.removed || {})[String(i + 1)] || []).map((l) => l ?? null));
  sc.warnings = [0, 1].map((i) => num((raw.warnings || {})[String(i + 1)]));
  sc.warningsToDq = num(raw.warnings_to_dq);
  sc.items = raw.items
    ? [0, 1].map((i) => {
        const it = raw.items[String(i + 1)] || {};
        return ['blind', 'plus', 'minus'].map((k) => ({
          key: k,
          text: phrase(lang, 'item.' + k),
          left: num(it[k]),
          used: num((it.used || {})[k]),
        }));
      })
    : null;
  sc.caption = raw.caption == null ? null : pick(lang, raw.caption);
  sc.paused = sc.status === 'paused';
  sc.pauseReason = pick(lang, raw.pause_text);
  const r = raw.result;
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
  const w = raw.warning;
  sc.toast = w
    ? {
        player: num(w.player),
        line: `${phrase(lang, 'warning')} ${num(w.total)}/${Math.max(sc.warningsToDq, num(w.total))} · ${sc.players[num(w.player, 1) - 1] || ''}`,
        sub: phrase(lang, 'warn.' + (w.kind || 'manual')),
        until: num(w.until),
      }
    : null;
  sc.seals = [0, 1].map((i) => {
    const s = (raw.seals || [])[i];
    return s && s.hash ? { hash: String(s.hash), verified: typeof s.verified === 'boolean' ? s.verified : null } : null;
  });
  return sc;
}
