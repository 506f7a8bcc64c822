// Reads the on-air JSON, version 1 (docs/on-air.md), into the scene the page
// draws. This is the only file that knows the JSON's keys; it decides nothing
// about secrecy (a piece whose token is null is drawn as a back, and nothing
// here can give it one). Unknown keys are ignored. It never throws: a malformed
// document yields null and the page keeps what it showed.
import { phrase, pick } from './words.js';
import { squareIndex } from './layout.js';
import { readReveal } from './reveal_paint.js';

const num = (v, d = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
// Counts that size the drawing (warning cards) are clamped: a damaged message
// must not make the page build a million nodes.
const count = (v, hi) => Math.max(0, Math.min(hi, Math.floor(num(v))));
const arr = (v) => (Array.isArray(v) ? Array.from(v) : []);  // Array.from: holes become undefined
const obj = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const str = (v) => (typeof v === 'string' ? v : null);
const isNumber = (t) => typeof t === 'string' && /^\d+$/.test(t);

// What a face-up piece shows: the frame's label in the screen's language
// (broadcast's piece_label), else its token; null for a back.
function labelOf(p, lang) {
  const token = str(p.token);
  if (token == null) return null;
  return str(obj(p.label)[lang]) ?? token;
}

// The board's picture (board.drawing.landscape / .portrait: broadcast's, in
// cell units). Null when missing or damaged: the page draws no board it was
// not given.
const pair = (v) => (Array.isArray(v) && v.length >= 2 ? [num(v[0], NaN), num(v[1], NaN)] : [NaN, NaN]);
const finitePair = (p) => Number.isFinite(p[0]) && Number.isFinite(p[1]);
function readDrawing(d, squares) {
  d = obj(d);
  const columns = num(d.columns), rows = num(d.rows);
  if (!Number.isInteger(columns) || !Number.isInteger(rows) || columns <= 0 || rows <= 0 || columns * rows !== squares) return null;
  const cells = arr(d.cells).map(pair);
  if (cells.length !== squares || !cells.every(finitePair)) return null;
  const kinds = new Set(['edge', 'grid', 'palace', 'minus']);
  const lines = arr(d.lines).slice(0, 4 * (columns + rows + squares)).map(obj)
    .map((l) => ({ kind: kinds.has(l.kind) ? l.kind : 'grid', a: pair(l.a), b: pair(l.b) }))
    .filter((l) => finitePair(l.a) && finitePair(l.b));
  const palaceFills = arr(d.palace_fills).slice(0, squares).filter((b) => Array.isArray(b) && b.length === 4 && b.every((v) => Number.isFinite(v)));
  const minusSigns = arr(d.minus_signs).slice(0, 2 * squares).map(pair).filter(finitePair);
  return { columns, rows, turned: !!d.turned, cells, lines, palaceFills, minusSigns };
}

function readBoard(b, lang) {
  const files = num(b.files), ranks = num(b.ranks);
  if (files <= 0 || ranks <= 0 || files * ranks > 400) return null;
  const squares = [];
  const pieces = new Map();
  for (let s = 0; s < files * ranks; ++s) squares.push({ terrain: [], territory: 0 });
  arr(b.squares).map(obj).forEach((q, i) => {
    // By name when given, else by position (the geometry's order).
    const named = squareIndex(q.square, files);
    const s = named >= 0 ? named : i;
    if (s < 0 || s >= squares.length) return;
    squares[s].terrain = arr(q.terrain).filter((k) => typeof k === 'string');
    squares[s].territory = count(q.territory, 2);
    if (q.piece && typeof q.piece === 'object')
      pieces.set(s, { owner: count(q.piece.owner, 2), label: labelOf(q.piece, lang) });
  });
  const drawing = { landscape: readDrawing(obj(b.drawing).landscape, files * ranks), portrait: readDrawing(obj(b.drawing).portrait, files * ranks) };
  if (!drawing.landscape || !drawing.portrait) return null;
  // Pieces on points or stones are round (stones alike).
  const onPoints = b.on_points === true, stones = b.stones === true;
  return { files, ranks, squares, drawing, pieces, onPoints, stones };
}

function readFighter(f, files, lang) {
  f = obj(f);
  const label = labelOf(f, lang);
  const token = str(f.token);
  const value = typeof f.value === 'number' ? f.value : null;
  return {
    square: squareIndex(f.square, files),
    owner: count(f.owner, 2),
    label,
    wasFaceUp: !!f.was_face_up,
    removed: !!f.removed,
    blind: !!f.blind,
    // Kept hidden by a counter of the game: its tag ("BLIND"), the frame's words.
    hiddenTag: f.blind ? pick(lang, f.hidden_tag) || null : null,
    // An item changed the value it fought with: "=11" under the piece.
    tag: value != null && isNumber(token) && String(value) !== token ? `=${value}` : null,
  };
}

function readBox(r) {
  const o = obj(r);
  const v = ['x', 'y', 'w', 'h'].map((k) => o[k]);
  return v.every((n) => typeof n === 'number' && Number.isFinite(n)) ? { x: v[0], y: v[1], w: v[2], h: v[3] } : null;
}

// layout.parts, per theme layout: the win bar's, the reveal card's and the
// trays' inside (null: a part missing or damaged), in this language.
function readParts(raw, lang) {
  const out = {};
  for (const name of ['landscape', 'portrait', 'faces']) out[name] = readLayoutParts(obj(raw)[name], lang);
  return out;
}

function readLayoutParts(raw, lang) {
  const p = obj(raw), w = obj(p.win_bar), r = obj(p.reveal);
  const key = lang === 'ko' ? 'ko' : 'en';
  const trays = arr(p.trays).slice(0, 2).map(obj).map((t) => ({
    box: readBox(t.box), during: num(t[`tile_during_${key}`]), after: num(t[`tile_after_${key}`]),
  }));
  const names = arr(w.name).map(readBox);
  const winBar = names.length === 2 && names.every(Boolean) && readBox(w.note) && readBox(w.fill)
    ? { twoRows: !!w.two_rows, name: names, nameSize: num(w.name_size), note: readBox(w.note), noteSize: num(w.note_size), fill: readBox(w.fill) }
    : null;
  const columns = arr(r.columns).map((c) => ({ bar: readBox(obj(c).bar), name: readBox(obj(c).name), check: readBox(obj(c).check) }));
  const reveal = readBox(r.title) && readBox(r.board) && columns.length === 2 && columns.every((c) => c.bar && c.name && c.check)
    ? { title: readBox(r.title), columns, board: readBox(r.board) }
    : null;
  return { winBar, reveal, trays: trays.length === 2 && trays.every((t) => t.box) ? trays : null };
}

function readBoxes(b) {
  const o = obj(b);
  return { landscape: readBox(o.landscape), portrait: readBox(o.portrait) };
}

// Per orientation, the explainer's line boxes (broadcast/explainer_place.h);
// a list with any bad box is dropped whole (the page then stacks the lines).
function readLineBoxes(b) {
  const o = obj(b);
  const list = (v) => {
    const boxes = arr(v).map(readBox);
    return boxes.length && boxes.every(Boolean) ? boxes : null;
  };
  return { landscape: list(o.landscape), portrait: list(o.portrait) };
}

function readBattle(b, lang, files, now) {
  if (!b || typeof b !== 'object') return null;
  const d = obj(b.duration);
  const lightUp = num(d.light_up, 0.35), flip = num(d.flip, 0.75);
  const explain = num(d.explain, 3), total = num(d.total, explain + 0.6);
  const elapsed = num(b.elapsed, now - num(b.start));
  return {
    seq: num(b.seq),
    kind: str(b.kind) || 'battle',
    // The animation's clock: the start in the feed's time, so the page runs it
    // on from where the document stood; held: frozen at `elapsed`.
    start: now - elapsed,
    held: false,
    elapsed,
    duration: total,
    lightUpEnd: lightUp,
    flipEnd: flip,
    fadeStart: explain,
    fighters: arr(b.fighters).slice(0, 16).map((f) => readFighter(f, files, lang)),
    explainer: arr(obj(b.caption)[lang] ?? obj(b.caption).en).map((l) => (typeof l === 'string' ? l : '')),
    // Where the explainer goes, per orientation (broadcast/explainer_place.h
    // decides: never over a square the battle involves).
    explainerBox: readBoxes(b.explainer_box),
    explainerLines: readLineBoxes(b.explainer_lines),
  };
}

// A player's tray as the frame decided it (players[].tray, broadcast::frame_at):
// every tile's label once the battle on air is done (null: a back), and how
// many show while the battle animates and after it (where the tiles go and
// their size: layout.parts). The page only picks "during" or "after" by its own
// animation's clock, so it need not wait for another document.
function readTray(p, lang) {
  const t = obj(p.tray);
  const label = (l) => (l && typeof l === 'object' ? str(l[lang]) ?? str(l.en) : null);
  return { labels: arr(t.labels).slice(0, 64).map(label), during: count(t.during, 64), after: count(t.after, 64) };
}

// raw: the parsed JSON; lang: 'en' | 'ko'. Returns the scene, or null.
export function readOnAir(raw, lang) {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const now = num(raw.now, Date.now() / 1000);
  const sc = { seq: num(raw.seq), match: raw.match ?? null, lang, standby: !!raw.standby, held: !!raw.held };
  // The document's phrases (broadcast's), read through phrase(sc, key).
  sc.phrases = obj(raw.phrases);
  // The feed's clock, for the skew: not from a replayed moment (its now stands still).
  sc.serverTime = typeof raw.now === 'number' && !raw.replay ? raw.now : null;
  sc.orientation = str(obj(raw.layout).orientation);
  sc.themeLayout = str(obj(raw.layout).theme);
  // Each player's name strap, with the scorebug (broadcast::name_straps_on decides).
  sc.straps = obj(raw.layout).straps === true;
  // The parts inside the win bar and the reveal card (the frame's: broadcast::frame_at).
  sc.parts = readParts(obj(raw.layout).parts, lang);
  // The director's elements (broadcast/elements.h): name -> cued by the
  // director or not. The page draws a part only when it has something to show
  // at its own moment (a battle it animates locally, a banner after it), so it
  // reads `cued`; what the frame leaves out for the director (a cleared caption,
  // a result or standby banner taken off) is already absent. An older frame
  // without elements: everything on.
  sc.elements = raw.elements && typeof raw.elements === 'object' && !Array.isArray(raw.elements)
    ? Object.fromEntries(Object.entries(raw.elements).map(([k, v]) => [k, 'cued' in obj(v) ? !!obj(v).cued : !!obj(v).on]))
    : null;
  const b = obj(raw.board);
  const g = raw.opened && raw.game && typeof raw.game === 'object' ? readBoard(b, lang) : null;
  if (!g) {
    sc.waiting = pick(lang, raw.message) || phrase(sc, 'waitingForMatch');
    return sc;
  }
  sc.game = { files: g.files, ranks: g.ranks, squares: g.squares, drawing: g.drawing,
    onPoints: g.onPoints, stones: g.stones,
    id: str(raw.game.id) || '', title: pick(lang, raw.game.name), preset: str(raw.game.preset) || '' };
  const players = [0, 1].map((i) => obj(arr(raw.players)[i]));
  sc.players = players.map((p) => pick(lang, p.name));
  sc.status = str(raw.status) || 'setup';
  sc.statusText = pick(lang, raw.status_text);
  sc.toMove = count(raw.to_move, 2);
  sc.ply = num(raw.ply);
  const c = obj(raw.clock);
  sc.clock = {
    visible: !!c.visible,
    countsDown: !!c.counts_down,
    // A hold freezes the picture, never the clock.
    running: !!c.running && !sc.standby,
    seconds: num(c.seconds),
    asOf: now,
    // The level and when it next changes are the frame's (broadcast/model.cpp).
    level: str(c.level) || 'calm',
    nextLevel: str(c.next_level),
    nextLevelAt: typeof c.next_level_at === 'number' ? c.next_level_at : null,
    // Whose clock (its name beside it) and the seconds to the next time warning.
    toMove: count(c.to_move, 2),
    nextWarning: num(c.next_warning),
  };
  // The one banner is the frame's: now, and once the battle on air has animated.
  sc.banner = str(raw.banner);
  const docAnimating = !!raw.battle && (raw.battle.phase === 'flip' || raw.battle.phase === 'fade');
  sc.bannerAfterBattle = docAnimating && 'banner_after_battle' in raw ? str(raw.banner_after_battle) : sc.banner;
  // The element each belongs to is the frame's too (broadcast::banner_owner).
  sc.bannerElement = str(raw.banner_element);
  sc.bannerAfterBattleElement = docAnimating && 'banner_after_battle_element' in raw ? str(raw.banner_after_battle_element) : sc.bannerElement;
  sc.board = g.pieces;
  const lm = obj(raw.last_move);
  sc.lastMove = raw.last_move ? { from: squareIndex(lm.from, g.files), to: squareIndex(lm.to, g.files) } : null;
  sc.battle = readBattle(raw.battle, lang, g.files, now);
  if (sc.battle && sc.held) sc.battle.held = true;
  sc.trays = players.map((p) => readTray(p, lang));
  sc.warnings = players.map((p) => count(p.warnings, 9));
  sc.warningsToDq = Math.max(...players.map((p) => count(p.warnings_to_dq, 9)));
  sc.items = obj(raw.items).enabled
    // The game's counters in its order (a document from before `order` lists them by name).
    ? players.map((p) => (Array.isArray(obj(raw.items).order) ? raw.items.order : Object.keys(obj(obj(raw.items).names)))
      .filter((k) => typeof k === 'string').slice(0, 16).map((k) => ({
        key: k,
        text: pick(lang, obj(obj(raw.items).names)[k]) || k,
        left: num(obj(p.items_left)[k]),
        used: num(obj(p.items_used)[k]),
      })))
    : null;
  sc.caption = typeof raw.caption === 'string' ? raw.caption : null;
  sc.paused = !!raw.paused;
  sc.pauseReason = '';  // the typed reason is the referee's, never on air
  const r = raw.result && typeof raw.result === 'object' ? raw.result : null;
  // The banner's colour is the frame's (the winner's, whoever the headline names).
  const colour = ['p1', 'p2', 'draw'].includes(r && r.colour) ? r.colour : r && count(r.winner, 2) ? `p${count(r.winner, 2)}` : 'draw';
  sc.result = r ? { winner: count(r.winner, 2), colour, headline: pick(lang, r.headline), sentence: pick(lang, r.sentence) } : null;
  const w = raw.warning && typeof raw.warning === 'object' ? raw.warning : null;
  sc.toast = w && w.toast
    ? {
        player: count(w.player, 2),
        line: pick(lang, w.line),
        sub: pick(lang, w.text) || pick(lang, w.kind_text),
        // When it goes off is the frame's (broadcast::warning_toast_until).
        until: typeof w.toast_until === 'number' ? w.toast_until : now,
      }
    : null;
  const seals = arr(raw.seals).map(obj);
  sc.seals = [1, 2].map((p) => {
    const s = seals.find((x) => x.player === p);
    // hash_text: the hash as the footer shows it, cut by the frame (a frame without it: the whole hash).
    return s && typeof s.hash === 'string' ? { hash: s.hash, text: typeof s.hash_text === 'string' ? s.hash_text : s.hash, verified: typeof s.verified === 'boolean' ? s.verified : null } : null;
  });
  // Both setups once the result is confirmed (null before `close`).
  sc.reveal = readReveal(raw.reveal, lang, g.files, g.files * g.ranks);
  return sc;
}
